//! Linear attention and Mamba hybrids (`arg_groups/attention_hook.py::handle_linear_attn_backend`,
//! `arg_groups/mamba_hook.py`, `layers/attention/attention_registry.py::attn_backend_wrapper`).

use super::RuleInfo;
use crate::report::{Severity, Stage};
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/attention_hook.py";
const MAMBA: &str = "python/sglang/srt/arg_groups/mamba_hook.py";

/// Hybrid GDN on Blackwell: backend allow-list.
pub static GDN_BLACKWELL: RuleInfo = RuleInfo {
    code: "LIN001",
    name: "hybrid-gdn-blackwell-backends",
    stage: Stage::Construction,
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "Only {allowed} backends are supported on Blackwell GPUs for hybrid GDN models. Got prefill={prefill_be}, decode={decode_be}.",
    )],
    sources: &[
        (
            VersionRange::V19,
            "python/sglang/srt/layers/attention/attention_registry.py",
            445,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/layers/attention/attention_registry.py",
            440,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/layers/attention/attention_registry.py",
            444,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/layers/attention/attention_registry.py",
            469,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/layers/attention/attention_registry.py",
            473,
        ),
    ],
    title: doc!(
        "Hybrid Gated-DeltaNet models on Blackwell need triton, trtllm_mha, flashinfer (or fa4 on SM100)"
    ),
    explanation: doc!(
        "Qwen3-Next / Qwen3.5-style hybrids run their full-attention layers only with some backends on Blackwell: triton, trtllm_mha and flashinfer on SM120/SM121, plus fa4 on SM100/SM103/SM110 (0.5.19: triton, trtllm_mha, fa4 on SM100). The allowed set is a Python set, so its printed order can differ from SGLang's log."
    ),
    trigger: doc!(
        "A hybrid GDN model on a Blackwell GPU with a prefill or decode backend outside the allowed set."
    ),
    solutions: doc_list!["Use triton or flashinfer, or leave the attention backend unset."],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"RTX 5090","arch":"Qwen3NextForCausalLM","attention_backend":"fa4"}"#,
        r#"{"gpu":"RTX 5090","arch":"Qwen3NextForCausalLM","attention_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Qwen hybrid SM100 default.
pub static QWEN_HYBRID_SM100: RuleInfo = RuleInfo {
    code: "LIN100",
    name: "qwen-hybrid-sm100-default",
    severity: Severity::Info,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "attention_backend := {backend}, page_size := {page_size} (Qwen3-Next/Qwen3.5 on SM100)",
    )],
    sources: &[(
        VersionRange::V23,
        "python/sglang/srt/arg_groups/model_overrides/qwen3_5.py",
        17,
    )],
    title: doc!("Qwen3-Next / Qwen3.5 on SM100 default to triton with page size 1"),
    explanation: doc!(
        "On SM100/SM103 with --attention-backend unset, SGLang runs these hybrids on triton with page size 1 (overriding --page-size), or on trtllm_mha with page size 64 when the radix cache is off, an extra_buffer mamba strategy is given, or speculative decoding is on. (SGLang logs nothing; the message is Preflight's.)"
    ),
    trigger: doc!("Qwen3-Next/Qwen3.5/InternS2 on SM100 with --attention-backend unset."),
    flags: &["attention_backend", "page_size"],
    ..RuleInfo::BASE
};

/// Mamba no_buffer page size.
pub static NO_BUFFER_PAGE: RuleInfo = RuleInfo {
    code: "LIN002",
    name: "mamba-no-buffer-page-size",
    exception: Some("AssertionError"),
    messages: &[(VersionRange::ALL, "no_buffer only supports page_size=1.")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), MAMBA, 144),
        (VersionRange::only(SglangVersion::V0_5_21), MAMBA, 147),
        (VersionRange::only(SglangVersion::V0_5_22), MAMBA, 157),
        (VersionRange::V23, MAMBA, 157),
    ],
    title: doc!("The no_buffer Mamba cache strategy needs page size 1"),
    explanation: doc!(
        "With the radix cache on and the no_buffer strategy (chosen automatically when extra_buffer is unavailable, e.g. with a non-triton linear-attention backend), Mamba hybrids support only 1-token pages."
    ),
    trigger: doc!("A Mamba/GDN hybrid, radix cache on, strategy no_buffer, --page-size > 1."),
    solutions: doc_list![
        "Remove --page-size, or use --mamba-radix-cache-strategy extra_buffer with --linear-attn-backend triton, or --disable-radix-cache.",
    ],
    flags: &[
        "page_size",
        "mamba_radix_cache_strategy",
        "disable_radix_cache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","page_size":16,"mamba_radix_cache_strategy":"no_buffer","disable_overlap_schedule":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","mamba_radix_cache_strategy":"no_buffer","disable_overlap_schedule":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Mamba no_buffer needs the overlap schedule off.
pub static NO_BUFFER_OVERLAP: RuleInfo = RuleInfo {
    code: "LIN010",
    name: "mamba-no-buffer-overlap",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "no_buffer do not support overlap schedule. Try to set disable_overlap_schedule=True.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), MAMBA, 145),
        (VersionRange::only(SglangVersion::V0_5_21), MAMBA, 148),
        (VersionRange::only(SglangVersion::V0_5_22), MAMBA, 158),
        (VersionRange::V23, MAMBA, 159),
    ],
    title: doc!("The no_buffer Mamba cache strategy needs --disable-overlap-schedule"),
    explanation: doc!(
        "When SGLang picks no_buffer itself it also turns the overlap scheduler off; an explicit --mamba-radix-cache-strategy no_buffer must come with --disable-overlap-schedule."
    ),
    trigger: doc!("A Mamba/GDN hybrid, radix cache on, explicit no_buffer, overlap schedule on."),
    solutions: doc_list!["Add --disable-overlap-schedule, or leave the strategy on auto."],
    flags: &["disable_overlap_schedule", "mamba_radix_cache_strategy"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","mamba_radix_cache_strategy":"no_buffer"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","mamba_radix_cache_strategy":"no_buffer","disable_overlap_schedule":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Mamba no_buffer + trtllm_mha.
pub static NO_BUFFER_TRTLLM: RuleInfo = RuleInfo {
    code: "LIN003",
    name: "mamba-no-buffer-trtllm-mha",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "no_buffer do not support trtllm_mha attention backend.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), MAMBA, 148),
        (VersionRange::only(SglangVersion::V0_5_21), MAMBA, 151),
        (VersionRange::only(SglangVersion::V0_5_22), MAMBA, 161),
        (VersionRange::V23, MAMBA, 162),
    ],
    title: doc!("The no_buffer Mamba cache strategy cannot use trtllm_mha"),
    explanation: doc!("trtllm_mha needs paged KV, which the no_buffer strategy does not support."),
    trigger: doc!(
        "A Mamba/GDN hybrid, radix cache on, strategy no_buffer, --attention-backend trtllm_mha."
    ),
    solutions: doc_list!["Use --mamba-radix-cache-strategy extra_buffer, or another backend."],
    flags: &[
        "attention_backend",
        "mamba_radix_cache_strategy",
        "disable_radix_cache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","attention_backend":"trtllm_mha","mamba_radix_cache_strategy":"no_buffer","disable_overlap_schedule":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","attention_backend":"trtllm_mha"}"#,
    ))),
    ..RuleInfo::BASE
};

/// extra_buffer needs triton linear attention.
pub static EXTRA_BUFFER_ARCH: RuleInfo = RuleInfo {
    code: "LIN004",
    name: "mamba-extra-buffer-unsupported",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "extra_buffer is not supported for {arch}; use no_buffer.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), MAMBA, 100),
        (VersionRange::only(SglangVersion::V0_5_21), MAMBA, 103),
        (VersionRange::only(SglangVersion::V0_5_22), MAMBA, 117),
        (VersionRange::V23, MAMBA, 119),
    ],
    title: doc!("extra_buffer needs the triton linear-attention backend"),
    explanation: doc!(
        "The extra_buffer Mamba cache strategy snapshots state with the triton linear-attention kernels only."
    ),
    trigger: doc!(
        "--mamba-radix-cache-strategy extra_buffer with --linear-attn-backend other than triton."
    ),
    solutions: doc_list![
        "Use --linear-attn-backend triton, or --mamba-radix-cache-strategy no_buffer."
    ],
    flags: &["mamba_radix_cache_strategy", "linear_attn_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","mamba_radix_cache_strategy":"extra_buffer","linear_attn_backend":"cutedsl"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","mamba_radix_cache_strategy":"extra_buffer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// extra_buffer strategy on a non-mamba model.
pub static EXTRA_BUFFER_NO_MAMBA: RuleInfo = RuleInfo {
    code: "LIN005",
    name: "mamba-strategy-needs-mamba-model",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--mamba-radix-cache-strategy {strategy} needs mamba state, got {arch}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/model_hook.py",
            951,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/model_hook.py",
            1039,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/arg_groups/model_hook.py",
            1063,
        ),
    ],
    title: doc!("extra_buffer strategies need a Mamba/GDN model"),
    explanation: doc!(
        "The extra_buffer strategies snapshot Mamba state; a model without Mamba/GDN layers has none."
    ),
    trigger: doc!(
        "--mamba-radix-cache-strategy extra_buffer/extra_buffer_lazy with a non-hybrid model and the radix cache on."
    ),
    solutions: doc_list!["Remove --mamba-radix-cache-strategy."],
    flags: &["mamba_radix_cache_strategy"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","mamba_radix_cache_strategy":"extra_buffer"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// flashinfer linear decode needs bf16 ssm on SM100+.
pub static FI_DECODE_BF16: RuleInfo = RuleInfo {
    code: "LIN006",
    name: "linear-attn-flashinfer-decode-bf16",
    messages: &[(
        VersionRange::ALL,
        "--linear-attn-decode-backend flashinfer on SM100+ requires --mamba-ssm-dtype bfloat16, got {dtype!r}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 272),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 269),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 340),
        (VersionRange::V23, HOOK, 341),
    ],
    title: doc!("flashinfer linear-attention decode on SM100+ needs --mamba-ssm-dtype bfloat16"),
    explanation: doc!(
        "On GPUs with SM major ≥ 10 (Blackwell, including RTX 50xx) the flashinfer GDN decode kernel keeps the SSM state in bfloat16 only."
    ),
    trigger: doc!(
        "Linear-attention decode backend flashinfer (explicit or inherited), SM major ≥ 10, --mamba-ssm-dtype not bfloat16 (including unset)."
    ),
    solutions: doc_list![
        "Add --mamba-ssm-dtype bfloat16.",
        "Use the triton linear-attention backend.",
    ],
    flags: &[
        "mamba_ssm_dtype",
        "linear_attn_decode_backend",
        "linear_attn_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3NextForCausalLM","linear_attn_decode_backend":"flashinfer"}"#,
        r#"{"gpu":"B200","arch":"Qwen3NextForCausalLM","linear_attn_decode_backend":"flashinfer","mamba_ssm_dtype":"bfloat16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// flashinfer linear prefill on SM100+ needs CUDA 13.
pub static FI_PREFILL_CUDA13: RuleInfo = RuleInfo {
    code: "LIN007",
    name: "linear-attn-flashinfer-prefill-cuda13",
    messages: &[(
        VersionRange::ALL,
        "--linear-attn-prefill-backend flashinfer on SM100+ requires CUDA 13+, got CUDA {cuda}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 304),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 301),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 389),
        (VersionRange::V23, HOOK, 390),
    ],
    title: doc!("flashinfer linear-attention prefill on SM100+ needs CUDA 13"),
    explanation: doc!(
        "The flashinfer GDN prefill kernels for Blackwell are built for CUDA 13 and newer."
    ),
    trigger: doc!(
        "Linear-attention prefill backend flashinfer (explicit or inherited), SM major ≥ 10, CUDA < 13."
    ),
    solutions: doc_list!["Use a CUDA 13 build, or the triton linear-attention backend."],
    flags: &[
        "cuda_version",
        "linear_attn_prefill_backend",
        "linear_attn_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","cuda_version":"12.9","arch":"Qwen3NextForCausalLM","linear_attn_prefill_backend":"flashinfer"}"#,
        r#"{"gpu":"B200","cuda_version":"13.0","arch":"Qwen3NextForCausalLM","linear_attn_prefill_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// flashkda decode.
pub static FLASHKDA_DECODE: RuleInfo = RuleInfo {
    code: "LIN008",
    name: "linear-attn-flashkda-decode",
    messages: &[(
        VersionRange::ALL,
        "--linear-attn-decode-backend flashkda is not supported: FlashKDA is prefill-only. Use --linear-attn-prefill-backend flashkda (decode stays on triton).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 250),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 247),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 318),
        (VersionRange::V23, HOOK, 319),
    ],
    title: doc!("FlashKDA is prefill-only"),
    explanation: doc!("FlashKDA has no decode kernel."),
    trigger: doc!("--linear-attn-decode-backend flashkda."),
    solutions: doc_list!["Use --linear-attn-prefill-backend flashkda."],
    flags: &["linear_attn_decode_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","linear_attn_decode_backend":"flashkda"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","linear_attn_prefill_backend":"flashkda"}"#,
    ))),
    ..RuleInfo::BASE
};

/// flashinfer mamba backend not available.
pub static MAMBA_FLASHINFER: RuleInfo = RuleInfo {
    code: "LIN009",
    name: "mamba-flashinfer-unavailable",
    messages: &[(
        VersionRange::ALL,
        "FlashInfer mamba module not available, please check the FlashInfer installation.",
    )],
    sources: &[(VersionRange::V23, MAMBA, 72)],
    title: doc!("--mamba-backend flashinfer needs FlashInfer (NVIDIA only)"),
    explanation: doc!("FlashInfer's mamba module is available only on CUDA."),
    trigger: doc!("--mamba-backend flashinfer on a non-CUDA device."),
    solutions: doc_list!["Use --mamba-backend triton."],
    flags: &["mamba_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"Qwen3NextForCausalLM","mamba_backend":"flashinfer"}"#,
        r#"{"gpu":"MI300X","arch":"Qwen3NextForCausalLM","mamba_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// SM100 linear decode default.
pub static SM100_DECODE_DEFAULT: RuleInfo = RuleInfo {
    code: "LIN101",
    name: "linear-attn-sm100-decode-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "SM100+ detected with mamba-ssm-dtype=bfloat16, defaulting --linear-attn-decode-backend to flashinfer.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 235),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 232),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 303),
        (VersionRange::V23, HOOK, 304),
    ],
    title: doc!("SM100 with a bfloat16 SSM state decodes linear attention with flashinfer"),
    explanation: doc!(
        "On SM100/SM103 with --mamba-ssm-dtype bfloat16 and no linear decode backend, SGLang uses flashinfer for linear-attention decode."
    ),
    trigger: doc!("SM100, --mamba-ssm-dtype bfloat16, --linear-attn-decode-backend unset."),
    flags: &["linear_attn_decode_backend"],
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &GDN_BLACKWELL,
    &QWEN_HYBRID_SM100,
    &NO_BUFFER_PAGE,
    &NO_BUFFER_OVERLAP,
    &NO_BUFFER_TRTLLM,
    &EXTRA_BUFFER_ARCH,
    &EXTRA_BUFFER_NO_MAMBA,
    &FI_DECODE_BF16,
    &FI_PREFILL_CUDA13,
    &FLASHKDA_DECODE,
    &MAMBA_FLASHINFER,
    &SM100_DECODE_DEFAULT,
];
