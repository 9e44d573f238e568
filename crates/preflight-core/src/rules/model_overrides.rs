//! The per-model override providers' own checks (`arg_groups/model_overrides/*.py`: NemotronH,
//! Qwen3-MoE's W4A16 layers, MiniMax-M3.1 NVFP4, Kimi-K3 DCP, the DeepSeek DSA CP asserts), and
//! the ones deliberately not modelled. The logic is in
//! `pipeline/model.rs` (`override_providers`) and `pipeline/moe.rs` (`model_moe_overrides`).

use super::{RuleInfo, Unmodelled};
#[allow(unused_imports)]
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

const NEMOTRON_H: &str = "python/sglang/srt/arg_groups/model_overrides/nemotron_h.py";
const QWEN3_MOE: &str = "python/sglang/srt/arg_groups/model_overrides/qwen3_moe.py";
const MINIMAX_M3: &str = "python/sglang/srt/arg_groups/model_overrides/minimax_m3.py";
const KIMI_K3: &str = "python/sglang/srt/arg_groups/model_overrides/kimi_k3.py";
const DEEPSEEK_V2: &str = "python/sglang/srt/arg_groups/model_overrides/deepseek_v2.py";
const GPT_OSS: &str = "python/sglang/srt/arg_groups/model_overrides/gpt_oss.py";
const OVERRIDES: &str = "python/sglang/srt/arg_groups/overrides.py";

/// NemotronH ModelOpt checkpoints must use relu2 MLPs
pub static NEMOTRON_H_RELU2: RuleInfo = RuleInfo {
    code: "MODEL080",
    name: "nemotron-h-modelopt-relu2",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), NEMOTRON_H, 38),
        (VersionRange::only(SglangVersion::V0_5_20), NEMOTRON_H, 48),
        (VersionRange::since(SglangVersion::V0_5_21), NEMOTRON_H, 44),
    ],
    title: doc!("NemotronH ModelOpt checkpoints must use relu2 MLPs"),
    explanation: doc!(
        "For a ModelOpt-quantized NemotronH checkpoint (model config quantization modelopt, modelopt_fp8, modelopt_fp4 or modelopt_mixed), SGLang's override provider asserts that the language model's mlp_hidden_act is relu2 (the text config for NemotronH_Omni_Reasoning_V3, 0.5.20 and later); the bare assert carries no message."
    ),
    trigger: doc!(
        "A NemotronH / NemotronH-Puzzle checkpoint with a ModelOpt quantization whose mlp_hidden_act is not relu2."
    ),
    solutions: doc_list!["Use the checkpoint's own config.json (NemotronH's MLPs are relu2)."],
    flags: &["model_config"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"NemotronHForCausalLM","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"modelopt\", \"quant_algo\": \"NVFP4\"}, \"mlp_hidden_act\": \"silu\"}"}"#,
        r#"{"gpu":"H100","arch":"NemotronHForCausalLM","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"modelopt\", \"quant_algo\": \"NVFP4\"}}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// NemotronH W4A16_NVFP4 MoE layers need --moe-a2a-backend none
pub static NEMOTRON_H_W4A16_A2A: RuleInfo = RuleInfo {
    code: "MOE057",
    name: "nemotron-h-w4a16-a2a",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "W4A16_NVFP4 MoE layers require --moe-a2a-backend=none.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), NEMOTRON_H, 62),
        (VersionRange::only(SglangVersion::V0_5_20), NEMOTRON_H, 72),
        (
            VersionRange::between(SglangVersion::V0_5_21, SglangVersion::V0_5_22),
            NEMOTRON_H,
            68,
        ),
        (VersionRange::only(SglangVersion::V0_5_23), NEMOTRON_H, 76),
    ],
    title: doc!("NemotronH W4A16_NVFP4 MoE layers need --moe-a2a-backend none"),
    explanation: doc!(
        "A ModelOpt MIXED_PRECISION NemotronH checkpoint whose expert layers are W4A16_NVFP4 runs its MoE on Marlin, which has no all-to-all path; SGLang refuses any --moe-a2a-backend other than none."
    ),
    trigger: doc!(
        "NemotronH with a ModelOpt MIXED_PRECISION config whose quantized_layers give an `.experts.` layer quant_algo W4A16_NVFP4, and --moe-a2a-backend other than none."
    ),
    solutions: doc_list!["Drop --moe-a2a-backend (none)."],
    flags: &["moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"NemotronHForCausalLM","tp_size":8,"ep_size":8,"moe_a2a_backend":"deepep","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"modelopt\", \"quant_algo\": \"MIXED_PRECISION\", \"quantized_layers\": {\"backbone.layers.1.mixer.experts.0.up_proj\": {\"quant_algo\": \"W4A16_NVFP4\"}}}}"}"#,
        r#"{"gpu":"H100","arch":"NemotronHForCausalLM","tp_size":8,"json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"modelopt\", \"quant_algo\": \"MIXED_PRECISION\", \"quantized_layers\": {\"backbone.layers.1.mixer.experts.0.up_proj\": {\"quant_algo\": \"W4A16_NVFP4\"}}}}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// NemotronH W4A16_NVFP4 MoE layers need the Marlin MoE runner
pub static NEMOTRON_H_W4A16_RUNNER: RuleInfo = RuleInfo {
    code: "MOE058",
    name: "nemotron-h-w4a16-runner",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "W4A16_NVFP4 MoE layers require --moe-runner-backend=marlin.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), NEMOTRON_H, 64),
        (VersionRange::only(SglangVersion::V0_5_20), NEMOTRON_H, 74),
        (
            VersionRange::between(SglangVersion::V0_5_21, SglangVersion::V0_5_22),
            NEMOTRON_H,
            70,
        ),
        (VersionRange::only(SglangVersion::V0_5_23), NEMOTRON_H, 78),
    ],
    title: doc!("NemotronH W4A16_NVFP4 MoE layers need the Marlin MoE runner"),
    explanation: doc!(
        "W4A16_NVFP4 expert layers of a ModelOpt MIXED_PRECISION NemotronH checkpoint are served by Marlin only; SGLang refuses an explicit --moe-runner-backend other than auto or marlin (auto becomes marlin)."
    ),
    trigger: doc!(
        "NemotronH with W4A16_NVFP4 expert layers and --moe-runner-backend other than auto / marlin."
    ),
    solutions: doc_list!["Use --moe-runner-backend marlin, or leave it auto."],
    flags: &["moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"NemotronHForCausalLM","moe_runner_backend":"triton","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"modelopt\", \"quant_algo\": \"MIXED_PRECISION\", \"quantized_layers\": {\"backbone.layers.1.mixer.experts.0.up_proj\": {\"quant_algo\": \"W4A16_NVFP4\"}}}}"}"#,
        r#"{"gpu":"H100","arch":"NemotronHForCausalLM","moe_runner_backend":"marlin","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"modelopt\", \"quant_algo\": \"MIXED_PRECISION\", \"quantized_layers\": {\"backbone.layers.1.mixer.experts.0.up_proj\": {\"quant_algo\": \"W4A16_NVFP4\"}}}}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// NemotronH EPLB / redundant experts cannot use flashinfer_trtllm
pub static NEMOTRON_H_REMAP_TRTLLM: RuleInfo = RuleInfo {
    code: "MOE059",
    name: "nemotron-h-remap-trtllm",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "flashinfer_trtllm routes inside the kernel and does not support EPLB or redundant experts on Nemotron-H; use --moe-runner-backend flashinfer_trtllm_routed.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), NEMOTRON_H, 154)],
    title: doc!("NemotronH EPLB / redundant experts cannot use flashinfer_trtllm"),
    explanation: doc!(
        "flashinfer_trtllm does its routing inside the kernel, so it cannot apply an expert remap; SGLang 0.5.23 refuses it for NemotronH when EPLB, redundant experts or a non-trivial initial expert location is asked for."
    ),
    trigger: doc!(
        "NemotronH with --moe-runner-backend flashinfer_trtllm and --enable-eplb, --ep-num-redundant-experts > 0 or --init-expert-location other than trivial (0.5.23)."
    ),
    solutions: doc_list![
        "Use --moe-runner-backend flashinfer_trtllm_routed (auto picks it on SM100).",
        "Drop EPLB and redundant experts."
    ],
    flags: &[
        "moe_runner_backend",
        "enable_eplb",
        "ep_num_redundant_experts",
        "init_expert_location",
    ],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"NemotronHForCausalLM","tp_size":2,"ep_size":2,"ep_num_redundant_experts":2,"moe_runner_backend":"flashinfer_trtllm"}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"NemotronHForCausalLM","tp_size":2,"ep_size":2,"moe_runner_backend":"flashinfer_trtllm"}"#,
    ))),
    ..RuleInfo::BASE
};

/// NemotronH EPLB with flashinfer_cutedsl needs an all-to-all backend
pub static NEMOTRON_H_REMAP_CUTEDSL: RuleInfo = RuleInfo {
    code: "MOE060",
    name: "nemotron-h-eplb-cutedsl",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "flashinfer_cutedsl without an a2a backend does not migrate its expert scales on EPLB rebalance; use --moe-runner-backend flashinfer_trtllm_routed or set --moe-a2a-backend.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), NEMOTRON_H, 164)],
    title: doc!("NemotronH EPLB with flashinfer_cutedsl needs an all-to-all backend"),
    explanation: doc!(
        "Without an all-to-all backend the flashinfer_cutedsl MoE runner does not migrate its expert scales when EPLB rebalances; SGLang 0.5.23 refuses that combination for NemotronH."
    ),
    trigger: doc!(
        "NemotronH with --enable-eplb, --moe-runner-backend flashinfer_cutedsl and --moe-a2a-backend none (0.5.23)."
    ),
    solutions: doc_list![
        "Use --moe-runner-backend flashinfer_trtllm_routed.",
        "Set --moe-a2a-backend."
    ],
    flags: &["moe_runner_backend", "moe_a2a_backend", "enable_eplb"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"NemotronHForCausalLM","tp_size":2,"ep_size":2,"enable_eplb":true,"moe_runner_backend":"flashinfer_cutedsl"}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"NemotronHForCausalLM","tp_size":2,"ep_size":2,"enable_eplb":true,"moe_runner_backend":"flashinfer_trtllm_routed"}"#,
    ))),
    ..RuleInfo::BASE
};

/// NemotronH-Puzzle EPLB needs one routed expert count
pub static NEMOTRON_H_PUZZLE_EXPERTS: RuleInfo = RuleInfo {
    code: "MOE061",
    name: "nemotron-h-puzzle-remap-experts",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "EPLB and redundant experts need the same routed expert count on every MoE layer, got {sorted(num_routed_experts)}.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), NEMOTRON_H, 176)],
    title: doc!("NemotronH-Puzzle EPLB needs one routed expert count"),
    explanation: doc!(
        "A NemotronH-Puzzle checkpoint's block_configs can give MoE layers different routed expert counts; the expert remap of EPLB and redundant experts needs one count, so SGLang 0.5.23 refuses them when the counts differ."
    ),
    trigger: doc!(
        "NemotronHPuzzleForCausalLM whose block_configs MoE blocks differ in n_routed_experts, with --enable-eplb, --ep-num-redundant-experts > 0 or a non-trivial --init-expert-location (0.5.23)."
    ),
    solutions: doc_list!["Drop EPLB and redundant experts for this checkpoint."],
    flags: &[
        "enable_eplb",
        "ep_num_redundant_experts",
        "init_expert_location",
    ],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"NemotronHPuzzleForCausalLM","tp_size":2,"ep_size":2,"ep_num_redundant_experts":2,"json_model_override_args":"{\"block_configs\": [{\"block_type\": \"moe\", \"n_routed_experts\": 128}, {\"block_type\": \"mamba\"}, {\"block_type\": \"moe\", \"n_routed_experts\": 64}]}"}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"NemotronHPuzzleForCausalLM","tp_size":2,"ep_size":2,"json_model_override_args":"{\"block_configs\": [{\"block_type\": \"moe\", \"n_routed_experts\": 128}, {\"block_type\": \"mamba\"}, {\"block_type\": \"moe\", \"n_routed_experts\": 64}]}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Qwen3-family W4A16_NVFP4 MoE layers need Marlin (or opted-in CuTe DSL)
pub static QWEN3_MOE_W4A16_RUNNER: RuleInfo = RuleInfo {
    code: "MOE062",
    name: "qwen3-moe-w4a16-runner",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "W4A16_NVFP4 MoE layers require --moe-runner-backend=marlin, or flashinfer_cutedsl with --moe-a2a-backend=none/flashinfer and SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16=1.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), QWEN3_MOE, 70),
        (VersionRange::since(SglangVersion::V0_5_21), QWEN3_MOE, 67),
    ],
    title: doc!("Qwen3-family W4A16_NVFP4 MoE layers need Marlin (or opted-in CuTe DSL)"),
    explanation: doc!(
        "On SM100, a Qwen3-family checkpoint quantized modelopt_mixed whose expert layers are W4A16_NVFP4 cannot use trtllm-gen (W4A4 only); SGLang refuses an explicit MoE runner other than marlin, unless it is flashinfer_cutedsl with --moe-a2a-backend none or flashinfer and SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16=1 (0.5.20 and later)."
    ),
    trigger: doc!(
        "A Qwen3-family MoE model on SM100, quantization modelopt_mixed with W4A16_NVFP4 `.experts` layers, and --moe-runner-backend other than auto / marlin (and not opted-in CuTe DSL)."
    ),
    solutions: doc_list![
        "Use --moe-runner-backend marlin, or leave it auto.",
        "Use flashinfer_cutedsl with SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16=1."
    ],
    flags: &["moe_runner_backend", "moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"triton","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"modelopt_mixed\", \"quant_algo\": \"MIXED_PRECISION\", \"quantized_layers\": {\"model.layers.0.mlp.experts.0.up_proj\": {\"quant_algo\": \"W4A16_NVFP4\"}}}}"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"marlin","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"modelopt_mixed\", \"quant_algo\": \"MIXED_PRECISION\", \"quantized_layers\": {\"model.layers.0.mlp.experts.0.up_proj\": {\"quant_algo\": \"W4A16_NVFP4\"}}}}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Interleaved DSA context parallelism needs --dp-size 1
pub static DSA_CP_DP_ATTN: RuleInfo = RuleInfo {
    code: "MODEL081",
    name: "dsa-cp-interleave-dp",
    exception: Some("AssertionError"),
    versions: VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::until(SglangVersion::V0_5_21),
        "interleave DSA CP does not support DP attention.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), DEEPSEEK_V2, 62),
        (VersionRange::only(SglangVersion::V0_5_20), DEEPSEEK_V2, 105),
        (VersionRange::only(SglangVersion::V0_5_21), DEEPSEEK_V2, 98),
    ],
    title: doc!("Interleaved DSA context parallelism needs --dp-size 1"),
    explanation: doc!(
        "Up to 0.5.21, DeepSeek DSA prefill context parallelism (--enable-prefill-cp) with a strategy other than zigzag asserts --dp-size 1: the interleaved layout takes the whole TP group as the CP group."
    ),
    trigger: doc!(
        "A DeepSeek DSA model (V3.2, GLM-5) with --enable-prefill-cp, --dp-size > 1 and --cp-strategy not zigzag, on CUDA or ROCm (0.5.19-0.5.21)."
    ),
    solutions: doc_list!["Use --dp-size 1."],
    flags: &["dp_size", "cp_strategy"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.21","gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"dp_size":2,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
        r#"{"sglang":"0.5.21","gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSA context parallelism is single-machine (--tp-size at most 8)
pub static DSA_CP_SINGLE_NODE: RuleInfo = RuleInfo {
    code: "MODEL082",
    name: "dsa-cp-single-machine",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Context parallel only supports single machine (tp_size <= 8). Cross-machine CP has precision issues.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), DEEPSEEK_V2, 65),
        (VersionRange::only(SglangVersion::V0_5_20), DEEPSEEK_V2, 108),
        (VersionRange::only(SglangVersion::V0_5_21), DEEPSEEK_V2, 101),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            DEEPSEEK_V2,
            123,
        ),
    ],
    title: doc!("DSA context parallelism is single-machine (--tp-size at most 8)"),
    explanation: doc!(
        "DeepSeek DSA prefill context parallelism is only validated within one machine; SGLang asserts --tp-size <= 8 when --enable-prefill-cp is set on CUDA or ROCm."
    ),
    trigger: doc!("A DeepSeek DSA model with --enable-prefill-cp and --tp-size above 8."),
    solutions: doc_list!["Use --tp-size 8 or less, or drop --enable-prefill-cp."],
    flags: &["tp_size", "enable_prefill_cp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":16,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Decode context parallelism does not support a pooled DSA index
pub static DSA_KPOOL_DCP: RuleInfo = RuleInfo {
    code: "MODEL083",
    name: "dsa-index-kpool-dcp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--dcp-size > 1 is not supported for DSA with index_kpool={index_kpool}: a pooled index key spans positions owned by different DCP ranks.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), DEEPSEEK_V2, 165),
        (VersionRange::only(SglangVersion::V0_5_23), DEEPSEEK_V2, 164),
    ],
    title: doc!("Decode context parallelism does not support a pooled DSA index"),
    explanation: doc!(
        "A DSA checkpoint whose index_kpool is above 1 pools index keys over several positions, which decode context parallelism would split over ranks; SGLang refuses --dcp-size > 1 for it (0.5.22 and later; not on the legacy ROCm page-size-1 path)."
    ),
    trigger: doc!("A DeepSeek DSA config with index_kpool > 1 and --dcp-size > 1."),
    solutions: doc_list!["Use --dcp-size 1."],
    flags: &["dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"dcp_size":2,"json_model_override_args":"{\"index_kpool\": 4}"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"json_model_override_args":"{\"index_kpool\": 4}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Kimi-K3 DCP with DSPARK needs SGLANG_RAGGED_VERIFY_MODE=static
pub static KIMI_K3_DCP_RAGGED: RuleInfo = RuleInfo {
    code: "MODEL084",
    name: "kimi-k3-dcp-dspark-ragged-mode",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Kimi-K3 DCP + DSPARK currently requires SGLANG_RAGGED_VERIFY_MODE=static; compact/cap-accept are not validated under DCP (got {ragged_mode.value!r}).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), KIMI_K3, 65),
        (VersionRange::only(SglangVersion::V0_5_20), KIMI_K3, 74),
        (VersionRange::since(SglangVersion::V0_5_21), KIMI_K3, 71),
    ],
    title: doc!("Kimi-K3 DCP with DSPARK needs SGLANG_RAGGED_VERIFY_MODE=static"),
    explanation: doc!(
        "Under decode context parallelism, Kimi-K3's DSPARK speculation is validated only with the static ragged-verify mode; SGLang refuses compact and cap-accept."
    ),
    trigger: doc!(
        "KimiK3ForConditionalGeneration with --dcp-size > 1, --speculative-algorithm DSPARK and SGLANG_RAGGED_VERIFY_MODE compact or cap-accept."
    ),
    solutions: doc_list!["Unset SGLANG_RAGGED_VERIFY_MODE (static)."],
    flags: &["env.SGLANG_RAGGED_VERIFY_MODE", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"KimiK3ForConditionalGeneration","json_model_override_args":"{\"text_config\": {\"kv_lora_rank\": 512, \"q_lora_rank\": 1536, \"qk_nope_head_dim\": 128, \"qk_rope_head_dim\": 64, \"v_head_dim\": 128}}","tp_size":8,"dcp_size":2,"decode_attention_backend":"flashinfer","speculative_algorithm":"DSPARK","env":{"SGLANG_RAGGED_VERIFY_MODE":"compact"},"speculative_draft_model_path":"some/draft-model"}"#,
        r#"{"gpu":"B200","arch":"KimiK3ForConditionalGeneration","json_model_override_args":"{\"text_config\": {\"kv_lora_rank\": 512, \"q_lora_rank\": 1536, \"qk_nope_head_dim\": 128, \"qk_rope_head_dim\": 64, \"v_head_dim\": 128}}","tp_size":8,"speculative_algorithm":"DSPARK","env":{"SGLANG_RAGGED_VERIFY_MODE":"compact"},"speculative_draft_model_path":"some/draft-model"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Kimi-K3 DCP needs a DCP-capable decode attention backend
pub static KIMI_K3_DCP_DECODE: RuleInfo = RuleInfo {
    code: "MODEL085",
    name: "kimi-k3-dcp-decode-backend",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "Decode attention backend for Kimi-K3 DCP must be 'cutedsl_mla' or 'tokenspeed_mla', got {decode_backend!r}.",
        ),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            "Decode attention backend for Kimi-K3 DCP must be 'cutedsl_mla', 'tokenspeed_mla' or 'aiter', got {decode_backend!r}.",
        ),
        (
            VersionRange::V23,
            "Decode attention backend for Kimi-K3 DCP must be 'cutedsl_mla' or 'aiter', got {decode_backend!r}.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), KIMI_K3, 105),
        (VersionRange::only(SglangVersion::V0_5_20), KIMI_K3, 128),
        (
            VersionRange::between(SglangVersion::V0_5_21, SglangVersion::V0_5_22),
            KIMI_K3,
            125,
        ),
        (VersionRange::only(SglangVersion::V0_5_23), KIMI_K3, 110),
    ],
    title: doc!("Kimi-K3 DCP needs a DCP-capable decode attention backend"),
    explanation: doc!(
        "Kimi-K3's decode context parallelism runs only on decode backends that implement the DCP kernel signature: cutedsl_mla (the default), aiter (0.5.20 and later) and, up to 0.5.22, tokenspeed_mla. SGLang asserts the decode backend (--decode-attention-backend, else --attention-backend) is one of them."
    ),
    trigger: doc!(
        "KimiK3ForConditionalGeneration with --dcp-size > 1 and another decode attention backend."
    ),
    solutions: doc_list!["Leave the decode attention backend unset (cutedsl_mla)."],
    flags: &["decode_attention_backend", "attention_backend", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"KimiK3ForConditionalGeneration","json_model_override_args":"{\"text_config\": {\"kv_lora_rank\": 512, \"q_lora_rank\": 1536, \"qk_nope_head_dim\": 128, \"qk_rope_head_dim\": 64, \"v_head_dim\": 128}}","tp_size":8,"dcp_size":2,"decode_attention_backend":"flashinfer"}"#,
        r#"{"gpu":"B200","arch":"KimiK3ForConditionalGeneration","json_model_override_args":"{\"text_config\": {\"kv_lora_rank\": 512, \"q_lora_rank\": 1536, \"qk_nope_head_dim\": 128, \"qk_rope_head_dim\": 64, \"v_head_dim\": 128}}","tp_size":8,"decode_attention_backend":"flashinfer"}"#,
    ))),
    ..RuleInfo::BASE
};

/// MiniMax-M3.1 NVFP4 speculates only with DSPARK or DFLASH
pub static M3_SPEC_ALGO: RuleInfo = RuleInfo {
    code: "MODEL086",
    name: "minimax-m3-nvfp4-spec-algo",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "M3.1 NVFP4 only supports DSPARK or DFLASH speculation",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), MINIMAX_M3, 58)],
    title: doc!("MiniMax-M3.1 NVFP4 speculates only with DSPARK or DFLASH"),
    explanation: doc!(
        "SGLang 0.5.23 serves MiniMax-M3.1 NVFP4 checkpoints (--quantization minimax_m3_nvfp4, or an mxfp8 config whose MoE fields name NVFP4 packed experts) through their own branch of the override provider, which refuses this: miniMax-M3.1 NVFP4 speculates only with DSPARK or DFLASH."
    ),
    trigger: doc!(
        "MiniMaxM3Sparse* resolved to minimax_m3_nvfp4 with --speculative-algorithm other than DSPARK / DFLASH."
    ),
    solutions: doc_list!["Use DSPARK or DFLASH, or no speculation."],
    flags: &["speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","speculative_algorithm":"EAGLE","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// MiniMax-M3.1 NVFP4 speculation needs the vision-language wrapper
pub static M3_SPEC_ARCH: RuleInfo = RuleInfo {
    code: "MODEL087",
    name: "minimax-m3-nvfp4-spec-arch",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "M3.1 NVFP4 {algorithm} requires MiniMaxM3SparseForConditionalGeneration, got {hf_config.architectures[0]}",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), MINIMAX_M3, 63)],
    title: doc!("MiniMax-M3.1 NVFP4 speculation needs the vision-language wrapper"),
    explanation: doc!(
        "SGLang 0.5.23 serves MiniMax-M3.1 NVFP4 checkpoints (--quantization minimax_m3_nvfp4, or an mxfp8 config whose MoE fields name NVFP4 packed experts) through their own branch of the override provider, which refuses this: miniMax-M3.1 NVFP4 speculation needs the vision-language wrapper."
    ),
    trigger: doc!(
        "MiniMaxM3Sparse* resolved to minimax_m3_nvfp4 with dSPARK / DFLASH on a MiniMaxM3SparseForCausalLM checkpoint (only the ConditionalGeneration wrapper exposes the draft's hidden-state capture)."
    ),
    solutions: doc_list!["Serve the MiniMaxM3SparseForConditionalGeneration checkpoint."],
    flags: &["speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForCausalLM","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","speculative_algorithm":"DSPARK","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForCausalLM","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// MiniMax-M3.1 NVFP4 speculation needs Blackwell
pub static M3_SPEC_BLACKWELL: RuleInfo = RuleInfo {
    code: "MODEL088",
    name: "minimax-m3-nvfp4-spec-blackwell",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "M3.1 NVFP4 {algorithm} requires Blackwell",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), MINIMAX_M3, 68)],
    title: doc!("MiniMax-M3.1 NVFP4 speculation needs Blackwell"),
    explanation: doc!(
        "SGLang 0.5.23 serves MiniMax-M3.1 NVFP4 checkpoints (--quantization minimax_m3_nvfp4, or an mxfp8 config whose MoE fields name NVFP4 packed experts) through their own branch of the override provider, which refuses this: miniMax-M3.1 NVFP4 speculation needs Blackwell."
    ),
    trigger: doc!(
        "MiniMaxM3Sparse* resolved to minimax_m3_nvfp4 with dSPARK / DFLASH on a GPU that is not Blackwell (SM100/SM110/SM120)."
    ),
    solutions: doc_list!["Use a Blackwell GPU, or drop speculation."],
    flags: &["speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"H100","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","speculative_algorithm":"DSPARK"}"#,
        r#"{"sglang":"0.5.23","gpu":"H100","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// MiniMax-M3.1 NVFP4 speculation needs SGLANG_RAGGED_VERIFY_MODE=static
pub static M3_SPEC_RAGGED: RuleInfo = RuleInfo {
    code: "MODEL089",
    name: "minimax-m3-nvfp4-spec-ragged",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "M3.1 NVFP4 {algorithm} requires SGLANG_RAGGED_VERIFY_MODE=static",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), MINIMAX_M3, 70)],
    title: doc!("MiniMax-M3.1 NVFP4 speculation needs SGLANG_RAGGED_VERIFY_MODE=static"),
    explanation: doc!(
        "SGLang 0.5.23 serves MiniMax-M3.1 NVFP4 checkpoints (--quantization minimax_m3_nvfp4, or an mxfp8 config whose MoE fields name NVFP4 packed experts) through their own branch of the override provider, which refuses this: miniMax-M3.1 NVFP4 speculation needs SGLANG_RAGGED_VERIFY_MODE=static."
    ),
    trigger: doc!(
        "MiniMaxM3Sparse* resolved to minimax_m3_nvfp4 with dSPARK / DFLASH with SGLANG_RAGGED_VERIFY_MODE other than static."
    ),
    solutions: doc_list!["Unset SGLANG_RAGGED_VERIFY_MODE (static)."],
    flags: &["env.SGLANG_RAGGED_VERIFY_MODE"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","speculative_algorithm":"DSPARK","env":{"SGLANG_RAGGED_VERIFY_MODE":"compact","SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","env":{"SGLANG_RAGGED_VERIFY_MODE":"compact","SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// MiniMax-M3.1 NVFP4 speculation needs --pp-size 1
pub static M3_SPEC_PP: RuleInfo = RuleInfo {
    code: "MODEL090",
    name: "minimax-m3-nvfp4-spec-pp",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(VersionRange::V23, "M3.1 NVFP4 {algorithm} requires PP=1")],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), MINIMAX_M3, 74)],
    title: doc!("MiniMax-M3.1 NVFP4 speculation needs --pp-size 1"),
    explanation: doc!(
        "SGLang 0.5.23 serves MiniMax-M3.1 NVFP4 checkpoints (--quantization minimax_m3_nvfp4, or an mxfp8 config whose MoE fields name NVFP4 packed experts) through their own branch of the override provider, which refuses this: miniMax-M3.1 NVFP4 speculation needs --pp-size 1."
    ),
    trigger: doc!(
        "MiniMaxM3Sparse* resolved to minimax_m3_nvfp4 with dSPARK / DFLASH with --pp-size above 1."
    ),
    solutions: doc_list!["Use --pp-size 1."],
    flags: &["pp_size"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","speculative_algorithm":"DSPARK","pp_size":2,"env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","pp_size":2,"env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// MiniMax-M3.1 NVFP4 DFLASH needs colocated serving
pub static M3_DFLASH_PD: RuleInfo = RuleInfo {
    code: "MODEL091",
    name: "minimax-m3-nvfp4-dflash-pd",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "M3.1 NVFP4 DFLASH currently requires colocated serving",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), MINIMAX_M3, 76)],
    title: doc!("MiniMax-M3.1 NVFP4 DFLASH needs colocated serving"),
    explanation: doc!(
        "SGLang 0.5.23 serves MiniMax-M3.1 NVFP4 checkpoints (--quantization minimax_m3_nvfp4, or an mxfp8 config whose MoE fields name NVFP4 packed experts) through their own branch of the override provider, which refuses this: miniMax-M3.1 NVFP4 DFLASH needs colocated serving."
    ),
    trigger: doc!(
        "MiniMaxM3Sparse* resolved to minimax_m3_nvfp4 with dFLASH with --disaggregation-mode prefill or decode."
    ),
    solutions: doc_list!["Drop PD disaggregation, or use DSPARK."],
    flags: &["disaggregation_mode", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","speculative_algorithm":"DFLASH","disaggregation_mode":"prefill","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","disaggregation_mode":"prefill","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// MiniMax-M3.1 NVFP4 needs --page-size 128
pub static M3_PAGE: RuleInfo = RuleInfo {
    code: "MODEL092",
    name: "minimax-m3-nvfp4-page",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(VersionRange::V23, "M3.1 NVFP4 requires --page-size 128")],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), MINIMAX_M3, 93)],
    title: doc!("MiniMax-M3.1 NVFP4 needs --page-size 128"),
    explanation: doc!(
        "SGLang 0.5.23 serves MiniMax-M3.1 NVFP4 checkpoints (--quantization minimax_m3_nvfp4, or an mxfp8 config whose MoE fields name NVFP4 packed experts) through their own branch of the override provider, which refuses this: miniMax-M3.1 NVFP4 needs --page-size 128."
    ),
    trigger: doc!("MiniMaxM3Sparse* resolved to minimax_m3_nvfp4 with --page-size other than 128."),
    solutions: doc_list!["Use --page-size 128, or leave it unset."],
    flags: &["page_size"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","page_size":64,"env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// MiniMax-M3.1 NVFP4's routed runner needs a2a none or megamoe
pub static M3_ROUTED_A2A: RuleInfo = RuleInfo {
    code: "MODEL093",
    name: "minimax-m3-nvfp4-routed-a2a",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "M3.1 NVFP4 flashinfer_trtllm_routed requires --moe-a2a-backend none or megamoe",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), MINIMAX_M3, 105)],
    title: doc!("MiniMax-M3.1 NVFP4's routed runner needs a2a none or megamoe"),
    explanation: doc!(
        "SGLang 0.5.23 serves MiniMax-M3.1 NVFP4 checkpoints (--quantization minimax_m3_nvfp4, or an mxfp8 config whose MoE fields name NVFP4 packed experts) through their own branch of the override provider, which refuses this: miniMax-M3.1 NVFP4's routed runner needs a2a none or megamoe."
    ),
    trigger: doc!(
        "MiniMaxM3Sparse* resolved to minimax_m3_nvfp4 with on Blackwell, --moe-runner-backend flashinfer_trtllm_routed with --moe-a2a-backend other than none / megamoe."
    ),
    solutions: doc_list!["Use --moe-a2a-backend none or megamoe."],
    flags: &["moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","tp_size":8,"ep_size":8,"moe_runner_backend":"flashinfer_trtllm_routed","moe_a2a_backend":"deepep","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","tp_size":8,"ep_size":8,"moe_runner_backend":"flashinfer_trtllm_routed","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// MiniMax-M3.1 NVFP4 needs the MegaMoE all-to-all
pub static M3_A2A: RuleInfo = RuleInfo {
    code: "MODEL094",
    name: "minimax-m3-nvfp4-a2a",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "M3.1 NVFP4 requires --moe-a2a-backend megamoe",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), MINIMAX_M3, 111)],
    title: doc!("MiniMax-M3.1 NVFP4 needs the MegaMoE all-to-all"),
    explanation: doc!(
        "SGLang 0.5.23 serves MiniMax-M3.1 NVFP4 checkpoints (--quantization minimax_m3_nvfp4, or an mxfp8 config whose MoE fields name NVFP4 packed experts) through their own branch of the override provider, which refuses this: miniMax-M3.1 NVFP4 needs the MegaMoE all-to-all."
    ),
    trigger: doc!(
        "MiniMaxM3Sparse* resolved to minimax_m3_nvfp4 with on Blackwell, with a runner other than flashinfer_trtllm_routed, --moe-a2a-backend other than none / megamoe (none becomes megamoe)."
    ),
    solutions: doc_list!["Use --moe-a2a-backend megamoe, or leave it none."],
    flags: &["moe_a2a_backend"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","tp_size":8,"ep_size":8,"moe_a2a_backend":"deepep","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","tp_size":8,"ep_size":8,"env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// MiniMax-M3.1 NVFP4 needs an fp8_e4m3 KV cache
pub static M3_KV: RuleInfo = RuleInfo {
    code: "MODEL095",
    name: "minimax-m3-nvfp4-kv",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::V23,
        "M3.1 NVFP4 requires --kv-cache-dtype fp8_e4m3",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), MINIMAX_M3, 119)],
    title: doc!("MiniMax-M3.1 NVFP4 needs an fp8_e4m3 KV cache"),
    explanation: doc!(
        "SGLang 0.5.23 serves MiniMax-M3.1 NVFP4 checkpoints (--quantization minimax_m3_nvfp4, or an mxfp8 config whose MoE fields name NVFP4 packed experts) through their own branch of the override provider, which refuses this: miniMax-M3.1 NVFP4 needs an fp8_e4m3 KV cache."
    ),
    trigger: doc!(
        "MiniMaxM3Sparse* resolved to minimax_m3_nvfp4 with on Blackwell, --kv-cache-dtype other than auto / fp8_e4m3 (auto becomes fp8_e4m3)."
    ),
    solutions: doc_list!["Use --kv-cache-dtype fp8_e4m3, or leave it auto."],
    flags: &["kv_cache_dtype"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","kv_cache_dtype":"bf16","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}","kv_cache_dtype":"fp8_e4m3","env":{"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK":"16384"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// A quantization a provider declared that ROCm does not support, refused at start-up
pub static ROCM_QUANT_STARTUP: RuleInfo = RuleInfo {
    code: "MODEL097",
    name: "declared-quantization-not-on-rocm",
    stage: crate::report::Stage::Startup,
    versions: VersionRange::V23,
    messages: &[(
        VersionRange::V23,
        "{quantization} quantization is currently not supported in ROCm.",
    )],
    sources: &[(
        VersionRange::V23,
        "python/sglang/srt/configs/model_config.py",
        2157,
    )],
    title: doc!("A quantization an override provider chose is not supported on AMD GPUs"),
    explanation: doc!(
        "The scheduler builds the model config from the resolved arguments at start-up (Scheduler.init_model_config), and _verify_quantization checks the quantization against SGLang's ROCm list again. A quantization an override provider declared during resolution is checked only then: MiniMax-M3's provider serves an mxfp8 config with NVFP4 packed experts as minimax_m3_nvfp4 (0.5.23), which ROCm does not support."
    ),
    trigger: doc!(
        "An AMD GPU and a checkpoint whose override provider resolves a quantization outside SGLang's ROCm list (a MiniMax-M3.1 NVFP4 checkpoint)."
    ),
    solutions: doc_list![
        "Serve this checkpoint on an NVIDIA GPU, or use a checkpoint in a format ROCm supports."
    ],
    flags: &["gpu"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.23","gpu":"MI355X","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\", \"moe_quant_algo\": \"NVFP4\", \"moe_quant_format\": \"nvfp4-pack-quantized\"}}"}"#,
        r#"{"sglang":"0.5.23","gpu":"MI355X","arch":"MiniMaxM3SparseForConditionalGeneration","json_model_override_args":"{\"quantization_config\": {\"quant_method\": \"mxfp8\"}}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// 0.5.20 refuses prefill context parallelism on ROCm before resolving the model
pub static PREFILL_CP_HIP_V20: RuleInfo = RuleInfo {
    code: "MODEL098",
    name: "prefill-cp-rocm-deprecated",
    versions: VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_21),
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "Prefill CP on HIP/NPU/MUSA is deprecated; CP support will be refactored soon.",
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "Prefill CP on HIP/MUSA is deprecated; CP support will be refactored soon.",
        ),
    ],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/parallel_hook.py",
            627,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/parallel_hook.py",
            692,
        ),
    ],
    title: doc!("SGLang 0.5.20 and 0.5.21 refuse prefill context parallelism on AMD GPUs"),
    explanation: doc!(
        "SGLang 0.5.20 and 0.5.21 run validate_prefill_cp_platform (arg_groups/parallel_hook.py) early in resolution, before the model is resolved: --enable-prefill-cp on ROCm (or MUSA, and on 0.5.20 NPU) is refused as deprecated, whatever the model. From 0.5.22 only MUSA is refused there, and ROCm prefill CP is checked per model. (Found by the model-override golden cases: DeepSeek DSA context parallelism on MI355X; the code is from that batch.)"
    ),
    trigger: doc!("--enable-prefill-cp on an AMD GPU (0.5.20, 0.5.21)."),
    solutions: doc_list!["Drop --enable-prefill-cp on ROCm with SGLang 0.5.20 / 0.5.21."],
    flags: &["enable_prefill_cp"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.20","gpu":"MI355X","arch":"LlamaForCausalLM","enable_prefill_cp":true}"#,
        r#"{"sglang":"0.5.20","gpu":"MI355X","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The rules of this module.
pub static RULES: &[&RuleInfo] = &[
    &NEMOTRON_H_RELU2,
    &NEMOTRON_H_W4A16_A2A,
    &NEMOTRON_H_W4A16_RUNNER,
    &NEMOTRON_H_REMAP_TRTLLM,
    &NEMOTRON_H_REMAP_CUTEDSL,
    &NEMOTRON_H_PUZZLE_EXPERTS,
    &QWEN3_MOE_W4A16_RUNNER,
    &DSA_CP_DP_ATTN,
    &DSA_CP_SINGLE_NODE,
    &DSA_KPOOL_DCP,
    &KIMI_K3_DCP_RAGGED,
    &KIMI_K3_DCP_DECODE,
    &M3_SPEC_ALGO,
    &M3_SPEC_ARCH,
    &M3_SPEC_BLACKWELL,
    &M3_SPEC_RAGGED,
    &M3_SPEC_PP,
    &M3_DFLASH_PD,
    &M3_PAGE,
    &M3_ROUTED_A2A,
    &M3_A2A,
    &M3_KV,
    &ROCM_QUANT_STARTUP,
    &PREFILL_CP_HIP_V20,
];

/// The checks of these providers deliberately not modelled.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: GPT_OSS,
        function: "_gpt_oss_overrides",
        message: "GptOssForCausalLM on Intel XPU only supports bfloat16 dtype",
        reason: "Intel XPU is not a platform Preflight models (its GPU catalogue has NVIDIA and AMD devices only), so the XPU branch of the provider is never reached.",
    },
    Unmodelled {
        file: OVERRIDES,
        function: "_deepseek_spec_moe_resolution",
        message: "Invalid configuration: 'deep_gemm' speculative MoE runner backend with 'deepep' a2a backend requires expert parallelism",
        reason: "Unreachable: the pass runs only on ROCm for a DeepSeek-family launch whose quantization is modelopt_fp4, and ModelConfig._verify_quantization (model hook, before the pass) refuses modelopt_fp4 on ROCm (MODEL004); a ModelOpt FP4 config on ROCm resolves to petit_nvfp4 instead. The oracle confirms it in every release (tests/golden/oracle-X-movr.jsonl, ds-spec-moe).",
    },
];
