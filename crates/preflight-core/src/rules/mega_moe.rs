//! `validate_flydsl_decode_capacity` and the decode half of `validate_mega_moe_token_budget`
//! (`arg_groups/mega_moe_hook.py`, 0.5.23): the AMD FlyDSL MegaMoE decode capacity. The logic is
//! in `pipeline/moe.rs` (`validate_mega_moe_token_budget`).

use super::{RuleInfo, Unmodelled};
#[allow(unused_imports)]
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/mega_moe_hook.py";

/// FlyDSL MegaMoE's separate decode capacity does not support attention CP
pub static FLYDSL_DECODE_CP: RuleInfo = RuleInfo {
    code: "MOE054",
    name: "flydsl-megamoe-decode-mtpr-cp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR is not supported with attention context parallelism (--attn-cp-size > 1); set it to 0.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 141)],
    title: doc!("FlyDSL MegaMoE's separate decode capacity does not support attention CP"),
    explanation: doc!(
        "On ROCm with SGLANG_AMD_USE_FLYDSL_MEGA_MOE, a decode capacity SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR between 0 and SGLANG_AMD_FLYDSL_MEGA_MOE_MTPR gives decode its own buffer, which SGLang refuses with attention context parallelism (0.5.23)."
    ),
    trigger: doc!(
        "SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR set (0 < value < MTPR) with --attn-cp-size > 1, on a server that decodes."
    ),
    solutions: doc_list![
        "Set SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR=0.",
        "Remove --attn-cp-size."
    ],
    flags: &["env.SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR", "attn_cp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe","max_running_requests":64,"env":{"SGLANG_AMD_USE_FLYDSL_MEGA_MOE":"1","SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR":"128"},"attn_cp_size":2}"#,
        r#"{"gpu":"MI300X","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe","max_running_requests":64,"env":{"SGLANG_AMD_USE_FLYDSL_MEGA_MOE":"1","SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR":"128"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// FlyDSL MegaMoE's separate decode capacity needs --max-running-requests
pub static FLYDSL_DECODE_MRR: RuleInfo = RuleInfo {
    code: "MOE055",
    name: "flydsl-megamoe-decode-mtpr-needs-mrr",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR needs --max-running-requests to bound the largest decode / verify forward on one rank.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 147)],
    title: doc!("FlyDSL MegaMoE's separate decode capacity needs --max-running-requests"),
    explanation: doc!(
        "The decode capacity must bound the largest decode / verify forward of one rank, which SGLang computes from --max-running-requests; without it the request cap is only sized from memory later, so SGLang refuses the setting (0.5.23)."
    ),
    trigger: doc!(
        "SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR set (0 < value < MTPR) without --max-running-requests, on a server that decodes."
    ),
    solutions: doc_list![
        "Add --max-running-requests.",
        "Set SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR=0."
    ],
    flags: &[
        "max_running_requests",
        "env.SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe","env":{"SGLANG_AMD_USE_FLYDSL_MEGA_MOE":"1","SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR":"128"}}"#,
        r#"{"gpu":"MI300X","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe","max_running_requests":64,"env":{"SGLANG_AMD_USE_FLYDSL_MEGA_MOE":"1","SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR":"128"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// FlyDSL MegaMoE's decode capacity is smaller than the largest decode forward
pub static FLYDSL_DECODE_CAPACITY: RuleInfo = RuleInfo {
    code: "MOE056",
    name: "flydsl-megamoe-decode-capacity",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR={decode_mtpr} must cover the largest decode / verify forward on one rank: max running requests per DP rank x tokens per request = {decode_tokens}. Raise it to a power of two of at least {decode_tokens} or lower --max-running-requests.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 152)],
    title: doc!("FlyDSL MegaMoE's decode capacity is smaller than the largest decode forward"),
    explanation: doc!(
        "The largest decode / verify forward of one rank is the per-DP-rank request cap (--max-running-requests, divided by attention DP) times the tokens per request (the larger of the draft tokens and the top-k under speculative decoding); SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR must cover it (0.5.23)."
    ),
    trigger: doc!(
        "SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR below max running requests per DP rank x tokens per request."
    ),
    solutions: doc_list![
        "Raise SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR.",
        "Lower --max-running-requests."
    ],
    flags: &[
        "env.SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR",
        "max_running_requests",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe","max_running_requests":256,"env":{"SGLANG_AMD_USE_FLYDSL_MEGA_MOE":"1","SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR":"128"}}"#,
        r#"{"gpu":"MI300X","arch":"Qwen3MoeForCausalLM","tp_size":8,"moe_a2a_backend":"megamoe","max_running_requests":64,"env":{"SGLANG_AMD_USE_FLYDSL_MEGA_MOE":"1","SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR":"128"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of the module.
pub static RULES: &[&RuleInfo] = &[
    &FLYDSL_DECODE_CP,
    &FLYDSL_DECODE_MRR,
    &FLYDSL_DECODE_CAPACITY,
];

/// The sites of the hook not modelled, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[Unmodelled {
    file: HOOK,
    function: "validate_mega_moe_token_budget",
    message: "with MegaMoE requires SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK to cover the largest",
    reason: "The decode half reads the resolved decode CUDA-graph max_bs (handle_gpu_memory_settings) times the draft tokens; Preflight checks the prefill half only, and SGLang's default decode tiers (at most 512 rows) are below the default capacity 8192.",
}];
