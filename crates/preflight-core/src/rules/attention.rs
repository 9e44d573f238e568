//! Attention-backend selection and generic compatibility
//! (`arg_groups/attention_hook.py`, `arg_groups/overrides.py`, `layers/attention/attention_registry.py`).

use super::RuleInfo;
use crate::report::{Severity, Stage};
use crate::version::VersionRange;

const OVERRIDES: &str = "python/sglang/srt/arg_groups/overrides.py";
const HOOK: &str = "python/sglang/srt/arg_groups/attention_hook.py";
const REGISTRY: &str = "python/sglang/srt/layers/attention/attention_registry.py";
const MODEL_HOOK: &str = "python/sglang/srt/arg_groups/model_hook.py";

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
    sources: &[(VersionRange::V23, OVERRIDES, 1137)],
    title: "SGLang picks the attention backend",
    explanation: "With no --attention-backend, SGLang chooses one from the GPU and the model: fa3 on Hopper, trtllm_mha (MHA) or flashinfer (MLA) on SM100, aiter on AMD, flashinfer on other NVIDIA GPUs for MHA models without attention sinks, and triton otherwise (MLA on Ampere/Ada/SM12x, sink models). Unset prefill/decode backends inherit it.",
    trigger: "--attention-backend unset (and no model-specific override chose one).",
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// Equal split backends collapse into the base backend.
pub static SPLIT_COLLAPSE: RuleInfo = RuleInfo {
    code: "ATTN101",
    name: "attention-split-collapse",
    severity: Severity::Info,
    exception: None,
    raised_by_sglang: true,
    messages: &[(
        VersionRange::ALL,
        "attention_backend := {backend} (prefill and decode backends are equal)",
    )],
    sources: &[(VersionRange::V23, OVERRIDES, 1129)],
    title: "Equal prefill and decode backends become the attention backend",
    explanation: "When --prefill-attention-backend and --decode-attention-backend are the same, SGLang silently uses that value as --attention-backend too. (SGLang logs nothing; the message is Preflight's.)",
    trigger: "prefill == decode backend.",
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
    sources: &[(VersionRange::V23, OVERRIDES, 1147)],
    title: "FlashMLA runs with page size 64",
    explanation: "The FlashMLA decode kernel works on 64-token pages; SGLang sets --page-size 64 whenever flashmla is the attention or decode backend, whatever was asked.",
    trigger: "flashmla as --attention-backend or --decode-attention-backend.",
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
    sources: &[(VersionRange::V23, OVERRIDES, 1155)],
    title: "trtllm_mla runs with page size 32 or 64",
    explanation: "TRT-LLM's MLA kernels need 32- or 64-token pages; any other page size (including the default) becomes 64.",
    trigger: "trtllm_mla as attention or decode backend and page size not 32/64.",
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
    sources: &[(VersionRange::V23, OVERRIDES, 1174)],
    title: "trtllm_mha runs with page size 16, 32, 64 or 128",
    explanation: "TRT-LLM's MHA kernels need paged KV with 16–128 tokens per page; other page sizes (including the default 1) become 64.",
    trigger: "trtllm_mha on any side and page size not in {16, 32, 64, 128}.",
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
    sources: &[(VersionRange::V23, OVERRIDES, 1164)],
    title: "cutedsl_mla runs with page size 32 or 64",
    explanation: "The CuteDSL MLA kernels need 32- or 64-token pages.",
    trigger: "cutedsl_mla on any side and page size not 32/64.",
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
    sources: &[(VersionRange::V23, OVERRIDES, 1274)],
    title: "FA4 on SM100 runs MHA models with page size 128",
    explanation: "On SM100/SM103, FlashAttention 4 serves MHA models with 128-token pages; SGLang sets --page-size 128 (even when it already is 128).",
    trigger: "fa4 on any side, MHA model, SM100/SM103, speculative top-k ≤ 1 or unset.",
    flags: &["page_size"],
    ..RuleInfo::BASE
};

/// The default page size 1.
pub static PAGE_DEFAULT: RuleInfo = RuleInfo {
    code: "PAGE100",
    name: "page-size-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(VersionRange::ALL, "page_size := 1 (default)")],
    sources: &[(VersionRange::V23, OVERRIDES, 1341)],
    title: "Page size defaults to 1",
    explanation: "Without --page-size and without a backend or model that needs larger pages, SGLang uses 1-token pages. (SGLang logs nothing; the message is Preflight's.)",
    trigger: "--page-size unset and not set by any rewrite.",
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
    sources: &[(VersionRange::V23, OVERRIDES, 1204)],
    title: "trtllm_mla needs a Blackwell GPU",
    explanation: "TRT-LLM's MLA kernels exist only for Blackwell (SM100/SM103, SM110, SM120/SM121) with a CUDA ≥ 12.8 build; SGLang refuses them elsewhere during argument resolution.",
    trigger: "trtllm_mla as attention or decode backend and not is_blackwell.",
    situations: "A B200 DeepSeek recipe reused on H100 or A100.",
    solutions: &[
        "On Hopper use fa3 or flashmla; on Ampere/Ada use triton or flashinfer; or leave --attention-backend unset.",
    ],
    flags: &[
        "attention_backend",
        "decode_attention_backend",
        "cuda_version",
    ],
    example: Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM"}"#,
    )),
    ..RuleInfo::BASE
};

/// TRT-LLM MLA KV dtypes.
pub static TRTLLM_MLA_KV: RuleInfo = RuleInfo {
    code: "ATTN002",
    name: "trtllm-mla-kv-cache-dtype",
    messages: &[
        (
            VersionRange::V19,
            "TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3, fp4_e2m1, bf16, or auto.",
        ),
        (
            VersionRange::V23,
            "TensorRT-LLM MLA backend only supports kv-cache-dtype of fp8_e4m3, bf16, or auto.",
        ),
    ],
    sources: &[(VersionRange::V23, OVERRIDES, 1214)],
    title: "trtllm_mla reads only fp8_e4m3 or bf16 KV caches",
    explanation: "TRT-LLM MLA accepts --kv-cache-dtype fp8_e4m3, bf16 or auto. Note that the long spelling bfloat16 is refused by this check, as are fp8_e5m2, mxfp8 and the FP4 formats.",
    trigger: "trtllm_mla as attention or decode backend and --kv-cache-dtype not in {fp8_e4m3, bf16, auto}.",
    solutions: &["Use --kv-cache-dtype fp8_e4m3, bf16 or auto."],
    flags: &["kv_cache_dtype", "attention_backend"],
    example: Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","kv_cache_dtype":"bfloat16"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","kv_cache_dtype":"bf16"}"#,
    )),
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
    sources: &[(VersionRange::V23, HOOK, 198)],
    title: "trtllm_mha prefill needs SM90, SM100 or SM120",
    explanation: "TRT-LLM MHA prefill kernels exist for Hopper, SM100/SM103 and SM120/SM121 only (with a recent CUDA build). Ampere, Ada, Jetson Thor (SM110) and AMD GPUs are refused.",
    trigger: "The resolved prefill backend is trtllm_mha and the GPU is none of SM90/SM100/SM120.",
    solutions: &["Use flashinfer or triton, or leave --attention-backend unset."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "cuda_version",
    ],
    example: Some((
        r#"{"gpu":"A100","arch":"LlamaForCausalLM","attention_backend":"trtllm_mha"}"#,
        r#"{"gpu":"A100","arch":"LlamaForCausalLM"}"#,
    )),
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
    sources: &[(VersionRange::V23, HOOK, 207)],
    title: "trtllm_mha prefill on SM120 cannot use an fp8_e4m3 KV cache",
    explanation: "On SM120/SM121, TRT-LLM MHA prefill runs the FMHAv2 kernels, which support neither an fp8_e4m3 KV cache nor skip-softmax (SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR > 0).",
    trigger: "Prefill backend trtllm_mha on SM12x with --kv-cache-dtype fp8_e4m3 or skip-softmax enabled.",
    solutions: &[
        "Use --prefill-attention-backend flashinfer with --decode-attention-backend trtllm_mha.",
        "Use a bf16 KV cache.",
    ],
    flags: &[
        "prefill_attention_backend",
        "attention_backend",
        "kv_cache_dtype",
        "env.SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR",
    ],
    example: Some((
        r#"{"gpu":"RTX 5090","arch":"LlamaForCausalLM","kv_cache_dtype":"fp8_e4m3","attention_backend":"trtllm_mha"}"#,
        r#"{"gpu":"RTX 5090","arch":"LlamaForCausalLM","kv_cache_dtype":"fp8_e4m3","attention_backend":"trtllm_mha","prefill_attention_backend":"flashinfer"}"#,
    )),
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
    sources: &[(VersionRange::V23, HOOK, 222)],
    title: "trtllm_mha decode needs SM90, SM100 or SM120",
    explanation: "TRT-LLM MHA decode kernels exist for Hopper, SM100/SM103 and SM120/SM121 only.",
    trigger: "The resolved decode backend is trtllm_mha and the GPU is none of SM90/SM100/SM120.",
    solutions: &["Use flashinfer or triton for decode."],
    flags: &["decode_attention_backend", "attention_backend"],
    example: Some((
        r#"{"gpu":"L40S","arch":"LlamaForCausalLM","prefill_attention_backend":"flashinfer","decode_attention_backend":"trtllm_mha"}"#,
        r#"{"gpu":"L40S","arch":"LlamaForCausalLM","prefill_attention_backend":"flashinfer","decode_attention_backend":"flashinfer"}"#,
    )),
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
    sources: &[(VersionRange::V23, OVERRIDES, 1263)],
    title: "fa3 with an fp8_e5m2 KV cache silently becomes triton",
    explanation: "FlashAttention 3 reads FP8 KV caches only in e4m3; with fp8_e5m2 SGLang replaces --attention-backend fa3 by triton, which is usually slower.",
    trigger: "--attention-backend fa3 and --kv-cache-dtype fp8_e5m2.",
    solutions: &["Use --kv-cache-dtype fp8_e4m3 to keep fa3."],
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
    sources: &[(VersionRange::V23, HOOK, 124)],
    title: "torch_native attention turns CUDA graphs off",
    explanation: "The torch_native backend cannot be captured in CUDA graphs, so SGLang disables them for prefill and decode; expect much slower decoding.",
    trigger: "--attention-backend torch_native.",
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
    sources: &[(VersionRange::V23, HOOK, 143)],
    title: "flex_attention turns CUDA graphs off",
    explanation: "The Flex Attention backend is not captured in CUDA graphs; SGLang disables them.",
    trigger: "--attention-backend flex_attention.",
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
    sources: &[(VersionRange::V23, REGISTRY, 244)],
    title: "fa3 needs SM80–SM90 (MLA models: SM90 only)",
    explanation: "FlashAttention 3 is built for Hopper, and SGLang also allows it on Ampere/Ada for MHA models. MLA models need SM90, and Blackwell GPUs (SM100, SM110, SM120/121) are refused when the backend is created.",
    trigger: "fa3 as a prefill or decode backend and not (SM major 8 with an MHA model, or SM major 9).",
    situations: "An H100 recipe on a B200 or an RTX 5090; DeepSeek (MLA) with fa3 on A100.",
    solutions: &[
        "On Blackwell use fa4, trtllm_mha or flashinfer (MHA) or leave the backend unset; for MLA on Ampere use triton or flashinfer.",
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"fa3"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"flashinfer"}"#,
    )),
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
    sources: &[(VersionRange::V23, REGISTRY, 277)],
    title: "trtllm_mha cannot serve MLA models",
    explanation: "MLA models (DeepSeek-V2/V3, Kimi K2, GLM-4.7-Flash …) need an MLA backend; trtllm_mha is for ordinary multi-head attention.",
    trigger: "trtllm_mha for an MLA model.",
    solutions: &[
        "Use trtllm_mla on Blackwell, fa3/flashmla on Hopper, or leave the backend unset.",
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: Some((
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mha"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM"}"#,
    )),
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
    sources: &[(VersionRange::V23, REGISTRY, 96)],
    title: "trtllm_mla needs an MLA model",
    explanation: "trtllm_mla runs multi-head latent attention only; MHA models (Llama, Qwen, GLM-4.5, DeepSeek-V4 …) are refused.",
    trigger: "trtllm_mla for an MHA model.",
    solutions: &["Use trtllm_mha or leave the backend unset."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: Some((
        r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"trtllm_mla"}"#,
        r#"{"gpu":"B200","arch":"LlamaForCausalLM"}"#,
    )),
    ..RuleInfo::BASE
};

/// gpt-oss backend list.
pub static GPT_OSS_BACKENDS: RuleInfo = RuleInfo {
    code: "MODEL001",
    name: "gpt-oss-attention-backends",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "GptOssForCausalLM requires one of ['triton', 'trtllm_mha', 'fa3', 'fa4', 'ascend', 'intel_amx', 'intel_xpu', 'aiter'] attention backend, but got the following backends\n- Prefill: {prefill}\n- Decode: {decode}\n",
    )],
    sources: &[(VersionRange::V23, MODEL_HOOK, 540)],
    title: "gpt-oss needs an attention backend that supports attention sinks",
    explanation: "gpt-oss uses attention sinks, which flashinfer and several other backends do not implement. SGLang asserts the resolved prefill and decode backends are in its list; setting only one of the split flags leaves the other unset (None) and fails too.",
    trigger: "GptOssForCausalLM with a prefill or decode backend outside the list.",
    solutions: &["Use triton, fa3 (Hopper), trtllm_mha (Blackwell) or leave the backend unset."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: Some((
        r#"{"gpu":"H100","arch":"GptOssForCausalLM","attention_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"GptOssForCausalLM"}"#,
    )),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
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
    &GPT_OSS_BACKENDS,
];
