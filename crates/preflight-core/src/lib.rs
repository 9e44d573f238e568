//! Preflight's pure core: SGLang launch-configuration domains, resolution, rules, fixes
//! and command rendering. No I/O, no wasm or browser dependencies.
//!
//! Entry point: [`validate`] takes a [`LaunchConfig`] and returns a [`Report`] with every
//! error SGLang would raise (in SGLang's order, with SGLang's exact messages), the
//! rewrites it would apply silently, the effective configuration, and verified fixes.
//! It never panics on user input: every problem is a diagnostic.

#![warn(missing_docs)]

pub mod args;
pub mod catalogue;
pub mod check;
pub mod command;
pub mod compare;
pub mod config;
pub mod coverage;
pub mod domains;
pub mod explain;
pub mod export;
pub mod fields;
pub mod fix;
pub mod generated;
pub mod launch;
pub mod matrix;
pub mod model;
pub mod parse;
pub mod pipeline;
pub mod py;
pub mod pyfmt;
pub mod report;
pub mod rules;
pub mod sglang_cli;
pub mod suggest;
pub mod url_state;
pub mod version;

pub use config::LaunchConfig;
pub use report::{Diagnostic, Report, Severity, Stage, Summary, Verdict, VerdictClass};
pub use version::SglangVersion;

use domains::flags::find_flag;
use domains::gpu::{DEFAULT_CUDA, Hardware, find_gpu, parse_capability, parse_cuda};
use pipeline::{Ctx, State, diagnostic};
use pyfmt::PyVal;

/// Validates a configuration: diagnostics, effective configuration, commands and fixes.
pub fn validate(cfg: &LaunchConfig) -> Report {
    let mut report = evaluate(cfg);
    let v = version_of(cfg);
    if report.verdict == Verdict::Error {
        let fixes = fix::search(cfg, v, &report.diagnostics, &diagnose);
        // a change of hardware is shown apart (its diagnostic's fixes), never as the corrected launch
        report.corrected = fixes.iter().find(|f| !f.changes_hardware).cloned();
        for d in report
            .diagnostics
            .iter_mut()
            .filter(|d| d.severity == Severity::Error)
        {
            d.fixes = fixes.clone();
        }
    }
    report
}

/// The release a configuration names, modelled or not (its argparse table is known for every
/// known release): the one whose parser renders, exports and reads the launch. The newest
/// modelled one when absent or unknown. Checks use [`version_of`].
pub fn release_of(cfg: &LaunchConfig) -> SglangVersion {
    cfg.sglang
        .as_deref()
        .and_then(SglangVersion::parse_known)
        .unwrap_or(SglangVersion::LATEST)
}

/// The release a configuration is evaluated with: the one it asks for when modelled, the
/// nearest modelled one for a known but unmodelled release, the newest modelled one when
/// absent or unknown.
pub fn version_of(cfg: &LaunchConfig) -> SglangVersion {
    match cfg.sglang.as_deref().and_then(SglangVersion::parse_known) {
        Some(v) => v.nearest_modelled(),
        None => SglangVersion::LATEST,
    }
}

/// Validates without searching for fixes: the diagnostics, the resolved table and the command.
pub fn evaluate(cfg: &LaunchConfig) -> Report {
    evaluate_with(cfg, Detail::FULL)
}

/// The diagnostics of [`evaluate`] alone, what the fix search reads for every candidate: the
/// resolved table and the rendered command are not built (the same checks run).
pub fn diagnose(cfg: &LaunchConfig) -> Vec<Diagnostic> {
    evaluate_with(cfg, Detail::DIAGNOSTICS).diagnostics
}

/// What an evaluation builds besides its diagnostics (the parts a caller does not read are left
/// empty: `resolved` empty, `command` an empty string).
#[derive(Clone, Copy)]
pub(crate) struct Detail<'a> {
    /// The resolved table ([`Report::resolved`]).
    pub resolved: bool,
    /// With `resolved`: only this row of the table (a matrix cell reads one field).
    pub only: Option<&'a str>,
    /// The rendered command ([`Report::command`]).
    pub command: bool,
}

impl Detail<'_> {
    /// Everything ([`evaluate`]).
    pub const FULL: Detail<'static> = Detail {
        resolved: true,
        only: None,
        command: true,
    };
    /// Diagnostics only ([`diagnose`]).
    pub const DIAGNOSTICS: Detail<'static> = Detail {
        resolved: false,
        only: None,
        command: false,
    };
}

/// [`evaluate`] building only the parts `detail` asks for.
pub(crate) fn evaluate_with(cfg: &LaunchConfig, detail: Detail<'_>) -> Report {
    let v = version_of(cfg);
    let mut diags = Vec::new();
    let normalized = normalize(cfg, v, &mut diags);
    let cfg: &LaunchConfig = &normalized;

    if let Some(s) = cfg
        .sglang
        .as_deref()
        .filter(|s| SglangVersion::parse(s).is_none())
    {
        let known = SglangVersion::all()
            .map(|v| v.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        diags.push(diagnostic(
            v,
            &rules::input::UNKNOWN_VERSION,
            &[
                ("version", PyVal::s(s)),
                ("used", PyVal::s(v.as_str())),
                ("known", PyVal::s(known)),
            ],
        ));
    }

    let cuda = match cfg.cuda_version.as_deref() {
        None => DEFAULT_CUDA,
        Some(s) => parse_cuda(s).unwrap_or_else(|| {
            diags.push(bad_setting(
                v,
                "cuda_version",
                s,
                "expected a CUDA version such as 12.9",
            ));
            DEFAULT_CUDA
        }),
    };

    let hw = match (cfg.gpu.as_deref(), cfg.compute_capability.as_deref()) {
        (Some(name), _) if !name.trim().is_empty() => match find_gpu(name) {
            Some(g) => Some(Hardware::from_gpu(g, cuda)),
            None => {
                diags.push(diagnostic(
                    v,
                    &rules::input::UNKNOWN_GPU,
                    &[("gpu", PyVal::s(name))],
                ));
                None
            }
        },
        (_, Some(cc)) if !cc.trim().is_empty() => match parse_capability(cc) {
            Some(c) => Some(Hardware::custom_nvidia(c, cuda)),
            None => {
                diags.push(bad_setting(
                    v,
                    "compute_capability",
                    cc,
                    "expected major.minor such as 12.0",
                ));
                None
            }
        },
        _ => {
            diags.push(diagnostic(v, &rules::input::NO_GPU, &[]));
            None
        }
    };

    // a ROCm image runs on AMD GPUs only
    if let (Some(rocm), Some(h)) = (cfg.rocm_version.as_deref(), hw.as_ref())
        && h.is_cuda()
    {
        diags.push(bad_setting(
            v,
            "rocm_version",
            rocm,
            "an image for the GPU's vendor: this ROCm image does not run on an NVIDIA GPU (use a CUDA image such as lmsysorg/sglang:vX.Y.Z-cu129, or pick an AMD GPU)",
        ));
    }

    let parsed = args::parse(cfg, v);
    let overrides = model_overrides(cfg, v, &mut diags);
    let opts = model::options(&parsed.args, false);
    let (model, model_diags) = model_step(cfg, v, overrides.as_ref(), &opts);
    diags.extend(model_diags);

    diags.extend(parsed.diags.iter().cloned());
    unmodelled_notes(cfg, v, &mut diags);

    let mut st = State::new(&parsed.args);
    // evaluation goes on with the nearest modelled release when the asked one is not modelled
    let blocked = diags
        .iter()
        .any(|d| d.severity == Severity::Error && d.code != rules::input::UNKNOWN_VERSION.code);
    let mut resolved = Vec::new();
    if let (Some(hw), Some((_, model)), false) = (hw.clone(), model.as_deref(), blocked) {
        let ctx = Ctx {
            v,
            hw,
            model,
            cfg,
            args: &parsed.args,
            given: &parsed.given,
        };
        pipeline::run(&ctx, &mut st);
        if detail.resolved {
            resolved = pipeline::resolved(&ctx, &st, detail.only);
        }
    }
    diags.append(&mut st.diags);
    let verdict = if diags.iter().any(|d| d.severity == Severity::Error) {
        Verdict::Error
    } else {
        Verdict::Ok
    };
    let class = VerdictClass::of(&diags);
    let scope = diags
        .iter()
        .find(|d| d.severity == Severity::Error && d.stage == Stage::Input)
        .map(|d| {
            if d.code == rules::input::CONSTRUCTION_UNREVIEWED.code
                || d.code == rules::input::ARCH_NOT_REGISTERED.code
            {
                report::CONSTRUCTION_SCOPE
            } else {
                report::PARTIAL_SCOPE
            }
        });
    Report {
        verdict,
        class,
        sglang: v.to_string(),
        hardware: hw,
        arch: model.as_deref().map(|(_, m)| m.arch().to_string()),
        model: model.as_deref().map(|(c, m)| report::ModelReport {
            source: c.source.clone(),
            checkpoint: c.checkpoint.clone(),
            provenance: c.provenance.clone(),
            assumed: c.assumed.clone(),
            hybrid_linear: m.mambaish(),
            facts: std::sync::Arc::clone(m),
        }),
        diagnostics: diags,
        resolved,
        command: if detail.command {
            command::render_command(cfg)
        } else {
            String::new()
        },
        corrected: None,
        scope,
        args: (!blocked).then_some(st.cur),
    }
}

/// Whether `name` can be an environment variable in a shell assignment (`[A-Za-z_][A-Za-z0-9_]*`).
pub fn valid_env_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Input normalisation before evaluation: a key spelled as another option string of the
/// release's parser (0.5.19's `nsa_prefill_backend` → `dsa_prefill_backend`) is stored under
/// the field it writes; environment variables whose names no shell accepts are refused (and never
/// rendered into a command).
fn normalize<'a>(
    cfg: &'a LaunchConfig,
    v: SglangVersion,
    diags: &mut Vec<Diagnostic>,
) -> std::borrow::Cow<'a, LaunchConfig> {
    use std::borrow::Cow;
    // most launches need no change: the configuration (with its config.json) is cloned only
    // when a key is renamed or an environment variable dropped
    let mut out = Cow::Borrowed(cfg);
    for key in cfg.args.keys() {
        if sglang_cli::find_dest(key, v).is_some() {
            continue;
        }
        let dashed = format!("--{}", key.replace('_', "-"));
        if let Some(opt) = sglang_cli::find_exact(&dashed, v).filter(|o| o.dest != key.as_str())
            && let Some(value) = out.to_mut().args.remove(key)
        {
            // `no_x: true` (the `--no-x` spelling of a BooleanOptionalAction) is `x: false`
            let value = match (opt.is_negative(&dashed), &value) {
                (true, serde_json::Value::Bool(b)) => serde_json::Value::Bool(!b),
                _ => value,
            };
            out.to_mut()
                .args
                .entry(opt.dest.to_string())
                .or_insert(value);
        }
    }
    for name in cfg.env.keys() {
        if !valid_env_name(name) {
            out.to_mut().env.remove(name);
            let mut d = diagnostic(
                v,
                &rules::input::BAD_ENV_NAME,
                &[("name", PyVal::s(name.clone()))],
            );
            d.flags = vec![format!("env.{name}").into()];
            diags.push(d);
        }
    }
    out
}

/// The model step of [`evaluate`]: the facts a launch is judged with, or the diagnostics
/// saying why there are none.
type ModelStep = (
    Option<std::rc::Rc<(model::ModelChoice, std::sync::Arc<model::ModelConfig>)>>,
    Vec<Diagnostic>,
);

thread_local! {
    /// The last model step and its key: the fix search and the page evaluate the same model
    /// with many flag variants, and choosing, loading and deriving the config was a fifth of
    /// an evaluation (BENCHMARKS.md).
    static LAST_MODEL_STEP: std::cell::RefCell<Option<(ModelStepKey, ModelStep)>> =
        const { std::cell::RefCell::new(None) };
}

/// What [`model_step`] reads, the key of its memo.
#[derive(Clone, Debug, PartialEq)]
struct ModelStepKey {
    v: SglangVersion,
    arch: Option<String>,
    model_path: Option<String>,
    model_config: Option<serde_json::Value>,
    overrides: Option<serde_json::Map<String, serde_json::Value>>,
    opts: model::ModelOptions,
}

impl ModelStepKey {
    /// Whether this key is the one of these inputs (compared in place: a hit allocates nothing).
    fn is(
        &self,
        cfg: &LaunchConfig,
        v: SglangVersion,
        overrides: Option<&serde_json::Map<String, serde_json::Value>>,
        opts: &model::ModelOptions,
    ) -> bool {
        self.v == v
            && self.arch == cfg.arch
            && self.model_path == cfg.model_path
            && self.model_config == cfg.model_config
            && self.overrides.as_ref() == overrides
            && self.opts == *opts
    }
}

/// Chooses the model's config ([`model::choose`]), loads it with the overrides and derives
/// SGLang's `ModelConfig`; memoised on everything it reads (release, architecture, model path,
/// the user's config.json, the overrides and the `ServerArgs` fields `ModelConfig` takes).
fn model_step(
    cfg: &LaunchConfig,
    v: SglangVersion,
    overrides: Option<&serde_json::Map<String, serde_json::Value>>,
    opts: &model::ModelOptions,
) -> ModelStep {
    if let Some(hit) = LAST_MODEL_STEP.with_borrow(|last| {
        last.as_ref()
            .filter(|(k, _)| k.is(cfg, v, overrides, opts))
            .map(|(_, step)| step.clone())
    }) {
        return hit;
    }
    let mut out = Vec::new();
    let model = match model::choose(cfg) {
        Ok(choice) => match model::HfConfig::load(&choice.config, overrides) {
            Ok(hf) => match model::ModelConfig::new(v, &hf, opts) {
                Ok(m) => Some(std::rc::Rc::new((choice, std::sync::Arc::new(m)))),
                Err(e) => {
                    let config = match &choice.source {
                        model::ModelSource::Config => "the given config.json".to_string(),
                        _ => format!("its built-in config ({})", choice.provenance),
                    };
                    out.push(diagnostic(
                        v,
                        &rules::input::MODEL_CONFIG_UNDERIVABLE,
                        &[
                            ("arch", PyVal::s(choice.arch.clone())),
                            ("config", PyVal::s(config)),
                            ("reason", PyVal::s(e.message)),
                        ],
                    ));
                    None
                }
            },
            Err(_) => {
                out.push(diagnostic(
                    v,
                    &rules::input::UNKNOWN_ARCH,
                    &[("arch", PyVal::s(choice.arch.clone()))],
                ));
                None
            }
        },
        Err(model::ModelUnknown::Model(p)) => {
            out.push(diagnostic(
                v,
                &rules::input::UNKNOWN_MODEL,
                &[("model", PyVal::s(p))],
            ));
            None
        }
        Err(u) => {
            let arch = match u {
                model::ModelUnknown::Architecture(a) => a,
                model::ModelUnknown::BadConfig(reason) => format!("config.json: {reason}"),
                _ => cfg.arch.clone().unwrap_or_default(),
            };
            out.push(diagnostic(
                v,
                &rules::input::UNKNOWN_ARCH,
                &[("arch", PyVal::s(arch))],
            ));
            None
        }
    };
    let step = (model, out);
    let key = ModelStepKey {
        v,
        arch: cfg.arch.clone(),
        model_path: cfg.model_path.clone(),
        model_config: cfg.model_config.clone(),
        overrides: overrides.cloned(),
        opts: opts.clone(),
    };
    LAST_MODEL_STEP.with_borrow_mut(|last| *last = Some((key, step.clone())));
    step
}

/// `--json-model-override-args` as a JSON object (SGLang merges it into the HF config,
/// `model::HfConfig::apply_overrides`); `None` when unset, with an input error when it is not a
/// JSON object.
fn model_overrides(
    cfg: &LaunchConfig,
    v: SglangVersion,
    diags: &mut Vec<Diagnostic>,
) -> Option<serde_json::Map<String, serde_json::Value>> {
    let text = cfg.arg("json_model_override_args")?;
    let parsed: Result<serde_json::Map<String, serde_json::Value>, _> = serde_json::from_str(&text);
    match parsed {
        Ok(map) => Some(map),
        Err(_) => {
            diags.push(bad_setting(
                v,
                "json_model_override_args",
                &text,
                "expected a JSON object",
            ));
            None
        }
    }
}

fn bad_setting(v: SglangVersion, key: &str, value: &str, expected: &str) -> Diagnostic {
    let mut d = diagnostic(
        v,
        &rules::input::BAD_SETTING,
        &[
            ("key", PyVal::s(key)),
            ("value", PyVal::s(value)),
            ("expected", PyVal::s(expected)),
        ],
    );
    d.flags = vec![key.to_string().into()];
    d
}

/// The architecture of a well-known model id (`zai-org/GLM-5` → `GlmMoeDsaForCausalLM`); see
/// [`model::builtin::find_model`].
pub fn arch_of_model(model_path: &str) -> Option<&'static str> {
    model::builtin::find_model(model_path).map(|m| m.arch)
}

/// Fields whose features change checks beyond argument resolution (hierarchical sparse attention,
/// decode/prefill context parallelism, two-batch overlap, multi-item scoring, other devices, ...):
/// when no rule reads one of them, its note is the warning INPUT007 (the verdict may differ from
/// SGLang's) rather than the note INPUT006.
const INFLUENTIAL: &[&str] = &[
    "enable_hisparse",
    "dcp_size",
    "enable_prefill_cp",
    "enable_two_batch_overlap",
    "enable_mis",
    "dsa_paged_mqa_logits_backend",
    "device",
    "enable_dsa_cache_layer_split",
    "dllm_algorithm",
    "prefill_only_disable_kv_cache",
    "enable_unified_memory",
];

/// Whether some rule's check reads `dest` (it is among the rule's `flags`); the set is built once
/// (this runs on every evaluation).
fn read_by_a_rule(dest: &str) -> bool {
    static READ: std::sync::OnceLock<rustc_hash::FxHashSet<&'static str>> =
        std::sync::OnceLock::new();
    READ.get_or_init(|| {
        rules::all()
            .iter()
            .flat_map(|r| r.flags.iter().copied())
            .collect()
    })
    .contains(dest)
}

/// Notes on the fields Preflight does not model (their checks are not evaluated): fields that
/// are neither a picker flag nor among the `flags` of any rule (the fields a check reads).
fn unmodelled_notes(cfg: &LaunchConfig, v: SglangVersion, diags: &mut Vec<Diagnostic>) {
    for key in cfg.args.keys() {
        let dashed = format!("--{}", key.replace('_', "-"));
        let Some(opt) =
            sglang_cli::find_dest(key, v).or_else(|| sglang_cli::find_exact(&dashed, v))
        else {
            continue; // argparse refuses it (ARG003)
        };
        // a picker flag, or a field some rule's check reads (its `flags`): modelled
        if find_flag(key).is_some() || read_by_a_rule(opt.dest) {
            continue;
        }
        let rule = if INFLUENTIAL.contains(&opt.dest) {
            &rules::input::UNMODELLED_INFLUENTIAL
        } else {
            &rules::input::UNMODELLED_ARG
        };
        let mut d = diagnostic(v, rule, &[("flag", PyVal::s(opt.canonical()))]);
        d.flags = vec![key.to_string().into()];
        diags.push(d);
    }
}
