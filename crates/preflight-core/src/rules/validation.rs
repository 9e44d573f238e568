//! Launch checks that span no single feature (`arg_groups/validation_hook.py`): the early
//! validations of `run_resolution_pipeline` (`validate_prefill_decode_interval`,
//! `validate_response_store`, `validate_sampling_mask_max_tokens`,
//! `handle_aux_hidden_state_capture`) and `check_server_args`, which the engine runs at start-up
//! after resolution (`entrypoints/engine.py:1165@0.5.23`, `:1157@0.5.22`, `:1101@0.5.21`,
//! `:1087@0.5.20`, `:1076@0.5.19`), with `check_pipeline_parallel_compat`,
//! `validate_buckets_rule`, `check_two_batch_overlap`, `validate_device_sampling_backend`,
//! `check_watermark_server_args` and `check_load_publish_args`. The logic is in
//! `pipeline/validation.rs`. Messages and lines come from each release's own sites.

use super::{RuleInfo, Unmodelled};
use crate::report::Stage;
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/validation_hook.py";

/// --prefill-decode-interval must be non-negative
pub static PREFILL_DECODE_INTERVAL: RuleInfo = RuleInfo {
    code: "VAL001",
    name: "prefill-decode-interval-negative",
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--prefill-decode-interval must be non-negative.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 415),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 449),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 489),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 659),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 660),
    ],
    title: doc!("--prefill-decode-interval must be non-negative"),
    explanation: doc!(
        "The prefill/decode interval counts decode steps between prefill batches; SGLang refuses a negative count before it resolves anything else."
    ),
    trigger: doc!("--prefill-decode-interval below 0."),
    solutions: doc_list!["Remove --prefill-decode-interval, or give 0 or more."],
    flags: &["prefill_decode_interval"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prefill_decode_interval":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --prefill-decode-interval-min-bs must be non-negative
pub static PREFILL_DECODE_INTERVAL_MIN_BS: RuleInfo = RuleInfo {
    code: "VAL002",
    name: "prefill-decode-interval-min-bs-negative",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "--prefill-decode-interval-min-bs must be non-negative.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), HOOK, 662)],
    title: doc!("--prefill-decode-interval-min-bs must be non-negative"),
    explanation: doc!(
        "The minimum running batch size at which the prefill/decode interval applies cannot be negative."
    ),
    trigger: doc!("--prefill-decode-interval-min-bs below 0 (0.5.23)."),
    solutions: doc_list!["Remove --prefill-decode-interval-min-bs, or give 0 or more."],
    flags: &["prefill_decode_interval_min_bs"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prefill_decode_interval_min_bs":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-response-store cannot be used with PD disaggregation
pub static RESPONSE_STORE_PD: RuleInfo = RuleInfo {
    code: "VAL003",
    name: "response-store-with-pd",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--enable-response-store is not supported with --disaggregation-mode=prefill or decode; response storage must remain disabled in PD mode.",
    )],
    sources: &[
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_21),
            HOOK,
            31,
        ),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 111),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 112),
    ],
    title: doc!("--enable-response-store cannot be used with PD disaggregation"),
    explanation: doc!(
        "The response store keeps responses on the server that produced them; in PD disaggregation a request spans a prefill and a decode server, so SGLang refuses the combination."
    ),
    trigger: doc!("--enable-response-store with --disaggregation-mode prefill or decode."),
    solutions: doc_list!["Drop --enable-response-store on PD servers."],
    flags: &["enable_response_store", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_response_store":true,"disaggregation_mode":"prefill"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS is no longer supported
pub static SAMPLING_MASK_ENV: RuleInfo = RuleInfo {
    code: "VAL004",
    name: "sampling-mask-env-removed",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS is no longer supported. Unset it. To enable sampling masks for disaggregated serving, set SGLANG_ENABLE_DISAGG_SAMPLING_MASK=1 and use the same positive --sampling-mask-max-tokens value on both prefill and decode servers.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 467),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 507),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 677),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 680),
    ],
    title: doc!("SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS is no longer supported"),
    explanation: doc!(
        "From 0.5.20 the sampling-mask size is a flag (--sampling-mask-max-tokens); SGLang refuses the old environment variable whenever it is set, whatever its value."
    ),
    trigger: doc!(
        "The environment variable SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS is set."
    ),
    solutions: doc_list![
        "Unset SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS; use --sampling-mask-max-tokens (and SGLANG_ENABLE_DISAGG_SAMPLING_MASK=1) instead.",
    ],
    flags: &["env.SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","env":{"SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS":"1024"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --sampling-mask-max-tokens must be positive
pub static SAMPLING_MASK_POSITIVE: RuleInfo = RuleInfo {
    code: "VAL005",
    name: "sampling-mask-max-tokens-positive",
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--sampling-mask-max-tokens must be positive (got {cfg.sampling_mask_max_tokens}).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 475),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 515),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 685),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 688),
    ],
    title: doc!("--sampling-mask-max-tokens must be positive"),
    explanation: doc!(
        "The sampling-mask buffer holds this many tokens; SGLang refuses 0 or a negative size."
    ),
    trigger: doc!("--sampling-mask-max-tokens of 0 or less."),
    solutions: doc_list!["Remove --sampling-mask-max-tokens, or give a positive size."],
    flags: &["sampling_mask_max_tokens"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sampling_mask_max_tokens":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --return-aux-hidden-state-layer-ids needs --enable-return-aux-hidden-states
pub static AUX_LAYER_IDS_WITHOUT_FLAG: RuleInfo = RuleInfo {
    code: "VAL006",
    name: "aux-layer-ids-without-capture",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "--return-aux-hidden-state-layer-ids requires --enable-return-aux-hidden-states.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), HOOK, 707)],
    title: doc!("--return-aux-hidden-state-layer-ids needs --enable-return-aux-hidden-states"),
    explanation: doc!(
        "The layer ids choose which hidden states the auxiliary capture returns; without the capture enabled they mean nothing, and SGLang refuses them."
    ),
    trigger: doc!("--return-aux-hidden-state-layer-ids without --enable-return-aux-hidden-states."),
    solutions: doc_list!["Add --enable-return-aux-hidden-states, or drop the layer ids."],
    flags: &[
        "return_aux_hidden_state_layer_ids",
        "enable_return_aux_hidden_states",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","return_aux_hidden_state_layer_ids":[1,2]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-return-aux-hidden-states needs --speculative-algorithm EAGLE3, DFLASH or DSPARK
pub static AUX_NEEDS_METHOD: RuleInfo = RuleInfo {
    code: "VAL007",
    name: "aux-capture-needs-method",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "--enable-return-aux-hidden-states needs --speculative-algorithm EAGLE3, DFLASH or DSPARK to name the capture convention, got {cfg.speculative_algorithm!r}.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), HOOK, 714)],
    title: doc!(
        "--enable-return-aux-hidden-states needs --speculative-algorithm EAGLE3, DFLASH or DSPARK"
    ),
    explanation: doc!(
        "With aux hidden-state capture, --speculative-algorithm only names the capture convention (which layers, in which layout); SGLang accepts EAGLE3, DFLASH and DSPARK and refuses anything else, including no algorithm."
    ),
    trigger: doc!(
        "--enable-return-aux-hidden-states with --speculative-algorithm unset or not EAGLE3 / DFLASH / DSPARK."
    ),
    solutions: doc_list![
        "Add --speculative-algorithm EAGLE3 (or DFLASH / DSPARK with --return-aux-hidden-state-layer-ids).",
    ],
    flags: &["enable_return_aux_hidden_states", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"EAGLE3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Aux hidden-state capture runs without a draft model
pub static AUX_NO_DRAFT: RuleInfo = RuleInfo {
    code: "VAL008",
    name: "aux-capture-without-draft",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "--enable-return-aux-hidden-states captures without a draft; drop --speculative-draft-model-path.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), HOOK, 720)],
    title: doc!("Aux hidden-state capture runs without a draft model"),
    explanation: doc!(
        "The capture mode serves the target model alone (speculative decoding is switched off); a draft model path contradicts it."
    ),
    trigger: doc!("--enable-return-aux-hidden-states with --speculative-draft-model-path."),
    solutions: doc_list!["Drop --speculative-draft-model-path."],
    flags: &[
        "speculative_draft_model_path",
        "enable_return_aux_hidden_states",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"EAGLE3","speculative_draft_model_path":"draft"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"EAGLE3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Aux hidden-state capture needs --pp-size 1
pub static AUX_PP: RuleInfo = RuleInfo {
    code: "VAL009",
    name: "aux-capture-pipeline-parallel",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "--enable-return-aux-hidden-states only supports pp_size == 1: the capture hooks only see the layers on the last pipeline rank.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), HOOK, 725)],
    title: doc!("Aux hidden-state capture needs --pp-size 1"),
    explanation: doc!(
        "The capture hooks only see the layers on the last pipeline rank, so SGLang refuses the capture with pipeline parallelism."
    ),
    trigger: doc!("--enable-return-aux-hidden-states with --pp-size > 1."),
    solutions: doc_list!["Use --pp-size 1 (use tensor parallelism instead)."],
    flags: &["pp_size", "enable_return_aux_hidden_states"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"EAGLE3","pp_size":2,"tp_size":4}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"EAGLE3","tp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// DFLASH / DSPARK capture needs --return-aux-hidden-state-layer-ids
pub static AUX_LAYER_IDS_REQUIRED: RuleInfo = RuleInfo {
    code: "VAL010",
    name: "aux-capture-needs-layer-ids",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "--enable-return-aux-hidden-states with {method} requires --return-aux-hidden-state-layer-ids.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), HOOK, 731)],
    title: doc!("DFLASH / DSPARK capture needs --return-aux-hidden-state-layer-ids"),
    explanation: doc!(
        "Only the EAGLE3 convention has default capture layers; for DFLASH and DSPARK the layers must be named."
    ),
    trigger: doc!(
        "--enable-return-aux-hidden-states with DFLASH or DSPARK and no (or an empty) --return-aux-hidden-state-layer-ids."
    ),
    solutions: doc_list!["Give --return-aux-hidden-state-layer-ids, or use EAGLE3."],
    flags: &["return_aux_hidden_state_layer_ids", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"DFLASH"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"DFLASH","return_aux_hidden_state_layer_ids":[1,2]}"#,
    ))),
    ..RuleInfo::BASE
};

/// --return-aux-hidden-state-layer-ids must not be empty
pub static AUX_LAYER_IDS_EMPTY: RuleInfo = RuleInfo {
    code: "VAL011",
    name: "aux-layer-ids-empty",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "--return-aux-hidden-state-layer-ids must not be empty.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), HOOK, 737)],
    title: doc!("--return-aux-hidden-state-layer-ids must not be empty"),
    explanation: doc!(
        "An empty list of capture layers (EAGLE3, the only convention that reaches this check with an empty list) is refused."
    ),
    trigger: doc!(
        "--enable-return-aux-hidden-states with EAGLE3 and an empty --return-aux-hidden-state-layer-ids."
    ),
    solutions: doc_list!["Name at least one layer, or drop the flag to use the EAGLE3 defaults."],
    flags: &["return_aux_hidden_state_layer_ids"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"EAGLE3","return_aux_hidden_state_layer_ids":[]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"EAGLE3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --return-aux-hidden-state-layer-ids must be non-negative
pub static AUX_LAYER_IDS_NEGATIVE: RuleInfo = RuleInfo {
    code: "VAL012",
    name: "aux-layer-ids-negative",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "--return-aux-hidden-state-layer-ids must be non-negative, got {list(layer_ids)}.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), HOOK, 739)],
    title: doc!("--return-aux-hidden-state-layer-ids must be non-negative"),
    explanation: doc!("Layer ids index the model layers from 0."),
    trigger: doc!("A negative id in --return-aux-hidden-state-layer-ids."),
    solutions: doc_list!["Use layer indices from 0."],
    flags: &["return_aux_hidden_state_layer_ids"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"EAGLE3","return_aux_hidden_state_layer_ids":[-1,2]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"EAGLE3","return_aux_hidden_state_layer_ids":[1,2]}"#,
    ))),
    ..RuleInfo::BASE
};

/// --return-aux-hidden-state-layer-ids must not repeat a layer
pub static AUX_LAYER_IDS_REPEAT: RuleInfo = RuleInfo {
    code: "VAL013",
    name: "aux-layer-ids-repeat",
    exception: Some("ValueError"),
    versions: VersionRange::only(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::only(SglangVersion::V0_5_23),
        "--return-aux-hidden-state-layer-ids must not repeat a layer, got {list(layer_ids)}.",
    )],
    sources: &[(VersionRange::only(SglangVersion::V0_5_23), HOOK, 744)],
    title: doc!("--return-aux-hidden-state-layer-ids must not repeat a layer"),
    explanation: doc!("Each capture layer may be named once."),
    trigger: doc!("A layer id given twice in --return-aux-hidden-state-layer-ids."),
    solutions: doc_list!["Remove the repeated id."],
    flags: &["return_aux_hidden_state_layer_ids"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"EAGLE3","return_aux_hidden_state_layer_ids":[2,2]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_return_aux_hidden_states":true,"speculative_algorithm":"EAGLE3","return_aux_hidden_state_layer_ids":[1,2]}"#,
    ))),
    ..RuleInfo::BASE
};

/// check_server_args' `assert (cfg.tp_size * cfg.pp_size) % cfg.nnodes == 0` per release: the
/// assertion (VAL020) and, with --nnodes 0, the division before it (VAL091).
const NNODES_ASSERT: &[super::Src] = &[
    (VersionRange::only(SglangVersion::V0_5_19), HOOK, 34),
    (VersionRange::only(SglangVersion::V0_5_20), HOOK, 45),
    (VersionRange::only(SglangVersion::V0_5_21), HOOK, 97),
    (VersionRange::only(SglangVersion::V0_5_22), HOOK, 178),
    (VersionRange::only(SglangVersion::V0_5_23), HOOK, 179),
];

/// tp_size × pp_size must be divisible by --nnodes
pub static NNODES_DIVISIBLE: RuleInfo = RuleInfo {
    code: "VAL020",
    name: "tp-pp-divisible-by-nnodes",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "tp_size must be divisible by number of nodes",
    )],
    sources: NNODES_ASSERT,
    title: doc!("tp_size × pp_size must be divisible by --nnodes"),
    explanation: doc!(
        "Every node runs the same number of ranks, so the world size tp_size × pp_size must divide evenly by the number of nodes (checked by check_server_args when the engine starts, unless --ep-join-mode scale)."
    ),
    trigger: doc!("(tp_size × pp_size) % nnodes != 0."),
    solutions: doc_list!["Choose --nnodes that divides tp_size × pp_size, or change --tp-size."],
    flags: &["nnodes", "tp_size", "pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"nnodes":3}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// --nnodes 0 divides by zero
pub static NNODES_ZERO: RuleInfo = RuleInfo {
    code: "VAL091",
    name: "nnodes-zero",
    stage: Stage::Startup,
    exception: Some("ZeroDivisionError"),
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "integer modulo by zero")],
    sources: NNODES_ASSERT,
    title: doc!("--nnodes 0 crashes the start-up check with a division by zero"),
    explanation: doc!(
        "SGLang does not check that --nnodes is positive. When the engine starts, check_server_args asserts that the world size divides by the node count, (tp_size × pp_size) % nnodes == 0, and with --nnodes 0 Python raises ZeroDivisionError before the assertion can fail: a traceback instead of a message. The text is Python 3.11's and later's (0.5.22 and 0.5.23 require 3.11); on Python 3.10 it reads integer division or modulo by zero. Not raised with --ep-join-mode scale, which skips the check."
    ),
    trigger: doc!("--nnodes 0 (without --ep-join-mode scale)."),
    solutions: doc_list![
        "Set --nnodes to the number of machines, 1 for a single machine (the default)."
    ],
    flags: &["nnodes"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","nnodes":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --pp-max-micro-batch-size must be positive
pub static PP_MICRO_BATCH: RuleInfo = RuleInfo {
    code: "VAL021",
    name: "pp-max-micro-batch-size-positive",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "pp_max_micro_batch_size must be a positive integer or None (for auto-compute). Got: {cfg.pp_max_micro_batch_size}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 38),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 49),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 101),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 182),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 183),
    ],
    title: doc!("--pp-max-micro-batch-size must be positive"),
    explanation: doc!(
        "The pipeline micro-batch size is a count of requests; leave it unset for the automatic value."
    ),
    trigger: doc!("--pp-max-micro-batch-size of 0 or less."),
    solutions: doc_list!["Remove --pp-max-micro-batch-size, or give 1 or more."],
    flags: &["pp_max_micro_batch_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","pp_max_micro_batch_size":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --disable-cuda-graph-padding cannot be combined with --enable-torch-compile
pub static PADDING_TORCH_COMPILE: RuleInfo = RuleInfo {
    code: "VAL022",
    name: "cuda-graph-padding-with-torch-compile",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--disable-cuda-graph-padding is incompatible with --enable-torch-compile. With padding disabled, every distinct batch size gets its own torch.compile + Triton autotune cycle (O(max_batch_size) compilations) instead of the small fixed set of padded bucket sizes, causing engine initialisation to stall for many minutes. Remove --disable-cuda-graph-padding or --enable-torch-compile.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 43),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 54),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 106),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 187),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 188),
    ],
    title: doc!("--disable-cuda-graph-padding cannot be combined with --enable-torch-compile"),
    explanation: doc!(
        "Without padding every batch size gets its own torch.compile and Triton autotune cycle, which stalls engine start-up for many minutes; SGLang refuses the pair."
    ),
    trigger: doc!("--disable-cuda-graph-padding and --enable-torch-compile."),
    solutions: doc_list![
        "Remove --disable-cuda-graph-padding.",
        "Remove --enable-torch-compile.",
    ],
    flags: &["disable_cuda_graph_padding", "enable_torch_compile"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","disable_cuda_graph_padding":true,"enable_torch_compile":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_torch_compile":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Pipeline parallelism does not support speculative decoding (up to 0.5.20)
pub static PP_SPEC_LEGACY: RuleInfo = RuleInfo {
    code: "VAL023",
    name: "pp-with-speculative-legacy",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::until(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::until(SglangVersion::V0_5_20),
        "Pipeline parallelism is not compatible with overlap schedule, speculative decoding",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 52),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 82),
    ],
    title: doc!("Pipeline parallelism does not support speculative decoding (up to 0.5.20)"),
    explanation: doc!(
        "Up to 0.5.20, on GPUs, check_server_args asserts that a pipeline-parallel launch has the overlap schedule disabled (resolution disables it for --pp-size > 1) and no speculative algorithm."
    ),
    trigger: doc!("--pp-size > 1 with a speculative algorithm (0.5.19, 0.5.20)."),
    solutions: doc_list!["Drop --speculative-algorithm, or use --pp-size 1."],
    flags: &["pp_size", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.20","gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"pp_size":2,"speculative_algorithm":"NGRAM"}"#,
        r#"{"sglang":"0.5.20","gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"pp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// Pipeline parallelism supports only (single-layer) EAGLE speculative decoding
pub static PP_SPEC_EAGLE_ONLY: RuleInfo = RuleInfo {
    code: "VAL024",
    name: "pp-spec-eagle-only",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "Pipeline parallelism currently only supports EAGLE (non-multi-layer) speculative decoding",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 51),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 131),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 132),
    ],
    title: doc!("Pipeline parallelism supports only (single-layer) EAGLE speculative decoding"),
    explanation: doc!(
        "From 0.5.21, check_pipeline_parallel_compat lets pipeline parallelism run EAGLE drafts only (not EAGLE3, NGRAM, DFLASH, multi-layer EAGLE, ...)."
    ),
    trigger: doc!(
        "--pp-size > 1 with a speculative algorithm other than EAGLE (DSPARK has its own check), or with --enable-multi-layer-eagle."
    ),
    solutions: doc_list!["Use --speculative-algorithm EAGLE, or --pp-size 1."],
    flags: &[
        "pp_size",
        "speculative_algorithm",
        "enable_multi_layer_eagle",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"pp_size":2,"speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"pp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// PP with speculative decoding runs only on PD prefill nodes
pub static PP_SPEC_PREFILL_ONLY: RuleInfo = RuleInfo {
    code: "VAL025",
    name: "pp-spec-prefill-only",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "PP + speculative decoding (MTP) is only supported on prefill nodes (disaggregation-mode=prefill)",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 79),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 160),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 161),
    ],
    title: doc!("PP with speculative decoding runs only on PD prefill nodes"),
    explanation: doc!(
        "Unless SGLANG_ENABLE_PP_SPEC is set, pipeline parallelism with EAGLE is supported only on a prefill server of PD disaggregation."
    ),
    trigger: doc!(
        "--pp-size > 1 with EAGLE, --disaggregation-mode not prefill, SGLANG_ENABLE_PP_SPEC unset."
    ),
    solutions: doc_list![
        "Set SGLANG_ENABLE_PP_SPEC=1 (aggregated serving), or use --disaggregation-mode prefill, or --pp-size 1.",
    ],
    flags: &[
        "pp_size",
        "speculative_algorithm",
        "disaggregation_mode",
        "env.SGLANG_ENABLE_PP_SPEC",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":4,"pp_size":2,"speculative_algorithm":"EAGLE"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":4,"pp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// SGLANG_ENABLE_PP_SPEC cannot be used with PD disaggregation
pub static PP_SPEC_ENV_DISAGG: RuleInfo = RuleInfo {
    code: "VAL026",
    name: "pp-spec-env-with-disaggregation",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "SGLANG_ENABLE_PP_SPEC is not compatible with --disaggregation-mode",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 64),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 144),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 145),
    ],
    title: doc!("SGLANG_ENABLE_PP_SPEC cannot be used with PD disaggregation"),
    explanation: doc!(
        "The aggregated PP speculative relay replaces the relay PD prefill uses, so SGLang refuses it with --disaggregation-mode."
    ),
    trigger: doc!(
        "--pp-size > 1, EAGLE, SGLANG_ENABLE_PP_SPEC=1 and --disaggregation-mode prefill/decode."
    ),
    solutions: doc_list!["Unset SGLANG_ENABLE_PP_SPEC on PD servers."],
    flags: &["env.SGLANG_ENABLE_PP_SPEC", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":4,"pp_size":2,"speculative_algorithm":"EAGLE","disaggregation_mode":"prefill","env":{"SGLANG_ENABLE_PP_SPEC":"1"}}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":4,"pp_size":2,"speculative_algorithm":"EAGLE","disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// SGLANG_ENABLE_PP_SPEC cannot be used with --speculative-adaptive
pub static PP_SPEC_ENV_ADAPTIVE: RuleInfo = RuleInfo {
    code: "VAL027",
    name: "pp-spec-env-with-adaptive",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "SGLANG_ENABLE_PP_SPEC is not compatible with --speculative-adaptive",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 69),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 149),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 150),
    ],
    title: doc!("SGLANG_ENABLE_PP_SPEC cannot be used with --speculative-adaptive"),
    explanation: doc!(
        "The PP relay slices speculative results with the configured number of draft tokens; adaptive speculation changes it at run time."
    ),
    trigger: doc!("--pp-size > 1, EAGLE, SGLANG_ENABLE_PP_SPEC=1 and --speculative-adaptive."),
    solutions: doc_list!["Drop --speculative-adaptive."],
    flags: &["speculative_adaptive", "env.SGLANG_ENABLE_PP_SPEC"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":4,"pp_size":2,"speculative_algorithm":"EAGLE","speculative_adaptive":true,"env":{"SGLANG_ENABLE_PP_SPEC":"1"}}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":4,"pp_size":2,"speculative_algorithm":"EAGLE","env":{"SGLANG_ENABLE_PP_SPEC":"1"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// SGLANG_ENABLE_PP_SPEC cannot be used with attention DP
pub static PP_SPEC_ENV_DP_ATTENTION: RuleInfo = RuleInfo {
    code: "VAL028",
    name: "pp-spec-env-with-dp-attention",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "SGLANG_ENABLE_PP_SPEC is not compatible with --enable-dp-attention",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "SGLANG_ENABLE_PP_SPEC is not compatible with attention DP (--attn-dp-size)",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 75),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 155),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 156),
    ],
    title: doc!("SGLANG_ENABLE_PP_SPEC cannot be used with attention DP"),
    explanation: doc!(
        "Every pipeline stage rebuilds the same verify input, so all stages must see the same batch; attention DP partitions it per DP rank."
    ),
    trigger: doc!("--pp-size > 1, EAGLE, SGLANG_ENABLE_PP_SPEC=1 and attention DP."),
    solutions: doc_list!["Disable attention DP, or unset SGLANG_ENABLE_PP_SPEC."],
    flags: &[
        "env.SGLANG_ENABLE_PP_SPEC",
        "enable_dp_attention",
        "attn_dp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":4,"pp_size":2,"speculative_algorithm":"EAGLE","attn_dp_size":2,"env":{"SGLANG_ENABLE_PP_SPEC":"1"}}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":4,"pp_size":2,"speculative_algorithm":"EAGLE","env":{"SGLANG_ENABLE_PP_SPEC":"1"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// --min-free-slots-delay is not supported with pipeline parallelism
pub static PP_MIN_FREE_SLOTS: RuleInfo = RuleInfo {
    code: "VAL031",
    name: "pp-min-free-slots-delay",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--min-free-slots-delay is not supported with pipeline parallelism: allocatable slots per microbatch are bounded by pp-max-micro-batch-size, so the threshold may never be reached",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 55),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 85),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 83),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 164),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 165),
    ],
    title: doc!("--min-free-slots-delay is not supported with pipeline parallelism"),
    explanation: doc!(
        "Allocatable slots per micro-batch are bounded by --pp-max-micro-batch-size, so the free-slot threshold may never be reached."
    ),
    trigger: doc!("--pp-size > 1 with --min-free-slots-delay."),
    solutions: doc_list!["Drop --min-free-slots-delay."],
    flags: &["min_free_slots_delay", "pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"pp_size":2,"min_free_slots_delay":8}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"pp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// Data-parallel replicas cannot span several nodes
pub static MULTINODE_DP: RuleInfo = RuleInfo {
    code: "VAL032",
    name: "multi-node-dp-replicas",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "multi-node data parallel is not supported unless dp attention!",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "multi-node data-parallel replicas are not supported; use attention DP (--attn-dp-size) across nodes",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 61),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 91),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 117),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 198),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 199),
    ],
    title: doc!("Data-parallel replicas cannot span several nodes"),
    explanation: doc!(
        "check_server_args refuses --dp-size > 1 with --nnodes > 1: multi-node DP replicas are not supported (up to 0.5.21 unless --enable-dp-attention; from 0.5.22 attention DP is its own flag, --attn-dp-size)."
    ),
    trigger: doc!("--dp-size > 1 and --nnodes != 1 (up to 0.5.21: without --enable-dp-attention)."),
    solutions: doc_list![
        "Use attention DP across nodes (--attn-dp-size, or --enable-dp-attention up to 0.5.21).",
        "Run one replica per node with a router.",
    ],
    flags: &["dp_size", "nnodes", "enable_dp_attention"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":8,"dp_size":2,"nnodes":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":8,"nnodes":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// --base-gpu-id must be non-negative
pub static BASE_GPU_ID: RuleInfo = RuleInfo {
    code: "VAL033",
    name: "base-gpu-id-negative",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "base_gpu_id must be non-negative")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 65),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 95),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 121),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 203),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 204),
    ],
    title: doc!("--base-gpu-id must be non-negative"),
    explanation: doc!("GPU ids count from 0."),
    trigger: doc!("--base-gpu-id below 0."),
    solutions: doc_list!["Use --base-gpu-id 0 or more."],
    flags: &["base_gpu_id"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","base_gpu_id":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --gpu-id-step must be positive
pub static GPU_ID_STEP: RuleInfo = RuleInfo {
    code: "VAL034",
    name: "gpu-id-step-positive",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "gpu_id_step must be positive")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 66),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 96),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 122),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 204),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 205),
    ],
    title: doc!("--gpu-id-step must be positive"),
    explanation: doc!("The step between the GPU ids of consecutive ranks must be at least 1."),
    trigger: doc!("--gpu-id-step below 1."),
    solutions: doc_list!["Use --gpu-id-step 1 or more."],
    flags: &["gpu_id_step"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","gpu_id_step":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --moe-dense-tp-size must be 1 or the TP size
pub static MOE_DENSE_TP: RuleInfo = RuleInfo {
    code: "VAL035",
    name: "moe-dense-tp-size",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "moe_dense_tp_size only supports None, 1, or tp_size currently",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 68),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 98),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 124),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 206),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 207),
    ],
    title: doc!("--moe-dense-tp-size must be 1 or the TP size"),
    explanation: doc!(
        "The dense (non-expert) layers of MoE models run either replicated (1) or with the full tensor-parallel width."
    ),
    trigger: doc!("--moe-dense-tp-size other than unset, 1 or --tp-size."),
    solutions: doc_list!["Use --moe-dense-tp-size 1, or leave it unset."],
    flags: &["moe_dense_tp_size", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"moe_dense_tp_size":2}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"moe_dense_tp_size":1}"#,
    ))),
    ..RuleInfo::BASE
};

/// --served-model-name cannot contain a colon
pub static SERVED_NAME_COLON: RuleInfo = RuleInfo {
    code: "VAL036",
    name: "served-model-name-colon",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "served_model_name cannot contain a colon (':') character. The colon is reserved for the 'model:adapter' syntax used in LoRA adapter specification. Invalid value: '{cfg.served_model_name}'",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 76),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 106),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 132),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 214),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 215),
    ],
    title: doc!("--served-model-name cannot contain a colon"),
    explanation: doc!(
        "The colon is reserved for the 'model:adapter' syntax of LoRA requests; the served name (by default the model path) must not contain one, unless it is an object-store URI."
    ),
    trigger: doc!(
        "A ':' in --served-model-name (or in the model path when the name is not given)."
    ),
    solutions: doc_list!["Give a --served-model-name without a colon."],
    flags: &["served_model_name"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","served_model_name":"llama:8b"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","served_model_name":"llama-8b"}"#,
    ))),
    ..RuleInfo::BASE
};

/// PD-Multiplexing needs --pp-size 1
pub static PDMUX_PP: RuleInfo = RuleInfo {
    code: "VAL039",
    name: "pdmux-with-pp",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "PD-Multiplexing is only supported with pipeline parallelism disabled (pp_size=1).",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 111),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 141),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 167),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 249),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 250),
    ],
    title: doc!("PD-Multiplexing needs --pp-size 1"),
    explanation: doc!(
        "PD-Multiplexing splits the GPU between prefill and decode with CUDA green contexts; it does not support pipeline parallelism."
    ),
    trigger: doc!("--enable-pdmux with --pp-size > 1."),
    solutions: doc_list!["Use --pp-size 1, or drop --enable-pdmux."],
    flags: &["enable_pdmux", "pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"pp_size":2,"enable_pdmux":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":4,"pp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// PD-Multiplexing needs chunked prefill disabled
pub static PDMUX_CHUNKED: RuleInfo = RuleInfo {
    code: "VAL040",
    name: "pdmux-with-chunked-prefill",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "PD-Multiplexing is not compatible with chunked prefill.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 114),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 144),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 170),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 252),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 253),
    ],
    title: doc!("PD-Multiplexing needs chunked prefill disabled"),
    explanation: doc!("PD-Multiplexing requires --chunked-prefill-size -1."),
    trigger: doc!("--enable-pdmux with chunked prefill enabled (the default)."),
    solutions: doc_list!["Add --chunked-prefill-size -1."],
    flags: &["enable_pdmux", "chunked_prefill_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_pdmux":true,"disable_overlap_schedule":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_pdmux":true,"disable_overlap_schedule":true,"chunked_prefill_size":-1}"#,
    ))),
    ..RuleInfo::BASE
};

/// PD-Multiplexing cannot be used with PD disaggregation
pub static PDMUX_DISAGG: RuleInfo = RuleInfo {
    code: "VAL041",
    name: "pdmux-with-disaggregation",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "PD-Multiplexing is not compatible with disaggregation mode.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 117),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 147),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 173),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 255),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 256),
    ],
    title: doc!("PD-Multiplexing cannot be used with PD disaggregation"),
    explanation: doc!(
        "PD-Multiplexing multiplexes prefill and decode on one server; disaggregation separates them."
    ),
    trigger: doc!("--enable-pdmux with --disaggregation-mode prefill/decode."),
    solutions: doc_list!["Drop one of the two."],
    flags: &["enable_pdmux", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_pdmux":true,"chunked_prefill_size":-1,"disaggregation_mode":"prefill","disable_overlap_schedule":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_pdmux":true,"chunked_prefill_size":-1,"disable_overlap_schedule":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// PD-Multiplexing needs the overlap schedule disabled
pub static PDMUX_OVERLAP: RuleInfo = RuleInfo {
    code: "VAL042",
    name: "pdmux-with-overlap-schedule",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "PD-Multiplexing is not compatible with overlap schedule.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 120),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 150),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 176),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 258),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 259),
    ],
    title: doc!("PD-Multiplexing needs the overlap schedule disabled"),
    explanation: doc!("PD-Multiplexing requires --disable-overlap-schedule."),
    trigger: doc!("--enable-pdmux without --disable-overlap-schedule."),
    solutions: doc_list!["Add --disable-overlap-schedule."],
    flags: &["enable_pdmux", "disable_overlap_schedule"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_pdmux":true,"chunked_prefill_size":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_pdmux":true,"chunked_prefill_size":-1,"disable_overlap_schedule":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --tokenizer-worker-num must be at least 1
pub static TOKENIZER_WORKERS: RuleInfo = RuleInfo {
    code: "VAL043",
    name: "tokenizer-worker-num",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "Tokenizer worker num must >= 1")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 134),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 164),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 190),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 272),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 273),
    ],
    title: doc!("--tokenizer-worker-num must be at least 1"),
    explanation: doc!("At least one tokenizer worker must run."),
    trigger: doc!("--tokenizer-worker-num below 1."),
    solutions: doc_list!["Use --tokenizer-worker-num 1 or more."],
    flags: &["tokenizer_worker_num"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tokenizer_worker_num":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --detokenizer-worker-num must be at least 1
pub static DETOKENIZER_WORKERS: RuleInfo = RuleInfo {
    code: "VAL044",
    name: "detokenizer-worker-num",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "Detokenizer worker num must >= 1")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 135),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 165),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 191),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 273),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 274),
    ],
    title: doc!("--detokenizer-worker-num must be at least 1"),
    explanation: doc!("At least one detokenizer worker must run."),
    trigger: doc!("--detokenizer-worker-num below 1."),
    solutions: doc_list!["Use --detokenizer-worker-num 1 or more."],
    flags: &["detokenizer_worker_num"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","detokenizer_worker_num":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --mm-processor-worker-num must be non-negative
pub static MM_PROCESSOR_WORKERS: RuleInfo = RuleInfo {
    code: "VAL045",
    name: "mm-processor-worker-num",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Multimodal processor worker num must >= 0",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 136),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 166),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 192),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 274),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 275),
    ],
    title: doc!("--mm-processor-worker-num must be non-negative"),
    explanation: doc!("The number of multimodal processor workers cannot be negative."),
    trigger: doc!("--mm-processor-worker-num below 0."),
    solutions: doc_list!["Use 0 or more."],
    flags: &["mm_processor_worker_num"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","mm_processor_worker_num":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --mm-io-worker-num must be non-negative
pub static MM_IO_WORKERS: RuleInfo = RuleInfo {
    code: "VAL046",
    name: "mm-io-worker-num",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "Multimodal I/O worker num must >= 0")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 137),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 167),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 193),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 275),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 276),
    ],
    title: doc!("--mm-io-worker-num must be non-negative"),
    explanation: doc!("The number of multimodal I/O workers cannot be negative."),
    trigger: doc!("--mm-io-worker-num below 0."),
    solutions: doc_list!["Use 0 or more."],
    flags: &["mm_io_worker_num"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","mm_io_worker_num":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// A token-bucket rule must start with 'tse', 'default' or 'custom'
pub static BUCKETS_RULE_TYPE: RuleInfo = RuleInfo {
    code: "VAL048",
    name: "buckets-rule-type",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Unsupported {arg_name} rule type: '{rule}'. Must be one of: 'tse', 'default', 'custom'",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 238),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 270),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 298),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 389),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 390),
    ],
    title: doc!("A token-bucket rule must start with 'tse', 'default' or 'custom'"),
    explanation: doc!(
        "--prompt-tokens-buckets and --generation-tokens-buckets name a rule (tse, default or custom) followed by its parameters."
    ),
    trigger: doc!("The first element is not tse, default or custom."),
    solutions: doc_list!["Start the list with 'tse', 'default' or 'custom'."],
    flags: &["prompt_tokens_buckets", "generation_tokens_buckets"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["linear","1"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["default"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// The 'tse' bucket rule takes exactly three parameters
pub static BUCKETS_TSE_ARITY: RuleInfo = RuleInfo {
    code: "VAL049",
    name: "buckets-tse-arity",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{arg_name} TSE rule requires exactly 4 parameters: ['tse', middle, base, count], got {len(buckets_rule)}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 245),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 279),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 307),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 398),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 399),
    ],
    title: doc!("The 'tse' bucket rule takes exactly three parameters"),
    explanation: doc!("The TSE rule is ['tse', middle, base, count]."),
    trigger: doc!("'tse' with other than three parameters."),
    solutions: doc_list!["Give middle, base and count."],
    flags: &["prompt_tokens_buckets", "generation_tokens_buckets"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["tse","1000"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["tse","1000","2","8"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// The 'tse' bucket parameters must be numbers
pub static BUCKETS_TSE_PARAMS: RuleInfo = RuleInfo {
    code: "VAL050",
    name: "buckets-tse-params",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{arg_name} TSE rule parameters must be: ['tse', <float:middle>, <float:base>, <int:count>]",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 253),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 287),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 315),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 406),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 407),
    ],
    title: doc!("The 'tse' bucket parameters must be numbers"),
    explanation: doc!("middle and base must parse as floats, count as an integer."),
    trigger: doc!("A TSE parameter that is not a number (count not an integer)."),
    solutions: doc_list!["Give numeric parameters."],
    flags: &["prompt_tokens_buckets", "generation_tokens_buckets"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["tse","1000","2","x"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["tse","1000","2","8"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// The 'tse' bucket base must be larger than 1
pub static BUCKETS_TSE_BASE: RuleInfo = RuleInfo {
    code: "VAL051",
    name: "buckets-tse-base",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{arg_name} TSE base must be larger than 1, got: {base}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 256),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 290),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 318),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 409),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 410),
    ],
    title: doc!("The 'tse' bucket base must be larger than 1"),
    explanation: doc!("Bucket boundaries grow geometrically by base."),
    trigger: doc!("base <= 1."),
    solutions: doc_list!["Use a base above 1."],
    flags: &["prompt_tokens_buckets", "generation_tokens_buckets"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["tse","1000","1","8"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["tse","1000","2","8"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// The 'tse' bucket count must be positive
pub static BUCKETS_TSE_COUNT: RuleInfo = RuleInfo {
    code: "VAL052",
    name: "buckets-tse-count",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{arg_name} TSE count must be positive, got: {count}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 257),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 291),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 319),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 410),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 411),
    ],
    title: doc!("The 'tse' bucket count must be positive"),
    explanation: doc!("The number of buckets must be at least 1."),
    trigger: doc!("count <= 0."),
    solutions: doc_list!["Use a positive count."],
    flags: &["prompt_tokens_buckets", "generation_tokens_buckets"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["tse","1000","2","0"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["tse","1000","2","8"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// The 'tse' bucket middle must be positive
pub static BUCKETS_TSE_MIDDLE: RuleInfo = RuleInfo {
    code: "VAL053",
    name: "buckets-tse-middle",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{arg_name} TSE middle must be positive, got: {middle}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 258),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 292),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 320),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 411),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 412),
    ],
    title: doc!("The 'tse' bucket middle must be positive"),
    explanation: doc!("The middle boundary must be above 0."),
    trigger: doc!("middle <= 0."),
    solutions: doc_list!["Use a positive middle."],
    flags: &["prompt_tokens_buckets", "generation_tokens_buckets"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["tse","0","2","8"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["tse","1000","2","8"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// The 'default' bucket rule takes no parameters
pub static BUCKETS_DEFAULT_ARITY: RuleInfo = RuleInfo {
    code: "VAL054",
    name: "buckets-default-arity",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{arg_name} default rule should only have one parameter: ['default'], got {len(buckets_rule)}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 261),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 295),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 323),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 414),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 415),
    ],
    title: doc!("The 'default' bucket rule takes no parameters"),
    explanation: doc!("The default rule is just ['default']."),
    trigger: doc!("'default' followed by parameters."),
    solutions: doc_list!["Give only 'default'."],
    flags: &["prompt_tokens_buckets", "generation_tokens_buckets"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["default","5"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["default"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// The 'custom' bucket rule needs bucket values
pub static BUCKETS_CUSTOM_EMPTY: RuleInfo = RuleInfo {
    code: "VAL055",
    name: "buckets-custom-empty",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{arg_name} custom rule requires at least one bucket value: ['custom', value1, ...]",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 266),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 300),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 328),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 419),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 420),
    ],
    title: doc!("The 'custom' bucket rule needs bucket values"),
    explanation: doc!("The custom rule is ['custom', value1, ...]."),
    trigger: doc!("'custom' alone."),
    solutions: doc_list!["Give at least one value."],
    flags: &["prompt_tokens_buckets", "generation_tokens_buckets"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["custom"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["custom","100","1000"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// The 'custom' bucket values must be numbers
pub static BUCKETS_CUSTOM_NUMERIC: RuleInfo = RuleInfo {
    code: "VAL056",
    name: "buckets-custom-numeric",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{arg_name} custom rule bucket values must be numeric",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 272),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 306),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 334),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 425),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 426),
    ],
    title: doc!("The 'custom' bucket values must be numbers"),
    explanation: doc!("Each value must parse as a float."),
    trigger: doc!("A non-numeric custom bucket value."),
    solutions: doc_list!["Give numbers."],
    flags: &["prompt_tokens_buckets", "generation_tokens_buckets"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["custom","a"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["custom","100","1000"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// The 'custom' bucket values must not repeat
pub static BUCKETS_CUSTOM_DUPLICATES: RuleInfo = RuleInfo {
    code: "VAL057",
    name: "buckets-custom-duplicates",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{arg_name} custom rule bucket values should not contain duplicates",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 273),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 307),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 335),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 426),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 427),
    ],
    title: doc!("The 'custom' bucket values must not repeat"),
    explanation: doc!("Bucket boundaries must be distinct."),
    trigger: doc!("The same value twice."),
    solutions: doc_list!["Remove the repeated value."],
    flags: &["prompt_tokens_buckets", "generation_tokens_buckets"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["custom","100","100"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["custom","100","1000"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// The 'custom' bucket values must be non-negative
pub static BUCKETS_CUSTOM_NEGATIVE: RuleInfo = RuleInfo {
    code: "VAL058",
    name: "buckets-custom-negative",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "{arg_name} custom rule bucket values should be non-negative",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 276),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 310),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 338),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 429),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 430),
    ],
    title: doc!("The 'custom' bucket values must be non-negative"),
    explanation: doc!("Token counts cannot be negative."),
    trigger: doc!("A negative value."),
    solutions: doc_list!["Use values of 0 or more."],
    flags: &["prompt_tokens_buckets", "generation_tokens_buckets"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["custom","-1","100"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","prompt_tokens_buckets":["custom","100","1000"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// Priority scheduling needs --schedule-policy fcfs or lof
pub static PRIORITY_POLICY: RuleInfo = RuleInfo {
    code: "VAL059",
    name: "priority-scheduling-policy",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "To use priority scheduling, schedule_policy must be 'fcfs' or 'lof'. '{cfg.schedule_policy}' is not supported.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 143),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 173),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 199),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 281),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 282),
    ],
    title: doc!("Priority scheduling needs --schedule-policy fcfs or lof"),
    explanation: doc!(
        "With --enable-priority-scheduling only the fcfs and lof policies are supported."
    ),
    trigger: doc!("--enable-priority-scheduling with another --schedule-policy."),
    solutions: doc_list!["Use --schedule-policy fcfs (the default) or lof."],
    flags: &["enable_priority_scheduling", "schedule_policy"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_priority_scheduling":true,"schedule_policy":"lpm"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_priority_scheduling":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --retraction-policy priority needs --enable-priority-scheduling
pub static RETRACTION_PRIORITY: RuleInfo = RuleInfo {
    code: "VAL060",
    name: "retraction-priority-needs-priority",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--retraction-policy priority requires --enable-priority-scheduling",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 163),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 195),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 221),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 303),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 304),
    ],
    title: doc!("--retraction-policy priority needs --enable-priority-scheduling"),
    explanation: doc!("Retracting by priority needs request priorities."),
    trigger: doc!("--retraction-policy priority without --enable-priority-scheduling."),
    solutions: doc_list!["Add --enable-priority-scheduling."],
    flags: &["retraction_policy", "enable_priority_scheduling"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","retraction_policy":"priority"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","retraction_policy":"priority","enable_priority_scheduling":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --schedule-conservativeness must be non-negative
pub static SCHEDULE_CONSERVATIVENESS: RuleInfo = RuleInfo {
    code: "VAL061",
    name: "schedule-conservativeness-negative",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "schedule_conservativeness must be non-negative",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 173),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 205),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 231),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 313),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 314),
    ],
    title: doc!("--schedule-conservativeness must be non-negative"),
    explanation: doc!(
        "The conservativeness factor scales the admission estimate; it cannot be negative."
    ),
    trigger: doc!("--schedule-conservativeness below 0."),
    solutions: doc_list!["Use 0 or more (default 1.0)."],
    flags: &["schedule_conservativeness"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","schedule_conservativeness":-0.5}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --model-impl mindspore needs an Ascend NPU
pub static MINDSPORE_NPU: RuleInfo = RuleInfo {
    code: "VAL062",
    name: "mindspore-needs-npu",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "MindSpore model impl is only supported on Ascend npu.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 178),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 210),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 236),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 318),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 319),
    ],
    title: doc!("--model-impl mindspore needs an Ascend NPU"),
    explanation: doc!("The MindSpore model implementation runs only on Ascend NPUs."),
    trigger: doc!("--model-impl mindspore on a GPU."),
    solutions: doc_list!["Remove --model-impl mindspore."],
    flags: &["model_impl"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","model_impl":"mindspore"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --load-format instanttensor needs a CUDA-compatible device
pub static INSTANTTENSOR_DEVICE: RuleInfo = RuleInfo {
    code: "VAL063",
    name: "instanttensor-needs-cuda",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "InstantTensor requires a CUDA-compatible device (including CUDA and ROCm); got {cfg.device!r}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 324),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 325),
    ],
    title: doc!("--load-format instanttensor needs a CUDA-compatible device"),
    explanation: doc!("InstantTensor loads weights straight to CUDA (or ROCm) memory."),
    trigger: doc!("--load-format instanttensor with --device other than cuda."),
    solutions: doc_list!["Use another --load-format, or --device cuda."],
    flags: &["load_format", "device"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","load_format":"instanttensor","device":"cpu"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","load_format":"instanttensor"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Custom metric labels need --tokenizer-metrics-custom-labels-header
pub static METRICS_LABELS_HEADER: RuleInfo = RuleInfo {
    code: "VAL064",
    name: "metrics-labels-need-header",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Please set --tokenizer-metrics-custom-labels-header when setting --tokenizer-metrics-allowed-custom-labels.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 187),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 219),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 245),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 334),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 335),
    ],
    title: doc!("Custom metric labels need --tokenizer-metrics-custom-labels-header"),
    explanation: doc!(
        "The allowed custom labels are read from a request header, which must be named."
    ),
    trigger: doc!(
        "--tokenizer-metrics-allowed-custom-labels with an empty --tokenizer-metrics-custom-labels-header."
    ),
    solutions: doc_list![
        "Set --tokenizer-metrics-custom-labels-header (its default is x-custom-labels)."
    ],
    flags: &[
        "tokenizer_metrics_allowed_custom_labels",
        "tokenizer_metrics_custom_labels_header",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tokenizer_metrics_allowed_custom_labels":["team"],"tokenizer_metrics_custom_labels_header":""}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tokenizer_metrics_allowed_custom_labels":["team"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// --export-metrics-to-file needs --export-metrics-to-file-dir
pub static EXPORT_METRICS_DIR: RuleInfo = RuleInfo {
    code: "VAL065",
    name: "export-metrics-needs-dir",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--export-metrics-to-file-dir is required when --export-metrics-to-file is enabled",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 193),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 225),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 251),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 340),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 341),
    ],
    title: doc!("--export-metrics-to-file needs --export-metrics-to-file-dir"),
    explanation: doc!("Metrics are exported to files in that directory."),
    trigger: doc!("--export-metrics-to-file without --export-metrics-to-file-dir."),
    solutions: doc_list!["Add --export-metrics-to-file-dir DIR."],
    flags: &["export_metrics_to_file", "export_metrics_to_file_dir"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","export_metrics_to_file":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","export_metrics_to_file":true,"export_metrics_to_file_dir":"metrics"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Two-batch overlap without an EP all-to-all backend needs attention DP
pub static TBO_NEEDS_DP_ATTENTION: RuleInfo = RuleInfo {
    code: "VAL066",
    name: "two-batch-overlap-needs-attention-dp",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "When enabling two batch overlap without an EP a2a backend (moe_a2a_backend='none'), --enable-dp-attention is required (DeepSeek-V4 non-EP DP TBO path).",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "When enabling two batch overlap without an EP a2a backend (moe_a2a_backend='none'), attention DP (--attn-dp-size) is required (DeepSeek-V4 non-EP DP TBO path).",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 436),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 493),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 533),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 703),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 768),
    ],
    title: doc!("Two-batch overlap without an EP all-to-all backend needs attention DP"),
    explanation: doc!(
        "With --moe-a2a-backend none, two-batch overlap is only valid on the DP TP-MoE path, which overlaps the DP gathers with the other micro-batch's compute; that needs attention DP."
    ),
    trigger: doc!("--enable-two-batch-overlap with --moe-a2a-backend none and no attention DP."),
    solutions: doc_list![
        "Enable attention DP (--attn-dp-size, or --enable-dp-attention up to 0.5.21), or use an EP all-to-all backend (--moe-a2a-backend deepep).",
    ],
    flags: &[
        "enable_two_batch_overlap",
        "moe_a2a_backend",
        "enable_dp_attention",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"enable_two_batch_overlap":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":8,"enable_two_batch_overlap":true,"enable_dp_attention":true,"dp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-quant-communications needs --tp-size > 1
pub static QUANT_COMM_TP1: RuleInfo = RuleInfo {
    code: "VAL067",
    name: "quant-communications-tp1",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Communications quantization is only used with tp_size != 1",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 202),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 234),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 260),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 349),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 350),
    ],
    title: doc!("--enable-quant-communications needs --tp-size > 1"),
    explanation: doc!(
        "Communication quantization compresses tensor-parallel collectives; with one rank there are none."
    ),
    trigger: doc!("--enable-quant-communications with --tp-size 1."),
    solutions: doc_list!["Drop --enable-quant-communications."],
    flags: &["enable_quant_communications", "tp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_quant_communications":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-quant-communications is NPU-only
pub static QUANT_COMM_NPU: RuleInfo = RuleInfo {
    code: "VAL068",
    name: "quant-communications-npu",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Communications quantization is only supported for NPU device",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 205),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 237),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 263),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 352),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 353),
    ],
    title: doc!("--enable-quant-communications is NPU-only"),
    explanation: doc!("Communication quantization is implemented for Ascend NPUs only."),
    trigger: doc!("--enable-quant-communications with --tp-size > 1 on a GPU."),
    solutions: doc_list!["Drop --enable-quant-communications."],
    flags: &["enable_quant_communications"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_quant_communications":true,"tp_size":2}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// --sampling-backend intel_xpu needs --device xpu
pub static INTEL_XPU_SAMPLING: RuleInfo = RuleInfo {
    code: "VAL069",
    name: "intel-xpu-sampling-needs-xpu",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "--sampling-backend intel_xpu requires --device xpu, got --device {device}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 392),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 483),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 484),
    ],
    title: doc!("--sampling-backend intel_xpu needs --device xpu"),
    explanation: doc!("The intel_xpu sampling kernels are bound only on Intel XPUs."),
    trigger: doc!("--sampling-backend intel_xpu on another device."),
    solutions: doc_list!["Use --sampling-backend flashinfer or pytorch."],
    flags: &["sampling_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sampling_backend":"intel_xpu"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sampling_backend":"pytorch"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --grpc-port must differ from --port
pub static GRPC_PORT: RuleInfo = RuleInfo {
    code: "VAL070",
    name: "grpc-port-equals-port",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--grpc-port ({cfg.grpc_port}) must differ from --port ({cfg.port})",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 210),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 242),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 270),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 359),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 360),
    ],
    title: doc!("--grpc-port must differ from --port"),
    explanation: doc!("The gRPC and HTTP servers cannot bind the same port."),
    trigger: doc!("--grpc-port equal to --port (HTTP mode)."),
    solutions: doc_list!["Give --grpc-port another port."],
    flags: &["grpc_port", "port"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":30000}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","grpc_port":30001}"#,
    ))),
    ..RuleInfo::BASE
};

/// --gc-threshold takes 1 to 3 integers
pub static GC_THRESHOLD: RuleInfo = RuleInfo {
    code: "VAL071",
    name: "gc-threshold-length",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "When setting gc_threshold, it must contain 1 to 3 integers.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 220),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 252),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 280),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 369),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 370),
    ],
    title: doc!("--gc-threshold takes 1 to 3 integers"),
    explanation: doc!("The values are passed to Python's gc.set_threshold."),
    trigger: doc!("--gc-threshold with more than 3 values."),
    solutions: doc_list!["Give 1 to 3 integers."],
    flags: &["gc_threshold"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","gc_threshold":[700,10,10,5]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","gc_threshold":[700,10,10]}"#,
    ))),
    ..RuleInfo::BASE
};

/// --kv-canary-sweep-interval needs --kv-canary log or raise
pub static KV_CANARY_SWEEP: RuleInfo = RuleInfo {
    code: "VAL072",
    name: "kv-canary-sweep-needs-canary",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--kv-canary-sweep-interval requires --kv-canary in {log, raise}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 225),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 257),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 285),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 374),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 375),
    ],
    title: doc!("--kv-canary-sweep-interval needs --kv-canary log or raise"),
    explanation: doc!("The sweep checks KV canaries, which --kv-canary none does not write."),
    trigger: doc!("--kv-canary-sweep-interval > 0 with --kv-canary none."),
    solutions: doc_list!["Add --kv-canary log (or raise), or drop the sweep interval."],
    flags: &["kv_canary_sweep_interval", "kv_canary"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","kv_canary_sweep_interval":10}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","kv_canary_sweep_interval":10,"kv_canary":"log"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --load-publish-endpoint needs --kv-events-config
pub static LOAD_PUBLISH_NEEDS_KV_EVENTS: RuleInfo = RuleInfo {
    code: "VAL090",
    name: "load-publish-needs-kv-events",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--load-publish-endpoint requires --kv-events-config: routers discover the load range through /server_info's kv_events block, absent without a publisher.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 299),
        (VersionRange::only(SglangVersion::V0_5_20), HOOK, 333),
        (VersionRange::only(SglangVersion::V0_5_21), HOOK, 361),
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 452),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 453),
    ],
    title: doc!("--load-publish-endpoint needs --kv-events-config"),
    explanation: doc!(
        "Routers discover the load range through /server_info's kv_events block, which exists only with a KV-events publisher."
    ),
    trigger: doc!("--load-publish-endpoint (not off) without --kv-events-config."),
    solutions: doc_list!["Add --kv-events-config, or drop --load-publish-endpoint."],
    flags: &["load_publish_endpoint", "kv_events_config"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","load_publish_endpoint":"auto"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-watermark needs --device cuda
pub static WM_DEVICE: RuleInfo = RuleInfo {
    code: "VAL074",
    name: "watermark-needs-cuda",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-watermark requires --device cuda, got {cfg.device!r}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 42),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 43),
    ],
    title: doc!("--enable-watermark needs --device cuda"),
    explanation: doc!("The watermarking sampler runs on CUDA devices only."),
    trigger: doc!("--enable-watermark with another --device."),
    solutions: doc_list!["Use --device cuda."],
    flags: &["enable_watermark", "device"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_watermark":true,"device":"cpu"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_watermark":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-watermark cannot be used with --enable-custom-logit-processor
pub static WM_CUSTOM_LOGIT: RuleInfo = RuleInfo {
    code: "VAL081",
    name: "watermark-with-custom-logit-processor",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-watermark is incompatible with --enable-custom-logit-processor",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 74),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 75),
    ],
    title: doc!("--enable-watermark cannot be used with --enable-custom-logit-processor"),
    explanation: doc!("A custom logit processor could undo the watermark bias."),
    trigger: doc!("Both flags."),
    solutions: doc_list!["Drop one of them."],
    flags: &["enable_watermark", "enable_custom_logit_processor"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_watermark":true,"enable_custom_logit_processor":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_watermark":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-watermark is not supported with PD disaggregation
pub static WM_PD: RuleInfo = RuleInfo {
    code: "VAL084",
    name: "watermark-with-pd",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-watermark is not supported with PD disaggregation",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 88),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 89),
    ],
    title: doc!("--enable-watermark is not supported with PD disaggregation"),
    explanation: doc!("The watermark state is not carried between prefill and decode servers."),
    trigger: doc!("--enable-watermark with --disaggregation-mode prefill/decode."),
    solutions: doc_list!["Drop --enable-watermark on PD servers."],
    flags: &["enable_watermark", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_watermark":true,"disaggregation_mode":"prefill"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_watermark":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-watermark is not supported with pipeline-parallel speculative decoding
pub static WM_PP_SPEC: RuleInfo = RuleInfo {
    code: "VAL086",
    name: "watermark-pp-speculative",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-watermark is not supported with pipeline-parallel speculative decoding",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 95),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 96),
    ],
    title: doc!("--enable-watermark is not supported with pipeline-parallel speculative decoding"),
    explanation: doc!("The watermark is not applied across pipeline stages of a speculative step."),
    trigger: doc!("--enable-watermark, --pp-size > 1 and a speculative algorithm."),
    solutions: doc_list!["Use --pp-size 1 or drop speculation."],
    flags: &["enable_watermark", "pp_size", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":4,"pp_size":2,"speculative_algorithm":"EAGLE","enable_watermark":true,"env":{"SGLANG_ENABLE_PP_SPEC":"1"}}"#,
        r#"{"gpu":"H100","arch":"DeepseekV3ForCausalLM","tp_size":4,"pp_size":2,"speculative_algorithm":"EAGLE","env":{"SGLANG_ENABLE_PP_SPEC":"1"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-watermark cannot be used with --speculative-use-rejection-sampling
pub static WM_REJECTION_SAMPLING: RuleInfo = RuleInfo {
    code: "VAL087",
    name: "watermark-rejection-sampling",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-watermark is incompatible with --speculative-use-rejection-sampling",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 100),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 101),
    ],
    title: doc!("--enable-watermark cannot be used with --speculative-use-rejection-sampling"),
    explanation: doc!("Rejection sampling changes the token distribution the watermark biases."),
    trigger: doc!("Both flags."),
    solutions: doc_list!["Drop --speculative-use-rejection-sampling."],
    flags: &["enable_watermark", "speculative_use_rejection_sampling"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_watermark":true,"speculative_algorithm":"NGRAM","speculative_use_rejection_sampling":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_watermark":true,"speculative_algorithm":"NGRAM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --enable-watermark is not supported with SGLANG_RUST_SERVER
pub static WM_RUST_SERVER: RuleInfo = RuleInfo {
    code: "VAL088",
    name: "watermark-rust-server",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--enable-watermark is not supported with SGLANG_RUST_SERVER",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_22), HOOK, 105),
        (VersionRange::only(SglangVersion::V0_5_23), HOOK, 106),
    ],
    title: doc!("--enable-watermark is not supported with SGLANG_RUST_SERVER"),
    explanation: doc!("The Rust server front end does not carry the watermark settings."),
    trigger: doc!("--enable-watermark with SGLANG_RUST_SERVER set true."),
    solutions: doc_list!["Unset SGLANG_RUST_SERVER."],
    flags: &["enable_watermark", "env.SGLANG_RUST_SERVER"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_watermark":true,"env":{"SGLANG_RUST_SERVER":"1"}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_watermark":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &PREFILL_DECODE_INTERVAL,
    &PREFILL_DECODE_INTERVAL_MIN_BS,
    &RESPONSE_STORE_PD,
    &SAMPLING_MASK_ENV,
    &SAMPLING_MASK_POSITIVE,
    &AUX_LAYER_IDS_WITHOUT_FLAG,
    &AUX_NEEDS_METHOD,
    &AUX_NO_DRAFT,
    &AUX_PP,
    &AUX_LAYER_IDS_REQUIRED,
    &AUX_LAYER_IDS_EMPTY,
    &AUX_LAYER_IDS_NEGATIVE,
    &AUX_LAYER_IDS_REPEAT,
    &NNODES_DIVISIBLE,
    &NNODES_ZERO,
    &PP_MICRO_BATCH,
    &PADDING_TORCH_COMPILE,
    &PP_SPEC_LEGACY,
    &PP_SPEC_EAGLE_ONLY,
    &PP_SPEC_PREFILL_ONLY,
    &PP_SPEC_ENV_DISAGG,
    &PP_SPEC_ENV_ADAPTIVE,
    &PP_SPEC_ENV_DP_ATTENTION,
    &PP_MIN_FREE_SLOTS,
    &MULTINODE_DP,
    &BASE_GPU_ID,
    &GPU_ID_STEP,
    &MOE_DENSE_TP,
    &SERVED_NAME_COLON,
    &PDMUX_PP,
    &PDMUX_CHUNKED,
    &PDMUX_DISAGG,
    &PDMUX_OVERLAP,
    &TOKENIZER_WORKERS,
    &DETOKENIZER_WORKERS,
    &MM_PROCESSOR_WORKERS,
    &MM_IO_WORKERS,
    &BUCKETS_RULE_TYPE,
    &BUCKETS_TSE_ARITY,
    &BUCKETS_TSE_PARAMS,
    &BUCKETS_TSE_BASE,
    &BUCKETS_TSE_COUNT,
    &BUCKETS_TSE_MIDDLE,
    &BUCKETS_DEFAULT_ARITY,
    &BUCKETS_CUSTOM_EMPTY,
    &BUCKETS_CUSTOM_NUMERIC,
    &BUCKETS_CUSTOM_DUPLICATES,
    &BUCKETS_CUSTOM_NEGATIVE,
    &PRIORITY_POLICY,
    &RETRACTION_PRIORITY,
    &SCHEDULE_CONSERVATIVENESS,
    &MINDSPORE_NPU,
    &INSTANTTENSOR_DEVICE,
    &METRICS_LABELS_HEADER,
    &EXPORT_METRICS_DIR,
    &TBO_NEEDS_DP_ATTENTION,
    &QUANT_COMM_TP1,
    &QUANT_COMM_NPU,
    &INTEL_XPU_SAMPLING,
    &GRPC_PORT,
    &GC_THRESHOLD,
    &KV_CANARY_SWEEP,
    &LOAD_PUBLISH_NEEDS_KV_EVENTS,
    &WM_DEVICE,
    &WM_CUSTOM_LOGIT,
    &WM_PD,
    &WM_PP_SPEC,
    &WM_REJECTION_SAMPLING,
    &WM_RUST_SERVER,
];

/// Checks of `validation_hook.py` deliberately not modelled.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: HOOK,
        function: "check_pipeline_parallel_compat",
        message: "Pipeline parallelism is not compatible with overlap schedule",
        reason: "Unreachable: the post-process pass _pipeline_parallel_overlap_disable (overrides.py) declares disable_overlap_schedule=True for every --pp-size > 1 before check_server_args runs.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_server_args",
        message: "Pipeline parallelism is not compatible with overlap schedule",
        reason: "0.5.20's Ascend NPU branch of the pipeline-parallel check (get_platform().is_npu); NPUs are not in the hardware catalogue (the GPU branch is VAL023).",
    },
    Unmodelled {
        file: HOOK,
        function: "check_server_args",
        message: "Pipeline parallelism currently only supports EAGLE",
        reason: "0.5.20's Ascend NPU branch of the pipeline-parallel check; NPUs are not in the hardware catalogue.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_server_args",
        message: "NPU PP + speculative decoding",
        reason: "0.5.20's Ascend NPU branch of the pipeline-parallel check; NPUs are not in the hardware catalogue.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_pipeline_parallel_compat",
        message: "DSPARK",
        reason: "DSPARK needs a draft checkpoint (--speculative-draft-model-path), which Preflight does not read; without PD prefill _handle_dspark (speculative_hook.py) refuses pipeline parallelism first.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_server_args",
        message: "enable_mixed_chunk is not supported with",
        reason: "Not reached by the modelled launches: the speculative hook (speculative_hook.py:596-600@0.5.23) already declares enable_mixed_chunk=False for the algorithms that do not support it (NGRAM); the others need a draft checkpoint.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_server_args",
        message: "chunked_prefill_size must be divisible by page_size",
        reason: "chunked_prefill_size is resolved from the GPU memory (handle_gpu_memory_settings) and rewritten by model, attention-DP and CP hooks that Preflight does not port; the check needs that final value.",
    },
    Unmodelled {
        file: HOOK,
        function: "validate_buckets_rule",
        message: "cannot be empty list",
        reason: "Unreachable: validate_buckets_rule returns early on an empty list.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_load_publish_args",
        message: "",
        reason: "Parsing --kv-events-config (KVEventsConfig.from_cli) and resolving the load-publish range (resolve_load_pub_range: endpoints and free ports of the machine) are not modelled; the first check (no --kv-events-config) is VAL090.",
    },
    Unmodelled {
        file: HOOK,
        function: "validate_ib_devices",
        message: "",
        reason: "Reads the machine's InfiniBand devices (/sys/class/infiniband).",
    },
    Unmodelled {
        file: HOOK,
        function: "validate_ib_devices.<locals>._normalize_device_group",
        message: "",
        reason: "Compares the given IB devices with the machine's (/sys/class/infiniband).",
    },
    Unmodelled {
        file: HOOK,
        function: "validate_mps_model_config",
        message: "",
        reason: "Apple MPS (Torch on macOS) is not in the hardware catalogue.",
    },
    Unmodelled {
        file: HOOK,
        function: "validate_standard_mps_server_args",
        message: "",
        reason: "Apple MPS (Torch on macOS) is not in the hardware catalogue.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_watermark_server_args",
        message: "watermark ",
        reason: "The watermark key, key_b, context window and probabilities are not command-line flags: handle_watermark_config (serving_hook.py) declares them from the --watermark-config file, which is on the user's machine.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_watermark_server_args",
        message: "--watermark-config requires",
        reason: "handle_watermark_config (serving_hook.py) reads the watermark config file during resolution first; the file is on the user's machine.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_watermark_server_args",
        message: "does not support custom sampling backends",
        reason: "Custom sampling backends are plugins registered at run time; the CLI's choices refuse any other name first.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_watermark_server_args",
        message: "diffusion LLM",
        reason: "--dllm-algorithm needs a diffusion checkpoint (dllm/config.py refuses other models during resolution); diffusion LLMs are not modelled.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_watermark_server_args",
        message: "supports speculative algorithms",
        reason: "The algorithms it refuses (DFLASH, DSPARK, STANDALONE) need a draft checkpoint, which Preflight does not read.",
    },
];
