//! The model config's own launch checks (`configs/model_config.py::ModelConfig`): a
//! `--context-length` above what the checkpoint supports (`_derive_context_length`) and
//! `--quantize-and-serve` (`_validate_quantize_and_serve_config`). The logic is in
//! `pipeline/validation.rs::derive_context_length`, where resolution first builds the model
//! config. `UNMODELLED` lists the `model_config.py` and `server_args.py` sites that are not
//! launch checks.

use super::{RuleInfo, Unmodelled};
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

/// --quantize-and-serve without a ModelOpt --quantization
pub static QUANTIZE_AND_SERVE_NEEDS_MODELOPT: RuleInfo = RuleInfo {
    code: "MCFG002",
    name: "quantize-and-serve-needs-modelopt",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "quantize_and_serve requires ModelOpt quantization (set with --quantization {methods})",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MC, 1490),
        (VersionRange::only(SglangVersion::V0_5_20), MC, 1702),
        (VersionRange::only(SglangVersion::V0_5_21), MC, 1798),
        (VersionRange::only(SglangVersion::V0_5_22), MC, 1877),
        (VersionRange::since(SglangVersion::V0_5_23), MC, 1986),
    ],
    title: doc!("--quantize-and-serve needs a ModelOpt --quantization"),
    explanation: doc!(
        "ModelConfig checks --quantize-and-serve first thing when it is built: it quantizes with NVIDIA ModelOpt, so --quantization must name a ModelOpt method (modelopt, modelopt_fp8, modelopt_fp4, nvfp4_online or modelopt_mixed, spelled exactly so: the check runs before SGLang lower-cases the method)."
    ),
    trigger: doc!("--quantize-and-serve with --quantization unset or not a ModelOpt method."),
    solutions: doc_list![
        "Remove --quantize-and-serve: quantize and export the checkpoint first, then serve the exported checkpoint.",
    ],
    flags: &["quantize_and_serve", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","quantize_and_serve":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --quantize-and-serve is disabled
pub static QUANTIZE_AND_SERVE_DISABLED: RuleInfo = RuleInfo {
    code: "MCFG003",
    name: "quantize-and-serve-disabled",
    exception: Some("NotImplementedError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "quantize_and_serve functionality is currently disabled due to compatibility issues. Please use the separate quantize-then-deploy workflow instead. Step 1: Quantize and export model. Step 2: Deploy the exported model.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MC, 1496),
        (VersionRange::only(SglangVersion::V0_5_20), MC, 1708),
        (VersionRange::only(SglangVersion::V0_5_21), MC, 1804),
        (VersionRange::only(SglangVersion::V0_5_22), MC, 1883),
        (VersionRange::since(SglangVersion::V0_5_23), MC, 1992),
    ],
    title: doc!("--quantize-and-serve is disabled"),
    explanation: doc!(
        "With a ModelOpt --quantization, ModelConfig still refuses --quantize-and-serve: the feature is disabled in every modelled release."
    ),
    trigger: doc!("--quantize-and-serve with a ModelOpt --quantization."),
    solutions: doc_list![
        "Remove --quantize-and-serve: quantize and export the checkpoint first, then serve the exported checkpoint.",
    ],
    flags: &["quantize_and_serve", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","quantize_and_serve":true,"quantization":"modelopt_fp8"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Inkling's local (sliding-window) layer ids repeat
pub static INKLING_LOCAL_NOT_UNIQUE: RuleInfo = RuleInfo {
    code: "MCFG004",
    name: "inkling-local-layer-ids-unique",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Inkling local_layer_ids must be unique: {local_layer_ids}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MC, 2245),
        (VersionRange::only(SglangVersion::V0_5_20), MC, 2469),
        (VersionRange::only(SglangVersion::V0_5_21), MC, 2585),
        (VersionRange::only(SglangVersion::V0_5_22), MC, 2663),
        (VersionRange::since(SglangVersion::V0_5_23), MC, 2784),
    ],
    title: doc!("Inkling's local_layer_ids list a layer twice"),
    explanation: doc!(
        "For an Inkling checkpoint SGLang splits the layers into sliding-window (local) and full-attention ones from the config's local_layer_ids, and refuses a list that names a layer more than once."
    ),
    trigger: doc!(
        "InklingForConditionalGeneration, hybrid SWA memory on, a repeated entry in the text config's local_layer_ids."
    ),
    solutions: doc_list!["Fix local_layer_ids in config.json (or --json-model-override-args)."],
    flags: &["json_model_override_args"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"InklingForConditionalGeneration","json_model_override_args":"{\"text_config\": {\"local_layer_ids\": [0, 0]}}"}"#,
        r#"{"gpu":"H100","arch":"InklingForConditionalGeneration","json_model_override_args":"{\"text_config\": {\"local_layer_ids\": [0, 1]}}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Inkling's local layer ids outside the model's layers
pub static INKLING_LOCAL_OUT_OF_RANGE: RuleInfo = RuleInfo {
    code: "MCFG005",
    name: "inkling-local-layer-ids-range",
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Inkling local_layer_ids must be in [0, {num_hidden_layers}): {local_layer_ids}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MC, 2248),
        (VersionRange::only(SglangVersion::V0_5_20), MC, 2472),
        (VersionRange::only(SglangVersion::V0_5_21), MC, 2588),
        (VersionRange::only(SglangVersion::V0_5_22), MC, 2666),
        (VersionRange::since(SglangVersion::V0_5_23), MC, 2787),
    ],
    title: doc!("Inkling's local_layer_ids name a layer the model does not have"),
    explanation: doc!(
        "Every entry of an Inkling config's local_layer_ids must be a layer index in [0, num_hidden_layers)."
    ),
    trigger: doc!(
        "InklingForConditionalGeneration, hybrid SWA memory on, an entry of local_layer_ids below 0 or at least num_hidden_layers."
    ),
    solutions: doc_list!["Fix local_layer_ids in config.json (or --json-model-override-args)."],
    flags: &["json_model_override_args"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"InklingForConditionalGeneration","json_model_override_args":"{\"text_config\": {\"local_layer_ids\": [0, 999]}}"}"#,
        r#"{"gpu":"H100","arch":"InklingForConditionalGeneration","json_model_override_args":"{\"text_config\": {\"local_layer_ids\": [0, 1]}}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &CONTEXT_TOO_LONG,
    &QUANTIZE_AND_SERVE_NEEDS_MODELOPT,
    &QUANTIZE_AND_SERVE_DISABLED,
    &INKLING_LOCAL_NOT_UNIQUE,
    &INKLING_LOCAL_OUT_OF_RANGE,
];

const SA: &str = "python/sglang/srt/server_args.py";

/// The `configs/model_config.py` and `server_args.py` sites that are not launch checks.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: MC,
        function: "ModelConfig.get_total_num_kv_heads",
        message: "",
        reason: "The nemotron-nas (DeciLM) block_configs checks run lazily, where a caller first asks for the KV-head count: the KV-pool sizing of the model runner, after the weights are loaded (and attention_hook.py:69@0.5.23 only with --dcp-size > 1). Preflight does not read block_configs.",
    },
    Unmodelled {
        file: SA,
        function: "PortArgs.init_new",
        message: "",
        reason: "The two sites without a message (the decoupled-speculation check above them is SRV038): `assert worker_ports is not None`, an invariant of the data-parallel controller, which always passes worker ports with a dp_rank (no launch argument reaches it); and the re-raise of wait_port_available's error when another process on the machine holds a port, which needs the live machine.",
    },
    Unmodelled {
        file: MC,
        function: "register_model_config_factory",
        message: "",
        reason: "A programming error of code that registers a model-config factory (a type that is not a ServerArgs subclass, or a second factory for one type); no launch argument reaches it.",
    },
    Unmodelled {
        file: MC,
        function: "load_decision_config",
        message: "",
        reason: "Checks the checkpoint's decision_config.json, a file beside config.json that Preflight is not given.",
    },
    Unmodelled {
        file: MC,
        function: "load_pointer_head",
        message: "",
        reason: "Checks the checkpoint's head.pt (a weights file), which Preflight is not given.",
    },
    Unmodelled {
        file: MC,
        function: "load_pointer_adapter",
        message: "",
        reason: "Checks the metadata of a Kev adapter checkpoint (files beside config.json), which Preflight is not given.",
    },
    Unmodelled {
        file: MC,
        function: "get_dsa_index_head_dim",
        message: "",
        reason: "A bare precondition assert (is_deepseek_dsa or is_deepseek_v4): every caller tests the model kind first (model_config.py:1408-1410@0.5.23 and the KV-pool code), so a configuration cannot reach it.",
    },
    Unmodelled {
        file: MC,
        function: "get_dsa_index_topk",
        message: "",
        reason: "A bare precondition assert (is_deepseek_dsa) of a helper called only for DSA models, by the NPU KV-offload configuration after launch.",
    },
    Unmodelled {
        file: MC,
        function: "get_dsa_index_n_heads",
        message: "",
        reason: "A bare precondition assert (is_deepseek_dsa) of a helper called only for DSA models, by the LoRA layer shapes after launch.",
    },
    Unmodelled {
        file: MC,
        function: "dsa_layer_skips_topk",
        message: "",
        reason: "Evaluated only after resolution, in the scheduler process: the KV-pool sizing (model_executor/pool_configurator.py, mem_cache/kv_cache_configurator.py), the model runner and the HiSparse coordinator; no launch check calls it.",
    },
    Unmodelled {
        file: MC,
        function: "get_dsa_mtp_topk_width",
        message: "",
        reason: "Evaluated only by the PD transfer-buffer sizing (disaggregation/utils.py) in the running server, not by a launch check.",
    },
    Unmodelled {
        file: MC,
        function: "get_minimax_sparse_attention_config",
        message: "",
        reason: "Evaluated only by the KV-pool sizing of MiniMax-M3 Sparse (model_executor/pool_configurator.py, mem_cache/kv_cache_configurator.py) in the scheduler process, not by a launch check.",
    },
    Unmodelled {
        file: MC,
        function: "get_minimax_sparse_score_type",
        message: "",
        reason: "Evaluated only by the MiniMax-M3 Sparse attention layers and KV-pool sizing in the scheduler process, not by a launch check.",
    },
    Unmodelled {
        file: MC,
        function: "get_mimo_v2_fused_qkv_expected_tp_size",
        message: "",
        reason: "Called only by the MiMo-V2 model classes (models/mimo_v2.py, models/mimo_v2_nextn.py) when the model is constructed for loading weights; the launch check of the same layout is model_hook.py's MiMoV2 attention-TP refusal.",
    },
    Unmodelled {
        file: MC,
        function: "ModelConfig._get_modelopt_quant_type",
        message: "",
        reason: "Called only by the model loader (model_loader/loader.py) when it quantizes weights with ModelOpt, after launch.",
    },
    Unmodelled {
        file: MC,
        function: "ModelConfig._verify_quantization",
        message: "Config list contains configs from 2 methods",
        reason: "Unreachable: cfg_list receives at most one entry (`modelslim_config or hf_config`).",
    },
    Unmodelled {
        file: MC,
        function: "_get_and_verify_dtype",
        message: "Unknown dtype",
        reason: "Unreachable from a launch: --dtype is a string limited by argparse's choices (auto, half, float16, bfloat16, float, float32; ARG rules), every one of which (lower-cased) is a key of _STR_DTYPE_TO_TORCH_DTYPE.",
    },
    Unmodelled {
        file: SA,
        function: "__getattr__",
        message: "",
        reason: "The module's lazy re-export hook: an import of a name server_args.py does not export is a programming error, not a launch check.",
    },
    Unmodelled {
        file: SA,
        function: "ServerArgs.resolve_once",
        message: "resolution already failed",
        reason: "A second resolve_once on a record whose resolution already raised: API misuse by embedding code; a launch resolves its record once.",
    },
    Unmodelled {
        file: SA,
        function: "ServerArgs.resolve_once",
        message: "",
        reason: "The bare `raise` re-raises the exception of the resolution pipeline itself, which the rule of that check models.",
    },
    Unmodelled {
        file: SA,
        function: "ServerArgs.__setattr__",
        message: "",
        reason: "Seals the record: a handler or embedding code assigning a ServerArgs field during or after resolution is a programming error, not a launch check.",
    },
    Unmodelled {
        file: SA,
        function: "get_global_server_args",
        message: "",
        reason: "A retired accessor that always raises a migration error for code that still imports it; no launch argument reaches it.",
    },
];
