//! Linear attention and Mamba hybrids (`arg_groups/attention_hook.py::handle_linear_attn_backend`,
//! `arg_groups/mamba_hook.py`, `layers/attention/attention_registry.py::attn_backend_wrapper`).

use super::{RuleInfo, Unmodelled};
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
        (VersionRange::V19, MAMBA, 144),
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
        (VersionRange::V19, MAMBA, 145),
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
        (VersionRange::V19, MAMBA, 148),
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
        (VersionRange::V19, MAMBA, 100),
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
        (VersionRange::V19, HOOK, 291),
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
        (VersionRange::V19, HOOK, 323),
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
        (VersionRange::V19, HOOK, 269),
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
    sources: &[
        (VersionRange::until(SglangVersion::V0_5_21), MAMBA, 71),
        (VersionRange::only(SglangVersion::V0_5_22), MAMBA, 72),
        (VersionRange::V23, MAMBA, 72),
    ],
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
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 254),
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

/// --mamba-cache-philox-rounds must be non-negative.
pub static PHILOX_ROUNDS: RuleInfo = RuleInfo {
    code: "LIN011",
    name: "mamba-philox-rounds-nonnegative",
    messages: &[(
        VersionRange::ALL,
        "--mamba-cache-philox-rounds must be non-negative.",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            21,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            22,
        ),
    ],
    title: doc!("--mamba-cache-philox-rounds must be non-negative"),
    explanation: doc!(
        "handle_mamba_backend runs for every model and first checks the Philox round count of the Mamba cache stochastic rounding."
    ),
    trigger: doc!("--mamba-cache-philox-rounds below 0."),
    solutions: doc_list!["Remove --mamba-cache-philox-rounds."],
    flags: &["mamba_cache_philox_rounds"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","mamba_cache_philox_rounds":-1}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --mamba-max-states-per-path must be -1 or positive.
pub static MAX_STATES_PER_PATH: RuleInfo = RuleInfo {
    code: "LIN012",
    name: "mamba-max-states-per-path",
    messages: &[(
        VersionRange::ALL,
        "--mamba-max-states-per-path must be -1 (unlimited) or a positive integer, got {cfg.mamba_max_states_per_path}.",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            24,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            25,
        ),
    ],
    title: doc!("--mamba-max-states-per-path must be -1 or positive"),
    explanation: doc!(
        "The number of Mamba states kept per radix path is -1 (unlimited) or at least 1; 0 and values below -1 are refused, for every model."
    ),
    trigger: doc!("--mamba-max-states-per-path 0 or below -1."),
    solutions: doc_list!["Remove --mamba-max-states-per-path (unlimited)."],
    flags: &["mamba_max_states_per_path"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","mamba_max_states_per_path":0}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Mamba stochastic rounding needs --mamba-ssm-dtype float16.
pub static STOCHASTIC_DTYPE: RuleInfo = RuleInfo {
    code: "LIN013",
    name: "mamba-stochastic-rounding-fp16",
    messages: &[(
        VersionRange::ALL,
        "Stochastic rounding for the Mamba SSM cache requires --mamba-ssm-dtype float16, got {cfg.mamba_ssm_dtype!r}. Run with --mamba-ssm-dtype float16 or disable --enable-mamba-cache-stochastic-rounding.",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            31,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            32,
        ),
    ],
    title: doc!("Mamba stochastic rounding needs --mamba-ssm-dtype float16"),
    explanation: doc!(
        "Stochastic rounding of the Mamba SSM cache rounds float32 updates into a float16 state."
    ),
    trigger: doc!("--enable-mamba-cache-stochastic-rounding without --mamba-ssm-dtype float16."),
    solutions: doc_list![
        "Add --mamba-ssm-dtype float16.",
        "Remove --enable-mamba-cache-stochastic-rounding.",
    ],
    flags: &["mamba_ssm_dtype", "enable_mamba_cache_stochastic_rounding"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3NextForCausalLM","enable_mamba_cache_stochastic_rounding":true}"#,
        r#"{"gpu":"B200","arch":"Qwen3NextForCausalLM","enable_mamba_cache_stochastic_rounding":true,"mamba_ssm_dtype":"float16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Mamba stochastic rounding needs an NVIDIA GPU.
pub static STOCHASTIC_CUDA: RuleInfo = RuleInfo {
    code: "LIN014",
    name: "mamba-stochastic-rounding-cuda",
    messages: &[(
        VersionRange::ALL,
        "Stochastic rounding for the Mamba SSM cache is only supported on NVIDIA CUDA platforms. Disable --enable-mamba-cache-stochastic-rounding on this platform.",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            38,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            39,
        ),
    ],
    title: doc!("Mamba stochastic rounding needs an NVIDIA GPU"),
    explanation: doc!("The stochastic-rounding kernels are CUDA only; ROCm is refused."),
    trigger: doc!("--enable-mamba-cache-stochastic-rounding on an AMD GPU."),
    solutions: doc_list!["Remove --enable-mamba-cache-stochastic-rounding."],
    flags: &["enable_mamba_cache_stochastic_rounding"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"Qwen3NextForCausalLM","enable_mamba_cache_stochastic_rounding":true,"mamba_ssm_dtype":"float16"}"#,
        r#"{"gpu":"MI300X","arch":"Qwen3NextForCausalLM","mamba_ssm_dtype":"float16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Mamba stochastic rounding on triton needs SM100.
pub static STOCHASTIC_TRITON_SM100: RuleInfo = RuleInfo {
    code: "LIN015",
    name: "mamba-stochastic-rounding-triton-sm100",
    messages: &[(
        VersionRange::ALL,
        "Stochastic rounding for the Mamba SSM cache with --mamba-backend triton requires SM100 with CUDA >= 12.8 because it uses the cvt.rs.f16x2.f32 PTX instruction. On H100/SM90, run with --mamba-backend flashinfer --mamba-ssm-dtype float16, or disable --enable-mamba-cache-stochastic-rounding.",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            44,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            45,
        ),
    ],
    title: doc!("Mamba stochastic rounding on triton needs SM100"),
    explanation: doc!(
        "The triton path uses the cvt.rs.f16x2.f32 PTX instruction, which only SM100 (B200/GB200) has; elsewhere use --mamba-backend flashinfer."
    ),
    trigger: doc!(
        "--enable-mamba-cache-stochastic-rounding with --mamba-backend triton (the default) on a GPU other than SM100."
    ),
    solutions: doc_list![
        "Use --mamba-backend flashinfer.",
        "Remove --enable-mamba-cache-stochastic-rounding.",
    ],
    flags: &["mamba_backend", "enable_mamba_cache_stochastic_rounding"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_mamba_cache_stochastic_rounding":true,"mamba_ssm_dtype":"float16"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","mamba_ssm_dtype":"float16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The int8 Mamba checkpoint does not work with the hierarchical cache.
pub static INT8_HICACHE: RuleInfo = RuleInfo {
    code: "LIN016",
    name: "int8-mamba-checkpoint-hicache",
    messages: &[(
        VersionRange::ALL,
        "--enable-int8-mamba-checkpoint is not supported together with --enable-hierarchical-cache: the host-offload path is not int8-aware. Disable one of them.",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            85,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            83,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            84,
        ),
    ],
    title: doc!("The int8 Mamba checkpoint does not work with the hierarchical cache"),
    explanation: doc!("The host-offload path of --enable-hierarchical-cache is not int8-aware."),
    trigger: doc!("--enable-int8-mamba-checkpoint with --enable-hierarchical-cache."),
    solutions: doc_list!["Disable one of them."],
    flags: &["enable_int8_mamba_checkpoint", "enable_hierarchical_cache"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_int8_mamba_checkpoint":true,"enable_hierarchical_cache":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_int8_mamba_checkpoint":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// The int8 Mamba checkpoint needs the built-in radix cache.
pub static INT8_RADIX_BACKEND: RuleInfo = RuleInfo {
    code: "LIN017",
    name: "int8-mamba-checkpoint-radix-backend",
    messages: &[(
        VersionRange::ALL,
        "--enable-int8-mamba-checkpoint only supports the built-in mamba radix cache; --radix-cache-backend={cfg.radix_cache_backend!r} is not int8-aware. Omit --radix-cache-backend.",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            91,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            89,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            90,
        ),
    ],
    title: doc!("The int8 Mamba checkpoint needs the built-in radix cache"),
    explanation: doc!("A custom --radix-cache-backend is not int8-aware."),
    trigger: doc!("--enable-int8-mamba-checkpoint with --radix-cache-backend."),
    solutions: doc_list!["Omit --radix-cache-backend."],
    flags: &["radix_cache_backend", "enable_int8_mamba_checkpoint"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_int8_mamba_checkpoint":true,"radix_cache_backend":"my_pkg.MyRadixCache"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_int8_mamba_checkpoint":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// The int8 Mamba checkpoint does not work with LMCache.
pub static INT8_LMCACHE: RuleInfo = RuleInfo {
    code: "LIN018",
    name: "int8-mamba-checkpoint-lmcache",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--enable-int8-mamba-checkpoint is not supported together with --enable-lmcache: LMCache is not int8-aware. Disable one of them.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            95,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            96,
        ),
    ],
    title: doc!("The int8 Mamba checkpoint does not work with LMCache"),
    explanation: doc!(
        "Since 0.5.21 SGLang refuses LMCache with the int8 Mamba checkpoint (LMCache is not int8-aware)."
    ),
    trigger: doc!("--enable-int8-mamba-checkpoint with --enable-lmcache (0.5.21+)."),
    solutions: doc_list!["Disable one of them."],
    flags: &["enable_lmcache", "enable_int8_mamba_checkpoint"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_int8_mamba_checkpoint":true,"enable_lmcache":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_int8_mamba_checkpoint":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// extra_buffer_lazy does not work with PD disaggregation.
pub static LAZY_PD: RuleInfo = RuleInfo {
    code: "LIN019",
    name: "extra-buffer-lazy-pd",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "extra_buffer_lazy unsupported under PD disaggregation; use --mamba-radix-cache-strategy extra_buffer.",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            112,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            115,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            125,
        ),
    ],
    title: doc!("extra_buffer_lazy does not work with PD disaggregation"),
    explanation: doc!("The PD decode pool is not wired for lazy Mamba slots."),
    trigger: doc!(
        "--mamba-radix-cache-strategy extra_buffer_lazy with --disaggregation-mode prefill or decode."
    ),
    solutions: doc_list!["Use --mamba-radix-cache-strategy extra_buffer."],
    flags: &["mamba_radix_cache_strategy"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","mamba_radix_cache_strategy":"extra_buffer_lazy","disaggregation_mode":"prefill"}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","mamba_radix_cache_strategy":"extra_buffer","disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --mamba-track-interval must cover the draft tokens.
pub static TRACK_VS_DRAFT: RuleInfo = RuleInfo {
    code: "LIN020",
    name: "mamba-track-interval-vs-draft",
    exception: Some("AssertionError"),
    messages: &[(VersionRange::ALL, "")],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            120,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            123,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            133,
        ),
    ],
    title: doc!("--mamba-track-interval must cover the draft tokens"),
    explanation: doc!(
        "With the extra-buffer Mamba radix cache, SGLang asserts (with an empty message) mamba_track_interval (default 256) >= speculative_num_draft_tokens, checked when the model hook runs (the value given on the command line)."
    ),
    trigger: doc!(
        "A hybrid Mamba model with the extra_buffer strategy and --speculative-num-draft-tokens above --mamba-track-interval."
    ),
    solutions: doc_list![
        "Raise --mamba-track-interval (a multiple of the page size).",
        "Lower --speculative-num-draft-tokens.",
    ],
    flags: &[
        "mamba_track_interval",
        "speculative_num_draft_tokens",
        "speculative_num_steps",
        "speculative_eagle_topk",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","speculative_algorithm":"NGRAM","speculative_num_draft_tokens":300}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","speculative_algorithm":"NGRAM","speculative_num_draft_tokens":300,"mamba_track_interval":512}"#,
    ))),
    ..RuleInfo::BASE
};

/// --mamba-track-interval must be a multiple of the page size.
pub static TRACK_VS_PAGE: RuleInfo = RuleInfo {
    code: "LIN021",
    name: "mamba-track-interval-page-size",
    exception: Some("AssertionError"),
    messages: &[(VersionRange::ALL, "")],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            122,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            125,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/mamba_hook.py",
            135,
        ),
    ],
    title: doc!("--mamba-track-interval must be a multiple of the page size"),
    explanation: doc!(
        "With the extra-buffer Mamba radix cache, SGLang asserts (with an empty message) that mamba_track_interval (default 256) is a multiple of the page size, e.g. --page-size 512 fails."
    ),
    trigger: doc!(
        "A hybrid Mamba model with the extra_buffer strategy and a --page-size that does not divide --mamba-track-interval."
    ),
    solutions: doc_list!["Use a page size that divides 256 (or --mamba-track-interval)."],
    flags: &["page_size", "mamba_track_interval"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","page_size":512}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","page_size":64}"#,
    ))),
    ..RuleInfo::BASE
};

/// flashinfer linear-attention verify on SM100+ needs --mamba-ssm-dtype bfloat16.
pub static FI_VERIFY_BF16: RuleInfo = RuleInfo {
    code: "LIN022",
    name: "linear-attn-flashinfer-verify-bf16",
    messages: &[(
        VersionRange::ALL,
        "--linear-attn-verify-backend flashinfer on SM100+ requires --mamba-ssm-dtype bfloat16, got {dtype!r}",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 306),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 287),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 284),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 372),
        (VersionRange::V23, HOOK, 373),
    ],
    title: doc!("flashinfer linear-attention verify on SM100+ needs --mamba-ssm-dtype bfloat16"),
    explanation: doc!(
        "On GPUs with SM major ≥ 10 the flashinfer GDN target-verify kernel keeps the SSM state in bfloat16 only. The verify backend is --linear-attn-verify-backend, or flashinfer when it is unset and the decode backend is flashinfer."
    ),
    trigger: doc!(
        "Linear-attention verify backend flashinfer (explicit, or inherited from a flashinfer decode backend), SM major ≥ 10, --mamba-ssm-dtype not bfloat16 (including unset)."
    ),
    solutions: doc_list![
        "Add --mamba-ssm-dtype bfloat16.",
        "Use --linear-attn-verify-backend triton."
    ],
    flags: &["mamba_ssm_dtype", "linear_attn_verify_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3NextForCausalLM","linear_attn_verify_backend":"flashinfer","mamba_ssm_dtype":"float32"}"#,
        r#"{"gpu":"B200","arch":"Qwen3NextForCausalLM","linear_attn_verify_backend":"triton","mamba_ssm_dtype":"float32"}"#,
    ))),
    ..RuleInfo::BASE
};

/// ReplaySSM buffered decode needs the triton or helion linear-attention decode backend.
pub static REPLAYSSM_DECODE: RuleInfo = RuleInfo {
    code: "LIN023",
    name: "linear-replayssm-decode-backend",
    messages: &[(
        VersionRange::ALL,
        "--enable-linear-replayssm requires Triton, or Helion for KDA, as the linear-attn decode backend; got --linear-attn-decode-backend={decode!r}.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 344),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 325),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 322),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 410),
        (VersionRange::V23, HOOK, 411),
    ],
    title: doc!(
        "ReplaySSM buffered decode needs the triton or helion linear-attention decode backend"
    ),
    explanation: doc!(
        "The ReplaySSM ring buffer is implemented only in the Triton (and, for KDA, Helion) linear-attention decode kernels."
    ),
    trigger: doc!(
        "--enable-linear-replayssm with a resolved linear-attention decode backend other than triton or helion (including SGLang's flashinfer default on SM100 with --mamba-ssm-dtype bfloat16)."
    ),
    solutions: doc_list![
        "Add --linear-attn-decode-backend triton.",
        "Drop --enable-linear-replayssm."
    ],
    flags: &[
        "enable_linear_replayssm",
        "linear_attn_decode_backend",
        "linear_attn_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm":true,"linear_attn_decode_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm":true,"linear_attn_decode_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// ReplaySSM buffered decode needs the no_buffer Mamba radix-cache strategy.
pub static REPLAYSSM_EXTRA_BUFFER: RuleInfo = RuleInfo {
    code: "LIN024",
    name: "linear-replayssm-extra-buffer",
    messages: &[(
        VersionRange::ALL,
        "--enable-linear-replayssm requires --mamba-radix-cache-strategy no_buffer (the default); the extra_buffer ping-pong donation path is not yet supported (follow-up). Got --mamba-radix-cache-strategy={cfg.mamba_radix_cache_strategy!r}.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 351),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 332),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 329),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 417),
        (VersionRange::V23, HOOK, 418),
    ],
    title: doc!("ReplaySSM buffered decode needs the no_buffer Mamba radix-cache strategy"),
    explanation: doc!(
        "The extra_buffer strategy donates Mamba track snapshots through a ping-pong slot swap that does not reset the ReplaySSM ring cursor, so SGLang refuses ReplaySSM with it while the radix cache is on."
    ),
    trigger: doc!(
        "--enable-linear-replayssm while the resolved --mamba-radix-cache-strategy is extra_buffer or extra_buffer_lazy and the radix cache is enabled (SGLang picks extra_buffer itself for `auto` on hybrid models that support it)."
    ),
    solutions: doc_list![
        "Add --mamba-radix-cache-strategy no_buffer.",
        "Drop --enable-linear-replayssm."
    ],
    flags: &[
        "enable_linear_replayssm",
        "mamba_radix_cache_strategy",
        "disable_radix_cache",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_linear_replayssm":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","enable_linear_replayssm":true,"disable_radix_cache":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// ReplaySSM buffered decode does not support PD disaggregation.
pub static REPLAYSSM_PD: RuleInfo = RuleInfo {
    code: "LIN025",
    name: "linear-replayssm-pd",
    messages: &[(
        VersionRange::ALL,
        "--enable-linear-replayssm is not supported under PD disaggregation yet (follow-up). Got --disaggregation-mode={cfg.disaggregation_mode!r}.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 362),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 343),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 340),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 428),
        (VersionRange::V23, HOOK, 429),
    ],
    title: doc!("ReplaySSM buffered decode does not support PD disaggregation"),
    explanation: doc!(
        "The disaggregated decode pool is not wired for the ReplaySSM ring, so SGLang refuses the flag on prefill and decode servers."
    ),
    trigger: doc!("--enable-linear-replayssm with --disaggregation-mode prefill or decode."),
    solutions: doc_list!["Drop --enable-linear-replayssm on disaggregated servers."],
    flags: &["enable_linear_replayssm", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm":true,"disaggregation_mode":"prefill"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --linear-replayssm-cache-len must be at least 1.
pub static REPLAYSSM_CACHE_LEN: RuleInfo = RuleInfo {
    code: "LIN026",
    name: "linear-replayssm-cache-len",
    messages: &[(
        VersionRange::ALL,
        "--linear-replayssm-cache-len must be >= 1, got {cfg.linear_replayssm_cache_len}.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 368),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 349),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 346),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 434),
        (VersionRange::V23, HOOK, 435),
    ],
    title: doc!("--linear-replayssm-cache-len must be at least 1"),
    explanation: doc!("The ReplaySSM ring needs at least one slot."),
    trigger: doc!("--enable-linear-replayssm with --linear-replayssm-cache-len below 1."),
    solutions: doc_list!["Set --linear-replayssm-cache-len to 1 or more (or leave the default)."],
    flags: &["linear_replayssm_cache_len", "enable_linear_replayssm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm":true,"linear_replayssm_cache_len":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm":true,"linear_replayssm_cache_len":1}"#,
    ))),
    ..RuleInfo::BASE
};

/// ReplaySSM spec verify needs a linear draft chain (top-k 1).
pub static REPLAYSSM_SPEC_TOPK: RuleInfo = RuleInfo {
    code: "LIN027",
    name: "linear-replayssm-spec-topk",
    messages: &[(
        VersionRange::ALL,
        "--enable-linear-replayssm-spec requires a linear draft chain (--speculative-eagle-topk in {None, 1}); the chunked verify kernel uses a strictly-lower causal mask and is invalid for EAGLE tree verify. Got --speculative-eagle-topk={cfg.speculative_eagle_topk!r}.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 385),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 366),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 363),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 451),
        (VersionRange::V23, HOOK, 452),
    ],
    title: doc!("ReplaySSM spec verify needs a linear draft chain (top-k 1)"),
    explanation: doc!(
        "The chunked ReplaySSM verify kernel uses a strictly-lower causal mask, which is valid only for a linear draft chain, not for EAGLE tree verify. SGLang checks the --speculative-eagle-topk the user gave, before the speculative hook resolves it."
    ),
    trigger: doc!(
        "--enable-linear-replayssm-spec with --speculative-eagle-topk other than 1 (or unset)."
    ),
    solutions: doc_list![
        "Set --speculative-eagle-topk 1.",
        "Drop --enable-linear-replayssm-spec."
    ],
    flags: &["enable_linear_replayssm_spec", "speculative_eagle_topk"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm_spec":true,"speculative_eagle_topk":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm_spec":true,"speculative_eagle_topk":1}"#,
    ))),
    ..RuleInfo::BASE
};

/// ReplaySSM spec verify needs the triton or flashinfer linear-attention decode backend.
pub static REPLAYSSM_SPEC_DECODE: RuleInfo = RuleInfo {
    code: "LIN028",
    name: "linear-replayssm-spec-decode-backend",
    messages: &[(
        VersionRange::ALL,
        "--enable-linear-replayssm-spec requires the triton or flashinfer linear-attn decode backend, got --linear-attn-decode-backend={decode!r}.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 393),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 374),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 371),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 459),
        (VersionRange::V23, HOOK, 460),
    ],
    title: doc!(
        "ReplaySSM spec verify needs the triton or flashinfer linear-attention decode backend"
    ),
    explanation: doc!(
        "Only the Triton and FlashInfer linear-attention kernels implement the ReplaySSM spec-verify ring."
    ),
    trigger: doc!(
        "--enable-linear-replayssm-spec with a resolved linear-attention decode backend other than triton or flashinfer."
    ),
    solutions: doc_list![
        "Add --linear-attn-decode-backend triton.",
        "Drop --enable-linear-replayssm-spec."
    ],
    flags: &[
        "enable_linear_replayssm_spec",
        "linear_attn_decode_backend",
        "linear_attn_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm_spec":true,"linear_attn_decode_backend":"cutedsl"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm_spec":true,"linear_attn_decode_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// ReplaySSM spec verify with a ragged verify mode needs DSPARK/DFLASH and a triton or nv_cutedsl verify backend.
pub static REPLAYSSM_SPEC_RAGGED: RuleInfo = RuleInfo {
    code: "LIN029",
    name: "linear-replayssm-spec-ragged",
    messages: &[(
        VersionRange::ALL,
        "--enable-linear-replayssm-spec with SGLANG_RAGGED_VERIFY_MODE={ragged_mode.value} requires the KDA fold-every-commit family (DSPARK/DFLASH) and a ring-writing verify kernel (--linear-attn-verify-backend triton or nv_cutedsl); got algorithm={cfg.speculative_algorithm!r}, verify={verify!r}. Use SGLANG_RAGGED_VERIFY_MODE=static.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 417),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 398),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 395),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 483),
        (VersionRange::V23, HOOK, 484),
    ],
    title: doc!(
        "ReplaySSM spec verify with a ragged verify mode needs DSPARK/DFLASH and a triton or nv_cutedsl verify backend"
    ),
    explanation: doc!(
        "Ragged ring writes need the KDA fold-every-commit family (DSPARK or DFLASH) and a verify kernel that writes the ring; SGLang refuses other combinations when SGLANG_RAGGED_VERIFY_MODE is not static. The verify backend checked is --linear-attn-verify-backend as given (unset counts as not set)."
    ),
    trigger: doc!(
        "--enable-linear-replayssm-spec, SGLANG_RAGGED_VERIFY_MODE cap-accept or compact, and an algorithm other than DSPARK/DFLASH or --linear-attn-verify-backend other than triton/nv_cutedsl."
    ),
    solutions: doc_list![
        "Unset SGLANG_RAGGED_VERIFY_MODE (static).",
        "Use DSPARK or DFLASH with --linear-attn-verify-backend triton."
    ],
    flags: &[
        "enable_linear_replayssm_spec",
        "speculative_algorithm",
        "linear_attn_verify_backend",
        "env.SGLANG_RAGGED_VERIFY_MODE",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm_spec":true,"env":{"SGLANG_RAGGED_VERIFY_MODE":"compact"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm_spec":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// ReplaySSM spec verify is refused on a PD prefill server.
pub static REPLAYSSM_SPEC_PD_PREFILL: RuleInfo = RuleInfo {
    code: "LIN030",
    name: "linear-replayssm-spec-pd-prefill",
    messages: &[(
        VersionRange::ALL,
        "--enable-linear-replayssm-spec is not supported on a PD prefill server: the ring is spec-verify-only scratch and the prefill server never runs spec verify.",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 427),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 408),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 405),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 493),
        (VersionRange::V23, HOOK, 494),
    ],
    title: doc!("ReplaySSM spec verify is refused on a PD prefill server"),
    explanation: doc!(
        "The ReplaySSM spec ring is scratch for speculative verify, which a prefill server never runs."
    ),
    trigger: doc!("--enable-linear-replayssm-spec with --disaggregation-mode prefill."),
    solutions: doc_list!["Drop --enable-linear-replayssm-spec on the prefill server."],
    flags: &["enable_linear_replayssm_spec", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm_spec":true,"disaggregation_mode":"prefill"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-linear-replayssm-spec and --enable-linear-replayssm are mutually exclusive.
pub static REPLAYSSM_BOTH: RuleInfo = RuleInfo {
    code: "LIN031",
    name: "linear-replayssm-both",
    messages: &[(
        VersionRange::ALL,
        "--enable-linear-replayssm-spec and --enable-linear-replayssm are mutually exclusive: they share the ring storage but drive it with incompatible cursor protocols (per-decode-forward vs per-verify-commit advance).",
    )],
    sources: &[
        (VersionRange::V19, HOOK, 433),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 414),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 411),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 499),
        (VersionRange::V23, HOOK, 500),
    ],
    title: doc!(
        "--enable-linear-replayssm-spec and --enable-linear-replayssm are mutually exclusive"
    ),
    explanation: doc!(
        "Both features share the ReplaySSM ring storage but advance its cursor differently."
    ),
    trigger: doc!("Both --enable-linear-replayssm-spec and --enable-linear-replayssm."),
    solutions: doc_list!["Keep one of the two flags."],
    flags: &["enable_linear_replayssm_spec", "enable_linear_replayssm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm_spec":true,"enable_linear_replayssm":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_linear_replayssm_spec":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// SGLANG_ENABLE_PP_SPEC with KDA: the flashinfer verify backend falls back to triton.
pub static PP_SPEC_KDA_VERIFY: RuleInfo = RuleInfo {
    code: "LIN102",
    name: "linear-attn-pp-spec-kda-verify-fallback",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::ALL,
        "SGLANG_ENABLE_PP_SPEC with KDA does not support the FlashInfer target-verify row layout; falling back --linear-attn-verify-backend to triton. FlashInfer decode is unchanged.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 360),
        (VersionRange::V23, HOOK, 361),
    ],
    title: doc!("SGLANG_ENABLE_PP_SPEC on a KDA model: verify falls back to triton"),
    explanation: doc!(
        "The FlashInfer target-verify row layout does not support pipeline-parallel speculative decoding on KDA models, so SGLang switches the linear-attention verify backend to triton."
    ),
    trigger: doc!(
        "SGLANG_ENABLE_PP_SPEC set, a KDA model (linear_attn_config.kda_layers, or linear_attention layers with linear_num_heads and linear_head_dim), and a flashinfer verify backend (explicit or inherited from a flashinfer decode backend)."
    ),
    flags: &["linear_attn_verify_backend", "env.SGLANG_ENABLE_PP_SPEC"],
    ..RuleInfo::BASE
};

/// ReplaySSM spec verify sets --mamba-ssm-dtype float32.
pub static REPLAYSSM_SPEC_FP32: RuleInfo = RuleInfo {
    code: "LIN103",
    name: "linear-replayssm-spec-ssm-fp32",
    severity: Severity::Info,
    exception: None,
    messages: &[
        (
            VersionRange::V19,
            "--enable-linear-replayssm-spec: setting --mamba-ssm-dtype float32 (the closed-loop exact fold keeps the SSM checkpoint bit-identical to the recurrent baseline).",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_20),
            "--enable-linear-replayssm-spec: setting --mamba-ssm-dtype float32 (cached replay uses compensated checkpoint projection and materialization).",
        ),
    ],
    sources: &[
        (VersionRange::V19, HOOK, 440),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 421),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 418),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 506),
        (VersionRange::V23, HOOK, 507),
    ],
    title: doc!("ReplaySSM spec verify sets --mamba-ssm-dtype float32"),
    explanation: doc!(
        "With --enable-linear-replayssm-spec and no --mamba-ssm-dtype, SGLang keeps the SSM checkpoint in float32."
    ),
    trigger: doc!("--enable-linear-replayssm-spec without --mamba-ssm-dtype."),
    flags: &["mamba_ssm_dtype", "enable_linear_replayssm_spec"],
    ..RuleInfo::BASE
};

/// ReplaySSM spec verify with a non-float32 SSM dtype.
pub static REPLAYSSM_SPEC_DTYPE: RuleInfo = RuleInfo {
    code: "LIN104",
    name: "linear-replayssm-spec-ssm-dtype",
    severity: Severity::Warning,
    exception: None,
    messages: &[
        (
            VersionRange::V19,
            "--enable-linear-replayssm-spec with --mamba-ssm-dtype={cfg.mamba_ssm_dtype}: the closed-loop fold re-quantizes the committed state each commit/flush (fp32 keeps it bit-exact to the fp32 recurrent baseline), so it may drift over long sequences. Validate accuracy for your model.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_20),
            "--enable-linear-replayssm-spec with --mamba-ssm-dtype={cfg.mamba_ssm_dtype}: the compact checkpoint is materialized after each accepted verify window; validate long-sequence accuracy and throughput.",
        ),
    ],
    sources: &[
        (VersionRange::V19, HOOK, 451),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 432),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 429),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 517),
        (VersionRange::V23, HOOK, 518),
    ],
    title: doc!("ReplaySSM spec verify with a non-float32 SSM state"),
    explanation: doc!(
        "SGLang warns that a ReplaySSM spec checkpoint in a dtype other than float32 is materialized after each accepted window and should be validated for accuracy."
    ),
    trigger: doc!("--enable-linear-replayssm-spec with --mamba-ssm-dtype other than float32."),
    flags: &["mamba_ssm_dtype", "enable_linear_replayssm_spec"],
    ..RuleInfo::BASE
};

/// Upstream checks of `mamba_hook.py` not modelled, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: MAMBA,
        function: "handle_mamba_backend",
        message: "<flashinfer_error>",
        reason: "the first of the two raises (inside `try: import flashinfer.mamba`) fires only when the FlashInfer package of the image cannot be imported on a CUDA machine: an installation fault, not a launch setting; the platform raise (no FlashInfer on the platform) is LIN009",
    },
    Unmodelled {
        file: MAMBA,
        function: "validate_mamba_extra_buffer",
        message: "",
        reason: "`assert mamba_cache_chunk_size is not None`: `mamba_cache_chunk_size` is max(FLA chunk size or the model's mamba_chunk_size, page_size) (`arg_groups/overrides.py:1897@0.5.23`) and never None; unreachable",
    },
    Unmodelled {
        file: MAMBA,
        function: "validate_mamba_extra_buffer",
        message: "extra_buffer requires platform support",
        reason: "the platform check passes on every GPU Preflight models (CUDA and ROCm); MUSA, NPU, XPU and out-of-tree platforms are outside the catalogue",
    },
    Unmodelled {
        file: MAMBA,
        function: "validate_mamba_extra_buffer",
        message: "extra_buffer needs CUDA/MUSA/NPU/ROCm/XPU (FLA).",
        reason: "the platform check passes on every GPU Preflight models (CUDA and ROCm)",
    },
];

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
    &PHILOX_ROUNDS,
    &MAX_STATES_PER_PATH,
    &STOCHASTIC_DTYPE,
    &STOCHASTIC_CUDA,
    &STOCHASTIC_TRITON_SM100,
    &INT8_HICACHE,
    &INT8_RADIX_BACKEND,
    &INT8_LMCACHE,
    &LAZY_PD,
    &TRACK_VS_DRAFT,
    &TRACK_VS_PAGE,
    &FI_VERIFY_BF16,
    &REPLAYSSM_DECODE,
    &REPLAYSSM_EXTRA_BUFFER,
    &REPLAYSSM_PD,
    &REPLAYSSM_CACHE_LEN,
    &REPLAYSSM_SPEC_TOPK,
    &REPLAYSSM_SPEC_DECODE,
    &REPLAYSSM_SPEC_RAGGED,
    &REPLAYSSM_SPEC_PD_PREFILL,
    &REPLAYSSM_BOTH,
    &PP_SPEC_KDA_VERIFY,
    &REPLAYSSM_SPEC_FP32,
    &REPLAYSSM_SPEC_DTYPE,
];
