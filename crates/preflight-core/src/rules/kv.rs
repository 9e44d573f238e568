//! KV-cache dtype checks (`arg_groups/kv_cache_hook.py`, `mem_cache/kv_cache_dtype.py`).

use super::RuleInfo;
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
    messages: &[(
        VersionRange::ALL,
        "KV4 FA4 MLA expects decode_attention_backend to be one of ['flashinfer', 'trtllm_mla'], but got {decode_backend}",
    )],
    sources: &[
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

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
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
];
