//! The Muse Spark branch of LayerNorm sequence parallelism (`arg_groups/layernorm_sp_hook.py`,
//! 0.5.23): `validate_layernorm_sp`'s TP/EP, quantization, all-to-all and runner checks, and
//! `handle_layernorm_sp`'s MegaMoE prefill and NVFP4-dispatch checks. The logic is in
//! `pipeline/moe.rs` (`handle_layernorm_sp`); the shared checks are in `rules/sp.rs`.

use super::{RuleInfo, Unmodelled};
#[allow(unused_imports)]
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/layernorm_sp_hook.py";

/// Muse Spark LayerNorm SP needs TP4/EP4 or TP8/EP8
pub static MUSE_TP_EP: RuleInfo = RuleInfo {
    code: "PAR056",
    name: "muse-sp-tp-ep",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "Muse Spark --enable-layernorm-sp requires TP4/EP4 or TP8/EP8; got TP{tp_size}/EP{ep_size}.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 142)],
    title: doc!("Muse Spark LayerNorm SP needs TP4/EP4 or TP8/EP8"),
    explanation: doc!(
        "Muse Spark's LayerNorm sequence parallelism is implemented for TP4 with EP4 and TP8 with EP8 only."
    ),
    trigger: doc!("--enable-layernorm-sp on Muse Spark with another --tp-size / --ep-size pair."),
    solutions: doc_list![
        "Use --tp-size 4 --ep-size 4 or --tp-size 8 --ep-size 8.",
        "Remove --enable-layernorm-sp."
    ],
    flags: &["tp_size", "ep_size", "enable_layernorm_sp"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":2,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"flashinfer_trtllm"}"#,
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"flashinfer_trtllm"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Muse Spark LayerNorm SP needs NVFP4 weights, or MegaMoE with BF16
pub static MUSE_QUANT: RuleInfo = RuleInfo {
    code: "PAR057",
    name: "muse-sp-quantization",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "Muse Spark --enable-layernorm-sp requires serialized NVFP4 weights with --quantization modelopt_fp4, or BF16 weights with --enable-megamoe-for-layernorm-sp.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 151)],
    title: doc!("Muse Spark LayerNorm SP needs NVFP4 weights, or MegaMoE with BF16"),
    explanation: doc!(
        "The FlashInfer all-to-all LayerNorm-SP path of Muse Spark is restricted to serialized NVFP4 weights (--quantization modelopt_fp4); BF16 weights need the MegaMoE prefill path (--enable-megamoe-for-layernorm-sp)."
    ),
    trigger: doc!(
        "--enable-layernorm-sp on Muse Spark without --quantization modelopt_fp4 (and without MegaMoE for BF16)."
    ),
    solutions: doc_list![
        "Add --quantization modelopt_fp4 (an NVFP4 checkpoint).",
        "Add --enable-megamoe-for-layernorm-sp.",
        "Remove --enable-layernorm-sp."
    ],
    flags: &[
        "quantization",
        "enable_megamoe_for_layernorm_sp",
        "enable_layernorm_sp",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_trtllm","env":{"SGLANG_MOE_NVFP4_DISPATCH":"0"}}"#,
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"quantization":"modelopt_fp4","moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_trtllm","env":{"SGLANG_MOE_NVFP4_DISPATCH":"0"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// Muse MegaMoE LayerNorm SP needs no all-to-all backend or flashinfer
pub static MUSE_MEGAMOE_A2A: RuleInfo = RuleInfo {
    code: "PAR058",
    name: "muse-megamoe-sp-a2a",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "Muse MegaMoE prefill requires --moe-a2a-backend none or flashinfer; MegaMoE performs its own dispatch/combine and decode uses all-reduce.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 158)],
    title: doc!("Muse MegaMoE LayerNorm SP needs no all-to-all backend or flashinfer"),
    explanation: doc!(
        "MegaMoE performs its own dispatch and combine and decode uses all-reduce, so the only all-to-all backends allowed are none and flashinfer."
    ),
    trigger: doc!(
        "--enable-megamoe-for-layernorm-sp on Muse Spark with another --moe-a2a-backend."
    ),
    solutions: doc_list!["Remove --moe-a2a-backend.", "Remove --enable-layernorm-sp."],
    flags: &["moe_a2a_backend", "enable_megamoe_for_layernorm_sp"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"flashinfer_trtllm","moe_a2a_backend":"deepep"}"#,
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"flashinfer_trtllm"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Muse Spark LayerNorm SP needs the FlashInfer all-to-all backend
pub static MUSE_A2A: RuleInfo = RuleInfo {
    code: "PAR059",
    name: "muse-sp-a2a-flashinfer",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "Muse Spark --enable-layernorm-sp requires --moe-a2a-backend flashinfer.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 163)],
    title: doc!("Muse Spark LayerNorm SP needs the FlashInfer all-to-all backend"),
    explanation: doc!(
        "Without MegaMoE, Muse Spark's sequence-parallel prefill moves tokens with FlashInfer's all-to-all."
    ),
    trigger: doc!(
        "--enable-layernorm-sp on Muse Spark without --moe-a2a-backend flashinfer (and without MegaMoE)."
    ),
    solutions: doc_list![
        "Add --moe-a2a-backend flashinfer.",
        "Remove --enable-layernorm-sp."
    ],
    flags: &["moe_a2a_backend", "enable_layernorm_sp"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"quantization":"modelopt_fp4","moe_runner_backend":"flashinfer_trtllm","env":{"SGLANG_MOE_NVFP4_DISPATCH":"0"}}"#,
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"quantization":"modelopt_fp4","moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_trtllm","env":{"SGLANG_MOE_NVFP4_DISPATCH":"0"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// Muse Spark LayerNorm SP needs the flashinfer_trtllm MoE runner
pub static MUSE_RUNNER: RuleInfo = RuleInfo {
    code: "PAR060",
    name: "muse-sp-runner",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "Muse Spark --enable-layernorm-sp requires --moe-runner-backend flashinfer_trtllm.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 168)],
    title: doc!("Muse Spark LayerNorm SP needs the flashinfer_trtllm MoE runner"),
    explanation: doc!(
        "Both Muse Spark SP paths share the TRT-LLM expert weights, so the MoE runner must be flashinfer_trtllm (as resolved: a --flashinfer-a2a-dispatch-type turns it into flashinfer_trtllm_routed, which is refused)."
    ),
    trigger: doc!(
        "--enable-layernorm-sp on Muse Spark with another (resolved) --moe-runner-backend."
    ),
    solutions: doc_list![
        "Use --moe-runner-backend flashinfer_trtllm.",
        "Remove --enable-layernorm-sp."
    ],
    flags: &[
        "moe_runner_backend",
        "flashinfer_a2a_dispatch_type",
        "enable_layernorm_sp",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"triton"}"#,
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"flashinfer_trtllm"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Muse MegaMoE LayerNorm SP does not support mixed chunks
pub static MUSE_MEGAMOE_MIXED: RuleInfo = RuleInfo {
    code: "PAR061",
    name: "muse-megamoe-sp-mixed-chunk",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "--enable-megamoe-for-layernorm-sp is incompatible with --enable-mixed-chunk: mixed batches bypass SP prefill.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 47)],
    title: doc!("Muse MegaMoE LayerNorm SP does not support mixed chunks"),
    explanation: doc!("Mixed prefill/decode batches bypass the sequence-parallel prefill."),
    trigger: doc!("--enable-megamoe-for-layernorm-sp with --enable-mixed-chunk."),
    solutions: doc_list!["Remove --enable-mixed-chunk."],
    flags: &["enable_mixed_chunk", "enable_megamoe_for_layernorm_sp"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"flashinfer_trtllm","enable_mixed_chunk":true}"#,
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"flashinfer_trtllm"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Muse Spark LayerNorm SP needs SGLANG_MOE_NVFP4_DISPATCH=0
pub static MUSE_NVFP4_DISPATCH: RuleInfo = RuleInfo {
    code: "PAR062",
    name: "muse-sp-nvfp4-dispatch",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "Muse Spark --enable-layernorm-sp requires SGLANG_MOE_NVFP4_DISPATCH=0 so FlashInfer A2A transports BF16 activations and sizes its workspace for the BF16 payload.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 102)],
    title: doc!("Muse Spark LayerNorm SP needs SGLANG_MOE_NVFP4_DISPATCH=0"),
    explanation: doc!(
        "FlashInfer's all-to-all must carry BF16 activations (its workspace is sized for them). With modelopt_fp4 and no --flashinfer-a2a-dispatch-type, handle_a2a_moe turns SGLANG_MOE_NVFP4_DISPATCH on when it is unset, so the variable must be set to 0 explicitly."
    ),
    trigger: doc!(
        "--enable-layernorm-sp on Muse Spark (without MegaMoE) with SGLANG_MOE_NVFP4_DISPATCH on, or unset with modelopt_fp4."
    ),
    solutions: doc_list![
        "Set SGLANG_MOE_NVFP4_DISPATCH=0.",
        "Remove --enable-layernorm-sp."
    ],
    flags: &["env.SGLANG_MOE_NVFP4_DISPATCH", "enable_layernorm_sp"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"quantization":"modelopt_fp4","moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_trtllm"}"#,
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"quantization":"modelopt_fp4","moe_a2a_backend":"flashinfer","moe_runner_backend":"flashinfer_trtllm","env":{"SGLANG_MOE_NVFP4_DISPATCH":"0"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// Muse MegaMoE needs positive token budgets
pub static MUSE_BUDGET_POSITIVE: RuleInfo = RuleInfo {
    code: "PAR063",
    name: "muse-megamoe-budget-positive",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "Muse MegaMoE requires positive prefill and per-rank token budgets.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 200)],
    title: doc!("Muse MegaMoE needs positive token budgets"),
    explanation: doc!(
        "The shared MegaMoE buffer is sized from the prefill budget (--chunked-prefill-size, else --max-prefill-tokens) and SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK; both must be positive."
    ),
    trigger: doc!(
        "--enable-megamoe-for-layernorm-sp with SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK <= 0, or no positive prefill budget."
    ),
    solutions: doc_list![
        "Unset SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK.",
        "Remove --enable-layernorm-sp and --enable-megamoe-for-layernorm-sp."
    ],
    flags: &[
        "env.SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK",
        "chunked_prefill_size",
        "enable_megamoe_for_layernorm_sp",
        "enable_layernorm_sp",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"flashinfer_trtllm","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"0"}}"#,
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"flashinfer_trtllm"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Muse MegaMoE's per-rank token capacity is too small
pub static MUSE_BUDGET: RuleInfo = RuleInfo {
    code: "PAR064",
    name: "muse-megamoe-budget",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "Muse MegaMoE needs {per_rank} tokens per rank, exceeding capacity {capacity}; increase SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK or reduce --chunked-prefill-size.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 205)],
    title: doc!("Muse MegaMoE's per-rank token capacity is too small"),
    explanation: doc!(
        "Each rank's shard of the largest SP prefill, ceil(budget / tp_size), must fit SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK (default 8192)."
    ),
    trigger: doc!(
        "--enable-megamoe-for-layernorm-sp where ceil(chunked prefill / tp_size) exceeds the per-rank capacity."
    ),
    solutions: doc_list![
        "Reduce --chunked-prefill-size.",
        "Raise SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK."
    ],
    flags: &[
        "chunked_prefill_size",
        "env.SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"flashinfer_trtllm","chunked_prefill_size":65536}"#,
        r#"{"gpu":"B200","arch":"MuseSparkForConditionalGeneration","tp_size":4,"ep_size":4,"enable_layernorm_sp":true,"enable_megamoe_for_layernorm_sp":true,"moe_runner_backend":"flashinfer_trtllm","chunked_prefill_size":8192}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of the module.
pub static RULES: &[&RuleInfo] = &[
    &MUSE_TP_EP,
    &MUSE_QUANT,
    &MUSE_MEGAMOE_A2A,
    &MUSE_A2A,
    &MUSE_RUNNER,
    &MUSE_MEGAMOE_MIXED,
    &MUSE_NVFP4_DISPATCH,
    &MUSE_BUDGET_POSITIVE,
    &MUSE_BUDGET,
];

/// The sites of the hook not modelled, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: HOOK,
        function: "handle_layernorm_sp",
        message: "Muse MegaMoE LayerNorm SP requires pipeline parallel size 1.",
        reason: "Unreachable: validate_layernorm_sp refuses --pp-size > 1 first (PAR047), so only --pp-size < 1 reaches it, which is not a launch.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_layernorm_sp",
        message: "Muse MegaMoE breakable prefill requires a positive",
        reason: "Reads the resolved prefill CUDA-graph backend (breakable) and its capture buckets, which Preflight does not resolve.",
    },
    Unmodelled {
        file: HOOK,
        function: "handle_layernorm_sp",
        message: "Muse MegaMoE breakable prefill requires the largest",
        reason: "Reads the resolved prefill CUDA-graph backend (breakable) and its capture buckets, which Preflight does not resolve.",
    },
];
