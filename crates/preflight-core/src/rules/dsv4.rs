//! DeepSeek-V4 (`DeepseekV4ForCausalLM`).

use super::RuleInfo;
use crate::report::{Severity, Stage};
use crate::version::VersionRange;

const BACKEND: &str = "python/sglang/srt/layers/attention/deepseek_v4_backend.py";
const PROVIDER: &str = "python/sglang/srt/arg_groups/model_overrides/deepseek_v4.py";
const OVERRIDES: &str = "python/sglang/srt/arg_groups/overrides.py";

/// Seed 2, first ValueError: q8 sparse prefill needs SM90 (`is_sm90_supported()`: major 9 and CUDA ≥ 12.3).
pub static Q8_PREFILL_SM90: RuleInfo = RuleInfo {
    code: "DSV4001",
    name: "dsv4-flashmla-sparse-q8-requires-sm90",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs.",
    )],
    sources: &[
        (VersionRange::V19, BACKEND, 578),
        (VersionRange::V23, BACKEND, 1326),
    ],
    title: "DeepSeek-V4's flashmla_sparse_q8 prefill needs a Hopper GPU with CUDA ≥ 12.3",
    explanation: "The quantized (q8 KV, FP8 compute) sparse prefill of DeepSeek-V4 is built on SM90 kernels. When the DeepSeek-V4 attention backend is constructed, SGLang checks get_platform().is_sm90 — an NVIDIA GPU with SM major 9 and a CUDA ≥ 12.3 torch build — and refuses everything else. The environment variable SGLANG_DSV4_Q8KV8_PREFILL, when set, decides on its own whether the q8 path is used: 1/true/yes/on turns it on even with --dsv4-prefill-backend auto.",
    trigger: "The q8 prefill is selected (--dsv4-prefill-backend flashmla_sparse_q8 with SGLANG_DSV4_Q8KV8_PREFILL unset, or SGLANG_DSV4_Q8KV8_PREFILL=1/true/yes/on) and the GPU is not SM90 with CUDA ≥ 12.3.",
    situations: "Reusing an H100 DeepSeek-V4 launch on A100, L40S, B200 or an RTX 50xx; SGLANG_DSV4_Q8KV8_PREFILL=1 left in a container's environment; an H100 with a CUDA 12.1 torch build.",
    solutions: &[
        "Use --dsv4-prefill-backend auto (or flashmla_sparse), and unset SGLANG_DSV4_Q8KV8_PREFILL.",
        "Run on an SM90 GPU (H100/H200/H20/GH200) with CUDA ≥ 12.3.",
    ],
    flags: &[
        "dsv4_prefill_backend",
        "env.SGLANG_DSV4_Q8KV8_PREFILL",
        "cuda_version",
    ],
    example: Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"flashmla_sparse_q8"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"auto"}"#,
    )),
    ..RuleInfo::BASE
};

/// Seed 2, second ValueError: q8 prefill needs d_v = 512.
pub static Q8_PREFILL_DV512: RuleInfo = RuleInfo {
    code: "DSV4002",
    name: "dsv4-flashmla-sparse-q8-requires-dv512",
    stage: Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "DeepSeek-V4 flashmla_sparse_q8 prefill requires d_v=512, got {head_dim_v}.",
    )],
    sources: &[
        (VersionRange::V19, BACKEND, 582),
        (VersionRange::V23, BACKEND, 1330),
    ],
    title: "DeepSeek-V4's q8 prefill needs a 512-dim value head",
    explanation: "The q8 sparse prefill kernel is specialised for DeepSeek-V4's 512-dim latent head (448 + 64). A checkpoint with another v_head_dim is refused. Every released DeepSeek-V4 checkpoint has 512, so this fires only for modified configs.",
    trigger: "The q8 prefill is selected and the model's v_head_dim is not 512.",
    solutions: &["Use --dsv4-prefill-backend auto."],
    flags: &["dsv4_prefill_backend", "env.SGLANG_DSV4_Q8KV8_PREFILL"],
    example: Some((
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"flashmla_sparse_q8","json_model_override_args":"{\"v_head_dim\": 256}"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","json_model_override_args":"{\"v_head_dim\": 256}"}"#,
    )),
    ..RuleInfo::BASE
};

/// DeepSeek-V4 always runs the dsv4 backend with page size 256.
pub static ATTN_FORCED: RuleInfo = RuleInfo {
    code: "DSV4100",
    name: "dsv4-attention-forced",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Use dsv4 attention backend for {model_arch}, setting page_size to {page_size}.",
    )],
    sources: &[(VersionRange::V23, PROVIDER, 37)],
    title: "DeepSeek-V4 always uses the dsv4 backend and page size 256",
    explanation: "SGLang replaces --attention-backend with dsv4 for DeepSeek-V4, whatever was asked, and sets the page size to 256 (128 on NPU). --prefill/--decode-attention-backend are not replaced on CUDA.",
    trigger: "Model architecture DeepseekV4ForCausalLM.",
    flags: &["attention_backend", "page_size"],
    ..RuleInfo::BASE
};

/// DeepSeek-V4 KV dtype: auto → fp8_e4m3.
pub static KV_DEFAULT: RuleInfo = RuleInfo {
    code: "DSV4101",
    name: "dsv4-kv-cache-dtype-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Setting KV cache dtype to fp8_e4m3 for {model_arch}.",
    )],
    sources: &[(VersionRange::V23, OVERRIDES, 900)],
    title: "DeepSeek-V4 resolves --kv-cache-dtype auto to fp8_e4m3",
    explanation: "DeepSeek-V4's KV pool is FP8 by default.",
    trigger: "DeepseekV4ForCausalLM with --kv-cache-dtype auto.",
    flags: &["kv_cache_dtype"],
    ..RuleInfo::BASE
};

/// DeepSeek-V4 KV dtype must be fp8_e4m3 or bfloat16 (the short `bf16` spelling fails).
pub static KV_ALLOWED: RuleInfo = RuleInfo {
    code: "DSV4102",
    name: "dsv4-kv-cache-dtype",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "{kv_cache_dtype} is not supported for {model_arch}",
    )],
    sources: &[(VersionRange::V23, OVERRIDES, 910)],
    title: "DeepSeek-V4 needs --kv-cache-dtype fp8_e4m3 or bfloat16",
    explanation: "SGLang asserts that DeepSeek-V4's KV dtype is exactly fp8_e4m3 or bfloat16. The short spelling bf16, accepted elsewhere, fails this assertion, as do fp8_e5m2, mxfp8 and the FP4 formats.",
    trigger: "DeepseekV4ForCausalLM and --kv-cache-dtype other than auto, fp8_e4m3 or bfloat16.",
    situations: "Writing bf16 instead of bfloat16.",
    solutions: &["Use --kv-cache-dtype bfloat16 (not bf16) or fp8_e4m3, or leave it on auto."],
    flags: &["kv_cache_dtype"],
    example: Some((
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","kv_cache_dtype":"bf16"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","kv_cache_dtype":"bfloat16"}"#,
    )),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &Q8_PREFILL_SM90,
    &Q8_PREFILL_DV512,
    &ATTN_FORCED,
    &KV_DEFAULT,
    &KV_ALLOWED,
];
