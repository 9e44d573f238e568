//! Input checks: Preflight's own (unknown GPU, architecture, release) and SGLang's argparse
//! errors, which come before anything else.

use super::RuleInfo;
use crate::report::{Severity, Stage};
use crate::version::VersionRange;

/// argparse `choices=` refusal (Python 3.11 `argparse.ArgumentParser._check_value`).
pub static ARG_INVALID_CHOICE: RuleInfo = RuleInfo {
    code: "ARG001",
    name: "invalid-choice",
    stage: Stage::Argparse,
    exception: Some("ArgumentError"),
    messages: &[(
        VersionRange::ALL,
        "argument {flag}: invalid choice: {value!r} (choose from {choices})",
    )],
    sources: &[(
        VersionRange::V23,
        "python/sglang/srt/arg_groups/choices.py",
        69,
    )],
    title: doc!("A flag was given a value SGLang does not accept"),
    explanation: doc!(
        "argparse rejects the value before SGLang looks at anything else: the flag only takes one of the listed choices in this release. Values are case-sensitive and some were renamed or removed between releases (e.g. `cutlass_mla` and `dual_chunk_flash_attn` are gone in 0.5.20+, `fp4_e2m1` became `fp4_mx_block16`)."
    ),
    trigger: doc!("The value is not in the flag's `choices` list for the selected SGLang release."),
    situations: doc!(
        "A recipe written for another release; a typo; a DSA or DeepSeek-V4 backend name given to --attention-backend."
    ),
    solutions: doc_list![
        "Pick one of the listed values.",
        "Check the release: the choice lists differ between SGLang versions.",
    ],
    flags: &[],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"bogus"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"fa3"}"#,
    ))),
    ..RuleInfo::BASE
};

/// argparse `type=int` refusal.
pub static ARG_INVALID_INT: RuleInfo = RuleInfo {
    code: "ARG002",
    name: "invalid-int-value",
    stage: Stage::Argparse,
    exception: Some("ArgumentError"),
    messages: &[(
        VersionRange::ALL,
        "argument {flag}: invalid int value: {value!r}",
    )],
    sources: &[(
        VersionRange::V23,
        "python/sglang/srt/arg_groups/fields/schedule.py",
        143,
    )],
    title: doc!("An integer flag was given something that is not an integer"),
    explanation: doc!("argparse converts the value with `int()` and refuses anything else."),
    trigger: doc!("A non-integer value for an integer flag such as --page-size or --tp-size."),
    situations: doc!("A unit suffix (`64k`), a float, or a misplaced argument."),
    solutions: doc_list!["Give a plain integer."],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","page_size":"big"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","page_size":16}"#,
    ))),
    ..RuleInfo::BASE
};

/// A flag the release's parser does not have.
pub static ARG_UNRECOGNIZED: RuleInfo = RuleInfo {
    code: "ARG003",
    name: "unrecognized-arguments",
    stage: Stage::Argparse,
    exception: Some("SystemExit"),
    messages: &[(VersionRange::ALL, "unrecognized arguments: {args}")],
    sources: &[(
        VersionRange::V23,
        "python/sglang/srt/arg_groups/fields/exec_.py",
        207,
    )],
    title: doc!("The flag does not exist in this SGLang release"),
    explanation: doc!(
        "argparse refuses options its parser does not define. Flags come and go between releases (e.g. --dsv4-attn-backend and --prefill-kv-cache-dequant-dtype are new in 0.5.20+, --nsa-prefill-backend was removed), and SGLang spells them with dashes only."
    ),
    trigger: doc!("A ServerArgs field that the selected release's parser does not define."),
    situations: doc!("A recipe written for a newer release; a typo in a field name."),
    solutions: doc_list!["Remove the flag, or select the release that has it."],
    flags: &[],
    example: doc_opt!(Some((
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"flashmla"}"#,
        r#"{"sglang":"0.5.23","gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"flashmla"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unknown GPU name.
pub static UNKNOWN_GPU: RuleInfo = RuleInfo {
    code: "INPUT001",
    name: "unknown-gpu",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "Unknown GPU {gpu!r}: pick one from the catalogue or give its compute capability (e.g. compute_capability=12.0).",
    )],
    title: doc!("The GPU is not in Preflight's catalogue"),
    explanation: doc!(
        "Preflight needs the compute capability (and vendor) of the GPU to evaluate SGLang's hardware checks. Give a catalogue name or a custom compute capability."
    ),
    trigger: doc!("`gpu` names no catalogue product."),
    situations: doc!("A typo, or a GPU not yet in the catalogue."),
    solutions: doc_list![
        "Pick a GPU from the list.",
        "Use a custom compute capability such as 12.0.",
    ],
    flags: &["gpu"],
    ..RuleInfo::BASE
};

/// No hardware given.
pub static NO_GPU: RuleInfo = RuleInfo {
    code: "INPUT002",
    name: "no-gpu",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "No GPU selected: pick a GPU or give a compute capability.",
    )],
    title: doc!("No GPU selected"),
    explanation: doc!("SGLang's checks depend on the GPU; pick one to evaluate them."),
    trigger: doc!("Neither `gpu` nor `compute_capability` is set."),
    solutions: doc_list!["Pick a GPU."],
    flags: &["gpu"],
    ..RuleInfo::BASE
};

/// Unknown or missing architecture.
pub static UNKNOWN_ARCH: RuleInfo = RuleInfo {
    code: "INPUT003",
    name: "unknown-architecture",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "Unknown model architecture {arch!r}: pick one from the list (the `architectures[0]` entry of the model's config.json).",
    )],
    title: doc!("The model architecture is unknown"),
    explanation: doc!(
        "Preflight evaluates SGLang's checks from facts of the model's architecture (MLA or MHA, DSA, heads …). Pick the architecture named in the model's config.json."
    ),
    trigger: doc!(
        "`arch` is missing, or names an architecture Preflight does not model, and the model path is not a known model."
    ),
    solutions: doc_list!["Pick the architecture from the list."],
    flags: &["arch"],
    ..RuleInfo::BASE
};

/// Unknown model path and no architecture.
pub static UNKNOWN_MODEL: RuleInfo = RuleInfo {
    code: "INPUT009",
    name: "unknown-model",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "Preflight does not know the model {model!r}: give its architecture (the architectures[0] entry of its config.json) or its config.json.",
    )],
    title: doc!("The model is not in Preflight's table of well-known models"),
    explanation: doc!(
        "Preflight finds the architecture of well-known Hugging Face model ids; for other models (local paths, fine-tunes) give the architecture named in the model's config.json, or the config.json itself (then the head counts, dims and quantization are the checkpoint's own). This says nothing about SGLang: Preflight cannot judge the launch until it knows the model."
    ),
    trigger: doc!(
        "A model path that is not a known model id, and no architecture or config.json given."
    ),
    solutions: doc_list![
        "Pick the architecture (arch / --arch).",
        "Give the model's config.json (`preflight check --model-config config.json`, `model_config` in JSONL).",
    ],
    flags: &["arch"],
    ..RuleInfo::BASE
};

/// The model is known but its config cannot be derived: SGLang's `ModelConfig` would fail on
/// the config Preflight has (or was given), outside any launch check.
pub static MODEL_CONFIG_UNDERIVABLE: RuleInfo = RuleInfo {
    code: "INPUT011",
    name: "model-config-underivable",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "Preflight cannot derive the model facts of {arch} from {config}: {reason}. Give the checkpoint's config.json.",
    )],
    title: doc!("The model's facts cannot be derived from the config at hand"),
    explanation: doc!(
        "Preflight derives the facts the launch checks read (heads, head_dim, MLA, sliding window, quantization …) as SGLang's ModelConfig does. For some architectures the built-in config is only class defaults or a stand-in that lacks a key ModelConfig reads, or SGLang's code fails on it with a Python error; a given config.json can lack such a key too. Preflight does not guess the missing facts: it cannot judge the launch until it has the checkpoint's own config.json. This says nothing about SGLang with the real checkpoint."
    ),
    trigger: doc!(
        "An architecture or model id whose built-in config SGLang's ModelConfig cannot load, or a given config.json it cannot load."
    ),
    solutions: doc_list![
        "Give the model's config.json (`preflight check --model-config config.json`, `model_config` in JSONL, the page's config.json box).",
    ],
    flags: &["arch"],
    ..RuleInfo::BASE
};

/// The release's model registry does not serve the architecture: SGLang looks for a
/// Transformers implementation, which Preflight does not know.
pub static ARCH_NOT_REGISTERED: RuleInfo = RuleInfo {
    code: "INPUT013",
    name: "architecture-not-in-release",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "Preflight cannot check how SGLang {version} loads {arch}: its model registry does not have that architecture ({served}), so SGLang falls back to the Transformers implementation of the installed transformers, which Preflight does not know; without one (and without an AutoModel in the config's auto_map) SGLang refuses with ValueError: Cannot find model module.",
    )],
    title: doc!("The architecture is not in this release's model registry"),
    explanation: doc!(
        "When the model runner loads the model, get_model_architecture (model_loader/utils.py) looks architectures[0] up in the release's model registry. An architecture the release does not register (one added in a later release, or only in an earlier one) goes to resolve_transformers_arch instead: SGLang serves it with its Transformers backend when the installed transformers has a class of that name or the config's auto_map names an AutoModel, and otherwise raises ValueError: Cannot find model module. '<arch>' is not a registered model in the Transformers library ... Preflight does not know the installed transformers' classes, nor what the Transformers backend then checks, so it cannot judge the launch. Everything before the model is built (argument parsing, resolution, start-up checks) was checked."
    ),
    trigger: doc!(
        "An architecture that the chosen release's model registry does not serve, with SGLang's own model implementation (--model-impl auto or sglang)."
    ),
    solutions: doc_list![
        "Pick a release whose registry serves the architecture (the message names them).",
        "Or check the model against the installed transformers with --model-impl transformers."
    ],
    flags: &["arch", "sglang", "model_impl"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DFlash2BeamDraftModel","sglang":"0.5.22"}"#,
        r#"{"gpu":"H100","arch":"DFlash2BeamDraftModel","sglang":"0.5.23"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The model class's layers are not reviewed and a generic shape check of the reviewed classes
/// fails: Preflight cannot judge the model's construction.
pub static CONSTRUCTION_UNREVIEWED: RuleInfo = RuleInfo {
    code: "INPUT012",
    name: "construction-not-reviewed",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "Preflight cannot check how SGLang {version} builds the {layer} of {arch} (that code is not reviewed), and {what}: SGLang's other {layer} classes refuse that split ({rule}), so this launch may fail when SGLang builds the model.",
    )],
    title: doc!("The model's layers are not reviewed and their shapes do not split evenly"),
    explanation: doc!(
        "When the model runner builds the model, each layer class splits its weights over its parallel group and asserts that the split is even: the attention heads by the TP width (PAR065-PAR067), the MLP's and the experts' intermediate size by the TP width (PAR070, PAR076; for any checkpoint), the TP width against the number of routed experts (PAR068) and, for block-FP8 checkpoints, by the weight_block_size (PAR071, PAR072, PAR074, PAR075); up to 0.5.21 the LM head, built after the layers, also divides the padded vocabulary by its width (PAR073's division), the whole TP group unless --enable-dp-lm-head. Preflight reproduces those checks for the layer classes it has read in each release (scripts/models/gen_head_asserts.py and gen_moe_asserts.py list them). For another architecture's layers it does not know which width a class divides by, whether it pads or replicates, or which layers the checkpoint leaves unquantized. When a launch splits such a layer unevenly by the widths the reviewed classes use, Preflight does not guess: it cannot judge the launch, and it never claims SGLang refuses it. The rest of the report (argument parsing, resolution, start-up checks) still applies. An even split says nothing either way, and is not reported."
    ),
    trigger: doc!(
        "SGLang's own model implementation on a GPU, an architecture whose first decoder layer's attention (or MLP, or MoE block) is not reviewed for the release, and num_attention_heads or the KV heads not dividing by --tp-size or the attention TP width, or the dense intermediate_size (of a dense model, or an MoE model with first_k_dense_replace dense layers) not dividing by --tp-size, or an MoE model's moe_intermediate_size not dividing by the MoE TP width or its routed experts (n_routed_experts, num_experts or num_local_experts) fewer than --tp-size, or (block FP8 with weight_block_size) either slice per rank not a whole number of blocks; or, up to 0.5.21 under DP attention without --enable-dp-lm-head or tied embeddings, the padded vocabulary not dividing by --tp-size."
    ),
    situations: doc!(
        "Using every GPU of a machine (--tp-size 3 or 6) for a model whose head count is a power of two; a block-FP8 MoE checkpoint at --tp-size 8 whose experts are 1536 wide (192 per rank)."
    ),
    solutions: doc_list![
        "Use a --tp-size (or, with DP attention, a tp_size / dp_size) that divides the head counts; serve the remaining GPUs with --dp-size or --pp-size.",
        "For a block-FP8 MoE checkpoint, spread the experts with --ep-size so that each rank keeps whole blocks.",
    ],
    flags: &[
        "arch",
        "tp_size",
        "dp_size",
        "enable_dp_attention",
        "attn_dp_size",
        "attn_cp_size",
        "ep_size",
        "moe_dp_size",
        "moe_dense_tp_size",
        "enable_dp_lm_head",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Llama4ForConditionalGeneration","tp_size":3}"#,
        r#"{"gpu":"H100","arch":"Llama4ForConditionalGeneration","tp_size":4}"#,
    ))),
    ..RuleInfo::BASE
};

/// Unknown SGLang release.
pub static UNKNOWN_VERSION: RuleInfo = RuleInfo {
    code: "INPUT004",
    name: "unknown-sglang-version",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "Preflight does not model SGLang {version!r}: the checks shown are those of {used}, the nearest modelled release (modelled: {known}).",
    )],
    severity: Severity::Error,
    title: doc!("The SGLang release is not modelled"),
    explanation: doc!(
        "Preflight reproduces the checks of specific SGLang releases, each from its own code; another release may raise different errors or rewrite values differently. Preflight cannot judge a launch for a release it does not model: it shows what the nearest modelled release would do, labelled as such, and exits 2."
    ),
    trigger: doc!("`sglang` names a release Preflight does not model."),
    solutions: doc_list!["Pick a modelled release."],
    flags: &["sglang"],
    ..RuleInfo::BASE
};

/// Bad value for a Preflight setting (CUDA version, compute capability).
pub static BAD_SETTING: RuleInfo = RuleInfo {
    code: "INPUT005",
    name: "bad-setting",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(VersionRange::ALL, "Invalid {key}: {value!r} ({expected}).")],
    title: doc!("A Preflight setting has an invalid value"),
    explanation: doc!("The CUDA version must look like 12.9; a compute capability like 12.0."),
    trigger: doc!("`cuda_version` or `compute_capability` cannot be parsed."),
    solutions: doc_list!["Correct the value."],
    flags: &["cuda_version", "compute_capability"],
    ..RuleInfo::BASE
};

/// A `ServerArgs` field Preflight does not model: passed through.
pub static UNMODELLED_ARG: RuleInfo = RuleInfo {
    code: "INPUT006",
    name: "unmodelled-flag",
    stage: Stage::Input,
    severity: Severity::Info,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "{flag} is not modelled by Preflight; it is kept in the command but its checks are not evaluated.",
    )],
    title: doc!("A flag is passed through without being checked"),
    explanation: doc!(
        "Preflight keeps flags it does not model in the command, unchanged, but cannot tell whether SGLang accepts their values or how they interact with the rest."
    ),
    trigger: doc!("A `ServerArgs` field outside Preflight's flag table."),
    solutions: doc_list!["Nothing to do; check the flag against SGLang's documentation."],
    ..RuleInfo::BASE
};

/// An unmodelled flag that changes checks Preflight does not model.
pub static UNMODELLED_INFLUENTIAL: RuleInfo = RuleInfo {
    code: "INPUT007",
    name: "unmodelled-flag-changes-verdict",
    stage: Stage::Input,
    severity: Severity::Warning,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "{flag} changes checks Preflight does not model; SGLang's verdict and backends may differ from this report.",
    )],
    title: doc!("A flag changes checks Preflight does not model"),
    explanation: doc!(
        "Some SGLang features bring their own checks and defaults beyond argument resolution (the DSA paged-MQA-logits kernel choice, non-CUDA devices, diffusion LLMs …); where no rule of Preflight reads the flag, they are not reproduced. The flag is kept in the command, but the report may miss errors or show backends SGLang would not use."
    ),
    trigger: doc!("One of those flags is set and no rule reads it."),
    solutions: doc_list![
        "Check the feature's own documentation; the rest of the report still applies."
    ],
    ..RuleInfo::BASE
};

/// An environment variable name no shell accepts.
pub static BAD_ENV_NAME: RuleInfo = RuleInfo {
    code: "INPUT008",
    name: "invalid-environment-variable-name",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "Invalid environment variable name {name!r}: names are letters, digits and underscores, not starting with a digit.",
    )],
    title: doc!("An environment variable name is invalid"),
    explanation: doc!(
        "Environment variables are passed as NAME=value; a name with other characters cannot be set by a shell (and would be executed as a command if pasted). It is left out of the generated commands."
    ),
    trigger: doc!("An env key that does not match [A-Za-z_][A-Za-z0-9_]*."),
    solutions: doc_list!["Correct or remove the variable."],
    ..RuleInfo::BASE
};

/// argparse `type=float` refusal.
pub static ARG_INVALID_FLOAT: RuleInfo = RuleInfo {
    code: "ARG004",
    name: "invalid-float-value",
    stage: Stage::Argparse,
    exception: Some("ArgumentError"),
    messages: &[(
        VersionRange::ALL,
        "argument {flag}: invalid float value: {value!r}",
    )],
    sources: &[(
        VersionRange::V23,
        "python/sglang/srt/arg_groups/fields/schedule.py",
        27,
    )],
    title: doc!("A number flag was given something that is not a number"),
    explanation: doc!(
        "argparse converts the value with Python's `float()` and refuses anything else (a unit, a percent sign, a comma as decimal separator)."
    ),
    trigger: doc!(
        "A value `float()` does not accept for a float flag such as --mem-fraction-static."
    ),
    situations: doc!("`--mem-fraction-static 85%`, `0,8`, a misplaced argument."),
    solutions: doc_list!["Give a plain number such as 0.8."],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","mem_fraction_static":"lots"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","mem_fraction_static":0.8}"#,
    ))),
    ..RuleInfo::BASE
};

/// An `ArgumentTypeError` raised by one of SGLang's argparse type functions
/// (`human_readable_int`, `json_list_type`, ...).
pub static ARG_TYPE_ERROR: RuleInfo = RuleInfo {
    code: "ARG005",
    name: "argument-type-error",
    stage: Stage::Argparse,
    exception: Some("ArgumentError"),
    messages: &[(VersionRange::ALL, "argument {flag}: {message}")],
    sources: &[(VersionRange::V23, "python/sglang/srt/utils/common.py", 3394)],
    title: doc!("SGLang's parser for this flag refused the value"),
    explanation: doc!(
        "Some flags are read by SGLang's own converters: sizes such as --context-length accept `32k` or `1Mi` (`human_readable_int`), list and JSON flags need valid JSON. argparse reports the converter's message."
    ),
    trigger: doc!("A value the flag's SGLang type function refuses."),
    situations: doc!(
        "`--context-length 1.5Ki` (decimals need an SI suffix), `--context-length lots`, broken JSON."
    ),
    solutions: doc_list![
        "Write the value as the message says (a plain integer, `32k`, `128Ki`, valid JSON).",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","context_length":"lots"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","context_length":"32k"}"#,
    ))),
    ..RuleInfo::BASE
};

/// A Python `int` Preflight cannot hold (beyond 64 bits).
pub static VALUE_TOO_LARGE: RuleInfo = RuleInfo {
    code: "INPUT010",
    name: "value-too-large",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "{flag} {value}: Preflight cannot judge a number this large (Python accepts it; Preflight computes with 64-bit integers)",
    )],
    title: doc!("A number too large for Preflight to judge"),
    explanation: doc!(
        "Python integers have no size limit, so argparse accepts the value and SGLang's own checks decide what happens next. Preflight computes with 64-bit integers and does not guess: it cannot judge this launch. Use a realistic value."
    ),
    trigger: doc!("An integer flag given a value beyond ±9.2 × 10^18."),
    solutions: doc_list!["Use a realistic value."],
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &ARG_INVALID_CHOICE,
    &ARG_INVALID_INT,
    &ARG_UNRECOGNIZED,
    &ARG_INVALID_FLOAT,
    &ARG_TYPE_ERROR,
    &VALUE_TOO_LARGE,
    &UNKNOWN_GPU,
    &NO_GPU,
    &UNKNOWN_ARCH,
    &UNKNOWN_VERSION,
    &BAD_SETTING,
    &UNMODELLED_ARG,
    &UNMODELLED_INFLUENTIAL,
    &BAD_ENV_NAME,
    &UNKNOWN_MODEL,
    &MODEL_CONFIG_UNDERIVABLE,
    &CONSTRUCTION_UNREVIEWED,
    &ARCH_NOT_REGISTERED,
];
