//! Preflight's JavaScript API (wasm-bindgen).
//!
//! ```js
//! import init, { check, validate, evaluate, explain, matrix, parseCommand, correctCommand,
//!                rules, domains }
//!   from './pkg/preflight_wasm.js';
//! await init();
//! const c = check({ flags: ['--kv-cache-dtype', 'bf16'], env: [], model: 'zai-org/GLM-5',
//!                   gpu: 'RTX 5090' });
//! c.class;                        // 'refused' | 'crashes' | 'starts_with_risks' | 'starts' | 'cannot_judge'
//! c.corrected;                    // the fixed launch
//! const report = validate({ gpu: 'RTX 5090', arch: 'GlmMoeDsaForCausalLM', kv_cache_dtype: 'bf16',
//!                           dsa_prefill_backend: 'flashinfer_sparse_mla' });
//! report.verdict;                 // 'error'
//! report.diagnostics[0].message;  // SGLang's exact message
//! const { config, diagnostics } = parseCommand('python -m sglang.launch_server --model-path …');
//! ```
//!
//! Every function returns plain JSON-compatible objects (maps become objects, not `Map`s);
//! bad input is reported as a thrown `Error` (from `JsError`) or as diagnostics, never as a
//! panic. The shapes are described by the TypeScript section below. The logic lives in
//! [`api`], which is plain Rust and tested natively.

use serde::Serialize;
use wasm_bindgen::prelude::*;

pub mod api;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A launch configuration: Preflight's own keys plus any SGLang ServerArgs field by name. */
export interface LaunchConfig {
  /** SGLang release, e.g. "0.5.23" (default: the newest modelled). */
  sglang?: string;
  /** GPU product name from gpus() (case- and space-insensitive). */
  gpu?: string;
  /** Custom NVIDIA compute capability such as "12.0", instead of gpu. */
  compute_capability?: string;
  /** CUDA version of the torch build, e.g. "12.9". */
  cuda_version?: string;
  /** Hugging Face architectures[0], see archs(). */
  arch?: string;
  /** --model-path; without model_config, looked up in the table of well-known model ids
   *  (architecture and the config differences recorded for the id). */
  model_path?: string;
  /** The model's Hugging Face config.json (the parsed object): the facts are derived from it
   *  exactly as SGLang's ModelConfig does. */
  model_config?: Record<string, unknown>;
  /** Environment variables. */
  env?: Record<string, string>;
  /** ServerArgs fields: kv_cache_dtype, page_size, dsa_prefill_backend, … */
  [serverArg: string]: unknown;
}

export type Severity = "error" | "warning" | "info";
export type Stage = "input" | "argparse" | "resolution" | "construction" | "kernel";

export interface SourceLoc { file: string; line: number; version: string; url: string; }
export interface Change { key: string; from: string | null; to: string | null; }
export interface Fix {
  title: string;
  changes: Change[];
  /** A change of GPU: offered only when no flag change fixes the launch, never `corrected`. */
  changes_hardware: boolean;
  config: LaunchConfig;
  command: string;
}
export interface Diagnostic {
  code: string;
  name: string;
  severity: Severity;
  stage: Stage;
  exception?: string;
  /** SGLang's exact message (or Preflight's, when raised_by_sglang is false). */
  message: string;
  explanation: string;
  source: SourceLoc | null;
  flags: string[];
  raised_by_sglang: boolean;
  /** Verified fixes, best first (those leaving no warning first); a change of GPU only when
   * no flag change fixes it. */
  fixes: Fix[];
  /** argparse errors: the option renamed/removed/added in another release, or the closest
   * known option or choice ("did you mean --attention-backend?"). */
  note?: string;
}
export type Origin = { kind: "user" } | { kind: "default" } | { kind: "rule"; rule: string } | { kind: "step"; rule: string };
export type VerdictClass = "refused" | "crashes" | "starts_with_risks" | "starts" | "cannot_judge";
/** One row of the resolved-field table (core fields::RESOLVED_FIELDS), in table order. */
export interface ResolvedValue {
  /** The ServerArgs field, e.g. "attention_backend". */
  key: string;
  label: string;
  group: "attention" | "sparse" | "speculative" | "parallel" | "moe" | "serving";
  /** The value as JSON (null = Python None). */
  value: unknown;
  /** As shown: "fa3", "64", "trtllm (= attention backend)". */
  text: string;
  origin: Origin;
  /** Whether the page and the CLI show the row for this launch. */
  shown: boolean;
}
export interface Hardware {
  name: string;
  gpu_id: string | null;
  vendor: "nvidia" | "amd";
  capability: [number, number];
  gfx: string | null;
  cuda: [number, number] | null;
}
export interface Report {
  verdict: "ok" | "error";
  /** What will happen, in plain classes. */
  class: VerdictClass;
  sglang: string;
  hardware: Hardware | null;
  arch: string | null;
  /** The model facts the launch was judged with and where they come from. */
  model?: ModelReport;
  /** In the order SGLang would raise or log them. */
  diagnostics: Diagnostic[];
  resolved: ResolvedValue[];
  command: string;
  /** The best verified flag change; null when none exists (a change of GPU stays in the
   * diagnostics' fixes). */
  corrected: Fix | null;
  /** When an unknown input (model, GPU, setting) stopped the evaluation: what was checked
   *  without it (SGLang's argument parser) and what was not. Absent when judged whole. */
  scope?: string;
}

/** A range of the input as JavaScript string indices (UTF-16 code units; end exclusive):
 *  text.slice(span.start, span.end). */
export interface Span { start: number; end: number; }
export type Source = "command" | "config_file";
export interface FlagSpan {
  /** Configuration key: a ServerArgs name, model_path, env.NAME, sglang. */
  key: string;
  /** The option as written, e.g. "--tp". */
  option: string;
  span: Span;
  name: Span;
  value: Span | null;
  inline: boolean;
  source: Source;
  site: { kind: "option" | "positional" | "env_prefix" | "env_export" | "docker_env" | "docker_tag" | "pip_install" | "config_key"; [k: string]: unknown };
  /** False when a later occurrence overrides it. */
  effective: boolean;
}
export interface ParseDiagnostic {
  /** PARSE001…, see rules() / parseCodes(). */
  code: string;
  name: string;
  severity: Severity;
  message: string;
  span: Span | null;
  source: Source;
  raised_by_sglang: boolean;
  suggestion: { span: Span; replacement: string } | null;
  /** Unknown options and values: renamed/removed/added in another release, or the closest
   * known spelling, in the user's own spelling (the message stays SGLang's). */
  note?: string;
}
export interface Parsed {
  /** What the command says (no gpu: set it before validate()). */
  config: LaunchConfig;
  diagnostics: ParseDiagnostic[];
  flags: FlagSpan[];
  launcher: "python_module" | "sglang_serve" | "flags_only" | "config_file" | null;
  docker_image: string | null;
  config_file: { path: string; span: Span; text: string | null } | null;
  anchors: { argv_end: number | null; env_at: number | null; docker_env_at: number | null; continuation_indent: string | null };
}
export interface Rewrite {
  /** The command with the changes applied, everything else as the user wrote it. */
  text: string;
  /** Changes that are not part of a command (the GPU, values set in a config file). */
  skipped: { key: string; reason: string }[];
}
export interface Capture { placeholder: string; text: string; key: string | null; value: string | null; }
export interface Match {
  code: string;
  title: string;
  severity: Severity;
  stage: Stage;
  exception: string | null;
  /** Releases whose wording matched, e.g. "0.5.19–0.5.23". */
  versions: string;
  template: string;
  matched: string;
  /** 1-based line of the input. */
  line: number;
  captures: Capture[];
  /** What the message says about the configuration (partial). */
  config: LaunchConfig;
  score: number;
  /** False when only the start of the message was found (cut after a sentence or at a line
   *  end); such matches come after whole ones. */
  complete: boolean;
  /** A validated configuration that raises it: every value the message states, plus
   *  (from_example) what the rule's example needs to reach the check when the message names no
   *  GPU or model; `dropped` lists stated keys left out because another error comes first
   *  with them (absent when none). */
  reproduced?: { config: LaunchConfig; report: Report; from_example: boolean; dropped?: string[] };
}
export interface RuleView {
  code: string;
  name: string;
  severity: Severity;
  stage: Stage;
  exception: string | null;
  versions: string;
  messages: { versions: string; template: string }[];
  /** Other texts of the same failure (kernel packages' wording elsewhere); often empty. */
  variants: string[];
  sources: SourceLoc[];
  title: string;
  explanation: string;
  trigger: string;
  situations: string;
  solutions: string[];
  flags: string[];
  example: { bad: LaunchConfig; good: LaunchConfig } | null;
  raised_by_sglang: boolean;
  evidence: string | null;
}
export interface ParseCodeView { code: string; name: string; severity: Severity; raised_by_sglang: boolean; title: string; explanation: string; }
export interface Gpu {
  id: string;
  name: string;
  aliases: string[];
  vendor: "nvidia" | "amd";
  capability: [number, number];
  gfx: string | null;
  memory_gb: number;
  family: string;
  spec_sheet: boolean;
  device_name: string;
  memory_mib: number;
  memory_evidence: { kind: "reading" | "derived"; evidence: string };
  source: string;
}
export interface ModelReport {
  /** Where the config comes from. */
  source: { kind: "config" } | { kind: "architecture" }
    | { kind: "model_id"; given: string; id: string; differences: Record<string, unknown>; variants: string[] };
  /** The checkpoint whose config the facts are taken from ("" for the launch's own config). */
  checkpoint: string;
  provenance: string;
  /** What Preflight assumed about the checkpoint, in words. */
  assumed: string[];
  /** SGLang's ModelConfig attributes (attention_arch, head_dim, num_key_value_heads, …). */
  facts: { architectures: string[]; attention_arch: "MLA" | "MHA" | "SSM"; [fact: string]: unknown };
  hybrid_linear: boolean;
}
/** check() options: what completes or overrides the launch. */
export interface CheckOptions {
  gpu?: string;
  /** A custom NVIDIA compute capability, e.g. "12.0" (also compute_capability). */
  cc?: string;
  sglang?: string;
  /** CUDA version of the torch build (also cuda_version). */
  cuda?: string;
  arch?: string;
  /** The model's Hugging Face config.json (parsed): wins over the model path and arch. */
  model_config?: Record<string, unknown>;
  /** Search for verified fixes (default true). */
  fixes?: boolean;
}
/** The shape SGLang's cookbook Playground emits. */
export interface CookbookLaunch extends CheckOptions {
  /** argv words ("--tp", "8"), [name, value] pairs or {name, value} objects; a true value is
   *  a bare switch, false/null leaves the flag out. */
  flags?: (string | [string, unknown] | { name: string; value?: unknown })[];
  /** "NAME=value" strings, [name, value] pairs, {name, value} objects, or an object. */
  env?: (string | [string, string] | { name: string; value: string })[] | Record<string, string>;
  /** --model-path. */
  model?: string;
}
/** verdict(): the report reduced to what a gate reads. */
export interface Summary {
  class: VerdictClass;
  /** preflight check's exit code: 0 starts (risks included), 1 refused or crashes, 2 cannot judge. */
  exit_code: 0 | 1 | 2;
  headline: string;
  sglang: string;
  /** The first error's rule code and SGLang's exact message (null when it starts). */
  code: string | null;
  message: string | null;
  /** Every error's and warning's rule code, in the report's order. */
  findings: string[];
}
export interface Checked {
  /** How the text was read; null for a LaunchConfig. */
  kind: "command" | "config_yaml" | "container_list" | null;
  /** The parser's findings (spans index `text`). */
  parse: ParseDiagnostic[];
  flags?: FlagSpan[];
  /** What the parser read. */
  text?: string;
  config: LaunchConfig;
  report: Report | null;
  /** The launch with the best fix applied, in the user's own form and words. */
  corrected: string | null;
  not_in_text: { key: string; reason: string }[];
  class: VerdictClass;
  /** The verdict in plain words. */
  headline: string;
}
export interface Domains {
  gpus: Gpu[];
  archs: Arch[];
  releases: { version: string; modelled: boolean }[];
  /** --attention-backend choices per modelled release. */
  attention_backends: Record<string, string[]>;
}
export interface MatrixCell {
  class: VerdictClass;
  /** SGLang starts but runs another value than the column's (a silent rewrite). */
  rewritten: boolean;
  /** The rule of the first error or risk. */
  code: string | null;
  message: string | null;
  /** What SGLang runs for the column's field. */
  runs: string | null;
  config: LaunchConfig;
}
export interface Matrix {
  kind: "attention" | "dsa" | "dsv4";
  rows: string[];
  columns: string[];
  /** cells[row][column] */
  cells: MatrixCell[][];
  /** Per row: the flags left to SGLang. */
  default: MatrixCell[];
  sglang: string;
}
export interface Arch {
  name: string;
  /** The family's label. */
  label: string;
  /** The reference checkpoint ("" when none is named). */
  model: string;
  provenance: "published" | "transformers-default" | "sglang-config-class" | "stand-in" | "oracle";
  /** The releases whose model registry serves it. */
  releases: string[];
}
"#;

fn to_js<T: Serialize + ?Sized>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("cannot convert the result: {e}")))
}

fn from_js(v: JsValue) -> Result<serde_json::Value, JsError> {
    serde_wasm_bindgen::from_value(v)
        .map_err(|e| JsError::new(&format!("expected a JSON-compatible value: {e}")))
}

/// The one check API (the same as the page's and the CLI's): `input` is a pasted launch in
/// any form (a string: shell command, `docker run`, `--config` YAML, Kubernetes/Compose
/// `command`/`args`), a cookbook-style `{flags, env, model, gpu, sglang}` object (`flags`:
/// argv words, `[name, value]` pairs or `{name, value}` objects; `env`: `"NAME=value"`
/// strings, pairs or an object), or a `LaunchConfig`. `options` (`{gpu, cc, sglang, cuda,
/// arch, fixes}`) complete it. The result's `class` is the verdict ("starts" replaces the
/// cookbook's "Not Verified"), `headline` says it in words, `corrected` is the fixed launch in
/// the user's own form.
///
/// # Errors
/// Throws when `input` is not a string or an object, or a field has the wrong type.
#[wasm_bindgen(unchecked_return_type = "Checked")]
pub fn check(
    #[wasm_bindgen(unchecked_param_type = "string | CookbookLaunch | LaunchConfig")] input: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CheckOptions | undefined")] options: JsValue,
) -> Result<JsValue, JsError> {
    let options = if options.is_undefined() || options.is_null() {
        serde_json::Value::Null
    } else {
        from_js(options)?
    };
    let checked = api::check(from_js(input)?, options).map_err(|e| JsError::new(&e))?;
    to_js(&checked)
}

/// Explains an SGLang error line, log excerpt or traceback: the rules it matches, best first,
/// with the values it names and a validated reproduction (the same as `explainMessage`).
#[wasm_bindgen(unchecked_return_type = "Match[]")]
pub fn explain(text: &str) -> Result<JsValue, JsError> {
    to_js(&api::explain_message(text))
}

/// Everything a picker lists: GPUs, architectures, the known releases (modelled or not) and
/// each modelled release's attention backends.
#[wasm_bindgen(unchecked_return_type = "Domains")]
pub fn domains() -> Result<JsValue, JsError> {
    to_js(&api::domains())
}

/// Validates a configuration: SGLang's errors in SGLang's order with its exact messages,
/// the silent rewrites, the effective configuration and verified fixes.
///
/// # Errors
/// Throws when `config` is not an object or a key has the wrong type (e.g. `gpu: 5`).
#[wasm_bindgen(unchecked_return_type = "Report")]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "LaunchConfig")] config: JsValue,
) -> Result<JsValue, JsError> {
    let report = api::validate(from_js(config)?).map_err(|e| JsError::new(&e))?;
    to_js(&report)
}

/// Evaluates a configuration: the report of `validate` without the verified-fix search
/// (`corrected` is null; faster when only the verdict is needed).
///
/// # Errors
/// Throws when `config` is not an object or a key has the wrong type (e.g. `gpu: 5`).
#[wasm_bindgen(unchecked_return_type = "Report")]
pub fn evaluate(
    #[wasm_bindgen(unchecked_param_type = "LaunchConfig")] config: JsValue,
) -> Result<JsValue, JsError> {
    let report = api::evaluate(from_js(config)?).map_err(|e| JsError::new(&e))?;
    to_js(&report)
}

/// The verdict of `evaluate` without the report: `{class, exit_code, headline, sglang, code,
/// message, findings}` (the first error's rule code and SGLang's message; every error's and
/// warning's code). For gates and for scoring many configurations: the evaluation is the
/// same, and handing this small object to JavaScript costs a fraction of the report's.
///
/// # Errors
/// Throws when `config` is not an object or a key has the wrong type.
#[wasm_bindgen(unchecked_return_type = "Summary")]
pub fn verdict(
    #[wasm_bindgen(unchecked_param_type = "LaunchConfig")] config: JsValue,
) -> Result<JsValue, JsError> {
    let summary = api::verdict(from_js(config)?).map_err(|e| JsError::new(&e))?;
    to_js(&summary)
}

/// The matrix of `preflight matrix`: `kind` `"attention"` (default: every catalogue GPU ×
/// every attention backend of the release, for `config`'s model), `"dsa"` or `"dsv4"` (the
/// sparse prefill × decode backends on `config`'s GPU). Every cell is `evaluate` of its
/// configuration.
///
/// # Errors
/// Throws when `config` is not a LaunchConfig object or `kind` is unknown.
#[wasm_bindgen(unchecked_return_type = "Matrix")]
pub fn matrix(
    #[wasm_bindgen(unchecked_param_type = "LaunchConfig")] config: JsValue,
    #[wasm_bindgen(unchecked_param_type = "\"attention\" | \"dsa\" | \"dsv4\" | undefined")]
    kind: Option<String>,
) -> Result<JsValue, JsError> {
    let m = api::matrix(from_js(config)?, kind.as_deref()).map_err(|e| JsError::new(&e))?;
    to_js(&m)
}

/// Parses a pasted launch command (`python -m sglang.launch_server …`, `sglang serve …`,
/// `docker run … lmsysorg/sglang:TAG …`, or a list of flags) into a configuration, with
/// diagnostics and the byte span of every flag. Never throws for bad text: it becomes
/// diagnostics. `sglang` selects the release whose flags are read (default: the image
/// tag's, else the newest). Spans are JavaScript string indices (UTF-16).
#[wasm_bindgen(js_name = parseCommand, unchecked_return_type = "Parsed")]
pub fn parse_command(text: &str, sglang: Option<String>) -> Result<JsValue, JsError> {
    to_js(&api::parsed_for_js(&api::parse_command(text, sglang), text))
}

/// Reads a pasted launch in any form — a command, `docker run`, a `--config` YAML file or a
/// Kubernetes/Compose container's `command`/`args` — as the web page's *Paste a launch* does.
/// Returns a `Parsed` plus `kind` (`command`, `config-yaml`, `container`) and `query` (the
/// configuration in the page's URL format). Never throws for bad text.
#[wasm_bindgen(js_name = readLaunch, unchecked_return_type = "Parsed & { kind: string; query: string }")]
pub fn read_launch(text: &str, sglang: Option<String>) -> Result<JsValue, JsError> {
    to_js(&api::read_launch(text, sglang))
}

/// Parses an SGLang `--config` YAML file's text (spans point into it).
#[wasm_bindgen(js_name = parseConfigYaml, unchecked_return_type = "Parsed")]
pub fn parse_config_yaml(text: &str, sglang: Option<String>) -> Result<JsValue, JsError> {
    to_js(&api::parsed_for_js(
        &api::parse_config_yaml(text, sglang),
        text,
    ))
}

/// Applies a fix's changes (`report.corrected.changes`) to the command text, keeping
/// everything else the user wrote; SGLang-refused spellings are corrected too.
///
/// # Errors
/// Throws when `changes` is not an array of `{key, to}` objects.
#[wasm_bindgen(js_name = correctCommand, unchecked_return_type = "Rewrite")]
pub fn correct_command(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "Change[]")] changes: JsValue,
    sglang: Option<String>,
) -> Result<JsValue, JsError> {
    let r = api::correct_command(text, from_js(changes)?, sglang).map_err(|e| JsError::new(&e))?;
    to_js(&r)
}

/// Finds the rules whose SGLang message an error line, log or traceback contains, best
/// first, with the values it names and (when it names a GPU and an architecture) a
/// validated reproduction.
#[wasm_bindgen(js_name = explainMessage, unchecked_return_type = "Match[]")]
pub fn explain_message(text: &str) -> Result<JsValue, JsError> {
    to_js(&api::explain_message(text))
}

/// The rule catalogue, sorted by code.
#[wasm_bindgen(unchecked_return_type = "RuleView[]")]
pub fn rules() -> Result<JsValue, JsError> {
    to_js(&preflight_core::catalogue::rules())
}

/// The command parser's diagnostic codes (`PARSE…`).
#[wasm_bindgen(js_name = parseCodes, unchecked_return_type = "ParseCodeView[]")]
pub fn parse_codes() -> Result<JsValue, JsError> {
    to_js(&preflight_core::catalogue::parse_codes())
}

/// The GPU catalogue.
#[wasm_bindgen(unchecked_return_type = "Gpu[]")]
pub fn gpus() -> Result<JsValue, JsError> {
    to_js(preflight_core::domains::gpu::GPUS)
}

/// Every architecture of the known releases' model registries (name, family label, reference
/// checkpoint, provenance of its built-in config, the releases that serve it). The facts the
/// checks read come with each report (`report.model.facts`).
#[wasm_bindgen(unchecked_return_type = "Arch[]")]
pub fn archs() -> Result<JsValue, JsError> {
    to_js(preflight_core::domains::arch::archs())
}

/// The modelled SGLang releases, oldest first (`["0.5.19", "0.5.23"]`).
#[wasm_bindgen(unchecked_return_type = "string[]")]
pub fn releases() -> Result<JsValue, JsError> {
    let v: Vec<&str> = preflight_core::SglangVersion::all()
        .map(|v| v.as_str())
        .collect();
    to_js(&v)
}

/// Reads a query string in the web page's URL format (`?gpu=RTX%205090&kv-cache-dtype=bf16`)
/// into a configuration: the same parser as the page and the `<sglang-preflight>` element.
#[wasm_bindgen(js_name = configFromQuery, unchecked_return_type = "LaunchConfig")]
pub fn config_from_query(query: &str) -> Result<JsValue, JsError> {
    to_js(&preflight_core::url_state::from_query(query))
}

/// Writes a configuration in the web page's URL format (with a leading `?`): the link to the
/// page that shows it.
///
/// # Errors
/// Throws when `config` is not a LaunchConfig object.
#[wasm_bindgen(js_name = configToQuery)]
pub fn config_to_query(
    #[wasm_bindgen(unchecked_param_type = "LaunchConfig")] config: JsValue,
) -> Result<String, JsError> {
    let cfg = api::config(from_js(config)?).map_err(|e| JsError::new(&e))?;
    Ok(preflight_core::url_state::to_query(&cfg))
}
