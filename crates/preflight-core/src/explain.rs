//! Explaining an SGLang error: which rules' messages a pasted error line (or a whole
//! traceback or log) contains, and what the values in it say about the configuration.
//!
//! Every message template of every rule (every release's wording) is turned into a matcher:
//! the template's literal text must appear as written (a run of blanks matching any run of
//! blanks), each `{name}` / `{name!r}` placeholder captures the text in its place (lazily, on
//! one line, with balanced quotes and brackets), and a file path the template prints
//! (`/workspace/include/flashinfer/…/fmhaRunner.cuh:30`) matches the same file under any
//! install prefix with any line number. The input is examined as pasted (ANSI colours
//! removed, CRLF made LF) and, for messages a terminal wrapped, with its line breaks removed.
//! A message cut short is found too: after one of its sentences, or anywhere where a line of
//! the input ends (an issue title); such matches rank after whole ones. When several rules
//! match, all are returned, best first (whole before cut, more literal text, a traceback
//! through the rule's own source files, closer paths).
//!
//! The captured values are mapped back to configuration keys where the rule allows it:
//! `model_arch='GlmMoeDsaForCausalLM'` → `arch`, `sm_major=12` → a catalogue GPU with that SM
//! major, `kv_cache_dtype=torch.bfloat16` → `bfloat16`, `prefill_impl='x'` →
//! `dsa_prefill_backend`, `argument --page-size: …` → `page_size`. A pasted template itself
//! (`model_arch={model_arch!r}`, as error catalogues print it) matches too, with no values.

use crate::config::LaunchConfig;
use crate::domains::flags::find_flag;
use crate::domains::gpu::{GPUS, Vendor};
use crate::report::{Severity, Stage};
use crate::rules::{self, RuleInfo};
use crate::version::VersionRange;
use serde::Serialize;

/// Longest text examined, in bytes (of longer input, its end: see [`window`]).
pub const MAX_TEXT: usize = 256 * 1024;

/// Fewest literal characters a template must match to count (so that a template made
/// mostly of placeholders does not match ordinary text).
const MIN_LITERAL: usize = 12;

/// Matching steps allowed per template, against pathological input.
const BUDGET: usize = 20_000;

/// A value captured from an error message.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Capture {
    /// The placeholder, e.g. `model_arch` or `sorted(unsupported)`.
    pub placeholder: String,
    /// The text in its place, as printed (`'GlmMoeDsaForCausalLM'`, `torch.bfloat16`).
    pub text: String,
    /// The configuration key it tells about (`arch`, `gpu`, `kv_cache_dtype`, …), if any.
    pub key: Option<String>,
    /// The value for that key in configuration spelling (`GlmMoeDsaForCausalLM`, `RTX 5090`,
    /// `bfloat16`), if it can be told.
    pub value: Option<String>,
}

/// One rule whose message was found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Match {
    /// Rule code, e.g. `DSA001`.
    pub code: &'static str,
    /// Rule title.
    pub title: &'static str,
    /// Severity of the rule.
    pub severity: Severity,
    /// When SGLang raises it.
    pub stage: Stage,
    /// The Python exception class, if any.
    pub exception: Option<&'static str>,
    /// The releases whose message matched (`0.5.19`, `0.5.19–0.5.23`).
    pub versions: String,
    /// The template that matched.
    pub template: &'static str,
    /// The matched text.
    pub matched: String,
    /// 1-based line of the input where the match starts.
    pub line: usize,
    /// Values captured by the placeholders, in template order.
    pub captures: Vec<Capture>,
    /// What the captured values say about the configuration (partial; `sglang` is set when
    /// only one release's wording matched).
    pub config: LaunchConfig,
    /// Literal characters matched (higher is more certain).
    pub score: usize,
    /// False when only the message's first sentence(s) were found (a message cut short);
    /// such matches come after whole ones.
    pub complete: bool,
    /// How exactly the message's file paths agree with the template's (same line number,
    /// then common ending): orders matches that tie otherwise.
    #[serde(skip)]
    pub exactness: (usize, usize),
    /// How many of the Python files the rule's sources and explanation name appear in the
    /// paste (a traceback through `dsa_backend.py` points at the DSA rule when two rules
    /// print the same kernel error): orders matches that tie on the message.
    #[serde(skip)]
    pub context: usize,
    /// The releases whose message matched, as a range.
    #[serde(skip)]
    pub range: VersionRange,
}

#[derive(Clone, Debug)]
enum Piece {
    Lit(String),
    Hole {
        name: String,
    },
    /// A file path the message prints (`/workspace/include/flashinfer/trtllm/fmha/fmhaRunner.cuh:30`):
    /// it matches the same file under any install prefix (site-packages, dist-packages,
    /// `/workspace`, `C:\…`), with any line number. `tail` holds the last (up to three)
    /// directory/file components that must agree.
    Path {
        tail: Vec<String>,
        /// The path as the template prints it (without its line number).
        full: String,
        /// The line number the template prints, if any.
        line: Option<String>,
    },
    /// The start of a literal, at least `min` non-blank characters of it, where a line of
    /// the input ends (a message cut short by a log, a title or a copy; `…` may follow).
    Trunc {
        lit: String,
        min: usize,
    },
}

/// Characters a printed file path is made of (`<site-packages>` and `~` included).
fn is_path_char(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(
            c,
            '_' | '-' | '.' | '/' | '\\' | '~' | '<' | '>' | '+' | '@'
        )
}

/// The components of a path that say which file it is (install prefixes such as `...`,
/// `<site-packages>` and `.` carry nothing).
fn path_components(p: &str) -> Vec<&str> {
    p.split(['/', '\\'])
        .filter(|c| {
            !(c.is_empty()
                || c.chars().all(|x| x == '.')
                || (c.starts_with('<') && c.ends_with('>')))
        })
        .collect()
}

/// Whether a run of path characters is a file path: a directory separator and a file name
/// with an extension (`fmhaRunner.cuh`), not a URL.
fn looks_like_path(run: &str) -> bool {
    if !run.contains(['/', '\\']) || run.contains("//") {
        return false;
    }
    let comps = path_components(run);
    let Some(file) = comps.last() else {
        return false;
    };
    if comps.len() < 2 {
        return false;
    }
    match file.rsplit_once('.') {
        Some((name, ext)) => {
            !name.is_empty()
                && (1..=6).contains(&ext.len())
                && ext.starts_with(|c: char| c.is_ascii_alphabetic())
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// Splits a literal at the file paths it prints (each with its `:line`, if any).
fn split_paths(lit: &str, out: &mut Vec<Piece>) {
    let mut rest_start = 0;
    let mut i = 0;
    let b = lit.as_bytes();
    while i < lit.len() {
        let c = lit[i..].chars().next().unwrap_or(' ');
        if !is_path_char(c) {
            i += c.len_utf8();
            continue;
        }
        let start = i;
        let mut end = i;
        for (k, ch) in lit[i..].char_indices() {
            if !is_path_char(ch) {
                break;
            }
            end = i + k + ch.len_utf8();
        }
        // a sentence's full stop is not part of the path
        let run = lit[start..end].trim_end_matches('.');
        let run_end = start + run.len();
        if looks_like_path(run) {
            let mut after = run_end;
            let mut line = None;
            // `:123` line number: any number matches
            if b.get(after) == Some(&b':') {
                let digits = lit[after + 1..]
                    .bytes()
                    .take_while(u8::is_ascii_digit)
                    .count();
                if digits > 0 {
                    line = Some(lit[after + 1..after + 1 + digits].to_string());
                    after += 1 + digits;
                }
            }
            if start > rest_start {
                out.push(Piece::Lit(lit[rest_start..start].to_string()));
            }
            let comps = path_components(run);
            let keep = comps.len().min(3);
            out.push(Piece::Path {
                tail: comps[comps.len() - keep..]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
                full: run.to_string(),
                line,
            });
            rest_start = after;
            i = after;
        } else {
            i = end.max(i + 1);
        }
    }
    if rest_start < lit.len() {
        out.push(Piece::Lit(lit[rest_start..].to_string()));
    }
}

/// Splits an f-string template into literals, placeholders and file paths (`{{`/`}}` are
/// braces).
fn pieces(template: &str) -> Vec<Piece> {
    let mut raw = Vec::new();
    let mut lit = String::new();
    let chars: Vec<char> = template.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '{' && chars.get(i + 1) == Some(&'{') {
            lit.push('{');
            i += 2;
            continue;
        }
        if c == '}' && chars.get(i + 1) == Some(&'}') {
            lit.push('}');
            i += 2;
            continue;
        }
        if c == '{' {
            // find the closing brace, allowing nested brackets
            let mut depth = 0i32;
            let mut j = i + 1;
            let mut end = None;
            while j < chars.len() {
                match chars[j] {
                    '(' | '[' => depth += 1,
                    ')' | ']' => depth -= 1,
                    '}' if depth <= 0 => {
                        end = Some(j);
                        break;
                    }
                    '{' => break,
                    _ => {}
                }
                j += 1;
            }
            if let Some(e) = end {
                if !lit.is_empty() {
                    raw.push(Piece::Lit(std::mem::take(&mut lit)));
                }
                let inner: String = chars[i + 1..e].iter().collect();
                let name = inner
                    .strip_suffix("!r")
                    .map_or(inner.clone(), str::to_string);
                raw.push(Piece::Hole { name });
                i = e + 1;
                continue;
            }
        }
        lit.push(c);
        i += 1;
    }
    if !lit.is_empty() {
        raw.push(Piece::Lit(lit));
    }
    let mut out = Vec::new();
    for p in raw {
        match p {
            Piece::Lit(l) => split_paths(&l, &mut out),
            other => out.push(other),
        }
    }
    // a message may be pasted without its leading/trailing blanks or newline
    if let Some(Piece::Lit(l)) = out.first_mut() {
        *l = l.trim_start().to_string();
    }
    if let Some(Piece::Lit(l)) = out.last_mut() {
        *l = l.trim_end().to_string();
    }
    out.retain(|p| !matches!(p, Piece::Lit(l) if l.is_empty()));
    // adjacent placeholders (`{sorted(allowed)}{dcp_note}`, the second often empty) cannot be
    // told apart in a message: they capture one value together, under the first one's name
    let mut merged: Vec<Piece> = Vec::with_capacity(out.len());
    for p in out {
        match (merged.last_mut(), p) {
            (Some(Piece::Hole { name: a }), Piece::Hole { name: b }) => {
                a.push_str("}{");
                a.push_str(&b);
            }
            (_, p) => merged.push(p),
        }
    }
    merged
}

/// Fewest literal characters a message cut after a sentence must keep to count.
const MIN_PREFIX: usize = 20;

/// The template cut short, longest first: after each of its sentences (`…SM<=90` of
/// `…SM<=90. Please use …`; people paste the first sentence of a long message) keeping at
/// least [`MIN_PREFIX`] literal characters, and anywhere inside a literal where the input's
/// line ends (a log, a title or a copy cut it) keeping at least [`MIN_CUT`].
fn cut_versions(p: &[Piece]) -> Vec<Vec<Piece>> {
    let mut out = Vec::new();
    for (i, piece) in p.iter().enumerate() {
        let Piece::Lit(l) = piece else { continue };
        let b = l.as_bytes();
        for (k, &c) in b.iter().enumerate() {
            let boundary = matches!(c, b'.' | b';' | b'!' | b'?')
                && b.get(k + 1).is_some_and(u8::is_ascii_whitespace);
            if !boundary {
                continue;
            }
            let cut = l[..k].trim_end();
            if cut.is_empty() {
                continue;
            }
            let mut q = p[..i].to_vec();
            q.push(Piece::Lit(cut.to_string()));
            if literal_len(&q) >= MIN_PREFIX {
                out.push(q);
            }
        }
    }
    // cut anywhere, where the input's line ends
    for (i, piece) in p.iter().enumerate() {
        let Piece::Lit(l) = piece else { continue };
        let before = literal_len(&p[..i]);
        let min = MIN_CUT.saturating_sub(before).max(3);
        if min >= l.chars().filter(|c| !c.is_whitespace()).count() {
            continue;
        }
        let mut q = p[..i].to_vec();
        q.push(Piece::Trunc {
            lit: l.clone(),
            min,
        });
        out.push(q);
    }
    out.sort_by_key(|q| std::cmp::Reverse(literal_len(q)));
    out
}

/// Fewest literal characters a message cut at the end of a line must keep to count.
const MIN_CUT: usize = 30;

fn literal_len(p: &[Piece]) -> usize {
    p.iter()
        .map(|x| match x {
            Piece::Lit(l) => l.chars().filter(|c| !c.is_whitespace()).count(),
            Piece::Hole { .. } => 0,
            Piece::Path { tail, .. } => tail.iter().map(|c| c.chars().count()).sum(),
            Piece::Trunc { min, .. } => *min,
        })
        .sum()
}

/// Whether a captured text can stand where the placeholder is: balanced quotes and
/// brackets, one line, not empty.
fn plausible(text: &str) -> bool {
    plausible_for("", text)
}

/// [`plausible`] for the placeholder `name`: merged adjacent placeholders (`a}{b`) only need a
/// one-line, non-empty text (their values' quotes and brackets need not close at the ends).
fn plausible_for(name: &str, text: &str) -> bool {
    if name.contains("}{") {
        return !text.is_empty() && !text.contains('\n');
    }
    if text.is_empty() || text.contains('\n') {
        return false;
    }
    let first = text.chars().next().unwrap_or(' ');
    let last = text.chars().last().unwrap_or(' ');
    match first {
        '\'' | '"' => text.len() >= 2 && last == first,
        '[' => last == ']',
        '(' => last == ')',
        _ => true,
    }
}

/// The end of the value of a trailing placeholder starting at `start` (a quoted string, a
/// bracketed list or a word); a word ends at `stop` (where a wrapped line was joined).
fn token_from(s: &str, start: usize, stop: usize) -> usize {
    let rest = &s[start..];
    let mut chars = rest.char_indices();
    match chars.next() {
        Some((_, q @ ('\'' | '"'))) => {
            for (i, c) in chars {
                if c == q {
                    return start + i + 1;
                }
                if c == '\n' {
                    break;
                }
            }
            start
        }
        Some((_, '[')) => rest
            .find(']')
            .filter(|&i| !rest[..i].contains('\n'))
            .map_or(start, |i| start + i + 1),
        _ => (start + rest.find(char::is_whitespace).unwrap_or(rest.len())).min(stop.max(start)),
    }
}

/// The start of the value of a leading placeholder ending at `end`.
fn token_before(s: &str, end: usize) -> usize {
    let head = &s[..end];
    match head.chars().last() {
        Some(q @ ('\'' | '"')) => head[..head.len() - 1]
            .rfind(q)
            .filter(|&i| !head[i..].contains('\n'))
            .unwrap_or(end),
        Some(close @ (']' | ')')) => {
            let open = if close == ']' { '[' } else { '(' };
            head.rfind(open)
                .filter(|&i| !head[i..].contains('\n'))
                .unwrap_or(end)
        }
        _ => head.rfind(char::is_whitespace).map_or(0, |i| {
            i + head[i..].chars().next().map_or(1, char::len_utf8)
        }),
    }
}

/// One way of reading the input: as pasted, or with its line breaks removed (a message a
/// terminal or a log viewer wrapped).
struct View<'a> {
    text: &'a str,
    /// Offsets in `text` where a line break was removed (empty for the text as pasted).
    joins: &'a [usize],
    /// Whether a blank in a template also matches no blank (a wrap dropped it).
    loose: bool,
}

impl View<'_> {
    /// 1-based line of the input that offset `at` is on.
    fn line(&self, at: usize) -> usize {
        if self.loose {
            self.joins.partition_point(|&j| j <= at) + 1
        } else {
            self.text[..at].matches('\n').count() + 1
        }
    }

    /// Where the line holding `at` was joined to the next one (end of text if never).
    fn next_join(&self, at: usize) -> usize {
        let i = self.joins.partition_point(|&j| j <= at);
        self.joins.get(i).copied().unwrap_or(self.text.len())
    }

    /// Matches literal `lit` at `pos`: its characters as written, a run of blanks in it
    /// against a run of blanks in the text (a line break only where the template has one;
    /// in the joined view none is needed). Returns the end.
    fn lit_at(&self, pos: usize, lit: &str) -> Option<usize> {
        let b = self.text.as_bytes();
        let l = lit.as_bytes();
        let (mut i, mut j) = (pos, 0);
        while j < l.len() {
            if l[j].is_ascii_whitespace() {
                let mut newline = false;
                while j < l.len() && l[j].is_ascii_whitespace() {
                    newline |= l[j] == b'\n';
                    j += 1;
                }
                let from = i;
                while i < b.len()
                    && b[i].is_ascii_whitespace()
                    && (newline || self.loose || b[i] != b'\n')
                {
                    i += 1;
                }
                if i == from && !self.loose {
                    return None;
                }
                continue;
            }
            if i < b.len() && b[i] == l[j] {
                i += 1;
                j += 1;
            } else {
                return None;
            }
        }
        Some(i)
    }

    /// Matches the start of literal `lit` (at least `min` non-blank characters) at `pos`
    /// where the line ends (after an optional `…`/`...`). Returns the end of the text matched.
    fn cut_at(&self, pos: usize, lit: &str, min: usize) -> Option<usize> {
        let b = self.text.as_bytes();
        let l = lit.as_bytes();
        let (mut i, mut j, mut seen) = (pos, 0, 0);
        while j < l.len() {
            if l[j].is_ascii_whitespace() {
                while j < l.len() && l[j].is_ascii_whitespace() {
                    j += 1;
                }
                while i < b.len() && matches!(b[i], b' ' | b'\t') {
                    i += 1;
                }
                continue;
            }
            if i < b.len() && b[i] == l[j] {
                i += 1;
                j += 1;
                if l[j - 1] < 0x80 || l[j - 1] >= 0xC0 {
                    seen += 1;
                }
            } else {
                break;
            }
        }
        if seen < min {
            return None;
        }
        // back to a character boundary (a cut inside a multi-byte character)
        while !self.text.is_char_boundary(i) {
            i -= 1;
        }
        let rest = self.text[i..].trim_start_matches([' ', '\t']);
        let rest = rest
            .strip_prefix('…')
            .or_else(|| rest.strip_prefix("..."))
            .unwrap_or(rest);
        (rest.is_empty() || rest.starts_with('\n')).then_some(i)
    }

    /// Matches a printed file path at `pos`: a run of path characters whose last components
    /// are `tail`, then an optional `:line`. Returns the end.
    fn path_at(&self, pos: usize, tail: &[String]) -> Option<usize> {
        let s = self.text;
        let mut end = pos;
        // a Windows drive (`C:\`)
        let rest = &s[pos..];
        let mut it = rest.chars();
        if let (Some(d), Some(':'), Some('\\' | '/')) = (it.next(), it.next(), it.next())
            && d.is_ascii_alphabetic()
        {
            end = pos + 2;
        }
        for ch in s[end..].chars() {
            if !is_path_char(ch) {
                break;
            }
            end += ch.len_utf8();
        }
        let run = s[pos..end].trim_end_matches('.');
        let mut end = pos + run.len();
        let comps = path_components(run);
        if comps.len() < tail.len()
            || !comps[comps.len() - tail.len()..]
                .iter()
                .zip(tail)
                .all(|(a, b)| *a == b.as_str())
        {
            return None;
        }
        let b = s.as_bytes();
        if b.get(end) == Some(&b':') {
            let digits = s[end + 1..].bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 {
                end += 1 + digits;
            }
        }
        Some(end)
    }

    /// Matches one piece (a literal or a path) at `pos`.
    fn piece_at(&self, pos: usize, p: &Piece) -> Option<usize> {
        match p {
            Piece::Lit(l) => self.lit_at(pos, l),
            Piece::Path { tail, .. } => self.path_at(pos, tail),
            Piece::Trunc { lit, min } => self.cut_at(pos, lit, *min),
            Piece::Hole { .. } => None,
        }
    }

    /// The next place at or after `from` where piece `p` (a literal or a path) matches:
    /// (start, end).
    fn find_piece(&self, from: usize, p: &Piece, steps: &mut usize) -> Option<(usize, usize)> {
        let s = self.text;
        let key: &str = match p {
            Piece::Lit(l) => l.split_ascii_whitespace().next().unwrap_or(" "),
            Piece::Path { tail, .. } => tail.last()?,
            Piece::Trunc { lit, .. } => {
                let w = lit.split_ascii_whitespace().next().unwrap_or(" ");
                &w[..w.char_indices().nth(8).map_or(w.len(), |(i, _)| i)]
            }
            Piece::Hole { .. } => return None,
        };
        let mut at = from;
        while let Some(off) = s.get(at..).and_then(|r| r.find(key)) {
            *steps += 1;
            if *steps > BUDGET {
                return None;
            }
            let k = at + off;
            let start = match p {
                // back to the literal's leading blanks
                Piece::Lit(l) => {
                    let lead = l.len() - l.trim_start().len();
                    let mut st = k;
                    if lead > 0 {
                        while st > from && s.as_bytes()[st - 1].is_ascii_whitespace() {
                            st -= 1;
                        }
                    }
                    st
                }
                // back to the start of the path
                _ => {
                    let mut st = k;
                    while st > from {
                        let Some(c) = s[..st].chars().next_back() else {
                            break;
                        };
                        if is_path_char(c) || (c == ':' && s[st..].starts_with(['\\', '/'])) {
                            st -= c.len_utf8();
                        } else {
                            break;
                        }
                    }
                    st
                }
            };
            if let Some(end) = self.piece_at(start, p) {
                return Some((start, end));
            }
            at = k + key.len().max(1);
        }
        None
    }
}

struct Matcher<'p, 'v> {
    pieces: &'p [Piece],
    view: &'v View<'v>,
    steps: usize,
}

impl Matcher<'_, '_> {
    /// Matches `pieces[idx..]` at `pos`; returns the end and pushes captures.
    fn rec(&mut self, idx: usize, pos: usize, caps: &mut Vec<(usize, usize)>) -> Option<usize> {
        let s = self.view.text;
        self.steps += 1;
        if self.steps > BUDGET {
            return None;
        }
        let Some(p) = self.pieces.get(idx) else {
            return Some(pos);
        };
        match p {
            Piece::Lit(_) | Piece::Path { .. } | Piece::Trunc { .. } => {
                let end = self.view.piece_at(pos, p)?;
                self.rec(idx + 1, end, caps)
            }
            Piece::Hole { name } => match self.pieces.get(idx + 1) {
                None => {
                    let end = token_from(s, pos, self.view.next_join(pos));
                    (end > pos && plausible_for(name, &s[pos..end])).then(|| {
                        caps.push((pos, end));
                        end
                    })
                }
                Some(Piece::Hole { .. }) => None,
                Some(next) => {
                    let is_last = idx + 2 == self.pieces.len();
                    let mut from = pos;
                    let mut fallback = None;
                    while let Some((at, after)) = self.view.find_piece(from, next, &mut self.steps)
                    {
                        let cap = &s[pos..at];
                        if cap.contains('\n') {
                            break;
                        }
                        if plausible_for(name, cap) {
                            let clean_end = s[after..].chars().next().is_none_or(|c| {
                                c.is_whitespace() || matches!(c, '"' | '\'' | ')' | ',' | ']' | '}')
                            });
                            if !is_last || clean_end {
                                caps.push((pos, at));
                                if let Some(end) = self.rec(idx + 2, after, caps) {
                                    return Some(end);
                                }
                                caps.pop();
                            } else if fallback.is_none() {
                                fallback = Some((at, after));
                            }
                        }
                        from = at + s[at..].chars().next().map_or(1, char::len_utf8);
                        if self.steps > BUDGET {
                            return None;
                        }
                        self.steps += 1;
                    }
                    let (at, after) = fallback?;
                    caps.push((pos, at));
                    Some(after)
                }
            },
        }
    }
}

/// How exactly the file paths in a match agree with the template's (the same line number
/// first, then the longest common ending): ranks one rule above another whose message
/// differs only in the path, as two builds of a kernel library print it.
fn path_exactness(p: &[Piece], matched: &str) -> (usize, usize) {
    let mut out = (0, 0);
    for piece in p {
        let Piece::Path {
            tail, full, line, ..
        } = piece
        else {
            continue;
        };
        let Some(file) = tail.last() else { continue };
        let Some(k) = matched.find(file.as_str()) else {
            continue;
        };
        let start = matched[..k]
            .rfind(|c: char| !is_path_char(c))
            .map_or(0, |i| {
                i + matched[i..].chars().next().map_or(1, char::len_utf8)
            });
        let end = k + file.len();
        let text_path = &matched[start..end];
        let common = text_path
            .bytes()
            .rev()
            .zip(full.bytes().rev())
            .take_while(|(a, b)| a == b)
            .count();
        let text_line: String = matched[end..]
            .strip_prefix(':')
            .unwrap_or("")
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if line.as_deref().is_some_and(|l| l == text_line) {
            out.0 += 1;
        }
        out.1 += common;
    }
    out
}

/// Byte ranges of the placeholders' values.
type Ranges = Vec<(usize, usize)>;

/// Finds the template in the view: (start, end, captures).
fn find(pieces: &[Piece], view: &View) -> Option<(usize, usize, Ranges)> {
    let s = view.text;
    let mut m = Matcher {
        pieces,
        view,
        steps: 0,
    };
    let mut steps = 0;
    match pieces.first()? {
        first @ (Piece::Lit(_) | Piece::Path { .. } | Piece::Trunc { .. }) => {
            let mut from = 0;
            while let Some((at, _)) = view.find_piece(from, first, &mut steps) {
                let mut caps = Vec::new();
                if let Some(end) = m.rec(0, at, &mut caps) {
                    return Some((at, end, caps));
                }
                if m.steps > BUDGET {
                    return None;
                }
                from = at + s[at..].chars().next().map_or(1, char::len_utf8);
            }
            None
        }
        Piece::Hole { .. } => {
            let second = pieces.get(1).filter(|p| !matches!(p, Piece::Hole { .. }))?;
            let mut from = 0;
            while let Some((at, _)) = view.find_piece(from, second, &mut steps) {
                let start = token_before(s, at);
                if start < at && plausible(&s[start..at]) {
                    let mut caps = vec![(start, at)];
                    if let Some(end) = m.rec(1, at, &mut caps) {
                        return Some((start, end, caps));
                    }
                }
                if m.steps > BUDGET {
                    return None;
                }
                from = at + s[at..].chars().next().map_or(1, char::len_utf8);
            }
            None
        }
    }
}

/// The text as matched: ANSI colour codes removed, `\r\n` and lone `\r` made line breaks.
/// Line breaks are kept where they are, so line numbers stay those of the input.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut it = text.chars().peekable();
    while let Some(c) = it.next() {
        match c {
            '\u{1b}' => match it.peek() {
                // CSI: ESC [ params final-byte
                Some('[') => {
                    it.next();
                    for x in it.by_ref() {
                        if ('@'..='~').contains(&x) {
                            break;
                        }
                    }
                }
                // OSC: ESC ] … BEL or ESC \
                Some(']') => {
                    it.next();
                    while let Some(x) = it.next() {
                        if x == '\u{7}' {
                            break;
                        }
                        if x == '\u{1b}' {
                            it.next();
                            break;
                        }
                    }
                }
                Some(_) => {
                    it.next();
                }
                None => {}
            },
            '\r' => {
                if it.peek() != Some(&'\n') {
                    out.push('\n');
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// The part of the input that is examined: all of it up to [`MAX_TEXT`] bytes, else its
/// last [`MAX_TEXT`] bytes from a line start (an error ends a log), with the number of
/// lines skipped before it.
pub fn window(text: &str) -> (&str, usize) {
    if text.len() <= MAX_TEXT {
        return (text, 0);
    }
    let mut start = text.len() - MAX_TEXT;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    if let Some(nl) = text[start..].find('\n') {
        start += nl + 1;
    }
    (&text[start..], text[..start].matches('\n').count())
}

/// The text with its line breaks (and the indentation after them) removed, and the offsets
/// where they were.
fn joined(text: &str) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(text.len());
    let mut joins = Vec::new();
    let mut lines = text.split('\n');
    if let Some(first) = lines.next() {
        out.push_str(first);
    }
    for l in lines {
        joins.push(out.len());
        out.push_str(l.trim_start_matches([' ', '\t']));
    }
    (out, joins)
}

/// The text without blanks (for the cheap test that a literal can match at all).
/// Length of the byte n-grams of [`Grams`].
const GRAM: usize = 8;

/// The set of every [`GRAM`]-byte window of a text: a key whose windows are not all in it is
/// not in the text, found without scanning the text once per template (a long log is matched
/// against some 2,000 templates).
struct Grams(std::collections::HashSet<u64, GramHash>);

/// Hashes a window (already a `u64`) by one multiplication: the set is built from untrusted text,
/// but a collision only costs a search that would have happened anyway.
#[derive(Clone, Copy, Default)]
struct GramHash;

impl std::hash::BuildHasher for GramHash {
    type Hasher = GramHasher;
    fn build_hasher(&self) -> GramHasher {
        GramHasher(0)
    }
}

/// The hasher of [`GramHash`].
#[derive(Default)]
struct GramHasher(u64);

impl std::hash::Hasher for GramHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

impl Grams {
    fn key(w: &[u8]) -> u64 {
        w.iter().fold(0u64, |h, &b| (h << 8) | u64::from(b))
    }

    /// An empty set with room for the windows of a text of `len` bytes.
    fn with_room(len: usize) -> Grams {
        Grams(std::collections::HashSet::with_capacity_and_hasher(
            len.saturating_sub(GRAM - 1),
            GramHash,
        ))
    }

    /// Adds the windows of `text` that start in `from..to` (byte offsets; clamped to the
    /// windows there are); returns where it stopped.
    fn add(&mut self, text: &str, from: usize, to: usize) -> usize {
        let b = text.as_bytes();
        let last = b.len().saturating_sub(GRAM - 1);
        let to = to.min(last);
        for at in from.min(to)..to {
            self.0.insert(Grams::key(&b[at..at + GRAM]));
        }
        to
    }

    /// Whether every window of a text of `len` bytes is in the set once `added` is reached.
    fn complete(len: usize, added: usize) -> bool {
        added >= len.saturating_sub(GRAM - 1)
    }

    /// False when `key` cannot be a substring of the text (one of its windows is missing);
    /// true otherwise (then the text is searched).
    fn may_hold(&self, key: &str) -> bool {
        let b = key.as_bytes();
        if b.len() < GRAM {
            return true;
        }
        let mut at = 0;
        loop {
            if !self.0.contains(&Grams::key(&b[at..at + GRAM])) {
                return false;
            }
            if at + GRAM == b.len() {
                return true;
            }
            at = (at + GRAM).min(b.len() - GRAM);
        }
    }
}

fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Python `repr` of a string back to its text (`'a\'b'` → `a'b`); other text unchanged.
fn unrepr(t: &str) -> String {
    let t = t.trim();
    let q = match t.chars().next() {
        Some(q @ ('\'' | '"')) if t.len() >= 2 && t.ends_with(q) => q,
        _ => return t.to_string(),
    };
    let inner = &t[1..t.len() - 1];
    let mut out = String::new();
    let mut it = inner.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('\\') => out.push('\\'),
                Some(x) if x == q || x == '\'' || x == '"' => out.push(x),
                Some(x) => {
                    out.push('\\');
                    out.push(x);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The elements of a printed Python list (`['fa3', 'trtllm']`).
fn list_items(t: &str) -> Vec<String> {
    let t = t.trim();
    let Some(inner) = t.strip_prefix('[').and_then(|x| x.strip_suffix(']')) else {
        return Vec::new();
    };
    inner
        .split(',')
        .map(|x| unrepr(x.trim()))
        .filter(|x| !x.is_empty())
        .collect()
}

/// The most common catalogue GPU with this SM major (NVIDIA), e.g. 12 → RTX 5090.
pub fn gpu_for_sm_major(major: u8) -> Option<&'static str> {
    const PREFERRED: &[&str] = &["h100", "b200", "rtx-5090", "a100", "jetson-thor", "l40s"];
    PREFERRED
        .iter()
        .filter_map(|id| GPUS.iter().find(|g| g.id == *id))
        .chain(GPUS.iter())
        .find(|g| g.vendor == Vendor::Nvidia && g.capability.0 == major)
        .map(|g| g.name)
}

/// `--kv-cache-dtype` spelling of a printed KV dtype (`torch.bfloat16` → `bfloat16`).
fn kv_spelling(t: &str) -> Option<String> {
    let t = t.trim();
    Some(
        match t {
            "torch.bfloat16" => "bfloat16",
            "torch.float8_e4m3fn" | "torch.float8_e4m3fnuz" => "fp8_e4m3",
            "torch.float8_e5m2" | "torch.float8_e5m2fnuz" => "fp8_e5m2",
            t if t.starts_with("torch.") => return None,
            t => t,
        }
        .to_string(),
    )
}

/// The configuration key a placeholder of `rule` tells about.
fn key_of(rule: &RuleInfo, name: &str) -> Option<String> {
    let has = |k: &str| rule.flags.contains(&k);
    let k = match name {
        "model_arch" | "arch" => "arch",
        "device_sm_major" | "sm_major" | "major" => "gpu",
        "gpu" => "gpu",
        "version" => "sglang",
        "kv_cache_dtype" | "requested_dtype" => "kv_cache_dtype",
        "prefill_impl" => "dsa_prefill_backend",
        "decode_impl" => "dsa_decode_backend",
        "prefill" | "decode" => {
            let side = name;
            if has("dsa_prefill_backend") || has("dsa_decode_backend") {
                return Some(format!("dsa_{side}_backend"));
            }
            return Some(format!("{side}_attention_backend"));
        }
        "prefill_backend" | "explicit_prefill_backend" | "prefill_be" => {
            if has("linear_attn_prefill_backend") {
                "linear_attn_prefill_backend"
            } else {
                "prefill_attention_backend"
            }
        }
        "decode_backend" | "explicit_decode_backend" | "decode_be" => {
            if has("linear_attn_decode_backend") {
                "linear_attn_decode_backend"
            } else {
                "decode_attention_backend"
            }
        }
        "backend" | "explicit_backend" => {
            if has("attention_backend") {
                "attention_backend"
            } else {
                return rule
                    .flags
                    .iter()
                    .find(|f| f.ends_with("backend"))
                    .map(|f| f.to_string());
            }
        }
        n if find_flag(n).is_some() => n,
        n => {
            let suffix = format!("_{n}");
            let mut hits = rule.flags.iter().filter(|f| f.ends_with(&suffix));
            return match (hits.next(), hits.next()) {
                (Some(f), None) => Some(f.to_string()),
                _ => None,
            };
        }
    };
    Some(k.to_string())
}

/// The flag a template prints right before a placeholder (`--prefill-kv-cache-dequant-dtype=`
/// before `{requested_dtype}`): the value is that flag's, whatever the placeholder is called.
fn flag_before(lit: &str) -> Option<String> {
    let head = lit.strip_suffix('=')?;
    let start = head
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .map_or(0, |i| i + 1);
    let flag = head[start..].strip_prefix("--")?;
    find_flag(flag).map(|f| f.name.to_string())
}

fn capture(rule: &RuleInfo, name: &str, text: &str, flag: Option<String>) -> Capture {
    let key = flag.or_else(|| key_of(rule, name));
    let raw = unrepr(text);
    let is_template = text.starts_with('{') && text.ends_with('}');
    let value = if is_template {
        None
    } else {
        match key.as_deref() {
            Some("gpu") if name != "gpu" => raw
                .trim()
                .parse::<u8>()
                .ok()
                .and_then(gpu_for_sm_major)
                .map(str::to_string),
            Some("kv_cache_dtype") => kv_spelling(&raw),
            Some(_) if raw == "None" => None,
            Some(_) => Some(raw),
            None => None,
        }
    };
    // a key without a value only for a pasted template (it names what the slot is)
    let key = if value.is_some() || is_template {
        key
    } else {
        None
    };
    Capture {
        placeholder: name.to_string(),
        text: text.to_string(),
        key,
        value,
    }
}

/// Finds the rules whose message `text` contains, best first: whole messages before
/// messages cut after a sentence, then the most literal text matched, then the earliest.
///
/// The text may be one line, a traceback or a log: ANSI colours are ignored, file paths in
/// messages match under any install prefix and line number, log prefixes and tracebacks
/// around the message do not matter, and a message wrapped over several lines is found in
/// the text with its line breaks removed. Every release's wording of every rule is tried.
/// Never panics; of text beyond [`MAX_TEXT`] bytes only the end is examined ([`window`]).
///
/// The same search in slices (for a page that must not block longer than a frame) is
/// [`Explaining`]; this runs it to the end in one call.
pub fn explain_message(text: &str) -> Vec<Match> {
    let mut search = Explaining::new(text);
    while !search.step(usize::MAX) {}
    search.finish()
}

/// Windows added to the text's window set per [`Explaining::step`] (about 1 ms of work in the
/// page).
pub const GRAMS_PER_STEP: usize = 16 * 1024;

/// An explanation in progress: [`explain_message`] cut into steps of a few rules each, so a
/// caller can yield between them (the page runs one slice per frame). Preparing the text
/// ([`Explaining::new`]) is linear in its length (at most [`MAX_TEXT`] bytes); each rule's
/// matchers are built the first time a search reaches it and kept for later searches.
pub struct Explaining {
    /// The examined text, ANSI codes removed ([`normalise`]).
    clean: String,
    /// `clean` with its line breaks removed and the next lines' indentation dropped.
    flat: String,
    /// Offsets in `flat` where a line break was removed (empty: `clean` has one line).
    joins: Vec<usize>,
    /// `clean` without blanks (what a template's literal keys are looked up in).
    squeezed: String,
    /// The 8-byte windows of `squeezed` (those starting before `grams_added`: the set is
    /// built in steps too, before the first rule is examined).
    grams: Grams,
    grams_added: usize,
    /// Lines before the examined window (a log longer than [`MAX_TEXT`]).
    skipped: usize,
    /// Index of the next rule to examine, in [`compiled`]'s order.
    next: usize,
    /// The best match of each rule examined so far.
    out: Vec<Match>,
}

impl Explaining {
    /// Prepares `text` for the search (its last [`MAX_TEXT`] bytes when longer).
    pub fn new(text: &str) -> Explaining {
        let (text, skipped) = window(text);
        let clean = normalise(text);
        let squeezed = squeeze(&clean);
        let (flat, joins) = if clean.contains('\n') {
            joined(&clean)
        } else {
            (String::new(), Vec::new())
        };
        let grams = Grams::with_room(squeezed.len());
        Explaining {
            clean,
            flat,
            joins,
            squeezed,
            grams,
            grams_added: 0,
            skipped,
            next: 0,
            out: Vec::new(),
        }
    }

    /// Examines the next `rules` rules (each with every wording it has); true once every
    /// rule has been examined. `step(usize::MAX)` finishes the search.
    ///
    /// The first steps build the text's window set instead, [`GRAMS_PER_STEP`] windows each
    /// (a long log has hundreds of thousands), whatever `rules` is unless it is `usize::MAX`.
    pub fn step(&mut self, rules: usize) -> bool {
        let len = self.squeezed.len();
        if !Grams::complete(len, self.grams_added) {
            let chunk = if rules == usize::MAX {
                usize::MAX
            } else {
                GRAMS_PER_STEP
            };
            let to = self.grams_added.saturating_add(chunk);
            self.grams_added = self.grams.add(&self.squeezed, self.grams_added, to);
            if rules != usize::MAX {
                return false;
            }
        }
        let all = compiled();
        let end = self.next.saturating_add(rules).min(all.len());
        for slot in &all[self.next..end] {
            if let Some(m) = self.examine(slot.get()) {
                self.out.push(m);
            }
        }
        self.next = end;
        self.next == all.len()
    }

    /// How far the search is: (rules examined, rules in all).
    pub fn progress(&self) -> (usize, usize) {
        (self.next, compiled().len())
    }

    /// The matches found, best first (see [`explain_message`]). Rules the search has not
    /// reached yet are not searched.
    pub fn finish(self) -> Vec<Match> {
        let mut out = self.out;
        out.sort_by(|a, b| {
            b.complete
                .cmp(&a.complete)
                .then(b.score.cmp(&a.score))
                .then(b.context.cmp(&a.context))
                .then(b.exactness.cmp(&a.exactness))
                .then(a.line.cmp(&b.line))
        });
        out
    }

    /// The best match of one rule's templates in the text, if any.
    fn examine(&self, c: &Compiled) -> Option<Match> {
        let (clean, skipped) = (&self.clean, self.skipped);
        let mut views = vec![View {
            text: clean,
            joins: &[],
            loose: false,
        }];
        if !self.joins.is_empty() {
            views.push(View {
                text: &self.flat,
                joins: &self.joins,
                loose: true,
            });
        }
        let (grams, squeezed) = (&self.grams, &self.squeezed);
        let can_match = |t: &Try| {
            t.keys
                .iter()
                .all(|k| grams.may_hold(k) && squeezed.contains(k.as_str()))
        };
        let rule = c.rule;
        let mut best: Option<Match> = None;
        for (range, template, tries) in &c.templates {
            for t in tries {
                let (complete, score, p) = (t.complete, t.score, &t.pieces);
                if best
                    .as_ref()
                    .is_some_and(|b| (b.complete, b.score) >= (complete, score))
                {
                    break;
                }
                if !can_match(t) {
                    continue;
                }
                let Some((view, (start, end, caps))) =
                    views.iter().find_map(|v| find(p, v).map(|f| (v, f)))
                else {
                    continue;
                };
                // the releases whose wording this is (a cut message: every wording it starts)
                let wordings: Vec<&str> = c
                    .wordings
                    .iter()
                    .filter(|(w, text)| {
                        if complete {
                            w == template
                        } else {
                            text.starts_with(&t.text)
                        }
                    })
                    .map(|(w, _)| *w)
                    .collect();
                let span = rule
                    .messages
                    .iter()
                    .filter(|(_, w)| wordings.contains(w))
                    .map(|(r, _)| *r)
                    .reduce(widen)
                    .unwrap_or(*range);
                let names: Vec<(&String, Option<String>)> = p
                    .iter()
                    .enumerate()
                    .filter_map(|(i, x)| match x {
                        Piece::Hole { name } => {
                            let flag = match i.checked_sub(1).map(|j| &p[j]) {
                                Some(Piece::Lit(l)) => flag_before(l),
                                _ => None,
                            };
                            Some((name, flag))
                        }
                        _ => None,
                    })
                    .collect();
                let s = view.text;
                let mut captures: Vec<Capture> = names
                    .iter()
                    .zip(&caps)
                    .map(|((n, flag), (a, b))| capture(rule, n, &s[*a..*b], flag.clone()))
                    .collect();
                pair_flag_value(&mut captures);
                let mut config = LaunchConfig::default();
                for c in &captures {
                    if let (Some(k), Some(v)) = (&c.key, &c.value) {
                        config.set_key(k, Some(v));
                    }
                }
                if wordings.len() < c.wordings.len() {
                    config.sglang = Some(span.last().to_string());
                }
                best = Some(Match {
                    code: rule.code,
                    title: rule.title,
                    severity: rule.severity,
                    stage: rule.stage,
                    exception: rule.exception,
                    versions: span.label(),
                    template,
                    matched: s[start..end].to_string(),
                    line: view.line(start) + skipped,
                    captures,
                    config,
                    score,
                    complete,
                    exactness: path_exactness(p, &s[start..end]),
                    context: c
                        .files
                        .iter()
                        .filter(|f| {
                            clean.contains(&format!("/{f}")) || clean.contains(&format!("\"{f}"))
                        })
                        .count(),
                    range: span,
                });
                break;
            }
        }
        best
    }
}

/// One way of matching a template: whole, or cut short.
struct Try {
    complete: bool,
    /// Literal characters it requires (its rank).
    score: usize,
    pieces: Vec<Piece>,
    /// Blank-free texts the input must contain for it to match at all.
    keys: Vec<String>,
    /// [`template_text`] of its pieces.
    text: String,
}

/// A rule's message templates as matchers.
struct Compiled {
    rule: &'static RuleInfo,
    /// Its distinct wordings, with their [`template_text`].
    wordings: Vec<(&'static str, String)>,
    /// Per release range: the template and its tries, whole first, then cut ones, longest
    /// first.
    templates: Vec<(VersionRange, &'static str, Vec<Try>)>,
    /// The Python files the rule's sources, explanation and trigger name (`dsa_backend.py`):
    /// a pasted traceback passing through one of them points at this rule (see
    /// [`Match::context`]).
    files: Vec<String>,
}

/// The `*.py` file names (last path component) a text mentions.
fn py_files(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/')))
        .filter_map(|w| {
            let w = w.trim_end_matches('.');
            let name = w.rsplit('/').next()?;
            let stem = name.strip_suffix(".py")?;
            (!stem.is_empty()).then(|| name.to_string())
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// One rule and its matchers, built the first time a search reaches the rule (building all of
/// them takes longer than a frame in the page) and kept: the catalogue is static.
struct Slot {
    rule: &'static RuleInfo,
    compiled: std::sync::OnceLock<Compiled>,
}

impl Slot {
    fn get(&self) -> &Compiled {
        self.compiled.get_or_init(|| compile(self.rule))
    }
}

/// Every rule of the catalogue, in its order, each with its matchers once built.
fn compiled() -> &'static [Slot] {
    static SLOTS: std::sync::OnceLock<Vec<Slot>> = std::sync::OnceLock::new();
    SLOTS.get_or_init(|| {
        rules::all()
            .into_iter()
            .map(|rule| Slot {
                rule,
                compiled: std::sync::OnceLock::new(),
            })
            .collect()
    })
}

/// One way of matching: its pieces, with the keys and rank they give.
fn make_try(complete: bool, pieces: Vec<Piece>) -> Try {
    let keys = pieces
        .iter()
        .filter_map(|x| match x {
            Piece::Lit(l) => Some(squeeze(l)),
            Piece::Path { tail, .. } => tail.last().cloned(),
            Piece::Trunc { lit, min } => Some(squeeze(lit).chars().take(*min).collect()),
            Piece::Hole { .. } => None,
        })
        .filter(|k| !k.is_empty())
        .collect();
    Try {
        complete,
        score: literal_len(&pieces),
        text: template_text(&pieces),
        keys,
        pieces,
    }
}

/// A rule's message templates as matchers.
fn compile(rule: &'static RuleInfo) -> Compiled {
    let mut wordings: Vec<(&'static str, String)> = rule
        .messages
        .iter()
        .map(|(_, m)| (*m, template_text(&pieces(m))))
        .collect();
    wordings.sort_unstable();
    wordings.dedup();
    let templates = rule
        .messages
        .iter()
        .filter_map(|(range, template)| {
            let full = pieces(template);
            if literal_len(&full) < MIN_LITERAL {
                return None;
            }
            let mut tries = vec![make_try(true, full.clone())];
            tries.extend(cut_versions(&full).into_iter().map(|p| make_try(false, p)));
            Some((*range, *template, tries))
        })
        .collect();
    let mut files = py_files(rule.explanation);
    files.extend(py_files(rule.trigger));
    files.extend(rule.sources.iter().flat_map(|(_, f, _)| py_files(f)));
    files.sort_unstable();
    files.dedup();
    Compiled {
        rule,
        wordings,
        templates,
        files,
    }
}

/// The template text a piece list spells (placeholders as `{}`), for comparing wordings.
fn template_text(p: &[Piece]) -> String {
    p.iter()
        .map(|x| match x {
            Piece::Lit(l) => squeeze(l),
            Piece::Hole { .. } => "{}".to_string(),
            Piece::Path { tail, .. } => tail.join("/"),
            Piece::Trunc { lit, min } => squeeze(lit).chars().take(*min).collect(),
        })
        .collect()
}

/// The smallest range holding both.
fn widen(a: VersionRange, b: VersionRange) -> VersionRange {
    VersionRange {
        since: a.since.min(b.since),
        until: a.until.zip(b.until).map(|(x, y)| x.max(y)),
    }
}

/// argparse messages (`argument --page-size: invalid int value: 'big'`): the flag names the
/// key the value belongs to.
fn pair_flag_value(caps: &mut [Capture]) {
    let flag = caps
        .iter()
        .find(|c| c.placeholder == "flag")
        .map(|c| unrepr(&c.text));
    let Some(flag) = flag else { return };
    let Some(name) = flag
        .split('/')
        .next()
        .filter(|f| f.starts_with("--"))
        .map(|f| f.trim_start_matches('-').replace('-', "_"))
    else {
        return;
    };
    for c in caps.iter_mut() {
        match c.placeholder.as_str() {
            "value" => {
                c.key = Some(name.clone());
                c.value = Some(unrepr(&c.text));
            }
            "flag" => c.key = None,
            _ => {}
        }
    }
}

/// The values a DSA002-style list capture names (`['fa3', 'trtllm']`), for display.
pub fn listed_values(c: &Capture) -> Vec<String> {
    list_items(&c.text)
}

/// A validated configuration that raises an explained error.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reproduction {
    /// The configuration validated: every value the message states, plus (when the message
    /// names no GPU or model) what the rule's example needs to reach the check.
    pub config: LaunchConfig,
    /// Its report.
    pub report: crate::Report,
    /// True when the message does not name the GPU or the architecture and the rule's
    /// example configuration supplied them (with the message's values laid over it).
    pub from_example: bool,
    /// Keys the message states that were left out because with them another error comes
    /// first (normally empty).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dropped: Vec<String>,
}

/// The first error's code for a configuration.
fn first_error(cfg: &LaunchConfig) -> Option<String> {
    crate::evaluate(cfg)
        .first_error()
        .map(|d| d.code.to_string())
}

/// Validates the configuration a match describes, to show whether Preflight reproduces
/// the error and how to fix it.
///
/// Every value the message states is loaded (a printed value may be one SGLang resolved
/// itself, but the user may as well have set it, and a fix must fix that launch too). When
/// the message names no GPU or no architecture, the rule's example configuration fills them
/// in, with the message's values laid over it, and of the example's other flags only those
/// needed to reach the check are kept (all of them when without them no fix is found):
/// nothing the message does not say is invented. A
/// stated value is left out only when with it another error comes first (see
/// [`Reproduction::dropped`]). `None` when neither says enough to raise the rule.
pub fn reproduce(m: &Match) -> Option<Reproduction> {
    let raises = |cfg: &LaunchConfig| first_error(cfg).as_deref() == Some(m.code);
    let stated = &m.config;
    let from_example = stated.gpu.is_none() || stated.arch.is_none();
    let mut cfg = if from_example {
        let (bad, _) = rules::find(m.code)?.example?;
        let mut cfg: LaunchConfig = serde_json::from_str(bad).ok()?;
        if let Some(g) = &stated.gpu {
            cfg.set_key("gpu", Some(g));
        }
        if let Some(a) = &stated.arch {
            cfg.arch = Some(a.clone());
            cfg.model_path = None;
        }
        if stated.sglang.is_some() {
            cfg.sglang = stated.sglang.clone();
        }
        for (k, v) in &stated.args {
            cfg.args.insert(k.clone(), v.clone());
        }
        for (k, v) in &stated.env {
            cfg.env.insert(k.clone(), v.clone());
        }
        cfg
    } else {
        stated.clone()
    };
    let mut dropped = Vec::new();
    if !raises(&cfg) {
        // a stated value that lets another error come first
        let keys: Vec<String> = stated.args.keys().cloned().collect();
        for k in keys.iter().rev() {
            let mut smaller = cfg.clone();
            smaller.args.remove(k);
            if raises(&smaller) {
                cfg = smaller;
                dropped.push(k.clone());
                break;
            }
        }
        if !raises(&cfg) {
            if from_example {
                return None;
            }
            let report = crate::validate(&cfg);
            return Some(Reproduction {
                config: cfg,
                report,
                from_example,
                dropped: Vec::new(),
            });
        }
    }
    let before_trim = cfg.clone();
    if from_example {
        // the example's own flags, where the check is reached without them
        let extra: Vec<String> = cfg
            .args
            .keys()
            .filter(|k| !stated.args.contains_key(*k))
            .cloned()
            .collect();
        for k in extra.iter().rev() {
            let mut smaller = cfg.clone();
            smaller.args.remove(k);
            if raises(&smaller) {
                cfg = smaller;
            }
        }
        let extra_env: Vec<String> = cfg
            .env
            .keys()
            .filter(|k| !stated.env.contains_key(*k))
            .cloned()
            .collect();
        for k in extra_env.iter().rev() {
            let mut smaller = cfg.clone();
            smaller.env.remove(k);
            if raises(&smaller) {
                cfg = smaller;
            }
        }
    }
    let mut report = crate::validate(&cfg);
    // an example flag the check does not need may still be what makes a fix possible (a
    // tensor-parallel size that lets the model fit): keep the example's flags then
    let fixable = |r: &crate::Report| r.first_error().is_some_and(|d| !d.fixes.is_empty());
    if !fixable(&report) && cfg != before_trim {
        let full = crate::validate(&before_trim);
        if fixable(&full) {
            cfg = before_trim;
            report = full;
        }
    }
    Some(Reproduction {
        config: cfg,
        report,
        from_example,
        dropped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<&'static str> {
        explain_message(text).iter().map(|m| m.code).collect()
    }

    #[test]
    fn seed_one_line_and_traceback() {
        let line = "ValueError: flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='GlmMoeDsaForCausalLM', sm_major=12, kv_cache_dtype=torch.bfloat16, prefill_impl='flashinfer_sparse_mla', decode_impl='trtllm'.";
        let tb = format!(
            "Traceback (most recent call last):\n  File \"/sgl/python/sglang/srt/model_executor/model_runner.py\", line 412, in __init__\n    self.attn_backend = ...\n{line}\n"
        );
        for text in [line.to_string(), tb] {
            let m = explain_message(&text);
            assert_eq!(m[0].code, "DSA001");
            let c = &m[0].config;
            assert_eq!(c.arch.as_deref(), Some("GlmMoeDsaForCausalLM"));
            assert_eq!(c.gpu.as_deref(), Some("RTX 5090"));
            assert_eq!(c.arg("kv_cache_dtype").as_deref(), Some("bfloat16"));
            assert_eq!(
                c.arg("dsa_prefill_backend").as_deref(),
                Some("flashinfer_sparse_mla")
            );
            assert_eq!(c.arg("dsa_decode_backend").as_deref(), Some("trtllm"));
            // and Preflight reproduces it
            let rep = reproduce(&m[0]).unwrap();
            let (cfg, r) = (&rep.config, &rep.report);
            assert!(!rep.from_example);
            assert_eq!(r.first_error().unwrap().code, "DSA001");
            // every value the message states is loaded, the decode backend too
            assert_eq!(cfg.arg("dsa_decode_backend").as_deref(), Some("trtllm"));
            assert!(rep.dropped.is_empty());
            assert_eq!(cfg.arg("kv_cache_dtype").as_deref(), Some("bfloat16"));
        }
    }

    #[test]
    fn messages_without_hardware_reproduce_from_the_example() {
        let m = explain_message(
            "ValueError: DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs.",
        );
        assert_eq!(m[0].code, "DSV4001");
        let rep = reproduce(&m[0]).unwrap();
        assert!(rep.from_example);
        assert_eq!(rep.report.first_error().unwrap().code, "DSV4001");
        assert!(rep.report.corrected.is_some());
    }

    #[test]
    fn a_search_in_slices_finds_what_one_call_finds() {
        let text = format!(
            "Traceback (most recent call last):\n  File \"/x/sglang/srt/layers/attention/deepseek_v4_backend.py\", line 1\nValueError: {}\nValueError: {}\n",
            rules::dsa::FISPARSE_REQUIRES_GLM_SM12_FP8.messages[0].1,
            "DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs."
        );
        let whole = explain_message(&text);
        assert!(
            whole.len() >= 2,
            "{:?}",
            whole.iter().map(|m| m.code).collect::<Vec<_>>()
        );
        for size in [1, 3, 64] {
            let mut search = Explaining::new(&text);
            let mut steps = 0;
            while !search.step(size) {
                steps += 1;
            }
            let (done, all) = search.progress();
            assert_eq!(done, all);
            assert!(
                steps + 1 >= all / size,
                "{steps} steps of {size} for {all} rules"
            );
            let sliced = search.finish();
            let key = |ms: &[Match]| {
                ms.iter()
                    .map(|m| (m.code, m.matched.clone(), m.line))
                    .collect::<Vec<_>>()
            };
            assert_eq!(key(&sliced), key(&whole), "slices of {size}");
        }
        // an unfinished search only holds the rules it reached
        let mut search = Explaining::new(&text);
        search.step(0);
        assert_eq!(search.progress().0, 0);
        assert!(search.finish().is_empty());
    }

    #[test]
    fn versioned_wording_sets_the_release() {
        let m = explain_message(
            "GLM DSA with FP8 KV cache on NVIDIA SM120/SM121 supports only flashinfer_sparse_mla, but got ['trtllm'].",
        );
        assert_eq!(m[0].code, "DSA002");
        assert_eq!(m[0].versions, "0.5.19–0.5.21");
        assert_eq!(m[0].config.sglang.as_deref(), Some("0.5.21"));
        assert_eq!(listed_values(&m[0].captures[0]), ["trtllm"]);
    }

    #[test]
    fn argparse_messages_name_the_flag() {
        let m = explain_message(
            "sglang serve: error: argument --kv-cache-dtype: invalid choice: 'fp8' (choose from 'auto', 'fp8_e5m2', 'fp8_e4m3')",
        );
        assert_eq!(m[0].code, "ARG001");
        assert_eq!(m[0].config.arg("kv_cache_dtype").as_deref(), Some("fp8"));
        let m = explain_message("error: argument --page-size: invalid int value: 'big'");
        assert_eq!(m[0].code, "ARG002");
        assert_eq!(m[0].config.arg("page_size").as_deref(), Some("big"));
    }

    #[test]
    fn seed_documents() {
        // copies of the two seed documents (../shared/seeds) kept in the repository
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/seeds");
        let entries = std::fs::read_dir(dir).expect("tests/seeds holds the seed documents");
        let mut found = Vec::new();
        for e in entries.flatten() {
            let text = std::fs::read_to_string(e.path()).unwrap_or_default();
            found.extend(codes(&text));
        }
        found.sort();
        assert!(found.contains(&"DSA001"), "{found:?}");
        assert!(found.contains(&"DSV4001"), "{found:?}");
    }

    /// Every message that validating the rules' example configurations produces (errors,
    /// warnings and notes) is recognised as its own rule.
    #[test]
    fn every_example_message_is_recognised() {
        let mut missed = Vec::new();
        let mut seen = 0;
        for rule in rules::all() {
            let Some((bad, good)) = rule.example else {
                continue;
            };
            for json in [bad, good] {
                let Ok(cfg) = serde_json::from_str::<LaunchConfig>(json) else {
                    continue;
                };
                for d in crate::evaluate(&cfg).diagnostics {
                    let Some(r) = rules::find(d.code) else {
                        continue;
                    };
                    if d.message.trim().is_empty()
                        || r.messages
                            .iter()
                            .all(|(_, t)| literal_len(&pieces(t)) < MIN_LITERAL)
                    {
                        continue; // e.g. a bare `assert` (SPEC006): nothing to recognise
                    }
                    seen += 1;
                    if !codes(&d.message).contains(&d.code) {
                        missed.push(format!("{}: {}", d.code, d.message));
                    }
                }
            }
        }
        missed.sort();
        missed.dedup();
        assert!(seen > 50, "{seen}");
        assert!(missed.is_empty(), "not recognised:\n{}", missed.join("\n"));
    }

    #[test]
    fn templates_pasted_as_is_match_without_values() {
        let m = explain_message(rules::dsa::FISPARSE_REQUIRES_GLM_SM12_FP8.messages[0].1);
        assert_eq!(m[0].code, "DSA001");
        assert!(m[0].captures.iter().all(|c| c.value.is_none()));
    }

    #[test]
    fn nothing_in_ordinary_text_and_no_panics() {
        assert!(codes("").is_empty());
        assert!(codes("the server started on port 30000").is_empty());
        let junk: String = "{{}}'\"[]\n".repeat(5000);
        let _ = explain_message(&junk);
        let _ = explain_message(&"x is not supported for y ".repeat(10_000));
    }

    #[test]
    fn long_logs_are_read_from_their_end() {
        let filler = "[2026-11-30 10:00:00 TP0] Prefill batch. #new-seq: 1\n".repeat(12_000);
        assert!(filler.len() > MAX_TEXT);
        let text = format!(
            "{filler}AssertionError: FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.\n"
        );
        let m = explain_message(&text);
        assert_eq!(m[0].code, "ATTN006");
        assert_eq!(m[0].line, 12_001);
        assert!(m[0].complete);
    }

    #[test]
    fn colours_crlf_prefixes_and_wrapping() {
        let msg = "DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs.";
        for text in [
            format!("\u{1b}[1;31mValueError: {msg}\u{1b}[0m\r\n"),
            format!("[2026-11-30 10:00:02 TP3] ValueError: {msg}"),
            // wrapped inside a word, and at a blank
            "ValueError: DeepSeek-V4 flashmla_spa\nrse_q8 prefill requires\n  SM90 CUDA GPUs."
                .to_string(),
        ] {
            let m = explain_message(&text);
            assert_eq!(codes(&text).first(), Some(&"DSV4001"), "{text:?}");
            assert!(m[0].complete, "{text:?}");
            assert!(!m[0].matched.contains('\u{1b}'));
        }
        // a value wrapped across lines is read whole
        let m = explain_message(
            "flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='GlmMoeDsaFor\nCausalLM', sm_major=12, kv_cache_dtype=torch.bfloat16, prefill_impl='flashinfer_sparse_mla', decode_impl='trtllm'.",
        );
        assert_eq!(m[0].code, "DSA001");
        assert_eq!(m[0].line, 1);
        assert_eq!(m[0].config.arch.as_deref(), Some("GlmMoeDsaForCausalLM"));
    }

    #[test]
    fn cut_messages_rank_after_whole_ones() {
        // cut at the end of a line (as an issue title is), and after a sentence
        let m = explain_message("DeepSeek-V4 flashmla_sparse_q8 prefill requires SM9");
        assert_eq!(m[0].code, "DSV4001");
        assert!(!m[0].complete);
        // a cut that is not at a line end or a sentence end is no match
        assert!(codes("DeepSeek-V4 flashmla_sparse_q8 prefill requires SM80 GPUs").is_empty());
        // with a whole message elsewhere in the text, the whole one comes first
        let text = "FlashAttention v3 Backend requires SM>=80 and SM<=90\nValueError: DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs.";
        let m = explain_message(text);
        assert_eq!(codes(text), ["DSV4001", "ATTN006"]);
        assert!(m[0].complete && !m[1].complete);
    }

    #[test]
    fn paths_match_under_any_prefix() {
        let p = pieces(rules::find("KERN006").unwrap().messages[0].1);
        assert!(p.iter().any(|x| matches!(x, Piece::Path { .. })), "{p:?}");
        for text in [
            "Assertion error (csrc/apis/attention.hpp:211): Unsupported architecture",
            "tvm.error.InternalError: Assertion error (/deepgemm/csrc/apis/attention.hpp:198): Unsupported architecture",
            r"Assertion error (D:\src\DeepGEMM\csrc\apis\attention.hpp:211): Unsupported architecture",
        ] {
            assert_eq!(codes(text).first(), Some(&"KERN006"), "{text}");
        }
        // a URL or an SM list is not a path
        assert!(
            pieces("see https://docs.sglang.ai/x/y.html now")
                .iter()
                .all(|x| !matches!(x, Piece::Path { .. }))
        );
        assert!(
            pieces("on NVIDIA SM120/SM121; got")
                .iter()
                .all(|x| !matches!(x, Piece::Path { .. }))
        );
    }

    #[test]
    fn sm_major_picks_a_common_gpu() {
        assert_eq!(gpu_for_sm_major(12), Some("RTX 5090"));
        assert_eq!(gpu_for_sm_major(9), Some("H100"));
        assert_eq!(gpu_for_sm_major(10), Some("B200"));
        assert_eq!(gpu_for_sm_major(3), None);
    }
}
