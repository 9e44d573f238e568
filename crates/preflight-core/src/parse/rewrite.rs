//! The corrected command that keeps everything else the user wrote, in their order.
//!
//! A fix is a list of [`Change`]s to configuration keys. Rewriting edits only what they
//! touch: a changed value is replaced in place (keeping the user's spelling of the flag,
//! e.g. `--tp`), a removed flag is cut out with its value (a flag alone on a `\`-continued
//! line takes its line with it), and a new flag is appended after the last SGLang argument
//! (on a new continued line when the command is written that way). Quoting, comments,
//! environment lines, `docker run` options and redirections stay as they were.

use super::{Parsed, Site, Source, Span};
use crate::command::shell_quote;
use crate::domains::flags::{FlagKind, find_flag};
use crate::report::{Change, Severity};
use crate::version::SglangVersion;
use serde::Serialize;

/// A rewritten command.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rewrite {
    /// The command with the changes applied.
    pub text: String,
    /// Changes that cannot be made in the command text, with the reason (the GPU, a value
    /// that comes from the `--config` file, …).
    pub skipped: Vec<Skipped>,
}

/// A change left out of a rewrite.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Skipped {
    /// The configuration key.
    pub key: String,
    /// Why it is not in the text.
    pub reason: String,
}

#[derive(Debug)]
enum Op {
    Replace(Span, String),
    Remove(Span),
    Insert(usize, String),
}

impl Op {
    fn start(&self) -> usize {
        match self {
            Op::Replace(s, _) | Op::Remove(s) => s.start,
            Op::Insert(at, _) => *at,
        }
    }
    fn end(&self) -> usize {
        match self {
            Op::Replace(s, _) | Op::Remove(s) => s.end,
            Op::Insert(at, _) => *at,
        }
    }
}

/// Applies `changes` (and, with `apply_suggestions`, the parser's suggested edits for what
/// SGLang refuses, such as `--kv_cache_dtype` → `--kv-cache-dtype`; notes such as
/// abbreviations are left as written) to `text`, which `parsed` was read from.
pub fn rewrite_command(
    text: &str,
    parsed: &Parsed,
    changes: &[Change],
    apply_suggestions: bool,
) -> Rewrite {
    let mut ops: Vec<Op> = Vec::new();
    let mut skipped = Vec::new();
    let mut appends: Vec<String> = Vec::new();
    let v = parsed
        .config
        .sglang
        .as_deref()
        .and_then(SglangVersion::parse)
        .unwrap_or(SglangVersion::LATEST);
    let skip = |skipped: &mut Vec<Skipped>, key: &str, reason: String| {
        skipped.push(Skipped {
            key: key.to_string(),
            reason,
        })
    };
    let in_text = |s: Span| s.end <= text.len() && s.start <= s.end;

    for ch in changes {
        let key = ch.key.as_str();
        let occurrences: Vec<_> = parsed.flags.iter().filter(|f| f.key == key).collect();
        let effective = parsed.span_of(key);
        match key {
            "gpu" | "compute_capability" => {
                skip(
                    &mut skipped,
                    key,
                    "the GPU is not part of the command".into(),
                );
                continue;
            }
            "arch" => {
                skip(
                    &mut skipped,
                    key,
                    "the architecture comes from the model's config.json".into(),
                );
                continue;
            }
            "sglang" | "cuda_version" => {
                skip(
                    &mut skipped,
                    key,
                    "the release and CUDA build come from the installed package or image".into(),
                );
                continue;
            }
            _ => {}
        }
        if let Some(name) = key.strip_prefix("env.") {
            match &ch.to {
                Some(val) => match effective.filter(|f| f.source == Source::Command) {
                    Some(f) => {
                        let q = shell_quote(val);
                        match f.value {
                            Some(vs) if vs.start > f.name.end && in_text(vs) => {
                                ops.push(Op::Replace(vs, q))
                            }
                            Some(vs) => ops.push(Op::Replace(vs, format!("{name}={q}"))),
                            None => {}
                        }
                    }
                    None => {
                        let assign = format!("{name}={}", shell_quote(val));
                        if let Some(at) = parsed.anchors.docker_env_at {
                            ops.push(Op::Insert(at, format!(" -e {assign}")));
                        } else if let Some(at) = parsed.anchors.env_at {
                            ops.push(Op::Insert(at, format!("{assign} ")));
                        } else {
                            skip(&mut skipped, key, "there is no command to set it on".into());
                        }
                    }
                },
                None => {
                    for f in occurrences.iter().filter(|f| f.source == Source::Command) {
                        match f.site {
                            Site::EnvExport {
                                statement,
                                alone: true,
                            } => ops.push(Op::Remove(statement)),
                            _ => ops.push(Op::Remove(f.span)),
                        }
                    }
                }
            }
            continue;
        }
        let in_config = occurrences.iter().any(|f| f.source == Source::ConfigFile);
        let file = parsed
            .config_file
            .as_ref()
            .map_or("the config file".to_string(), |c| c.path.clone());
        match &ch.to {
            None => {
                for f in occurrences.iter().filter(|f| f.source == Source::Command) {
                    ops.push(Op::Remove(f.span));
                }
                if in_config {
                    skip(
                        &mut skipped,
                        key,
                        format!("it is set in {file}: remove `{key}` there"),
                    );
                }
            }
            Some(val) => {
                let is_switch = match find_flag(key).map(|f| f.kind) {
                    Some(FlagKind::Bool) => true,
                    Some(_) => false,
                    None => parsed.config.args.get(key).is_some_and(|x| x.is_boolean()),
                };
                match effective.filter(|f| f.source == Source::Command) {
                    Some(f) if is_switch => {
                        if !matches!(val.as_str(), "true" | "True" | "1") {
                            ops.push(Op::Remove(f.span));
                        }
                    }
                    Some(f) => {
                        let q = shell_quote(val);
                        match f.value {
                            Some(vs) if vs.start >= f.name.end && vs != f.name => {
                                ops.push(Op::Replace(vs, q))
                            }
                            Some(vs) => {
                                // `--flag=value` in one quoted word: rewrite the word
                                ops.push(Op::Replace(vs, format!("{}={q}", f.option)))
                            }
                            None => ops.push(Op::Replace(f.name, format!("{} {q}", f.option))),
                        }
                    }
                    None => {
                        if is_switch && !matches!(val.as_str(), "true" | "True" | "1") {
                            if in_config {
                                skip(
                                    &mut skipped,
                                    key,
                                    format!("it is set in {file}: remove `{key}` there"),
                                );
                            }
                            continue;
                        }
                        let cli = if key == "model_path" {
                            "--model-path".to_string()
                        } else {
                            crate::sglang_cli::find_dest(key, v)
                                .map(|o| o.canonical().to_string())
                                .unwrap_or_else(|| format!("--{}", key.replace('_', "-")))
                        };
                        appends.push(if is_switch {
                            cli
                        } else {
                            format!("{cli} {}", shell_quote(val))
                        });
                    }
                }
            }
        }
    }
    if !appends.is_empty() {
        match parsed.anchors.argv_end {
            Some(at) => {
                let sep = match &parsed.anchors.continuation_indent {
                    Some(ind) => format!(" \\\n{ind}"),
                    None => " ".to_string(),
                };
                let s: String = appends.iter().map(|a| format!("{sep}{a}")).collect();
                ops.push(Op::Insert(at, s));
            }
            None => {
                for a in appends {
                    skip(&mut skipped, &a, "there is no command to add it to".into());
                }
            }
        }
    }
    if apply_suggestions {
        for d in parsed
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
        {
            if let (Some(s), Source::Command) = (&d.suggestion, d.source) {
                ops.push(Op::Replace(s.span, s.replacement.clone()));
            }
        }
    }
    ops.retain(|o| o.end() <= text.len() && o.start() <= o.end());
    // last first; at one position removals and replacements before insertions, longer first
    ops.sort_by(|a, b| {
        b.start()
            .cmp(&a.start())
            .then(matches!(a, Op::Insert(..)).cmp(&matches!(b, Op::Insert(..))))
            .then(b.end().cmp(&a.end()))
    });
    let mut cur = text.to_string();
    let mut floor = usize::MAX; // start of the lowest edit applied so far (original offsets)
    for op in ops {
        let overlaps = match &op {
            Op::Insert(at, _) => *at > floor,
            _ => op.end() > floor,
        };
        if overlaps {
            continue;
        }
        if !cur.is_char_boundary(op.start()) || !cur.is_char_boundary(op.end()) {
            continue;
        }
        match &op {
            Op::Insert(at, s) => cur.insert_str(*at, s),
            Op::Replace(span, s) => cur.replace_range(span.start..span.end, s),
            Op::Remove(span) => {
                let from = remove(&mut cur, *span);
                floor = floor.min(from);
            }
        }
        floor = floor.min(op.start());
    }
    Rewrite { text: cur, skipped }
}

fn blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r'
}

/// Removes `span` and the blanks around it; a flag alone on a line removes the line (and a
/// dangling `\` that would continue the previous line into nothing). Returns the first
/// byte removed.
fn remove(cur: &mut String, span: Span) -> usize {
    let (s, e) = (span.start, span.end);
    let bytes = cur.as_bytes();
    let line_start = cur[..s].rfind('\n').map_or(0, |i| i + 1);
    let line_end = cur[e..].find('\n').map_or(cur.len(), |i| e + i);
    let before = &cur[line_start..s];
    let after = &cur[e..line_end];
    let after_t = after.trim_matches([' ', '\t', '\r']);
    let continued = after_t == "\\";
    if before.trim().is_empty() && (after_t.is_empty() || continued) {
        if !continued && line_start > 0 {
            // last line of a continued command: drop the previous line's ` \`
            let prev = cur[..line_start - 1].trim_end_matches([' ', '\t', '\r']);
            if prev.ends_with('\\') {
                let q = cur[..prev.len() - 1].trim_end_matches([' ', '\t']).len();
                cur.replace_range(q..line_end, "");
                return q;
            }
        }
        let del_end = if line_end < cur.len() {
            line_end + 1
        } else {
            line_end
        };
        cur.replace_range(line_start..del_end, "");
        return line_start;
    }
    let mut b = e;
    while b < line_end && blank(bytes[b]) {
        b += 1;
    }
    let rest = &cur[b..line_end];
    if !rest.trim().is_empty() && rest.trim() != "\\" {
        cur.replace_range(s..b, "");
        s
    } else {
        let mut a = s;
        while a > line_start && blank(bytes[a - 1]) {
            a -= 1;
        }
        cur.replace_range(a..e, "");
        a
    }
}
