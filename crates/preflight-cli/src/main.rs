//! `preflight`: check SGLang launch configurations from the shell and CI.
//!
//! ```text
//! preflight check --gpu "RTX 5090" -- python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16
//! preflight check --gpu B200 --config server.yaml
//! preflight validate --jsonl < configs.jsonl > reports.jsonl
//! preflight explain DSA001
//! preflight explain --message "ValueError: flashinfer_sparse_mla supports only …"
//! preflight rules [--format json]
//! preflight list gpus|archs|models|backends [--format json]
//! ```
//!
//! Exit status: 0 when SGLang would start the launch (with or without known risks, unless
//! `--fail-on risk`) or the command succeeded, 1 when SGLang would refuse it or it would crash
//! at the first forward (or `explain --message` recognised nothing), 2 when Preflight cannot
//! judge it, and on usage and I/O errors.

mod check;
mod compare;
mod explain;
mod list;
mod matrix;
mod rules;
mod style;
mod validate;

use lexopt::prelude::*;
use std::ffi::OsString;
use std::process::ExitCode;

/// `human` or `json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Text for people, in the style of rustc and Ruff.
    Human,
    /// JSON for programs.
    Json,
}

/// When to colour the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// When stdout is a terminal and `NO_COLOR` is unset.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Options of `preflight check`.
#[derive(Debug, Default)]
pub struct CheckArgs {
    /// `--gpu NAME`.
    pub gpu: Option<String>,
    /// `--compute-capability X.Y`.
    pub compute_capability: Option<String>,
    /// `--arch ARCH` (overrides the architecture looked up from the model path).
    pub arch: Option<String>,
    /// `--model-config FILE`: the model's Hugging Face `config.json`.
    pub model_config: Option<String>,
    /// `--sglang VERSION`.
    pub sglang: Option<String>,
    /// `--cuda VERSION`.
    pub cuda: Option<String>,
    /// `--config FILE.yaml`: check a config file on its own.
    pub config: Option<String>,
    /// `--file FILE`: read the command from a file (`-`: stdin).
    pub file: Option<String>,
    /// The command words (after `--`).
    pub words: Vec<String>,
    /// `--fail-on risk`: a launch that starts with known risks fails the check too.
    pub fail_on_risk: bool,
    /// `--upgrade-to X`: what changes when moving from the launch's release to X.
    pub upgrade_to: Option<String>,
}

/// A parsed command line.
#[derive(Debug)]
pub enum Cmd {
    /// `preflight check …`.
    Check(CheckArgs, Format, ColorChoice),
    /// `preflight validate [--jsonl]`.
    Validate {
        /// One configuration per line.
        jsonl: bool,
    },
    /// `preflight explain CODE`.
    ExplainCode(String, Format, ColorChoice),
    /// `preflight explain --message TEXT` (`-`: stdin).
    ExplainMessage(String, Format, ColorChoice),
    /// `preflight rules`.
    Rules(Format),
    /// `preflight list gpus|archs|models|backends [--sglang X]`.
    List(list::What, Option<String>, Format),
    /// `preflight matrix …`.
    Matrix(matrix::MatrixArgs),
    /// `preflight help` / `--help`.
    Help(Option<String>),
    /// `preflight --version`.
    Version,
}

const USAGE: &str = "\
preflight: check SGLang launch configurations before you launch

Usage:
  preflight check [OPTIONS] -- <launch command…>
  preflight check [OPTIONS] --file launch.sh        (- reads stdin)
  preflight check [OPTIONS] --config server.yaml
  preflight validate --jsonl < configs.jsonl
  preflight explain <CODE>
  preflight explain --message <ERROR TEXT>          (- reads stdin)
  preflight rules [--format json]
  preflight list gpus|archs|models|backends [--sglang X] [--format json]
  preflight matrix --arch <ARCH> [--kv-cache-dtype X] [--sglang X] [--kind attention|dsa|dsv4]
                   [--gpu NAME] [--vendor nvidia|amd] [--format markdown|csv|json]

Check options:
  --gpu <NAME>                  GPU from the catalogue (\"RTX 5090\", H100, B200, MI300X …)
  --compute-capability <X.Y>    a custom NVIDIA compute capability instead of --gpu
  --cc <X.Y>                    the same as --compute-capability
  --arch <ARCH>                 model architecture (default: from --model-path when known;
                                `preflight list archs`, `preflight list models`)
  --model-config <FILE>         the model's Hugging Face config.json: its own architecture,
                                heads, dims and quantization instead of a reference checkpoint's
  --sglang <VERSION>            SGLang release (default: the image tag's, else the newest modelled)
  --cuda <VERSION>              CUDA version of the torch build (default: the image tag's, else 13.0)
  --fail-on <risk|error>        also fail when the launch starts with known risks (default: error)
  --sglang all                  the launch on every release Preflight knows, side by side, with
                                the differences (exit: the worst verdict over modelled releases)
  --upgrade-to <VERSION>        what changes for the launch when moving to VERSION (new and gone
                                errors, different backends, page size, KV dtype)
  --format <human|json>         output format (default: human)
  --color <auto|always|never>   colours (default: auto; NO_COLOR is honoured)

Without a command after --, --file or --config (and nothing on stdin), check is a usage error.
An unknown model (not a well-known id, no --arch, no --model-config) cannot be judged.

Exit status (check): 0 SGLang would start (with or without risks; --fail-on risk makes risks 1),
1 SGLang would refuse it or it crashes at the first forward, 2 Preflight cannot judge it or a
usage / I/O error.
";

fn help_for(topic: Option<&str>) -> String {
    match topic {
        Some("validate") => "\
preflight validate --jsonl

Reads one LaunchConfig JSON object per line on stdin and writes one JSON report per line:
{\"verdict\": \"ok\"|\"error\", \"class\": \"refused\"|\"crashes\"|\"starts_with_risks\"|\"starts\"|
\"cannot_judge\", \"sglang\": ..., \"hardware\": ..., \"arch\": ..., \"diagnostics\": [...],
\"resolved\": [...], \"command\": ..., \"corrected\": ...}, with the input's \"id\" echoed.
A LaunchConfig has \"sglang\", \"gpu\" (or \"compute_capability\"), \"cuda_version\", \"arch\",
\"model_path\", \"model_config\" (the model's config.json as a JSON object), \"env\" and any
ServerArgs field by its SGLang name. A line that is not a valid configuration gets
{\"error\": \"...\", \"line\": N}. Blank lines are skipped. Exit 0 unless stdin cannot be read.

Without --jsonl, reads one JSON object (the whole of stdin) and prints its report; exit 0 when
SGLang would start, 1 when it would refuse or crash, 2 when Preflight cannot judge it or the
input is not a LaunchConfig.
"
        .to_string(),
        Some("explain") => "\
preflight explain <CODE>                 the page of a rule (DSA001) or parse code (PARSE010)
preflight explain --message <TEXT>       which rule an SGLang error message or traceback is
preflight explain --message -            … read from stdin
Options: --format <human|json>, --color <auto|always|never>
"
        .to_string(),
        Some("rules") => "preflight rules [--format json]: the rule catalogue\n".to_string(),
        Some("list") => "\
preflight list gpus       the GPU catalogue (names for --gpu)
preflight list archs      model architectures the release serves (names for --arch; --sglang X)
preflight list models     well-known model ids (recognised in --model-path)
preflight list backends   the choices of --attention-backend in the release (--sglang X)
Options: --format <human|json>, --sglang <VERSION> (archs, backends)
"
        .to_string(),
        _ => USAGE.to_string(),
    }
}

fn parse_format(v: OsString) -> Result<Format, lexopt::Error> {
    match v.string()?.as_str() {
        "human" | "text" => Ok(Format::Human),
        "json" => Ok(Format::Json),
        other => Err(format!("--format must be human or json, not {other:?}").into()),
    }
}

fn parse_color(v: OsString) -> Result<ColorChoice, lexopt::Error> {
    match v.string()?.as_str() {
        "auto" => Ok(ColorChoice::Auto),
        "always" => Ok(ColorChoice::Always),
        "never" => Ok(ColorChoice::Never),
        other => Err(format!("--color must be auto, always or never, not {other:?}").into()),
    }
}

/// Parses the command line (without the program name).
pub fn parse_args(args: Vec<OsString>) -> Result<Cmd, lexopt::Error> {
    let mut p = lexopt::Parser::from_args(args);
    let sub = match p.next()? {
        None => return Ok(Cmd::Help(None)),
        Some(Short('h') | Long("help")) => return Ok(Cmd::Help(None)),
        Some(Short('V') | Long("version")) => return Ok(Cmd::Version),
        Some(Value(v)) => v.string()?,
        Some(other) => return Err(other.unexpected()),
    };
    let mut format = Format::Human;
    let mut color = ColorChoice::Auto;
    match sub.as_str() {
        "help" => {
            let topic = match p.next()? {
                Some(Value(v)) => Some(v.string()?),
                _ => None,
            };
            Ok(Cmd::Help(topic))
        }
        "check" => {
            let mut a = CheckArgs::default();
            while let Some(arg) = p.next()? {
                match arg {
                    Long("gpu") => a.gpu = Some(p.value()?.string()?),
                    Long("compute-capability" | "cc") => {
                        a.compute_capability = Some(p.value()?.string()?)
                    }
                    Long("arch") => a.arch = Some(p.value()?.string()?),
                    Long("model-config") => a.model_config = Some(p.value()?.string()?),
                    Long("sglang") => a.sglang = Some(p.value()?.string()?),
                    Long("cuda") => a.cuda = Some(p.value()?.string()?),
                    Long("config") => a.config = Some(p.value()?.string()?),
                    Long("upgrade-to") => a.upgrade_to = Some(p.value()?.string()?),
                    Long("fail-on") => match p.value()?.string()?.as_str() {
                        "risk" => a.fail_on_risk = true,
                        "error" => a.fail_on_risk = false,
                        other => {
                            return Err(lexopt::Error::Custom(
                                format!("--fail-on takes `risk` or `error`, not {other:?}").into(),
                            ));
                        }
                    },
                    Long("file") | Short('f') => a.file = Some(p.value()?.string()?),
                    Long("format") => format = parse_format(p.value()?)?,
                    Long("color") => color = parse_color(p.value()?)?,
                    Short('h') | Long("help") => return Ok(Cmd::Help(Some("check".into()))),
                    Value(v) => {
                        // the command starts here (`--` or the first word): take the rest raw
                        a.words.push(v.string()?);
                        for w in p.raw_args()? {
                            a.words.push(w.string()?);
                        }
                    }
                    other => return Err(other.unexpected()),
                }
            }
            let sources = [a.config.is_some(), a.file.is_some(), !a.words.is_empty()];
            if sources.iter().filter(|x| **x).count() > 1 {
                return Err(
                    "give one of: a command after --, --file FILE, --config FILE.yaml (a command may name its own --config)"
                        .into(),
                );
            }
            if a.gpu.is_some() && a.compute_capability.is_some() {
                return Err("give --gpu or --compute-capability, not both".into());
            }
            Ok(Cmd::Check(a, format, color))
        }
        "validate" => {
            let mut jsonl = false;
            while let Some(arg) = p.next()? {
                match arg {
                    Long("jsonl") => jsonl = true,
                    Short('h') | Long("help") => return Ok(Cmd::Help(Some("validate".into()))),
                    other => return Err(other.unexpected()),
                }
            }
            Ok(Cmd::Validate { jsonl })
        }
        "explain" => {
            let mut code = None;
            let mut message = None;
            while let Some(arg) = p.next()? {
                match arg {
                    Long("message") | Short('m') => message = Some(p.value()?.string()?),
                    Long("format") => format = parse_format(p.value()?)?,
                    Long("color") => color = parse_color(p.value()?)?,
                    Short('h') | Long("help") => return Ok(Cmd::Help(Some("explain".into()))),
                    Value(v) if code.is_none() => code = Some(v.string()?),
                    other => return Err(other.unexpected()),
                }
            }
            match (code, message) {
                (Some(c), None) => Ok(Cmd::ExplainCode(c, format, color)),
                (None, Some(m)) => Ok(Cmd::ExplainMessage(m, format, color)),
                (None, None) => Err("explain needs a CODE or --message TEXT".into()),
                (Some(_), Some(_)) => Err("give a CODE or --message, not both".into()),
            }
        }
        "rules" => {
            while let Some(arg) = p.next()? {
                match arg {
                    Long("format") => format = parse_format(p.value()?)?,
                    Short('h') | Long("help") => return Ok(Cmd::Help(Some("rules".into()))),
                    other => return Err(other.unexpected()),
                }
            }
            Ok(Cmd::Rules(format))
        }
        "list" => {
            let mut what = None;
            let mut sglang = None;
            while let Some(arg) = p.next()? {
                match arg {
                    Long("format") => format = parse_format(p.value()?)?,
                    Long("sglang") => sglang = Some(p.value()?.string()?),
                    Short('h') | Long("help") => return Ok(Cmd::Help(Some("list".into()))),
                    Value(v) if what.is_none() => {
                        let w = v.string()?;
                        what = Some(list::What::parse(&w).ok_or_else(|| {
                            format!("list: unknown topic {w:?} (gpus, archs, models, backends)")
                        })?);
                    }
                    other => return Err(other.unexpected()),
                }
            }
            match what {
                Some(w) => Ok(Cmd::List(w, sglang, format)),
                None => Err("list needs a topic: gpus, archs, models or backends".into()),
            }
        }
        "matrix" => {
            let mut a = matrix::MatrixArgs::default();
            while let Some(arg) = p.next()? {
                match arg {
                    Long("arch") => a.arch = Some(p.value()?.string()?),
                    Long("model" | "model-path") => a.model = Some(p.value()?.string()?),
                    Long("kv-cache-dtype") => a.kv_cache_dtype = Some(p.value()?.string()?),
                    Long("sglang") => a.sglang = Some(p.value()?.string()?),
                    Long("gpu") => a.gpu = Some(p.value()?.string()?),
                    Long("kind") => a.kind = Some(p.value()?.string()?),
                    Long("vendor") => a.vendor = Some(p.value()?.string()?),
                    Long("format") => a.format = Some(p.value()?.string()?),
                    Short('h') | Long("help") => return Ok(Cmd::Help(None)),
                    other => return Err(other.unexpected()),
                }
            }
            Ok(Cmd::Matrix(a))
        }
        other => Err(format!(
            "unknown command {other:?} (check, validate, explain, rules, list, matrix)"
        )
        .into()),
    }
}

/// Usage error: message on stderr, exit 2.
pub fn usage_error(msg: &str) -> ExitCode {
    eprintln!("error: {msg}\n\nRun `preflight --help` for usage.");
    ExitCode::from(2)
}

/// Restores the default `SIGPIPE` action: Rust ignores it, so printing to a closed pipe
/// (`preflight check … | head`) would panic with "failed printing to stdout: Broken pipe";
/// with the default action the process ends quietly when the reader goes away.
fn reset_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called once at the start of main, before any thread starts; `signal` with
    // `SIG_DFL` for `SIGPIPE` has no other effect.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    reset_sigpipe();
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let cmd = match parse_args(args) {
        Ok(c) => c,
        Err(e) => return usage_error(&e.to_string()),
    };
    match cmd {
        Cmd::Help(topic) => {
            print!("{}", help_for(topic.as_deref()));
            ExitCode::SUCCESS
        }
        Cmd::Version => {
            println!(
                "preflight {} (SGLang releases: {})",
                env!("CARGO_PKG_VERSION"),
                preflight_core::SglangVersion::all()
                    .map(|v| v.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            ExitCode::SUCCESS
        }
        Cmd::Check(a, f, c) => check::run(a, f, style::Style::new(c)),
        Cmd::Validate { jsonl } => validate::run(jsonl),
        Cmd::ExplainCode(code, f, c) => explain::code(&code, f, style::Style::new(c)),
        Cmd::ExplainMessage(text, f, c) => explain::message(&text, f, style::Style::new(c)),
        Cmd::Rules(f) => rules::run(f),
        Cmd::List(w, v, f) => list::run(w, v.as_deref(), f),
        Cmd::Matrix(a) => matrix::run(a),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &[&str]) -> Result<Cmd, lexopt::Error> {
        parse_args(s.iter().map(OsString::from).collect())
    }

    #[test]
    fn check_takes_the_rest_as_the_command() {
        let Ok(Cmd::Check(a, Format::Human, _)) = parse(&[
            "check",
            "--gpu",
            "RTX 5090",
            "--",
            "python",
            "-m",
            "sglang.launch_server",
            "--tp",
            "2",
        ]) else {
            panic!()
        };
        assert_eq!(a.gpu.as_deref(), Some("RTX 5090"));
        assert_eq!(
            a.words,
            ["python", "-m", "sglang.launch_server", "--tp", "2"]
        );
        let Ok(Cmd::Check(a, Format::Json, _)) = parse(&[
            "check", "--format", "json", "sglang", "serve", "m", "--tp", "2",
        ]) else {
            panic!()
        };
        assert_eq!(a.words, ["sglang", "serve", "m", "--tp", "2"]);
    }

    #[test]
    fn usage_errors() {
        assert!(parse(&["check", "--format", "xml"]).is_err());
        assert!(parse(&["check", "--config", "a.yaml", "--", "x"]).is_err());
        assert!(parse(&["frobnicate"]).is_err());
        assert!(parse(&["explain"]).is_err());
        assert!(parse(&["validate", "--nope"]).is_err());
        assert!(matches!(parse(&[]), Ok(Cmd::Help(None))));
    }
}
