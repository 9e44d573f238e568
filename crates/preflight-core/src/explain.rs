//! Explaining an SGLang error: which rule's message a pasted error line (or a whole
//! traceback or log) contains, and what the values in it say about the configuration.
//!
//! Every message template of every rule (all releases) is turned into a matcher: the
//! template's literal text must appear as written, and each `{name}` / `{name!r}`
//! placeholder captures the text in its place (lazily, on one line, with balanced quotes and
//! brackets). The captured values are mapped back to configuration keys where the rule
//! allows it: `model_arch='GlmMoeDsaForCausalLM'` → `arch`, `sm_major=12` → a catalogue GPU
//! with that SM major, `kv_cache_dtype=torch.bfloat16` → `bfloat16`,
//! `prefill_impl='x'` → `dsa_prefill_backend`, `argument --page-size: …` → `page_size`.
//! A pasted template itself (`model_arch={model_arch!r}`, as error catalogues print it)
//! matches too, with no values.

use crate::config::LaunchConfig;
use crate::domains::flags::find_flag;
use crate::domains::gpu::{GPUS, Vendor};
use crate::report::{Severity, Stage};
use crate::rules::{self, RuleInfo};
use crate::version::VersionRange;
use serde::Serialize;

/// Longest text examined, in bytes (longer input is cut there).
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
    /// The releases whose message matched, as a range.
    #[serde(skip)]
    pub range: VersionRange,
}

#[derive(Clone, Debug)]
enum Piece {
    Lit(String),
    Hole { name: String },
}

/// Splits an f-string template into literals and placeholders (`{{`/`}}` are braces).
fn pieces(template: &str) -> Vec<Piece> {
    let mut out = Vec::new();
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
                    out.push(Piece::Lit(std::mem::take(&mut lit)));
                }
                let inner: String = chars[i + 1..e].iter().collect();
                let name = inner
                    .strip_suffix("!r")
                    .map_or(inner.clone(), str::to_string);
                out.push(Piece::Hole { name });
                i = e + 1;
                continue;
            }
        }
        lit.push(c);
        i += 1;
    }
    if !lit.is_empty() {
        out.push(Piece::Lit(lit));
    }
    // a message may be pasted without its leading/trailing blanks or newline
    if let Some(Piece::Lit(l)) = out.first_mut() {
        *l = l.trim_start().to_string();
    }
    if let Some(Piece::Lit(l)) = out.last_mut() {
        *l = l.trim_end().to_string();
    }
    out.retain(|p| !matches!(p, Piece::Lit(l) if l.is_empty()));
    out
}

fn literal_len(p: &[Piece]) -> usize {
    p.iter()
        .map(|x| match x {
            Piece::Lit(l) => l.chars().count(),
            Piece::Hole { .. } => 0,
        })
        .sum()
}

/// Whether a captured text can stand where the placeholder is: balanced quotes and
/// brackets, one line, not empty.
fn plausible(text: &str) -> bool {
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

/// The token that ends at `end` (a trailing placeholder's value starts at `start`).
fn token_from(s: &str, start: usize) -> usize {
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
        _ => start + rest.find(char::is_whitespace).unwrap_or(rest.len()),
    }
}

/// The token that ends at `end` (a leading placeholder's value).
fn token_before(s: &str, end: usize) -> usize {
    let head = &s[..end];
    match head.chars().last() {
        Some(q @ ('\'' | '"')) => head[..head.len() - 1]
            .rfind(q)
            .filter(|&i| !head[i..].contains('\n'))
            .unwrap_or(end),
        _ => head.rfind(char::is_whitespace).map_or(0, |i| {
            i + head[i..].chars().next().map_or(1, char::len_utf8)
        }),
    }
}

struct Matcher<'p> {
    pieces: &'p [Piece],
    steps: usize,
}

impl Matcher<'_> {
    /// Matches `pieces[idx..]` at `pos`; returns the end and pushes captures.
    fn rec(
        &mut self,
        s: &str,
        idx: usize,
        pos: usize,
        caps: &mut Vec<(usize, usize)>,
    ) -> Option<usize> {
        self.steps += 1;
        if self.steps > BUDGET {
            return None;
        }
        let Some(p) = self.pieces.get(idx) else {
            return Some(pos);
        };
        match p {
            Piece::Lit(l) => s[pos..]
                .starts_with(l.as_str())
                .then(|| self.rec(s, idx + 1, pos + l.len(), caps))
                .flatten(),
            Piece::Hole { .. } => match self.pieces.get(idx + 1) {
                None => {
                    let end = token_from(s, pos);
                    (end > pos && plausible(&s[pos..end])).then(|| {
                        caps.push((pos, end));
                        end
                    })
                }
                Some(Piece::Hole { .. }) => None,
                Some(Piece::Lit(l)) => {
                    let is_last = idx + 2 == self.pieces.len();
                    let mut from = pos;
                    let mut fallback = None;
                    while let Some(off) = s.get(from..).and_then(|r| r.find(l.as_str())) {
                        let at = from + off;
                        let cap = &s[pos..at];
                        if cap.contains('\n') {
                            break;
                        }
                        if plausible(cap) {
                            let after = at + l.len();
                            let clean_end = s[after..].chars().next().is_none_or(|c| {
                                c.is_whitespace() || matches!(c, '"' | '\'' | ')' | ',' | ']' | '}')
                            });
                            if !is_last || clean_end {
                                caps.push((pos, at));
                                if let Some(end) = self.rec(s, idx + 2, after, caps) {
                                    return Some(end);
                                }
                                caps.pop();
                            } else if fallback.is_none() {
                                fallback = Some((at, after));
                            }
                        }
                        from = at + l.len().max(1);
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

/// Byte ranges of the placeholders' values.
type Ranges = Vec<(usize, usize)>;

/// Finds the template in `s`: (start, end, captures).
fn find(pieces: &[Piece], s: &str) -> Option<(usize, usize, Ranges)> {
    let mut m = Matcher { pieces, steps: 0 };
    match pieces.first()? {
        Piece::Lit(first) => {
            let mut from = 0;
            while let Some(off) = s.get(from..).and_then(|r| r.find(first.as_str())) {
                let at = from + off;
                let mut caps = Vec::new();
                if let Some(end) = m.rec(s, 0, at, &mut caps) {
                    return Some((at, end, caps));
                }
                if m.steps > BUDGET {
                    return None;
                }
                from = at + first.len().max(1);
            }
            None
        }
        Piece::Hole { .. } => {
            let Some(Piece::Lit(lit)) = pieces.get(1) else {
                return None;
            };
            let mut from = 0;
            while let Some(off) = s.get(from..).and_then(|r| r.find(lit.as_str())) {
                let at = from + off;
                let start = token_before(s, at);
                if start < at && plausible(&s[start..at]) {
                    let mut caps = vec![(start, at)];
                    if let Some(end) = m.rec(s, 1, at, &mut caps) {
                        return Some((start, end, caps));
                    }
                }
                if m.steps > BUDGET {
                    return None;
                }
                from = at + lit.len().max(1);
            }
            None
        }
    }
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

fn capture(rule: &RuleInfo, name: &str, text: &str) -> Capture {
    let key = key_of(rule, name);
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

/// Finds the rules whose message `text` contains, best first (most literal text matched).
/// Never panics; text beyond [`MAX_TEXT`] is ignored.
pub fn explain_message(text: &str) -> Vec<Match> {
    let mut cut = text.len().min(MAX_TEXT);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let text = &text[..cut];
    let mut out: Vec<Match> = Vec::new();
    for rule in rules::all() {
        let distinct: Vec<&str> = {
            let mut d: Vec<&str> = rule.messages.iter().map(|(_, m)| *m).collect();
            d.dedup();
            d
        };
        let mut best: Option<Match> = None;
        for (range, template) in rule.messages {
            let p = pieces(template);
            let score = literal_len(&p);
            if score < MIN_LITERAL {
                continue;
            }
            // cheap prefilter: the longest literal must occur
            let longest = p.iter().filter_map(|x| match x {
                Piece::Lit(l) => Some(l.as_str()),
                _ => None,
            });
            if longest
                .max_by_key(|l| l.len())
                .is_some_and(|l| !text.contains(l))
            {
                continue;
            }
            let Some((start, end, caps)) = find(&p, text) else {
                continue;
            };
            if best.as_ref().is_some_and(|b| b.score >= score) {
                // same wording for several ranges: widen the range label
                if let Some(b) = best.as_mut().filter(|b| b.template == *template) {
                    b.range = widen(b.range, *range);
                    b.versions = b.range.label();
                }
                continue;
            }
            let names: Vec<&String> = p
                .iter()
                .filter_map(|x| match x {
                    Piece::Hole { name } => Some(name),
                    _ => None,
                })
                .collect();
            let mut captures: Vec<Capture> = names
                .iter()
                .zip(&caps)
                .map(|(n, (a, b))| capture(rule, n, &text[*a..*b]))
                .collect();
            pair_flag_value(&mut captures);
            let mut config = LaunchConfig::default();
            for c in &captures {
                if let (Some(k), Some(v)) = (&c.key, &c.value) {
                    config.set_key(k, Some(v));
                }
            }
            if distinct.len() > 1 {
                config.sglang = Some(range.last().to_string());
            }
            let line = text[..start].matches('\n').count() + 1;
            best = Some(Match {
                code: rule.code,
                title: rule.title,
                severity: rule.severity,
                stage: rule.stage,
                exception: rule.exception,
                versions: range.label(),
                template,
                matched: text[start..end].to_string(),
                line,
                captures,
                config,
                score,
                range: *range,
            });
        }
        out.extend(best);
    }
    out.sort_by(|a, b| b.score.cmp(&a.score).then(a.line.cmp(&b.line)));
    out
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
    /// The configuration validated.
    pub config: LaunchConfig,
    /// Its report.
    pub report: crate::Report,
    /// True when the message does not name the GPU or the architecture and the rule's
    /// example configuration supplied them (with the message's values laid over it).
    pub from_example: bool,
}

/// Validates the configuration a match describes, to show whether Preflight reproduces
/// the error and how to fix it.
///
/// Messages print resolved values, some of which SGLang chose itself (`decode_impl='trtllm'`
/// when only the prefill backend was set), so flags are dropped one at a time as long as the
/// same error is still the first one: the smallest configuration that reproduces it, whose
/// fixes are the natural ones. When the message names no GPU or no architecture, the rule's
/// example configuration (with the message's values laid over it) is used if it reproduces
/// the error. `None` when neither says enough.
pub fn reproduce(m: &Match) -> Option<Reproduction> {
    let first = |cfg: &LaunchConfig| crate::evaluate(cfg).first_error().map(|d| d.code.clone());
    let c = &m.config;
    if c.gpu.is_some() && c.arch.is_some() {
        let mut cfg = c.clone();
        if first(&cfg).as_deref() == Some(m.code) {
            let keys: Vec<String> = cfg.args.keys().cloned().collect();
            for k in keys.iter().rev() {
                let mut smaller = cfg.clone();
                smaller.args.remove(k);
                if first(&smaller).as_deref() == Some(m.code) {
                    cfg = smaller;
                }
            }
        }
        let report = crate::validate(&cfg);
        return Some(Reproduction {
            config: cfg,
            report,
            from_example: false,
        });
    }
    let (bad, _) = rules::find(m.code)?.example?;
    let mut cfg: LaunchConfig = serde_json::from_str(bad).ok()?;
    if let Some(g) = &c.gpu {
        cfg.set_key("gpu", Some(g));
    }
    if let Some(a) = &c.arch {
        cfg.arch = Some(a.clone());
        cfg.model_path = None;
    }
    if c.sglang.is_some() {
        cfg.sglang = c.sglang.clone();
    }
    for (k, v) in &c.args {
        cfg.args.insert(k.clone(), v.clone());
    }
    for (k, v) in &c.env {
        cfg.env.insert(k.clone(), v.clone());
    }
    if first(&cfg).as_deref() != Some(m.code) {
        return None;
    }
    let report = crate::validate(&cfg);
    Some(Reproduction {
        config: cfg,
        report,
        from_example: true,
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
            // the decode backend SGLang chose itself is not needed to reproduce it
            assert_eq!(cfg.arg("dsa_decode_backend"), None);
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
    fn versioned_wording_sets_the_release() {
        let m = explain_message(
            "GLM DSA with FP8 KV cache on NVIDIA SM120/SM121 supports only flashinfer_sparse_mla, but got ['trtllm'].",
        );
        assert_eq!(m[0].code, "DSA002");
        assert_eq!(m[0].versions, "0.5.19");
        assert_eq!(m[0].config.sglang.as_deref(), Some("0.5.19"));
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
                    let Some(r) = rules::find(&d.code) else {
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
                    if !codes(&d.message).contains(&d.code.as_str()) {
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
    fn sm_major_picks_a_common_gpu() {
        assert_eq!(gpu_for_sm_major(12), Some("RTX 5090"));
        assert_eq!(gpu_for_sm_major(9), Some("H100"));
        assert_eq!(gpu_for_sm_major(10), Some("B200"));
        assert_eq!(gpu_for_sm_major(3), None);
    }
}
