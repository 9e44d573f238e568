//! Parsing a pasted launch into a [`LaunchConfig`], with the byte span of every flag.
//!
//! Accepted input (one or several lines, as pasted from a shell, a README or a recipe):
//! - `python -m sglang.launch_server …`, `python3 -m sglang.launch_server …`, `sglang serve …`
//!   (also `sglang serve MODEL …`), or just a list of `--flags`;
//! - `NAME=value` prefixes, `export NAME=value` lines before the command, `env NAME=value`;
//! - shell quoting, `\` line continuations, comments, `> log 2>&1 &`, `nohup`, `bash -c '…'`;
//! - `docker run [docker options] lmsysorg/sglang:TAG python3 -m sglang.launch_server …`
//!   (`-e NAME=value` sets the environment; the tag `v0.5.23-cu129` gives SGLang 0.5.23 and
//!   CUDA 12.9);
//! - SGLang's own `--config FILE.yaml` (through [`ParseOptions::read_file`]; the parser does
//!   no I/O) and a config file on its own ([`parse_config_yaml`]).
//!
//! Flags are read the way SGLang's argparse reads them, for the release being checked (see
//! [`crate::sglang_cli`]): `--flag value` and `--flag=value`, switches, lists, unique-prefix
//! abbreviations (`--tp 8`), aliases (`--model`). Modelled flags fill
//! [`LaunchConfig::args`] typed (ints as numbers, switches as `true`); other flags are kept
//! verbatim (text, `true` for a switch, an array for a list) under their canonical spelling,
//! so the command renders back. What SGLang would refuse before starting (unknown or
//! underscore-spelled options, missing values, …) becomes a [`ParseDiagnostic`] with
//! SGLang's own message; bad input (empty, huge, binary, unbalanced quotes, broken YAML) is a
//! diagnostic too, never a panic.

pub mod codes;
mod lex;
mod rewrite;
pub(crate) mod yaml;

pub use rewrite::{Rewrite, Skipped, rewrite_command};

use crate::config::LaunchConfig;
use crate::domains::flags::find_flag;
use crate::pyfmt::py_str_repr;
use crate::report::Severity;
use crate::sglang_cli::{self, Arity, CliOption, Lookup};
use crate::version::SglangVersion;
use codes::ParseCode;
use lex::Word;
use serde::Serialize;
use serde_json::Value;

/// Largest input accepted, in bytes (launch commands are a few KiB).
pub const MAX_INPUT: usize = 256 * 1024;

/// A byte range `start..end` of the input (UTF-8 offsets, end exclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// Which text a span points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The command text given to the parser.
    Command,
    /// The `--config` YAML file ([`ConfigFile::text`]).
    ConfigFile,
}

/// How a flag appears in the text (what a rewrite has to change to edit it).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Site {
    /// `--flag`, `--flag value …` or `--flag=value`.
    Option,
    /// `sglang serve MODEL`.
    Positional,
    /// `NAME=value` in front of the command.
    EnvPrefix,
    /// `export NAME=value` on a line of its own.
    EnvExport {
        /// The whole `export …` statement.
        statement: Span,
        /// Whether this is the statement's only assignment.
        alone: bool,
    },
    /// docker `-e NAME=value` / `--env NAME=value` (the span covers the option too).
    DockerEnv,
    /// The docker image tag (`sglang` and `cuda_version` come from it).
    DockerTag,
    /// `sglang==X` in a `pip install` command of the pasted script (`sglang` comes from it).
    PipInstall,
    /// A key of the `--config` YAML file.
    ConfigKey,
}

/// Where one configuration key was set in the input.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FlagSpan {
    /// The configuration key: a `ServerArgs` name (or, for unmodelled flags, the canonical
    /// spelling without dashes), `model_path`, `env.NAME`, `sglang` or `cuda_version`.
    pub key: String,
    /// The option as written (`--tp`, `--kv_cache_dtype`, `-e`, `SGLANG_X`).
    pub option: String,
    /// The whole occurrence: option and value(s).
    pub span: Span,
    /// The option word (for `--flag=value`, the part before `=`; for `NAME=value`, `NAME`).
    pub name: Span,
    /// The value word(s) (for `--flag=value`, the part after `=`), if any.
    pub value: Option<Span>,
    /// `--flag=value` / `NAME=value` in one word.
    pub inline: bool,
    /// Which text the spans point into.
    pub source: Source,
    /// How it appears.
    pub site: Site,
    /// False when a later occurrence overrides this one (argparse keeps the last).
    pub effective: bool,
}

/// A suggested edit of the input: replace `span` with `replacement`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Suggestion {
    /// What to replace.
    pub span: Span,
    /// The replacement text.
    pub replacement: String,
}

/// A problem found while reading the input.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParseDiagnostic {
    /// Stable code, e.g. `PARSE010` (see [`codes`]).
    pub code: &'static str,
    /// Kebab-case name.
    pub name: &'static str,
    /// Error: SGLang would refuse the launch (or the input cannot be read); warning: likely
    /// not what was meant; info: how the input was read.
    pub severity: Severity,
    /// The message (SGLang's own text where SGLang refuses the input).
    pub message: String,
    /// Where, if it points at something.
    pub span: Option<Span>,
    /// Which text `span` points into.
    pub source: Source,
    /// True when SGLang itself refuses the launch for this reason.
    pub raised_by_sglang: bool,
    /// A suggested edit.
    pub suggestion: Option<Suggestion>,
    /// A note on the mistake in the user's own spelling: what the release tables say about
    /// an unknown option (renamed, removed, added in another release) or the closest known
    /// option or choice ([`crate::suggest`]). The message stays SGLang's own text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl ParseDiagnostic {
    /// A diagnostic of kind `code` on the command text.
    pub fn new(code: &'static ParseCode, message: String, span: Option<Span>) -> ParseDiagnostic {
        ParseDiagnostic {
            code: code.code,
            name: code.name,
            severity: code.severity,
            message,
            span,
            source: Source::Command,
            raised_by_sglang: code.raised_by_sglang,
            suggestion: None,
            note: None,
        }
    }

    fn suggest(mut self, span: Span, replacement: impl Into<String>) -> ParseDiagnostic {
        self.suggestion = Some(Suggestion {
            span,
            replacement: replacement.into(),
        });
        self
    }

    /// Adds a [`crate::suggest::Hint`]: its note, and its replacement as an edit of `span`.
    fn hint(
        mut self,
        hint: Option<crate::suggest::Hint>,
        span: Span,
        source: Source,
    ) -> ParseDiagnostic {
        if let Some(h) = hint {
            // a config file's keys have no dashes: its note and edit neither
            let h = h.respelled(|o| spelled_for(o, source));
            self.note = Some(h.note);
            if let Some(r) = h.replacement {
                self = self.suggest(span, r);
            }
        }
        self
    }

    fn in_source(mut self, source: Source) -> ParseDiagnostic {
        self.source = source;
        self
    }
}

/// The program that launches SGLang.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Launcher {
    /// `python -m sglang.launch_server`.
    PythonModule,
    /// `sglang serve`.
    SglangServe,
    /// No launcher: the input was read as a list of SGLang flags.
    FlagsOnly,
    /// A `--config` YAML file on its own.
    ConfigFile,
}

/// Insertion points for a rewrite.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Anchors {
    /// Byte offset just after the last SGLang argument (new flags go here).
    pub argv_end: Option<usize>,
    /// Byte offset of the start of the launch command (new `NAME=value` prefixes go here).
    pub env_at: Option<usize>,
    /// For `docker run`: the byte offset just after `run` (new `-e NAME=value` go here).
    pub docker_env_at: Option<usize>,
    /// When the command puts flags on `\`-continued lines: the indentation of its last line.
    pub continuation_indent: Option<String>,
}

/// The `--config` file a command names.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConfigFile {
    /// The path as written.
    pub path: String,
    /// Where the path is in the command.
    pub span: Span,
    /// The file's text, when it was read.
    pub text: Option<String>,
}

/// What the parser read.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Parsed {
    /// The configuration (no `gpu`: a command does not say which GPU it runs on).
    pub config: LaunchConfig,
    /// Problems and notes, in input order.
    pub diagnostics: Vec<ParseDiagnostic>,
    /// Every configuration key set, in input order (config file first, as SGLang merges it).
    pub flags: Vec<FlagSpan>,
    /// The launcher found.
    pub launcher: Option<Launcher>,
    /// The docker image, for `docker run`.
    pub docker_image: Option<String>,
    /// The `--config` file, if the command names one.
    pub config_file: Option<ConfigFile>,
    /// Where a rewrite inserts new flags and variables.
    pub anchors: Anchors,
}

impl Parsed {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// The occurrence of `key` that takes effect, if the input sets it.
    pub fn span_of(&self, key: &str) -> Option<&FlagSpan> {
        self.flags
            .iter()
            .rev()
            .find(|f| f.key == key && f.effective)
    }
}

/// Reads a `--config` file by path: its text, or an error message such as
/// `Config file not found: PATH`.
pub type ReadFile<'a> = &'a dyn Fn(&str) -> Result<String, String>;

/// Options of [`parse_command_with`].
#[derive(Default)]
pub struct ParseOptions<'a> {
    /// The SGLang release to read the flags for (and to put in the configuration); when
    /// `None`, the docker image tag's release, else the newest modelled one.
    pub sglang: Option<String>,
    /// Reads a `--config` file: its text, or an error message. `None`: files are not read
    /// (a [`codes::CONFIG_NOT_READ`] note is given instead).
    pub read_file: Option<ReadFile<'a>>,
}

/// Parses a pasted launch command (see the module docs). Never panics.
pub fn parse_command(text: &str) -> Parsed {
    parse_command_with(text, &ParseOptions::default())
}

/// [`parse_command`] with options (release, `--config` file reader).
pub fn parse_command_with(text: &str, opts: &ParseOptions) -> Parsed {
    let mut p = Parser::new(text, opts);
    if p.check_input(text) {
        let cmds = lex::lex(text, 0, &mut p.diags);
        if !p.commands(&cmds) {
            p.flags_only(&cmds);
        }
    }
    p.finish()
}

/// Parses an SGLang `--config` YAML file on its own (as `sglang serve --config FILE`
/// would read it); spans point into `yaml`. Never panics.
pub fn parse_config_yaml(yaml: &str, opts: &ParseOptions) -> Parsed {
    let mut p = Parser::new("", opts);
    p.launcher = Some(Launcher::ConfigFile);
    if yaml.len() > MAX_INPUT {
        p.diag(
            &codes::TOO_LARGE,
            format!(
                "the config file is {} bytes; the limit is {MAX_INPUT}",
                yaml.len()
            ),
            None,
        );
        return p.finish();
    }
    let words = yaml::config_words(yaml, p.v, &mut p.diags);
    p.config_file = Some(ConfigFile {
        path: String::new(),
        span: Span::new(0, 0),
        text: Some(yaml.to_string()),
    });
    p.argv(words, Vec::new());
    p.finish()
}

/// A word of SGLang's argv with where it came from.
#[derive(Clone, Debug)]
struct Arg {
    w: Word,
    source: Source,
}

/// What an option stores.
enum Stored {
    Switch(bool),
    Text(String),
    List(Vec<String>),
    Bare,
}

/// Unknown option words of one input that get a did-you-mean guess (the rest get the
/// rename/removal notes only; see `suggest::unknown_option_with`).
const MAX_GUESSES: usize = 16;

struct Parser<'a> {
    opts: &'a ParseOptions<'a>,
    v: SglangVersion,
    /// Did-you-mean guesses made so far (bounded by `MAX_GUESSES`).
    guesses: usize,
    cfg: LaunchConfig,
    flags: Vec<FlagSpan>,
    /// Per key: the index of its last flag and of its flags still effective (a pasted launch
    /// may hold thousands of flags; repeats are found without scanning them).
    by_key: std::collections::HashMap<String, KeyFlags>,
    diags: Vec<ParseDiagnostic>,
    launcher: Option<Launcher>,
    image: Option<String>,
    config_file: Option<ConfigFile>,
    anchors: Anchors,
    text: &'a str,
}

/// The flags of one key in [`Parser::flags`].
#[derive(Default)]
struct KeyFlags {
    last: usize,
    effective: Vec<usize>,
}

fn is_name(s: &str) -> bool {
    let mut it = s.chars();
    it.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && it.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `NAME=value` → (name, value).
fn assignment(w: &Word) -> Option<(&str, &str)> {
    let (n, v) = w.text.split_once('=')?;
    is_name(n).then_some((n, v))
}

fn basename(s: &str) -> &str {
    s.rsplit('/').next().unwrap_or(s)
}

fn is_python(s: &str) -> bool {
    let b = basename(s);
    b.strip_prefix("python")
        .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit() || c == '.'))
}

/// docker run options that take no value.
const DOCKER_SWITCHES: &[&str] = &[
    "--rm",
    "--detach",
    "--interactive",
    "--tty",
    "--privileged",
    "--init",
    "--read-only",
    "--publish-all",
    "--no-healthcheck",
    "--oom-kill-disable",
    "--quiet",
    "--sig-proxy",
    "--disable-content-trust",
    "--help",
];
/// docker run short options that take a value.
const DOCKER_SHORT_VALUE: &str = "acehlmpuvw";

impl<'a> Parser<'a> {
    fn new(text: &'a str, opts: &'a ParseOptions<'a>) -> Parser<'a> {
        // the release's own argparse table, modelled or not (its checks are another matter)
        let v = opts
            .sglang
            .as_deref()
            .and_then(SglangVersion::parse_known)
            .unwrap_or(SglangVersion::LATEST);
        Parser {
            opts,
            v,
            guesses: 0,
            cfg: LaunchConfig {
                sglang: opts.sglang.clone(),
                ..LaunchConfig::default()
            },
            flags: Vec::new(),
            by_key: Default::default(),
            diags: Vec::new(),
            launcher: None,
            image: None,
            config_file: None,
            anchors: Anchors::default(),
            text,
        }
    }

    fn diag(&mut self, code: &'static ParseCode, message: String, span: Option<Span>) {
        self.diags.push(ParseDiagnostic::new(code, message, span));
    }

    fn finish(mut self) -> Parsed {
        if self.cfg.arch.is_none()
            && let Some(a) = self
                .cfg
                .model_path
                .as_deref()
                .and_then(crate::arch_of_model)
        {
            self.cfg.arch = Some(a.to_string());
        }
        Parsed {
            config: self.cfg,
            diagnostics: self.diags,
            flags: self.flags,
            launcher: self.launcher,
            docker_image: self.image,
            config_file: self.config_file,
            anchors: self.anchors,
        }
    }

    /// Empty, huge or binary input: a diagnostic, and `false` (nothing more is read).
    fn check_input(&mut self, text: &str) -> bool {
        if text.len() > MAX_INPUT {
            self.diag(
                &codes::TOO_LARGE,
                format!(
                    "the input is {} bytes; a launch command is at most {MAX_INPUT}",
                    text.len()
                ),
                None,
            );
            return false;
        }
        if text.trim().is_empty() {
            self.diag(&codes::EMPTY, "the input is empty".into(), None);
            return false;
        }
        let total = text.chars().count();
        let odd = text
            .chars()
            .filter(|&c| {
                (c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\x0c')) || c == '\u{fffd}'
            })
            .count();
        if text.contains('\0') || (odd >= 4 && odd * 20 > total) {
            self.diag(
                &codes::BINARY,
                format!("the input holds {odd} control or undecodable characters: it is not a shell command"),
                None,
            );
            return false;
        }
        true
    }

    /// Walks the commands: exports, bare assignments, the first launch. Returns whether a
    /// launch was found.
    fn commands(&mut self, cmds: &[lex::Cmd]) -> bool {
        let mut found = false;
        for cmd in cmds {
            let mut words: &[Word] = &cmd.words;
            if words
                .first()
                .is_some_and(|w| w.text == "$" || w.text == "#")
            {
                words = &words[1..];
            }
            let Some(first) = words.first() else { continue };
            if found {
                if self.find_launch(words).is_some() {
                    self.diag(
                        &codes::SEVERAL_LAUNCHES,
                        "another launch command follows; only the first one is checked".into(),
                        Some(first.span.to(words[words.len() - 1].span)),
                    );
                    break;
                }
                continue;
            }
            if first.text == "export" {
                let statement = first.span.to(words[words.len() - 1].span);
                let assigns: Vec<&Word> = words[1..]
                    .iter()
                    .filter(|w| assignment(w).is_some())
                    .collect();
                let alone = assigns.len() == 1;
                for w in assigns {
                    self.env(w, None, Site::EnvExport { statement, alone });
                }
                continue;
            }
            if words.iter().all(|w| assignment(w).is_some()) {
                for w in words {
                    self.diag(
                        &codes::NOT_EXPORTED,
                        format!(
                            "{} is a shell variable: SGLang does not see it unless it is exported",
                            assignment(w).map_or("", |(n, _)| n)
                        ),
                        Some(w.span),
                    );
                }
                continue;
            }
            if self.pip_install(words) {
                continue;
            }
            if self.launch(words) {
                found = true;
            }
        }
        found
    }

    /// `pip install "sglang[all]==0.5.21"` (also `pip3`, `python -m pip`, `uv pip`): the
    /// release the script installs is the launch's release, unless the caller named one.
    /// Returns whether `words` was a pip install command.
    fn pip_install(&mut self, words: &[Word]) -> bool {
        let Some(k) = words.iter().position(|w| w.text == "install") else {
            return false;
        };
        let is_pip = k > 0 && matches!(basename(&words[k - 1].text), "pip" | "pip3");
        if !is_pip {
            return false;
        }
        for w in &words[k + 1..] {
            let t = w.text.as_str();
            let Some(rest) = t
                .strip_prefix("sglang")
                .filter(|r| r.starts_with("==") || r.starts_with('['))
            else {
                continue;
            };
            let after_extras = match rest.strip_prefix('[') {
                Some(r) => r.split_once(']').map_or("", |(_, a)| a),
                None => rest,
            };
            let Some(ver) = after_extras.strip_prefix("==") else {
                continue;
            };
            let ver = ver.trim();
            let at = t.len() - ver.len();
            if self.opts.sglang.is_none() && !ver.is_empty() {
                if let Some(v) = SglangVersion::parse_known(ver) {
                    self.v = v;
                }
                self.cfg.sglang = Some(ver.to_string());
                self.push_flag(
                    false,
                    FlagSpan {
                        key: "sglang".into(),
                        option: t[..at].trim_end_matches('=').to_string(),
                        span: w.span,
                        name: w.sub_span(0, at),
                        value: Some(w.sub_span(at, t.len())),
                        inline: true,
                        source: Source::Command,
                        site: Site::PipInstall,
                        effective: true,
                    },
                );
            }
        }
        true
    }

    /// Index of the launcher executable in `words`, if there is one.
    fn find_launch(&self, words: &[Word]) -> Option<usize> {
        (0..words.len()).find(|&k| {
            let t = words[k].text.as_str();
            let next = words.get(k + 1).map(|w| w.text.as_str());
            (is_python(t) && python_module(words, k).is_some())
                || (basename(t) == "sglang" && next == Some("serve"))
                || (matches!(basename(t), "docker" | "podman" | "nvidia-docker")
                    && matches!(next, Some("run") | Some("container")))
                || (matches!(basename(t), "bash" | "sh" | "zsh" | "dash")
                    && next.is_some_and(|n| n.starts_with('-') && n.contains('c')))
        })
    }

    /// Reads one command if it launches SGLang; returns whether it did.
    fn launch(&mut self, words: &[Word]) -> bool {
        let Some(k) = self.find_launch(words) else {
            return false;
        };
        let exe = basename(&words[k].text).to_string();
        // bash -c 'script'
        if matches!(exe.as_str(), "bash" | "sh" | "zsh" | "dash") {
            let Some(script) = words.get(k + 2) else {
                return false;
            };
            let mut sub_diags = Vec::new();
            let base = script.linear_at.unwrap_or(script.span.start);
            let mut cmds = lex::lex(&script.text, base, &mut sub_diags);
            if script.linear_at.is_none() {
                // positions inside an escaped script are not tracked: point at the script
                for c in &mut cmds {
                    for w in &mut c.words {
                        w.span = script.span;
                        w.linear_at = None;
                    }
                }
                for d in &mut sub_diags {
                    d.span = Some(script.span);
                }
            }
            self.diags.extend(sub_diags);
            self.prefix_env(&words[..k]);
            return self.commands(&cmds);
        }
        self.prefix_env(&words[..k]);
        self.anchors.env_at = Some(words[0].span.start);
        if matches!(exe.as_str(), "docker" | "podman" | "nvidia-docker") {
            self.docker(words, k);
            return true;
        }
        let argv: Vec<Arg>;
        let mut positional_model = None;
        if exe == "sglang" {
            self.launcher = Some(Launcher::SglangServe);
            let mut rest: Vec<Word> = Vec::new();
            let mut i = k + 2;
            while i < words.len() {
                let t = &words[i].text;
                if t == "--model-type" {
                    i += 2;
                    continue;
                }
                if t.starts_with("--model-type=") {
                    i += 1;
                    continue;
                }
                rest.push(words[i].clone());
                i += 1;
            }
            if rest.first().is_some_and(|w| !w.text.starts_with('-')) {
                positional_model = Some(rest.remove(0));
            }
            argv = rest
                .into_iter()
                .map(|w| Arg {
                    w,
                    source: Source::Command,
                })
                .collect();
        } else {
            self.launcher = Some(Launcher::PythonModule);
            let start = python_module(words, k).unwrap_or(words.len());
            argv = words[start..]
                .iter()
                .map(|w| Arg {
                    w: w.clone(),
                    source: Source::Command,
                })
                .collect();
        }
        let last = words[words.len() - 1].span.end;
        self.anchors.argv_end = Some(last);
        self.set_indent(words[0].span.start, last);
        self.run_argv(argv, positional_model);
        true
    }

    /// `NAME=value` words in front of the launcher (and after `env`).
    fn prefix_env(&mut self, words: &[Word]) {
        for w in words {
            if assignment(w).is_some() {
                self.env(w, None, Site::EnvPrefix);
            }
        }
    }

    /// Records an environment assignment word (`NAME=value`); `flag` is the docker `-e`
    /// word when it is separate.
    fn env(&mut self, w: &Word, flag: Option<&Word>, site: Site) {
        let Some((name, value)) = assignment(w) else {
            return;
        };
        let (name, value) = (name.to_string(), value.to_string());
        let eq = name.len();
        let name_span = w.sub_span(0, eq);
        let value_span = w.sub_span(eq + 1, w.text.len());
        let span = flag.map_or(w.span, |f| f.span.to(w.span));
        if w.expansion {
            self.diag(
                &codes::EXPANSION,
                format!("the value of {name} depends on a shell expansion: {value}"),
                Some(w.span),
            );
        }
        let key = format!("env.{name}");
        self.push_flag(
            true,
            FlagSpan {
                key,
                option: name.clone(),
                span,
                name: name_span,
                value: Some(value_span),
                inline: true,
                source: Source::Command,
                site,
                effective: true,
            },
        );
        self.cfg.env.insert(name, value);
    }

    fn set_indent(&mut self, start: usize, end: usize) {
        let text = self.text;
        let Some(region) = text.get(start..end) else {
            return;
        };
        if !region.contains("\\\n") && !region.contains("\\\r\n") {
            return;
        }
        let line_start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        let indent: String = text[line_start..]
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect();
        self.anchors.continuation_indent = Some(indent);
    }

    /// `docker run [options] IMAGE [command]`.
    fn docker(&mut self, words: &[Word], k: usize) {
        let mut j = k + 1;
        if words.get(j).is_some_and(|w| w.text == "container") {
            j += 1;
        }
        if let Some(run) = words.get(j) {
            self.anchors.docker_env_at = Some(run.span.end);
        }
        j += 1;
        let mut entrypoint: Option<Word> = None;
        while j < words.len() {
            let w = &words[j];
            let t = w.text.as_str();
            if t == "--" {
                j += 1;
                break;
            }
            if !t.starts_with('-') || t == "-" {
                break;
            }
            if let Some(long) = t.strip_prefix("--") {
                let (name, inline) = match long.split_once('=') {
                    Some((n, v)) => (n, Some(v)),
                    None => (long, None),
                };
                let name = format!("--{name}");
                if DOCKER_SWITCHES.contains(&name.as_str()) {
                    j += 1;
                    continue;
                }
                let (value, next) = match inline {
                    Some(_) => (None, j + 1),
                    None => (words.get(j + 1), j + 2),
                };
                match name.as_str() {
                    "--env" => match value {
                        Some(vw) => self.docker_env(vw, Some(w)),
                        None => {
                            let eq = name.len() + 1;
                            let sub = Word {
                                text: t[eq..].to_string(),
                                span: w.span,
                                linear_at: w.linear_at.map(|a| a + eq),
                                expansion: w.expansion,
                            };
                            self.docker_env(&sub, None);
                        }
                    },
                    "--env-file" => self.diag(
                        &codes::ENV_UNKNOWN,
                        "docker --env-file: the variables in that file are not checked".into(),
                        Some(value.map_or(w.span, |v| w.span.to(v.span))),
                    ),
                    "--entrypoint" => {
                        entrypoint = match (value, inline) {
                            (Some(v), _) => Some(v.clone()),
                            (None, Some(i)) => Some(Word {
                                text: i.to_string(),
                                span: w.span,
                                linear_at: None,
                                expansion: false,
                            }),
                            _ => None,
                        }
                    }
                    _ => {}
                }
                j = next;
                continue;
            }
            // short options, possibly clustered: -it, -e NAME=v, -eNAME=v, -p 30000:30000
            let cluster: Vec<char> = t[1..].chars().collect();
            let mut consumed_next = false;
            for (ci, ch) in cluster.iter().enumerate() {
                if DOCKER_SHORT_VALUE.contains(*ch) {
                    let attached: String = cluster[ci + 1..].iter().collect();
                    if attached.is_empty() {
                        if *ch == 'e'
                            && let Some(vw) = words.get(j + 1)
                        {
                            self.docker_env(vw, Some(w));
                        }
                        consumed_next = true;
                    } else if *ch == 'e' {
                        let off = t.len() - attached.len();
                        let sub = Word {
                            text: attached,
                            span: w.span,
                            linear_at: w.linear_at.map(|a| a + off),
                            expansion: w.expansion,
                        };
                        self.docker_env(&sub, None);
                    }
                    break;
                }
            }
            j += if consumed_next { 2 } else { 1 };
        }
        let Some(image) = words.get(j) else {
            self.diag(
                &codes::DOCKER_IMAGE,
                "docker run without an image".into(),
                Some(words[k].span),
            );
            return;
        };
        self.image(image);
        let mut cmd: Vec<Word> = Vec::new();
        if let Some(e) = entrypoint {
            cmd.push(e);
        }
        cmd.extend(words[j + 1..].iter().cloned());
        if cmd.is_empty() {
            self.diag(
                &codes::DOCKER_IMAGE,
                format!(
                    "no command after the image {}: the image's default command runs, with no SGLang flags to check",
                    image.text
                ),
                Some(image.span),
            );
            return;
        }
        let before = self.launcher;
        let env_at = self.anchors.env_at;
        if !self.launch(&cmd) {
            self.diag(
                &codes::DOCKER_IMAGE,
                "no SGLang launcher (python3 -m sglang.launch_server, sglang serve) in the container's command".into(),
                Some(cmd[0].span.to(cmd[cmd.len() - 1].span)),
            );
            self.launcher = before;
        }
        // environment for the container goes through -e, not a prefix inside it
        self.anchors.env_at = env_at;
    }

    fn docker_env(&mut self, w: &Word, flag: Option<&Word>) {
        if assignment(w).is_some() {
            self.env(w, flag, Site::DockerEnv);
        } else {
            let span = flag.map_or(w.span, |f| f.span.to(w.span));
            self.diag(
                &codes::ENV_UNKNOWN,
                format!(
                    "docker -e {}: the value comes from the host's environment and is not checked",
                    w.text
                ),
                Some(span),
            );
        }
    }

    /// Reads the release (and CUDA build) from an SGLang image tag.
    fn image(&mut self, w: &Word) {
        let image = w.text.clone();
        self.image = Some(image.clone());
        let name = image.split('@').next().unwrap_or("");
        let slash = name.rfind('/').map_or(0, |i| i + 1);
        let (repo, tag, tag_at) = match name[slash..].rfind(':') {
            Some(c) => (
                &name[..slash + c],
                &name[slash + c + 1..],
                Some(slash + c + 1),
            ),
            None => (name, "latest", None),
        };
        if !basename(repo).to_ascii_lowercase().contains("sglang") {
            self.diag(
                &codes::DOCKER_IMAGE,
                format!("{image} is not an SGLang image; its release is unknown"),
                Some(w.span),
            );
            return;
        }
        let ImageTag {
            version,
            cuda,
            rocm,
        } = image_release(tag);
        if let Some(r) = rocm {
            self.cfg.rocm_version = Some(r);
        }
        match version {
            Some(ver) => {
                let tag_span = tag_at.map_or(w.span, |at| w.sub_span(at, at + tag.len()));
                self.push_flag(
                    false,
                    FlagSpan {
                        key: "sglang".into(),
                        option: image.clone(),
                        span: w.span,
                        name: w.span,
                        value: Some(tag_span),
                        inline: true,
                        source: Source::Command,
                        site: Site::DockerTag,
                        effective: true,
                    },
                );
                if self.opts.sglang.is_none() {
                    if let Some(v) = SglangVersion::parse_known(&ver) {
                        self.v = v;
                    }
                    self.cfg.sglang = Some(ver);
                }
                if let Some(c) = cuda {
                    self.cfg.cuda_version = Some(c);
                }
            }
            None => self.diag(
                &codes::DOCKER_TAG,
                format!(
                    "the tag {tag:?} names no SGLang release; checking SGLang {}",
                    self.v
                ),
                Some(w.span),
            ),
        }
    }

    /// No launcher anywhere: the first command with `--flags` is read as SGLang's argv.
    fn flags_only(&mut self, cmds: &[lex::Cmd]) {
        if self.launcher.is_some() {
            return;
        }
        let found = cmds.iter().find_map(|c| {
            c.words
                .iter()
                .position(|w| w.text.starts_with("--"))
                .map(|i| &c.words[i..])
        });
        let Some(words) = found else {
            self.diag(
                &codes::NO_LAUNCHER,
                "no SGLang launch command (python -m sglang.launch_server, sglang serve, docker run … lmsysorg/sglang) and no --flags found".into(),
                None,
            );
            return;
        };
        self.launcher = Some(Launcher::FlagsOnly);
        let span = words[0].span.to(words[words.len() - 1].span);
        self.diag(
            &codes::FLAGS_ONLY,
            "no launcher found; the words were read as SGLang server flags".into(),
            Some(span),
        );
        self.anchors.argv_end = Some(span.end);
        self.set_indent(span.start, span.end);
        let argv = words
            .iter()
            .map(|w| Arg {
                w: w.clone(),
                source: Source::Command,
            })
            .collect();
        self.run_argv(argv, None);
    }

    /// Handles `--config` (SGLang merges the file's flags in front of the command line's),
    /// then reads the argv.
    fn run_argv(&mut self, mut argv: Vec<Arg>, positional_model: Option<Word>) {
        let configs: Vec<usize> = argv
            .iter()
            .enumerate()
            .filter(|(_, a)| a.w.text == "--config")
            .map(|(i, _)| i)
            .collect();
        let mut file_words: Vec<Word> = Vec::new();
        if configs.len() > 1 {
            let span = argv[configs[1]].w.span;
            self.diag(
                &codes::CONFIG_READ_ERROR,
                "Multiple config files specified! Only one allowed.".into(),
                Some(span),
            );
        } else if let Some(&i) = configs.first() {
            if i + 1 >= argv.len() {
                self.diag(
                    &codes::CONFIG_READ_ERROR,
                    "No config file specified after --config flag!".into(),
                    Some(argv[i].w.span),
                );
                argv.remove(i);
            } else {
                let path_word = argv.remove(i + 1).w;
                let flag = argv.remove(i).w;
                file_words = self.read_config(&flag, &path_word);
            }
        }
        for a in argv.iter().filter(|a| a.w.text.starts_with("--config=")) {
            self.diags.push(ParseDiagnostic::new(
                &codes::CONFIG_IGNORED,
                format!(
                    "{}: SGLang only reads a config file given as two words (--config FILE); this one is ignored",
                    a.w.text
                ),
                Some(a.w.span),
            ));
        }
        let has_model_word = positional_model.is_some();
        if let Some(w) = positional_model {
            let fs = FlagSpan {
                key: "model_path".into(),
                option: String::new(),
                span: w.span,
                name: w.span,
                value: Some(w.span),
                inline: false,
                source: Source::Command,
                site: Site::Positional,
                effective: true,
            };
            self.model_from(fs, w.text.clone());
        }
        self.argv(file_words, argv);
        let from_cli = matches!(
            self.launcher,
            Some(Launcher::PythonModule | Launcher::SglangServe)
        );
        if from_cli && self.cfg.model_path.is_none() && !has_model_word {
            self.diag(
                &codes::NO_MODEL,
                "the following arguments are required: --model-path/--model".into(),
                self.anchors.env_at.map(|s| Span::new(s, s)),
            );
        }
    }

    fn read_config(&mut self, flag: &Word, path_word: &Word) -> Vec<Word> {
        let path = path_word.text.clone();
        self.config_file = Some(ConfigFile {
            path: path.clone(),
            span: path_word.span,
            text: None,
        });
        let span = Some(flag.span.to(path_word.span));
        let file = basename(&path);
        let suffix = match file.rfind('.') {
            Some(i) if i > 0 && i + 1 < file.len() => file[i..].to_ascii_lowercase(),
            _ => String::new(),
        };
        if suffix != ".yaml" && suffix != ".yml" {
            self.diag(
                &codes::CONFIG_READ_ERROR,
                format!("Config file must be YAML format, got: {suffix}"),
                span,
            );
            return Vec::new();
        }
        let Some(read) = self.opts.read_file else {
            self.diag(
                &codes::CONFIG_NOT_READ,
                format!("--config {path}: the file is not read here, so the flags it sets are not checked"),
                span,
            );
            return Vec::new();
        };
        match read(&path) {
            Ok(text) => {
                if text.len() > MAX_INPUT {
                    self.diag(
                        &codes::TOO_LARGE,
                        format!("{path} is {} bytes; the limit is {MAX_INPUT}", text.len()),
                        span,
                    );
                    return Vec::new();
                }
                let words = yaml::config_words(&text, self.v, &mut self.diags);
                if let Some(c) = self.config_file.as_mut() {
                    c.text = Some(text);
                }
                words
            }
            Err(e) => {
                self.diag(&codes::CONFIG_READ_ERROR, e, span);
                Vec::new()
            }
        }
    }

    /// Reads SGLang's argv (config-file words first), like argparse.
    fn argv(&mut self, file_words: Vec<Word>, cli: Vec<Arg>) {
        let mut all: Vec<Arg> = file_words
            .into_iter()
            .map(|w| Arg {
                w,
                source: Source::ConfigFile,
            })
            .collect();
        all.extend(cli);
        let v = self.v;
        let mut i = 0;
        let mut unrecognized: Vec<Arg> = Vec::new();
        while i < all.len() {
            let a = all[i].clone();
            let t = a.w.text.clone();
            if t == "--" {
                // argparse: everything after `--` is positional, and SGLang has none
                self.unrecognized(&all[i..]);
                break;
            }
            if !sglang_cli::is_option_like(&t, v) {
                unrecognized.push(a);
                i += 1;
                continue;
            }
            if !unrecognized.is_empty() {
                self.unrecognized(&std::mem::take(&mut unrecognized));
            }
            // exact word, then `--opt=value`, then prefixes
            let (head, inline): (String, Option<String>) = match sglang_cli::lookup(&t, v) {
                Lookup::Exact(_) => (t.clone(), None),
                _ => match t.split_once('=') {
                    Some((h, val)) if h.starts_with("--") => (h.to_string(), Some(val.to_string())),
                    _ => (t.clone(), None),
                },
            };
            let head_span = match &inline {
                Some(_) => a.w.sub_span(0, head.len()),
                None => a.w.span,
            };
            let opt = match sglang_cli::lookup(&head, v) {
                Lookup::Exact(o) => o,
                Lookup::Abbrev(o, full) => {
                    self.diags.push(
                        ParseDiagnostic::new(
                            &codes::ABBREVIATION,
                            format!("{head} is argparse's abbreviation of {full}"),
                            Some(head_span),
                        )
                        .suggest(head_span, spelled_for(full, a.source))
                        .in_source(a.source),
                    );
                    o
                }
                Lookup::Help => {
                    self.diags.push(
                        ParseDiagnostic::new(
                            &codes::HELP,
                            format!("{head}: SGLang prints its help and exits without launching"),
                            Some(a.w.span),
                        )
                        .in_source(a.source),
                    );
                    i += 1;
                    continue;
                }
                Lookup::Ambiguous(names) => {
                    let shown = if names.len() > 12 {
                        format!("{}, … ({} in all)", names[..12].join(", "), names.len())
                    } else {
                        names.join(", ")
                    };
                    self.diags.push(
                        ParseDiagnostic::new(
                            &codes::AMBIGUOUS,
                            format!("ambiguous option: {t} could match {shown}"),
                            Some(a.w.span),
                        )
                        .in_source(a.source),
                    );
                    i = self.verbatim(&all, i, &head, inline);
                    continue;
                }
                Lookup::Unknown => {
                    let dashed = head.replace('_', "-");
                    let fixed = if head.contains('_') {
                        match sglang_cli::lookup(&dashed, v) {
                            Lookup::Exact(o) => Some((o, dashed.clone())),
                            Lookup::Abbrev(o, full) => Some((o, full.to_string())),
                            _ => None,
                        }
                    } else {
                        None
                    };
                    // renamed in another release: SGLang refuses the old spelling; the value
                    // is checked under the option that now sets the same thing
                    let hint = if fixed.is_none() {
                        let guess = self.guesses < MAX_GUESSES;
                        self.guesses += 1;
                        crate::suggest::unknown_option_with(&head, v, guess)
                    } else {
                        None
                    };
                    let renamed = hint
                        .as_ref()
                        .and_then(|h| h.replacement.as_deref())
                        .and_then(|r| sglang_cli::find_exact(r, v));
                    if let Some(o) = renamed {
                        let shown = self.shown_with_value(&all, i, o, inline.is_some());
                        self.diags.push(
                            ParseDiagnostic::new(
                                &codes::UNRECOGNIZED,
                                format!("unrecognized arguments: {shown}"),
                                Some(head_span),
                            )
                            .in_source(a.source)
                            .hint(hint, head_span, a.source),
                        );
                        i = self.option(&all, i, o, &head, head_span, inline);
                        continue;
                    }
                    match fixed {
                        Some((o, spelled)) => {
                            let shown = self.shown_with_value(&all, i, o, inline.is_some());
                            self.diags.push(
                                ParseDiagnostic::new(
                                    &codes::UNDERSCORE,
                                    format!(
                                        "unrecognized arguments: {shown} (SGLang spells it {spelled})"
                                    ),
                                    Some(head_span),
                                )
                                .suggest(head_span, spelled_for(&spelled, a.source))
                                .in_source(a.source),
                            );
                            o
                        }
                        None => {
                            i = self.verbatim(&all, i, &head, inline);
                            continue;
                        }
                    }
                }
            };
            i = self.option(&all, i, opt, &head, head_span, inline);
        }
        if !unrecognized.is_empty() {
            self.unrecognized(&unrecognized);
        }
        // a switch's value word that SGLang has no use for, etc. are reported above;
        // also note expansions in values
        let expansions: Vec<(Span, Source, String)> = all
            .iter()
            .filter(|a| a.w.expansion)
            .map(|a| (a.w.span, a.source, a.w.text.clone()))
            .collect();
        for (span, source, text) in expansions {
            self.diags.push(
                ParseDiagnostic::new(
                    &codes::EXPANSION,
                    format!(
                        "{text}: the shell expands this before SGLang sees it; checked as written"
                    ),
                    Some(span),
                )
                .in_source(source),
            );
        }
    }

    /// How argparse prints an unrecognized option with its value, for messages.
    fn shown_with_value(&self, all: &[Arg], i: usize, o: &CliOption, inline: bool) -> String {
        let t = &all[i].w.text;
        if inline || !o.takes_value() {
            return t.clone();
        }
        match all.get(i + 1) {
            Some(n) if !sglang_cli::is_option_like(&n.w.text, self.v) => {
                format!("{t} {}", n.w.text)
            }
            _ => t.clone(),
        }
    }

    fn unrecognized(&mut self, args: &[Arg]) {
        if args.is_empty() {
            return;
        }
        let shown: Vec<&str> = args.iter().map(|a| a.w.text.as_str()).collect();
        let span = args[0].w.span.to(args[args.len() - 1].w.span);
        self.diags.push(
            ParseDiagnostic::new(
                &codes::UNRECOGNIZED,
                format!("unrecognized arguments: {}", shown.join(" ")),
                Some(span),
            )
            .in_source(args[0].source),
        );
    }

    /// An option SGLang does not know: kept verbatim (its next non-option word as value).
    fn verbatim(&mut self, all: &[Arg], i: usize, head: &str, inline: Option<String>) -> usize {
        let a = &all[i];
        let key = head.trim_start_matches('-').replace('-', "_");
        let (stored, value, next) = match inline {
            Some(val) => (
                Stored::Text(val),
                Some(a.w.sub_span(head.len() + 1, a.w.text.len())),
                i + 1,
            ),
            None => match all.get(i + 1) {
                Some(n)
                    if !sglang_cli::is_option_like(&n.w.text, self.v) && n.source == a.source =>
                {
                    (Stored::Text(n.w.text.clone()), Some(n.w.span), i + 2)
                }
                _ => (Stored::Bare, None, i + 1),
            },
        };
        let name = if value.is_some() && all[i].w.text.contains('=') {
            a.w.sub_span(0, head.len())
        } else {
            a.w.span
        };
        let matched = matches!(sglang_cli::lookup(head, self.v), Lookup::Ambiguous(_));
        if !matched {
            // one diagnostic for the option and the value it took
            let mut words: Vec<Arg> = vec![a.clone()];
            if next == i + 2 {
                words.push(all[i + 1].clone());
            }
            self.unrecognized(&words);
            let guess = self.guesses < MAX_GUESSES;
            self.guesses += 1;
            let hint = crate::suggest::unknown_option_with(head, self.v, guess);
            if let Some(d) = self.diags.last_mut() {
                *d = d.clone().hint(hint, name, a.source);
            }
        }
        let span = value.map_or(a.w.span, |v| a.w.span.to(v));
        self.store(
            None,
            key,
            stored,
            FlagSpan {
                key: String::new(),
                option: head.to_string(),
                span,
                name,
                value,
                inline: all[i].w.text.contains('='),
                source: a.source,
                site: Site::Option,
                effective: true,
            },
        );
        next
    }

    /// A known option: consumes its values the way its argparse action does.
    fn option(
        &mut self,
        all: &[Arg],
        i: usize,
        o: &'static CliOption,
        head: &str,
        head_span: Span,
        inline: Option<String>,
    ) -> usize {
        let a = &all[i];
        let v = self.v;
        if o.deprecated() {
            // in the user's spelling and SGLang's replacement, not the internal dest
            let instead = if o.new_flag.is_empty() {
                String::new()
            } else {
                format!(" (SGLang's replacement: {})", o.new_flag)
            };
            self.diags.push(
                ParseDiagnostic::new(
                    &codes::DEPRECATED,
                    format!("{head} is deprecated in SGLang {v}{instead}; SGLang logs a warning"),
                    Some(head_span),
                )
                .in_source(a.source),
            );
        }
        let used = match sglang_cli::lookup(head, v) {
            Lookup::Abbrev(_, full) => full.to_string(),
            _ => {
                let dashed = head.replace('_', "-");
                if o.names.contains(&dashed.as_str()) {
                    dashed
                } else {
                    o.canonical().to_string()
                }
            }
        };
        let inline_span = inline
            .as_ref()
            .map(|_| a.w.sub_span(head.len() + 1, a.w.text.len()));
        let mut next = i + 1;
        let mut value_span = inline_span;
        let stored = match o.arity {
            Arity::Switch | Arity::Negatable => {
                if let Some(val) = &inline {
                    self.diags.push(
                        ParseDiagnostic::new(
                            &codes::SWITCH_WITH_VALUE,
                            format!(
                                "argument {}: ignored explicit argument {}",
                                o.display(),
                                py_str_repr(val)
                            ),
                            Some(a.w.span),
                        )
                        .suggest(a.w.span, used.clone())
                        .in_source(a.source),
                    );
                }
                value_span = None;
                Stored::Switch(!o.is_negative(&used))
            }
            Arity::One | Arity::Optional => match inline {
                Some(val) => Stored::Text(val),
                None => match all.get(i + 1) {
                    Some(n)
                        if !sglang_cli::is_option_like(&n.w.text, v) && n.source == a.source =>
                    {
                        next = i + 2;
                        value_span = Some(n.w.span);
                        Stored::Text(n.w.text.clone())
                    }
                    _ if o.arity == Arity::Optional => Stored::Bare,
                    _ => {
                        self.diags.push(
                            ParseDiagnostic::new(
                                &codes::MISSING_VALUE,
                                format!("argument {}: expected one argument", o.display()),
                                Some(a.w.span),
                            )
                            .in_source(a.source),
                        );
                        return i + 1;
                    }
                },
            },
            Arity::OneOrMore | Arity::ZeroOrMore => {
                let mut items = Vec::new();
                if let Some(val) = inline {
                    items.push(val);
                } else {
                    let mut j = i + 1;
                    while let Some(n) = all.get(j) {
                        if sglang_cli::is_option_like(&n.w.text, v)
                            || n.w.text == "--"
                            || n.source != a.source
                        {
                            break;
                        }
                        items.push(n.w.text.clone());
                        value_span = Some(value_span.map_or(n.w.span, |s: Span| s.to(n.w.span)));
                        j += 1;
                    }
                    next = j;
                }
                if items.is_empty() && o.arity == Arity::OneOrMore {
                    self.diags.push(
                        ParseDiagnostic::new(
                            &codes::MISSING_VALUE,
                            format!("argument {}: expected at least one argument", o.display()),
                            Some(a.w.span),
                        )
                        .in_source(a.source),
                    );
                    return next;
                }
                Stored::List(items)
            }
        };
        let span = value_span.map_or(a.w.span, |s| a.w.span.to(s));
        let fs = FlagSpan {
            key: String::new(),
            option: head.to_string(),
            span,
            name: head_span,
            value: value_span,
            inline: inline_span.is_some(),
            source: a.source,
            site: if a.source == Source::ConfigFile {
                Site::ConfigKey
            } else {
                Site::Option
            },
            effective: true,
        };
        if o.dest == "model_path" {
            if let Stored::Text(t) = stored {
                self.model_from(fs, t);
            }
            return next;
        }
        // stored under argparse's dest, whatever the spelling (`--elastic-ep-join-mode` →
        // `ep_join_mode`; `--no-x` of a BooleanOptionalAction stores false into `x`), so that a
        // key means one option everywhere: in fixes, rewrites, URLs and the report
        self.store(Some(o), o.dest.to_string(), stored, fs);
        next
    }

    fn model_from(&mut self, mut fs: FlagSpan, text: String) {
        fs.key = "model_path".into();
        self.note_repeat(&fs, "model_path", &text);
        self.push_flag(true, fs);
        self.cfg.model_path = Some(text);
    }

    /// Appends a flag; `supersede`: the key's earlier flags stop being effective (argparse
    /// keeps the last value).
    fn push_flag(&mut self, supersede: bool, fs: FlagSpan) {
        let i = self.flags.len();
        let k = self.by_key.entry(fs.key.clone()).or_default();
        if supersede {
            for j in k.effective.drain(..) {
                self.flags[j].effective = false;
            }
        }
        k.last = i;
        if fs.effective {
            k.effective.push(i);
        }
        self.flags.push(fs);
    }

    fn note_repeat(&mut self, fs: &FlagSpan, key: &str, shown: &str) {
        let earlier = self.by_key.get(key).map(|k| self.flags[k.last].source);
        match (earlier, fs.source) {
            (Some(Source::ConfigFile), Source::Command) => self.diags.push(ParseDiagnostic::new(
                &codes::CONFIG_OVERRIDDEN,
                format!(
                    "{} overrides the config file's value (SGLang puts the file's flags first)",
                    fs.option
                ),
                Some(fs.span),
            )),
            (Some(_), _) => self.diags.push(
                ParseDiagnostic::new(
                    &codes::REPEATED,
                    format!(
                        "{} is given more than once; argparse keeps the last value{}",
                        fs.option,
                        if shown.is_empty() {
                            String::new()
                        } else {
                            format!(" ({shown})")
                        }
                    ),
                    Some(fs.span),
                )
                .in_source(fs.source),
            ),
            (None, _) => {}
        }
    }

    /// Stores a value under `key` and records its span.
    fn store(&mut self, o: Option<&CliOption>, key: String, stored: Stored, mut fs: FlagSpan) {
        fs.key = key.clone();
        if let Some(o) = o.filter(|o| find_flag(o.dest).is_none()) {
            let values: Vec<&str> = match &stored {
                Stored::Text(t) => vec![t.as_str()],
                Stored::List(l) => l.iter().map(String::as_str).collect(),
                _ => Vec::new(),
            };
            if let Some((bad, msg)) = values
                .iter()
                .find_map(|v| invalid_value(o, v).map(|m| (*v, m)))
            {
                let at = fs.value.unwrap_or(fs.span);
                // the closest choice is a guess: a note, never an edit
                let hint = crate::suggest::invalid_choice(o, bad, self.v);
                self.diags.push(
                    ParseDiagnostic::new(&codes::INVALID_VALUE, msg, Some(at))
                        .in_source(fs.source)
                        .hint(hint, at, fs.source),
                );
            }
        }
        let shown = match &stored {
            Stored::Text(t) => t.clone(),
            Stored::List(l) => l.join(" "),
            _ => String::new(),
        };
        self.note_repeat(&fs, &key, &shown);
        self.push_flag(true, fs);
        let modelled = o.is_some() && find_flag(&key).is_some();
        let value = match stored {
            Stored::Switch(b) if modelled => {
                self.cfg
                    .set_arg(&key, Some(if b { "true" } else { "false" }));
                return;
            }
            Stored::Text(t) if modelled => {
                self.cfg.set_arg(&key, Some(&t));
                return;
            }
            Stored::Switch(b) => Value::Bool(b),
            Stored::Bare => Value::Bool(true),
            Stored::Text(t) => Value::String(t),
            Stored::List(l) => Value::Array(l.into_iter().map(Value::String).collect()),
        };
        self.cfg.args.insert(key, value);
    }
}

/// argparse's error for a value of an option SGLang converts (`type=int`, `float`) or
/// restricts (`choices=`), Python 3.11 wording; `None` when argparse accepts it.
fn invalid_value(o: &CliOption, v: &str) -> Option<String> {
    use crate::sglang_cli::ValueKind;
    let bad_type = match o.value {
        ValueKind::Int if !py_int(v) => Some("int"),
        ValueKind::Float if !py_float(v) => Some("float"),
        _ => None,
    };
    if let Some(t) = bad_type {
        return Some(format!(
            "argument {}: invalid {t} value: {}",
            o.display(),
            py_str_repr(v)
        ));
    }
    if !o.choices.is_empty() && !o.choices.contains(&v) {
        let shown: Vec<String> = o.choices.iter().map(|c| py_str_repr(c)).collect();
        return Some(format!(
            "argument {}: invalid choice: {} (choose from {})",
            o.display(),
            py_str_repr(v),
            shown.join(", ")
        ));
    }
    None
}

/// Whether Python's `int()` accepts the text (blanks around, a sign, digits with single
/// underscores between them).
fn py_int(v: &str) -> bool {
    let t = v.trim();
    let t = t.strip_prefix(['+', '-']).unwrap_or(t);
    !t.is_empty()
        && !t.starts_with('_')
        && !t.ends_with('_')
        && !t.contains("__")
        && t.chars().all(|c| c.is_ascii_digit() || c == '_')
}

/// Whether Python's `float()` accepts the text (approximately: Rust's float syntax, with
/// Python's underscores between digits; `inf`/`nan` included).
fn py_float(v: &str) -> bool {
    let t = v.trim();
    if t.contains("__") || t.starts_with('_') || t.ends_with('_') {
        return false;
    }
    t.replace('_', "").parse::<f64>().is_ok()
}

/// How a suggested option spelling is written: `--flag` on the command line, `flag` as a
/// key of the config file.
fn spelled_for(option: &str, source: Source) -> String {
    match source {
        Source::Command => option.to_string(),
        Source::ConfigFile => option.trim_start_matches('-').to_string(),
    }
}

/// `python [python options] -m sglang.launch_server` → the index of the first SGLang word.
fn python_module(words: &[Word], k: usize) -> Option<usize> {
    let mut j = k + 1;
    while j < words.len() {
        let t = words[j].text.as_str();
        if t == "-m" {
            let m = words.get(j + 1)?.text.as_str();
            return (m == "sglang.launch_server").then_some(j + 2);
        }
        if let Some(m) = t.strip_prefix("-m") {
            return (m == "sglang.launch_server").then_some(j + 1);
        }
        if t == "-c" {
            return None;
        }
        if t == "-W" || t == "-X" {
            j += 2;
            continue;
        }
        if t.starts_with('-') {
            j += 1;
            continue;
        }
        // a script path
        return t.ends_with("sglang/launch_server.py").then_some(j + 1);
    }
    None
}

/// What an SGLang image tag says about the build.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImageTag {
    /// The release (`0.5.23`, `0.5.23.post1`); `latest` is the newest modelled release.
    pub version: Option<String>,
    /// The CUDA build, `cu129` → `12.9`.
    pub cuda: Option<String>,
    /// The ROCm build, `rocm700` → `7.0.0` (the image then only runs on AMD GPUs).
    pub rocm: Option<String>,
}

/// Reads an SGLang image tag: `v0.5.23-cu129` → release `0.5.23`, CUDA `12.9`;
/// `v0.5.21-rocm700-mi30x` → release `0.5.21`, ROCm `7.0.0`; `latest` → the newest modelled
/// release; `dev`, `nightly-…` → no release.
pub fn image_release(tag: &str) -> ImageTag {
    let t = tag.trim().trim_start_matches(['v', 'V']);
    if t.eq_ignore_ascii_case("latest") {
        return ImageTag {
            version: Some(SglangVersion::LATEST.to_string()),
            ..ImageTag::default()
        };
    }
    let mut ver: String = t
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    while ver.ends_with('.') {
        ver.pop();
    }
    // keep `.postN`
    if let Some(rest) = t.get(ver.len()..)
        && let Some(p) = rest.strip_prefix(".post")
    {
        let n: String = p.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !n.is_empty() {
            ver = format!("{ver}.post{n}");
        }
    }
    let version = (ver.split('.').filter(|s| !s.is_empty()).count() >= 3
        && ver.chars().next().is_some_and(|c| c.is_ascii_digit()))
    .then_some(ver);
    let digits = |d: &str| d.len() >= 3 && d.chars().all(|c| c.is_ascii_digit());
    let cuda = t.split(['-', '_']).find_map(|part| {
        let d = part.strip_prefix("cu").filter(|d| digits(d))?;
        let (major, minor) = d.split_at(2);
        Some(format!("{}.{}", major.trim_start_matches('0'), minor))
    });
    let rocm = t.split(['-', '_']).find_map(|part| {
        let d = part.strip_prefix("rocm").filter(|d| digits(d))?;
        let mut chars = d.chars();
        let major = chars.next()?;
        let minor = chars.next()?;
        let patch: String = chars.collect();
        Some(format!(
            "{major}.{minor}.{}",
            if patch.is_empty() { "0" } else { &patch }
        ))
    });
    ImageTag {
        version,
        cuda,
        rocm,
    }
}

#[cfg(test)]
mod tests;
