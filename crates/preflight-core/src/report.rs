//! What validation returns: diagnostics, the effective configuration, commands, fixes.

use crate::config::LaunchConfig;
use crate::domains::gpu::Hardware;
use serde::Serialize;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// SGLang refuses to start (an exception), or the input cannot be evaluated.
    Error,
    /// SGLang starts but something is likely to go wrong (known kernel failures, risky rewrites).
    Warning,
    /// SGLang silently rewrote or defaulted a value.
    Info,
}

/// When SGLang would fail or act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Preflight's own input checks (unknown GPU, unknown architecture …).
    Input,
    /// argparse, before anything else (`invalid choice`).
    Argparse,
    /// Argument resolution (`run_resolution_pipeline`), seconds after launch.
    Resolution,
    /// Start-up checks after resolution and before any weight is loaded (parallel topology,
    /// model-config derivation in the scheduler).
    Startup,
    /// Model-runner / attention-backend construction, after the model config is built.
    Construction,
    /// A kernel (JIT or first forward / CUDA-graph capture): not an SGLang argument check.
    Kernel,
}

impl Stage {
    /// Label shown to users.
    pub fn label(self) -> &'static str {
        match self {
            Stage::Input => "input",
            Stage::Argparse => "argument parsing",
            Stage::Resolution => "argument resolution",
            Stage::Startup => "start-up",
            Stage::Construction => "backend construction",
            Stage::Kernel => "kernel / first forward",
        }
    }
}

/// A source location: `file:line@version`. Serialised with its `url` (see [`SourceLoc::url`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SourceLoc {
    /// Repository-relative path, e.g. `python/sglang/srt/arg_groups/overrides.py`, or the URL
    /// of a cited public report.
    pub file: &'static str,
    /// 1-based line.
    pub line: u32,
    /// Release the line refers to (`0.5.23`).
    pub version: &'static str,
    /// The release's git tag (`v0.5.23`).
    pub tag: &'static str,
}

impl SourceLoc {
    /// `file:line@version`.
    pub fn cite(&self) -> String {
        format!("{}:{}@{}", self.file, self.line, self.version)
    }

    /// Link to the line on GitHub at the release tag (or the cited public report); formatted
    /// when an edge shows it, not on every evaluation.
    pub fn url(&self) -> String {
        if self.file.starts_with("http") {
            self.file.to_string()
        } else {
            format!(
                "https://github.com/sgl-project/sglang/blob/{}/{}#L{}",
                self.tag, self.file, self.line
            )
        }
    }
}

impl Serialize for SourceLoc {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = ser.serialize_struct("SourceLoc", 4)?;
        st.serialize_field("file", self.file)?;
        st.serialize_field("line", &self.line)?;
        st.serialize_field("version", self.version)?;
        st.serialize_field("url", &self.url())?;
        st.end()
    }
}

/// One change to the configuration.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Change {
    /// Generic key: a `ServerArgs` name, `gpu`, `compute_capability` or `env.NAME`.
    pub key: String,
    /// Value before (`None` = unset).
    pub from: Option<String>,
    /// Value after (`None` = unset, i.e. back to SGLang's default).
    pub to: Option<String>,
}

impl Change {
    /// Human form: `--kv-cache-dtype fp8_e4m3`, `remove --dsa-prefill-backend`, `GPU → H100`.
    pub fn describe(&self) -> String {
        let name = match self.key.as_str() {
            "gpu" => "GPU".to_string(),
            "compute_capability" => "compute capability".to_string(),
            "cuda_version" => "CUDA".to_string(),
            k if k.starts_with("env.") => k[4..].to_string(),
            k => format!("--{}", k.replace('_', "-")),
        };
        match (&self.to, self.key.as_str()) {
            (Some(v), "gpu" | "compute_capability" | "cuda_version") => format!("{name} → {v}"),
            (Some(v), k) if k.starts_with("env.") => format!("{name}={v}"),
            (Some(v), _) => {
                if v == "true"
                    && crate::domains::flags::find_flag(&self.key)
                        .is_some_and(|f| matches!(f.kind, crate::domains::flags::FlagKind::Bool))
                {
                    name
                } else {
                    format!("{name} {v}")
                }
            }
            (None, _) => format!("remove {name}"),
        }
    }
}

/// A corrected configuration, verified by the validator to raise no error.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fix {
    /// One-line description, e.g. `--kv-cache-dtype fp8_e4m3`.
    pub title: String,
    /// The changes, in flag order.
    pub changes: Vec<Change>,
    /// True when the fix changes the GPU: searched only when no software fix exists, shown
    /// apart, and never the report's `corrected` launch.
    pub changes_hardware: bool,
    /// The corrected configuration.
    pub config: LaunchConfig,
    /// The corrected launch command.
    pub command: String,
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Diagnostic {
    /// Stable rule code, e.g. `DSA003`.
    pub code: &'static str,
    /// Rule name in kebab case.
    pub name: &'static str,
    /// Severity.
    pub severity: Severity,
    /// When it happens.
    pub stage: Stage,
    /// The Python exception class SGLang raises (`ValueError`, `AssertionError`, …), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exception: Option<&'static str>,
    /// SGLang's exact message (or log line) for this configuration.
    pub message: String,
    /// What it means, in our own words.
    pub explanation: &'static str,
    /// Where SGLang raises it.
    pub source: Option<SourceLoc>,
    /// `ServerArgs` names (and `gpu`, `arch`, `env.NAME`) involved.
    pub flags: Vec<crate::args::value::Str>,
    /// True when SGLang itself raises or logs this; false for Preflight's own findings
    /// (input checks, known kernel failures).
    pub raised_by_sglang: bool,
    /// Verified corrections, best first (errors only): software fixes, or, when none exists,
    /// one change of hardware (`changes_hardware`).
    pub fixes: Vec<Fix>,
    /// A note on an input mistake (argparse's `unrecognized arguments` / `invalid choice`):
    /// an option renamed, removed or added in another release, or the closest known option
    /// or choice ([`crate::suggest`]). The message stays SGLang's own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// How a rule page (the page's `#/rules/CODE`, `preflight explain CODE`) shows a message template
/// that is empty because SGLang raises it with a bare `assert`.
pub const EMPTY_TEMPLATE: &str = "(empty: a bare assert)";

impl Diagnostic {
    /// The message as the page and the CLI show it: SGLang's own text, or, for a bare `assert`
    /// (an empty message; Python's traceback ends in a line reading only `AssertionError`), what
    /// the log shows in its place.
    pub fn shown_message(&self) -> std::borrow::Cow<'_, str> {
        if self.message.is_empty() {
            format!(
                "{} (a bare assert: no message)",
                self.exception.unwrap_or("AssertionError")
            )
            .into()
        } else {
            self.message.as_str().into()
        }
    }
}

/// Where a resolved value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "rule")]
pub enum Origin {
    /// The user set it and SGLang kept it.
    User,
    /// SGLang's default (nothing rewrote it).
    Default,
    /// Set or rewritten by the rule with this code.
    Rule(&'static str),
    /// Declared by this SGLang resolution step (`declare_resolution(server_args, "<step>", ...)`),
    /// with no Preflight rule of its own (a silent rewrite).
    Step(&'static str),
}

/// Overall verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// No error: SGLang would start (warnings may remain).
    Ok,
    /// At least one error.
    Error,
}

/// What will happen to the launch, in the terms a CI gate and a person act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VerdictClass {
    /// SGLang refuses it: argparse, resolution, start-up or construction raises.
    Refused,
    /// SGLang starts, then a known kernel failure stops it at the first forward (cited).
    Crashes,
    /// SGLang starts, with known risks (a slow path, output reported wrong).
    StartsWithRisks,
    /// SGLang starts.
    Starts,
    /// Preflight cannot judge the launch: an input it does not understand (unknown model,
    /// GPU or release, unreadable command).
    CannotJudge,
}

impl VerdictClass {
    /// The class of a set of diagnostics: the worst finding decides. argparse runs before
    /// anything else, so its refusals stand even when Preflight does not know the model or GPU.
    pub fn of(diags: &[Diagnostic]) -> VerdictClass {
        let errors = || diags.iter().filter(|d| d.severity == Severity::Error);
        if errors().any(|d| d.stage == Stage::Argparse) {
            VerdictClass::Refused
        } else if errors().any(|d| d.stage == Stage::Input) {
            VerdictClass::CannotJudge
        } else if errors().any(|d| d.stage != Stage::Kernel) {
            VerdictClass::Refused
        } else if errors().next().is_some() {
            VerdictClass::Crashes
        } else if diags
            .iter()
            .any(|d| d.severity == Severity::Warning && d.stage == Stage::Kernel)
        {
            VerdictClass::StartsWithRisks
        } else {
            VerdictClass::Starts
        }
    }

    /// The process exit code a CI gate reads: 0 starts (with or without risks, unless
    /// `fail_on_risk`), 1 refused or crashes, 2 cannot judge.
    pub fn exit_code(self, fail_on_risk: bool) -> u8 {
        match self {
            VerdictClass::Starts => 0,
            VerdictClass::StartsWithRisks => u8::from(fail_on_risk),
            VerdictClass::Refused | VerdictClass::Crashes => 1,
            VerdictClass::CannotJudge => 2,
        }
    }

    /// The verdict in plain words, e.g. `SGLang 0.5.23 would refuse this launch`.
    pub fn headline(self, sglang: &str) -> String {
        match self {
            VerdictClass::Refused => format!("SGLang {sglang} would refuse this launch"),
            VerdictClass::Crashes => {
                format!("SGLang {sglang} would start this launch, then crash at the first forward")
            }
            VerdictClass::StartsWithRisks => {
                format!("SGLang {sglang} would start this launch, with known risks")
            }
            VerdictClass::Starts => format!("SGLang {sglang} would start this launch"),
            VerdictClass::CannotJudge => "Preflight cannot judge this launch".to_string(),
        }
    }

    /// [`VerdictClass::headline`], and for "cannot judge" why (`why`: the input Preflight does
    /// not understand) and what was checked without it (`scope`, [`PARTIAL_SCOPE`]): the one
    /// wording of the page, the CLI and the JS API.
    pub fn headline_with(self, sglang: &str, why: Option<&str>, scope: Option<&str>) -> String {
        match (self, why) {
            (VerdictClass::CannotJudge, Some(w)) => {
                let scope = scope.map(|s| format!(" {s}")).unwrap_or_default();
                format!("{}: {w}{scope}", self.headline(sglang))
            }
            _ => self.headline(sglang),
        }
    }

    /// The short label (`refused`, `crashes at first forward`, ...).
    pub fn label(self) -> &'static str {
        match self {
            VerdictClass::Refused => "refused",
            VerdictClass::Crashes => "crashes at first forward",
            VerdictClass::StartsWithRisks => "starts with risks",
            VerdictClass::Starts => "starts",
            VerdictClass::CannotJudge => "cannot judge",
        }
    }
}

/// What an evaluation stopped by an unknown input checked, in the words the page, the CLI and
/// the JS API show after "Preflight cannot judge this launch: …": SGLang's argument parser runs
/// before it reads the model or probes the GPU (`server_args.py` `prepare_server_args`), so its
/// refusals stand; everything after it needs the unknown input.
pub const PARTIAL_SCOPE: &str = "Checked without it: SGLang's argument parser (every flag's type and choices) and Preflight's input checks; SGLang's resolution, model and backend checks need it and did not run.";

/// What an evaluation stopped at the model's construction checked (INPUT012, the model's layers
/// are not reviewed): everything before SGLang builds the model.
pub const CONSTRUCTION_SCOPE: &str = "Checked: SGLang's argument parser, its resolution and start-up checks and Preflight's input checks; the model's construction, and the KV cache and attention backends built after it, were not judged.";

/// The model a launch was judged with.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelReport {
    /// Where the config comes from (`config`, `model_id`, `architecture`).
    pub source: crate::model::ModelSource,
    /// The checkpoint whose config the facts are taken from (empty for the launch's own config).
    pub checkpoint: String,
    /// How that config was obtained (`config.json`, `published`, `transformers-default`, …).
    pub provenance: String,
    /// What Preflight assumed about the user's checkpoint, in words (empty for its own config).
    pub assumed: Vec<String>,
    /// The facts (`ModelConfig`), shared with the evaluation's memo (one model is judged with
    /// many flag variants; the facts are read, never changed).
    pub facts: std::sync::Arc<crate::model::ModelConfig>,
    /// A hybrid linear-attention / state-space model (`mambaish_config`).
    pub hybrid_linear: bool,
}

impl ModelReport {
    /// Where the model's facts come from, in words: `facts from the launch's own config.json`,
    /// or what Preflight assumed (`facts from the reference config of Qwen2ForCausalLM
    /// (Qwen/Qwen2.5-7B-Instruct)`, with the recorded differences of a known model id). The
    /// CLI prints it as `model:`, the page under the verdict.
    pub fn facts(&self) -> String {
        if self.source == crate::model::ModelSource::Config || self.assumed.is_empty() {
            "facts from the launch's own config.json".into()
        } else {
            self.assumed.join("; ")
        }
    }

    /// True when the facts are a reference checkpoint's, not the launch's own config.json.
    pub fn is_assumed(&self) -> bool {
        self.source != crate::model::ModelSource::Config
    }
}

/// The result of [`crate::validate`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// `ok` or `error` (any error, a known kernel crash included).
    pub verdict: Verdict,
    /// What will happen, in plain classes (see [`VerdictClass`]).
    pub class: VerdictClass,
    /// The release evaluated.
    pub sglang: String,
    /// The hardware evaluated, when it could be determined.
    pub hardware: Option<Hardware>,
    /// The architecture evaluated.
    pub arch: Option<String>,
    /// The model facts the launch was judged with and where they come from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<ModelReport>,
    /// Findings, in the order SGLang would raise or log them.
    pub diagnostics: Vec<Diagnostic>,
    /// The effective configuration, one entry per row of [`crate::fields::RESOLVED_FIELDS`]
    /// (on an error: what had been resolved so far; empty when the input checks failed).
    pub resolved: Vec<crate::fields::ResolvedValue>,
    /// The launch command for the configuration as given.
    pub command: String,
    /// The best verified software fix for all errors, if any (also the first fix of the first
    /// error); `None` when only a change of hardware fixes the launch.
    pub corrected: Option<Fix>,
    /// When an input Preflight does not understand (model, GPU, setting) stopped the
    /// evaluation: what was checked without it and what was not ([`PARTIAL_SCOPE`], or
    /// [`CONSTRUCTION_SCOPE`] when it stopped at the model's construction); `None`
    /// when the launch was judged whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<&'static str>,
    /// Every `ServerArgs` field as resolution left it (`None` when the input checks failed).
    #[serde(skip)]
    pub args: Option<Box<crate::args::ServerArgs>>,
}

/// A report reduced to its verdict ([`Report::summary`]): what a CI gate reads, without the
/// resolved table, the model facts and the texts of every finding (the JS API's `verdict()`,
/// much cheaper to hand to JavaScript than the report).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// What will happen (see [`VerdictClass`]).
    pub class: VerdictClass,
    /// The exit code `preflight check` gives it ([`VerdictClass::exit_code`], risks do not
    /// fail): 0 starts, 1 refused or crashes, 2 cannot judge.
    pub exit_code: u8,
    /// The verdict in plain words (`SGLang 0.5.23 would refuse this launch`).
    pub headline: String,
    /// The release evaluated.
    pub sglang: String,
    /// The first error (the exception SGLang raises, or the known crash): its rule code.
    pub code: Option<&'static str>,
    /// Its message, SGLang's exact text.
    pub message: Option<String>,
    /// The rule codes of every error and warning, in the report's order.
    pub findings: Vec<&'static str>,
}

impl Report {
    /// The message of the first input error (an unknown model, GPU or setting: why
    /// Preflight cannot judge the launch).
    pub fn input_error(&self) -> Option<&str> {
        self.errors()
            .find(|d| d.stage == Stage::Input)
            .map(|d| d.message.as_str())
    }

    /// The verdict alone (see [`Summary`]).
    pub fn summary(&self) -> Summary {
        let first = self.first_error();
        Summary {
            class: self.class,
            exit_code: self.class.exit_code(false),
            headline: self
                .class
                .headline_with(&self.sglang, self.input_error(), self.scope),
            sglang: self.sglang.clone(),
            code: first.map(|d| d.code),
            message: first.map(|d| d.message.clone()),
            findings: self
                .diagnostics
                .iter()
                .filter(|d| matches!(d.severity, Severity::Error | Severity::Warning))
                .map(|d| d.code)
                .collect(),
        }
    }

    /// The first error, i.e. the exception SGLang raises.
    pub fn first_error(&self) -> Option<&Diagnostic> {
        self.diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
    }

    /// A resolved field's value as text (`None` when unset or not resolved).
    pub fn resolved_str(&self, key: &str) -> Option<String> {
        self.resolved
            .iter()
            .find(|r| r.key == key)
            .and_then(|r| match &r.value {
                crate::fields::Scalar::Null => None,
                crate::fields::Scalar::Str(s) => Some(s.to_string()),
                other => Some(other.to_json().to_string()),
            })
    }

    /// A resolved integer field.
    pub fn resolved_int(&self, key: &str) -> Option<i64> {
        self.resolved
            .iter()
            .find(|r| r.key == key)
            .and_then(|r| r.value.as_i64())
    }

    /// All errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }
}
