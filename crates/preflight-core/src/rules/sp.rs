//! LayerNorm sequence parallelism (`arg_groups/layernorm_sp_hook.py`, after the speculative
//! hook): `handle_layernorm_sp` / `validate_layernorm_sp` of every release. The Muse Spark
//! branch of 0.5.23 (its TP/EP, quantization, all-to-all, runner and MegaMoE checks) is in
//! `rules/sp_muse.rs`. The logic is in `pipeline/moe.rs` (`handle_layernorm_sp`).

use super::{RuleInfo, Unmodelled};
use crate::version::{SglangVersion, VersionRange};

/// --enable-megamoe-for-layernorm-sp needs --enable-layernorm-sp
pub static MEGAMOE_SP_NEEDS_SP: RuleInfo = RuleInfo {
    code: "PAR041",
    name: "megamoe-for-layernorm-sp-needs-sp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "--enable-megamoe-for-layernorm-sp requires --enable-layernorm-sp.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
        25,
    )],
    title: doc!("--enable-megamoe-for-layernorm-sp needs --enable-layernorm-sp"),
    explanation: doc!(
        "The MegaMoE prefill path of LayerNorm sequence parallelism (0.5.23) is only a variant of it."
    ),
    trigger: doc!("--enable-megamoe-for-layernorm-sp without --enable-layernorm-sp."),
    solutions: doc_list!["Remove --enable-megamoe-for-layernorm-sp."],
    flags: &["enable_megamoe_for_layernorm_sp", "enable_layernorm_sp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":2,"enable_megamoe_for_layernorm_sp":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-megamoe-for-layernorm-sp is for Muse Spark only
pub static MEGAMOE_SP_MUSE: RuleInfo = RuleInfo {
    code: "PAR042",
    name: "megamoe-for-layernorm-sp-muse-only",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "--enable-megamoe-for-layernorm-sp supports only Muse Spark.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
        129,
    )],
    title: doc!("--enable-megamoe-for-layernorm-sp is for Muse Spark only"),
    explanation: doc!("The MegaMoE LayerNorm-SP prefill path exists for Muse Spark only (0.5.23)."),
    trigger: doc!(
        "--enable-layernorm-sp --enable-megamoe-for-layernorm-sp with another architecture."
    ),
    solutions: doc_list!["Remove --enable-megamoe-for-layernorm-sp."],
    flags: &["enable_megamoe_for_layernorm_sp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":2,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":2,"enable_layernorm_sp":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-layernorm-sp supports a few architectures only
pub static SP_ARCH: RuleInfo = RuleInfo {
    code: "PAR043",
    name: "layernorm-sp-architecture",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--enable-layernorm-sp is only supported for {sorted(SP_SUPPORTED_ARCHITECTURES)}; got {architecture}.",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            43,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            46,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            131,
        ),
    ],
    title: doc!("--enable-layernorm-sp supports a few architectures only"),
    explanation: doc!(
        "LayerNorm sequence parallelism shards the sequence between layer boundaries, which only Qwen3 (and from 0.5.23 Muse Spark) implement; SGLang refuses the flag for other models instead of ignoring it."
    ),
    trigger: doc!("--enable-layernorm-sp with another architecture."),
    solutions: doc_list!["Remove --enable-layernorm-sp."],
    flags: &["enable_layernorm_sp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2,"enable_layernorm_sp":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-layernorm-sp needs --tp-size > 1
pub static SP_TP: RuleInfo = RuleInfo {
    code: "PAR044",
    name: "layernorm-sp-needs-tp",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--enable-layernorm-sp requires tp_size > 1: there is no sequence to shard across a single TP rank.",
    )],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            48,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            51,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            136,
        ),
    ],
    title: doc!("--enable-layernorm-sp needs --tp-size > 1"),
    explanation: doc!(
        "Sequence parallelism shards the sequence across the TP ranks; with one rank there is nothing to shard."
    ),
    trigger: doc!("--enable-layernorm-sp with --tp-size 1."),
    solutions: doc_list!["Use --tp-size 2 or more, or remove --enable-layernorm-sp."],
    flags: &["enable_layernorm_sp", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","enable_layernorm_sp":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":2,"enable_layernorm_sp":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-layernorm-sp cannot be combined with attention DP
pub static SP_ATTN_DP: RuleInfo = RuleInfo {
    code: "PAR045",
    name: "layernorm-sp-attention-dp",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "--enable-layernorm-sp is not compatible with --enable-dp-attention: SP shards the sequence across the full TP group, which under DP attention spans data-parallel groups holding different sequences.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "--enable-layernorm-sp is not compatible with attention DP: SP shards the sequence across the full TP group, which under DP attention spans data-parallel groups holding different sequences.",
        ),
    ],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            53,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            56,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            173,
        ),
    ],
    title: doc!("--enable-layernorm-sp cannot be combined with attention DP"),
    explanation: doc!(
        "SP shards the sequence across the full TP group, which under attention DP spans data-parallel groups holding different sequences."
    ),
    trigger: doc!(
        "--enable-layernorm-sp with attention DP (--attn-dp-size > 1 from 0.5.22; --enable-dp-attention before)."
    ),
    solutions: doc_list!["Remove attention DP, or --enable-layernorm-sp."],
    flags: &[
        "enable_layernorm_sp",
        "attn_dp_size",
        "enable_dp_attention",
        "dp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":4,"attn_dp_size":2,"enable_layernorm_sp":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":4,"enable_layernorm_sp":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-layernorm-sp does not support speculative decoding
pub static SP_SPEC: RuleInfo = RuleInfo {
    code: "PAR046",
    name: "layernorm-sp-speculative",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_22),
            "--enable-layernorm-sp is not compatible with speculative decoding (EAGLE/EAGLE3): the captured aux hidden states would be sequence-sharded.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "--enable-layernorm-sp supports speculative decoding only with Muse Spark DFLASH: other models/algorithms do not gather the sequence-sharded auxiliary hidden states.",
        ),
    ],
    sources: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            59,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            62,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            181,
        ),
    ],
    title: doc!("--enable-layernorm-sp does not support speculative decoding"),
    explanation: doc!(
        "The captured auxiliary hidden states of a draft model would be sequence-sharded; SGLang refuses speculative decoding with SP (0.5.23: except Muse Spark DFLASH)."
    ),
    trigger: doc!("--enable-layernorm-sp with --speculative-algorithm."),
    solutions: doc_list!["Remove --speculative-algorithm, or --enable-layernorm-sp."],
    flags: &["enable_layernorm_sp", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":2,"enable_layernorm_sp":true,"speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":2,"enable_layernorm_sp":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-layernorm-sp cannot be combined with pipeline parallelism
pub static SP_PP: RuleInfo = RuleInfo {
    code: "PAR047",
    name: "layernorm-sp-pipeline-parallel",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-layernorm-sp is not compatible with pipeline parallelism: only the first rank's stack starts the sequence-sharded region, so the next rank would receive a stream it does not expect.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            68,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_23),
            "python/sglang/srt/arg_groups/layernorm_sp_hook.py",
            187,
        ),
    ],
    title: doc!("--enable-layernorm-sp cannot be combined with pipeline parallelism"),
    explanation: doc!(
        "Only the first pipeline rank's stack starts the sequence-sharded region, so the next rank would receive a stream it does not expect (0.5.22+)."
    ),
    trigger: doc!("--enable-layernorm-sp with --pp-size > 1."),
    solutions: doc_list!["Remove --pp-size, or --enable-layernorm-sp."],
    flags: &["enable_layernorm_sp", "pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":2,"pp_size":2,"enable_layernorm_sp":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":2,"enable_layernorm_sp":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &MEGAMOE_SP_NEEDS_SP,
    &MEGAMOE_SP_MUSE,
    &SP_ARCH,
    &SP_TP,
    &SP_ATTN_DP,
    &SP_SPEC,
    &SP_PP,
];

/// The checks of the LayerNorm-SP hook Preflight does not model, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[];
