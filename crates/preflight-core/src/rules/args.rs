//! Argument-table checks outside the hooks: the `--lora-paths` argparse action
//! (`arg_groups/argparse_actions.py::LoRAPathAction`, run by `args::parse`), the load-format
//! checks of `arg_groups/model_path_hook.py::handle_load_format` (resolution,
//! `pipeline.py:326@0.5.23`), and the declaration-time checks of the argument tables
//! (`arg_utils.py`, `fields/__init__.py`, `resolution_hooks.py`), which are not launch checks.

use super::{RuleInfo, Unmodelled};
use crate::report::Stage;
use crate::version::VersionRange;

const ACTIONS: &str = "python/sglang/srt/arg_groups/argparse_actions.py";
const MODEL_PATH: &str = "python/sglang/srt/arg_groups/model_path_hook.py";

/// A JSON `--lora-paths` entry without both keys
pub static LORA_PATH_JSON_KEYS: RuleInfo = RuleInfo {
    code: "ARG006",
    name: "lora-path-json-keys",
    stage: Stage::Argparse,
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "{repr(lora_path)} looks like a JSON str, but it does not contain 'lora_name' and 'lora_path' keys.",
    )],
    sources: &[(VersionRange::ALL, ACTIONS, 17)],
    title: doc!("A JSON --lora-paths entry needs 'lora_name' and 'lora_path'"),
    explanation: doc!(
        "LoRAPathAction reads every --lora-paths word that starts with '{' and ends with '}' as JSON ({\"lora_name\": ..., \"lora_path\": ..., \"pinned\": ...}) while the command line is parsed, and refuses an object without both 'lora_name' and 'lora_path'."
    ),
    trigger: doc!(
        "A --lora-paths word in braces whose JSON object lacks 'lora_name' or 'lora_path'."
    ),
    situations: doc!("Writing {\"name\": ..., \"path\": ...} instead of SGLang's key names."),
    solutions: doc_list![
        "Give both keys: {\"lora_name\":\"name\",\"lora_path\":\"/path\"}.",
        "Use the NAME=PATH form.",
    ],
    flags: &["lora_paths"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","lora_paths":["{\"lora_name\":\"a\",\"path\":\"/adapters/a\"}"]}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","lora_paths":["{\"lora_name\":\"a\",\"lora_path\":\"/adapters/a\"}"]}"#,
    ))),
    ..RuleInfo::BASE
};

/// A `--lora-paths` entry in braces that is not valid JSON
pub static LORA_PATH_JSON_INVALID: RuleInfo = RuleInfo {
    code: "ARG007",
    name: "lora-path-json-invalid",
    stage: Stage::Input,
    exception: None,
    raised_by_sglang: false,
    messages: &[(
        VersionRange::ALL,
        "--lora-paths {lora_path}: Preflight cannot judge a braced entry that is not valid JSON (SGLang's json.loads raises JSONDecodeError while the command line is parsed)",
    )],
    title: doc!("A braced --lora-paths entry that is not valid JSON"),
    explanation: doc!(
        "LoRAPathAction decodes a --lora-paths word in braces with json.loads; invalid JSON makes the parse fail with a JSONDecodeError whose wording Preflight does not reproduce, so it cannot judge the launch."
    ),
    trigger: doc!(
        "A --lora-paths word starting with '{' and ending with '}' that is not valid JSON."
    ),
    solutions: doc_list![
        "Write valid JSON with double quotes: {\"lora_name\":\"name\",\"lora_path\":\"/path\"}.",
    ],
    flags: &["lora_paths"],
    ..RuleInfo::BASE
};

/// The weight cache with speculative decoding
pub static WEIGHT_CACHE_SPEC: RuleInfo = RuleInfo {
    code: "ARG008",
    name: "weight-cache-speculative",
    exception: Some("ValueError"),
    messages: &[(
        VersionRange::ALL,
        "--weight-cache-mode is not supported together with speculative decoding (--speculative-algorithm): the weight cache daemon does not export the draft model's weights. Disable one of them (--weight-cache-mode off) for this configuration.",
    )],
    sources: &[(VersionRange::ALL, MODEL_PATH, 282)],
    title: doc!("The weight cache does not work with speculative decoding"),
    explanation: doc!(
        "The weight-cache daemon exports the target model's weights only; a draft model would be loaded around it, so SGLang refuses --weight-cache-mode daemon/client together with a speculative algorithm."
    ),
    trigger: doc!("--weight-cache-mode other than off and a --speculative-algorithm."),
    solutions: doc_list![
        "Use --weight-cache-mode off.",
        "Turn speculative decoding off.",
    ],
    flags: &["weight_cache_mode", "speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","weight_cache_mode":"client","speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","speculative_algorithm":"NGRAM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &LORA_PATH_JSON_KEYS,
    &LORA_PATH_JSON_INVALID,
    &WEIGHT_CACHE_SPEC,
];

/// The sites of these files not modelled, with the reason.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: ACTIONS,
        function: "LoRAPathAction.__call__",
        message: "Expected a list of LoRA paths.",
        reason: "Unreachable: --lora-paths is declared with nargs='*', for which argparse always passes the action a list.",
    },
    Unmodelled {
        file: "python/sglang/srt/arg_groups/arg_utils.py",
        function: "fallbacks_of",
        message: "",
        reason: "Not a launch check: a consistency check of SGLang's own ServerArgs field declarations (a declared fallback must be a scalar on a field defaulting to None), evaluated on the class when SGLang is imported; no flag or value reaches it.",
    },
    Unmodelled {
        file: "python/sglang/srt/arg_groups/fields/__init__.py",
        function: "collect_input_fields",
        message: "",
        reason: "Not a launch check: refuses a ServerArgs field declared by two namespaces while SGLang builds its ServerArgs class at import; no flag or value reaches it.",
    },
    Unmodelled {
        file: "python/sglang/srt/arg_groups/resolution_hooks.py",
        function: "register_resolution_hook",
        message: "",
        reason: "Not a launch check: the plug-in API that wraps a resolution step refuses an unknown step name when a plug-in registers it; no flag or value reaches it.",
    },
    Unmodelled {
        file: MODEL_PATH,
        function: "handle_load_format",
        message: "load_format='ipc_cache' is an internal-only format",
        reason: "Unreachable from the command line: 'ipc_cache' is not one of --load-format's choices, so argparse refuses it first (ARG001); only the Python API reaches the check.",
    },
];
