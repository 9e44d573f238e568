//! Leftover checks of the MoE hooks: `validate_deepep_v2_dispatch_token_budget`'s decode-graph
//! half and the FlashInfer MegaMOE W4A16 dtype check (`arg_groups/moe_hook.py`). The logic is
//! in `pipeline/moe.rs`. `UNMODELLED` also justifies `handle_expert_pack`'s one site
//! (`arg_groups/expert_pack_hook.py`).

use super::{RuleInfo, Unmodelled};
#[allow(unused_imports)]
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/moe_hook.py";

/// DeepEP v2's dispatch buffer is smaller than the largest decode CUDA graph
pub static DEEPEP_V2_DECODE_BUDGET: RuleInfo = RuleInfo {
    code: "MOE052",
    name: "deepep-v2-decode-graph-budget",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "DeepEP v2 per-rank decode CUDA graph exceeds SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK: required={graph_tokens}, capacity={capacity} (requests={graph_bs}, tokens/request={tokens_per_req}). Raise the environment value or lower --cuda-graph-max-bs.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_20),
            "DeepEP v2 per-rank decode CUDA graph exceeds SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK: required={graph_tokens}, capacity={capacity} (requests={graph_bs}, tokens/request={tokens_per_req}). Raise the environment value or lower --cuda-graph-max-bs-decode.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 417),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 587),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 594),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 624),
        (VersionRange::since(SglangVersion::V0_5_23), HOOK, 700),
    ],
    title: doc!("DeepEP v2's dispatch buffer is smaller than the largest decode CUDA graph"),
    explanation: doc!(
        "DeepEP v2's per-rank dispatch buffer (SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK, default 128 tokens) must hold the largest decode CUDA graph of one rank: its batch size (the decode max_bs SGLang picks from the GPU memory and TP size, capped by the per-rank request pool) times the tokens per request. A PD decode server skips the prefill budget (MOE043) and meets this one with the defaults."
    ),
    trigger: doc!(
        "--moe-a2a-backend deepep_v2 where the decode CUDA graph's rows exceed the dispatch buffer (e.g. a PD decode server on an 80 GiB GPU at TP 4: 512 rows)."
    ),
    solutions: doc_list![
        "Raise SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK.",
        "Lower --cuda-graph-max-bs-decode or --max-running-requests."
    ],
    flags: &[
        "env.SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK",
        "max_running_requests",
        "moe_a2a_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"moe_a2a_backend":"deepep_v2","disaggregation_mode":"decode"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"moe_a2a_backend":"deepep_v2","disaggregation_mode":"decode","max_running_requests":128}"#,
    ))),
    ..RuleInfo::BASE
};

/// FlashInfer MegaMOE's NVFP4 W4A16 path needs bfloat16
pub static FI_MEGAMOE_W4A16_DTYPE: RuleInfo = RuleInfo {
    code: "MOE053",
    name: "flashinfer-megamoe-w4a16-dtype",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_23),
        "FlashInfer MegaMOE NVFP4 W4A16 requires --dtype bfloat16.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), HOOK, 322)],
    title: doc!("FlashInfer MegaMOE's NVFP4 W4A16 path needs bfloat16"),
    explanation: doc!(
        "With SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16, the FlashInfer MegaMOE kernels take BF16 activations, so the model dtype must be bfloat16 (0.5.23). Preflight fires only for an explicit --dtype other than bfloat16 (with --dtype auto the dtype comes from the checkpoint)."
    ),
    trigger: doc!(
        "--moe-a2a-backend flashinfer_megamoe with SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16 and --dtype float16 or float32."
    ),
    solutions: doc_list![
        "Use --dtype bfloat16.",
        "Unset SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16."
    ],
    flags: &["dtype", "env.SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8","env":{"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16":"1"},"dtype":"float16"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","tp_size":8,"attn_dp_size":8,"moe_a2a_backend":"flashinfer_megamoe","quantization":"mxfp8","env":{"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16":"1"},"dtype":"bfloat16"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of the module.
pub static RULES: &[&RuleInfo] = &[&DEEPEP_V2_DECODE_BUDGET, &FI_MEGAMOE_W4A16_DTYPE];

/// The sites of the hook not modelled, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[Unmodelled {
    file: "python/sglang/srt/arg_groups/expert_pack_hook.py",
    function: "handle_expert_pack",
    message: "Invalid expert_pack configuration",
    reason: "One message collects every problem of an expert_pack launch, among them checks of local files Preflight cannot see (the GGUF shard or config directory behind --model-path, the pack, its manifest, the DeepSeek-V4 source GGUF) and the raw-GGUF preparation; its text cannot be reproduced without the file system.",
}];
