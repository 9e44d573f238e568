//! CP-TP group sharing (`arg_groups/cp_tp_group_sharing_hook.py`, 0.5.22+): prefill context
//! parallelism for the hybrid linear-attention models whose CP group is the TP group (GLM-5.3
//! Flash `Glm5NextForConditionalGeneration`; from 0.5.23 also `Qwen4ExpForConditionalGeneration`),
//! checked inside `handle_context_parallelism`. The logic is in `pipeline/cp_tp.rs`.

use super::{RuleInfo, Unmodelled};
#[allow(unused_imports)]
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/cp_tp_group_sharing_hook.py";

/// CP-TP group sharing needs --attn-cp-size equal to --tp-size
pub static WIDTH: RuleInfo = RuleInfo {
    code: "PAR048",
    name: "cp-tp-sharing-width",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "CP-TP group sharing requires --attn-cp-size == --tp-size, got attn_cp_size={view.attn_cp_size}, tp_size={cfg.tp_size}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 33),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 37),
    ],
    title: doc!("CP-TP group sharing needs --attn-cp-size equal to --tp-size"),
    explanation: doc!(
        "On GLM-5.3 Flash (and Qwen4 Exp from 0.5.23) prefill CP shares the TP group: the CP group is the TP group, so attention DP or attention TP, which would leave the CP group narrower than TP, are refused."
    ),
    trigger: doc!(
        "--enable-prefill-cp with 1 < --attn-cp-size != --tp-size on a CP-TP group sharing model."
    ),
    solutions: doc_list![
        "Set --attn-cp-size to --tp-size.",
        "Remove --enable-prefill-cp."
    ],
    flags: &[
        "enable_prefill_cp",
        "attn_cp_size",
        "cp_strategy",
        "tp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Glm5NextForConditionalGeneration","tp_size":4,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave"}"#,
        r#"{"gpu":"H100","arch":"Glm5NextForConditionalGeneration","tp_size":4,"enable_prefill_cp":true,"attn_cp_size":4,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// CP-TP group sharing needs the model's CP strategy
pub static STRATEGY: RuleInfo = RuleInfo {
    code: "PAR049",
    name: "cp-tp-sharing-strategy",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "CP-TP group sharing requires --cp-strategy {strategy}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 43),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 47),
    ],
    title: doc!("CP-TP group sharing needs the model's CP strategy"),
    explanation: doc!(
        "GLM-5.3 Flash shards the sequence with the interleave strategy, Qwen4 Exp with zigzag; the other strategy is refused."
    ),
    trigger: doc!(
        "--enable-prefill-cp with the other --cp-strategy on a CP-TP group sharing model."
    ),
    solutions: doc_list![
        "Use --cp-strategy interleave (GLM-5.3 Flash) or zigzag (Qwen4 Exp).",
        "Remove --enable-prefill-cp."
    ],
    flags: &["enable_prefill_cp", "attn_cp_size", "cp_strategy"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Glm5NextForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"zigzag"}"#,
        r#"{"gpu":"H100","arch":"Glm5NextForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// CP-TP group sharing supports speculative decoding on GLM-5.3 Flash only
pub static SPEC_ARCH: RuleInfo = RuleInfo {
    code: "PAR050",
    name: "cp-tp-sharing-speculative-model",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "--speculative-algorithm is not supported with CP-TP group sharing.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 55)],
    title: doc!("CP-TP group sharing supports speculative decoding on GLM-5.3 Flash only"),
    explanation: doc!(
        "Only GLM-5.3 Flash has the speculative paths ported to CP-TP group sharing (0.5.23)."
    ),
    trigger: doc!("--speculative-algorithm with CP-TP group sharing on Qwen4 Exp."),
    solutions: doc_list![
        "Remove --speculative-algorithm.",
        "Remove --enable-prefill-cp."
    ],
    flags: &[
        "speculative_algorithm",
        "enable_prefill_cp",
        "attn_cp_size",
        "cp_strategy",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen4ExpForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"zigzag","speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"Qwen4ExpForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"zigzag"}"#,
    ))),
    ..RuleInfo::BASE
};

/// CP-TP group sharing supports only native MTP with top-k 1 (0.5.22)
pub static SPEC_MTP: RuleInfo = RuleInfo {
    code: "PAR051",
    name: "cp-tp-sharing-native-mtp",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_22),
        "CP/TP group sharing only supports native MTP with top-k 1.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_22), HOOK, 54)],
    title: doc!("CP-TP group sharing supports only native MTP with top-k 1 (0.5.22)"),
    explanation: doc!(
        "The draft must keep the target's CP/TP placement: EAGLE/NEXTN on the model's own MTP layers (no other draft path) with top-k 1."
    ),
    trigger: doc!(
        "--speculative-algorithm other than EAGLE/NEXTN, a separate draft model, or --speculative-eagle-topk > 1 with CP-TP group sharing (0.5.22)."
    ),
    solutions: doc_list![
        "Use --speculative-algorithm NEXTN without a draft path.",
        "Remove --enable-prefill-cp."
    ],
    flags: &[
        "speculative_algorithm",
        "speculative_eagle_topk",
        "enable_prefill_cp",
        "attn_cp_size",
        "cp_strategy",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Glm5NextForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","sglang":"0.5.22","speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"Glm5NextForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","sglang":"0.5.22"}"#,
    ))),
    ..RuleInfo::BASE
};

/// CP-TP group sharing supports only DFLASH or native MTP with top-k 1
pub static SPEC_DFLASH: RuleInfo = RuleInfo {
    code: "PAR052",
    name: "cp-tp-sharing-dflash-or-mtp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "CP/TP group sharing only supports DFLASH or native MTP with top-k 1.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 63)],
    title: doc!("CP-TP group sharing supports only DFLASH or native MTP with top-k 1"),
    explanation: doc!(
        "From 0.5.23 the draft of a CP-TP group sharing launch is DFLASH (which consumes the gathered hidden states and runs with ordinary TP) or native MTP (EAGLE/NEXTN on the model's own layers, top-k 1)."
    ),
    trigger: doc!(
        "Another --speculative-algorithm, a separate EAGLE draft, or --speculative-eagle-topk > 1 with CP-TP group sharing."
    ),
    solutions: doc_list![
        "Use --speculative-algorithm NEXTN without a draft path.",
        "Remove --enable-prefill-cp."
    ],
    flags: &[
        "speculative_algorithm",
        "speculative_eagle_topk",
        "enable_prefill_cp",
        "attn_cp_size",
        "cp_strategy",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Glm5NextForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"Glm5NextForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// A flag CP-TP group sharing does not support
pub static UNSUPPORTED: RuleInfo = RuleInfo {
    code: "PAR053",
    name: "cp-tp-sharing-unsupported-flag",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--{flag} is not supported with CP-TP group sharing.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 65),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 99),
    ],
    title: doc!("A flag CP-TP group sharing does not support"),
    explanation: doc!(
        "CP-TP group sharing refuses DSA cache layer splitting, DCP, mixed chunks and MoE DP; on Qwen4 Exp also EP, an all-to-all backend, waterfill, PP and a PD decode server; on GLM-5.3 Flash under PD disaggregation a decode server, a transfer backend other than mooncake, a draft other than DFLASH, PP, DP and EP (0.5.22: any PD mode)."
    ),
    trigger: doc!("One of those flags with --enable-prefill-cp on a CP-TP group sharing model."),
    solutions: doc_list![
        "Remove the flag named in the message.",
        "Remove --enable-prefill-cp."
    ],
    flags: &[
        "enable_mixed_chunk",
        "dcp_size",
        "moe_dp_size",
        "enable_dsa_cache_layer_split",
        "disaggregation_mode",
        "ep_size",
        "pp_size",
        "enable_prefill_cp",
        "attn_cp_size",
        "cp_strategy",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Glm5NextForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave","enable_mixed_chunk":true}"#,
        r#"{"gpu":"H100","arch":"Glm5NextForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// CP-TP group sharing does not support the disaggregation staging buffer
pub static STAGING_BUFFER: RuleInfo = RuleInfo {
    code: "PAR054",
    name: "cp-tp-sharing-staging-buffer",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "SGLANG_DISAGG_STAGING_BUFFER is not supported with CP-TP group sharing.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 103)],
    title: doc!("CP-TP group sharing does not support the disaggregation staging buffer"),
    explanation: doc!(
        "The decode side sees this prefill server as TP cp_size while its sender stages by attention TP 1, so the two would pick different staging layouts."
    ),
    trigger: doc!("SGLANG_DISAGG_STAGING_BUFFER on a PD prefill server with CP-TP group sharing."),
    solutions: doc_list![
        "Unset SGLANG_DISAGG_STAGING_BUFFER.",
        "Remove --enable-prefill-cp."
    ],
    flags: &[
        "env.SGLANG_DISAGG_STAGING_BUFFER",
        "enable_prefill_cp",
        "attn_cp_size",
        "cp_strategy",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen4ExpForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"zigzag","disaggregation_mode":"prefill","env":{"SGLANG_DISAGG_STAGING_BUFFER":"1"}}"#,
        r#"{"gpu":"H100","arch":"Qwen4ExpForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"zigzag","disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// CP-TP group sharing needs the linear-attention heads divisible by --tp-size
pub static HEADS: RuleInfo = RuleInfo {
    code: "PAR055",
    name: "cp-tp-sharing-linear-heads",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "{name}={count} must be divisible by --tp-size={cfg.tp_size}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 78),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 118),
    ],
    title: doc!("CP-TP group sharing needs the linear-attention heads divisible by --tp-size"),
    explanation: doc!(
        "Linear attention keeps its TP head partition over the whole TP group, so its head counts must divide by --tp-size."
    ),
    trigger: doc!(
        "A --tp-size that does not divide the model's linear-attention key/value heads, with CP-TP group sharing."
    ),
    solutions: doc_list![
        "Use a --tp-size that divides the linear-attention heads.",
        "Remove --enable-prefill-cp."
    ],
    flags: &[
        "tp_size",
        "enable_prefill_cp",
        "attn_cp_size",
        "cp_strategy",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen4ExpForConditionalGeneration","tp_size":3,"enable_prefill_cp":true,"attn_cp_size":3,"cp_strategy":"zigzag"}"#,
        r#"{"gpu":"H100","arch":"Qwen4ExpForConditionalGeneration","tp_size":2,"enable_prefill_cp":true,"attn_cp_size":2,"cp_strategy":"zigzag"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of the module.
pub static RULES: &[&RuleInfo] = &[
    &WIDTH,
    &STRATEGY,
    &SPEC_ARCH,
    &SPEC_MTP,
    &SPEC_DFLASH,
    &UNSUPPORTED,
    &STAGING_BUFFER,
    &HEADS,
];

/// The sites of the hook not modelled, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[];
