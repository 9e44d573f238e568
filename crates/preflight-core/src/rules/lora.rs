//! LoRA (`arg_groups/lora_hook.py`): `check_lora_server_args`, with
//! `check_lora_speculative_compatibility` and (0.5.23) `_check_v2_lora_modes` and
//! `check_lora_moe_runner_args`. SGLang runs them inside `check_server_args` at start-up
//! (`validation_hook.py:222@0.5.23`, `:221@0.5.22`, `:139@0.5.21`, `:113@0.5.20`, `:83@0.5.19`).
//! The logic is in `pipeline/lora.rs`.

use super::{RuleInfo, Unmodelled};
use crate::report::{Severity, Stage};
use crate::version::{SglangVersion, VersionRange};

const HOOK: &str = "python/sglang/srt/arg_groups/lora_hook.py";

/// The triton_v2 LoRA backend / LoRA MoE runners do not support this mode yet
pub static V2_MODES: RuleInfo = RuleInfo {
    code: "LORA001",
    name: "lora-v2-unsupported-mode",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::V23,
    messages: &[(VersionRange::V23, "{option} does not yet support {mode}")],
    sources: &[(VersionRange::V23, HOOK, 30)],
    title: doc!("The triton_v2 LoRA backend / LoRA MoE runners do not support this mode yet"),
    explanation: doc!(
        "SGLang 0.5.23's V2 LoRA path (--lora-backend triton_v2, and the lora_* MoE runners that require it) refuses DP attention (--attn-dp-size > 1), PD-multiplexing, two-batch overlap, SGLANG_EXPERIMENTAL_LORA_OPTI and ROCm: they reach the legacy kv_b correction kernels with V2 batch metadata."
    ),
    trigger: doc!(
        "LoRA enabled with --lora-backend triton_v2 (or a lora_* --moe-runner-backend) and attention DP > 1, --enable-pdmux, --enable-two-batch-overlap, SGLANG_EXPERIMENTAL_LORA_OPTI=1 or an AMD GPU."
    ),
    solutions: doc_list![
        "Use another --lora-backend (csgmv, the default, or triton).",
        "Turn the listed mode off."
    ],
    flags: &[
        "lora_backend",
        "enable_two_batch_overlap",
        "enable_pdmux",
        "attn_dp_size",
        "moe_runner_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"lora_backend":"triton_v2","enable_two_batch_overlap":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"lora_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --max-loras-per-batch must be positive
pub static MAX_LORAS_POSITIVE: RuleInfo = RuleInfo {
    code: "LORA002",
    name: "lora-max-loras-per-batch-positive",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "max_loras_per_batch must be positive")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 22),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            HOOK,
            22,
        ),
        (VersionRange::V23, HOOK, 36),
    ],
    title: doc!("--max-loras-per-batch must be positive"),
    explanation: doc!(
        "SGLang checks --max-loras-per-batch at start-up whether or not LoRA is enabled: a batch must be able to hold at least one adapter slot (the base model counts as one)."
    ),
    trigger: doc!("--max-loras-per-batch 0 or below."),
    solutions: doc_list!["Remove --max-loras-per-batch (default 8) or give 1 or more."],
    flags: &["max_loras_per_batch"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","max_loras_per_batch":0}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","max_loras_per_batch":1}"#,
    ))),
    ..RuleInfo::BASE
};

/// LoRA overlap loading needs --max-loaded-loras at most twice --max-loras-per-batch
pub static OVERLAP_LOADING_LIMIT: RuleInfo = RuleInfo {
    code: "LORA003",
    name: "lora-overlap-loading-max-loaded",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "Enabling LoRA overlap loading requires pinning LoRA adapter weights in CPU memory, so --max-loaded-loras must be less than or equal to double --max-loras-per-batch: {max_loaded_loras_limit}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 47),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            HOOK,
            45,
        ),
        (VersionRange::V23, HOOK, 64),
    ],
    title: doc!(
        "LoRA overlap loading needs --max-loaded-loras at most twice --max-loras-per-batch"
    ),
    explanation: doc!(
        "With --enable-lora-overlap-loading, adapter weights are pinned in CPU memory, so SGLang requires an explicit --max-loaded-loras no larger than 2 × --max-loras-per-batch."
    ),
    trigger: doc!(
        "LoRA enabled, --enable-lora-overlap-loading, and --max-loaded-loras unset or above twice --max-loras-per-batch."
    ),
    solutions: doc_list![
        "Set --max-loaded-loras to at most twice --max-loras-per-batch.",
        "Drop --enable-lora-overlap-loading."
    ],
    flags: &[
        "enable_lora_overlap_loading",
        "max_loaded_loras",
        "max_loras_per_batch",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"enable_lora_overlap_loading":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"enable_lora_overlap_loading":true,"max_loaded_loras":16}"#,
    ))),
    ..RuleInfo::BASE
};

/// 'all' in --lora-target-modules must stand alone
pub static TARGET_ALL_ALONE: RuleInfo = RuleInfo {
    code: "LORA004",
    name: "lora-target-modules-all-alone",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "If 'all' is specified in --lora-target-modules, it should be the only module specified.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 132),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            HOOK,
            128,
        ),
        (VersionRange::V23, HOOK, 147),
    ],
    title: doc!("'all' in --lora-target-modules must stand alone"),
    explanation: doc!(
        "'all' already targets every supported module; SGLang refuses it together with named modules."
    ),
    trigger: doc!("LoRA enabled and --lora-target-modules naming 'all' and another module."),
    solutions: doc_list!["Give either 'all' or a list of modules."],
    flags: &["lora_target_modules"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["all","q_proj"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["all"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// LoRA without adapters needs --max-lora-rank and --lora-target-modules
pub static NEEDS_SHAPES: RuleInfo = RuleInfo {
    code: "LORA005",
    name: "lora-needs-paths-or-rank-and-modules",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "When no initial --lora-paths is provided, you need to specify both --max-lora-rank and --lora-target-modules for LoRA initialization.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 137),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            HOOK,
            133,
        ),
        (VersionRange::V23, HOOK, 152),
    ],
    title: doc!("LoRA without adapters needs --max-lora-rank and --lora-target-modules"),
    explanation: doc!(
        "SGLang sizes the LoRA memory pool at start-up from the adapters in --lora-paths; with none to infer from (adapters loaded later through the API), it needs the maximum rank and the target modules given explicitly."
    ),
    trigger: doc!(
        "--enable-lora without --lora-paths, and --max-lora-rank or --lora-target-modules missing (or 0 / empty)."
    ),
    solutions: doc_list![
        "Give --lora-paths with the adapters to load at start-up.",
        "Give both --max-lora-rank and --lora-target-modules."
    ],
    flags: &[
        "lora_paths",
        "max_lora_rank",
        "lora_target_modules",
        "enable_lora",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// --max-loaded-loras must be at least --max-loras-per-batch
pub static MAX_LOADED_GE_BATCH: RuleInfo = RuleInfo {
    code: "LORA006",
    name: "lora-max-loaded-below-per-batch",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "max_loaded_loras should be greater than or equal to max_loras_per_batch. max_loaded_loras={cfg.max_loaded_loras}, max_loras_per_batch={cfg.max_loras_per_batch}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 143),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            HOOK,
            139,
        ),
        (VersionRange::V23, HOOK, 158),
    ],
    title: doc!("--max-loaded-loras must be at least --max-loras-per-batch"),
    explanation: doc!(
        "Every adapter of a running batch must be loaded in CPU memory, so the CPU-side limit cannot be smaller than the per-batch one (default 8)."
    ),
    trigger: doc!("LoRA enabled and --max-loaded-loras below --max-loras-per-batch."),
    solutions: doc_list!["Raise --max-loaded-loras or lower --max-loras-per-batch."],
    flags: &["max_loaded_loras", "max_loras_per_batch"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"max_loaded_loras":4}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"max_loaded_loras":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// More --lora-paths than --max-loaded-loras
pub static PATHS_LE_MAX_LOADED: RuleInfo = RuleInfo {
    code: "LORA007",
    name: "lora-paths-exceed-max-loaded",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "The number of LoRA paths should not exceed max_loaded_loras. max_loaded_loras={cfg.max_loaded_loras}, lora_paths={len(cfg.lora_paths)}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 147),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            HOOK,
            143,
        ),
        (VersionRange::V23, HOOK, 162),
    ],
    title: doc!("More --lora-paths than --max-loaded-loras"),
    explanation: doc!(
        "Every adapter given at start-up is loaded into CPU memory, so there cannot be more of them than --max-loaded-loras allows."
    ),
    trigger: doc!("LoRA enabled and more --lora-paths entries than --max-loaded-loras."),
    solutions: doc_list!["Raise --max-loaded-loras, or load fewer adapters at start-up."],
    flags: &["max_loaded_loras", "lora_paths", "max_loras_per_batch"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","lora_paths":["a=/adapters/a","b=/adapters/b"],"max_loaded_loras":1,"max_loras_per_batch":1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","lora_paths":["a=/adapters/a","b=/adapters/b"],"max_loaded_loras":2,"max_loras_per_batch":1}"#,
    ))),
    ..RuleInfo::BASE
};

/// --lora-drain-wait-threshold must be non-negative
pub static DRAIN_NONNEG: RuleInfo = RuleInfo {
    code: "LORA008",
    name: "lora-drain-wait-threshold-negative",
    stage: Stage::Startup,
    exception: Some("AssertionError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--lora-drain-wait-threshold must be non-negative.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 161),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            HOOK,
            157,
        ),
        (VersionRange::V23, HOOK, 176),
    ],
    title: doc!("--lora-drain-wait-threshold must be non-negative"),
    explanation: doc!(
        "The drain threshold is a waiting time in seconds (0 turns draining off); SGLang refuses a negative value (and NaN)."
    ),
    trigger: doc!("LoRA enabled and --lora-drain-wait-threshold below 0 (or nan)."),
    solutions: doc_list!["Give 0 (off) or a positive number of seconds."],
    flags: &["lora_drain_wait_threshold"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"lora_drain_wait_threshold":-1}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"lora_drain_wait_threshold":0.5}"#,
    ))),
    ..RuleInfo::BASE
};

/// LoRA works only with NGRAM, EAGLE/NEXTN, EAGLE3, DFLASH or DSPARK
pub static SPEC_ALGORITHM: RuleInfo = RuleInfo {
    code: "LORA009",
    name: "lora-speculative-algorithm",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "LoRA is only compatible with NGRAM, EAGLE, NEXTN, EAGLE3, DFLASH, or DSPARK speculative decoding, not {cfg.speculative_algorithm + promoted}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 186),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            HOOK,
            182,
        ),
        (VersionRange::V23, HOOK, 260),
    ],
    title: doc!("LoRA works only with NGRAM, EAGLE/NEXTN, EAGLE3, DFLASH or DSPARK"),
    explanation: doc!(
        "The LoRA segment layout assumes a uniform per-request token width during verification, which only these algorithms give; STANDALONE, FROZEN_KV_MTP (and UNO, refused earlier) are refused with LoRA."
    ),
    trigger: doc!(
        "LoRA enabled and a speculative algorithm other than NGRAM, EAGLE, NEXTN, EAGLE3, DFLASH or DSPARK."
    ),
    solutions: doc_list![
        "Use one of the supported algorithms, or no speculative decoding.",
        "Serve without LoRA."
    ],
    flags: &["speculative_algorithm", "enable_lora"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"speculative_algorithm":"STANDALONE","speculative_draft_model_path":"/models/draft"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// LoRA with speculative decoding refuses this combination
pub static SPEC_REASON: RuleInfo = RuleInfo {
    code: "LORA010",
    name: "lora-speculative-unsupported-combination",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "LoRA with EAGLE/NEXTN/EAGLE3 speculative decoding {reason}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 225),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            HOOK,
            221,
        ),
        (VersionRange::V23, HOOK, 299),
    ],
    title: doc!("LoRA with speculative decoding refuses this combination"),
    explanation: doc!(
        "With LoRA and EAGLE-family, DFLASH or DSPARK speculation SGLang refuses: DSPARK with a ragged verify mode (SGLANG_RAGGED_VERIFY_MODE other than static), --speculative-adaptive, the experimental_sgl_trtllm MoE runner (target or draft) and SGLANG_ENABLE_OVERLAP_PLAN_STREAM=1."
    ),
    trigger: doc!(
        "LoRA enabled, a supported speculative algorithm, and one of the listed settings."
    ),
    solutions: doc_list![
        "Drop the listed setting.",
        "Serve without LoRA or without speculative decoding."
    ],
    flags: &[
        "speculative_adaptive",
        "moe_runner_backend",
        "speculative_moe_runner_backend",
        "env.SGLANG_RAGGED_VERIFY_MODE",
        "env.SGLANG_ENABLE_OVERLAP_PLAN_STREAM",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"speculative_algorithm":"EAGLE3","speculative_draft_model_path":"/models/draft","speculative_adaptive":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"speculative_algorithm":"EAGLE3","speculative_draft_model_path":"/models/draft"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The draft cannot use a LoRA MoE runner
pub static SPEC_MOE_RUNNER: RuleInfo = RuleInfo {
    code: "LORA011",
    name: "lora-moe-runner-draft",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::V23,
    messages: &[(
        VersionRange::V23,
        "--speculative-moe-runner-backend {cfg.speculative_moe_runner_backend} is not supported: the LoRA MoE runner serves adapter traffic on the target model",
    )],
    sources: &[(VersionRange::V23, HOOK, 192)],
    title: doc!("The draft cannot use a LoRA MoE runner"),
    explanation: doc!(
        "Draft models carry no LoRA adapters, so SGLang 0.5.23 refuses a lora_* --speculative-moe-runner-backend (with LoRA or without)."
    ),
    trigger: doc!(
        "Speculative decoding and --speculative-moe-runner-backend lora_cutedsl / lora_triton / lora_marlin."
    ),
    solutions: doc_list![
        "Remove --speculative-moe-runner-backend (a lora_* target runner defaults the draft to auto)."
    ],
    flags: &["speculative_moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM","speculative_moe_runner_backend":"lora_triton"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// A LoRA MoE runner needs LoRA enabled
pub static MOE_RUNNER_NEEDS_LORA: RuleInfo = RuleInfo {
    code: "LORA012",
    name: "lora-moe-runner-needs-lora",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::V23,
    messages: &[(
        VersionRange::V23,
        "--moe-runner-backend {backend} requires --enable-lora (or --lora-paths)",
    )],
    sources: &[(VersionRange::V23, HOOK, 201)],
    title: doc!("A LoRA MoE runner needs LoRA enabled"),
    explanation: doc!(
        "The lora_* MoE runners (0.5.23) serve adapter traffic; SGLang refuses them when LoRA is not enabled."
    ),
    trigger: doc!(
        "--moe-runner-backend lora_cutedsl / lora_triton / lora_marlin without --enable-lora or --lora-paths."
    ),
    solutions: doc_list![
        "Enable LoRA (--enable-lora or --lora-paths), or use another --moe-runner-backend."
    ],
    flags: &["moe_runner_backend", "enable_lora"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"lora_triton"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// A LoRA MoE runner needs --lora-backend triton_v2
pub static MOE_RUNNER_NEEDS_V2: RuleInfo = RuleInfo {
    code: "LORA013",
    name: "lora-moe-runner-needs-triton-v2",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::V23,
    messages: &[(
        VersionRange::V23,
        "--moe-runner-backend {backend} requires --lora-backend triton_v2",
    )],
    sources: &[(VersionRange::V23, HOOK, 205)],
    title: doc!("A LoRA MoE runner needs --lora-backend triton_v2"),
    explanation: doc!("The lora_* MoE runners work with the V2 LoRA batch layout only."),
    trigger: doc!(
        "A lora_* --moe-runner-backend with LoRA enabled and --lora-backend other than triton_v2 (the default is csgmv)."
    ),
    solutions: doc_list![
        "Add --lora-backend triton_v2.",
        "Use another --moe-runner-backend."
    ],
    flags: &["lora_backend", "moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"moe_runner_backend":"lora_triton"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"moe_runner_backend":"lora_triton","lora_backend":"triton_v2"}"#,
    ))),
    ..RuleInfo::BASE
};

/// A LoRA MoE runner supports BF16, FP8 and ModelOpt NVFP4 only
pub static MOE_RUNNER_QUANT: RuleInfo = RuleInfo {
    code: "LORA014",
    name: "lora-moe-runner-quantization",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::V23,
    messages: &[(
        VersionRange::V23,
        "--moe-runner-backend {backend} supports unquantized BF16, 128-block FP8 and ModelOpt NVFP4 MoE, got --quantization {cfg.quantization}",
    )],
    sources: &[(VersionRange::V23, HOOK, 211)],
    title: doc!("A LoRA MoE runner supports BF16, FP8 and ModelOpt NVFP4 only"),
    explanation: doc!(
        "The lora_* MoE runners attach adapters to unquantized, 128-block FP8 or ModelOpt NVFP4 expert weights; SGLang refuses any other --quantization."
    ),
    trigger: doc!(
        "A lora_* --moe-runner-backend and --quantization other than fp8 or modelopt_fp4."
    ),
    solutions: doc_list![
        "Drop --quantization, or use fp8 / modelopt_fp4.",
        "Use another --moe-runner-backend."
    ],
    flags: &["quantization", "moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"moe_runner_backend":"lora_triton","lora_backend":"triton_v2","quantization":"w8a8_int8"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"moe_runner_backend":"lora_triton","lora_backend":"triton_v2"}"#,
    ))),
    ..RuleInfo::BASE
};

/// ModelOpt NVFP4 MoE with LoRA needs lora_marlin
pub static MOE_RUNNER_NVFP4: RuleInfo = RuleInfo {
    code: "LORA015",
    name: "lora-moe-runner-nvfp4-marlin",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::V23,
    messages: &[(
        VersionRange::V23,
        "--moe-runner-backend {backend} cannot run ModelOpt NVFP4 MoE; use --moe-runner-backend lora_marlin",
    )],
    sources: &[(VersionRange::V23, HOOK, 216)],
    title: doc!("ModelOpt NVFP4 MoE with LoRA needs lora_marlin"),
    explanation: doc!("Of the lora_* MoE runners only lora_marlin runs ModelOpt NVFP4 experts."),
    trigger: doc!(
        "--quantization modelopt_fp4 with --moe-runner-backend lora_triton or lora_cutedsl."
    ),
    solutions: doc_list!["Use --moe-runner-backend lora_marlin."],
    flags: &["moe_runner_backend", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"moe_runner_backend":"lora_triton","lora_backend":"triton_v2","quantization":"modelopt_fp4"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"moe_runner_backend":"lora_marlin","lora_backend":"triton_v2","quantization":"modelopt_fp4"}"#,
    ))),
    ..RuleInfo::BASE
};

/// A LoRA MoE runner needs standard MoE dispatch
pub static MOE_RUNNER_A2A: RuleInfo = RuleInfo {
    code: "LORA016",
    name: "lora-moe-runner-standard-dispatch",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::V23,
    messages: &[(
        VersionRange::V23,
        "--moe-runner-backend {cfg.moe_runner_backend} requires Standard dispatch, got --moe-a2a-backend {cfg.moe_a2a_backend}",
    )],
    sources: &[(VersionRange::V23, HOOK, 221)],
    title: doc!("A LoRA MoE runner needs standard MoE dispatch"),
    explanation: doc!(
        "The lora_* MoE runners do not work with an all-to-all backend (DeepEP, MoRI, ...)."
    ),
    trigger: doc!("A lora_* --moe-runner-backend with --moe-a2a-backend other than none."),
    solutions: doc_list!["Drop --moe-a2a-backend."],
    flags: &["moe_a2a_backend", "moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"moe_runner_backend":"lora_triton","lora_backend":"triton_v2","moe_a2a_backend":"deepep","tp_size":8,"ep_size":8}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"moe_runner_backend":"lora_triton","lora_backend":"triton_v2","tp_size":8,"ep_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// A LoRA MoE runner needs trivial expert placement
pub static MOE_RUNNER_EPLB: RuleInfo = RuleInfo {
    code: "LORA018",
    name: "lora-moe-runner-trivial-placement",
    stage: Stage::Startup,
    exception: Some("ValueError"),
    versions: VersionRange::V23,
    messages: &[(
        VersionRange::V23,
        "--moe-runner-backend {backend} currently requires trivial expert placement without EPLB or redundant experts",
    )],
    sources: &[(VersionRange::V23, HOOK, 234)],
    title: doc!("A LoRA MoE runner needs trivial expert placement"),
    explanation: doc!(
        "Adapters are attached per expert, so SGLang 0.5.23 refuses EPLB, a non-trivial --init-expert-location and redundant experts with the lora_* MoE runners."
    ),
    trigger: doc!(
        "A lora_* --moe-runner-backend with --enable-eplb, --init-expert-location other than trivial, or --ep-num-redundant-experts above 0."
    ),
    solutions: doc_list![
        "Drop --enable-eplb / --init-expert-location / --ep-num-redundant-experts."
    ],
    flags: &[
        "enable_eplb",
        "init_expert_location",
        "ep_num_redundant_experts",
        "moe_runner_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"moe_runner_backend":"lora_triton","lora_backend":"triton_v2","init_expert_location":"expert_location.json"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["q_proj","v_proj"],"moe_runner_backend":"lora_triton","lora_backend":"triton_v2"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --lora-paths turns LoRA on
pub static ENABLED_BY_PATHS: RuleInfo = RuleInfo {
    code: "LORA100",
    name: "lora-enabled-by-paths",
    severity: Severity::Warning,
    stage: Stage::Startup,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--enable-lora is set to True because --lora-paths is provided.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 30),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            HOOK,
            28,
        ),
        (VersionRange::V23, HOOK, 42),
    ],
    title: doc!("--lora-paths turns LoRA on"),
    explanation: doc!(
        "For backward compatibility, adapters given with --lora-paths enable LoRA when --enable-lora is not given."
    ),
    trigger: doc!("--lora-paths with at least one adapter and no --enable-lora."),
    flags: &["enable_lora", "lora_paths"],
    ..RuleInfo::BASE
};

/// LoRA virtual expert computation is on
pub static VIRTUAL_EXPERTS: RuleInfo = RuleInfo {
    code: "LORA102",
    name: "lora-virtual-experts",
    severity: Severity::Info,
    stage: Stage::Startup,
    exception: None,
    versions: VersionRange::ALL,
    messages: &[(VersionRange::ALL, "Virtual expert computation enabled.")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HOOK, 159),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_22),
            HOOK,
            155,
        ),
        (VersionRange::V23, HOOK, 174),
    ],
    title: doc!("LoRA virtual expert computation is on"),
    explanation: doc!(
        "With LoRA enabled, --lora-use-virtual-experts computes MoE adapters as virtual experts."
    ),
    trigger: doc!("LoRA enabled and --lora-use-virtual-experts."),
    flags: &["lora_use_virtual_experts"],
    ..RuleInfo::BASE
};

const MARLIN_POLICY: &str = "python/sglang/srt/lora/marlin_lora_temp/policy.py";

/// The experimental Marlin MoE runner with EP needs --moe-a2a-backend none
pub static MARLIN_EP_A2A: RuleInfo = RuleInfo {
    code: "LORA019",
    name: "experimental-sgl-marlin-ep-a2a",
    messages: &[(
        VersionRange::ALL,
        "experimental_sgl_marlin EP requires --moe-a2a-backend none",
    )],
    sources: &[(VersionRange::ALL, MARLIN_POLICY, 23)],
    title: doc!("The experimental Marlin MoE runner with EP needs --moe-a2a-backend none"),
    explanation: doc!(
        "The experimental_sgl_marlin MoE runner (the Marlin MoE-LoRA path) implements expert parallelism only without an all-to-all backend; SGLang checks it during argument resolution, with or without LoRA."
    ),
    trigger: doc!(
        "--moe-runner-backend experimental_sgl_marlin, a resolved --ep-size above 1 and an --moe-a2a-backend other than none."
    ),
    solutions: doc_list![
        "Use --moe-a2a-backend none.",
        "Use another --moe-runner-backend."
    ],
    flags: &["moe_a2a_backend", "ep_size", "moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"experimental_sgl_marlin","tp_size":2,"ep_size":2,"moe_a2a_backend":"deepep"}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"experimental_sgl_marlin","tp_size":2,"ep_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// The experimental Marlin MoE-LoRA runner needs --lora-use-virtual-experts
pub static MARLIN_VIRTUAL_EXPERTS: RuleInfo = RuleInfo {
    code: "LORA020",
    name: "experimental-sgl-marlin-lora-virtual-experts",
    messages: &[(
        VersionRange::ALL,
        "experimental_sgl_marlin LoRA requires --lora-use-virtual-experts",
    )],
    sources: &[(VersionRange::ALL, MARLIN_POLICY, 34)],
    title: doc!("The experimental Marlin MoE-LoRA runner needs --lora-use-virtual-experts"),
    explanation: doc!(
        "With LoRA on (--enable-lora, or --lora-paths without --enable-lora false), the experimental_sgl_marlin MoE runner serves expert LoRA only through virtual experts."
    ),
    trigger: doc!(
        "--moe-runner-backend experimental_sgl_marlin, LoRA enabled, --lora-use-virtual-experts not set."
    ),
    solutions: doc_list![
        "Add --lora-use-virtual-experts.",
        "Use another --moe-runner-backend."
    ],
    flags: &[
        "lora_use_virtual_experts",
        "moe_runner_backend",
        "enable_lora",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"experimental_sgl_marlin","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["all"]}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"experimental_sgl_marlin","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["all"],"lora_use_virtual_experts":true,"lora_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The experimental Marlin MoE-LoRA runner needs --lora-backend triton
pub static MARLIN_LORA_TRITON: RuleInfo = RuleInfo {
    code: "LORA021",
    name: "experimental-sgl-marlin-lora-triton",
    messages: &[(
        VersionRange::ALL,
        "experimental_sgl_marlin LoRA requires --lora-backend triton",
    )],
    sources: &[(VersionRange::ALL, MARLIN_POLICY, 40)],
    title: doc!("The experimental Marlin MoE-LoRA runner needs --lora-backend triton"),
    explanation: doc!(
        "Its temporary dense and sink kernels read the Triton LoRA backend's SGEMM batch metadata directly; no other global LoRA backend is adapted."
    ),
    trigger: doc!(
        "--moe-runner-backend experimental_sgl_marlin, LoRA enabled with --lora-use-virtual-experts, --lora-backend other than triton (the default is csgmv)."
    ),
    solutions: doc_list!["Add --lora-backend triton."],
    flags: &["lora_backend", "moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"experimental_sgl_marlin","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["all"],"lora_use_virtual_experts":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"experimental_sgl_marlin","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["all"],"lora_use_virtual_experts":true,"lora_backend":"triton"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The experimental Marlin MoE-LoRA runner with EP needs plain expert placement
pub static MARLIN_EP_PLACEMENT: RuleInfo = RuleInfo {
    code: "LORA022",
    name: "experimental-sgl-marlin-ep-placement",
    messages: &[(
        VersionRange::ALL,
        "experimental_sgl_marlin EP requires trivial expert placement without redundancy, EPLB, or elastic EP",
    )],
    sources: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_20),
            MARLIN_POLICY,
            52,
        ),
        (
            VersionRange::since(SglangVersion::V0_5_21),
            MARLIN_POLICY,
            51,
        ),
    ],
    title: doc!("The experimental Marlin MoE-LoRA runner with EP needs plain expert placement"),
    explanation: doc!(
        "With LoRA and expert parallelism, the experimental_sgl_marlin runner assumes every expert sits where the trivial placement puts it: no --init-expert-location file, no redundant experts, no EPLB and no elastic EP (0.5.19-0.5.20: no elastic rejoin either)."
    ),
    trigger: doc!(
        "--moe-runner-backend experimental_sgl_marlin, LoRA with virtual experts and the triton backend, a resolved --ep-size above 1, and a non-trivial --init-expert-location, --ep-num-redundant-experts, --enable-eplb, --elastic-ep-backend or --enable-elastic-expert-backup."
    ),
    solutions: doc_list!["Drop the expert-placement flag.", "Use --ep-size 1."],
    flags: &[
        "enable_eplb",
        "ep_num_redundant_experts",
        "init_expert_location",
        "ep_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"experimental_sgl_marlin","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["all"],"lora_use_virtual_experts":true,"lora_backend":"triton","tp_size":2,"ep_size":2,"enable_eplb":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","moe_runner_backend":"experimental_sgl_marlin","enable_lora":true,"max_lora_rank":16,"lora_target_modules":["all"],"lora_use_virtual_experts":true,"lora_backend":"triton","tp_size":2,"ep_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &V2_MODES,
    &MAX_LORAS_POSITIVE,
    &OVERLAP_LOADING_LIMIT,
    &TARGET_ALL_ALONE,
    &NEEDS_SHAPES,
    &MAX_LOADED_GE_BATCH,
    &PATHS_LE_MAX_LOADED,
    &DRAIN_NONNEG,
    &SPEC_ALGORITHM,
    &SPEC_REASON,
    &SPEC_MOE_RUNNER,
    &MOE_RUNNER_NEEDS_LORA,
    &MOE_RUNNER_NEEDS_V2,
    &MOE_RUNNER_QUANT,
    &MOE_RUNNER_NVFP4,
    &MOE_RUNNER_A2A,
    &MOE_RUNNER_EPLB,
    &ENABLED_BY_PATHS,
    &VIRTUAL_EXPERTS,
    &MARLIN_EP_A2A,
    &MARLIN_VIRTUAL_EXPERTS,
    &MARLIN_LORA_TRITON,
    &MARLIN_EP_PLACEMENT,
];

/// The LoRA sites not modelled, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: HOOK,
        function: "check_lora_moe_runner_args",
        message: "does not yet support elastic EP",
        reason: "Not modelled: it needs --elastic-ep-join-mode, which handle_elastic_ep (parallel_hook.py, resolution) refuses without --elastic-ep-backend; Preflight does not port elastic EP (its backends need the Mooncake/IB device set-up), so it does not judge the lora_* runners under elastic EP.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_lora_server_args",
        message: "When providing LoRA paths as a list of dict",
        reason: "Unreachable from the command line: --lora-paths goes through LoRAPathAction (argparse_actions.py), which already refuses a JSON adapter without both 'lora_name' and 'lora_path' (ARG006); only the Python API (sgl.Engine(lora_paths=[{...}])) reaches it.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_lora_server_args",
        message: "Invalid type for item in --lora-paths list",
        reason: "Unreachable from the command line: LoRAPathAction stores every --lora-paths word as a str or (a '{...}' word) the dict json.loads returns; another item type needs the Python API.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_lora_server_args",
        message: "Invalid type for --lora-paths",
        reason: "Unreachable from the command line: LoRAPathAction always stores a list (nargs='*'; an empty one for a bare --lora-paths), and a --config file cannot set the option (its action is refused there); only the Python API passes another type.",
    },
    Unmodelled {
        file: HOOK,
        function: "check_lora_server_args",
        message: "--max-lora-chunk-size must be a power of 2",
        reason: "Unreachable from the command line: argparse's choices for --max-lora-chunk-size are 16, 32, 64 and 128 (ARG001 refuses anything else), all of which pass; only the Python API passes another value.",
    },
];
