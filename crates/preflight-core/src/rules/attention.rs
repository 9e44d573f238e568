//! Attention-backend selection and generic compatibility
//! (`arg_groups/attention_hook.py`, `arg_groups/overrides.py`, `layers/attention/attention_registry.py`).

use super::{RuleInfo, Unmodelled};
use crate::report::{Severity, Stage};
use crate::version::{SglangVersion, VersionRange};

const OVERRIDES: &str = "python/sglang/srt/arg_groups/overrides.py";
const HOOK: &str = "python/sglang/srt/arg_groups/attention_hook.py";
const REGISTRY: &str = "python/sglang/srt/layers/attention/attention_registry.py";

/// Default backend fill.
pub static DEFAULT_BACKEND: RuleInfo = RuleInfo {
    code: "ATTN100",
    name: "attention-backend-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Attention backend not specified. Use {backend} backend by default.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1120),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1166),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1058),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1077),
        (VersionRange::V23, OVERRIDES, 1137),
    ],
    title: doc!("SGLang picks the attention backend"),
    explanation: doc!(
        "With no --attention-backend, SGLang chooses one from the GPU and the model: fa3 on Hopper, trtllm_mha (MHA) or flashinfer (MLA) on SM100, aiter on AMD, flashinfer on other NVIDIA GPUs for MHA models without attention sinks, and triton otherwise (MLA on Ampere/Ada/SM12x, sink models). Unset prefill/decode backends inherit it."
    ),
    trigger: doc!("--attention-backend unset (and no model-specific override chose one)."),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// Equal split backends collapse into the base backend.
pub static SPLIT_COLLAPSE: RuleInfo = RuleInfo {
    code: "ATTN101",
    name: "attention-split-collapse",
    severity: Severity::Info,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "attention_backend := {backend} (prefill and decode backends are equal)",
    )],
    sources: &[(VersionRange::V23, OVERRIDES, 1129)],
    title: doc!("Equal prefill and decode backends become the attention backend"),
    explanation: doc!(
        "When --prefill-attention-backend and --decode-attention-backend are the same, SGLang silently uses that value as --attention-backend too. (SGLang logs nothing; the message is Preflight's.)"
    ),
    trigger: doc!("prefill == decode backend."),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// FlashMLA forces page size 64.
pub static PAGE_FLASHMLA: RuleInfo = RuleInfo {
    code: "PAGE001",
    name: "page-size-flashmla",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "FlashMLA only supports a page_size of 64, change page_size to 64.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1138),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1184),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1073),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1092),
        (VersionRange::V23, OVERRIDES, 1151),
    ],
    title: doc!("FlashMLA runs with page size 64"),
    explanation: doc!(
        "The FlashMLA decode kernel works on 64-token pages; SGLang sets --page-size 64 whenever flashmla is the attention or decode backend, whatever was asked."
    ),
    trigger: doc!("flashmla as --attention-backend or --decode-attention-backend."),
    flags: &["page_size"],
    ..RuleInfo::BASE
};

/// TRT-LLM MLA page size 32 or 64.
pub static PAGE_TRTLLM_MLA: RuleInfo = RuleInfo {
    code: "PAGE002",
    name: "page-size-trtllm-mla",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "TensorRT-LLM MLA only supports page_size of 32 or 64, changing page_size from {page_size} to 64.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1155),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1193),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1082),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1101),
        (VersionRange::V23, OVERRIDES, 1160),
    ],
    title: doc!("trtllm_mla runs with page size 32 or 64"),
    explanation: doc!(
        "TRT-LLM's MLA kernels need 32- or 64-token pages; any other page size (including the default) becomes 64."
    ),
    trigger: doc!("trtllm_mla as attention or decode backend and page size not 32/64."),
    flags: &["page_size"],
    ..RuleInfo::BASE
};

/// TRT-LLM MHA page size 16/32/64/128.
pub static PAGE_TRTLLM_MHA: RuleInfo = RuleInfo {
    code: "PAGE003",
    name: "page-size-trtllm-mha",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "TensorRT-LLM MHA only supports page_size of 16, 32, 64 or 128, changing page_size from {page_size} to 64.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1188),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1226),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1115),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1134),
        (VersionRange::V23, OVERRIDES, 1184),
    ],
    title: doc!("trtllm_mha runs with page size 16, 32, 64 or 128"),
    explanation: doc!(
        "TRT-LLM's MHA kernels need paged KV with 16–128 tokens per page; other page sizes (including the default 1) become 64."
    ),
    trigger: doc!("trtllm_mha on any side and page size not in {16, 32, 64, 128}."),
    flags: &["page_size"],
    ..RuleInfo::BASE
};

/// CuteDSL MLA page size 32 or 64.
pub static PAGE_CUTEDSL_MLA: RuleInfo = RuleInfo {
    code: "PAGE004",
    name: "page-size-cutedsl-mla",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "CuteDSL MLA only supports page_size of 32 or 64, changing page_size from {page_size} to 64.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1174),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1212),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1101),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1120),
        (VersionRange::V23, OVERRIDES, 1170),
    ],
    title: doc!("cutedsl_mla runs with page size 32 or 64"),
    explanation: doc!("The CuteDSL MLA kernels need 32- or 64-token pages."),
    trigger: doc!("cutedsl_mla on any side and page size not 32/64."),
    flags: &["page_size"],
    ..RuleInfo::BASE
};

/// FA4 on SM100 forces page 128 for MHA.
pub static PAGE_FA4: RuleInfo = RuleInfo {
    code: "PAGE005",
    name: "page-size-fa4",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "FA4 backend only supports page size 128 for non-MLA model architectures, changing page_size from {page_size} to 128.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1311),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1349),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1232),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1256),
        (VersionRange::V23, OVERRIDES, 1293),
    ],
    title: doc!("FA4 on SM100 runs MHA models with page size 128"),
    explanation: doc!(
        "On SM100/SM103, FlashAttention 4 serves MHA models with 128-token pages; SGLang sets --page-size 128 (even when it already is 128)."
    ),
    trigger: doc!("fa4 on any side, MHA model, SM100/SM103, speculative top-k ≤ 1 or unset."),
    flags: &["page_size"],
    ..RuleInfo::BASE
};

/// The default page size 1.
pub static PAGE_DEFAULT: RuleInfo = RuleInfo {
    code: "PAGE100",
    name: "page-size-default",
    severity: Severity::Info,
    exception: None,
    raised_by_sglang: false,
    messages: &[(VersionRange::ALL, "page_size := 1 (default)")],
    sources: &[(VersionRange::V23, OVERRIDES, 1341)],
    title: doc!("Page size defaults to 1"),
    explanation: doc!(
        "Without --page-size and without a backend or model that needs larger pages, SGLang uses 1-token pages. (SGLang logs nothing; the message is Preflight's.)"
    ),
    trigger: doc!("--page-size unset and not set by any rewrite."),
    flags: &["page_size"],
    ..RuleInfo::BASE
};

/// TRT-LLM MLA only on Blackwell.
pub static TRTLLM_MLA_BLACKWELL: RuleInfo = RuleInfo {
    code: "ATTN001",
    name: "trtllm-mla-requires-blackwell",
    messages: &[(
        VersionRange::ALL,
        "TRTLLM MLA backend is only supported on Blackwell GPUs (SM100/SM12x). Please use a different backend.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1218),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1256),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1142),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1161),
        (VersionRange::V23, OVERRIDES, 1211),
    ],
    title: doc!("trtllm_mla needs a Blackwell GPU"),
    explanation: doc!(
        "TRT-LLM's MLA kernels exist only for Blackwell (SM100/SM103, SM110, SM120/SM121) with a CUDA ≥ 12.8 build; SGLang refuses them elsewhere during argument resolution."
    ),
    trigger: doc!("trtllm_mla as attention or decode backend and not is_blackwell."),
    situations: doc!("A B200 DeepSeek recipe reused on H100 or A100."),
    solutions: doc_list![
        "On Hopper use fa3 or flashmla; on Ampere/Ada use triton or flashinfer; or leave --attention-backend unset.",
    ],
    flags: &[
        "attention_backend",
        "decode_attention_backend",
        "cuda_version",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// TRT-LLM MLA KV dtypes.
pub static TRTLLM_MLA_KV: RuleInfo = RuleInfo {
    code: "ATTN002",
    name: "trtllm-mla-kv-cache-dtype",
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3, fp4_e2m1, bf16, or auto.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            "TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3, bf16, or auto.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1222),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1146),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1165),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1260),
        (VersionRange::V23, OVERRIDES, 1215),
    ],
    title: doc!("trtllm_mla reads only fp8_e4m3 or bf16 KV caches"),
    explanation: doc!(
        "TRT-LLM MLA accepts --kv-cache-dtype fp8_e4m3, bf16 or auto. Note that the long spelling bfloat16 is refused by this check, as are fp8_e5m2, mxfp8 and the FP4 formats."
    ),
    trigger: doc!(
        "trtllm_mla as attention or decode backend and --kv-cache-dtype not in {fp8_e4m3, bf16, auto}."
    ),
    solutions: doc_list!["Use --kv-cache-dtype fp8_e4m3, bf16 or auto."],
    flags: &["kv_cache_dtype", "attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","kv_cache_dtype":"bfloat16"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","kv_cache_dtype":"bf16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// TRT-LLM MHA prefill SM gate.
pub static TRTLLM_MHA_PREFILL_SM: RuleInfo = RuleInfo {
    code: "ATTN003",
    name: "trtllm-mha-prefill-requires-sm90-sm100-sm120",
    messages: &[(
        VersionRange::ALL,
        "TRTLLM MHA backend for prefill requires Hopper (SM90), Blackwell (SM100), or SM120 GPUs. Please use a different prefill backend.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 136),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 134),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 134),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 202),
        (VersionRange::V23, HOOK, 203),
    ],
    title: doc!("trtllm_mha prefill needs SM90, SM100 or SM120"),
    explanation: doc!(
        "TRT-LLM MHA prefill kernels exist for Hopper, SM100/SM103 and SM120/SM121 only (with a recent CUDA build). Ampere, Ada, Jetson Thor (SM110) and AMD GPUs are refused."
    ),
    trigger: doc!(
        "The resolved prefill backend is trtllm_mha and the GPU is none of SM90/SM100/SM120."
    ),
    solutions: doc_list!["Use flashinfer or triton, or leave --attention-backend unset."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "cuda_version",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"A100","arch":"LlamaForCausalLM","attention_backend":"trtllm_mha"}"#,
        r#"{"gpu":"A100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// TRT-LLM FMHAv2 on SM120: no fp8_e4m3 KV, no skip-softmax.
pub static TRTLLM_MHA_SM120_FP8: RuleInfo = RuleInfo {
    code: "ATTN004",
    name: "trtllm-mha-sm120-fp8",
    messages: &[(
        VersionRange::ALL,
        "TRTLLM FMHAv2 prefill on SM120 does not support fp8_e4m3 KV cache or skip-softmax.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 151),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 149),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 149),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 217),
        (VersionRange::V23, HOOK, 218),
    ],
    title: doc!("trtllm_mha prefill on SM120 cannot use an fp8_e4m3 KV cache"),
    explanation: doc!(
        "On SM120/SM121, TRT-LLM MHA prefill runs the FMHAv2 kernels, which support neither an fp8_e4m3 KV cache nor skip-softmax (SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR > 0)."
    ),
    trigger: doc!(
        "Prefill backend trtllm_mha on SM12x with --kv-cache-dtype fp8_e4m3 or skip-softmax enabled."
    ),
    solutions: doc_list![
        "Use --prefill-attention-backend flashinfer with --decode-attention-backend trtllm_mha.",
        "Use a bf16 KV cache.",
    ],
    flags: &[
        "prefill_attention_backend",
        "attention_backend",
        "kv_cache_dtype",
        "env.SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"LlamaForCausalLM","kv_cache_dtype":"fp8_e4m3","attention_backend":"trtllm_mha"}"#,
        r#"{"gpu":"RTX 5090","arch":"LlamaForCausalLM","kv_cache_dtype":"fp8_e4m3","attention_backend":"trtllm_mha","prefill_attention_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// TRT-LLM MHA decode SM gate.
pub static TRTLLM_MHA_DECODE_SM: RuleInfo = RuleInfo {
    code: "ATTN005",
    name: "trtllm-mha-decode-requires-sm90-sm100-sm120",
    messages: &[(
        VersionRange::ALL,
        "TRTLLM MHA backend for decode is only supported on Hopper (SM90), Blackwell (SM100) and (SM120) GPUs. Please use a different decode backend.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 158),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 156),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 156),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 224),
        (VersionRange::V23, HOOK, 225),
    ],
    title: doc!("trtllm_mha decode needs SM90, SM100 or SM120"),
    explanation: doc!(
        "TRT-LLM MHA decode kernels exist for Hopper, SM100/SM103 and SM120/SM121 only."
    ),
    trigger: doc!(
        "The resolved decode backend is trtllm_mha and the GPU is none of SM90/SM100/SM120."
    ),
    solutions: doc_list!["Use flashinfer or triton for decode."],
    flags: &["decode_attention_backend", "attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"L40S","arch":"LlamaForCausalLM","prefill_attention_backend":"flashinfer","decode_attention_backend":"trtllm_mha"}"#,
        r#"{"gpu":"L40S","arch":"LlamaForCausalLM","prefill_attention_backend":"flashinfer","decode_attention_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// FA3 + fp8_e5m2 → triton.
pub static FA3_E5M2_FALLBACK: RuleInfo = RuleInfo {
    code: "ATTN102",
    name: "fa3-fp8-e5m2-falls-back-to-triton",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "FlashAttention3 only supports fp8_e4m3 if using FP8; Setting attention backend to triton.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1288),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1326),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1209),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1228),
        (VersionRange::V23, OVERRIDES, 1265),
    ],
    title: doc!("fa3 with an fp8_e5m2 KV cache silently becomes triton"),
    explanation: doc!(
        "FlashAttention 3 reads FP8 KV caches only in e4m3; with fp8_e5m2 SGLang replaces --attention-backend fa3 by triton, which is usually slower."
    ),
    trigger: doc!("--attention-backend fa3 and --kv-cache-dtype fp8_e5m2."),
    solutions: doc_list!["Use --kv-cache-dtype fp8_e4m3 to keep fa3."],
    flags: &["kv_cache_dtype", "attention_backend"],
    ..RuleInfo::BASE
};

/// torch_native disables CUDA graphs.
pub static TORCH_NATIVE_NO_GRAPH: RuleInfo = RuleInfo {
    code: "ATTN103",
    name: "torch-native-disables-cuda-graph",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Cuda graph is disabled because of using torch native attention backend",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 58),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 56),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 56),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 124),
        (VersionRange::V23, HOOK, 125),
    ],
    title: doc!("torch_native attention turns CUDA graphs off"),
    explanation: doc!(
        "The torch_native backend cannot be captured in CUDA graphs, so SGLang disables them for prefill and decode; expect much slower decoding."
    ),
    trigger: doc!("--attention-backend torch_native."),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// flex_attention disables CUDA graphs.
pub static FLEX_NO_GRAPH: RuleInfo = RuleInfo {
    code: "ATTN104",
    name: "flex-attention-disables-cuda-graph",
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Cuda graph is disabled because of using torch Flex Attention backend",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 77),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 75),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 75),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 143),
        (VersionRange::V23, HOOK, 144),
    ],
    title: doc!("flex_attention turns CUDA graphs off"),
    explanation: doc!(
        "The Flex Attention backend is not captured in CUDA graphs; SGLang disables them."
    ),
    trigger: doc!("--attention-backend flex_attention."),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// FA3 registry gate.
pub static FA3_SM: RuleInfo = RuleInfo {
    code: "ATTN006",
    name: "fa3-requires-sm80-sm90",
    stage: Stage::Construction,
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), REGISTRY, 220),
        (VersionRange::only(SglangVersion::V0_5_20), REGISTRY, 232),
        (VersionRange::only(SglangVersion::V0_5_21), REGISTRY, 232),
        (VersionRange::only(SglangVersion::V0_5_22), REGISTRY, 248),
        (VersionRange::V23, REGISTRY, 243),
    ],
    title: doc!("fa3 needs SM80–SM90 (MLA models: SM90 only)"),
    explanation: doc!(
        "FlashAttention 3 is built for Hopper, and SGLang also allows it on Ampere/Ada for MHA models. MLA models need SM90, and Blackwell GPUs (SM100, SM110, SM120/121) are refused when the backend is created."
    ),
    trigger: doc!(
        "fa3 as a prefill or decode backend and not (SM major 8 with an MHA model, or SM major 9)."
    ),
    situations: doc!("An H100 recipe on a B200 or an RTX 5090; DeepSeek (MLA) with fa3 on A100."),
    solutions: doc_list![
        "On Blackwell use fa4, trtllm_mha or flashinfer (MHA) or leave the backend unset; for MLA on Ampere use triton or flashinfer.",
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"fa3"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// trtllm_mha on MLA.
pub static TRTLLM_MHA_NON_MLA: RuleInfo = RuleInfo {
    code: "ATTN007",
    name: "trtllm-mha-needs-mha-model",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "trtllm_mha backend can only be used with non-MLA models.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), REGISTRY, 260),
        (VersionRange::only(SglangVersion::V0_5_20), REGISTRY, 265),
        (VersionRange::only(SglangVersion::V0_5_21), REGISTRY, 265),
        (VersionRange::only(SglangVersion::V0_5_22), REGISTRY, 285),
        (VersionRange::V23, REGISTRY, 280),
    ],
    title: doc!("trtllm_mha cannot serve MLA models"),
    explanation: doc!(
        "MLA models (DeepSeek-V2/V3, Kimi K2, GLM-4.7-Flash …) need an MLA backend; trtllm_mha is for ordinary multi-head attention."
    ),
    trigger: doc!("trtllm_mha for an MLA model."),
    solutions: doc_list![
        "Use trtllm_mla on Blackwell, fa3/flashmla on Hopper, or leave the backend unset.",
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mha"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// trtllm_mla on MHA.
pub static TRTLLM_MLA_NEEDS_MLA: RuleInfo = RuleInfo {
    code: "ATTN008",
    name: "trtllm-mla-needs-mla-model",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "trtllm_mla backend can only be used with MLA models.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), REGISTRY, 80),
        (VersionRange::only(SglangVersion::V0_5_20), REGISTRY, 81),
        (VersionRange::only(SglangVersion::V0_5_21), REGISTRY, 81),
        (VersionRange::only(SglangVersion::V0_5_22), REGISTRY, 97),
        (VersionRange::V23, REGISTRY, 97),
    ],
    title: doc!("trtllm_mla needs an MLA model"),
    explanation: doc!(
        "trtllm_mla runs multi-head latent attention only; MHA models (Llama, Qwen, GLM-4.5, DeepSeek-V4 …) are refused."
    ),
    trigger: doc!("trtllm_mla for an MHA model."),
    solutions: doc_list!["Use trtllm_mha or leave the backend unset."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"trtllm_mla"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Deprecated backend aliases.
pub static ALIAS: RuleInfo = RuleInfo {
    code: "ATTN105",
    name: "attention-backend-alias",
    severity: Severity::Warning,
    exception: None,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_22),
            "--{attr}=compressed is deprecated; use 'dsv4' instead.",
        ),
        (
            VersionRange::V23,
            "--{attr}={old} is deprecated; use '{new}' instead.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/serving_hook.py",
            291,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/serving_hook.py",
            292,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/serving_hook.py",
            291,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/serving_hook.py",
            306,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/arg_groups/serving_hook.py",
            315,
        ),
    ],
    title: doc!("A deprecated backend name was rewritten"),
    explanation: doc!(
        "compressed is now dsv4 and tokenspeed_mla is now cutedsl_mla (0.5.23); SGLang rewrites the old names (a cutedsl_mla prefill becomes trtllm_mla, and tokenspeed_mla forces an fp8_e4m3 KV cache)."
    ),
    trigger: doc!("compressed or tokenspeed_mla in an attention-backend flag."),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// tokenspeed_mla forces fp8 KV.
pub static TOKENSPEED_FP8: RuleInfo = RuleInfo {
    code: "ATTN106",
    name: "tokenspeed-mla-fp8-kv",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::V23,
    messages: &[(
        VersionRange::V23,
        "tokenspeed_mla required FP8 KV; setting --kv-cache-dtype=fp8_e4m3.",
    )],
    sources: &[(
        VersionRange::V23,
        "python/sglang/srt/arg_groups/serving_hook.py",
        327,
    )],
    title: doc!("tokenspeed_mla forces an fp8_e4m3 KV cache"),
    explanation: doc!(
        "The old tokenspeed_mla name implies an FP8 KV cache; SGLang sets --kv-cache-dtype fp8_e4m3."
    ),
    trigger: doc!("tokenspeed_mla as attention or decode backend and another KV dtype."),
    flags: &["kv_cache_dtype"],
    ..RuleInfo::BASE
};

/// CuteDSL MLA decode-only.
pub static CUTEDSL_DECODE_ONLY: RuleInfo = RuleInfo {
    code: "ATTN009",
    name: "cutedsl-mla-decode-only",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "CuteDSL MLA only supports decoding for now",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1264),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1302),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1185),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1204),
        (VersionRange::V23, OVERRIDES, 1241),
    ],
    title: doc!("cutedsl_mla is a decode backend"),
    explanation: doc!(
        "CuteDSL MLA has no prefill kernel; SGLang pairs it with trtllm_mla for prefill."
    ),
    trigger: doc!("--prefill-attention-backend cutedsl_mla (with a different decode backend)."),
    solutions: doc_list![
        "Use --decode-attention-backend cutedsl_mla and leave the prefill backend unset."
    ],
    flags: &["prefill_attention_backend", "decode_attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","prefill_attention_backend":"cutedsl_mla","decode_attention_backend":"trtllm_mla"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","decode_attention_backend":"cutedsl_mla"}"#,
    ))),
    ..RuleInfo::BASE
};

/// CuteDSL MLA SM100 only.
pub static CUTEDSL_SM100: RuleInfo = RuleInfo {
    code: "ATTN010",
    name: "cutedsl-mla-requires-sm100",
    messages: &[(
        VersionRange::ALL,
        "CuteDSL MLA backend is only supported on Blackwell GPUs (SM100). Please use a different backend.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1268),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1306),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1189),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1208),
        (VersionRange::V23, OVERRIDES, 1245),
    ],
    title: doc!("cutedsl_mla needs SM100/SM103"),
    explanation: doc!(
        "CuteDSL MLA kernels exist for SM100/SM103 only (CUDA ≥ 12.8); SM110, SM120/SM121 and older GPUs are refused."
    ),
    trigger: doc!("cutedsl_mla on any side and not is_sm100."),
    solutions: doc_list!["Use trtllm_mla on other Blackwell GPUs, or leave the backend unset."],
    flags: &[
        "attention_backend",
        "decode_attention_backend",
        "prefill_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"DeepseekV3ForCausalLM","attention_backend":"cutedsl_mla"}"#,
        r#"{"gpu":"RTX 5090","arch":"DeepseekV3ForCausalLM","attention_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// CuteDSL MLA KV dtypes.
pub static CUTEDSL_KV: RuleInfo = RuleInfo {
    code: "ATTN011",
    name: "cutedsl-mla-kv-cache-dtype",
    messages: &[(
        VersionRange::ALL,
        "CuteDSL MLA backend only supports kv-cache-dtype of fp8_e4m3, bf16, or auto.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1277),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1315),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1198),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1217),
        (VersionRange::V23, OVERRIDES, 1254),
    ],
    title: doc!("cutedsl_mla reads only fp8_e4m3 or bf16 KV caches"),
    explanation: doc!("CuteDSL MLA accepts fp8_e4m3, bf16, bfloat16 or auto."),
    trigger: doc!("cutedsl_mla on any side and another KV dtype."),
    solutions: doc_list!["Use --kv-cache-dtype fp8_e4m3 or bf16."],
    flags: &["kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"cutedsl_mla","kv_cache_dtype":"fp8_e5m2"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"cutedsl_mla","kv_cache_dtype":"fp8_e4m3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// cutedsl prefill filled with trtllm_mla.
pub static CUTEDSL_PREFILL_FILL: RuleInfo = RuleInfo {
    code: "ATTN107",
    name: "cutedsl-mla-prefill-fill",
    severity: Severity::Info,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "prefill_attention_backend := trtllm_mla (cutedsl_mla is decode-only)",
    )],
    sources: &[(VersionRange::V23, OVERRIDES, 1258)],
    title: doc!("cutedsl_mla pairs with a trtllm_mla prefill"),
    explanation: doc!(
        "With cutedsl_mla and no prefill backend, SGLang sets --prefill-attention-backend trtllm_mla. (SGLang logs nothing; the message is Preflight's.)"
    ),
    trigger: doc!("cutedsl_mla used and --prefill-attention-backend unset."),
    flags: &["prefill_attention_backend"],
    ..RuleInfo::BASE
};

/// trtllm_mha + attention CP off SM100.
pub static TRTLLM_MHA_CP: RuleInfo = RuleInfo {
    code: "ATTN012",
    name: "trtllm-mha-prefill-cp-sm100",
    messages: &[(
        VersionRange::ALL,
        "Prefill context parallelism with the TRTLLM MHA prefill backend requires SM100 (trtllm-gen context kernel): the SM90/SM120 fmha_v2 prefill path does not implement CP shard masking.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 166),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 164),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 164),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 232),
        (VersionRange::V23, HOOK, 233),
    ],
    title: doc!("trtllm_mha prefill with context parallelism needs SM100"),
    explanation: doc!(
        "Only the SM100 trtllm-gen context kernel implements the masking needed for attention context parallelism."
    ),
    trigger: doc!("Prefill backend trtllm_mha, --attn-cp-size > 1, GPU not SM100."),
    solutions: doc_list!["Use --attn-cp-size 1 or another prefill backend."],
    flags: &[
        "attn_cp_size",
        "prefill_attention_backend",
        "attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"trtllm_mha","attn_cp_size":2,"tp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"trtllm_mha","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// HPC-Ops page 64.
pub static PAGE_HPC_OPS: RuleInfo = RuleInfo {
    code: "PAGE006",
    name: "page-size-hpc-ops",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "HPC-Ops attention only supports a page_size of 64, changing page_size from {page_size} to 64.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1198),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1236),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1125),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1144),
        (VersionRange::V23, OVERRIDES, 1194),
    ],
    title: doc!("hpc_ops runs with page size 64"),
    explanation: doc!("The HPC-Ops kernels need 64-token pages."),
    trigger: doc!("hpc_ops on any side and page size not 64."),
    flags: &["page_size"],
    ..RuleInfo::BASE
};

/// hybrid prefill/decode warning.
pub static HYBRID_WARN: RuleInfo = RuleInfo {
    code: "ATTN108",
    name: "hybrid-attention-backend",
    stage: Stage::Construction,
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Warning: Attention backend specified by --attention-backend or default backend might be overridden.The feature of hybrid attention backend is experimental and unstable. Please raise an issue if you encounter any problem.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/model_executor/model_runner_components/attention_backend_setup.py",
            225,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/model_executor/model_runner_components/attention_backend_setup.py",
            245,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/model_executor/model_runner_components/attention_backend_setup.py",
            245,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/model_executor/model_runner_components/attention_backend_setup.py",
            245,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/model_executor/model_runner_components/attention_backend_setup.py",
            251,
        ),
    ],
    title: doc!("Different prefill and decode backends are experimental"),
    explanation: doc!(
        "When the prefill and decode backends differ, SGLang builds a hybrid backend and warns that this is experimental."
    ),
    trigger: doc!("Resolved prefill backend ≠ decode backend."),
    flags: &["prefill_attention_backend", "decode_attention_backend"],
    ..RuleInfo::BASE
};

/// nsa deprecated.
pub static NSA_DEPRECATED: RuleInfo = RuleInfo {
    code: "ATTN109",
    name: "nsa-deprecated",
    stage: Stage::Construction,
    severity: Severity::Warning,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "attention-backend='nsa' is deprecated; use 'dsa' instead. The alias will be removed in a future release.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), REGISTRY, 148),
        (VersionRange::only(SglangVersion::V0_5_20), REGISTRY, 157),
        (VersionRange::only(SglangVersion::V0_5_21), REGISTRY, 157),
        (VersionRange::only(SglangVersion::V0_5_22), REGISTRY, 173),
        (VersionRange::V23, REGISTRY, 169),
    ],
    title: doc!("nsa is the old name of dsa"),
    explanation: doc!(
        "DeepSeek Sparse Attention used to be called NSA; the nsa backend name still works but is deprecated."
    ),
    trigger: doc!("--attention-backend nsa."),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// cutedsl_mla on MHA.
pub static CUTEDSL_NEEDS_MLA: RuleInfo = RuleInfo {
    code: "ATTN013",
    name: "cutedsl-mla-needs-mla-model",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "cutedsl_mla backend can only be used with MLA models.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), REGISTRY, 110),
        (VersionRange::only(SglangVersion::V0_5_20), REGISTRY, 110),
        (VersionRange::only(SglangVersion::V0_5_21), REGISTRY, 110),
        (VersionRange::only(SglangVersion::V0_5_22), REGISTRY, 126),
        (VersionRange::V23, REGISTRY, 121),
    ],
    title: doc!("cutedsl_mla needs an MLA model"),
    explanation: doc!("cutedsl_mla runs multi-head latent attention only."),
    trigger: doc!("cutedsl_mla for an MHA model."),
    solutions: doc_list!["Leave the backend unset."],
    flags: &["attention_backend", "decode_attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","decode_attention_backend":"cutedsl_mla"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// trtllm_mha page >= 128 limits on SM100.
pub static TRTLLM_MHA_PAGE128: RuleInfo = RuleInfo {
    code: "ATTN014",
    name: "trtllm-mha-large-page",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "trtllm_mha with page_size={page_size} requires trtllm-gen's dynamic tokens-per-page kernels, which only support GQA (q heads per kv head > 1, got {num_q_heads}/{num_kv_heads}) with equal QK/V head dims (got {head_dim}/{v_head_dim}) and a power-of-2 page size. Use --page-size 64 instead.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/layers/attention/trtllm_mha_backend.py",
            254,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/layers/attention/trtllm_mha_backend.py",
            253,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/layers/attention/trtllm_mha_backend.py",
            366,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/layers/attention/trtllm_mha_backend.py",
            371,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/layers/attention/trtllm_mha_backend.py",
            383,
        ),
    ],
    title: doc!("trtllm_mha with page size ≥ 128 needs GQA, equal head dims and a power-of-2 page"),
    explanation: doc!(
        "On SM100 (trtllm-gen), pages of 128 tokens or more use dynamic tokens-per-page kernels that support only GQA models with equal QK/V head dims and power-of-2 pages."
    ),
    trigger: doc!(
        "trtllm_mha, page size ≥ 128, not SM90/SM120, and an MHA/MQA layout per rank, unequal head dims or a non-power-of-2 page."
    ),
    solutions: doc_list!["Use --page-size 64."],
    flags: &["page_size", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"trtllm_mha","page_size":128,"tp_size":8,"json_model_override_args":"{\"num_key_value_heads\": 32}"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"trtllm_mha","page_size":64,"tp_size":8,"json_model_override_args":"{\"num_key_value_heads\": 32}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DeepSeek-V3 trtllm_mla on SM100 default.
pub static DSV3_TRTLLM_MLA: RuleInfo = RuleInfo {
    code: "ATTN110",
    name: "deepseek-sm100-trtllm-mla",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Use trtllm_mla as attention backend on sm100 for DeepseekV3ForCausalLM",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/model_overrides/deepseek_v2.py",
            112,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/model_overrides/deepseek_v2.py",
            158,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/model_overrides/deepseek_v2.py",
            151,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/model_overrides/deepseek_v2.py",
            187,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/arg_groups/model_overrides/deepseek_v2.py",
            186,
        ),
    ],
    title: doc!("DeepSeek-family MLA models use trtllm_mla on SM100"),
    explanation: doc!(
        "On SM100/SM103 with no attention flag, DeepSeek-V3/R1, Kimi K2.5, Mistral Large 3 and other DeepSeek-family MLA models run trtllm_mla (page size 64). The log always names DeepseekV3ForCausalLM."
    ),
    trigger: doc!("A DeepSeek-family MLA (non-DSA) model on SM100 with no attention flags."),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// DeepSeek-V3 trtllm_mla prefill graph off.
pub static DSV3_PREFILL_GRAPH: RuleInfo = RuleInfo {
    code: "ATTN111",
    name: "deepseek-trtllm-mla-prefill-graph",
    severity: Severity::Warning,
    exception: None,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "Disabling prefill CUDA graph ({backend}) by default for the DeepSeek-V3 arch on the trtllm_mla attention backend (a captured prefill graph forces a FlashAttention fallback that regresses prefill). Set the prefill cuda graph backend explicitly (e.g. --cuda-graph-backend-prefill tc_piecewise) to override.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "Disabling prefill CUDA graph ({backend}) by default for the DeepSeek-V3 arch on the trtllm_mla attention backend (a captured prefill graph forces a FlashAttention fallback that regresses prefill). Set the prefill cuda graph backend explicitly (e.g. --cuda-graph-backend-prefill breakable) to override.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/cuda_graph_hook.py",
            261,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/cuda_graph_hook.py",
            368,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/cuda_graph_hook.py",
            388,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/cuda_graph_hook.py",
            396,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/arg_groups/cuda_graph_hook.py",
            300,
        ),
    ],
    title: doc!("DeepSeek-V3 on trtllm_mla runs prefill without CUDA graphs"),
    explanation: doc!(
        "A captured prefill graph would force a slower FlashAttention fallback, so SGLang disables the prefill CUDA graph for DeepSeek-V3 on trtllm_mla."
    ),
    trigger: doc!("DeepseekV3ForCausalLM with a trtllm_mla prefill backend."),
    flags: &[],
    ..RuleInfo::BASE
};

const HPC: &str = "python/sglang/srt/layers/attention/hpc_ops_backend.py";
const HPC_EXPL: &str = "hpc_ops is Tencent's HPC-Ops paged attention for Hopper: it needs the `hpc` package, an SM90 GPU, an MHA model with head_dim 128 and 4 or 8 query heads per KV head, 64-token pages, a bf16 or fp8_e4m3 KV cache (FP8 only for the per-rank head shapes its fused kernel was built for), and no speculative decoding.";

/// hpc_ops on an MLA model.
pub static HPC_NON_MLA: RuleInfo = RuleInfo {
    code: "ATTN015",
    name: "hpc-ops-needs-mha-model",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "hpc_ops backend can only be used with non-MLA models.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), REGISTRY, 269),
        (VersionRange::only(SglangVersion::V0_5_20), REGISTRY, 274),
        (VersionRange::only(SglangVersion::V0_5_21), REGISTRY, 274),
        (VersionRange::only(SglangVersion::V0_5_22), REGISTRY, 294),
        (VersionRange::V23, REGISTRY, 289),
    ],
    title: doc!("hpc_ops cannot serve MLA models"),
    explanation: doc!(HPC_EXPL),
    trigger: doc!("hpc_ops as a backend for an MLA model."),
    solutions: doc_list!["Leave the backend unset."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","attention_backend":"hpc_ops"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// hpc_ops with speculative decoding.
pub static HPC_SPEC: RuleInfo = RuleInfo {
    code: "ATTN016",
    name: "hpc-ops-no-spec",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "hpc_ops backend does not support speculative decoding for now.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), REGISTRY, 275),
        (VersionRange::only(SglangVersion::V0_5_20), REGISTRY, 280),
        (VersionRange::only(SglangVersion::V0_5_21), REGISTRY, 280),
        (VersionRange::only(SglangVersion::V0_5_22), REGISTRY, 300),
        (VersionRange::V23, REGISTRY, 295),
    ],
    title: doc!("hpc_ops cannot run speculative decoding"),
    explanation: doc!(HPC_EXPL),
    trigger: doc!("hpc_ops as a backend with --speculative-algorithm."),
    solutions: doc_list!["Use fa3 on Hopper for speculative decoding."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
        "speculative_algorithm",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"hpc_ops","speculative_algorithm":"EAGLE","speculative_num_steps":3,"speculative_eagle_topk":1,"speculative_num_draft_tokens":4}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"fa3","speculative_algorithm":"EAGLE","speculative_num_steps":3,"speculative_eagle_topk":1,"speculative_num_draft_tokens":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// hpc_ops needs SM90.
pub static HPC_SM90: RuleInfo = RuleInfo {
    code: "ATTN017",
    name: "hpc-ops-requires-sm90",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "The hpc_ops attention backend requires an SM90 (Hopper) GPU (the HPC-Ops kernels ship sm90a only), got sm{device_sm}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HPC, 137),
        (VersionRange::only(SglangVersion::V0_5_20), HPC, 137),
        (VersionRange::only(SglangVersion::V0_5_21), HPC, 137),
        (VersionRange::only(SglangVersion::V0_5_22), HPC, 138),
        (VersionRange::V23, HPC, 140),
    ],
    title: doc!("hpc_ops needs a Hopper GPU"),
    explanation: doc!(HPC_EXPL),
    trigger: doc!("hpc_ops on a GPU whose compute capability major is not 9."),
    solutions: doc_list!["Leave the backend unset."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"hpc_ops"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// hpc_ops KV dtype.
pub static HPC_KV: RuleInfo = RuleInfo {
    code: "ATTN019",
    name: "hpc-ops-kv-cache-dtype",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "The hpc_ops attention backend only supports bf16 or fp8_e4m3 KV cache, got {kv_cache_dtype}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HPC, 155),
        (VersionRange::only(SglangVersion::V0_5_20), HPC, 155),
        (VersionRange::only(SglangVersion::V0_5_21), HPC, 155),
        (VersionRange::only(SglangVersion::V0_5_22), HPC, 156),
        (VersionRange::V23, HPC, 158),
    ],
    title: doc!("hpc_ops reads only bf16 or fp8_e4m3 KV caches"),
    explanation: doc!(HPC_EXPL),
    trigger: doc!("hpc_ops with another KV dtype."),
    solutions: doc_list!["Use --kv-cache-dtype bf16."],
    flags: &["kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"hpc_ops","kv_cache_dtype":"fp8_e5m2"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"hpc_ops","kv_cache_dtype":"bf16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// hpc_ops FP8 head shapes.
pub static HPC_FP8_HEADS: RuleInfo = RuleInfo {
    code: "ATTN020",
    name: "hpc-ops-fp8-head-shape",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "The hpc_ops FP8 KV cache path requires per-rank (num_q_heads, num_kv_heads) in ((8, 1), (64, 8)) (the fused RoPE+quant kernel is specialized per shape), got {heads}. Adjust --tp accordingly or use --kv-cache-dtype bfloat16.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HPC, 170),
        (VersionRange::only(SglangVersion::V0_5_20), HPC, 170),
        (VersionRange::only(SglangVersion::V0_5_21), HPC, 169),
        (VersionRange::only(SglangVersion::V0_5_22), HPC, 170),
        (VersionRange::V23, HPC, 172),
    ],
    title: doc!("hpc_ops with FP8 KV supports only two per-GPU head shapes"),
    explanation: doc!(HPC_EXPL),
    trigger: doc!("hpc_ops, fp8_e4m3 KV, per-rank (q heads, kv heads) not (8, 1) or (64, 8)."),
    solutions: doc_list![
        "Use --kv-cache-dtype bfloat16, or a TP size that gives (8, 1) or (64, 8) heads per GPU.",
    ],
    flags: &["kv_cache_dtype", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"hpc_ops","kv_cache_dtype":"fp8_e4m3"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"hpc_ops","kv_cache_dtype":"fp8_e4m3","json_model_override_args":"{\"num_attention_heads\": 64, \"num_key_value_heads\": 8}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// hpc_ops head_dim / GQA.
pub static HPC_HEADS: RuleInfo = RuleInfo {
    code: "ATTN021",
    name: "hpc-ops-head-dim-gqa",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "The hpc_ops attention backend requires head_dim == 128 and num_q_heads // num_kv_heads in (4, 8), got head_dim={head_dim}, num_q_heads={num_q_heads}, num_kv_heads={num_kv_heads}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HPC, 186),
        (VersionRange::only(SglangVersion::V0_5_20), HPC, 186),
        (VersionRange::only(SglangVersion::V0_5_21), HPC, 185),
        (VersionRange::only(SglangVersion::V0_5_22), HPC, 186),
        (VersionRange::V23, HPC, 188),
    ],
    title: doc!("hpc_ops needs head_dim 128 and 4 or 8 query heads per KV head"),
    explanation: doc!(HPC_EXPL),
    trigger: doc!(
        "hpc_ops with a model whose head_dim is not 128 or whose GQA group is not 4 or 8."
    ),
    solutions: doc_list!["Leave the backend unset."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Gemma3ForCausalLM","attention_backend":"hpc_ops"}"#,
        r#"{"gpu":"H100","arch":"Gemma3ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// flashmla on an MHA model crashes at construction.
pub static FLASHMLA_NEEDS_MLA: RuleInfo = RuleInfo {
    code: "ATTN022",
    name: "flashmla-needs-mla-model",
    stage: Stage::Construction,
    severity: Severity::Warning,
    exception: Some("AttributeError"),
    messages: &[(
        VersionRange::ALL,
        "'ModelConfig' object has no attribute 'kv_lora_rank'",
    )],
    sources: &[(
        VersionRange::V23,
        "python/sglang/srt/layers/attention/flashmla_backend.py",
        90,
    )],
    title: doc!("flashmla needs an MLA model"),
    explanation: doc!(
        "FlashMLA is a multi-head latent attention kernel. SGLang has no check for it: building the backend for an MHA model (Llama, Qwen, GLM-4.5, DeepSeek-V4 …) reads the model's kv_lora_rank, which only MLA models have, and the launch crashes with an AttributeError. Shown as a warning because it is a crash, not one of SGLang's launch checks (the reference oracle does not count it either)."
    ),
    trigger: doc!("flashmla as the attention, prefill or decode backend of a non-MLA model."),
    solutions: doc_list![
        "Remove --attention-backend flashmla; SGLang picks a backend for the model."
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"flashmla"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Releases in which tokenspeed_mla is its own backend (0.5.23 renames it to cutedsl_mla).
const TOKENSPEED_OWN: VersionRange = VersionRange::until(SglangVersion::V0_5_22);

/// tokenspeed_mla page size 32/64 (0.5.19–0.5.22).
pub static PAGE_TOKENSPEED_MLA: RuleInfo = RuleInfo {
    code: "PAGE007",
    name: "page-size-tokenspeed-mla",
    severity: Severity::Info,
    exception: None,
    versions: TOKENSPEED_OWN,
    messages: &[(
        TOKENSPEED_OWN,
        "tokenspeed_mla only supports page_size of 32 or 64, changing page_size from {page_size} to 64.",
    )],
    sources: &[
        (VersionRange::V19, OVERRIDES, 1164),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1202),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1091),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1110),
    ],
    title: doc!("tokenspeed_mla runs with page size 32 or 64"),
    explanation: doc!(
        "Up to 0.5.22, tokenspeed_mla (attention or decode backend) needs 32- or 64-token pages; any other page size becomes 64."
    ),
    trigger: doc!(
        "tokenspeed_mla as attention or decode backend and page size not 32/64 (0.5.19–0.5.22)."
    ),
    flags: &["page_size"],
    ..RuleInfo::BASE
};

/// tokenspeed_mla only on Blackwell (0.5.19–0.5.22).
pub static TOKENSPEED_BLACKWELL: RuleInfo = RuleInfo {
    code: "ATTN023",
    name: "tokenspeed-mla-requires-blackwell",
    versions: TOKENSPEED_OWN,
    messages: &[(
        TOKENSPEED_OWN,
        "tokenspeed_mla backend is only supported on Blackwell GPUs (SM100/SM12x).",
    )],
    sources: &[
        (VersionRange::V19, OVERRIDES, 1230),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1268),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1154),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1173),
    ],
    title: doc!("tokenspeed_mla needs a Blackwell GPU"),
    explanation: doc!(
        "Up to 0.5.22, tokenspeed_mla as attention or decode backend is refused during argument resolution unless the GPU is a Blackwell (SM100/SM103, SM110, SM120/SM121). 0.5.23 renames it to cutedsl_mla."
    ),
    trigger: doc!(
        "tokenspeed_mla as attention or decode backend and not is_blackwell (0.5.19–0.5.22)."
    ),
    solutions: doc_list![
        "Leave --attention-backend unset, or use a backend of this GPU (fa3/flashmla on Hopper, triton/flashinfer elsewhere).",
    ],
    flags: &["attention_backend", "decode_attention_backend"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"DeepseekV3ForCausalLM","attention_backend":"tokenspeed_mla"}"#,
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"DeepseekV3ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// tokenspeed_mla needs an fp8_e4m3 KV cache (0.5.19–0.5.22).
pub static TOKENSPEED_KV: RuleInfo = RuleInfo {
    code: "ATTN024",
    name: "tokenspeed-mla-kv-cache-dtype",
    versions: TOKENSPEED_OWN,
    messages: &[(
        TOKENSPEED_OWN,
        "tokenspeed_mla backend requires kv-cache-dtype=fp8_e4m3, got {kv_cache_dtype}.",
    )],
    sources: &[
        (VersionRange::V19, OVERRIDES, 1234),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1272),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1158),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1177),
    ],
    title: doc!("tokenspeed_mla needs --kv-cache-dtype fp8_e4m3"),
    explanation: doc!(
        "Up to 0.5.22, tokenspeed_mla as attention or decode backend reads only an fp8_e4m3 KV cache and SGLang refuses anything else (0.5.23 sets fp8_e4m3 by itself)."
    ),
    trigger: doc!(
        "tokenspeed_mla as attention or decode backend and --kv-cache-dtype not fp8_e4m3 (0.5.19–0.5.22)."
    ),
    solutions: doc_list!["Add --kv-cache-dtype fp8_e4m3, or leave --attention-backend unset."],
    flags: &[
        "kv_cache_dtype",
        "attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"tokenspeed_mla"}"#,
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"tokenspeed_mla","kv_cache_dtype":"fp8_e4m3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// tokenspeed_mla on MHA (0.5.19–0.5.22).
pub static TOKENSPEED_NEEDS_MLA: RuleInfo = RuleInfo {
    code: "ATTN025",
    name: "tokenspeed-mla-needs-mla-model",
    stage: Stage::Construction,
    versions: TOKENSPEED_OWN,
    messages: &[(
        TOKENSPEED_OWN,
        "tokenspeed_mla backend can only be used with MLA models.",
    )],
    sources: &[
        (VersionRange::V19, REGISTRY, 99),
        (VersionRange::only(SglangVersion::V0_5_20), REGISTRY, 99),
        (VersionRange::only(SglangVersion::V0_5_21), REGISTRY, 99),
        (VersionRange::only(SglangVersion::V0_5_22), REGISTRY, 115),
    ],
    title: doc!("tokenspeed_mla needs an MLA model"),
    explanation: doc!(
        "Up to 0.5.22, the tokenspeed_mla backend runs multi-head latent attention only; for an MHA model its constructor refuses it."
    ),
    trigger: doc!("tokenspeed_mla for an MHA model (0.5.19–0.5.22)."),
    solutions: doc_list![
        "Leave the backend unset, or use one of the model's backends (triton, flashinfer, fa3, trtllm_mha).",
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"LlamaForCausalLM","prefill_attention_backend":"tokenspeed_mla"}"#,
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

const TOKENSPEED_BACKEND: &str = "python/sglang/srt/layers/attention/tokenspeed_mla_backend.py";

/// The tokenspeed_mla backend's own KV-dtype check at construction.
pub static TOKENSPEED_BACKEND_FP8: RuleInfo = RuleInfo {
    code: "ATTN026",
    name: "tokenspeed-mla-backend-fp8-kv",
    stage: Stage::Construction,
    versions: TOKENSPEED_OWN,
    messages: &[(
        TOKENSPEED_OWN,
        "tokenspeed_mla backend requires --kv-cache-dtype fp8_e4m3, got data_type={data_type}.",
    )],
    sources: &[
        (VersionRange::V19, TOKENSPEED_BACKEND, 128),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            TOKENSPEED_BACKEND,
            128,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            TOKENSPEED_BACKEND,
            128,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            TOKENSPEED_BACKEND,
            130,
        ),
    ],
    title: doc!("The tokenspeed_mla backend needs an FP8 KV cache"),
    explanation: doc!(
        "Up to 0.5.22, TokenspeedMLABackend.__init__ refuses any KV cache but fp8_e4m3. The argument check (ATTN024) looks only at --attention-backend and --decode-attention-backend, so tokenspeed_mla as the prefill backend alone reaches this constructor check."
    ),
    trigger: doc!(
        "tokenspeed_mla built (e.g. as --prefill-attention-backend) for an MLA model with a KV cache that is not fp8_e4m3 (0.5.19–0.5.22)."
    ),
    solutions: doc_list!["Add --kv-cache-dtype fp8_e4m3, or use trtllm_mla for prefill."],
    flags: &["prefill_attention_backend", "kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.22","gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"triton","prefill_attention_backend":"tokenspeed_mla"}"#,
        r#"{"sglang":"0.5.22","gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"triton","prefill_attention_backend":"tokenspeed_mla","kv_cache_dtype":"fp8_e4m3","page_size":64}"#,
    ))),
    ..RuleInfo::BASE
};

/// The tokenspeed_mla backend's own page-size check at construction.
pub static TOKENSPEED_BACKEND_PAGE: RuleInfo = RuleInfo {
    code: "ATTN027",
    name: "tokenspeed-mla-backend-page-size",
    stage: Stage::Construction,
    versions: TOKENSPEED_OWN,
    messages: &[(
        TOKENSPEED_OWN,
        "tokenspeed_mla backend requires page_size in {32, 64}, got page_size={page_size}.",
    )],
    sources: &[
        (VersionRange::V19, TOKENSPEED_BACKEND, 133),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            TOKENSPEED_BACKEND,
            133,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            TOKENSPEED_BACKEND,
            133,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            TOKENSPEED_BACKEND,
            135,
        ),
    ],
    title: doc!("The tokenspeed_mla backend needs 32- or 64-token pages"),
    explanation: doc!(
        "Up to 0.5.22, TokenspeedMLABackend.__init__ refuses any page size but 32 and 64, after its KV-dtype check (ATTN026)."
    ),
    trigger: doc!(
        "tokenspeed_mla built with an fp8_e4m3 KV cache and a page size other than 32 or 64 (0.5.19–0.5.22)."
    ),
    solutions: doc_list!["Set --page-size 64."],
    flags: &["page_size", "prefill_attention_backend"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.22","gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"triton","prefill_attention_backend":"tokenspeed_mla","kv_cache_dtype":"fp8_e4m3","page_size":16}"#,
        r#"{"sglang":"0.5.22","gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"triton","prefill_attention_backend":"tokenspeed_mla","kv_cache_dtype":"fp8_e4m3","page_size":64}"#,
    ))),
    ..RuleInfo::BASE
};

/// The triton backend on an encoder-decoder model (`create_triton_backend`).
pub static TRITON_CROSS_ATTN: RuleInfo = RuleInfo {
    code: "ATTN028",
    name: "triton-no-cross-attention",
    stage: Stage::Construction,
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "Cross attention is not supported in the triton attention backend. Please use `--attention-backend flashinfer`.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), REGISTRY, 213),
        (VersionRange::only(SglangVersion::V0_5_21), REGISTRY, 197),
        (VersionRange::only(SglangVersion::V0_5_20), REGISTRY, 197),
        (VersionRange::V19, REGISTRY, 185),
        (VersionRange::V23, REGISTRY, 208),
    ],
    title: doc!("triton cannot serve encoder-decoder models"),
    explanation: doc!(
        "The triton backend has no cross attention, so its constructor refuses encoder-decoder models (e.g. Whisper); SGLang asks for flashinfer."
    ),
    trigger: doc!("triton as a backend for an encoder-decoder model."),
    solutions: doc_list!["Use --attention-backend flashinfer."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"A100","arch":"WhisperForConditionalGeneration","attention_backend":"triton"}"#,
        r#"{"gpu":"A100","arch":"WhisperForConditionalGeneration","attention_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// 0.5.19: intel_xpu prefill on an MLA model.
pub static INTEL_XPU_MLA_PREFILL: RuleInfo = RuleInfo {
    code: "ATTN029",
    name: "intel-xpu-mla-prefill",
    versions: VersionRange::V19,
    messages: &[(
        VersionRange::ALL,
        "intel_xpu backend is only supported on decode for MLA models, please set --decode-attention-backend to intel_xpu and do not set --attention-backend or --prefill-attention-backend to intel_xpu for prefill instead use triton.",
    )],
    sources: &[(VersionRange::V19, HOOK, 207)],
    title: doc!("intel_xpu is a decode-only backend for MLA models (0.5.19)"),
    explanation: doc!(
        "In 0.5.19 handle_attention_backend_compatibility refuses an MLA model whose resolved prefill attention backend is intel_xpu, on any platform (the check is not gated on XPU). Later releases dropped the check."
    ),
    trigger: doc!(
        "SGLang 0.5.19, an MLA model, --attention-backend intel_xpu or --prefill-attention-backend intel_xpu."
    ),
    solutions: doc_list![
        "Use --prefill-attention-backend triton (intel_xpu only for decode).",
        "Pick a backend of your GPU."
    ],
    flags: &["attention_backend", "prefill_attention_backend"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"DeepseekV3ForCausalLM","attention_backend":"intel_xpu"}"#,
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"DeepseekV3ForCausalLM","attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// trtllm_mla cannot decode under DCP with speculative decoding.
pub static TRTLLM_MLA_DCP_SPEC: RuleInfo = RuleInfo {
    code: "ATTN032",
    name: "trtllm-mla-dcp-speculative",
    stage: Stage::Construction,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_22),
            "trtllm_mla cannot serve decode context parallelism with speculative decoding: it does not forward the cyclic DCP metadata to its decode kernel and returns no rank-local LSE for the cross-rank merge. Select cutedsl_mla or tokenspeed_mla.",
        ),
        (
            VersionRange::V23,
            "trtllm_mla cannot serve decode context parallelism with speculative decoding: it does not forward the cyclic DCP metadata to its decode kernel and returns no rank-local LSE for the cross-rank merge. Select cutedsl_mla.",
        ),
    ],
    sources: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_21),
            REGISTRY,
            85,
        ),
        (VersionRange::since(SglangVersion::V0_5_22), REGISTRY, 101),
    ],
    title: doc!("trtllm_mla cannot decode with --dcp-size > 1 and speculative decoding"),
    explanation: doc!(
        "When the trtllm_mla backend is built (for prefill or decode) and the decode backend is trtllm_mla, decode context parallelism together with a speculative algorithm is refused: the kernel gets no cyclic DCP metadata and returns no rank-local LSE for the cross-rank merge."
    ),
    trigger: doc!(
        "--dcp-size > 1, a speculative algorithm, and trtllm_mla as the decode attention backend (an MLA model)."
    ),
    solutions: doc_list![
        "Use --decode-attention-backend cutedsl_mla.",
        "Drop --dcp-size or the speculative algorithm."
    ],
    flags: &[
        "decode_attention_backend",
        "attention_backend",
        "dcp_size",
        "speculative_algorithm",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","tp_size":8,"dcp_size":2,"speculative_algorithm":"NEXTN"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","decode_attention_backend":"cutedsl_mla","tp_size":8,"dcp_size":2,"speculative_algorithm":"NEXTN"}"#,
    ))),
    ..RuleInfo::BASE
};

/// 0.5.19: a dual-chunk-attention checkpoint needs the dual-chunk backend.
pub static DUAL_CHUNK_BACKEND: RuleInfo = RuleInfo {
    code: "ATTN031",
    name: "dual-chunk-attention-backend",
    versions: VersionRange::V19,
    messages: &[(
        VersionRange::ALL,
        "Dual chunk attention is enabled, but attention backend is set to {view.attention_backend}. Please set it to 'dual_chunk_flash_attn'.",
    )],
    sources: &[(VersionRange::V19, OVERRIDES, 1369)],
    title: doc!(
        "A dual-chunk-attention checkpoint needs --attention-backend dual_chunk_flash_attn (0.5.19)"
    ),
    explanation: doc!(
        "In 0.5.19 `_attention_backend_dual_chunk` runs after the default backend was filled in: a checkpoint whose config.json has `dual_chunk_attention_config` (the Qwen2.5 1M-context models) is refused unless the resolved attention backend is dual_chunk_flash_attn, so leaving --attention-backend unset is refused too (its branch for an unset backend is never reached). Later releases dropped the dual-chunk backend."
    ),
    trigger: doc!(
        "SGLang 0.5.19, a config.json with dual_chunk_attention_config, and an attention backend other than dual_chunk_flash_attn (including the default one)."
    ),
    solutions: doc_list![
        "Pass --attention-backend dual_chunk_flash_attn.",
        "Remove dual_chunk_attention_config from the config (--json-model-override-args cannot unset it) to serve the model with ordinary attention."
    ],
    flags: &["attention_backend"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"Qwen2ForCausalLM","json_model_override_args":"{\"dual_chunk_attention_config\": {\"chunk_size\": 262144, \"local_size\": 8192, \"original_max_position_embeddings\": 32768}}"}"#,
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"Qwen2ForCausalLM","json_model_override_args":"{\"dual_chunk_attention_config\": {\"chunk_size\": 262144, \"local_size\": 8192, \"original_max_position_embeddings\": 32768}}","attention_backend":"dual_chunk_flash_attn"}"#,
    ))),
    ..RuleInfo::BASE
};

/// 0.5.19: the dual-chunk backend turns mixed chunking and the radix cache off.
pub static DUAL_CHUNK_NO_RADIX: RuleInfo = RuleInfo {
    code: "ATTN112",
    name: "dual-chunk-disables-radix-and-mixed-chunk",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::V19,
    messages: &[(
        VersionRange::ALL,
        "Mixed chunk and radix cache are disabled when using dual-chunk flash attention backend",
    )],
    sources: &[(VersionRange::V19, HOOK, 216)],
    title: doc!("dual_chunk_flash_attn turns the radix cache and mixed chunking off (0.5.19)"),
    explanation: doc!(
        "With the resolved attention backend dual_chunk_flash_attn, 0.5.19's handle_attention_backend_compatibility declares enable_mixed_chunk=False and disable_radix_cache=True: prefix caching is off."
    ),
    trigger: doc!("SGLang 0.5.19 with attention backend dual_chunk_flash_attn."),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// Multi-item scoring needs flashinfer on both sides.
pub static MIS_FLASHINFER: RuleInfo = RuleInfo {
    code: "ATTN030",
    name: "multi-item-scoring-flashinfer",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "Multi-item scoring requires flashinfer attention backend for custom attention mask support. Please set --attention-backend flashinfer when using --enable-mis. Current backends: prefill={prefill_backend}, decode={decode_backend}",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 508),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 487),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 484),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 572),
        (VersionRange::V23, HOOK, 573),
    ],
    title: doc!("--enable-mis needs the flashinfer attention backend"),
    explanation: doc!(
        "Multi-item scoring uses a custom attention mask that only the flashinfer backend supports. SGLang turns CUDA graphs, the radix cache and chunked prefill off for --enable-mis itself, but does not change the attention backend: it asserts that both the resolved prefill and decode backends are flashinfer."
    ),
    trigger: doc!(
        "--enable-mis with a resolved prefill or decode attention backend other than flashinfer (including the GPU's default, e.g. fa3 on Hopper)."
    ),
    solutions: doc_list!["Add --attention-backend flashinfer."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
        "enable_mis",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_mis":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_mis":true,"attention_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The checks of attention_hook.py deliberately not modelled.
pub static UNMODELLED: &[Unmodelled] = &[Unmodelled {
    file: HOOK,
    function: "_check_xpu_dcp",
    message: "",
    reason: "runs only on Intel XPU (`cfg.dcp_size > 1 and get_platform().is_xpu`, attention_hook.py:275@0.5.23); Preflight's GPU catalogue models NVIDIA (CUDA) and AMD (ROCm) GPUs only (domains/gpu.rs `Vendor`), so no modelled launch reaches these --dcp-size checks",
}];

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &INTEL_XPU_MLA_PREFILL,
    &TRTLLM_MLA_DCP_SPEC,
    &DUAL_CHUNK_BACKEND,
    &DUAL_CHUNK_NO_RADIX,
    &MIS_FLASHINFER,
    &TOKENSPEED_BACKEND_FP8,
    &TOKENSPEED_BACKEND_PAGE,
    &TRITON_CROSS_ATTN,
    &PAGE_TOKENSPEED_MLA,
    &TOKENSPEED_BLACKWELL,
    &TOKENSPEED_KV,
    &TOKENSPEED_NEEDS_MLA,
    &DEFAULT_BACKEND,
    &SPLIT_COLLAPSE,
    &PAGE_FLASHMLA,
    &PAGE_TRTLLM_MLA,
    &PAGE_TRTLLM_MHA,
    &PAGE_CUTEDSL_MLA,
    &PAGE_FA4,
    &PAGE_DEFAULT,
    &TRTLLM_MLA_BLACKWELL,
    &TRTLLM_MLA_KV,
    &TRTLLM_MHA_PREFILL_SM,
    &TRTLLM_MHA_SM120_FP8,
    &TRTLLM_MHA_DECODE_SM,
    &FA3_E5M2_FALLBACK,
    &TORCH_NATIVE_NO_GRAPH,
    &FLEX_NO_GRAPH,
    &FA3_SM,
    &TRTLLM_MHA_NON_MLA,
    &TRTLLM_MLA_NEEDS_MLA,
    &ALIAS,
    &TOKENSPEED_FP8,
    &CUTEDSL_DECODE_ONLY,
    &CUTEDSL_SM100,
    &CUTEDSL_KV,
    &CUTEDSL_PREFILL_FILL,
    &TRTLLM_MHA_CP,
    &PAGE_HPC_OPS,
    &HYBRID_WARN,
    &NSA_DEPRECATED,
    &CUTEDSL_NEEDS_MLA,
    &TRTLLM_MHA_PAGE128,
    &DSV3_TRTLLM_MLA,
    &DSV3_PREFILL_GRAPH,
    &HPC_NON_MLA,
    &HPC_SPEC,
    &HPC_SM90,
    &HPC_KV,
    &HPC_FP8_HEADS,
    &HPC_HEADS,
    &FLASHMLA_NEEDS_MLA,
];
