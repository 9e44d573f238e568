//! The one check API: a launch in any form a user has it → what Preflight found, the verdict
//! class, and the corrected launch in the user's own words. The web page, the CLI and the JS
//! API all call [`check`] (text) or [`check_config`] (a configuration), so every input form
//! works in all three and they agree.
//!
//! Input forms ([`CheckInput`]): a pasted launch (shell command, `docker run`, `--config`
//! YAML, Kubernetes/Compose command-args lists; see [`crate::launch`]), a `LaunchConfig`
//! (JSONL, the builder, URL state), or a cookbook-style `(flags, env)` pair.

use crate::config::LaunchConfig;
use crate::launch::{InputKind, Launch, read_launch};
use crate::parse::{ParseDiagnostic, ParseOptions, ReadFile, Skipped};
use crate::report::{Report, Severity, VerdictClass};
use serde::Serialize;

/// Parse codes after which there is no launch to evaluate: the input is empty, too large,
/// binary, has no SGLang launcher, or cannot be expanded.
const NOTHING_TO_EVALUATE: &[&str] = &["PARSE001", "PARSE002", "PARSE003", "PARSE005", "PARSE038"];

/// Settings that complete or override what the launch says (the GPU is never in a command).
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// GPU product name (`"RTX 5090"`).
    pub gpu: Option<String>,
    /// A custom NVIDIA compute capability instead of `gpu`.
    pub compute_capability: Option<String>,
    /// The SGLang release (wins over an image tag).
    pub sglang: Option<String>,
    /// The CUDA version of the torch build.
    pub cuda_version: Option<String>,
    /// The model architecture (wins over the one looked up from the model path).
    pub arch: Option<String>,
    /// The model's Hugging Face `config.json` (the parsed object; see
    /// [`LaunchConfig::model_config`]): wins over the model path and the architecture.
    pub model_config: Option<serde_json::Value>,
    /// Search for verified fixes (the CLI and the page do; the fix search itself does not).
    pub fixes: bool,
}

impl CheckOptions {
    /// Writes the options over a configuration read from the input.
    pub fn apply(&self, cfg: &mut LaunchConfig) {
        if let Some(g) = &self.gpu {
            cfg.set_key("gpu", Some(g));
        }
        if let Some(c) = &self.compute_capability {
            cfg.set_key("compute_capability", Some(c));
        }
        if let Some(x) = &self.sglang {
            cfg.sglang = Some(x.clone());
        }
        if let Some(x) = &self.cuda_version {
            cfg.cuda_version = Some(x.clone());
        }
        if let Some(x) = &self.arch {
            cfg.arch = Some(x.clone());
        }
        if let Some(x) = &self.model_config {
            cfg.model_config = Some(x.clone());
        }
    }
}

/// What [`check`] returns.
#[derive(Clone, Debug, Serialize)]
pub struct Checked {
    /// How the text was read (`None` for a configuration given as such).
    pub kind: Option<InputKind>,
    /// The parser's findings, with spans into the input.
    pub parse: Vec<ParseDiagnostic>,
    /// The configuration evaluated (options applied).
    pub config: LaunchConfig,
    /// The report, when there was a launch to evaluate.
    pub report: Option<Report>,
    /// The launch with the best fix applied, in the form and words the user wrote it (a
    /// command edited in place, the YAML file, the container lists), when a fix exists.
    pub corrected: Option<String>,
    /// Changes of the best fix that cannot be written into the text (the GPU, ...).
    pub not_in_text: Vec<Skipped>,
    /// The verdict class of the parse and the report together.
    pub class: VerdictClass,
    /// The verdict in plain words (the banner and the CLI's summary line).
    pub headline: String,
    /// The parsed launch (for span mapping in the page); not serialised.
    #[serde(skip)]
    pub launch: Option<Launch>,
}

/// Checks a pasted launch in any form (see the module docs). `read_file` reads a `--config`
/// file the command names (the CLI passes one; the page and the JS API cannot).
/// Never panics.
pub fn check(text: &str, opts: &CheckOptions, read_file: Option<ReadFile>) -> Checked {
    let popts = ParseOptions {
        sglang: opts.sglang.clone(),
        read_file,
    };
    let launch = read_launch(text, &popts);
    let mut cfg = launch.parsed.config.clone();
    opts.apply(&mut cfg);
    let parse = launch.parsed.diagnostics.clone();
    let nothing = parse.iter().any(|d| NOTHING_TO_EVALUATE.contains(&d.code));
    let report = (!nothing).then(|| {
        let mut r = run(&cfg, opts.fixes);
        drop_reported_twice(&mut r, &launch.parsed);
        r
    });
    // the best fix, and the parser's own corrections (`--kv_cache_dtype` → `--kv-cache-dtype`)
    let changes = report
        .as_ref()
        .and_then(|r| r.corrected.as_ref())
        .map(|f| f.changes.clone())
        .unwrap_or_default();
    let (corrected, not_in_text) = if nothing {
        (None, Vec::new())
    } else {
        let rw = launch.rewrite(text, &changes);
        let changed = rw.text != text;
        (changed.then_some(rw.text), rw.skipped)
    };
    finish(
        Some(launch.kind),
        parse,
        cfg,
        report,
        corrected,
        not_in_text,
        Some(launch),
    )
}

/// Checks a configuration given as such (JSONL, the builder, URL state, the JS API).
pub fn check_config(cfg: &LaunchConfig, opts: &CheckOptions) -> Checked {
    let mut cfg = cfg.clone();
    opts.apply(&mut cfg);
    let report = run(&cfg, opts.fixes);
    let corrected = report
        .corrected
        .as_ref()
        .map(|f| crate::command::render_command(&f.config));
    finish(
        None,
        Vec::new(),
        cfg,
        Some(report),
        corrected,
        Vec::new(),
        None,
    )
}

/// Checks a cookbook-style launch: the flag words (`["--tp", "8", "--kv-cache-dtype",
/// "fp8_e4m3"]`, the model path among them) and `NAME=value` environment entries.
pub fn check_flags(flags: &[String], env: &[String], opts: &CheckOptions) -> Checked {
    let mut text = String::new();
    for e in env {
        match e.split_once('=') {
            Some((k, v)) => text.push_str(&format!("{k}={} ", crate::command::shell_quote(v))),
            None => text.push_str(&format!("{} ", crate::command::shell_quote(e))),
        }
    }
    text.push_str("python -m sglang.launch_server");
    for f in flags {
        text.push(' ');
        text.push_str(&crate::command::shell_quote(f));
    }
    check(&text, opts, None)
}

/// One diagnostic per mistake: an argparse refusal of the report (`ARG…`, stage
/// `argparse`) about a flag whose occurrence the parser already refused (`unrecognized
/// arguments`, `ambiguous option`, `invalid choice`) is the same mistake said twice, and
/// the parser's has the span and the note; the report's is dropped.
fn drop_reported_twice(report: &mut Report, parsed: &crate::parse::Parsed) {
    let refused: Vec<(crate::parse::Source, crate::parse::Span)> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error && d.raised_by_sglang)
        .filter_map(|d| d.span.map(|s| (d.source, s)))
        .collect();
    let overlaps =
        |a: crate::parse::Span, b: crate::parse::Span| a.start < b.end && b.start < a.end;
    report.diagnostics.retain(|d| {
        if d.stage != crate::Stage::Argparse {
            return true;
        }
        let said = d.flags.iter().any(|k| {
            parsed.flags.iter().filter(|f| f.key == *k).any(|f| {
                refused
                    .iter()
                    .any(|(src, r)| *src == f.source && overlaps(*r, f.span))
            })
        });
        !said
    });
}

fn run(cfg: &LaunchConfig, fixes: bool) -> Report {
    if fixes {
        crate::validate(cfg)
    } else {
        crate::evaluate(cfg)
    }
}

fn finish(
    kind: Option<InputKind>,
    parse: Vec<ParseDiagnostic>,
    config: LaunchConfig,
    report: Option<Report>,
    corrected: Option<String>,
    not_in_text: Vec<Skipped>,
    launch: Option<Launch>,
) -> Checked {
    let class = class_of(&parse, report.as_ref());
    let sglang = report
        .as_ref()
        .map(|r| r.sglang.clone())
        .unwrap_or_else(|| crate::version_of(&config).to_string());
    // a parse error says why first, then the report's own input error
    let why = parse
        .iter()
        .find(|d| d.severity == Severity::Error)
        .map(|d| d.message.as_str())
        .or_else(|| report.as_ref().and_then(Report::input_error));
    let scope = report.as_ref().and_then(|r| r.scope);
    let headline = class.headline_with(&sglang, why, scope);
    Checked {
        kind,
        parse,
        config,
        report,
        corrected,
        not_in_text,
        class,
        headline,
        launch,
    }
}

/// The class of a parse and its report. A parse error SGLang itself raises (argparse, its
/// `--config` merger) is a refusal whatever else is unknown, since it comes first; one that
/// only Preflight has (an unreadable command) means it cannot judge.
fn class_of(parse: &[ParseDiagnostic], report: Option<&Report>) -> VerdictClass {
    let mut parse_errors = parse.iter().filter(|d| d.severity == Severity::Error);
    if parse_errors.clone().any(|d| d.raised_by_sglang) {
        VerdictClass::Refused
    } else if parse_errors.next().is_some() {
        VerdictClass::CannotJudge
    } else {
        report.map_or(VerdictClass::CannotJudge, |r| r.class)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gpu(g: &str) -> CheckOptions {
        CheckOptions {
            gpu: Some(g.into()),
            fixes: true,
            ..Default::default()
        }
    }

    #[test]
    fn every_form_gets_one_verdict() {
        let seed = "python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla";
        let c = check(seed, &gpu("RTX 5090"), None);
        assert_eq!(c.class, VerdictClass::Refused);
        assert!(c.headline.contains("would refuse"));
        let fixed = c.corrected.expect("a corrected command");
        assert!(fixed.starts_with("python -m sglang.launch_server --model-path zai-org/GLM-5"));
        assert_eq!(
            check(&fixed, &gpu("RTX 5090"), None).class,
            VerdictClass::Starts
        );

        let yaml = "model-path: zai-org/GLM-5\nkv-cache-dtype: bf16\ndsa-prefill-backend: flashinfer_sparse_mla\n";
        assert_eq!(
            check(yaml, &gpu("RTX 5090"), None).class,
            VerdictClass::Refused
        );

        let flags: Vec<String> = ["--model-path", "zai-org/GLM-5", "--kv-cache-dtype", "bf16"]
            .map(String::from)
            .to_vec();
        // without flashinfer_sparse_mla, SGLang picks the trtllm DSA kernels, which have no
        // SM12x build: it starts, then crashes at the first forward
        let c = check_flags(&flags, &["SGLANG_USE_AITER=0".into()], &gpu("RTX 5090"));
        assert_eq!(c.class, VerdictClass::Crashes);
        assert_eq!(
            c.config.env.get("SGLANG_USE_AITER").map(String::as_str),
            Some("0")
        );
    }

    #[test]
    fn unreadable_or_unknown_input_cannot_be_judged() {
        assert_eq!(
            check("", &gpu("H100"), None).class,
            VerdictClass::CannotJudge
        );
        let c = check(
            "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct",
            &gpu("H9000"),
            None,
        );
        assert_eq!(c.class, VerdictClass::CannotJudge);
        assert!(
            c.headline
                .starts_with("Preflight cannot judge this launch: "),
            "{}",
            c.headline
        );
        assert_eq!(c.class.exit_code(false), 2);
        // what ran without the unknown part is said, in the headline every edge shows
        assert!(
            c.headline.ends_with(crate::report::PARTIAL_SCOPE),
            "{}",
            c.headline
        );
        // argparse runs before SGLang reads the model: its refusal stands for an unknown model
        let c = check(
            "python -m sglang.launch_server --model-path someone/unknown-model --tp-size two",
            &gpu("H100"),
            None,
        );
        assert_eq!(c.class, VerdictClass::Refused);
        // a launch judged whole has no scope note
        let c = check(
            "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct",
            &gpu("H100"),
            None,
        );
        assert_eq!(c.report.and_then(|r| r.scope), None);
    }

    #[test]
    fn a_reports_summary_says_what_check_says() {
        // the JS API's verdict() reads Report::summary: the same class, exit code and words
        for (model, g) in [
            ("meta-llama/Llama-3.1-8B-Instruct", "H100"),
            ("meta-llama/Llama-3.1-8B-Instruct", "H9000"),
            ("someone/unknown-model", "H100"),
            ("deepseek-ai/DeepSeek-V3", "A100"),
        ] {
            let text = format!("python -m sglang.launch_server --model-path {model}");
            let c = check(&text, &gpu(g), None);
            let s = c.report.as_ref().expect("a launch to evaluate").summary();
            assert_eq!(
                (s.class, s.exit_code, s.headline.as_str()),
                (c.class, c.class.exit_code(false), c.headline.as_str()),
                "{model} on {g}"
            );
            let first = c.report.as_ref().and_then(|r| r.first_error());
            assert_eq!(s.code, first.map(|d| d.code));
        }
    }

    #[test]
    fn one_diagnostic_per_mistake_with_its_note() {
        let errors = |c: &Checked| {
            c.parse
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .map(|d| d.message.clone())
                .chain(
                    c.report
                        .iter()
                        .flat_map(|r| r.errors().map(|d| d.message.clone())),
                )
                .collect::<Vec<_>>()
        };
        for (flag, note) in [
            (
                "--attention-backnd fa3",
                "did you mean --attention-backend?",
            ),
            ("--enable", ""),
            (
                "--cuda-graph-tc-compiler x",
                "--cuda-graph-tc-compiler was removed in SGLang 0.5.22 (this launch uses SGLang 0.5.23)",
            ),
        ] {
            let t = format!(
                "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct {flag}"
            );
            let c = check(&t, &gpu("H100"), None);
            assert_eq!(errors(&c).len(), 1, "{flag}: {:?}", errors(&c));
            assert_eq!(c.class, VerdictClass::Refused);
            assert_eq!(c.parse[0].note.as_deref().unwrap_or(""), note);
        }
        // a configuration given as such (JSONL, URL state): the report's argparse errors
        // carry the same notes
        let cfg: LaunchConfig = serde_json::from_str(
            r#"{"gpu":"H100","model_path":"meta-llama/Llama-3.1-8B-Instruct","nsa_prefill_backend":"flashmla_kv","attention_backend":"flashinfr"}"#,
        )
        .unwrap();
        let c = check_config(&cfg, &CheckOptions::default());
        let notes: Vec<(&str, Option<&str>)> = c
            .report
            .as_ref()
            .unwrap()
            .errors()
            .map(|d| (d.code, d.note.as_deref()))
            .collect();
        assert!(
            notes.contains(&("ARG001", Some("did you mean flashinfer?"))),
            "{notes:?}"
        );
        assert!(
            notes.contains(&(
                "ARG003",
                Some(
                    "--nsa-prefill-backend was renamed to --dsa-prefill-backend in SGLang 0.5.20 (this launch uses SGLang 0.5.23)"
                )
            )),
            "{notes:?}"
        );
    }
}
