//! The model's context length (`configs/model_config.py::ModelConfig._derive_context_length`):
//! a `--context-length` above what the checkpoint supports. The logic is in
//! `pipeline/validation.rs::build_model_config`, where resolution first builds the model config.

use super::RuleInfo;
use crate::version::{SglangVersion, VersionRange};

const MC: &str = "python/sglang/srt/configs/model_config.py";

/// --context-length above the model's derived maximum
pub static CONTEXT_TOO_LONG: RuleInfo = RuleInfo {
    code: "MCFG001",
    name: "context-length-above-model-limit",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{msg} To allow overriding this maximum, set the env var SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MC, 886),
        (VersionRange::only(SglangVersion::V0_5_20), MC, 1046),
        (VersionRange::only(SglangVersion::V0_5_21), MC, 1132),
        (VersionRange::only(SglangVersion::V0_5_22), MC, 1205),
        (VersionRange::since(SglangVersion::V0_5_23), MC, 1314),
    ],
    title: doc!("--context-length is above the model's maximum"),
    explanation: doc!(
        "SGLang derives the longest context the checkpoint supports from its config.json (max_position_embeddings, or max_sequence_length / seq_length / max_seq_len / model_max_length, times the RoPE scaling factor unless the scaling is llama3-style or has original_max_position_embeddings). A longer --context-length may give wrong outputs or CUDA errors, so SGLang refuses it unless SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN (or SGLANG_IS_IN_CI) is true."
    ),
    trigger: doc!(
        "--context-length greater than the derived context length, with SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN and SGLANG_IS_IN_CI unset or false."
    ),
    situations: doc!(
        "Asking for a long context on a checkpoint whose config.json has a shorter max_position_embeddings (e.g. without its YaRN rope_scaling)."
    ),
    solutions: doc_list![
        "Lower --context-length to the model's maximum (or remove it).",
        "Set SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1 if the model really supports the longer context (e.g. with added RoPE scaling).",
    ],
    flags: &[
        "context_length",
        "env.SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","context_length":65536}"#,
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","context_length":32768}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[&CONTEXT_TOO_LONG];
