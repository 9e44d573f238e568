//! `preflight check`: parse a launch command (or a config file), validate it, and print the
//! findings in the style of rustc and Ruff, with the corrected command.

use crate::style::{Style, label};
use crate::{CheckArgs, Format, usage_error};
use preflight_core::check::{self, CheckOptions, Checked};
use preflight_core::command::shell_quote;
use preflight_core::fields::ResolvedValue;
use preflight_core::parse::{self, ParseDiagnostic, Parsed, Source, Span};
use preflight_core::{Diagnostic, Report, Severity, SglangVersion, VerdictClass};
use serde::Serialize;
use std::io::{IsTerminal, Read};
use std::process::ExitCode;

/// Reads a `--config` file the way SGLang reports problems with it.
pub fn read_config_file(path: &str) -> Result<String, String> {
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| format!("{path}: not UTF-8 text")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Err(format!("Config file not found: {path}"))
        }
        Err(e) => Err(format!("{path}: {e}")),
    }
}

fn read_text(path: &str) -> Result<String, String> {
    let bytes = if path == "-" {
        let mut b = Vec::new();
        std::io::stdin()
            .read_to_end(&mut b)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        b
    } else {
        std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?
    };
    String::from_utf8(bytes).map_err(|_| format!("{path}: not UTF-8 text"))
}

/// The usage error of `check` without a launch.
const NO_COMMAND: &str = "no launch command: give it after -- (preflight check --gpu H100 -- python -m sglang.launch_server --model-path …), with --file FILE (- for stdin), --config FILE.yaml, or on stdin";

/// Reads `--model-config FILE`: a Hugging Face `config.json`, a JSON object. The core
/// checks the rest (its `architectures` list, the fields SGLang derives from it).
fn read_model_config(path: &str) -> Result<serde_json::Value, String> {
    let text = read_text(path).map_err(|e| format!("--model-config: {e}"))?;
    preflight_core::model::read_config_json(&text)
        .map_err(|e| format!("--model-config {path}: {e}"))
}

/// What was checked: the command text, or a config file on its own.
enum Input {
    Command(String),
    ConfigFile { path: String, text: String },
}

/// The JSON output: the report (when the input could be evaluated), what the parser read,
/// and the corrected command in the user's own words.
#[derive(Serialize)]
struct CheckJson<'a> {
    #[serde(flatten)]
    report: Option<&'a Report>,
    /// The verdict class of the parse and the report together (overrides the report's).
    class: VerdictClass,
    /// The verdict in plain words.
    headline: &'a str,
    /// True when SGLang would start (with or without risks).
    valid: bool,
    parse: &'a Parsed,
    corrected_command: Option<&'a str>,
    not_in_command: &'a [parse::Skipped],
}

/// Runs `preflight check`.
pub fn run(a: CheckArgs, format: Format, st: Style) -> ExitCode {
    let input = if let Some(path) = &a.config {
        match read_config_file(path) {
            Ok(text) => Input::ConfigFile {
                path: path.clone(),
                text,
            },
            Err(e) => return usage_error(&e),
        }
    } else if let Some(path) = &a.file {
        match read_text(path) {
            Ok(t) => Input::Command(t),
            Err(e) => return usage_error(&e),
        }
    } else if !a.words.is_empty() {
        if a.words.len() == 1 && a.words[0].contains(char::is_whitespace) {
            Input::Command(a.words[0].clone())
        } else {
            Input::Command(
                a.words
                    .iter()
                    .map(|w| shell_quote(w))
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        }
    } else {
        // stdin only when something is piped in: an empty one is no launch either
        let piped = if std::io::stdin().is_terminal() {
            None
        } else {
            match read_text("-") {
                Ok(t) => Some(t).filter(|t| !t.trim().is_empty()),
                Err(e) => return usage_error(&e),
            }
        };
        match piped {
            Some(t) => Input::Command(t),
            None => return usage_error(NO_COMMAND),
        }
    };
    let model_config = match a.model_config.as_deref().map(read_model_config) {
        None => None,
        Some(Ok(v)) => Some(v),
        Some(Err(e)) => return usage_error(&e),
    };

    let read = |p: &str| read_config_file(p);
    let opts = CheckOptions {
        gpu: a.gpu.clone(),
        compute_capability: a.compute_capability.clone(),
        sglang: a.sglang.clone(),
        cuda_version: a.cuda.clone(),
        arch: a.arch.clone(),
        model_config,
        fixes: true,
    };
    let text = match &input {
        Input::Command(t) | Input::ConfigFile { text: t, .. } => t.as_str(),
    };
    // several releases: side by side, or an upgrade
    let versions = |s: &str| SglangVersion::parse_known(s);
    if a.sglang.as_deref() == Some("all") {
        let o = CheckOptions {
            sglang: None,
            ..opts.clone()
        };
        return crate::compare::run(
            text,
            &o,
            &preflight_core::compare::all_releases(),
            crate::compare::Gate::Worst,
            format,
            &st,
        );
    }
    if let Some(to) = &a.upgrade_to {
        let Some(to_v) = versions(to) else {
            return usage_error(&format!("--upgrade-to: unknown SGLang release {to:?}"));
        };
        let from_v = {
            let probe = check::check(text, &opts, Some(&read));
            probe
                .config
                .sglang
                .as_deref()
                .and_then(versions)
                .unwrap_or(SglangVersion::LATEST)
        };
        let o = CheckOptions {
            sglang: None,
            ..opts.clone()
        };
        return crate::compare::run(
            text,
            &o,
            &[from_v, to_v],
            crate::compare::Gate::Last,
            format,
            &st,
        );
    }
    let checked = check::check(text, &opts, Some(&read));
    let Some(launch) = checked.launch.as_ref() else {
        return usage_error("nothing to check");
    };
    let parsed = &launch.parsed;
    let report = checked.report.as_ref();
    let corrected = checked.corrected.as_deref();
    let (command_text, doc_name): (&str, String) = match &input {
        Input::Command(_) => (launch.command.as_str(), "command".into()),
        Input::ConfigFile { path, .. } => ("", path.clone()),
    };

    match format {
        Format::Json => {
            let out = CheckJson {
                report,
                class: checked.class,
                headline: &checked.headline,
                valid: matches!(
                    checked.class,
                    VerdictClass::Starts | VerdictClass::StartsWithRisks
                ),
                parse: parsed,
                corrected_command: corrected,
                not_in_command: &checked.not_in_text,
            };
            match serde_json::to_string_pretty(&out) {
                Ok(s) => println!("{s}"),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        Format::Human => {
            let config_doc = match &input {
                Input::ConfigFile { path, text } => Some((path.clone(), text.clone())),
                Input::Command(_) => parsed
                    .config_file
                    .as_ref()
                    .and_then(|c| c.text.clone().map(|t| (c.path.clone(), t))),
            };
            let docs = Docs {
                command: (doc_name.as_str(), command_text),
                config: config_doc.as_ref().map(|(p, t)| (p.as_str(), t.as_str())),
            };
            // errors and warnings in the order SGLang meets them, then the notes
            let mut out = String::new();
            let mut notes = String::new();
            for d in &parsed.diagnostics {
                let text = parse_diag(&st, d, &docs);
                if d.severity == Severity::Info {
                    notes.push_str(&text);
                } else {
                    out.push_str(&text);
                }
            }
            if let Some(r) = report {
                for d in &r.diagnostics {
                    let text = diag(&st, d, parsed, &docs);
                    if d.severity == Severity::Info {
                        notes.push_str(&text);
                    } else {
                        out.push_str(&text);
                    }
                }
            }
            out.push_str(&notes);
            if let Some(c) = corrected.filter(|_| matches!(input, Input::Command(_))) {
                out.push_str(&format!("\n{}\n", st.bold("corrected command:")));
                for line in c.trim_end().lines() {
                    out.push_str(&format!("    {}\n", st.good(line)));
                }
            }
            for s in checked.not_in_text.iter().filter(|s| s.key != "gpu") {
                out.push_str(&format!(
                    "    {} {}: {}\n",
                    st.help("note:"),
                    s.key,
                    s.reason
                ));
            }
            out.push('\n');
            out.push_str(&summary(&st, report, parsed, &checked));
            print!("{out}");
        }
    }
    ExitCode::from(checked.class.exit_code(a.fail_on_risk))
}

/// The texts spans point into.
struct Docs<'a> {
    command: (&'a str, &'a str),
    config: Option<(&'a str, &'a str)>,
}

impl Docs<'_> {
    fn of(&self, source: Source) -> Option<(&str, &str)> {
        match source {
            Source::Command => Some(self.command).filter(|(_, t)| !t.is_empty()),
            Source::ConfigFile => self.config,
        }
    }
}

/// 1-based line and column (in characters) of a byte offset.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    (
        text[..at].matches('\n').count() + 1,
        text[line_start..at].chars().count() + 1,
    )
}

/// Longest line shown before it is cut around the marks.
const MAX_LINE: usize = 160;

/// rustc-style source snippet with `^^^` under each span.
fn snippet(st: &Style, text: &str, spans: &[Span]) -> String {
    // (line index) -> list of (start col, end col) in chars
    let mut marks: std::collections::BTreeMap<usize, Vec<(usize, usize)>> = Default::default();
    let lines: Vec<&str> = text.split('\n').collect();
    let mut offset = 0;
    let starts: Vec<usize> = lines
        .iter()
        .map(|l| {
            let s = offset;
            offset += l.len() + 1;
            s
        })
        .collect();
    for s in spans {
        if s.end > text.len() || s.start > s.end {
            continue;
        }
        for (i, &ls) in starts.iter().enumerate() {
            let le = ls + lines[i].len();
            if s.start > le || s.end < ls {
                continue;
            }
            let a = s.start.max(ls);
            let b = s.end.min(le);
            if a > b || (a == b && s.start != s.end) {
                continue;
            }
            let line = lines[i];
            let ca = line[..a - ls].chars().count();
            let cb = line[..b - ls].chars().count().max(ca + 1);
            marks.entry(i).or_default().push((ca, cb));
        }
    }
    if marks.is_empty() {
        return String::new();
    }
    let width = marks.keys().last().map_or(1, |l| (l + 1).to_string().len());
    let pad = " ".repeat(width);
    let mut out = format!("{pad} {}\n", st.gutter("|"));
    for (i, ms) in &marks {
        let line: Vec<char> = lines[*i].trim_end_matches('\r').chars().collect();
        let lo = ms.iter().map(|m| m.0).min().unwrap_or(0);
        let hi = ms.iter().map(|m| m.1).max().unwrap_or(0);
        let (from, to) = if line.len() > MAX_LINE {
            let from = lo.saturating_sub(30);
            (from, (hi + 30).min(line.len()).max(from))
        } else {
            (0, line.len())
        };
        let mut shown: String = line[from..to].iter().collect();
        let mut shift = from;
        if from > 0 {
            shown = format!("…{shown}");
            shift = from.saturating_sub(1);
        }
        if to < line.len() {
            shown.push('…');
        }
        let mut carets = vec![' '; hi.saturating_sub(shift) + 1];
        for (a, b) in ms {
            for c in carets.iter_mut().take(b - shift).skip(a - shift) {
                *c = '^';
            }
        }
        let carets: String = carets
            .into_iter()
            .collect::<String>()
            .trim_end()
            .to_string();
        out.push_str(&format!(
            "{} {} {}\n",
            st.gutter(&format!("{:>width$}", i + 1)),
            st.gutter("|"),
            shown
        ));
        out.push_str(&format!("{pad} {} {carets}\n", st.gutter("|")));
    }
    out
}

fn parse_diag(st: &Style, d: &ParseDiagnostic, docs: &Docs) -> String {
    let mut out = format!(
        "{}: {}\n",
        st.severity(d.severity, &format!("{}[{}]", label(d.severity), d.code)),
        st.bold(&d.message)
    );
    if d.severity == Severity::Info {
        return out;
    }
    if let (Some(span), Some((name, text))) = (d.span, docs.of(d.source)) {
        let (l, c) = line_col(text, span.start);
        out.push_str(&format!(" {} {name}:{l}:{c}\n", st.gutter("-->")));
        out.push_str(&snippet(st, text, &[span]));
    }
    if let Some(n) = &d.note {
        out.push_str(&format!("  {} {n}\n", st.help("= note:")));
    }
    if let Some(s) = &d.suggestion {
        out.push_str(&format!(
            "  {} write {}\n",
            st.help("= help:"),
            s.replacement
        ));
    }
    if d.severity == Severity::Error {
        out.push_str(&format!(
            "  {} preflight explain {}\n",
            st.dim("= see:"),
            d.code
        ));
    }
    out.push('\n');
    out
}

/// The spans of the keys a diagnostic names (the model path stands for `arch`).
fn spans_for(d: &Diagnostic, parsed: &Parsed) -> Vec<(Source, Span)> {
    let mut out = Vec::new();
    for key in &d.flags {
        let key = if key == "arch" {
            "model_path"
        } else {
            key.as_ref()
        };
        if let Some(f) = parsed.span_of(key) {
            out.push((f.source, f.span));
        }
    }
    out
}

fn diag(st: &Style, d: &Diagnostic, parsed: &Parsed, docs: &Docs) -> String {
    let mut out = format!(
        "{}: {}\n",
        st.severity(d.severity, &format!("{}[{}]", label(d.severity), d.code)),
        st.bold(&d.shown_message())
    );
    if d.severity == Severity::Info {
        return out;
    }
    let mut loc = d.stage.label().to_string();
    if let Some(e) = &d.exception
        && d.raised_by_sglang
    {
        loc = format!("{loc}: {e}");
    }
    match &d.source {
        Some(s) => loc = format!("{loc} at {}", s.cite()),
        None if !d.raised_by_sglang => loc = format!("{loc} (Preflight's check)"),
        None => {}
    }
    out.push_str(&format!(" {} {loc}\n", st.gutter("-->")));
    let spans = spans_for(d, parsed);
    for source in [Source::Command, Source::ConfigFile] {
        let mut these: Vec<Span> = spans
            .iter()
            .filter(|(s, _)| *s == source)
            .map(|(_, sp)| *sp)
            .collect();
        these.sort();
        if let (false, Some((name, text))) = (these.is_empty(), docs.of(source)) {
            if source == Source::ConfigFile {
                let (l, c) = line_col(text, these[0].start);
                out.push_str(&format!(" {} {name}:{l}:{c}\n", st.gutter("-->")));
            }
            out.push_str(&snippet(st, text, &these));
        }
    }
    if let Some(n) = &d.note {
        out.push_str(&format!("  {} {n}\n", st.help("= note:")));
    }
    // Preflight's own input errors have no fixes: what to provide is the rule's solutions
    if d.severity == Severity::Error
        && d.stage == preflight_core::Stage::Input
        && d.fixes.is_empty()
    {
        for sol in preflight_core::rules::find(d.code).map_or(&[][..], |r| r.solutions) {
            out.push_str(&format!("  {} {sol}\n", st.help("= help:")));
        }
    }
    if d.severity == Severity::Error {
        // software fixes; a change of hardware (only when none exists) on a line of its own
        for f in &d.fixes {
            if f.changes_hardware {
                out.push_str(&format!(
                    "  {} on other hardware: {} (changes the hardware)\n",
                    st.help("= help:"),
                    f.title
                ));
            } else {
                out.push_str(&format!("  {} {}\n", st.help("= help:"), f.title));
            }
        }
        out.push_str(&format!(
            "  {} preflight explain {}\n",
            st.dim("= see:"),
            d.code
        ));
    }
    out.push('\n');
    out
}

/// `attention_backend dsa · kv_cache_dtype fp8_e4m3 · page_size 64 …`: the rows of the
/// resolved-field table shown for this launch (a split backend that only inherits the base
/// one is left out).
pub fn resolved_summary(r: &[ResolvedValue]) -> String {
    r.iter()
        .filter(|v| v.shown && !v.value.is_null())
        .map(|v| format!("{} {}", v.key, v.text))
        .collect::<Vec<_>>()
        .join(" · ")
}

fn summary(st: &Style, report: Option<&Report>, parsed: &Parsed, checked: &Checked) -> String {
    let Some(r) = report else {
        return format!(
            "{}: {}\n",
            st.severity(Severity::Error, "error"),
            checked.headline
        );
    };
    let count = |sev: Severity| {
        r.diagnostics.iter().filter(|d| d.severity == sev).count()
            + parsed
                .diagnostics
                .iter()
                .filter(|d| d.severity == sev)
                .count()
    };
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let counts = [
        plural(count(Severity::Error), "error", "errors"),
        plural(count(Severity::Warning), "warning", "warnings"),
        plural(count(Severity::Info), "note", "notes"),
    ]
    .join(", ");
    let on = match (&r.hardware, &r.arch) {
        (Some(h), Some(a)) => format!(" on {} with {a}", h.name),
        (Some(h), None) => format!(" on {}", h.name),
        (None, Some(a)) => format!(" with {a}"),
        (None, None) => String::new(),
    };
    let tag = match checked.class {
        VerdictClass::Starts => st.good(&st.bold("ok")),
        VerdictClass::StartsWithRisks => st.severity(Severity::Warning, "risk"),
        VerdictClass::Refused => st.severity(Severity::Error, "refused"),
        VerdictClass::Crashes => st.severity(Severity::Error, "crashes"),
        VerdictClass::CannotJudge => st.severity(Severity::Error, "cannot judge"),
    };
    // a cannot-judge headline ends with its reason: the hardware goes with the counts
    let mut out = if checked.class == VerdictClass::CannotJudge && !on.is_empty() {
        format!(
            "{tag}: {} ({}; {counts})\n",
            checked.headline,
            on.trim_start()
        )
    } else {
        format!("{tag}: {}{on} ({counts})\n", checked.headline)
    };
    let res = resolved_summary(&r.resolved);
    if !res.is_empty() {
        out.push_str(&format!("{} {}\n", st.dim("resolved:"), res));
    }
    if let Some(m) = &r.model {
        let hint = if m.is_assumed() {
            " (for your checkpoint's own: --model-config config.json)"
        } else {
            ""
        };
        out.push_str(&format!("{} {}{hint}\n", st.dim("model:"), m.facts()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippet_marks_spans_and_cuts_long_lines() {
        let st = Style::new(crate::ColorChoice::Never);
        let t = "python -m x \\\n  --tp 2 \\\n  --kv bf16";
        let tp = t.find("--tp").unwrap();
        let kv = t.find("--kv").unwrap();
        let s = snippet(&st, t, &[Span::new(tp, tp + 6), Span::new(kv, kv + 9)]);
        assert_eq!(
            s,
            "  |\n2 |   --tp 2 \\\n  |   ^^^^^^\n3 |   --kv bf16\n  |   ^^^^^^^^^\n"
        );
        let long = format!("{} --flag x {}", "a".repeat(200), "b".repeat(200));
        let s = snippet(&st, &long, &[Span::new(201, 210)]);
        assert!(s.contains("…") && s.contains("^^^^^^^^^"), "{s}");
        assert_eq!(snippet(&st, "abc", &[Span::new(10, 12)]), "");
    }
}
