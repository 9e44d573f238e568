//! KV-cache dtype checks (`arg_groups/kv_cache_hook.py`, `mem_cache/kv_cache_dtype.py`).

use super::{RuleInfo, Unmodelled};
use crate::report::{Severity, Stage};
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/kv_cache_hook.py";

/// mxfp8 KV needs Blackwell.
pub static MXFP8_BLACKWELL: RuleInfo = RuleInfo {
    code: "KV001",
    name: "mxfp8-kv-requires-blackwell",
    messages: &[(
        VersionRange::ALL,
        "--kv-cache-dtype mxfp8 requires an SM100+ (Blackwell) GPU for the block-scaled operands used by the FA4 MXFP8 attention path.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 30),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 31),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 106),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 106),
        (VersionRange::V23, HOOK, 106),
    ],
    title: doc!("An mxfp8 KV cache needs a Blackwell GPU"),
    explanation: doc!(
        "The MXFP8 KV cache is read by FA4's block-scaled MXFP8 path, which exists only on Blackwell (SM100/SM110/SM120) with CUDA ≥ 12.8."
    ),
    trigger: doc!("--kv-cache-dtype mxfp8 on a GPU that is not Blackwell."),
    solutions: doc_list!["Use --kv-cache-dtype fp8_e4m3 (or auto) on Hopper and older GPUs."],
    flags: &["kv_cache_dtype", "cuda_version"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","kv_cache_dtype":"mxfp8"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV4 on non-CUDA.
pub static KV4_NON_CUDA: RuleInfo = RuleInfo {
    code: "KV002",
    name: "fp4-kv-requires-cuda",
    exception: Some("RuntimeError"),
    messages: &[(
        VersionRange::ALL,
        "KV4 is not tested on non-CUDA platforms.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 109),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 108),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 318),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 318),
        (VersionRange::V23, HOOK, 318),
    ],
    title: doc!("FP4 KV caches run only on NVIDIA GPUs"),
    explanation: doc!(
        "nvfp4 and fp4_mx_block16 KV caches are implemented for CUDA only; SGLang refuses them on AMD, NPU, XPU and CPU."
    ),
    trigger: doc!("--kv-cache-dtype nvfp4 or fp4_mx_block16 on a non-CUDA device."),
    solutions: doc_list!["Use fp8_e4m3 or auto on AMD GPUs."],
    flags: &["kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","kv_cache_dtype":"fp4_mx_block16"}"#,
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// nvfp4 KV needs SM100 or SM120.
pub static NVFP4_ARCH: RuleInfo = RuleInfo {
    code: "KV003",
    name: "nvfp4-kv-requires-sm100-sm120",
    exception: Some("RuntimeError"),
    messages: &[(
        VersionRange::ALL,
        "--kv-cache-dtype=nvfp4 requires Blackwell SM100 or SM120. Use --kv-cache-dtype=fp4_mx_block16 for the block-size-16 FP4 recipe.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 52),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 53),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 128),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 128),
        (VersionRange::V23, HOOK, 128),
    ],
    title: doc!("An nvfp4 KV cache needs SM100 or SM120"),
    explanation: doc!(
        "NVFP4 KV kernels exist for SM100/SM103 and SM120/SM121 (CUDA ≥ 12.8). Hopper, Ampere, Ada and Jetson Thor (SM110) are refused."
    ),
    trigger: doc!("--kv-cache-dtype nvfp4 on an NVIDIA GPU that is neither SM100 nor SM120."),
    solutions: doc_list!["Use --kv-cache-dtype fp4_mx_block16 or fp8_e4m3."],
    flags: &["kv_cache_dtype", "cuda_version"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV4 mixed-backend warning.
pub static KV4_MIXED: RuleInfo = RuleInfo {
    code: "KV100",
    name: "fp4-kv-mixed-backends",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Attention: Using KV4 with PREFILL = {prefill_backend} and DECODE = {decode_backend}. Compatibility issues are unlikely, but may occur in rare edge cases.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 59),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 60),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 269),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 269),
        (VersionRange::V23, HOOK, 269),
    ],
    title: doc!("FP4 KV with different prefill and decode backends"),
    explanation: doc!(
        "SGLang allows different prefill and decode backends with an FP4 KV cache but warns that this pairing is less tested."
    ),
    trigger: doc!("An FP4 KV dtype with differing prefill/decode backends, prefill not fa4."),
    flags: &["prefill_attention_backend", "decode_attention_backend"],
    ..RuleInfo::BASE
};

/// Shared text of the KV4 backend-matrix asserts.
const KV4_EXPL: &str = "With an nvfp4 or fp4_mx_block16 KV cache, MHA models need triton, torch_native, flex_attention or trtllm_mha (or fa4 prefill with a triton/torch_native/flex_attention decode), and MLA models need flashinfer or trtllm_mla (fa4 prefill with a flashinfer/trtllm_mla decode).";

/// KV4 + FA4 prefill + MLA.
pub static KV4_FA4_MLA: RuleInfo = RuleInfo {
    code: "KV004",
    name: "fp4-kv-fa4-mla-decode",
    exception: Some("AssertionError"),
    messages: &[
        (
            VersionRange::V19,
            "KV4 FA4 MLA expects decode_attention_backend to be one of ['cutlass_mla', 'flashinfer', 'trtllm_mla'], but got {decode_backend}",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_20),
            "KV4 FA4 MLA expects decode_attention_backend to be one of ['flashinfer', 'trtllm_mla'], but got {decode_backend}",
        ),
    ],
    sources: &[
        (VersionRange::V19, HOOK, 72),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 72),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 282),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 282),
        (VersionRange::V23, HOOK, 284),
    ],
    title: doc!("FP4 KV with fa4 prefill on an MLA model needs a flashinfer or trtllm_mla decode"),
    explanation: doc!(KV4_EXPL),
    trigger: doc!(
        "FP4 KV dtype, MLA model, prefill fa4 and decode outside {flashinfer, trtllm_mla}."
    ),
    solutions: doc_list!["Use --decode-attention-backend flashinfer."],
    flags: &[
        "decode_attention_backend",
        "prefill_attention_backend",
        "kv_cache_dtype",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","kv_cache_dtype":"fp4_mx_block16","attention_backend":"fa4"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","kv_cache_dtype":"fp4_mx_block16","attention_backend":"fa4","decode_attention_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV4 + FA4 prefill + MHA.
pub static KV4_FA4_MHA: RuleInfo = RuleInfo {
    code: "KV007",
    name: "fp4-kv-fa4-mha-decode",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "KV4 FA4 MHA expects decode_attention_backend to be one of ['triton', 'torch_native', 'flex_attention'], but got {decode_backend}",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 82),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 82),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 292),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 292),
        (VersionRange::V23, HOOK, 292),
    ],
    title: doc!("FP4 KV with fa4 prefill on an MHA model needs a triton-family decode"),
    explanation: doc!(KV4_EXPL),
    trigger: doc!(
        "FP4 KV dtype, MHA model, prefill fa4 and decode outside {triton, torch_native, flex_attention}."
    ),
    solutions: doc_list!["Use --decode-attention-backend triton."],
    flags: &[
        "decode_attention_backend",
        "prefill_attention_backend",
        "kv_cache_dtype",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"LlamaForCausalLM","kv_cache_dtype":"fp4_mx_block16","attention_backend":"fa4"}"#,
        r#"{"gpu":"RTX 5090","arch":"LlamaForCausalLM","kv_cache_dtype":"fp4_mx_block16","attention_backend":"fa4","decode_attention_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV4 + MLA base backend.
pub static KV4_MLA: RuleInfo = RuleInfo {
    code: "KV008",
    name: "fp4-kv-mla-backend",
    exception: Some("AssertionError"),
    messages: &[
        (
            VersionRange::V19,
            "KV4 MLA expects attention_backend to be one of ['cutlass_mla', 'flashinfer', 'trtllm_mla'], but got {attention_backend}",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_20),
            "KV4 MLA expects attention_backend to be one of ['flashinfer', 'trtllm_mla'], but got {attention_backend}",
        ),
    ],
    sources: &[
        (VersionRange::V19, HOOK, 93),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 92),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 302),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 302),
        (VersionRange::V23, HOOK, 302),
    ],
    title: doc!("FP4 KV on an MLA model needs flashinfer or trtllm_mla"),
    explanation: doc!(KV4_EXPL),
    trigger: doc!("FP4 KV dtype, MLA model, attention backend outside {flashinfer, trtllm_mla}."),
    solutions: doc_list!["Use --attention-backend trtllm_mla (Blackwell) or flashinfer."],
    flags: &["attention_backend", "kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"DeepseekV3ForCausalLM","kv_cache_dtype":"fp4_mx_block16"}"#,
        r#"{"gpu":"RTX 5090","arch":"DeepseekV3ForCausalLM","kv_cache_dtype":"fp4_mx_block16","attention_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// KV4 + MHA base backend.
pub static KV4_MHA: RuleInfo = RuleInfo {
    code: "KV009",
    name: "fp4-kv-mha-backend",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "KV4 MHA expects attention_backend to be one of ['triton', 'torch_native', 'flex_attention', 'trtllm_mha'], but got {attention_backend}",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 104),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 103),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 313),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 313),
        (VersionRange::V23, HOOK, 313),
    ],
    title: doc!("FP4 KV on an MHA model needs triton, torch_native, flex_attention or trtllm_mha"),
    explanation: doc!(KV4_EXPL),
    trigger: doc!(
        "FP4 KV dtype, MHA model, attention backend outside {triton, torch_native, flex_attention, trtllm_mha}."
    ),
    solutions: doc_list!["Use --attention-backend trtllm_mha (SM100/SM120) or triton."],
    flags: &["attention_backend", "kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"LlamaForCausalLM","kv_cache_dtype":"fp4_mx_block16"}"#,
        r#"{"gpu":"RTX 5090","arch":"LlamaForCausalLM","kv_cache_dtype":"fp4_mx_block16","attention_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

const NVFP4_EXPL: &str = "With --kv-cache-dtype nvfp4 SGLang sets the prefill backend itself (flashinfer reading an FP8 workspace, or trtllm_mha reading native NVFP4 on SM100) and the decode backend (trtllm_mha); explicit backends that disagree are refused.";

/// Dequant dtype without nvfp4.
pub static NVFP4_DEQUANT_ONLY: RuleInfo = RuleInfo {
    code: "KV005",
    name: "prefill-dequant-needs-nvfp4",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--prefill-kv-cache-dequant-dtype applies only with --kv-cache-dtype=nvfp4.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 41),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 41),
        (VersionRange::V23, HOOK, 41),
    ],
    title: doc!("--prefill-kv-cache-dequant-dtype needs an nvfp4 KV cache"),
    explanation: doc!(NVFP4_EXPL),
    trigger: doc!(
        "--prefill-kv-cache-dequant-dtype other than auto without --kv-cache-dtype nvfp4."
    ),
    solutions: doc_list!["Remove --prefill-kv-cache-dequant-dtype."],
    flags: &["prefill_kv_cache_dequant_dtype", "kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","prefill_kv_cache_dequant_dtype":"fp8_e4m3"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Explicit backend neither flashinfer nor trtllm_mha.
pub static NVFP4_BACKEND_NEITHER: RuleInfo = RuleInfo {
    code: "KV010",
    name: "nvfp4-prefill-backend-unsupported",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "NVFP4 prefill supports an FP8 E4M3 workspace or native NVFP4, but backend {explicit_backend!r} provides neither.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 53),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 53),
        (VersionRange::V23, HOOK, 53),
    ],
    title: doc!("nvfp4 KV needs a flashinfer or trtllm_mha prefill"),
    explanation: doc!(NVFP4_EXPL),
    trigger: doc!(
        "--kv-cache-dtype nvfp4 with an explicit prefill/attention backend other than flashinfer or trtllm_mha."
    ),
    solutions: doc_list!["Remove the attention-backend flags."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "kv_cache_dtype",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","attention_backend":"fa4"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Native NVFP4 prefill off SM100.
pub static NVFP4_NATIVE_SM100: RuleInfo = RuleInfo {
    code: "KV011",
    name: "nvfp4-native-prefill-requires-sm100",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "Native NVFP4 prefill currently requires SM100; use --prefill-kv-cache-dequant-dtype=fp8_e4m3 on this platform.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 60),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 60),
        (VersionRange::V23, HOOK, 60),
    ],
    title: doc!("Native NVFP4 prefill needs SM100"),
    explanation: doc!(NVFP4_EXPL),
    trigger: doc!(
        "nvfp4 KV with native NVFP4 prefill (explicit, or implied by --attention-backend trtllm_mha) on a GPU that is not SM100."
    ),
    solutions: doc_list![
        "Use --prefill-kv-cache-dequant-dtype fp8_e4m3, or remove --attention-backend trtllm_mha.",
    ],
    flags: &[
        "prefill_kv_cache_dequant_dtype",
        "attention_backend",
        "prefill_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","prefill_kv_cache_dequant_dtype":"nvfp4"}"#,
        r#"{"gpu":"RTX 5090","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Dequant dtype requires a specific prefill backend.
pub static NVFP4_PREFILL_MISMATCH: RuleInfo = RuleInfo {
    code: "KV012",
    name: "nvfp4-prefill-backend-mismatch",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--prefill-kv-cache-dequant-dtype={requested_dtype} requires prefill backend {target_prefill_backend!r}, but --prefill-attention-backend={explicit_prefill_backend!r} was set. Remove the backend option and select the KV dtype only.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 71),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 71),
        (VersionRange::V23, HOOK, 71),
    ],
    title: doc!("The nvfp4 prefill dequant dtype fixes the prefill backend"),
    explanation: doc!(NVFP4_EXPL),
    trigger: doc!(
        "nvfp4 KV and an explicit --prefill-attention-backend that differs from the one the dequant dtype needs."
    ),
    solutions: doc_list!["Remove --prefill-attention-backend."],
    flags: &[
        "prefill_attention_backend",
        "prefill_kv_cache_dequant_dtype",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","prefill_kv_cache_dequant_dtype":"fp8_e4m3","prefill_attention_backend":"trtllm_mha"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","prefill_kv_cache_dequant_dtype":"fp8_e4m3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// NVFP4 decode must be trtllm_mha.
pub static NVFP4_DECODE: RuleInfo = RuleInfo {
    code: "KV013",
    name: "nvfp4-decode-requires-trtllm-mha",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "NVFP4 decode requires --decode-attention-backend=trtllm_mha; got {explicit_decode_backend!r}. Remove the backend option; NVFP4 selects the supported decode implementation automatically.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 80),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 80),
        (VersionRange::V23, HOOK, 80),
    ],
    title: doc!("nvfp4 KV decodes with trtllm_mha only"),
    explanation: doc!(NVFP4_EXPL),
    trigger: doc!("nvfp4 KV and an explicit --decode-attention-backend other than trtllm_mha."),
    solutions: doc_list!["Remove --decode-attention-backend."],
    flags: &["decode_attention_backend", "kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","decode_attention_backend":"flashinfer"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// nvfp4 picks the backends (info).
pub static NVFP4_BACKENDS_INFO: RuleInfo = RuleInfo {
    code: "KV101",
    name: "nvfp4-backends",
    severity: Severity::Info,
    exception: None,
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "NVFP4 prefill dequant dtype: {req}; prefill input: {req}; decode input: nvfp4.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 93),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 93),
        (VersionRange::V23, HOOK, 93),
    ],
    title: doc!("nvfp4 sets the prefill and decode backends"),
    explanation: doc!(
        "nvfp4 KV uses flashinfer (FP8 workspace) or trtllm_mha (native, SM100) for prefill and trtllm_mha for decode."
    ),
    trigger: doc!("--kv-cache-dtype nvfp4."),
    flags: &["prefill_attention_backend", "decode_attention_backend"],
    ..RuleInfo::BASE
};

/// 0.5.19 fp4_e2m1 deprecation.
pub static FP4_E2M1: RuleInfo = RuleInfo {
    code: "KV006",
    name: "fp4-e2m1-deprecated",
    stage: Stage::Construction,
    versions: VersionRange::until(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::until(SglangVersion::V0_5_20),
        "--kv-cache-dtype=fp4_e2m1 is deprecated. Use --kv-cache-dtype=fp4_mx_block16.",
    )],
    sources: &[
        (
            VersionRange::V19,
            "python/sglang/srt/mem_cache/kv_cache_dtype.py",
            63,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/mem_cache/kv_cache_dtype.py",
            66,
        ),
    ],
    title: doc!("fp4_e2m1 was renamed fp4_mx_block16"),
    explanation: doc!(
        "0.5.19 still parses --kv-cache-dtype fp4_e2m1 but refuses it when the KV pool is configured; 0.5.20+ rejects it in argparse."
    ),
    trigger: doc!("--kv-cache-dtype fp4_e2m1 on 0.5.19."),
    solutions: doc_list!["Use --kv-cache-dtype fp4_mx_block16."],
    flags: &["kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"fp4_e2m1"}"#,
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"fp8_e4m3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// host_pool retraction backup needs a PD decode server.
pub static HOST_POOL_DECODE: RuleInfo = RuleInfo {
    code: "KV014",
    name: "host-pool-retraction-decode-only",
    messages: &[(
        VersionRange::ALL,
        "--disaggregation-decode-retraction-backup=host_pool is only supported on a PD decode server.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            148,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            147,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            357,
        ),
    ],
    title: doc!("host_pool retraction backup needs a PD decode server"),
    explanation: doc!(
        "--disaggregation-decode-retraction-backup=host_pool keeps retracted requests in a host pool of the decode server; any other mode is refused."
    ),
    trigger: doc!(
        "--disaggregation-decode-retraction-backup host_pool without --disaggregation-mode decode."
    ),
    solutions: doc_list!["Remove --disaggregation-decode-retraction-backup."],
    flags: &["disaggregation_decode_retraction_backup"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_decode_retraction_backup":"host_pool"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// host_pool retraction backup does not support decode context parallelism.
pub static HOST_POOL_DCP: RuleInfo = RuleInfo {
    code: "KV015",
    name: "host-pool-retraction-dcp",
    messages: &[(
        VersionRange::ALL,
        "--disaggregation-decode-retraction-backup=host_pool does not support --dcp-size > 1.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            153,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            152,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            362,
        ),
    ],
    title: doc!("host_pool retraction backup does not support decode context parallelism"),
    explanation: doc!("The decode host pool has no DCP layout."),
    trigger: doc!("host_pool retraction backup with --dcp-size > 1."),
    solutions: doc_list!["Remove --disaggregation-decode-retraction-backup."],
    flags: &["disaggregation_decode_retraction_backup", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_retraction_backup":"host_pool","tp_size":2,"dcp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","tp_size":2,"dcp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// host_pool retraction backup needs --disable-priority-preemption with priority scheduling.
pub static HOST_POOL_PRIORITY: RuleInfo = RuleInfo {
    code: "KV016",
    name: "host-pool-retraction-priority",
    messages: &[(
        VersionRange::ALL,
        "--disaggregation-decode-retraction-backup=host_pool requires --disable-priority-preemption when priority scheduling is enabled.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            162,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            161,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            371,
        ),
    ],
    title: doc!(
        "host_pool retraction backup needs --disable-priority-preemption with priority scheduling"
    ),
    explanation: doc!(
        "Priority preemption would retract into the host pool in a way it does not support."
    ),
    trigger: doc!(
        "host_pool retraction backup, --enable-priority-scheduling, no --disable-priority-preemption."
    ),
    solutions: doc_list!["Add --disable-priority-preemption."],
    flags: &["disable_priority_preemption", "enable_priority_scheduling"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_retraction_backup":"host_pool","enable_priority_scheduling":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_retraction_backup":"host_pool","enable_priority_scheduling":true,"disable_priority_preemption":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-hierarchical-cache needs the radix cache.
pub static HICACHE_NO_RADIX: RuleInfo = RuleInfo {
    code: "KV017",
    name: "hicache-disable-radix",
    messages: &[(
        VersionRange::ALL,
        "The arguments enable-hierarchical-cache and disable-radix-cache are mutually exclusive and cannot be used at the same time. Please use only one of them.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            168,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            167,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            394,
        ),
    ],
    title: doc!("--enable-hierarchical-cache needs the radix cache"),
    explanation: doc!(
        "The hierarchical cache is a tier of the radix cache, so --disable-radix-cache (given, or set by a model hook) is refused with it."
    ),
    trigger: doc!("--enable-hierarchical-cache with the radix cache disabled."),
    solutions: doc_list![
        "Remove --disable-radix-cache.",
        "Remove --enable-hierarchical-cache.",
    ],
    flags: &["disable_radix_cache", "enable_hierarchical_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_hierarchical_cache":true,"disable_radix_cache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_hierarchical_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --disaggregation-decode-enable-offload-kvcache needs a PD decode server.
pub static OFFLOAD_DECODE: RuleInfo = RuleInfo {
    code: "KV018",
    name: "decode-offload-kvcache-decode-only",
    messages: &[(
        VersionRange::ALL,
        "The argument disaggregation-decode-enable-offload-kvcache is only supported for decode side.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            175,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            174,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            401,
        ),
    ],
    title: doc!("--disaggregation-decode-enable-offload-kvcache needs a PD decode server"),
    explanation: doc!("KV offload of the decode side is a PD decode feature."),
    trigger: doc!(
        "--disaggregation-decode-enable-offload-kvcache without --disaggregation-mode decode."
    ),
    solutions: doc_list!["Remove --disaggregation-decode-enable-offload-kvcache."],
    flags: &["disaggregation_decode_enable_offload_kvcache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_decode_enable_offload_kvcache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Decode KV offload needs --hicache-storage-backend.
pub static OFFLOAD_STORAGE: RuleInfo = RuleInfo {
    code: "KV019",
    name: "decode-offload-kvcache-storage",
    messages: &[(
        VersionRange::ALL,
        "The argument disaggregation-decode-enable-offload-kvcache is only supported when hicache-storage-backend is provided.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            179,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            178,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            405,
        ),
    ],
    title: doc!("Decode KV offload needs --hicache-storage-backend"),
    explanation: doc!("The decode server offloads KV into a HiCache storage backend."),
    trigger: doc!("Decode KV offload on a PD decode server without --hicache-storage-backend."),
    solutions: doc_list!["Give --hicache-storage-backend."],
    flags: &[
        "hicache_storage_backend",
        "disaggregation_decode_enable_offload_kvcache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_enable_offload_kvcache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Decode KV offload and the host_pool retraction backup exclude each other.
pub static OFFLOAD_HOST_POOL: RuleInfo = RuleInfo {
    code: "KV020",
    name: "decode-offload-vs-host-pool",
    messages: &[(
        VersionRange::ALL,
        "The arguments disaggregation-decode-enable-offload-kvcache and disaggregation-decode-retraction-backup=host_pool are mutually exclusive: both build a decode host pool.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            183,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            182,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            409,
        ),
    ],
    title: doc!("Decode KV offload and the host_pool retraction backup exclude each other"),
    explanation: doc!("Both build a decode host pool."),
    trigger: doc!("Decode KV offload with --disaggregation-decode-retraction-backup host_pool."),
    solutions: doc_list!["Remove one of them."],
    flags: &["disaggregation_decode_retraction_backup"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_enable_offload_kvcache":true,"hicache_storage_backend":"file","disaggregation_decode_retraction_backup":"host_pool"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"decode","disaggregation_decode_enable_offload_kvcache":true,"hicache_storage_backend":"file"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --swa-full-tokens-ratio must be in (0, 1].
pub static SWA_RATIO: RuleInfo = RuleInfo {
    code: "KV021",
    name: "swa-full-tokens-ratio-range",
    messages: &[(
        VersionRange::ALL,
        "--swa-full-tokens-ratio should be in range (0, 1.0].",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            193,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            194,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            428,
        ),
    ],
    title: doc!("--swa-full-tokens-ratio must be in (0, 1]"),
    explanation: doc!(
        "The share of full-attention tokens in a hybrid SWA pool (default 0.8) must be above 0 and at most 1; checked for every model."
    ),
    trigger: doc!("--swa-full-tokens-ratio <= 0 or > 1."),
    solutions: doc_list!["Remove --swa-full-tokens-ratio (0.8)."],
    flags: &["swa_full_tokens_ratio"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","swa_full_tokens_ratio":1.5}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --swa-prefix-tails must be non-negative.
pub static SWA_PREFIX_TAILS: RuleInfo = RuleInfo {
    code: "KV022",
    name: "swa-prefix-tails-nonnegative",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--swa-prefix-tails should be a non-negative integer.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        431,
    )],
    title: doc!("--swa-prefix-tails must be non-negative"),
    explanation: doc!("A negative number of SWA prefix tails is refused."),
    trigger: doc!("--swa-prefix-tails below 0."),
    solutions: doc_list!["Remove --swa-prefix-tails."],
    flags: &["swa_prefix_tails"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","swa_prefix_tails":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// LMCache and the hierarchical cache exclude each other.
pub static LMCACHE_HICACHE: RuleInfo = RuleInfo {
    code: "KV023",
    name: "lmcache-hicache",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--enable-lmcache and --enable-hierarchical-cache are mutually exclusive",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        435,
    )],
    title: doc!("LMCache and the hierarchical cache exclude each other"),
    explanation: doc!(
        "Since 0.5.21 SGLang refuses --enable-lmcache with --enable-hierarchical-cache."
    ),
    trigger: doc!("--enable-lmcache with --enable-hierarchical-cache (0.5.21+)."),
    solutions: doc_list!["Remove one of them."],
    flags: &["enable_lmcache", "enable_hierarchical_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true,"enable_hierarchical_cache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// LMCache and the unified-cache external linker exclude each other.
pub static LMCACHE_LINKER: RuleInfo = RuleInfo {
    code: "KV024",
    name: "lmcache-external-linker",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--enable-lmcache and --enable-unified-cache-external-linker are mutually exclusive",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        440,
    )],
    title: doc!("LMCache and the unified-cache external linker exclude each other"),
    explanation: doc!("Since 0.5.21 SGLang refuses the two together."),
    trigger: doc!("--enable-lmcache with --enable-unified-cache-external-linker (0.5.21+)."),
    solutions: doc_list!["Remove one of them."],
    flags: &["enable_lmcache", "enable_unified_cache_external_linker"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true,"enable_unified_cache_external_linker":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// LMCache needs the radix cache.
pub static LMCACHE_RADIX: RuleInfo = RuleInfo {
    code: "KV025",
    name: "lmcache-needs-radix",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--enable-lmcache requires radix cache to be enabled",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        445,
    )],
    title: doc!("LMCache needs the radix cache"),
    explanation: doc!(
        "LMCache indexes through the radix cache; --disable-radix-cache (given or set by a model hook) is refused with it."
    ),
    trigger: doc!("--enable-lmcache with the radix cache disabled (0.5.21+)."),
    solutions: doc_list!["Remove --disable-radix-cache."],
    flags: &["disable_radix_cache", "enable_lmcache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true,"disable_radix_cache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// LMCache does not support speculative decoding.
pub static LMCACHE_SPEC: RuleInfo = RuleInfo {
    code: "KV026",
    name: "lmcache-speculative",
    exception: Some("NotImplementedError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "LMCacheUnifiedRadixCache does not yet support speculative decoding",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        450,
    )],
    title: doc!("LMCache does not support speculative decoding"),
    explanation: doc!("The LMCache radix cache has no speculative path."),
    trigger: doc!("--enable-lmcache with --speculative-algorithm (0.5.21+)."),
    solutions: doc_list![
        "Remove --speculative-algorithm.",
        "Remove --enable-lmcache.",
    ],
    flags: &["speculative_algorithm", "enable_lmcache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true,"speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// LMCache does not support DP attention.
pub static LMCACHE_DP: RuleInfo = RuleInfo {
    code: "KV027",
    name: "lmcache-dp-attention",
    exception: Some("NotImplementedError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "LMCacheUnifiedRadixCache does not yet support DP attention",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        454,
    )],
    title: doc!("LMCache does not support DP attention"),
    explanation: doc!("The LMCache radix cache has no attention-DP path."),
    trigger: doc!("--enable-lmcache with attention DP (0.5.21+)."),
    solutions: doc_list!["Turn DP attention off."],
    flags: &[
        "enable_dp_attention",
        "dp_size",
        "attn_dp_size",
        "enable_lmcache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true,"tp_size":2,"attn_dp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true,"tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// LMCache does not support decode context parallelism.
pub static LMCACHE_DCP: RuleInfo = RuleInfo {
    code: "KV028",
    name: "lmcache-dcp",
    exception: Some("NotImplementedError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--enable-lmcache with --dcp-size > 1 is not supported: LMCache has no DCP-aware index translation",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        458,
    )],
    title: doc!("LMCache does not support decode context parallelism"),
    explanation: doc!("LMCache has no DCP-aware index translation."),
    trigger: doc!("--enable-lmcache with --dcp-size > 1 (0.5.21+)."),
    solutions: doc_list!["Remove --dcp-size."],
    flags: &["dcp_size", "enable_lmcache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true,"tp_size":2,"dcp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true,"tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// LMCache does not support streaming sessions.
pub static LMCACHE_STREAMING: RuleInfo = RuleInfo {
    code: "KV029",
    name: "lmcache-streaming-session",
    exception: Some("NotImplementedError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "LMCacheUnifiedRadixCache does not yet support streaming sessions",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        463,
    )],
    title: doc!("LMCache does not support streaming sessions"),
    explanation: doc!("The LMCache radix cache has no streaming-session path."),
    trigger: doc!("--enable-lmcache with --enable-streaming-session (0.5.21+)."),
    solutions: doc_list!["Remove --enable-streaming-session."],
    flags: &["enable_streaming_session", "enable_lmcache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true,"enable_streaming_session":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --hicache-host-memory-mode buffer_only is HiCache-only.
pub static LMCACHE_BUFFER_ONLY: RuleInfo = RuleInfo {
    code: "KV030",
    name: "lmcache-host-memory-buffer-only",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--hicache-host-memory-mode=buffer_only is a HiCache-only mode",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        467,
    )],
    title: doc!("--hicache-host-memory-mode buffer_only is HiCache-only"),
    explanation: doc!("With LMCache the HiCache buffer-only host mode is refused."),
    trigger: doc!("--enable-lmcache with --hicache-host-memory-mode buffer_only (0.5.21+)."),
    solutions: doc_list!["Remove --hicache-host-memory-mode."],
    flags: &["hicache_host_memory_mode", "enable_lmcache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true,"hicache_host_memory_mode":"buffer_only"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// LMCache does not support PD disaggregation.
pub static LMCACHE_PD: RuleInfo = RuleInfo {
    code: "KV031",
    name: "lmcache-pd",
    exception: Some("NotImplementedError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "LMCacheUnifiedRadixCache currently supports colocated prefill/decode scheduling only",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        471,
    )],
    title: doc!("LMCache does not support PD disaggregation"),
    explanation: doc!("The LMCache radix cache serves colocated prefill/decode only."),
    trigger: doc!("--enable-lmcache with --disaggregation-mode prefill or decode (0.5.21+)."),
    solutions: doc_list!["Remove --enable-lmcache."],
    flags: &["enable_lmcache", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true,"disaggregation_mode":"prefill"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lmcache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// T-LRU needs non-negative 'threshold' and 'next_prompt_estimate'.
pub static TLRU_NONNEG: RuleInfo = RuleInfo {
    code: "KV032",
    name: "tlru-config-nonnegative",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--radix-eviction-policy tlru requires non-negative 'threshold' and 'next_prompt_estimate' in --radix-eviction-policy-config, got {threshold} and {next_prompt_estimate}.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        380,
    )],
    title: doc!("T-LRU needs non-negative 'threshold' and 'next_prompt_estimate'"),
    explanation: doc!(
        "With --radix-eviction-policy tlru, the 'threshold' and 'next_prompt_estimate' of --radix-eviction-policy-config (default 0) must not be negative."
    ),
    trigger: doc!(
        "--radix-eviction-policy tlru with a negative threshold or next_prompt_estimate (0.5.21+)."
    ),
    solutions: doc_list!["Give non-negative values, threshold > next_prompt_estimate."],
    flags: &["radix_eviction_policy_config", "radix_eviction_policy"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","radix_eviction_policy":"tlru","radix_eviction_policy_config":{"threshold":-1,"next_prompt_estimate":0}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// T-LRU needs 'threshold' above 'next_prompt_estimate'.
pub static TLRU_ORDER: RuleInfo = RuleInfo {
    code: "KV033",
    name: "tlru-threshold-above-estimate",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--radix-eviction-policy tlru needs 'threshold' greater than 'next_prompt_estimate' in --radix-eviction-policy-config, got {threshold} <= {next_prompt_estimate}; otherwise no tokens are ever TEL-safe and T-LRU is exactly LRU.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        386,
    )],
    title: doc!("T-LRU needs 'threshold' above 'next_prompt_estimate'"),
    explanation: doc!(
        "With --radix-eviction-policy tlru, 'threshold' must exceed 'next_prompt_estimate' (both default 0, so a config is required); otherwise T-LRU is exactly LRU."
    ),
    trigger: doc!("--radix-eviction-policy tlru with threshold <= next_prompt_estimate (0.5.21+)."),
    solutions: doc_list![
        "Give --radix-eviction-policy-config with threshold > next_prompt_estimate.",
        "Remove --radix-eviction-policy.",
    ],
    flags: &["radix_eviction_policy_config", "radix_eviction_policy"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","radix_eviction_policy":"tlru"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","radix_eviction_policy":"tlru","radix_eviction_policy_config":{"threshold":4096,"next_prompt_estimate":512}}"#,
    ))),
    ..RuleInfo::BASE
};

/// FP4 KV cache does not support --enable-unified-memory.
pub static KV4_UNIFIED: RuleInfo = RuleInfo {
    code: "KV034",
    name: "kv4-unified-memory",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "FP4 KV cache does not yet support --enable-unified-memory: the unified MHA pool does not allocate FP4 block scales or the prefill dequant workspace.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        133,
    )],
    title: doc!("FP4 KV cache does not support --enable-unified-memory"),
    explanation: doc!(
        "The unified MHA pool does not allocate FP4 block scales or the prefill dequant workspace."
    ),
    trigger: doc!("nvfp4 / fp4_mx_block16 KV with --enable-unified-memory."),
    solutions: doc_list!["Remove --enable-unified-memory."],
    flags: &["enable_unified_memory", "kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","enable_unified_memory":true}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// SM100 native NVFP4 does not support DFLASH or DSPARK.
pub static NVFP4_SPEC_BLOCK: RuleInfo = RuleInfo {
    code: "KV035",
    name: "nvfp4-native-spec-dflash-dspark",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "SM100 native NVFP4 speculative decoding does not yet support {speculative_algorithm}; use EAGLE/NEXTN or NGRAM.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        172,
    )],
    title: doc!("SM100 native NVFP4 does not support DFLASH or DSPARK"),
    explanation: doc!(
        "DFLASH and DSPARK commit a prefix of a dense block through a writer that does not produce the native NVFP4 scale layout of trtllm_mha."
    ),
    trigger: doc!("nvfp4 KV on SM100 with trtllm_mha (prefill or decode) and DFLASH or DSPARK."),
    solutions: doc_list!["Use EAGLE/NEXTN or NGRAM.", "Use another KV dtype."],
    flags: &["speculative_algorithm", "kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","speculative_algorithm":"DFLASH","speculative_draft_model_path":"org/draft"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// SM100 native NVFP4 supports only EAGLE, EAGLE3, NEXTN and breadth-1 NGRAM.
pub static NVFP4_SPEC_ALGO: RuleInfo = RuleInfo {
    code: "KV036",
    name: "nvfp4-native-spec-algorithm",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "SM100 native NVFP4 speculative decoding supports EAGLE, EAGLE3, NEXTN, and breadth-1 NGRAM; got {speculative_algorithm}.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        184,
    )],
    title: doc!("SM100 native NVFP4 supports only EAGLE, EAGLE3, NEXTN and breadth-1 NGRAM"),
    explanation: doc!(
        "STANDALONE, FROZEN_KV_MTP and other algorithms have no native NVFP4 layout coverage."
    ),
    trigger: doc!(
        "nvfp4 KV on SM100 with trtllm_mha and STANDALONE (or another algorithm outside the list)."
    ),
    solutions: doc_list!["Use EAGLE."],
    flags: &["speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","speculative_algorithm":"STANDALONE","speculative_draft_model_path":"org/draft"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// SM100 native NVFP4 NGRAM needs breadth 1.
pub static NVFP4_NGRAM_BREADTH: RuleInfo = RuleInfo {
    code: "KV037",
    name: "nvfp4-native-ngram-breadth",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "SM100 native NVFP4 NGRAM speculative decoding requires --speculative-ngram-max-bfs-breadth=1 because trtllm_mha supports linear target verification only; got {cfg.speculative_ngram_max_bfs_breadth}.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        198,
    )],
    title: doc!("SM100 native NVFP4 NGRAM needs breadth 1"),
    explanation: doc!(
        "trtllm_mha verifies linear chains only; NGRAM defaults to a breadth-10 tree."
    ),
    trigger: doc!(
        "nvfp4 KV on SM100 with trtllm_mha, NGRAM and --speculative-ngram-max-bfs-breadth other than 1."
    ),
    solutions: doc_list!["Add --speculative-ngram-max-bfs-breadth 1."],
    flags: &["speculative_ngram_max_bfs_breadth"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","speculative_algorithm":"NGRAM","speculative_ngram_max_bfs_breadth":1}"#,
    ))),
    ..RuleInfo::BASE
};

/// SM100 native NVFP4 drafts need trtllm_mha.
pub static NVFP4_DRAFT_BACKEND: RuleInfo = RuleInfo {
    code: "KV038",
    name: "nvfp4-native-draft-backend",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "SM100 native NVFP4 speculative decoding requires --speculative-draft-attention-backend=trtllm_mha so the draft worker consumes its physical NVFP4 KV layout; got {draft_backend!r}.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        226,
    )],
    title: doc!("SM100 native NVFP4 drafts need trtllm_mha"),
    explanation: doc!(
        "The draft worker must read the physical NVFP4 KV layout, so its attention backend must be trtllm_mha (SGLang sets it when not given)."
    ),
    trigger: doc!(
        "nvfp4 KV on SM100 with trtllm_mha, a draft-model algorithm and another --speculative-draft-attention-backend."
    ),
    solutions: doc_list!["Remove --speculative-draft-attention-backend."],
    flags: &["speculative_draft_attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft","speculative_num_steps":3,"speculative_eagle_topk":1,"speculative_num_draft_tokens":4,"speculative_draft_attention_backend":"triton"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/draft","speculative_num_steps":3,"speculative_eagle_topk":1,"speculative_num_draft_tokens":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// SM100 native NVFP4 drafts on trtllm_mha.
pub static NVFP4_DRAFT_DEFAULT: RuleInfo = RuleInfo {
    code: "KV102",
    name: "nvfp4-native-draft-trtllm",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "SM100 native NVFP4 speculative decoding uses trtllm_mha for the draft worker.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        216,
    )],
    title: doc!("SM100 native NVFP4 drafts on trtllm_mha"),
    explanation: doc!(
        "With nvfp4 KV on SM100 and trtllm_mha, SGLang sets --speculative-draft-attention-backend trtllm_mha for draft-model algorithms."
    ),
    trigger: doc!("nvfp4 KV on SM100, trtllm_mha, EAGLE/EAGLE3 without a draft backend."),
    flags: &["speculative_draft_attention_backend"],
    ..RuleInfo::BASE
};

/// SM100 native NVFP4 with trtllm_mha does not support PD disaggregation.
pub static NVFP4_PD: RuleInfo = RuleInfo {
    code: "KV039",
    name: "nvfp4-native-pd",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "SM100 native NVFP4 with trtllm_mha does not yet support PD disaggregation because its physical block-scale layout is not implemented by the KV transfer path.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        252,
    )],
    title: doc!("SM100 native NVFP4 with trtllm_mha does not support PD disaggregation"),
    explanation: doc!("The KV transfer path does not implement the physical block-scale layout."),
    trigger: doc!("nvfp4 KV on SM100 with trtllm_mha and --disaggregation-mode prefill or decode."),
    solutions: doc_list!["Use another KV dtype for PD."],
    flags: &["disaggregation_mode", "kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","disaggregation_mode":"decode"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// SM100 native NVFP4 with trtllm_mha does not support HiCache or LMCache.
pub static NVFP4_HOST_TIER: RuleInfo = RuleInfo {
    code: "KV040",
    name: "nvfp4-native-hicache-lmcache",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "SM100 native NVFP4 with trtllm_mha does not yet support hierarchical KV cache or LMCache because their host pools do not preserve the physical block-scale layout.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "python/sglang/srt/arg_groups/kv_cache_hook.py",
        260,
    )],
    title: doc!("SM100 native NVFP4 with trtllm_mha does not support HiCache or LMCache"),
    explanation: doc!("Their host pools do not preserve the physical block-scale layout."),
    trigger: doc!(
        "nvfp4 KV on SM100 with trtllm_mha and --enable-hierarchical-cache or --enable-lmcache."
    ),
    solutions: doc_list!["Remove --enable-hierarchical-cache / --enable-lmcache."],
    flags: &["enable_hierarchical_cache", "enable_lmcache"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4","enable_lmcache":true}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","kv_cache_dtype":"nvfp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --prefill-only-disable-kv-cache needs --is-embedding.
pub static PO_EMBEDDING: RuleInfo = RuleInfo {
    code: "KV041",
    name: "prefill-only-needs-embedding",
    messages: &[(
        VersionRange::ALL,
        "--prefill-only-disable-kv-cache currently requires --is-embedding. Other prefill-only workloads may be supported in a future change once their attention paths stop reading or writing the paged KV cache.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            410,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            467,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            785,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            892,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            880,
        ),
    ],
    title: doc!("--prefill-only-disable-kv-cache needs --is-embedding"),
    explanation: doc!("Skipping the KV cache is scoped to embedding mode."),
    trigger: doc!("--prefill-only-disable-kv-cache without --is-embedding."),
    solutions: doc_list![
        "Add --is-embedding.",
        "Remove --prefill-only-disable-kv-cache.",
    ],
    flags: &["is_embedding", "prefill_only_disable_kv_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --prefill-only-disable-kv-cache does not support FP4 KV.
pub static PO_FP4: RuleInfo = RuleInfo {
    code: "KV042",
    name: "prefill-only-fp4",
    messages: &[(
        VersionRange::ALL,
        "--prefill-only-disable-kv-cache does not currently support --kv-cache-dtype=nvfp4 or --kv-cache-dtype=fp4_mx_block16 because the FP4 pool uses a separate allocation path.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            416,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            473,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            791,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            898,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            886,
        ),
    ],
    title: doc!("--prefill-only-disable-kv-cache does not support FP4 KV"),
    explanation: doc!("The FP4 pool uses a separate allocation path."),
    trigger: doc!("--prefill-only-disable-kv-cache with nvfp4 or fp4_mx_block16 KV."),
    solutions: doc_list!["Remove --kv-cache-dtype."],
    flags: &["kv_cache_dtype", "prefill_only_disable_kv_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3","kv_cache_dtype":"fp4_mx_block16"}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --prefill-only-disable-kv-cache does not support MXFP8 KV.
pub static PO_MXFP8: RuleInfo = RuleInfo {
    code: "KV043",
    name: "prefill-only-mxfp8",
    messages: &[(
        VersionRange::ALL,
        "--prefill-only-disable-kv-cache does not currently support --kv-cache-dtype=mxfp8 because the MXFP8 pool stores separate scale-factor buffers.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            422,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            479,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            797,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            904,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            892,
        ),
    ],
    title: doc!("--prefill-only-disable-kv-cache does not support MXFP8 KV"),
    explanation: doc!("The MXFP8 pool stores separate scale-factor buffers."),
    trigger: doc!("--prefill-only-disable-kv-cache with mxfp8 KV."),
    solutions: doc_list!["Remove --kv-cache-dtype."],
    flags: &["kv_cache_dtype", "prefill_only_disable_kv_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3","kv_cache_dtype":"mxfp8"}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --prefill-only-disable-kv-cache needs --chunked-prefill-size -1.
pub static PO_CHUNKED: RuleInfo = RuleInfo {
    code: "KV044",
    name: "prefill-only-chunked-prefill",
    messages: &[(
        VersionRange::ALL,
        "--prefill-only-disable-kv-cache requires --chunked-prefill-size=-1 so the FA backend takes the fa_skip_kv_cache path; otherwise the pool would be touched between prefill chunks.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            435,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            492,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            810,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            917,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            905,
        ),
    ],
    title: doc!("--prefill-only-disable-kv-cache needs --chunked-prefill-size -1"),
    explanation: doc!("A request must stay in one forward, so K/V is never reused across chunks."),
    trigger: doc!("--prefill-only-disable-kv-cache without --chunked-prefill-size -1."),
    solutions: doc_list!["Add --chunked-prefill-size -1."],
    flags: &["chunked_prefill_size", "prefill_only_disable_kv_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --prefill-only-disable-kv-cache needs --disable-radix-cache.
pub static PO_RADIX: RuleInfo = RuleInfo {
    code: "KV045",
    name: "prefill-only-radix",
    messages: &[(
        VersionRange::ALL,
        "--prefill-only-disable-kv-cache requires --disable-radix-cache because the radix cache indexes KV pool slots that no longer hold real data.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            441,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            498,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            816,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            923,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            911,
        ),
    ],
    title: doc!("--prefill-only-disable-kv-cache needs --disable-radix-cache"),
    explanation: doc!("The radix cache would index pool slots that hold no data."),
    trigger: doc!("--prefill-only-disable-kv-cache without --disable-radix-cache."),
    solutions: doc_list!["Add --disable-radix-cache."],
    flags: &["disable_radix_cache", "prefill_only_disable_kv_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --prefill-only-disable-kv-cache does not work with attention CP.
pub static PO_CP: RuleInfo = RuleInfo {
    code: "KV046",
    name: "prefill-only-attn-cp",
    messages: &[(
        VersionRange::ALL,
        "--prefill-only-disable-kv-cache is incompatible with --attn-cp-size > 1: the context-parallel attention path writes K/V to the pool via set_kv_buffer, which the no-op pool intentionally rejects.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            450,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            507,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            825,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            932,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            920,
        ),
    ],
    title: doc!("--prefill-only-disable-kv-cache does not work with attention CP"),
    explanation: doc!(
        "Context-parallel attention writes K/V to the pool, which the no-op pool rejects."
    ),
    trigger: doc!("--prefill-only-disable-kv-cache with --attn-cp-size > 1."),
    solutions: doc_list!["Remove --attn-cp-size."],
    flags: &["attn_cp_size", "prefill_only_disable_kv_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3","tp_size":2,"attn_cp_size":2}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// --prefill-only-disable-kv-cache does not work with prefill CP.
pub static PO_PREFILL_CP: RuleInfo = RuleInfo {
    code: "KV047",
    name: "prefill-only-prefill-cp",
    messages: &[(
        VersionRange::ALL,
        "--prefill-only-disable-kv-cache is incompatible with --enable-prefill-cp: the prefill-CP path stages K/V through the paged cache, which the no-op pool does not support.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            456,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            513,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            831,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            938,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            926,
        ),
    ],
    title: doc!("--prefill-only-disable-kv-cache does not work with prefill CP"),
    explanation: doc!("The prefill-CP path stages K/V through the paged cache."),
    trigger: doc!("--prefill-only-disable-kv-cache with --enable-prefill-cp."),
    solutions: doc_list!["Remove --enable-prefill-cp."],
    flags: &["enable_prefill_cp", "prefill_only_disable_kv_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3","enable_prefill_cp":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --prefill-only-disable-kv-cache does not work with HiSparse.
pub static PO_HISPARSE: RuleInfo = RuleInfo {
    code: "KV048",
    name: "prefill-only-hisparse",
    messages: &[(
        VersionRange::ALL,
        "--prefill-only-disable-kv-cache is incompatible with --enable-hisparse: HiSparse uses a dedicated pool family that is not the no-op MHA pool.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            465,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            522,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            840,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            947,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            935,
        ),
    ],
    title: doc!("--prefill-only-disable-kv-cache does not work with HiSparse"),
    explanation: doc!("HiSparse uses a dedicated pool family."),
    trigger: doc!("--prefill-only-disable-kv-cache with --enable-hisparse."),
    solutions: doc_list!["Remove --enable-hisparse."],
    flags: &["enable_hisparse", "prefill_only_disable_kv_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3","enable_hisparse":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --prefill-only-disable-kv-cache needs an FA prefill backend.
pub static PO_FA_PREFILL: RuleInfo = RuleInfo {
    code: "KV049",
    name: "prefill-only-fa-prefill",
    messages: &[(
        VersionRange::ALL,
        "--prefill-only-disable-kv-cache currently requires the FA prefill backend (fa3/fa4), but got prefill backend {prefill_backend!r}. Other prefill-only workloads and backends may be supported in a future change.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            135,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            134,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/kv_cache_hook.py",
            344,
        ),
    ],
    title: doc!("--prefill-only-disable-kv-cache needs an FA prefill backend"),
    explanation: doc!("Only the fa3/fa4 prefill backends have the path that skips the KV cache."),
    trigger: doc!(
        "--prefill-only-disable-kv-cache with a resolved prefill backend other than fa3 or fa4."
    ),
    solutions: doc_list!["Use --attention-backend fa3 (Hopper) or fa4 (Blackwell)."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "prefill_only_disable_kv_cache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"triton"}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","prefill_only_disable_kv_cache":true,"is_embedding":true,"chunked_prefill_size":-1,"disable_radix_cache":true,"attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with DSPARK / DFLASH needs spec-verify-audited attention backends.
pub static UM_SPEC_VERIFY: RuleInfo = RuleInfo {
    code: "KV050",
    name: "unified-memory-spec-verify-backends",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_21),
            "--enable-unified-memory + DSPARK requires spec-verify-audited attention backends {sorted(spec_allowed)} for both prefill and decode; got {sorted(spec_backends)}. flashinfer / fa3 do not translate speculative verify indices to the unified pool's kernel-facing space yet.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "--enable-unified-memory + {algorithm} requires spec-verify-audited attention backends {sorted(allowed)}{dcp_note} for both prefill and decode; got {sorted(backends)}. Other backends do not translate speculative verify indices to the unified pool's physical ids yet.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 242),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 243),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 563),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 516),
        (VersionRange::V23, HOOK, 519),
    ],
    title: doc!("Unified memory with DSPARK / DFLASH needs spec-verify-audited attention backends"),
    explanation: doc!(
        "The unified pool translates virtual KV ids to physical ones; only some attention backends translate the speculative verify indices. DSPARK allows triton, trtllm_mla, cutedsl_mla, flashmla, flashinfer, fa3 (0.5.23 also fa4; 0.5.22 also tokenspeed_mla); DFLASH allows triton, flashinfer, fa3 (0.5.23 also trtllm_mha). Under --dcp-size > 1 flashinfer is excluded."
    ),
    trigger: doc!(
        "--enable-unified-memory with --speculative-algorithm DSPARK or DFLASH and a resolved prefill or decode attention backend outside that set."
    ),
    solutions: doc_list!["Use --attention-backend triton (or another audited backend)."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
        "speculative_algorithm",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"speculative_algorithm":"DFLASH","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM","attention_backend":"fa4"}"#,
        r#"{"gpu":"B200","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"speculative_algorithm":"DFLASH","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM","attention_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with PD disaggregation needs the mooncake transfer backend.
pub static UM_PD_TRANSFER: RuleInfo = RuleInfo {
    code: "KV051",
    name: "unified-memory-pd-transfer-backend",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "--enable-unified-memory with PD disaggregation supports only the mooncake transfer backend; got {cfg.disaggregation_transfer_backend!r}.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "--enable-unified-memory with PD disaggregation supports only these transfer backends: {', '.join(sorted(supported_backends))}; got {cfg.disaggregation_transfer_backend!r}.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 204),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 205),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 486),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 534),
        (VersionRange::V23, HOOK, 537),
    ],
    title: doc!("Unified memory with PD disaggregation needs the mooncake transfer backend"),
    explanation: doc!(
        "The unified pool ships whole page envelopes between servers; only the mooncake transfer backend implements that."
    ),
    trigger: doc!(
        "--enable-unified-memory, --disaggregation-mode prefill or decode, and --disaggregation-transfer-backend other than mooncake."
    ),
    solutions: doc_list!["Use --disaggregation-transfer-backend mooncake."],
    flags: &[
        "disaggregation_transfer_backend",
        "enable_unified_memory",
        "disaggregation_mode",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"prefill","disaggregation_transfer_backend":"nixl"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"prefill","disaggregation_transfer_backend":"mooncake"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with PD disaggregation does not support pipeline parallelism.
pub static UM_PD_PP: RuleInfo = RuleInfo {
    code: "KV052",
    name: "unified-memory-pd-pipeline-parallel",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory with PD disaggregation does not support pipeline parallelism (whole-envelope transfer has no per-layer entries to subset).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 209),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 210),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 491),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 539),
        (VersionRange::V23, HOOK, 542),
    ],
    title: doc!("Unified memory with PD disaggregation does not support pipeline parallelism"),
    explanation: doc!(
        "The whole-envelope transfer has no per-layer entries a pipeline stage could subset."
    ),
    trigger: doc!("--enable-unified-memory, PD disaggregation and --pp-size > 1."),
    solutions: doc_list!["Drop --pp-size or --enable-unified-memory."],
    flags: &["pp_size", "enable_unified_memory", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"prefill","tp_size":2,"pp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"prefill","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with PD disaggregation over mooncake does not support speculative decoding.
pub static UM_PD_MOONCAKE_SPEC: RuleInfo = RuleInfo {
    code: "KV053",
    name: "unified-memory-pd-mooncake-spec",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory with PD disaggregation does not support speculative decoding with the Mooncake transfer backend.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 496),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 544),
        (VersionRange::V23, HOOK, 547),
    ],
    title: doc!(
        "Unified memory with PD disaggregation over mooncake does not support speculative decoding"
    ),
    explanation: doc!(
        "SGLang refuses speculative decoding on a unified-memory PD server that uses the Mooncake transfer backend."
    ),
    trigger: doc!(
        "--enable-unified-memory, PD disaggregation with --disaggregation-transfer-backend mooncake (the default), and a speculative algorithm."
    ),
    solutions: doc_list!["Drop the speculative algorithm or --enable-unified-memory."],
    flags: &[
        "speculative_algorithm",
        "enable_unified_memory",
        "disaggregation_mode",
        "disaggregation_transfer_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"speculative_algorithm":"EAGLE","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM","disaggregation_mode":"prefill"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with PD disaggregation needs lazy compaction.
pub static UM_PD_LAZY: RuleInfo = RuleInfo {
    code: "KV054",
    name: "unified-memory-pd-lazy-compaction",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory with PD disaggregation requires lazy compaction; unset SGLANG_DISABLE_LAZY_COMPACTION.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 214),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 215),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 503),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 551),
        (VersionRange::V23, HOOK, 554),
    ],
    title: doc!("Unified memory with PD disaggregation needs lazy compaction"),
    explanation: doc!(
        "The unified pool under PD disaggregation relies on lazy compaction, which SGLANG_DISABLE_LAZY_COMPACTION turns off."
    ),
    trigger: doc!(
        "--enable-unified-memory, PD disaggregation, SGLANG_DISABLE_LAZY_COMPACTION set true."
    ),
    solutions: doc_list!["Unset SGLANG_DISABLE_LAZY_COMPACTION."],
    flags: &[
        "env.SGLANG_DISABLE_LAZY_COMPACTION",
        "enable_unified_memory",
        "disaggregation_mode",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"prefill","env":{"SGLANG_DISABLE_LAZY_COMPACTION":"1"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with PD disaggregation is not compatible with --enable-hisparse.
pub static UM_PD_HISPARSE: RuleInfo = RuleInfo {
    code: "KV055",
    name: "unified-memory-pd-hisparse",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory with PD disaggregation is not compatible with --enable-hisparse: the decode-side HiSparse prealloc path ships host/C4 rows straight from the allocator, bypassing the virtual->physical translation the unified pool needs.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 218),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 219),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 507),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 555),
        (VersionRange::V23, HOOK, 558),
    ],
    title: doc!("Unified memory with PD disaggregation is not compatible with --enable-hisparse"),
    explanation: doc!(
        "The decode-side HiSparse prealloc path bypasses the unified pool's virtual-to-physical translation."
    ),
    trigger: doc!("--enable-unified-memory, PD disaggregation and --enable-hisparse."),
    solutions: doc_list!["Drop --enable-hisparse or --enable-unified-memory."],
    flags: &[
        "enable_hisparse",
        "enable_unified_memory",
        "disaggregation_mode",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"prefill","enable_hisparse":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory decode KV offload needs --hicache-storage-backend file.
pub static UM_OFFLOAD_FILE: RuleInfo = RuleInfo {
    code: "KV056",
    name: "unified-memory-decode-offload-file",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory with decode KV offload currently supports --hicache-storage-backend=file only.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 514),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 562),
        (VersionRange::V23, HOOK, 565),
    ],
    title: doc!("Unified memory decode KV offload needs --hicache-storage-backend file"),
    explanation: doc!(
        "On a unified-memory decode server, decode KV offload is supported only with the file storage backend."
    ),
    trigger: doc!(
        "--enable-unified-memory, PD disaggregation, --disaggregation-decode-enable-offload-kvcache and --hicache-storage-backend other than file."
    ),
    solutions: doc_list!["Use --hicache-storage-backend file."],
    flags: &[
        "hicache_storage_backend",
        "disaggregation_decode_enable_offload_kvcache",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode","disaggregation_decode_enable_offload_kvcache":true,"hicache_storage_backend":"mooncake"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode","disaggregation_decode_enable_offload_kvcache":true,"hicache_storage_backend":"file"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory decode KV offload does not support MLA models.
pub static UM_OFFLOAD_MLA: RuleInfo = RuleInfo {
    code: "KV057",
    name: "unified-memory-decode-offload-mla",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory decode KV offload does not support MLA models yet.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 519),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 567),
        (VersionRange::V23, HOOK, 570),
    ],
    title: doc!("Unified memory decode KV offload does not support MLA models"),
    explanation: doc!(
        "The unified-memory decode KV offload path is not implemented for MLA models yet."
    ),
    trigger: doc!(
        "--enable-unified-memory, PD disaggregation, --disaggregation-decode-enable-offload-kvcache with --hicache-storage-backend file, on an MLA model."
    ),
    solutions: doc_list![
        "Drop --disaggregation-decode-enable-offload-kvcache or --enable-unified-memory."
    ],
    flags: &[
        "disaggregation_decode_enable_offload_kvcache",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode","disaggregation_decode_enable_offload_kvcache":true,"hicache_storage_backend":"file"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory decode KV offload does not support hybrid Mamba models.
pub static UM_OFFLOAD_MAMBA: RuleInfo = RuleInfo {
    code: "KV058",
    name: "unified-memory-decode-offload-mamba",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory decode KV offload does not support hybrid-Mamba models.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 523),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 571),
        (VersionRange::V23, HOOK, 574),
    ],
    title: doc!("Unified memory decode KV offload does not support hybrid Mamba models"),
    explanation: doc!(
        "The unified-memory decode KV offload path is not implemented for hybrid Mamba / linear-attention models yet."
    ),
    trigger: doc!(
        "--enable-unified-memory, PD disaggregation, decode KV offload with the file backend, on a hybrid Mamba model."
    ),
    solutions: doc_list![
        "Drop --disaggregation-decode-enable-offload-kvcache or --enable-unified-memory."
    ],
    flags: &[
        "disaggregation_decode_enable_offload_kvcache",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode","disaggregation_decode_enable_offload_kvcache":true,"hicache_storage_backend":"file"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory decode KV offload does not support hybrid SWA models.
pub static UM_OFFLOAD_SWA: RuleInfo = RuleInfo {
    code: "KV059",
    name: "unified-memory-decode-offload-swa",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory decode KV offload does not support hybrid-SWA H2D/D2H transfers yet.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 527),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 575),
        (VersionRange::V23, HOOK, 578),
    ],
    title: doc!("Unified memory decode KV offload does not support hybrid SWA models"),
    explanation: doc!(
        "The unified-memory decode KV offload path has no hybrid sliding-window H2D/D2H transfers yet."
    ),
    trigger: doc!(
        "--enable-unified-memory, PD disaggregation, decode KV offload with the file backend, on a hybrid SWA model."
    ),
    solutions: doc_list![
        "Drop --disaggregation-decode-enable-offload-kvcache or --enable-unified-memory."
    ],
    flags: &[
        "disaggregation_decode_enable_offload_kvcache",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"GptOssForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode","disaggregation_decode_enable_offload_kvcache":true,"hicache_storage_backend":"file"}"#,
        r#"{"gpu":"H100","arch":"GptOssForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory host-pool decode retraction does not support hybrid Mamba models.
pub static UM_HOSTPOOL_MAMBA: RuleInfo = RuleInfo {
    code: "KV060",
    name: "unified-memory-host-pool-mamba",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory host-pool decode retraction does not support hybrid-Mamba models.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 537),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 581),
        (VersionRange::V23, HOOK, 584),
    ],
    title: doc!("Unified memory host-pool decode retraction does not support hybrid Mamba models"),
    explanation: doc!(
        "The host-pool decode retraction backup of a unified-memory decode server is not implemented for hybrid Mamba models."
    ),
    trigger: doc!(
        "--enable-unified-memory, PD disaggregation, --disaggregation-decode-retraction-backup host_pool, on a hybrid Mamba model."
    ),
    solutions: doc_list!["Drop --disaggregation-decode-retraction-backup host_pool."],
    flags: &[
        "disaggregation_decode_retraction_backup",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode","disaggregation_decode_retraction_backup":"host_pool"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory supports only DSPARK, DFLASH, EAGLE and EAGLE3.
pub static UM_SPEC_ALGO: RuleInfo = RuleInfo {
    code: "KV061",
    name: "unified-memory-spec-algorithm",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_21),
            "--enable-unified-memory only supports --speculative-algorithm DSPARK (chain draft); other speculative algorithms are not yet audited for the unified pool's virtual/kernel-facing loc translation. Got --speculative-algorithm={cfg.speculative_algorithm!r}.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "--enable-unified-memory only supports --speculative-algorithm DSPARK, DFLASH, EAGLE and EAGLE3; other speculative algorithms are not yet audited for the unified pool's virtual-to-physical loc translation. Got --speculative-algorithm={cfg.speculative_algorithm!r}.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 224),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 225),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 545),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 585),
        (VersionRange::V23, HOOK, 588),
    ],
    title: doc!(
        "Unified memory supports only DSPARK, DFLASH, EAGLE and EAGLE3 (0.5.21: DSPARK only)"
    ),
    explanation: doc!(
        "Other speculative algorithms are not audited for the unified pool's virtual-to-physical location translation. The algorithm is the one the speculative hook resolved (NEXTN becomes EAGLE)."
    ),
    trigger: doc!(
        "--enable-unified-memory with a speculative algorithm other than DSPARK, DFLASH, EAGLE or EAGLE3 (e.g. NGRAM, STANDALONE)."
    ),
    solutions: doc_list!["Use one of the audited algorithms, or drop --enable-unified-memory."],
    flags: &["speculative_algorithm", "enable_unified_memory"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory supports a linear draft chain only (top-k 1).
pub static UM_TOPK: RuleInfo = RuleInfo {
    code: "KV062",
    name: "unified-memory-spec-topk",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_21),
            "--enable-unified-memory + DSPARK supports a linear draft chain only (--speculative-eagle-topk in {None, 1}); tree verify is not audited for the unified pool. Got --speculative-eagle-topk={cfg.speculative_eagle_topk!r}.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "--enable-unified-memory supports a linear draft chain only (--speculative-eagle-topk in {None, 1}); tree verify relocates accepted tokens one at a time inside the target pool, which the unified pool's page-granular move_kv_cache cannot express. Got --speculative-eagle-topk={cfg.speculative_eagle_topk!r}.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 231),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 232),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 552),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 598),
        (VersionRange::V23, HOOK, 601),
    ],
    title: doc!("Unified memory supports a linear draft chain only (top-k 1)"),
    explanation: doc!(
        "Tree verify relocates accepted tokens one at a time, which the unified pool's page-granular move cannot express."
    ),
    trigger: doc!("--enable-unified-memory with a resolved --speculative-eagle-topk above 1."),
    solutions: doc_list!["Set --speculative-eagle-topk 1."],
    flags: &["speculative_eagle_topk", "enable_unified_memory"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"speculative_algorithm":"EAGLE","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM","speculative_eagle_topk":2,"speculative_num_steps":3,"speculative_num_draft_tokens":4}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"speculative_algorithm":"EAGLE","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM","speculative_eagle_topk":1,"speculative_num_steps":3,"speculative_num_draft_tokens":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with EAGLE needs a hybrid-SWA or Mamba-hybrid target.
pub static UM_EAGLE_TARGET: RuleInfo = RuleInfo {
    code: "KV063",
    name: "unified-memory-eagle-target",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "--enable-unified-memory + EAGLE/EAGLE3 requires a unified target (hybrid-SWA or a mamba hybrid): the draft's KV lives fused inside the full-attention page envelope.",
        ),
        (
            VersionRange::V23,
            "--enable-unified-memory + EAGLE/EAGLE3 requires a unified target (hybrid-SWA or a mamba hybrid): the draft's KV lives fused inside the target's sub-pool entries.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 607),
        (VersionRange::V23, HOOK, 610),
    ],
    title: doc!("Unified memory with EAGLE needs a hybrid-SWA or Mamba-hybrid target"),
    explanation: doc!(
        "With unified memory the EAGLE draft's KV lives fused inside the target's pool entries, which only the hybrid-SWA and Mamba-hybrid unified pools provide."
    ),
    trigger: doc!(
        "--enable-unified-memory with EAGLE or EAGLE3 on a target that is neither hybrid SWA nor a Mamba hybrid."
    ),
    solutions: doc_list!["Drop --enable-unified-memory for this model."],
    flags: &["speculative_algorithm", "enable_unified_memory"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"speculative_algorithm":"EAGLE","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM","speculative_eagle_topk":1,"speculative_num_steps":3,"speculative_num_draft_tokens":4}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with EAGLE needs spec-verify-audited target backends.
pub static UM_EAGLE_BACKENDS: RuleInfo = RuleInfo {
    code: "KV064",
    name: "unified-memory-eagle-backends",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory + EAGLE/EAGLE3 requires the target on the spec-verify-audited attention backends {sorted(eagle_allowed)} (got {sorted(eagle_backends, key=str)}).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 619),
        (VersionRange::V23, HOOK, 622),
    ],
    title: doc!("Unified memory with EAGLE needs spec-verify-audited target backends"),
    explanation: doc!(
        "The target verifies on its own pages through the translated rails: MLA targets need triton, trtllm_mla, cutedsl_mla, flashmla, flashinfer or fa3; MHA targets triton, flashinfer, fa3 (0.5.23 also trtllm_mha)."
    ),
    trigger: doc!(
        "--enable-unified-memory with EAGLE/EAGLE3 and a resolved prefill or decode backend outside that set."
    ),
    solutions: doc_list!["Use --attention-backend triton, flashinfer or fa3."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"speculative_algorithm":"EAGLE","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM","attention_backend":"fa4"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"speculative_algorithm":"EAGLE","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM","attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with EAGLE needs the draft on a translated MHA backend.
pub static UM_EAGLE_DRAFT: RuleInfo = RuleInfo {
    code: "KV065",
    name: "unified-memory-eagle-draft-backend",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "--enable-unified-memory + EAGLE/EAGLE3 runs the draft on {sorted(draft_backends)}, but a fused draft is MHA-shaped and reads its KV through the translated MHA rails {sorted(TRANSLATED_MHA_RAILS)}. Set --speculative-draft-attention-backend to one of them.",
        ),
        (
            VersionRange::V23,
            "--enable-unified-memory + EAGLE/EAGLE3 runs the draft on {sorted(draft_backends)}, but a fused draft is MHA-shaped and reads its KV through the translated MHA rails {sorted(_SPEC_MHA_AUDITED_BACKENDS)}. Set --speculative-draft-attention-backend to one of them.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 631),
        (VersionRange::V23, HOOK, 634),
    ],
    title: doc!("Unified memory with EAGLE needs the draft on a translated MHA backend"),
    explanation: doc!(
        "A fused EAGLE draft is MHA-shaped and reads its KV through the translated MHA rails (triton, flashinfer, fa3; 0.5.23 also trtllm_mha). An unset draft backend inherits the target's pair."
    ),
    trigger: doc!(
        "--enable-unified-memory with EAGLE/EAGLE3 and a draft attention backend (or, unset, a target backend) outside that set."
    ),
    solutions: doc_list!["Set --speculative-draft-attention-backend triton."],
    flags: &[
        "speculative_draft_attention_backend",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"speculative_algorithm":"EAGLE","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM","speculative_draft_attention_backend":"fa4"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"speculative_algorithm":"EAGLE","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM","speculative_draft_attention_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory does not support --enable-two-batch-overlap.
pub static UM_TBO: RuleInfo = RuleInfo {
    code: "KV066",
    name: "unified-memory-two-batch-overlap",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_21),
            "--enable-unified-memory does not support --enable-two-batch-overlap: TBO's replay split hands each child a view without the pre-translate write loc, so a captured decode replay raises. TODO(ch-wan): carry out_cache_loc_virtual into the child view.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "--enable-unified-memory does not support --enable-two-batch-overlap: the iteration's read tables are indexed by the whole batch's rows, and a TBO child's readers do not offset into them.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 250),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 570),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 646),
        (VersionRange::V23, HOOK, 653),
    ],
    title: doc!("Unified memory does not support --enable-two-batch-overlap"),
    explanation: doc!(
        "The unified pool's read tables are indexed by the whole batch's rows; two-batch-overlap children do not offset into them."
    ),
    trigger: doc!("--enable-unified-memory with --enable-two-batch-overlap."),
    solutions: doc_list!["Drop one of the two flags."],
    flags: &["enable_two_batch_overlap", "enable_unified_memory"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"enable_two_batch_overlap":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory is not compatible with --enable-lmcache.
pub static UM_LMCACHE: RuleInfo = RuleInfo {
    code: "KV067",
    name: "unified-memory-lmcache",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "--enable-unified-memory is not yet compatible with hierarchical / host-tiered KV cache (--enable-hierarchical-cache / --enable-lmcache): the unified-memory-pool init wires up no host pools, and its device mamba / full-attention slots are VIRTUAL — the host-offload path does not translate them to physical.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "--enable-unified-memory is not yet compatible with --enable-lmcache: the LMCache offload path indexes the device buffers with the ids it is handed, and under the unified pool those are VIRTUAL.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 249),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 256),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 576),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 651),
        (VersionRange::V23, HOOK, 658),
    ],
    title: doc!("Unified memory is not compatible with --enable-lmcache"),
    explanation: doc!(
        "LMCache indexes device buffers with the ids it is handed, which are virtual under the unified pool. Up to 0.5.20 the hierarchical (host-tiered) cache is refused too: the unified pool wires up no host pools and the host-offload path does not translate its virtual slots."
    ),
    trigger: doc!(
        "--enable-unified-memory with --enable-lmcache; up to 0.5.20 also with --enable-hierarchical-cache."
    ),
    solutions: doc_list!["Drop one of the two flags."],
    flags: &[
        "enable_lmcache",
        "enable_hierarchical_cache",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"enable_lmcache":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory does not support --enable-unified-cache-external-linker.
pub static UM_EXT_LINKER: RuleInfo = RuleInfo {
    code: "KV068",
    name: "unified-memory-external-linker",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory does not support --enable-unified-cache-external-linker: direct L3 transfers do not preserve unified page-envelope indices and compaction lifetimes. Use --enable-hierarchical-cache for supported L2/L3 transfers.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 656),
        (VersionRange::V23, HOOK, 663),
    ],
    title: doc!("Unified memory does not support --enable-unified-cache-external-linker"),
    explanation: doc!(
        "Direct L3 transfers do not preserve the unified page-envelope indices and compaction lifetimes."
    ),
    trigger: doc!("--enable-unified-memory with --enable-unified-cache-external-linker."),
    solutions: doc_list!["Use --enable-hierarchical-cache instead."],
    flags: &[
        "enable_unified_cache_external_linker",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"enable_unified_cache_external_linker":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with EAGLE does not support host-pool decode retraction.
pub static UM_EAGLE_HOSTPOOL: RuleInfo = RuleInfo {
    code: "KV069",
    name: "unified-memory-eagle-host-pool",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory + EAGLE/EAGLE3 does not support --disaggregation-decode-retraction-backup=host_pool: the backup builds the draft's host pool off the draft's own device pool, which a fused EAGLE draft does not have.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 662),
        (VersionRange::V23, HOOK, 669),
    ],
    title: doc!("Unified memory with EAGLE does not support host-pool decode retraction"),
    explanation: doc!(
        "The retraction backup builds the draft's host pool from the draft's own device pool, which a fused EAGLE draft does not have. No launch of 0.5.22 or 0.5.23 reaches this assert: host_pool needs a PD decode server (KV014), whose unified memory needs the mooncake transfer backend (KV051), which refuses any speculative algorithm first (KV053)."
    ),
    trigger: doc!(
        "--enable-unified-memory, EAGLE/EAGLE3 and --disaggregation-decode-retraction-backup host_pool."
    ),
    solutions: doc_list!["Drop --disaggregation-decode-retraction-backup host_pool."],
    flags: &[
        "disaggregation_decode_retraction_backup",
        "enable_unified_memory",
        "speculative_algorithm",
    ],
    ..RuleInfo::BASE
};

/// Unified memory with EAGLE does not support --enable-hierarchical-cache.
pub static UM_EAGLE_HICACHE: RuleInfo = RuleInfo {
    code: "KV070",
    name: "unified-memory-eagle-hicache",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory + EAGLE/EAGLE3 does not support --enable-hierarchical-cache: HiCache keeps the draft on a private pool, and would pack an MTP head's KV into the target's page-envelope host pool, which refuses per-layer draft loads.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 671),
        (VersionRange::V23, HOOK, 678),
    ],
    title: doc!("Unified memory with EAGLE does not support --enable-hierarchical-cache"),
    explanation: doc!(
        "HiCache keeps the draft on a private pool and would pack an MTP head's KV into the target's page-envelope host pool."
    ),
    trigger: doc!("--enable-unified-memory, EAGLE/EAGLE3 and --enable-hierarchical-cache."),
    solutions: doc_list!["Drop --enable-hierarchical-cache."],
    flags: &[
        "enable_hierarchical_cache",
        "enable_unified_memory",
        "speculative_algorithm",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"speculative_algorithm":"EAGLE","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM","enable_hierarchical_cache":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"speculative_algorithm":"EAGLE","speculative_draft_model_path":"tools/oracle/models/LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with trtllm_mha decode needs --disable-cuda-graph (0.5.22).
pub static UM_TRTLLM_MHA_CG: RuleInfo = RuleInfo {
    code: "KV071",
    name: "unified-memory-trtllm-mha-cuda-graph",
    exception: Some("AssertionError"),
    versions: VersionRange::between(SglangVersion::V0_5_22, SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory does not yet support decode cuda graphs with the trtllm_mha attention backend: its replay refills the page table from the previous replay's sequence lengths. Pass --disable-cuda-graph, or pick another decode attention backend (fa3 / fa4 / flashinfer / triton).",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_22), HOOK, 715)],
    title: doc!("Unified memory with trtllm_mha decode needs --disable-cuda-graph (0.5.22)"),
    explanation: doc!(
        "In 0.5.22 the trtllm_mha decode graph replay refills its page table from the previous replay's sequence lengths, so SGLang refuses decode CUDA graphs with it under unified memory."
    ),
    trigger: doc!(
        "SGLang 0.5.22, --enable-unified-memory, a resolved trtllm_mha decode backend (the default for MHA models on B200) and decode CUDA graphs on."
    ),
    solutions: doc_list![
        "Add --disable-cuda-graph.",
        "Pick another decode backend (fa3, fa4, flashinfer, triton)."
    ],
    flags: &[
        "disable_cuda_graph",
        "decode_attention_backend",
        "attention_backend",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.22","gpu":"B200","arch":"LlamaForCausalLM","enable_unified_memory":true}"#,
        r#"{"sglang":"0.5.22","gpu":"B200","arch":"LlamaForCausalLM","enable_unified_memory":true,"disable_cuda_graph":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with --dcp-size > 1 supports MLA models only.
pub static UM_DCP_MLA: RuleInfo = RuleInfo {
    code: "KV072",
    name: "unified-memory-dcp-mla-only",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory with decode context parallelism (--dcp-size > 1) supports MLA models only (e.g. kimi-linear): the MHA unified pool has no DCP-aware masked write path (UnifiedMHATokenToKVPool.set_kv_buffer asserts dcp_kv_mask is None).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 303),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 621),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 732),
        (VersionRange::V23, HOOK, 727),
    ],
    title: doc!("Unified memory with --dcp-size > 1 supports MLA models only"),
    explanation: doc!("The MHA unified pool has no DCP-aware masked write path."),
    trigger: doc!("--enable-unified-memory with --dcp-size > 1 on an MHA model."),
    solutions: doc_list!["Drop --dcp-size or --enable-unified-memory."],
    flags: &["dcp_size", "enable_unified_memory"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"tp_size":2,"dcp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with --dcp-size > 1 does not support hybrid SWA models.
pub static UM_DCP_SWA: RuleInfo = RuleInfo {
    code: "KV073",
    name: "unified-memory-dcp-swa",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory with decode context parallelism (--dcp-size > 1) does not support hybrid sliding-window models: UnifiedSWATokenToKVPoolAllocator does not widen its virtual id space, and the full->swa mapping is not DCP-sharded.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 309),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 627),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 738),
        (VersionRange::V23, HOOK, 733),
    ],
    title: doc!("Unified memory with --dcp-size > 1 does not support hybrid SWA models"),
    explanation: doc!(
        "The unified SWA allocator does not widen its virtual id space and the full-to-SWA mapping is not DCP-sharded. It needs an MLA model with hybrid sliding-window attention; no architecture of Preflight's model catalogue is both, so no example launch reaches it (a launch's own config.json could)."
    ),
    trigger: doc!(
        "--enable-unified-memory with --dcp-size > 1 on a hybrid sliding-window MLA model."
    ),
    solutions: doc_list!["Drop --dcp-size or --enable-unified-memory."],
    flags: &["dcp_size", "enable_unified_memory"],
    ..RuleInfo::BASE
};

/// Unified memory with --dcp-size > 1 does not support PD disaggregation.
pub static UM_DCP_PD: RuleInfo = RuleInfo {
    code: "KV074",
    name: "unified-memory-dcp-pd",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory with decode context parallelism (--dcp-size > 1) does not support PD disaggregation: the transfer ships whole page envelopes, which under DCP hold only this rank's shard of each widened page. Rejected here rather than at the first KV transfer, where translate_kv_indices_for_transfer would abort a server that had already booted.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 316),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 634),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 745),
        (VersionRange::V23, HOOK, 740),
    ],
    title: doc!("Unified memory with --dcp-size > 1 does not support PD disaggregation"),
    explanation: doc!(
        "The transfer ships whole page envelopes, which under DCP hold only this rank's shard of each widened page."
    ),
    trigger: doc!("--enable-unified-memory, --dcp-size > 1 and PD disaggregation."),
    solutions: doc_list!["Drop --dcp-size or --enable-unified-memory."],
    flags: &["dcp_size", "enable_unified_memory", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","enable_unified_memory":true,"tp_size":2,"dcp_size":2,"disaggregation_mode":"prefill","attention_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","enable_unified_memory":true,"tp_size":2,"dcp_size":2,"attention_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory with --dcp-size > 1 needs flashinfer, trtllm_mla or cutedsl_mla.
pub static UM_DCP_BACKENDS: RuleInfo = RuleInfo {
    code: "KV075",
    name: "unified-memory-dcp-backends",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory with decode context parallelism (--dcp-size > 1) requires {sorted(dcp_allowed)} for the full-attention layers; got {sorted(backends)}. The other paged MLA backends build their block table from raw (widened) req_to_token page ids and do not translate them through the unified pool's virtual->physical page table.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 330),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 648),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 759),
        (VersionRange::V23, HOOK, 754),
    ],
    title: doc!("Unified memory with --dcp-size > 1 needs flashinfer, trtllm_mla or cutedsl_mla"),
    explanation: doc!(
        "Only these paged MLA backends translate the widened DCP page ids through the unified pool's virtual-to-physical page table (0.5.22 also tokenspeed_mla)."
    ),
    trigger: doc!(
        "--enable-unified-memory, --dcp-size > 1 on an MLA model, and a resolved prefill or decode backend outside that set."
    ),
    solutions: doc_list!["Use --attention-backend flashinfer (or trtllm_mla on Blackwell)."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
        "dcp_size",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","enable_unified_memory":true,"tp_size":2,"dcp_size":2,"attention_backend":"triton"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","enable_unified_memory":true,"tp_size":2,"dcp_size":2,"attention_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-page-major-kv-layout needs --enable-unified-memory.
pub static PM_NO_UNIFIED: RuleInfo = RuleInfo {
    code: "KV076",
    name: "page-major-without-unified-memory",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--enable-page-major-kv-layout without --enable-unified-memory is temporarily unsupported: the strided MHA K/V views were removed and the static-pool page-major layout awaits its per-layer-view reimplementation. Run with --enable-unified-memory, or drop --enable-page-major-kv-layout.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 297),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 354),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 672),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 782),
        (VersionRange::V23, HOOK, 783),
    ],
    title: doc!("--enable-page-major-kv-layout needs --enable-unified-memory"),
    explanation: doc!(
        "The static-pool page-major layout was removed; the page-major KV layout is only available through the unified memory pool (which implies it)."
    ),
    trigger: doc!("--enable-page-major-kv-layout without --enable-unified-memory."),
    solutions: doc_list![
        "Add --enable-unified-memory.",
        "Drop --enable-page-major-kv-layout."
    ],
    flags: &["enable_page_major_kv_layout", "enable_unified_memory"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_page_major_kv_layout":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_page_major_kv_layout":true,"enable_unified_memory":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory does not admit asymmetric K/V rows (0.5.22).
pub static UM_ASYMMETRIC: RuleInfo = RuleInfo {
    code: "KV077",
    name: "unified-memory-asymmetric-kv",
    exception: Some("AssertionError"),
    versions: VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_22),
    messages: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_21),
            "--enable-unified-memory requires uniform K/V rows (head_dim == v_head_dim); this model has head_dim={model_config.head_dim}, v_head_dim={model_config.v_head_dim}, swa_head_dim={model_config.swa_head_dim}, swa_v_head_dim={model_config.swa_v_head_dim}. The unified pool's per-layer views require a uniform row width; run this model without --enable-unified-memory.",
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "--enable-unified-memory does not yet admit asymmetric K/V rows (head_dim != v_head_dim); this model has head_dim={model_config.head_dim}, v_head_dim={model_config.v_head_dim}, swa_head_dim={model_config.swa_head_dim}, swa_v_head_dim={model_config.swa_v_head_dim}. The token-major views can hold them, but the backends' write and read paths are not audited for it; run this model without --enable-unified-memory.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 309),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 366),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 684),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 794),
    ],
    title: doc!("Unified memory does not admit asymmetric K/V rows (0.5.21-0.5.22)"),
    explanation: doc!(
        "In 0.5.21 and 0.5.22 the unified pool refuses MHA models whose K and V head dims differ (head_dim != v_head_dim, or the SWA pair); 0.5.23 admits them on triton, fa3 and fa4."
    ),
    trigger: doc!(
        "SGLang 0.5.21 or 0.5.22, --enable-unified-memory, a non-MLA model with asymmetric K/V head dims."
    ),
    solutions: doc_list!["Run the model without --enable-unified-memory."],
    flags: &["enable_unified_memory"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.22","gpu":"H100","arch":"MiMoV2ASRForCausalLM","enable_unified_memory":true}"#,
        r#"{"sglang":"0.5.22","gpu":"H100","arch":"MiMoV2ASRForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory / page-major KV layout needs a stride-aware attention backend.
pub static PM_BACKENDS: RuleInfo = RuleInfo {
    code: "KV078",
    name: "page-major-attention-backends",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_21),
            "--enable-page-major-kv-layout: the resolved attention backends {sorted(backends)} are not in the allowed set {sorted(allowed_full)} for this configuration (unified memory allows the per-layer-view families; plain page-major keeps the envelope-strided views only Triton reads). Pass a compatible --attention-backend.",
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "--enable-page-major-kv-layout: the resolved attention backends {sorted(backends)} are not in the allowed set {sorted(allowed_full)} for this configuration (unified memory allows the stride-aware per-layer-view families). Pass a compatible --attention-backend.",
        ),
        (
            VersionRange::V23,
            "--enable-page-major-kv-layout: the resolved attention backends {sorted(backends)} are not in the allowed set {sorted(allowed_full)} for this configuration. Pass a compatible --attention-backend.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 351),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 408),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 726),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 834),
        (VersionRange::V23, HOOK, 822),
    ],
    title: doc!("Unified memory / page-major KV layout needs a stride-aware attention backend"),
    explanation: doc!(
        "Under the page-major layout the attention kernels must address the per-layer views by their strides: MLA models allow triton, fa3, trtllm_mla, flashinfer, cutedsl_mla, flashmla (0.5.22 also tokenspeed_mla); MHA models triton, fa3, fa4, flashinfer, trtllm_mha; MHA models with asymmetric K/V rows (0.5.23) triton, fa3, fa4."
    ),
    trigger: doc!(
        "--enable-unified-memory (or --enable-page-major-kv-layout with it) and a resolved prefill or decode attention backend outside the allowed set."
    ),
    solutions: doc_list!["Pass a compatible --attention-backend (e.g. triton)."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"attention_backend":"torch_native"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"attention_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory / page-major KV layout restricts the linear-attention decode backend.
pub static PM_LINEAR_DECODE: RuleInfo = RuleInfo {
    code: "KV079",
    name: "page-major-linear-decode-backend",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--enable-page-major-kv-layout: linear-attention DECODE backend must be one of {sorted(decode_allowed)} for the strided conv/SSM state; got {resolved_linear_decode!r}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 378),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 435),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 753),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 860),
        (VersionRange::V23, HOOK, 848),
    ],
    title: doc!(
        "Unified memory / page-major KV layout restricts the linear-attention decode backend"
    ),
    explanation: doc!(
        "The strided conv/SSM state of the page-major layout is read correctly only by triton and flashinfer (plus cutedsl and helion on KDA / MLA hybrids)."
    ),
    trigger: doc!(
        "--enable-unified-memory with a resolved linear-attention decode backend outside that set."
    ),
    solutions: doc_list!["Use --linear-attn-decode-backend triton."],
    flags: &[
        "linear_attn_decode_backend",
        "linear_attn_backend",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"linear_attn_decode_backend":"cutedsl"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"linear_attn_decode_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory / page-major KV layout restricts the linear-attention prefill backend.
pub static PM_LINEAR_PREFILL: RuleInfo = RuleInfo {
    code: "KV080",
    name: "page-major-linear-prefill-backend",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--enable-page-major-kv-layout: linear-attention PREFILL backend must be one of {sorted(prefill_allowed)} for the strided conv/SSM state; got {resolved_linear_prefill!r}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 383),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 440),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 758),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 865),
        (VersionRange::V23, HOOK, 853),
    ],
    title: doc!(
        "Unified memory / page-major KV layout restricts the linear-attention prefill backend"
    ),
    explanation: doc!(
        "The strided conv/SSM state is read correctly only by triton, flashkda (and flashinfer from 0.5.23), plus cutedsl and helion on KDA / MLA hybrids."
    ),
    trigger: doc!(
        "--enable-unified-memory with a resolved linear-attention prefill backend outside that set."
    ),
    solutions: doc_list!["Use --linear-attn-prefill-backend triton."],
    flags: &[
        "linear_attn_prefill_backend",
        "linear_attn_backend",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"linear_attn_prefill_backend":"cutedsl"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"linear_attn_prefill_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unified memory / page-major KV layout needs --mamba-backend triton.
pub static PM_MAMBA_BACKEND: RuleInfo = RuleInfo {
    code: "KV081",
    name: "page-major-mamba-backend",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--enable-page-major-kv-layout requires the Triton Mamba kernels for the strided conv/SSM state; got {cfg.mamba_backend!r}. Pass --mamba-backend triton.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 388),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 445),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 763),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 870),
        (VersionRange::V23, HOOK, 858),
    ],
    title: doc!("Unified memory / page-major KV layout needs --mamba-backend triton"),
    explanation: doc!(
        "Only the Triton Mamba kernels read the strided conv/SSM state of the page-major layout."
    ),
    trigger: doc!("--enable-unified-memory with --mamba-backend other than triton."),
    solutions: doc_list!["Pass --mamba-backend triton."],
    flags: &["mamba_backend", "enable_unified_memory"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"mamba_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_unified_memory":true,"mamba_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// 0.5.21: unified-memory host-pool retraction with the decode radix cache.
pub static UM_HOSTPOOL_RADIX: RuleInfo = RuleInfo {
    code: "KV082",
    name: "unified-memory-host-pool-decode-radix",
    exception: Some("AssertionError"),
    versions: VersionRange::only(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory host-pool decode retraction does not support decode radix-cache H2D/D2H transfers yet.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_21), HOOK, 533)],
    title: doc!(
        "Unified memory host-pool retraction does not support the decode radix cache (0.5.21)"
    ),
    explanation: doc!(
        "In 0.5.21 the host-pool decode retraction backup of a unified-memory decode server has no radix-cache H2D/D2H transfers."
    ),
    trigger: doc!(
        "SGLang 0.5.21, --enable-unified-memory, a PD decode server with --disaggregation-decode-retraction-backup host_pool and --disaggregation-decode-enable-radix-cache."
    ),
    solutions: doc_list![
        "Drop --disaggregation-decode-enable-radix-cache or the host_pool backup."
    ],
    flags: &[
        "disaggregation_decode_enable_radix_cache",
        "disaggregation_decode_retraction_backup",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.21","gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode","disaggregation_decode_retraction_backup":"host_pool","disaggregation_decode_enable_radix_cache":true}"#,
        r#"{"sglang":"0.5.21","gpu":"H100","arch":"LlamaForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode","disaggregation_decode_retraction_backup":"host_pool"}"#,
    ))),
    ..RuleInfo::BASE
};

/// 0.5.21: unified-memory host-pool retraction on a hybrid SWA model.
pub static UM_HOSTPOOL_SWA: RuleInfo = RuleInfo {
    code: "KV083",
    name: "unified-memory-host-pool-swa",
    exception: Some("AssertionError"),
    versions: VersionRange::only(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory host-pool decode retraction does not support hybrid-SWA H2D/D2H transfers yet.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_21), HOOK, 541)],
    title: doc!("Unified memory host-pool retraction does not support hybrid SWA models (0.5.21)"),
    explanation: doc!(
        "In 0.5.21 the host-pool decode retraction backup of a unified-memory decode server has no hybrid sliding-window transfers."
    ),
    trigger: doc!(
        "SGLang 0.5.21, --enable-unified-memory, a PD decode server with --disaggregation-decode-retraction-backup host_pool, on a hybrid SWA model."
    ),
    solutions: doc_list!["Drop the host_pool backup or --enable-unified-memory."],
    flags: &[
        "disaggregation_decode_retraction_backup",
        "enable_unified_memory",
    ],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.21","gpu":"H100","arch":"GptOssForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode","disaggregation_decode_retraction_backup":"host_pool"}"#,
        r#"{"sglang":"0.5.21","gpu":"H100","arch":"GptOssForCausalLM","enable_unified_memory":true,"disaggregation_mode":"decode"}"#,
    ))),
    ..RuleInfo::BASE
};

/// 0.5.19's unified memory refuses decode context parallelism outright; 0.5.20 replaced the assert
/// with `_validate_unified_memory_dcp` (KV072-KV075).
pub static UM_DCP_0_5_19: RuleInfo = RuleInfo {
    code: "KV084",
    name: "unified-memory-dcp-0-5-19",
    exception: Some("AssertionError"),
    versions: VersionRange::only(SglangVersion::V0_5_19),
    messages: &[(
        VersionRange::ALL,
        "--enable-unified-memory is not yet compatible with decode context parallelism (--dcp-size > 1): the pool has no DCP-aware masked write path (UnifiedMHATokenToKVPool.set_kv_buffer asserts dcp_kv_mask is None), so a DCP run would boot and then fail on the first KV write.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_19), HOOK, 256)],
    title: doc!("Unified memory does not support --dcp-size > 1 (0.5.19)"),
    explanation: doc!(
        "In 0.5.19 the unified memory pool has no DCP-aware masked KV write, so SGLang refuses --enable-unified-memory with decode context parallelism; 0.5.20 allows it for MLA models on some backends."
    ),
    trigger: doc!("--enable-unified-memory with --dcp-size other than 1, SGLang 0.5.19."),
    solutions: doc_list![
        "Drop --dcp-size or --enable-unified-memory.",
        "Use SGLang 0.5.20 or later with an MLA model."
    ],
    flags: &["dcp_size", "enable_unified_memory"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","sglang":"0.5.19","enable_unified_memory":true,"tp_size":2,"dcp_size":2}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","sglang":"0.5.19","enable_unified_memory":true,"tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};
/// Upstream checks of `kv_cache_hook.py` not modelled, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: "python/sglang/srt/arg_groups/kv_cache_hook.py",
        function: "handle_unified_memory_pool",
        message: "--enable-unified-memory supports decode cuda-graph capture only",
        reason: "0.5.19 only: raised when --cuda-graph-backend-prefill is given and the prefill CUDA-graph backend is still enabled at this hook; that backend is resolved by hooks Preflight does not port (cuda_graph_hook.py and the attention hook's disables), so Preflight cannot tell whether it is still on",
    },
    Unmodelled {
        file: "python/sglang/srt/arg_groups/kv_cache_hook.py",
        function: "handle_prefill_only_disable_kv_cache",
        message: "must run after _handle_attention_backend_compatibility",
        reason: "an ordering guard of SGLang's own pipeline (the attention backend is always resolved by then); no launch reaches it",
    },
];

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &UM_HOSTPOOL_RADIX,
    &UM_HOSTPOOL_SWA,
    &UM_SPEC_VERIFY,
    &UM_PD_TRANSFER,
    &UM_PD_PP,
    &UM_PD_MOONCAKE_SPEC,
    &UM_PD_LAZY,
    &UM_PD_HISPARSE,
    &UM_OFFLOAD_FILE,
    &UM_OFFLOAD_MLA,
    &UM_OFFLOAD_MAMBA,
    &UM_OFFLOAD_SWA,
    &UM_HOSTPOOL_MAMBA,
    &UM_SPEC_ALGO,
    &UM_TOPK,
    &UM_EAGLE_TARGET,
    &UM_EAGLE_BACKENDS,
    &UM_EAGLE_DRAFT,
    &UM_TBO,
    &UM_LMCACHE,
    &UM_EXT_LINKER,
    &UM_EAGLE_HOSTPOOL,
    &UM_EAGLE_HICACHE,
    &UM_TRTLLM_MHA_CG,
    &UM_DCP_MLA,
    &UM_DCP_SWA,
    &UM_DCP_PD,
    &UM_DCP_BACKENDS,
    &UM_DCP_0_5_19,
    &PM_NO_UNIFIED,
    &UM_ASYMMETRIC,
    &PM_BACKENDS,
    &PM_LINEAR_DECODE,
    &PM_LINEAR_PREFILL,
    &PM_MAMBA_BACKEND,
    &MXFP8_BLACKWELL,
    &KV4_NON_CUDA,
    &NVFP4_ARCH,
    &KV4_MIXED,
    &KV4_FA4_MLA,
    &KV4_FA4_MHA,
    &KV4_MLA,
    &KV4_MHA,
    &NVFP4_DEQUANT_ONLY,
    &NVFP4_BACKEND_NEITHER,
    &NVFP4_NATIVE_SM100,
    &NVFP4_PREFILL_MISMATCH,
    &NVFP4_DECODE,
    &NVFP4_BACKENDS_INFO,
    &FP4_E2M1,
    &HOST_POOL_DECODE,
    &HOST_POOL_DCP,
    &HOST_POOL_PRIORITY,
    &HICACHE_NO_RADIX,
    &OFFLOAD_DECODE,
    &OFFLOAD_STORAGE,
    &OFFLOAD_HOST_POOL,
    &SWA_RATIO,
    &SWA_PREFIX_TAILS,
    &LMCACHE_HICACHE,
    &LMCACHE_LINKER,
    &LMCACHE_RADIX,
    &LMCACHE_SPEC,
    &LMCACHE_DP,
    &LMCACHE_DCP,
    &LMCACHE_STREAMING,
    &LMCACHE_BUFFER_ONLY,
    &LMCACHE_PD,
    &TLRU_NONNEG,
    &TLRU_ORDER,
    &KV4_UNIFIED,
    &NVFP4_SPEC_BLOCK,
    &NVFP4_SPEC_ALGO,
    &NVFP4_NGRAM_BREADTH,
    &NVFP4_DRAFT_BACKEND,
    &NVFP4_DRAFT_DEFAULT,
    &NVFP4_PD,
    &NVFP4_HOST_TIER,
    &PO_EMBEDDING,
    &PO_FP4,
    &PO_MXFP8,
    &PO_CHUNKED,
    &PO_RADIX,
    &PO_CP,
    &PO_PREFILL_CP,
    &PO_HISPARSE,
    &PO_FA_PREFILL,
];
