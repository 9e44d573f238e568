//! Parallelism (`arg_groups/parallel_hook.py`): tensor, data, attention-DP, context, MoE-DP,
//! expert and decode-context parallelism, DWDP, EPLB dispatch. The logic is in
//! `pipeline/parallel.rs`, at SGLang's positions in `run_resolution_pipeline`.

use super::{RuleInfo, Unmodelled};
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/parallel_hook.py";

/// --dcp-size must be at least 1
pub static DCP_SIZE: RuleInfo = RuleInfo {
    code: "PAR001",
    name: "dcp-size-positive",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Decode context parallel size (--dcp-size / --decode-context-parallel-size) must be >= 1, but got dcp_size={cfg.dcp_size}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 131),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 128),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 196),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 238),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 244),
    ],
    title: doc!("--dcp-size must be at least 1"),
    explanation: doc!(
        "The decode context-parallel width splits each request's KV cache across ranks during decode; it counts ranks, so it must be 1 (off) or more."
    ),
    trigger: doc!("--dcp-size (--decode-context-parallel-size) below 1."),
    solutions: doc_list![
        "Remove --dcp-size (1 = off), or give a width that divides the attention TP size.",
    ],
    flags: &["dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":0}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// Decode context parallelism cannot be combined with prefill context parallelism
pub static DCP_PREFILL_CP: RuleInfo = RuleInfo {
    code: "PAR002",
    name: "dcp-with-prefill-cp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--dcp-size > 1 does not support --enable-prefill-cp.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 244),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 250),
    ],
    title: doc!("Decode context parallelism cannot be combined with prefill context parallelism"),
    explanation: doc!(
        "From 0.5.22 SGLang refuses --dcp-size > 1 together with --enable-prefill-cp: the two context-parallel schemes shard the KV cache differently."
    ),
    trigger: doc!("--dcp-size > 1 and --enable-prefill-cp."),
    solutions: doc_list!["Drop --enable-prefill-cp, or set --dcp-size 1."],
    flags: &["dcp_size", "enable_prefill_cp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// --dcp-comm-backend a2a / fi_a2a needs --dcp-size > 1
pub static DCP_BACKEND_NEEDS_DCP: RuleInfo = RuleInfo {
    code: "PAR003",
    name: "dcp-comm-backend-needs-dcp",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--dcp-comm-backend {cfg.dcp_comm_backend} only affects the decode context-parallel attention reduction and therefore requires --dcp-size / --decode-context-parallel-size > 1, but got dcp_size={cfg.dcp_size}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 137),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 134),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 202),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 246),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 252),
    ],
    title: doc!("--dcp-comm-backend a2a / fi_a2a needs --dcp-size > 1"),
    explanation: doc!(
        "The all-to-all communication backends only replace the reduction of decode context-parallel attention; without DCP there is nothing for them to do, and SGLang refuses the flag."
    ),
    trigger: doc!("--dcp-comm-backend a2a or fi_a2a with --dcp-size 1 (the default) or less."),
    solutions: doc_list!["Remove --dcp-comm-backend, or set --dcp-size > 1."],
    flags: &["dcp_comm_backend", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_comm_backend":"a2a"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// --dcp-comm-backend fi_a2a needs an NVIDIA GPU
pub static DCP_FI_A2A_CUDA: RuleInfo = RuleInfo {
    code: "PAR004",
    name: "dcp-fi-a2a-needs-cuda",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "--dcp-comm-backend fi_a2a delegates the exchange to FlashInfer's MNNVL All-to-All kernel, which requires an NVIDIA CUDA platform with SM90+ and MNNVL fabric memory (e.g. GB200 NVL72). The authoritative fabric probe runs at model-runner init; use 'a2a' or 'ag_rs' on clusters without MNNVL.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_20),
            "--dcp-comm-backend fi_a2a delegates the exchange to FlashInfer's MNNVL All-to-All kernel, which requires Blackwell and a DCP group within one MNNVL domain. Use 'a2a' or 'ag_rs' elsewhere, or leave the flag unset to resolve it.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 144),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 141),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 209),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 253),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 259),
    ],
    title: doc!("--dcp-comm-backend fi_a2a needs an NVIDIA GPU"),
    explanation: doc!(
        "fi_a2a runs FlashInfer's MNNVL all-to-all kernel, which exists only on NVIDIA CUDA (Blackwell with an MNNVL fabric in practice); on ROCm SGLang refuses it."
    ),
    trigger: doc!("--dcp-comm-backend fi_a2a on a non-CUDA platform (AMD)."),
    solutions: doc_list!["Use --dcp-comm-backend a2a or ag_rs, or leave it unset."],
    flags: &["dcp_comm_backend", "gpu"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"dcp_comm_backend":"fi_a2a"}"#,
        r#"{"gpu":"MI300X","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"dcp_comm_backend":"a2a"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --dcp-replicate-q-proj needs --dcp-size > 1
pub static DCP_REPLICATE_NEEDS_DCP: RuleInfo = RuleInfo {
    code: "PAR005",
    name: "dcp-replicate-q-proj-needs-dcp",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--dcp-replicate-q-proj requires --dcp-size > 1.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 153),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 149),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 217),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 261),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 267),
    ],
    title: doc!("--dcp-replicate-q-proj needs --dcp-size > 1"),
    explanation: doc!(
        "Replicating the Q projection only removes the head-dim all-gather of decode context parallelism; without DCP SGLang refuses the flag."
    ),
    trigger: doc!("--dcp-replicate-q-proj with --dcp-size 1 or less."),
    solutions: doc_list![
        "Remove --dcp-replicate-q-proj, or set --dcp-size > 1 with an a2a backend."
    ],
    flags: &["dcp_replicate_q_proj", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_replicate_q_proj":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// --dcp-replicate-q-proj needs the a2a or fi_a2a DCP backend
pub static DCP_REPLICATE_BACKEND: RuleInfo = RuleInfo {
    code: "PAR006",
    name: "dcp-replicate-q-proj-backend",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--dcp-replicate-q-proj only applies to the a2a/fi_a2a DCP communication backend (it removes the head-dim Q all-gather); got --dcp-comm-backend={cfg.dcp_comm_backend}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 155),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 151),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 219),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 263),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 269),
    ],
    title: doc!("--dcp-replicate-q-proj needs the a2a or fi_a2a DCP backend"),
    explanation: doc!(
        "The replicated Q projection removes the head-dim Q all-gather that only the all-to-all DCP backends perform; with ag_rs SGLang refuses it."
    ),
    trigger: doc!(
        "--dcp-replicate-q-proj with --dcp-size > 1 and a DCP communication backend other than a2a/fi_a2a (explicit or resolved)."
    ),
    solutions: doc_list!["Set --dcp-comm-backend a2a, or remove --dcp-replicate-q-proj."],
    flags: &["dcp_replicate_q_proj", "dcp_comm_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"dcp_comm_backend":"ag_rs","dcp_replicate_q_proj":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"dcp_size":2,"dcp_comm_backend":"a2a","dcp_replicate_q_proj":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --dwdp-size must equal --tp-size
pub static DWDP_TP: RuleInfo = RuleInfo {
    code: "PAR008",
    name: "dwdp-size-equals-tp",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "dwdp_size ({cfg.dwdp_size}) must equal tp_size ({cfg.tp_size})",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 250),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 274),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 342),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 418),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 441),
    ],
    title: doc!("--dwdp-size must equal --tp-size"),
    explanation: doc!(
        "Distributed-weight data parallelism partitions the experts over every rank of the TP group, so its width is the TP size."
    ),
    trigger: doc!("--dwdp-size > 1 different from --tp-size."),
    solutions: doc_list!["Set --dwdp-size to the TP size, or remove it."],
    flags: &["dwdp_size", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"dwdp_size":4}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dwdp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// DWDP needs --disaggregation-mode null or prefill
pub static DWDP_DISAGG: RuleInfo = RuleInfo {
    code: "PAR009",
    name: "dwdp-disaggregation-mode",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "DWDP requires --disaggregation-mode null or prefill",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 253),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 277),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 345),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 421),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 444),
    ],
    title: doc!("DWDP needs --disaggregation-mode null or prefill"),
    explanation: doc!(
        "DWDP re-fetches remote expert weights per step, which a decode-only node cannot afford; SGLang allows it only on colocated or prefill nodes."
    ),
    trigger: doc!("--dwdp-size > 1 with --disaggregation-mode decode."),
    solutions: doc_list!["Use DWDP on the prefill nodes only."],
    flags: &["dwdp_size", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dwdp_size":4,"disaggregation_mode":"decode"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dwdp_size":4,"disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DWDP cannot be combined with EPLB
pub static DWDP_EPLB: RuleInfo = RuleInfo {
    code: "PAR010",
    name: "dwdp-eplb",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "EPLB dynamic migration conflicts with static DWDP partitioning",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 257),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 281),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 349),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 425),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 448),
    ],
    title: doc!("DWDP cannot be combined with EPLB"),
    explanation: doc!(
        "DWDP partitions the experts statically; EPLB's dynamic expert migration would move them."
    ),
    trigger: doc!("--dwdp-size > 1 with --enable-eplb."),
    solutions: doc_list!["Drop --enable-eplb or --dwdp-size."],
    flags: &["dwdp_size", "enable_eplb"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dwdp_size":4,"enable_eplb":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dwdp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// DWDP does not support speculative decoding
pub static DWDP_SPEC: RuleInfo = RuleInfo {
    code: "PAR011",
    name: "dwdp-speculative",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "DWDP does not support speculative decoding (MTP/draft workers)",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 260),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 284),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 352),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 428),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 451),
    ],
    title: doc!("DWDP does not support speculative decoding"),
    explanation: doc!("DWDP has no support for MTP or draft workers."),
    trigger: doc!("--dwdp-size > 1 with --speculative-algorithm."),
    solutions: doc_list!["Drop --speculative-algorithm or --dwdp-size."],
    flags: &["dwdp_size", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dwdp_size":4,"speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dwdp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// DWDP needs --pp-size 1
pub static DWDP_PP: RuleInfo = RuleInfo {
    code: "PAR012",
    name: "dwdp-pipeline-parallel",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "DWDP requires pp_size == 1")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 263),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 287),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 355),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 431),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 454),
    ],
    title: doc!("DWDP needs --pp-size 1"),
    explanation: doc!("DWDP is not implemented for pipeline parallelism."),
    trigger: doc!("--dwdp-size > 1 with --pp-size > 1."),
    solutions: doc_list!["Set --pp-size 1, or drop --dwdp-size."],
    flags: &["dwdp_size", "pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dwdp_size":4,"pp_size":2}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dwdp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// DWDP cannot be combined with two-batch overlap
pub static DWDP_TBO: RuleInfo = RuleInfo {
    code: "PAR013",
    name: "dwdp-two-batch-overlap",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "DWDP's prefetch event protocol does not support two-batch overlap",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 264),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 288),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 356),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 432),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 455),
    ],
    title: doc!("DWDP cannot be combined with two-batch overlap"),
    explanation: doc!("DWDP's weight-prefetch events do not support two-batch overlap."),
    trigger: doc!("--dwdp-size > 1 with --enable-two-batch-overlap."),
    solutions: doc_list!["Drop --enable-two-batch-overlap or --dwdp-size."],
    flags: &["dwdp_size", "enable_two_batch_overlap"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dwdp_size":4,"enable_two_batch_overlap":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dwdp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// --attn-dp-size must be positive
pub static ATTN_DP_POSITIVE: RuleInfo = RuleInfo {
    code: "PAR014",
    name: "attn-dp-size-positive",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--attn-dp-size must be positive (got {cfg.attn_dp_size}).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 280),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 286),
    ],
    title: doc!("--attn-dp-size must be positive"),
    explanation: doc!(
        "--attn-dp-size counts attention data-parallel groups (0.5.22+); 1 means none."
    ),
    trigger: doc!("--attn-dp-size below 1."),
    solutions: doc_list!["Remove --attn-dp-size, or give a divisor of --tp-size."],
    flags: &["attn_dp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":0}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// Data-parallel replicas cannot be combined with attention DP
pub static DP_WITH_ATTN_DP: RuleInfo = RuleInfo {
    code: "PAR015",
    name: "dp-replicas-with-attn-dp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--dp-size {cfg.dp_size} with --attn-dp-size {cfg.attn_dp_size}: data-parallel replicas combined with attention data parallelism are not supported.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 282),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 288),
    ],
    title: doc!("Data-parallel replicas cannot be combined with attention DP"),
    explanation: doc!(
        "From 0.5.22 --dp-size counts whole replicas and --attn-dp-size the attention-DP groups inside one TP group; SGLang runs one or the other, not both."
    ),
    trigger: doc!(
        "--attn-dp-size > 1 (or the deprecated --enable-dp-attention next to --attn-dp-size) with --dp-size > 1."
    ),
    solutions: doc_list!["Drop --dp-size, or drop --attn-dp-size."],
    flags: &["dp_size", "attn_dp_size", "enable_dp_attention"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":2,"dp_size":2}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// The TP size must be divisible by the attention-DP size
pub static DP_ATTN_TP_DIVISIBLE: RuleInfo = RuleInfo {
    code: "PAR016",
    name: "dp-attention-tp-divisible",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 197),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 193),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 261),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 314),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 326),
    ],
    title: doc!("The TP size must be divisible by the attention-DP size"),
    explanation: doc!(
        "With DP attention each attention-DP group takes an equal slice of the TP group (attention TP = tp_size / dp), so the TP size must be a multiple of the DP size (--dp-size with --enable-dp-attention; --attn-dp-size from 0.5.22). SGLang's assert has no message."
    ),
    trigger: doc!("DP attention on and --tp-size not a multiple of the attention-DP size."),
    solutions: doc_list!["Choose a DP size that divides --tp-size."],
    flags: &["dp_size", "attn_dp_size", "enable_dp_attention", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"dp_size":3,"enable_dp_attention":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"dp_size":4,"enable_dp_attention":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-prefill-cp needs --cp-strategy
pub static CP_STRATEGY: RuleInfo = RuleInfo {
    code: "PAR017",
    name: "prefill-cp-strategy-required",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--cp-strategy must be set when --enable-prefill-cp is enabled.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 67),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 73),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 101),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 146),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 152),
    ],
    title: doc!("--enable-prefill-cp needs --cp-strategy"),
    explanation: doc!(
        "Prefill context parallelism splits each prompt across ranks either as zigzag or interleave; SGLang has no default."
    ),
    trigger: doc!("--enable-prefill-cp without --cp-strategy."),
    solutions: doc_list!["Add --cp-strategy zigzag or --cp-strategy interleave."],
    flags: &["cp_strategy", "enable_prefill_cp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":8,"enable_prefill_cp":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// The two legacy prefill-CP switches are mutually exclusive
pub static LEGACY_CP_EXCLUSIVE: RuleInfo = RuleInfo {
    code: "PAR018",
    name: "legacy-prefill-cp-exclusive",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_19),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_19),
        "--enable-prefill-context-parallel and --enable-nsa-prefill-context-parallel are mutually exclusive. Use --enable-nsa-prefill-context-parallel for DeepSeek V3.2 (NSA) models and --enable-prefill-context-parallel for MLA-based models (DeepSeek V3/R1, Kimi K2.5) or MHA/GQA-based models.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_19), HOOK, 72)],
    title: doc!("The two legacy prefill-CP switches are mutually exclusive"),
    explanation: doc!(
        "0.5.19 still accepted the legacy --enable-prefill-context-parallel (MLA / MHA models) and --enable-nsa-prefill-context-parallel (DeepSeek V3.2) switches, but not both at once."
    ),
    trigger: doc!("Both legacy prefill context-parallel switches on (0.5.19)."),
    solutions: doc_list![
        "Keep the one for the model, or use --enable-prefill-cp with --cp-strategy."
    ],
    flags: &[
        "enable_prefill_context_parallel",
        "enable_dsa_prefill_context_parallel",
    ],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"LlamaForCausalLM","tp_size":8,"enable_prefill_context_parallel":true,"enable_dsa_prefill_context_parallel":true}"#,
        r#"{"sglang":"0.5.19","gpu":"H100","arch":"LlamaForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// The TP size must be divisible by --attn-cp-size
pub static CP_TP_DIVISIBLE: RuleInfo = RuleInfo {
    code: "PAR019",
    name: "attn-cp-tp-divisible",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "tp_size must be divisible by attn_cp_size",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 84),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 80),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 108),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 153),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 159),
    ],
    title: doc!("The TP size must be divisible by --attn-cp-size"),
    explanation: doc!(
        "With attention context parallelism the TP size is the world size of the attention group; it is split into attn_cp_size context-parallel slices, so it must be a multiple of it."
    ),
    trigger: doc!("--attn-cp-size > 1 not dividing --tp-size."),
    solutions: doc_list!["Choose an --attn-cp-size that divides --tp-size."],
    flags: &["attn_cp_size", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":8,"attn_cp_size":3}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":8,"attn_cp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// The TP size must be divisible by DP size × --attn-cp-size
pub static CP_DP_TP_DIVISIBLE: RuleInfo = RuleInfo {
    code: "PAR020",
    name: "attn-cp-dp-tp-divisible",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "tp_size must be divisible by dp_size * attn_cp_size",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "tp_size must be divisible by attn_dp_size * attn_cp_size",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 87),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 83),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 111),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 156),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 162),
    ],
    title: doc!("The TP size must be divisible by DP size × --attn-cp-size"),
    explanation: doc!(
        "The TP group is laid out as (attention DP, attention CP, attention TP); the TP size must be a multiple of the attention-DP width times the CP width (0.5.19–0.5.21: dp_size, 0.5.22+: attn_dp_size)."
    ),
    trigger: doc!("--attn-cp-size > 1 and --tp-size not a multiple of dp × attn_cp_size."),
    solutions: doc_list![
        "Lower --attn-cp-size or the DP size so that their product divides --tp-size."
    ],
    flags: &["attn_cp_size", "dp_size", "attn_dp_size", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"attn_cp_size":4,"dp_size":2,"enable_dp_attention":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"attn_cp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// Aiter all-reduce fusion is not supported with attention context parallelism
pub static CP_AITER_FUSION: RuleInfo = RuleInfo {
    code: "PAR021",
    name: "attn-cp-aiter-allreduce-fusion",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Aiter allreduce fusion is not supported with context parallelism",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 91),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 87),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 115),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 160),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 166),
    ],
    title: doc!("Aiter all-reduce fusion is not supported with attention context parallelism"),
    explanation: doc!(
        "The fused aiter all-reduce assumes a plain TP group; SGLang refuses it with --attn-cp-size > 1."
    ),
    trigger: doc!("--enable-aiter-allreduce-fusion with --attn-cp-size > 1."),
    solutions: doc_list!["Drop --enable-aiter-allreduce-fusion."],
    flags: &["enable_aiter_allreduce_fusion", "attn_cp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","tp_size":4,"attn_cp_size":2,"enable_aiter_allreduce_fusion":true}"#,
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","tp_size":4,"attn_cp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// The TP size must be divisible by --moe-dp-size
pub static MOE_DP_TP_DIVISIBLE: RuleInfo = RuleInfo {
    code: "PAR022",
    name: "moe-dp-tp-divisible",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "tp_size must be divisible by moe_dp_size",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 97),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 93),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 121),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 166),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 172),
    ],
    title: doc!("The TP size must be divisible by --moe-dp-size"),
    explanation: doc!(
        "MoE data parallelism splits the TP group into moe_dp_size MoE replicas, so the TP size must be a multiple of it."
    ),
    trigger: doc!("--moe-dp-size > 1 not dividing --tp-size."),
    solutions: doc_list!["Choose a --moe-dp-size that divides --tp-size."],
    flags: &["moe_dp_size", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_dp_size":3}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// --ep-size × --moe-dp-size must not exceed the TP size
pub static MOE_DP_EP_LE: RuleInfo = RuleInfo {
    code: "PAR023",
    name: "moe-dp-ep-at-most-tp",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "ep_size * moe_dp_size must be less than or equal to tp_size",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 100),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 96),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 124),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 169),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 175),
    ],
    title: doc!("--ep-size × --moe-dp-size must not exceed the TP size"),
    explanation: doc!(
        "Each MoE replica holds an EP group, and all replicas share the TP group's ranks."
    ),
    trigger: doc!("--moe-dp-size > 1 and ep_size × moe_dp_size > tp_size."),
    solutions: doc_list!["Lower --ep-size to tp_size / moe_dp_size."],
    flags: &["ep_size", "moe_dp_size", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_dp_size":2,"ep_size":8}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// MoE data parallelism does not support pipeline parallelism
pub static MOE_DP_PP: RuleInfo = RuleInfo {
    code: "PAR024",
    name: "moe-dp-pipeline-parallel",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "PP is not supported with context parallelism",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 103),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 99),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 127),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 172),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 178),
    ],
    title: doc!("MoE data parallelism does not support pipeline parallelism"),
    explanation: doc!(
        "SGLang refuses --moe-dp-size > 1 with --pp-size > 1 (its message says context parallelism: MoE DP is the MoE side of it)."
    ),
    trigger: doc!("--moe-dp-size > 1 with --pp-size > 1."),
    solutions: doc_list!["Set --pp-size 1, or drop --moe-dp-size."],
    flags: &["moe_dp_size", "pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"moe_dp_size":2,"pp_size":2}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"pp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// With EP, --ep-size × --moe-dp-size must equal the TP size
pub static MOE_DP_EP_EQ: RuleInfo = RuleInfo {
    code: "PAR025",
    name: "moe-dp-ep-equals-tp",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "ep_size * moe_dp_size must be equal to tp_size",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 106),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 102),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 130),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 175),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 181),
    ],
    title: doc!("With EP, --ep-size × --moe-dp-size must equal the TP size"),
    explanation: doc!(
        "When experts are parallelised (EP > 1) inside each MoE replica, the replicas' EP groups must tile the TP group exactly."
    ),
    trigger: doc!("--moe-dp-size > 1, --ep-size > 1 and ep_size × moe_dp_size < tp_size."),
    solutions: doc_list!["Set --ep-size to tp_size / moe_dp_size, or to 1."],
    flags: &["ep_size", "moe_dp_size", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_dp_size":2,"ep_size":2}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// Aiter all-reduce fusion is not supported with MoE data parallelism
pub static MOE_DP_AITER_FUSION: RuleInfo = RuleInfo {
    code: "PAR026",
    name: "moe-dp-aiter-allreduce-fusion",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Aiter allreduce fusion is not supported with context parallelism",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 110),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 106),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 134),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 179),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 185),
    ],
    title: doc!("Aiter all-reduce fusion is not supported with MoE data parallelism"),
    explanation: doc!(
        "The fused aiter all-reduce assumes a plain TP group; SGLang refuses it with --moe-dp-size > 1."
    ),
    trigger: doc!("--enable-aiter-allreduce-fusion with --moe-dp-size > 1."),
    solutions: doc_list!["Drop --enable-aiter-allreduce-fusion."],
    flags: &["enable_aiter_allreduce_fusion", "moe_dp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"Qwen3MoeForCausalLM","tp_size":4,"moe_dp_size":2,"enable_aiter_allreduce_fusion":true}"#,
        r#"{"gpu":"MI300X","arch":"Qwen3MoeForCausalLM","tp_size":4,"moe_dp_size":2,"attn_cp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-dp-size must equal --attn-cp-size (or be 1)
pub static CP_MOE_DP_MISMATCH: RuleInfo = RuleInfo {
    code: "PAR027",
    name: "attn-cp-moe-dp-mismatch",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "attn_cp_size != moe_dp_size is only supported when moe_dp_size == 1",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 115),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 111),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 139),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 184),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 190),
    ],
    title: doc!("--moe-dp-size must equal --attn-cp-size (or be 1)"),
    explanation: doc!(
        "MoE data parallelism mirrors attention context parallelism: the MoE replicas are the CP slices. SGLang allows moe_dp_size == attn_cp_size, or moe_dp_size 1 with any CP width."
    ),
    trigger: doc!("--moe-dp-size > 1 different from --attn-cp-size."),
    solutions: doc_list!["Set --moe-dp-size to --attn-cp-size, or to 1."],
    flags: &["moe_dp_size", "attn_cp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_dp_size":2}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_dp_size":2,"attn_cp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// --shared-experts-tp-size must divide the attention TP size
pub static SHARED_EXPERTS_TP_DIVISOR: RuleInfo = RuleInfo {
    code: "PAR028",
    name: "shared-experts-tp-divisor",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--shared-experts-tp-size ({size}) must be a positive divisor of attention TP size ({attn_tp_size}).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 168),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 210),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 216),
    ],
    title: doc!("--shared-experts-tp-size must divide the attention TP size"),
    explanation: doc!(
        "The shared experts are sharded over a sub-group of the attention TP group (attention TP = tp_size / attn_dp / attn_cp), so their TP width must be a positive divisor of it."
    ),
    trigger: doc!(
        "--shared-experts-tp-size below 1 or not dividing the attention TP size (0.5.21+)."
    ),
    solutions: doc_list!["Choose a divisor of the attention TP size, or remove the flag."],
    flags: &["shared_experts_tp_size", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"shared_experts_tp_size":3}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// --shared-experts-tp-size is only supported for Kimi-K3
pub static SHARED_EXPERTS_TP_KIMI: RuleInfo = RuleInfo {
    code: "PAR029",
    name: "shared-experts-tp-kimi-k3-only",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--shared-experts-tp-size is only supported for Kimi-K3.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 178),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 220),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 226),
    ],
    title: doc!("--shared-experts-tp-size is only supported for Kimi-K3"),
    explanation: doc!(
        "Only KimiK3ForConditionalGeneration implements a separate TP width for its shared experts."
    ),
    trigger: doc!("--shared-experts-tp-size on any other architecture (0.5.21+)."),
    solutions: doc_list!["Remove --shared-experts-tp-size."],
    flags: &["shared_experts_tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"shared_experts_tp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// --ep-dispatch-algorithm static / lp needs an all-to-all MoE backend
pub static EP_DISPATCH_RANK_INVARIANT: RuleInfo = RuleInfo {
    code: "PAR030",
    name: "ep-dispatch-needs-a2a",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--ep-dispatch-algorithm {cfg.ep_dispatch_algorithm} picks a different physical replica per rank, which only holds up when an a2a backend routes each token to a single rank. Use --ep-dispatch-algorithm dynamic with --moe-a2a-backend none.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 551),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 576),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 650),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 722),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 783),
    ],
    title: doc!("--ep-dispatch-algorithm static / lp needs an all-to-all MoE backend"),
    explanation: doc!(
        "Without an a2a backend every EP rank runs the MoE over the same tokens and sums partial outputs, so every rank must pick the same physical expert replica; static and lp pick per rank."
    ),
    trigger: doc!(
        "--ep-dispatch-algorithm static or lp with --moe-a2a-backend none (the default)."
    ),
    solutions: doc_list!["Use --ep-dispatch-algorithm dynamic, or an a2a backend (e.g. deepep)."],
    flags: &["ep_dispatch_algorithm", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"ep_size":8,"ep_dispatch_algorithm":"static"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"ep_size":8,"ep_dispatch_algorithm":"dynamic"}"#,
    ))),
    ..RuleInfo::BASE
};

/// EPLB needs expert parallelism (--ep-size > 1)
pub static EPLB_NEEDS_EP: RuleInfo = RuleInfo {
    code: "PAR031",
    name: "eplb-needs-expert-parallelism",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 559),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 584),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 658),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 730),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 791),
    ],
    title: doc!("EPLB needs expert parallelism (--ep-size > 1)"),
    explanation: doc!(
        "The expert-parallel load balancer moves experts between EP ranks; with EP size 1 there is nothing to balance. SGLang's assert has no message."
    ),
    trigger: doc!("--enable-eplb with an EP size of 1 (not an elastic scale joiner)."),
    solutions: doc_list!["Add --ep-size equal to --tp-size, or drop --enable-eplb."],
    flags: &["enable_eplb", "ep_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"enable_eplb":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"ep_size":8,"enable_eplb":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Prefill CP on ROCm is only supported for DeepSeek-V4
pub static PREFILL_CP_HIP_ARCH: RuleInfo = RuleInfo {
    code: "PAR033",
    name: "prefill-cp-hip-deepseek-v4-only",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "Prefill CP on HIP is only supported for DeepseekV4ForCausalLM, got {model_arch!r}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 113),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 119),
    ],
    title: doc!("Prefill CP on ROCm is only supported for DeepSeek-V4"),
    explanation: doc!(
        "From 0.5.22 SGLang allows --enable-prefill-cp on AMD GPUs only for DeepseekV4ForCausalLM."
    ),
    trigger: doc!("--enable-prefill-cp on an AMD GPU with another architecture (0.5.22+)."),
    solutions: doc_list!["Drop --enable-prefill-cp."],
    flags: &["enable_prefill_cp", "gpu", "arch"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"zigzag"}"#,
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// DeepSeek V3.2 prefill CP does not support zigzag
pub static DSV32_ZIGZAG: RuleInfo = RuleInfo {
    code: "PAR035",
    name: "deepseek-v32-prefill-cp-zigzag",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "DeepSeek V3.2 prefill CP does not support --cp-strategy zigzag; use interleave.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 50),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 78),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 122),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 128),
    ],
    title: doc!("DeepSeek V3.2 prefill CP does not support zigzag"),
    explanation: doc!(
        "From 0.5.20 the DSA prefill context parallelism of DeepSeek V3.2 supports only the interleave strategy."
    ),
    trigger: doc!(
        "DeepseekV32ForCausalLM with --enable-prefill-cp --cp-strategy zigzag (0.5.20+)."
    ),
    solutions: doc_list!["Use --cp-strategy interleave."],
    flags: &["cp_strategy", "enable_prefill_cp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"zigzag"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// Nemotron-H does not support attention context parallelism
pub static NEMOTRON_CP: RuleInfo = RuleInfo {
    code: "PAR036",
    name: "nemotron-h-attn-cp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "Nemotron-H does not support --attn-cp-size > 1",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 37),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 73),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 77),
    ],
    title: doc!("Nemotron-H does not support attention context parallelism"),
    explanation: doc!(
        "From 0.5.21 SGLang refuses --attn-cp-size > 1 for nemotron_h models: their forward does not enter the context-parallel attention path."
    ),
    trigger: doc!(
        "A model of type nemotron_h / nemotron_h_puzzle with --attn-cp-size > 1 (0.5.21+)."
    ),
    solutions: doc_list!["Set --attn-cp-size 1."],
    flags: &["attn_cp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"NemotronHForCausalLM","tp_size":4,"attn_cp_size":2}"#,
        r#"{"gpu":"H100","arch":"NemotronHForCausalLM","tp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// LongCat-Flash does not support prefill CP with attention CP
pub static LONGCAT_CP: RuleInfo = RuleInfo {
    code: "PAR037",
    name: "longcat-flash-prefill-cp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "LongCat-Flash does not support --enable-prefill-cp with --attn-cp-size > 1",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 39),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 75),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 79),
    ],
    title: doc!("LongCat-Flash does not support prefill CP with attention CP"),
    explanation: doc!(
        "From 0.5.21 SGLang refuses --enable-prefill-cp with --attn-cp-size > 1 for longcat_flash models."
    ),
    trigger: doc!(
        "A longcat_flash model with --enable-prefill-cp and --attn-cp-size > 1 (0.5.21+)."
    ),
    solutions: doc_list!["Drop --enable-prefill-cp, or set --attn-cp-size 1."],
    flags: &["enable_prefill_cp", "attn_cp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LongcatFlashForCausalLM","tp_size":4,"attn_cp_size":2,"enable_prefill_cp":true,"cp_strategy":"zigzag"}"#,
        r#"{"gpu":"H100","arch":"LongcatFlashForCausalLM","tp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// DWDP on a colocated server re-fetches remote experts every decode step
pub static DWDP_NULL: RuleInfo = RuleInfo {
    code: "PAR101",
    name: "dwdp-colocated-slow",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "DWDP with --disaggregation-mode null: decode steps re-fetch all remote expert weights every step, which is slow. DWDP is recommended only with --disaggregation-mode prefill.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 269),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 293),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 361),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 437),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 460),
    ],
    title: doc!("DWDP on a colocated server re-fetches remote experts every decode step"),
    explanation: doc!(
        "DWDP is meant for prefill nodes; on a colocated server every decode step re-fetches all remote expert weights, which is slow."
    ),
    trigger: doc!("--dwdp-size > 1 with --disaggregation-mode null (the default)."),
    solutions: doc_list!["Use DWDP on the prefill nodes of a PD-disaggregated deployment."],
    flags: &["dwdp_size", "disaggregation_mode"],
    ..RuleInfo::BASE
};

/// EPLB turns on the expert-distribution recorder
pub static EPLB_RECORDER: RuleInfo = RuleInfo {
    code: "PAR102",
    name: "eplb-recorder-mode",
    severity: Severity::Warning,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "EPLB is enabled. The expert_distribution_recorder_mode is automatically set.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 526),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 551),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 625),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 697),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 758),
    ],
    title: doc!("EPLB turns on the expert-distribution recorder"),
    explanation: doc!(
        "With --enable-eplb and no --expert-distribution-recorder-mode SGLang sets the recorder to stat, which EPLB needs for its statistics."
    ),
    trigger: doc!("--enable-eplb without --expert-distribution-recorder-mode."),
    flags: &["enable_eplb", "expert_distribution_recorder_mode"],
    ..RuleInfo::BASE
};

const OVERRIDES: &str = "python/sglang/srt/arg_groups/overrides.py";
const RUNTIME: &str = "python/sglang/srt/runtime_context.py";

/// `--enable-dp-lm-head` needs attention DP.
pub static DP_LM_HEAD: RuleInfo = RuleInfo {
    code: "PAR039",
    name: "dp-lm-head-needs-attention-dp",
    exception: Some("AssertionError"),
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "Please enable dp attention when setting enable_dp_lm_head. ",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "--enable-dp-lm-head requires attention DP (--attn-dp-size).",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), OVERRIDES, 1438),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1484),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1365),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1388),
        (VersionRange::since(SglangVersion::V0_5_23), OVERRIDES, 1425),
    ],
    title: doc!("--enable-dp-lm-head needs attention DP"),
    explanation: doc!(
        "The DP LM head computes the output projection per attention-DP group; `_dp_lm_head_validation` (run by handle_data_parallelism) refuses it without attention DP. With a single DP rank SGLang turns the flag off itself."
    ),
    trigger: doc!(
        "--enable-dp-lm-head with more than one DP rank (e.g. --dp-size replicas) but attention DP off (0.5.19–0.5.21: no --enable-dp-attention; 0.5.22+: --attn-dp-size 1)."
    ),
    solutions: doc_list![
        "Remove --enable-dp-lm-head, or use attention DP (--attn-dp-size N; before 0.5.22 --enable-dp-attention).",
    ],
    flags: &[
        "enable_dp_lm_head",
        "attn_dp_size",
        "enable_dp_attention",
        "dp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":2,"dp_size":4,"enable_dp_lm_head":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":2,"dp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

const ENGINE: &str = "python/sglang/srt/entrypoints/engine.py";

/// Python's own ZeroDivisionError text for an int `//` by zero (every Python 3; `%` says "integer
/// modulo by zero" from 3.11): SGLang's launcher divides by an unchecked width of 0.
const FLOOR_DIV_BY_ZERO: &str = "integer division or modulo by zero";

/// --ep-size 0 divides by zero when the launcher publishes its context
pub static EP_ZERO: RuleInfo = RuleInfo {
    code: "PAR080",
    name: "ep-size-zero",
    stage: crate::report::Stage::Startup,
    exception: Some("ZeroDivisionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        FLOOR_DIV_BY_ZERO,
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), RUNTIME, 183),
        (VersionRange::only(SglangVersion::V0_5_21), RUNTIME, 160),
        (VersionRange::since(SglangVersion::V0_5_22), RUNTIME, 154),
    ],
    title: doc!("--ep-size 0 crashes the launcher with a division by zero"),
    explanation: doc!(
        "SGLang does not check that --ep-size is positive, and resolution keeps 0. When the launcher first publishes its runtime context (for the tokenizer, before any scheduler starts), derive_parallel_widths computes the MoE TP width as tp_size // moe_ep_size // moe_dp_size, and Python raises ZeroDivisionError: a traceback instead of a message, for any model."
    ),
    trigger: doc!(
        "--ep-size 0 (0.5.20 and later), for a model whose resolution does not divide by it first."
    ),
    solutions: doc_list![
        "Remove --ep-size (1, no expert parallelism), or set it to the number of GPUs the experts are spread over."
    ],
    flags: &["ep_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","ep_size":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --pp-size 0 divides by zero when the launcher places the scheduler ranks
pub static PP_ZERO: RuleInfo = RuleInfo {
    code: "PAR081",
    name: "pp-size-zero",
    stage: crate::report::Stage::Startup,
    exception: Some("ZeroDivisionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        FLOOR_DIV_BY_ZERO,
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), ENGINE, 1959),
        (VersionRange::only(SglangVersion::V0_5_22), ENGINE, 2033),
        (VersionRange::since(SglangVersion::V0_5_23), ENGINE, 2064),
    ],
    title: doc!("--pp-size 0 crashes the launcher with a division by zero"),
    explanation: doc!(
        "SGLang does not check that --pp-size is positive. Before it starts the scheduler processes, the launcher computes which pipeline and tensor ranks run on this node (_calculate_rank_ranges), dividing --nnodes by --pp-size, and Python raises ZeroDivisionError: a traceback instead of a message. 0.5.19 and 0.5.20 place the ranks without that division. Judged for a launch without the data-parallel controller (--dp-size 1), which places its ranks in its own code."
    ),
    trigger: doc!("--pp-size 0 (0.5.21 and later) with --dp-size 1."),
    solutions: doc_list!["Remove --pp-size (1, no pipeline parallelism)."],
    flags: &["pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","pp_size":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --attn-cp-size 0 divides by zero when the launcher publishes its context
pub static ATTN_CP_ZERO: RuleInfo = RuleInfo {
    code: "PAR082",
    name: "attn-cp-size-zero",
    stage: crate::report::Stage::Startup,
    exception: Some("ZeroDivisionError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        FLOOR_DIV_BY_ZERO,
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), RUNTIME, 148),
        (VersionRange::only(SglangVersion::V0_5_21), RUNTIME, 78),
        (VersionRange::since(SglangVersion::V0_5_22), RUNTIME, 76),
    ],
    title: doc!("--attn-cp-size 0 crashes the launcher with a division by zero"),
    explanation: doc!(
        "SGLang does not check that --attn-cp-size is positive, and resolution keeps 0. When the launcher first publishes its runtime context (for the tokenizer, before any scheduler starts), it derives the attention TP width as tp_size // attn_dp_size // attn_cp_size (before the MoE widths), and Python raises ZeroDivisionError: a traceback instead of a message."
    ),
    trigger: doc!("--attn-cp-size 0 (0.5.20 and later)."),
    solutions: doc_list!["Remove --attn-cp-size (1, no attention context parallelism)."],
    flags: &["attn_cp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attn_cp_size":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The publish-time topology check (`runtime_context._validate_parallel`).
pub static TOPOLOGY: RuleInfo = RuleInfo {
    code: "PAR040",
    name: "parallel-topology-inconsistent",
    stage: crate::report::Stage::Startup,
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "parallel topology is inconsistent (set by {source}):\n{\"\\n\".join(problems)}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), RUNTIME, 345),
        (VersionRange::since(SglangVersion::V0_5_22), RUNTIME, 347),
    ],
    title: doc!(
        "The parallel topology does not factor (TP = attention TP × DP × CP, TP = EP × MoE-DP × MoE-TP)"
    ),
    explanation: doc!(
        "When the launcher publishes the resolved configuration (the tokenizer's publish, before any scheduler starts), SGLang checks that the TP group factors into attention TP × attention DP × attention CP and into MoE EP × MoE DP × MoE TP, with MoE TP = tp_size // ep_size // moe_dp_size. An --ep-size that does not divide --tp-size (or exceeds it) leaves a MoE TP width that does not multiply back."
    ),
    trigger: doc!(
        "After resolution: tp_size != ep_size × moe_dp_size × (tp_size // ep_size // moe_dp_size), e.g. --tp-size 8 --ep-size 16 (0.5.21+)."
    ),
    solutions: doc_list!["Choose an --ep-size that divides --tp-size (typically equal to it)."],
    flags: &["ep_size", "tp_size", "moe_dp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"ep_size":16}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":8,"ep_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

const LLAMA: &str = "python/sglang/srt/models/llama.py";

/// The keys the head asserts' width derives from (the fix search varies them).
const HEAD_FLAGS: &[&str] = &[
    "tp_size",
    "dp_size",
    "attn_dp_size",
    "attn_cp_size",
    "enable_dp_attention",
];

/// The first attention module's query heads must divide by the TP width
pub static HEADS_TP: RuleInfo = RuleInfo {
    code: "PAR065",
    name: "attention-heads-tp-divisible",
    stage: crate::report::Stage::Construction,
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_19),
    messages: &[(VersionRange::since(SglangVersion::V0_5_19), "")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), LLAMA, 160),
        (VersionRange::only(SglangVersion::V0_5_20), LLAMA, 159),
        (VersionRange::only(SglangVersion::V0_5_21), LLAMA, 158),
        (VersionRange::only(SglangVersion::V0_5_22), LLAMA, 176),
        (VersionRange::V23, LLAMA, 183),
    ],
    title: doc!("The model's attention heads do not divide by the tensor-parallel size"),
    explanation: doc!(
        "Tensor parallelism splits every attention layer by heads, so each GPU of the TP group gets num_attention_heads / tp_size query heads. When the model runner builds the model (after the quantization config is checked, before any weight is read), the first decoder layer's attention module asserts that the config's num_attention_heads divides by the TP width: --tp-size for most models, the attention TP width (--tp-size / attention DP size / --attn-cp-size) for those written for DP attention (Qwen3, Qwen2/3 MoE, GLM-4 MoE, gpt-oss, ...). It is a bare assert: the scheduler dies with an AssertionError without a message, after the model weights have been located. Up to 0.5.21 the vocabulary embedding, built before the decoder layers, pads the vocabulary to a multiple of the TP size only on CPU, so a TP size that does not divide the padded vocabulary is refused there first (PAR073). The lines cited here are LlamaAttention's (llama.py); a diagnostic cites the attention class of the launch's own architecture (Qwen2Attention in qwen2.py, Gemma2Attention in gemma2.py, ...), for the text models whose first decoder layer is reviewed to build that class first (scripts/models/gen_head_asserts.py lists them and reads the lines from each release's wheel); other architectures are not checked."
    ),
    trigger: doc!(
        "A reviewed text architecture, model implementation auto or sglang, and num_attention_heads % width != 0 (e.g. Llama 3.3 70B's 64 heads with --tp-size 3, Qwen2.5-7B's 28 heads with --tp-size 8)."
    ),
    situations: doc!(
        "Using every GPU of a machine (--tp-size 3, 6 or 8) for a model whose head count is not a multiple of it; a DP-attention recipe whose attention TP width no longer divides the heads."
    ),
    solutions: doc_list![
        "Use a --tp-size that divides num_attention_heads (and the KV heads, see PAR066/PAR067); serve the remaining GPUs with --dp-size (data parallel replicas) or --pp-size.",
        "With DP attention, choose --dp-size so that tp_size / dp_size divides the heads.",
    ],
    flags: HEAD_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":3}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// Partitioned KV heads must divide by the TP width
pub static KV_HEADS_TP: RuleInfo = RuleInfo {
    code: "PAR066",
    name: "kv-heads-tp-divisible",
    stage: crate::report::Stage::Construction,
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_19),
    messages: &[(VersionRange::since(SglangVersion::V0_5_19), "")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), LLAMA, 166),
        (VersionRange::only(SglangVersion::V0_5_20), LLAMA, 165),
        (VersionRange::only(SglangVersion::V0_5_21), LLAMA, 164),
        (VersionRange::only(SglangVersion::V0_5_22), LLAMA, 182),
        (VersionRange::V23, LLAMA, 189),
    ],
    title: doc!("The model's KV heads do not divide by the tensor-parallel size"),
    explanation: doc!(
        "With grouped-query attention the KV heads are split across the TP group too: when there are at least as many KV heads as the TP width, the first attention module asserts that num_key_value_heads divides by it (right after the query-heads assert of PAR065). A bare assert: an AssertionError without a message while the model is built."
    ),
    trigger: doc!(
        "A reviewed text architecture whose query heads divide by the TP width but whose num_key_value_heads >= width does not (Phi-4's 10 KV heads with --tp-size 4)."
    ),
    situations: doc!("Phi-4 (40 query heads, 10 KV heads) on four GPUs."),
    solutions: doc_list![
        "Use a --tp-size that divides num_key_value_heads (Phi-4: 1, 2 or 10); serve more GPUs with --dp-size."
    ],
    flags: HEAD_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","model_path":"microsoft/phi-4","tp_size":4}"#,
        r#"{"gpu":"H100","model_path":"microsoft/phi-4","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// Replicated KV heads must divide the TP width
pub static KV_HEADS_REPLICATE: RuleInfo = RuleInfo {
    code: "PAR067",
    name: "kv-heads-replicate-tp",
    stage: crate::report::Stage::Construction,
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_19),
    messages: &[(VersionRange::since(SglangVersion::V0_5_19), "")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), LLAMA, 170),
        (VersionRange::only(SglangVersion::V0_5_20), LLAMA, 169),
        (VersionRange::only(SglangVersion::V0_5_21), LLAMA, 168),
        (VersionRange::only(SglangVersion::V0_5_22), LLAMA, 186),
        (VersionRange::V23, LLAMA, 193),
    ],
    title: doc!("The tensor-parallel size is not a multiple of the model's KV heads"),
    explanation: doc!(
        "When the TP width exceeds num_key_value_heads, each KV head is replicated on width / num_key_value_heads GPUs, so the first attention module asserts that the width is a multiple of the KV heads. A bare assert: an AssertionError without a message while the model is built."
    ),
    trigger: doc!(
        "A reviewed text architecture whose query heads divide by the TP width, with num_key_value_heads < width and width % num_key_value_heads != 0 (Qwen2.5-7B's 4 KV heads with --tp-size 7, which divides its 28 query heads)."
    ),
    situations: doc!(
        "A TP size chosen to divide the query heads (28 = 7 × 4) that is no multiple of the KV heads (4)."
    ),
    solutions: doc_list![
        "Use a --tp-size that is a multiple of num_key_value_heads and divides num_attention_heads; serve more GPUs with --dp-size."
    ],
    flags: HEAD_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen2ForCausalLM","tp_size":7}"#,
        r#"{"gpu":"H100","arch":"Qwen2ForCausalLM","tp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

const DIST_UTILS: &str = "python/sglang/srt/distributed/utils.py";

/// Up to 0.5.21, the padded vocabulary must divide by the embedding's TP width
pub static VOCAB_TP: RuleInfo = RuleInfo {
    code: "PAR073",
    name: "vocab-tp-divisible",
    stage: crate::report::Stage::Construction,
    exception: Some("AssertionError"),
    versions: VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_21),
        "{padded} is not divisible by {width}",
    )],
    sources: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_20),
            DIST_UTILS,
            55,
        ),
        (VersionRange::only(SglangVersion::V0_5_21), DIST_UTILS, 65),
    ],
    title: doc!("The vocabulary does not divide by the tensor-parallel size (up to 0.5.21)"),
    explanation: doc!(
        "The model class builds its vocabulary embedding (VocabParallelEmbedding) before the decoder layers, and splits the vocabulary, padded to a multiple of 64, over the TP group: the full TP group, or for the models written for DP attention (Qwen2/3 and their MoE, GLM-4, gpt-oss) the attention TP group when DP attention is on. Up to 0.5.21 the padding grows to a multiple of the TP size only on CPU, so on a GPU a TP size that does not divide the padded vocabulary fails ensure_divisibility's assert, whose message is the two numbers. From 0.5.22 the vocabulary is padded to the TP size and this never fails. Checked for the architectures whose model class scripts/models/gen_head_asserts.py reviews."
    ),
    trigger: doc!(
        "SGLang 0.5.19-0.5.21, a reviewed text architecture, and the padded vocabulary % width != 0 (Llama 2's 32000 with --tp-size 3; Qwen2.5's 152064 with --tp-size 5)."
    ),
    situations: doc!("Using three, five, six or seven GPUs for one model on an older release."),
    solutions: doc_list![
        "Use a --tp-size that divides the padded vocabulary (and the heads, PAR065), or SGLang 0.5.22 or later, which pads the vocabulary to the TP size.",
    ],
    flags: HEAD_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen2ForCausalLM","tp_size":5,"sglang":"0.5.21"}"#,
        r#"{"gpu":"H100","arch":"Qwen2ForCausalLM","tp_size":4,"sglang":"0.5.21"}"#,
    ))),
    ..RuleInfo::BASE
};

const QWEN3_MOE: &str = "python/sglang/srt/models/qwen3_moe.py";
const FUSED_MOE: &str = "python/sglang/srt/layers/moe/fused_moe_triton/layer.py";
const FP8: &str = "python/sglang/srt/layers/quantization/fp8.py";

/// The flags that decide the first MoE layer's widths.
const MOE_WIDTH_FLAGS: &[&str] = &[
    "tp_size",
    "ep_size",
    "moe_dp_size",
    "ep_num_redundant_experts",
    "moe_runner_backend",
];

/// The MoE TP width exceeds the number of experts
pub static MOE_TP_EXPERTS: RuleInfo = RuleInfo {
    code: "PAR068",
    name: "moe-tp-exceeds-experts",
    stage: crate::report::Stage::Construction,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_19),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_19),
        "Tensor parallel size {tp_size} is greater than the number of experts {num_experts}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), QWEN3_MOE, 241),
        (VersionRange::only(SglangVersion::V0_5_20), QWEN3_MOE, 244),
        (VersionRange::only(SglangVersion::V0_5_21), QWEN3_MOE, 245),
        (VersionRange::only(SglangVersion::V0_5_22), QWEN3_MOE, 248),
        (VersionRange::V23, QWEN3_MOE, 247),
    ],
    title: doc!("The MoE tensor-parallel width is larger than the number of experts"),
    explanation: doc!(
        "Right after the first decoder layer's attention, the model builds its sparse MoE block, which refuses a TP width above the config's num_experts: Qwen3-MoE's block compares the MoE TP width (moe_tp_size = --tp-size / --ep-size / --moe-dp-size), so its message says Tensor parallel size but prints the MoE TP width; Qwen2-MoE's compares --tp-size itself. Mixtral, OLMoE, PhiMoE and Granite MoE blocks have no such check. Checked for the reviewed architectures whose first layer is a sparse MoE layer (scripts/models/gen_moe_asserts.py reads the block from each release's wheel)."
    ),
    trigger: doc!(
        "A reviewed MoE architecture with moe_tp_size > num_experts (Qwen3-MoE), or tp_size > num_experts (Qwen2-MoE)."
    ),
    solutions: doc_list![
        "Split the experts with --ep-size instead (moe_tp_size = tp_size / ep_size), or use a smaller --tp-size."
    ],
    flags: MOE_WIDTH_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"json_model_override_args":"{\"num_experts\": 2}"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"ep_size":2,"json_model_override_args":"{\"num_experts\": 2}"}"#,
    ))),
    ..RuleInfo::BASE
};

const MUSE_SPARK: &str = "python/sglang/srt/models/muse_spark.py";

/// Muse Spark's MoE block serves routed experts only
pub static MUSE_SHARED_EXPERTS: RuleInfo = RuleInfo {
    code: "PAR078",
    name: "muse-spark-shared-experts",
    stage: crate::report::Stage::Construction,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "Muse Spark OSS supports routed experts only",
    )],
    sources: &[(VersionRange::V23, MUSE_SPARK, 476)],
    title: doc!("Muse Spark's MoE block serves routed experts only"),
    explanation: doc!(
        "While the model is built, each sparse layer of Muse Spark (an entry sparse in the text config's mlp_layer_types) builds SGLang's own Muse MoE block, which implements routed experts only and refuses a config whose num_shared_experts is set. The published Muse Spark config has none."
    ),
    trigger: doc!(
        "MuseSparkForConditionalGeneration (0.5.23) with a text config that has sparse layers and a nonzero num_shared_experts."
    ),
    solutions: doc_list!["Serve a Muse Spark checkpoint without shared experts."],
    flags: &["arch", "json_model_override_args"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"MuseSparkForConditionalGeneration","tp_size":8,"ep_size":8,"json_model_override_args":"{\"text_config\": {\"num_shared_experts\": 1}}"}"#,
        r#"{"gpu":"H100","arch":"MuseSparkForConditionalGeneration","tp_size":8,"ep_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// Muse Spark's GPU MoE block needs expert TP 1
pub static MUSE_EXPERT_TP: RuleInfo = RuleInfo {
    code: "PAR079",
    name: "muse-spark-expert-tp",
    stage: crate::report::Stage::Construction,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "The torch-native Muse MoE requires expert TP1; use EP equal to TP. Expert TP is implemented for int4 checkpoints only.",
    )],
    sources: &[(VersionRange::V23, MUSE_SPARK, 481)],
    title: doc!("Muse Spark's MoE block needs the experts spread by EP, not split by TP"),
    explanation: doc!(
        "Muse Spark's MoE block keeps each expert whole on one rank: its MoE TP width (moe_tp_size = --tp-size / --ep-size / --moe-dp-size) must be 1. Only AutoGPTQ int4 expert checkpoints on CPU implement expert TP. So a GPU launch with --tp-size 8 alone (MoE TP width 8) is refused while the model is built, after the download and the first layer's attention; --tp-size 8 --ep-size 8 spreads the experts over the same eight GPUs instead."
    ),
    trigger: doc!(
        "MuseSparkForConditionalGeneration (0.5.23) on a GPU, a text config with sparse layers, BF16 or ModelOpt NVFP4 weights, and --tp-size / --ep-size / --moe-dp-size other than 1."
    ),
    solutions: doc_list!["Set --ep-size equal to --tp-size (with --moe-dp-size 1)."],
    flags: &["tp_size", "ep_size", "moe_dp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"MuseSparkForConditionalGeneration","tp_size":8}"#,
        r#"{"gpu":"H100","arch":"MuseSparkForConditionalGeneration","tp_size":8,"ep_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// The routed experts must divide by the expert-parallel size
pub static MOE_EXPERTS_EP: RuleInfo = RuleInfo {
    code: "PAR069",
    name: "moe-experts-ep-divisible",
    stage: crate::report::Stage::Construction,
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_19),
    messages: &[(VersionRange::since(SglangVersion::V0_5_19), "")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), FUSED_MOE, 371),
        (VersionRange::only(SglangVersion::V0_5_20), FUSED_MOE, 373),
        (VersionRange::only(SglangVersion::V0_5_21), FUSED_MOE, 397),
        (VersionRange::only(SglangVersion::V0_5_22), FUSED_MOE, 396),
        (VersionRange::V23, FUSED_MOE, 414),
    ],
    title: doc!("The number of experts does not divide by --ep-size"),
    explanation: doc!(
        "FusedMoE, the expert layer of the first sparse MoE block, places the routed experts (num_experts + --ep-num-redundant-experts for the Qwen blocks; num_local_experts or num_experts alone for Mixtral, Granite MoE, PhiMoE and OLMoE) evenly on the --ep-size expert-parallel ranks, and asserts that they divide. A bare assert: an AssertionError without a message while the model is built."
    ),
    trigger: doc!(
        "A reviewed MoE architecture with (num_experts + ep_num_redundant_experts) % ep_size != 0 (a config with 130 experts and --ep-size 4)."
    ),
    solutions: doc_list![
        "Use an --ep-size that divides the experts, or add --ep-num-redundant-experts so that the total does."
    ],
    flags: MOE_WIDTH_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"ep_size":4,"json_model_override_args":"{\"num_experts\": 130}"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"ep_size":2,"json_model_override_args":"{\"num_experts\": 130}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The experts' intermediate size must divide by the MoE TP width
pub static MOE_INTERMEDIATE_TP: RuleInfo = RuleInfo {
    code: "PAR070",
    name: "moe-intermediate-tp-divisible",
    stage: crate::report::Stage::Construction,
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_19),
    messages: &[(VersionRange::since(SglangVersion::V0_5_19), "")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), FUSED_MOE, 378),
        (VersionRange::only(SglangVersion::V0_5_20), FUSED_MOE, 380),
        (VersionRange::only(SglangVersion::V0_5_21), FUSED_MOE, 407),
        (VersionRange::only(SglangVersion::V0_5_22), FUSED_MOE, 408),
        (VersionRange::V23, FUSED_MOE, 427),
    ],
    title: doc!("The experts' intermediate size does not divide by the MoE TP width"),
    explanation: doc!(
        "Without expert parallelism every expert is split across the MoE TP group (moe_tp_size = --tp-size / --ep-size / --moe-dp-size): FusedMoE asserts that each expert's intermediate size (moe_intermediate_size; intermediate_size for Mixtral, Granite MoE, PhiMoE and OLMoE) divides by it. A bare assert: an AssertionError without a message while the model is built."
    ),
    trigger: doc!(
        "A reviewed MoE architecture with moe_intermediate_size % moe_tp_size != 0 (Qwen3-30B-A3B's 768 with --tp-size 5 and --ep-size 1)."
    ),
    solutions: doc_list![
        "Use --ep-size equal to --tp-size (each rank holds whole experts, moe_tp_size 1), or a --tp-size that divides moe_intermediate_size."
    ],
    flags: MOE_WIDTH_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"json_model_override_args":"{\"moe_intermediate_size\": 770}"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"ep_size":4,"json_model_override_args":"{\"moe_intermediate_size\": 770}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Block-FP8 experts: the gate and up projections' TP slice must divide by block_n
pub static FP8_MOE_BLOCK_N: RuleInfo = RuleInfo {
    code: "PAR071",
    name: "fp8-moe-block-n",
    stage: crate::report::Stage::Construction,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_19),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_19),
        "The output_size of gate's and up's weight = {size} is not divisible by weight quantization block_n = {block_n}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), FP8, 1181),
        (VersionRange::only(SglangVersion::V0_5_20), FP8, 1257),
        (VersionRange::only(SglangVersion::V0_5_21), FP8, 1403),
        (VersionRange::only(SglangVersion::V0_5_22), FP8, 1479),
        (VersionRange::V23, FP8, 1589),
    ],
    title: doc!("The experts' TP slice is not a multiple of the FP8 quantization block"),
    explanation: doc!(
        "A block-FP8 checkpoint (quantization_config quant_method fp8 with weight_block_size, such as Qwen's -FP8 uploads with 128 × 128 blocks) stores one scale per block of the expert weights. When FusedMoE creates the weights of the first sparse MoE layer, Fp8MoEMethod requires each rank's slice of the experts' intermediate dimension (moe_intermediate_size / moe_tp_size, rounded up to 128 by the flashinfer_trtllm MoE runner) to be a whole number of blocks. Qwen3-235B-A22B-FP8 (moe_intermediate_size 1536) with --tp-size 8 gives 192, which is not a multiple of 128. The check is skipped on ROCm with SGLANG_USE_AITER when the block is 128 × 128 (AITer pads the experts). After the model is loaded, ModelRunner's check_quantized_moe_compatibility would refuse the same widths with its own message; this one comes first."
    ),
    trigger: doc!(
        "A reviewed MoE architecture, a block-FP8 checkpoint, and (moe_intermediate_size / moe_tp_size) % block_n != 0."
    ),
    situations: doc!(
        "Qwen3-235B-A22B-FP8 or Qwen3-Coder-480B-A35B-Instruct-FP8 on eight GPUs with --tp-size 8 alone."
    ),
    solutions: doc_list![
        "Add --ep-size equal to --tp-size (expert parallelism keeps whole experts on each rank), or use a --tp-size for which moe_intermediate_size / tp_size is a multiple of 128 (Qwen3-235B-A22B-FP8: --tp-size 4).",
    ],
    flags: MOE_WIDTH_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","model_path":"Qwen/Qwen3-235B-A22B-FP8","tp_size":8}"#,
        r#"{"gpu":"H100","model_path":"Qwen/Qwen3-235B-A22B-FP8","tp_size":8,"ep_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// Block-FP8 experts: the down projection's TP slice must divide by block_k
pub static FP8_MOE_BLOCK_K: RuleInfo = RuleInfo {
    code: "PAR072",
    name: "fp8-moe-block-k",
    stage: crate::report::Stage::Construction,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_19),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_19),
        "The input_size of down's weight = {size} is not divisible by weight quantization block_k = {block_k}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), FP8, 1189),
        (VersionRange::only(SglangVersion::V0_5_20), FP8, 1265),
        (VersionRange::only(SglangVersion::V0_5_21), FP8, 1411),
        (VersionRange::only(SglangVersion::V0_5_22), FP8, 1487),
        (VersionRange::V23, FP8, 1597),
    ],
    title: doc!("The experts' TP slice is not a multiple of the FP8 block's input width"),
    explanation: doc!(
        "The second block-FP8 check of the experts (see PAR071): with a MoE TP width above 1 (up to 0.5.21: a --tp-size above 1), the down projection is split along its input, so the slice moe_intermediate_size / moe_tp_size must also be a multiple of block_k. It is reached only when block_n divides the slice and block_k does not (weight_block_size with two different sizes)."
    ),
    trigger: doc!(
        "A reviewed MoE architecture, a block-FP8 checkpoint, moe_tp_size > 1, the slice divisible by block_n but not by block_k."
    ),
    solutions: doc_list![
        "Add --ep-size equal to --tp-size, or choose a --tp-size whose slice is a multiple of both block sizes."
    ],
    flags: MOE_WIDTH_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","model_path":"Qwen/Qwen3-235B-A22B-FP8","tp_size":4,"json_model_override_args":"{\"quantization_config\": {\"activation_scheme\": \"dynamic\", \"quant_method\": \"fp8\", \"weight_block_size\": [128, 256]}}"}"#,
        r#"{"gpu":"H100","model_path":"Qwen/Qwen3-235B-A22B-FP8","tp_size":2,"json_model_override_args":"{\"quantization_config\": {\"activation_scheme\": \"dynamic\", \"quant_method\": \"fp8\", \"weight_block_size\": [128, 256]}}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Block-FP8 linear layers: each output partition must be a whole number of blocks
pub static FP8_LINEAR_BLOCK_N: RuleInfo = RuleInfo {
    code: "PAR074",
    name: "fp8-linear-block-n",
    stage: crate::report::Stage::Construction,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_19),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_19),
        "Weight output_partition_size = {size} is not divisible by weight quantization block_n = {block_n}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), FP8, 528),
        (VersionRange::only(SglangVersion::V0_5_20), FP8, 567),
        (VersionRange::only(SglangVersion::V0_5_21), FP8, 588),
        (VersionRange::only(SglangVersion::V0_5_22), FP8, 595),
        (VersionRange::V23, FP8, 606),
    ],
    title: doc!("A linear layer's TP slice is not a multiple of the FP8 quantization block"),
    explanation: doc!(
        "A block-FP8 checkpoint (quantization_config quant_method fp8 with weight_block_size, such as Qwen's -FP8 uploads with 128 × 128 blocks) stores one scale per block of each weight. When the first decoder layer creates its linear layers, Fp8LinearMethod.validate_block_quant_shapes requires every output partition of a merged layer (the attention's QKV projection: query heads / TP × head_dim and KV heads / TP × head_dim; the MLP's gate and up projections: intermediate_size / --tp-size), and of a column-parallel layer split over more than one rank, to be a whole number of block_n. Qwen3-4B-FP8 (intermediate_size 9728) with --tp-size 8 gives 1216, which is not a multiple of 128. Checked for the reviewed architectures whose attention and dense MLP scripts/models/gen_head_asserts.py verifies in each release's wheel; MoE experts have their own check (PAR071)."
    ),
    trigger: doc!(
        "A reviewed architecture, a block-FP8 checkpoint, and a QKV or gate/up partition % block_n != 0."
    ),
    situations: doc!(
        "A small FP8 model spread over eight GPUs (Qwen3-4B-FP8 with --tp-size 8), or a head_dim of 64 with one KV head per rank."
    ),
    solutions: doc_list![
        "Use a --tp-size for which intermediate_size / tp_size (and the heads per rank × head_dim) is a multiple of the block (Qwen3-4B-FP8: --tp-size 4), and spread the remaining GPUs over data parallelism (--dp-size) instead.",
    ],
    flags: HEAD_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","model_path":"Qwen/Qwen3-4B-FP8","tp_size":8}"#,
        r#"{"gpu":"H100","model_path":"Qwen/Qwen3-4B-FP8","tp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// Block-FP8 row-parallel linear layers: the input partition must be a whole number of blocks
pub static FP8_LINEAR_BLOCK_K: RuleInfo = RuleInfo {
    code: "PAR075",
    name: "fp8-linear-block-k",
    stage: crate::report::Stage::Construction,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_19),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_19),
        "Weight input_size_per_partition = {size} is not divisible by weight quantization block_k = {block_k}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), FP8, 517),
        (VersionRange::only(SglangVersion::V0_5_20), FP8, 556),
        (VersionRange::only(SglangVersion::V0_5_21), FP8, 577),
        (VersionRange::only(SglangVersion::V0_5_22), FP8, 584),
        (VersionRange::V23, FP8, 595),
    ],
    title: doc!("A row-parallel layer's input slice is not a multiple of the FP8 block"),
    explanation: doc!(
        "The second block-FP8 check of the linear layers (see PAR074): a row-parallel layer split over more than one rank (the attention's output projection, over the attention's TP group; the MLP's down projection, over --tp-size) needs its input slice to be a whole number of block_k. Up to 0.5.21 the check compares with the full --tp-size, so under DP attention the attention's output projection is not checked there. It is reached only when block_n divides every earlier partition."
    ),
    trigger: doc!(
        "A reviewed architecture, a block-FP8 checkpoint, TP above 1, and the output projection's or down projection's input slice % block_k != 0."
    ),
    solutions: doc_list!["Use a --tp-size whose slices are multiples of both block sizes."],
    flags: HEAD_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","model_path":"Qwen/Qwen3-4B-FP8","tp_size":8,"json_model_override_args":"{\"quantization_config\": {\"activation_scheme\": \"dynamic\", \"quant_method\": \"fp8\", \"weight_block_size\": [64, 256]}}"}"#,
        r#"{"gpu":"H100","model_path":"Qwen/Qwen3-4B-FP8","tp_size":2,"json_model_override_args":"{\"quantization_config\": {\"activation_scheme\": \"dynamic\", \"quant_method\": \"fp8\", \"weight_block_size\": [64, 256]}}"}"#,
    ))),
    ..RuleInfo::BASE
};

const LINEAR: &str = "python/sglang/srt/layers/linear.py";

/// The dense MLP's intermediate size must divide by the TP size
pub static MLP_INTERMEDIATE_TP: RuleInfo = RuleInfo {
    code: "PAR076",
    name: "mlp-intermediate-tp-divisible",
    stage: crate::report::Stage::Construction,
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_19),
    messages: &[(VersionRange::since(SglangVersion::V0_5_19), "")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), LINEAR, 568),
        (VersionRange::only(SglangVersion::V0_5_20), LINEAR, 567),
        (VersionRange::only(SglangVersion::V0_5_21), LINEAR, 566),
        (VersionRange::only(SglangVersion::V0_5_22), LINEAR, 690),
        (VersionRange::V23, LINEAR, 693),
    ],
    title: doc!("The dense MLP's intermediate size does not divide by the TP size"),
    explanation: doc!(
        "After its attention, the first decoder layer of a dense model builds its MLP, whose gate and up projections (one MergedColumnParallelLinear) are split over the full TP group: it asserts that intermediate_size divides by --tp-size. Under DP attention the attention is split over the smaller attention TP group, so its head asserts can pass at a TP size the MLP cannot take. A bare assert: an AssertionError without a message while the model is built. Checked for the reviewed architectures whose dense MLP scripts/models/gen_head_asserts.py verifies in each release's wheel, unquantized or block FP8."
    ),
    trigger: doc!(
        "A reviewed dense architecture with intermediate_size % tp_size != 0 (Qwen3-8B's 12288 with --tp-size 14 --dp-size 7 --enable-dp-attention)."
    ),
    solutions: doc_list![
        "Use a --tp-size that divides intermediate_size, and spread the other GPUs over --dp-size without DP attention.",
    ],
    flags: HEAD_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":14,"dp_size":7,"enable_dp_attention":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":16,"dp_size":8,"enable_dp_attention":true}"#,
    ))),
    ..RuleInfo::BASE
};

const DP_ATTENTION: &str = "python/sglang/srt/layers/dp_attention.py";

/// An attention that shards over attention TP but all-reduces over the full TP group
pub static ATTN_TP_SHARD_TP_REDUCE: RuleInfo = RuleInfo {
    code: "PAR077",
    name: "attn-tp-shard-with-tp-reduce",
    stage: crate::report::Stage::Construction,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "{layer} shards over the attention TP group ({shard_tp_size} ranks) but all-reduces over the full TP group ({tp_size} ranks), so it does not support {' with '.join(narrowed_by) or 'this layout'} yet. Use --attn-dp-size equal to --tp-size, or {remedy}{hint}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_22),
            DP_ATTENTION,
            523,
        ),
        (VersionRange::V23, DP_ATTENTION, 567),
    ],
    title: doc!("The attention shards over attention TP but reduces over the full TP group"),
    explanation: doc!(
        "Some attention classes split their heads over the attention TP group (--tp-size / attention DP / --attn-cp-size) but all-reduce their output projection over the whole TP group. Where attention DP or attention CP makes the attention TP group narrower than TP (and wider than one rank), that reduction would mix ranks that hold other requests, so the class refuses the layout while the model is built, right after its QKV projection (reject_attn_tp_shard_with_tp_reduce, from 0.5.22; PhiMoE's attention, for example). One attention TP rank per group (--attn-dp-size equal to --tp-size) reduces nothing and is allowed. Checked for the reviewed architectures whose attention scripts/models/gen_head_asserts.py finds calling it in each release's wheel."
    ),
    trigger: doc!(
        "A reviewed architecture whose attention calls the check, with 1 < attn_tp_size < tp_size (PhiMoE with --tp-size 8 --dp-size 2 --enable-dp-attention)."
    ),
    solutions: doc_list![
        "Use --attn-dp-size (or --dp-size with DP attention) equal to --tp-size, so each attention group is one rank.",
        "Or drop attention DP and attention CP, so the attention is split over the whole TP group.",
    ],
    flags: HEAD_FLAGS,
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"PhiMoEForCausalLM","tp_size":8,"dp_size":2,"enable_dp_attention":true}"#,
        r#"{"gpu":"H100","arch":"PhiMoEForCausalLM","tp_size":8,"dp_size":8,"enable_dp_attention":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &DCP_SIZE,
    &DCP_PREFILL_CP,
    &DCP_BACKEND_NEEDS_DCP,
    &DCP_FI_A2A_CUDA,
    &DCP_REPLICATE_NEEDS_DCP,
    &DCP_REPLICATE_BACKEND,
    &DWDP_TP,
    &DWDP_DISAGG,
    &DWDP_EPLB,
    &DWDP_SPEC,
    &DWDP_PP,
    &DWDP_TBO,
    &ATTN_DP_POSITIVE,
    &DP_WITH_ATTN_DP,
    &DP_ATTN_TP_DIVISIBLE,
    &CP_STRATEGY,
    &LEGACY_CP_EXCLUSIVE,
    &CP_TP_DIVISIBLE,
    &CP_DP_TP_DIVISIBLE,
    &CP_AITER_FUSION,
    &MOE_DP_TP_DIVISIBLE,
    &MOE_DP_EP_LE,
    &MOE_DP_PP,
    &MOE_DP_EP_EQ,
    &MOE_DP_AITER_FUSION,
    &CP_MOE_DP_MISMATCH,
    &SHARED_EXPERTS_TP_DIVISOR,
    &SHARED_EXPERTS_TP_KIMI,
    &EP_DISPATCH_RANK_INVARIANT,
    &EPLB_NEEDS_EP,
    &PREFILL_CP_HIP_ARCH,
    &DSV32_ZIGZAG,
    &NEMOTRON_CP,
    &LONGCAT_CP,
    &DP_LM_HEAD,
    &TOPOLOGY,
    &DWDP_NULL,
    &EPLB_RECORDER,
    &HEADS_TP,
    &KV_HEADS_TP,
    &KV_HEADS_REPLICATE,
    &VOCAB_TP,
    &MOE_TP_EXPERTS,
    &MUSE_SHARED_EXPERTS,
    &MUSE_EXPERT_TP,
    &EP_ZERO,
    &PP_ZERO,
    &ATTN_CP_ZERO,
    &MOE_EXPERTS_EP,
    &MOE_INTERMEDIATE_TP,
    &FP8_MOE_BLOCK_N,
    &FP8_MOE_BLOCK_K,
    &FP8_LINEAR_BLOCK_N,
    &FP8_LINEAR_BLOCK_K,
    &MLP_INTERMEDIATE_TP,
    &ATTN_TP_SHARD_TP_REDUCE,
];

/// Checks of `parallel_hook.py` deliberately not modelled.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: HOOK,
        function: "handle_elastic_ep",
        message: "",
        reason: "Elastic EP (--elastic-ep-backend, --max-ep-size, join modes) needs a Mooncake/NIXL deployment Preflight does not model; its checks read the CUDA-graph configuration and IB devices, which are not ported.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_dwdp",
        message: "dwdp_size must be >= 2 when enabled",
        reason: "Unreachable: handle_dwdp returns before it when dwdp_size <= 1.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_context_parallelism",
        message: "MiMo V2",
        reason: "MiMo V2 prefill CP depends on the multimodal facts of MiMo checkpoints (and in 0.5.19 on SGLANG_ENABLE_CP_V2, set for CP_V2_DEFAULT_MODEL_CLASSES), which are not modelled.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_shared_experts_tp",
        message: "requires a Kimi-K3 model configuration",
        reason: "Only reached for instance-connector model paths (instance://), which Preflight does not model.",
    },
    Unmodelled {
        file: HOOK,
        function: "validate_prefill_cp_platform",
        message: "",
        reason: "0.5.22+ refuse prefill CP here only on MUSA (no modelled platform); 0.5.20/0.5.21's ROCm refusal is MODEL098 (rules::model_overrides).",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_shared_experts_tp",
        message: "requires an expert-parallel all-to-all",
        reason: "Reached only for KimiK3ForConditionalGeneration, whose reference config Preflight cannot read (no kv_lora_rank).",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_expert_distribution_metrics",
        message: "SGLANG_ENABLE_EPLB_BALANCEDNESS_METRIC",
        reason: "0.5.19/0.5.20: any value of the removed variable is refused; the fix search cannot unset an environment variable yet, so the rule would have no verified fix.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "ParallelContext.__getattr__",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "ParallelContext._read",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it. (0.5.19 also raises 'derived parallel width ... is not available' before initialize_model_parallel stamps the widths; the oracle treats it as a harness error.)",
    },
    Unmodelled {
        file: RUNTIME,
        function: "ParallelContext._derived_width",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "ParallelContext.override_permanently",
        message: "unknown parallel field",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "ParallelContext.override_permanently",
        message: "",
        reason: "A bare re-raise: restores the previous parallel values and re-raises the topology ValueError of _validate_parallel, which PAR040 models (its message names override_permanently as the source).",
    },
    Unmodelled {
        file: RUNTIME,
        function: "ParallelContext.override",
        message: "unknown parallel field",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "ParallelContext.override",
        message: "",
        reason: "A bare re-raise of _validate_parallel's topology ValueError after a scoped override; only SGLang's runtime code makes scoped overrides.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_FlagGroupBase.__setattr__",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_FlagGroupBase.override",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "ForwardFlags.__getattr__",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "ForwardFlags.__setattr__",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "ForwardFlags.scoped",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_ConfigBag.__getattr__",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_ConfigBag.__setattr__",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_ConfigBag.override",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_build_config_bags",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it. (The namespace table is SGLang's own declaration.)",
    },
    Unmodelled {
        file: RUNTIME,
        function: "RuntimeContext.server_args",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "RuntimeContext.config_bag",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "RuntimeContext._check_role_namespace",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it. (The publish roles and their namespace sets are fixed in SGLang's code.)",
    },
    Unmodelled {
        file: RUNTIME,
        function: "RuntimeContext.override",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "RuntimeContext.config_leaf",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_ServerArgsOverride.install",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it. (override_server_args is a test and plugin hook.)",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_append_role_ns_out",
        message: "",
        reason: "A diagnostic print of the SGLANG_ROLE_NAMESPACES recording mode (a developer tool that writes the namespaces each role reads); it changes no launch outcome.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_dump_recorded_namespace_reads",
        message: "",
        reason: "A diagnostic print of the SGLANG_ROLE_NAMESPACES recording mode; it changes no launch outcome.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_configure_context",
        message: "re-projected the config bags",
        reason: "Logged when one process publishes twice after overrides; a launch publishes once per process (the oracle silences its own repeated publishes for the same reason).",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_configure_context",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it. (The publish roles are fixed in SGLang's code; the role-namespace recording print is a developer tool.)",
    },
    Unmodelled {
        file: RUNTIME,
        function: "publish",
        message: "re-projected the config bags",
        reason: "The 0.5.19-0.5.21 spelling of _configure_context's warning: logged when one process publishes twice after overrides; a launch publishes once per process.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "publish",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it. (0.5.19-0.5.21: the same role checks inside publish.)",
    },
    Unmodelled {
        file: RUNTIME,
        function: "assert_published",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "_validated_role_ns_mode",
        message: "",
        reason: "SGLANG_ROLE_NAMESPACES is read once when runtime_context is imported, before any launch argument is parsed: a bad value stops every SGLang command alike, and the oracle (which imports SGLang once per worker, before a case's environment is set) cannot reach it to verify a port.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "PlatformContext.__getattr__",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "PlatformContext.__setattr__",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it.",
    },
    Unmodelled {
        file: RUNTIME,
        function: "PlatformContext._install",
        message: "",
        reason: "An internal invariant of SGLang's config context, raised only when SGLang's own code reads or writes an undeclared name or reads before its process published the config (a programming error); no launch flag, model or environment value reaches it. (override_platform is a test hook.)",
    },
];
