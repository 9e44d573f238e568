//! SGLang's `--config` YAML files, read the way SGLang reads them.
//!
//! SGLang (`ConfigArgumentMerger`, `sglang/srt/utils/server_args_config_parser.py@0.5.23`)
//! loads the file with PyYAML's `safe_load` and turns each `key: value` into command-line
//! words placed *before* the command line's own:
//! - a switch (`store_true`) with `true` → `--key`; with `false` → nothing;
//! - another boolean → `--key true` / `--key false`;
//! - a list → `--key item item …` (nothing when empty);
//! - a mapping → `--key '<json.dumps(value)>'`;
//! - anything else → `--key str(value)` (so `null` becomes the word `None`);
//! - options that are neither switches nor single-value (`--no-…` booleans, deprecated
//!   switches, `--lora-paths`) → `ValueError: Unsupported config option '…' with action '…'`.
//!
//! The key is used as written, so `kv_cache_dtype:` becomes `--kv_cache_dtype`, which
//! argparse refuses. Plain scalars are resolved with PyYAML's YAML 1.1 rules (`yes`/`on` are
//! booleans, `1e3` is text, `010` is octal), which differ from YAML 1.2's.

use super::lex::Word;
use super::{ParseDiagnostic, Source, Span, codes};
use crate::pyfmt::py_str_repr;
use crate::sglang_cli::{self, Arity};
use crate::version::SglangVersion;
use std::collections::HashMap;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// A node of the YAML document, with its position.
#[derive(Clone, Debug)]
enum Node {
    Scalar {
        text: String,
        style: TScalarStyle,
        tag: Option<Tag>,
        span: Span,
    },
    Seq(Vec<Node>, Span),
    Map(Vec<(Node, Node)>, Span),
}

impl Node {
    fn span(&self) -> Span {
        match self {
            Node::Scalar { span, .. } | Node::Seq(_, span) | Node::Map(_, span) => *span,
        }
    }
}

/// A Python value, as PyYAML's `safe_load` builds it.
#[derive(Clone, Debug, PartialEq)]
enum Py {
    None,
    Bool(bool),
    Int(String),
    Float(f64),
    Str(String),
    List(Vec<Py>),
    Dict(Vec<(Py, Py)>),
}

enum Frame {
    Seq(Vec<Node>, usize, usize),
    Map(Vec<Node>, usize, usize),
}

/// Most nodes a config file may expand to, aliases included. PyYAML shares an aliased node
/// instead of copying it, but SGLang then turns every list into words with `str()`, which
/// walks each alias again: nine anchors nested in 356 characters expand to billions of
/// values. Real config files have a few dozen nodes.
pub(super) const MAX_YAML_NODES: usize = 100_000;

struct Builder<'s> {
    src: &'s str,
    /// byte offset of each char index (and the end)
    offsets: Vec<usize>,
    stack: Vec<Frame>,
    docs: Vec<Node>,
    /// anchored nodes with their size in nodes
    anchors: HashMap<usize, (Node, usize)>,
    /// nodes built so far, aliases counted at their expanded size
    nodes: usize,
    /// where the expansion first exceeded [`MAX_YAML_NODES`]
    overflow: Option<usize>,
}

/// Nodes in a tree (itself included).
fn node_count(n: &Node) -> usize {
    match n {
        Node::Scalar { .. } => 1,
        Node::Seq(items, _) => 1 + items.iter().map(node_count).sum::<usize>(),
        Node::Map(pairs, _) => {
            1 + pairs
                .iter()
                .map(|(k, v)| node_count(k) + node_count(v))
                .sum::<usize>()
        }
    }
}

impl Builder<'_> {
    fn byte(&self, m: &Marker) -> usize {
        self.offsets
            .get(m.index())
            .copied()
            .unwrap_or(self.src.len())
    }

    fn scalar_end(&self, start: usize, text: &str, style: TScalarStyle) -> usize {
        scalar_end(self.src, start, text, style)
    }

    fn push(&mut self, node: Node, anchor: usize) {
        if anchor > 0 && self.overflow.is_none() {
            let size = node_count(&node);
            self.anchors.insert(anchor, (node.clone(), size));
        }
        match self.stack.last_mut() {
            Some(Frame::Seq(items, _, _)) | Some(Frame::Map(items, _, _)) => items.push(node),
            None => self.docs.push(node),
        }
    }
}

impl MarkedEventReceiver for Builder<'_> {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        let at = self.byte(&mark);
        match ev {
            Event::Scalar(text, style, anchor, tag) => {
                self.nodes += 1;
                let end = self.scalar_end(at, &text, style);
                let node = Node::Scalar {
                    text,
                    style,
                    tag,
                    span: Span::new(at, end.max(at)),
                };
                self.push(node, anchor);
            }
            Event::SequenceStart(anchor, _) => self.stack.push(Frame::Seq(Vec::new(), anchor, at)),
            Event::MappingStart(anchor, _) => self.stack.push(Frame::Map(Vec::new(), anchor, at)),
            Event::SequenceEnd => {
                if let Some(Frame::Seq(items, anchor, start)) = self.stack.pop() {
                    let end = items.last().map_or(at, |n| n.span().end);
                    self.push(Node::Seq(items, Span::new(start, end.max(start))), anchor);
                }
            }
            Event::MappingEnd => {
                if let Some(Frame::Map(items, anchor, start)) = self.stack.pop() {
                    let end = items.last().map_or(at, |n| n.span().end);
                    let mut pairs = Vec::new();
                    let mut it = items.into_iter();
                    while let (Some(k), Some(v)) = (it.next(), it.next()) {
                        pairs.push((k, v));
                    }
                    self.push(Node::Map(pairs, Span::new(start, end.max(start))), anchor);
                }
            }
            Event::Alias(id) => {
                let placeholder = Node::Scalar {
                    text: "~".into(),
                    style: TScalarStyle::Plain,
                    tag: None,
                    span: Span::new(at, at),
                };
                let size = self.anchors.get(&id).map_or(1, |(_, n)| *n);
                self.nodes = self.nodes.saturating_add(size);
                if self.nodes > MAX_YAML_NODES {
                    // never copy past the budget: the file is refused below
                    self.overflow.get_or_insert(at);
                    self.push(placeholder, 0);
                    return;
                }
                let node = self
                    .anchors
                    .get(&id)
                    .map(|(n, _)| n.clone())
                    .unwrap_or(placeholder);
                self.push(node, 0);
            }
            _ => {}
        }
    }
}

/// Reads a config file into SGLang argv words (spans point into `yaml`).
pub(super) fn config_words(
    yaml: &str,
    v: SglangVersion,
    diags: &mut Vec<ParseDiagnostic>,
) -> Vec<Word> {
    let err = |diags: &mut Vec<ParseDiagnostic>, code, msg: String, span: Option<Span>| {
        diags.push(ParseDiagnostic::new(code, msg, span).in_source(Source::ConfigFile));
    };
    let mut offsets: Vec<usize> = yaml.char_indices().map(|(i, _)| i).collect();
    offsets.push(yaml.len());
    let mut b = Builder {
        src: yaml,
        offsets,
        stack: Vec::new(),
        docs: Vec::new(),
        anchors: HashMap::new(),
        nodes: 0,
        overflow: None,
    };
    let mut parser = Parser::new_from_str(yaml);
    let loaded = parser.load(&mut b, true);
    if let Some(at) = b.overflow {
        err(
            diags,
            &codes::YAML_TOO_LARGE,
            format!(
                "the config file expands to more than {MAX_YAML_NODES} values through its aliases (*name); Preflight stops reading it"
            ),
            Some(Span::new(at, at)),
        );
        return Vec::new();
    }
    if let Err(e) = loaded {
        let at = b.byte(e.marker());
        err(
            diags,
            &codes::YAML_SYNTAX,
            format!(
                "the config file is not valid YAML: {} (line {}, column {})",
                e.info(),
                e.marker().line(),
                e.marker().col() + 1
            ),
            Some(Span::new(at, at)),
        );
        return Vec::new();
    }
    if b.docs.len() > 1 {
        err(
            diags,
            &codes::YAML_SYNTAX,
            "expected a single document in the stream, but found another document".into(),
            Some(b.docs[1].span()),
        );
        return Vec::new();
    }
    let root = match b.docs.pop() {
        None => return Vec::new(),
        Some(n) => n,
    };
    let entries = match root {
        Node::Map(entries, _) => entries,
        Node::Scalar {
            ref text, style, ..
        } if style == TScalarStyle::Plain
            && matches!(resolve(&root), Py::None)
            && !text.is_empty() =>
        {
            Vec::new()
        }
        other => {
            err(
                diags,
                &codes::YAML_SYNTAX,
                "Config file must contain a dictionary at root level".into(),
                Some(other.span()),
            );
            return Vec::new();
        }
    };
    let mut words = Vec::new();
    for (k, val) in entries {
        let key = match resolve(&k) {
            Py::Str(s) => s,
            Py::List(_) | Py::Dict(_) => {
                err(
                    diags,
                    &codes::YAML_SYNTAX,
                    "a config key must be a flag name".into(),
                    Some(k.span()),
                );
                continue;
            }
            other => py_str(&other),
        };
        let key_span = k.span();
        let key_norm = key.replace('-', "_");
        let opt = sglang_cli::options(v).find(|o| {
            o.dest == key_norm
                || o.names
                    .iter()
                    .any(|n| n.trim_start_matches('-').replace('-', "_") == key_norm)
        });
        if let Some(o) = opt.filter(|o| !o.in_config) {
            err(
                diags,
                &codes::CONFIG_UNSUPPORTED,
                format!(
                    "Unsupported config option '{key_norm}' with action '{}'",
                    o.action
                ),
                Some(key_span),
            );
            continue;
        }
        // `--key` maps onto the key's text (two bytes before it, clamped by `sub_span`) only
        // when the key is written as it reads: a quoted, escaped or resolved key (`"a=é"`,
        // `0x10`) has other offsets, and a span into it could split a character.
        let linear_at = (yaml.get(key_span.start..key_span.end) == Some(key.as_str()))
            .then(|| key_span.start.checked_sub(2))
            .flatten();
        let flag = Word {
            text: format!("--{key}"),
            span: key_span,
            linear_at,
            expansion: false,
        };
        let value = resolve(&val);
        let vspan = val.span();
        let word = |text: String, span: Span| Word {
            text,
            span,
            linear_at: None,
            expansion: false,
        };
        match value {
            Py::Bool(bv) => {
                let store_true = opt.is_some_and(|o| o.arity == Arity::Switch);
                if store_true {
                    if bv {
                        words.push(flag);
                    }
                } else {
                    words.push(flag);
                    words.push(word(bv.to_string(), vspan));
                }
            }
            Py::List(items) => {
                if items.is_empty() {
                    continue;
                }
                words.push(flag);
                let spans: Vec<Span> = match &val {
                    Node::Seq(nodes, _) => nodes.iter().map(Node::span).collect(),
                    _ => Vec::new(),
                };
                for (i, item) in items.iter().enumerate() {
                    words.push(word(py_str(item), spans.get(i).copied().unwrap_or(vspan)));
                }
            }
            Py::Dict(_) => {
                words.push(flag);
                words.push(word(json_dumps(&value), vspan));
            }
            Py::None => {
                err(
                    diags,
                    &codes::CONFIG_NULL,
                    format!("{key}: a null value passes the text None to --{key}"),
                    Some(key_span.to(vspan)),
                );
                words.push(flag);
                words.push(word("None".into(), vspan));
            }
            other => {
                words.push(flag);
                words.push(word(py_str(&other), vspan));
            }
        }
    }
    words
}

fn is_str_tag(tag: &Option<Tag>) -> bool {
    tag.as_ref().is_some_and(|t| {
        t.suffix == "str" && (t.handle == "!!" || t.handle.ends_with("2002:"))
            || t.suffix == "tag:yaml.org,2002:str"
    })
}

/// What PyYAML's `safe_load` makes of a node.
fn resolve(n: &Node) -> Py {
    match n {
        Node::Seq(items, _) => Py::List(items.iter().map(resolve).collect()),
        Node::Map(pairs, _) => Py::Dict(
            pairs
                .iter()
                .map(|(k, v)| (resolve(k), resolve(v)))
                .collect(),
        ),
        Node::Scalar {
            text, style, tag, ..
        } => {
            if *style != TScalarStyle::Plain || is_str_tag(tag) {
                return Py::Str(text.clone());
            }
            resolve_plain(text)
        }
    }
}

/// PyYAML's implicit resolvers (YAML 1.1) for a plain scalar.
fn resolve_plain(t: &str) -> Py {
    if matches!(t, "" | "~" | "null" | "Null" | "NULL") {
        return Py::None;
    }
    match t {
        "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            return Py::Bool(true);
        }
        "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return Py::Bool(false);
        }
        _ => {}
    }
    if let Some(i) = yaml11_int(t) {
        return Py::Int(i);
    }
    if let Some(f) = yaml11_float(t) {
        return Py::Float(f);
    }
    Py::Str(t.to_string())
}

fn split_sign(t: &str) -> (bool, &str) {
    match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    }
}

fn all_in(s: &str, ok: impl Fn(char) -> bool) -> bool {
    !s.is_empty() && s.chars().all(ok)
}

/// `[-+]?0b[01_]+ | [-+]?0[0-7_]+ | [-+]?(0|[1-9][0-9_]*) | [-+]?0x[0-9a-fA-F_]+ |
/// [-+]?[1-9][0-9_]*(:[0-5]?[0-9])+` → the decimal text of the int.
fn yaml11_int(t: &str) -> Option<String> {
    let (neg, body) = split_sign(t);
    let sign = |s: String| {
        if neg && s != "0" { format!("-{s}") } else { s }
    };
    let radix = |digits: &str, base: u32| -> Option<String> {
        let d: String = digits.chars().filter(|c| *c != '_').collect();
        if d.is_empty() {
            return Some("0".into());
        }
        u128::from_str_radix(&d, base).ok().map(|n| n.to_string())
    };
    if let Some(b) = body.strip_prefix("0b") {
        return all_in(b, |c| c == '0' || c == '1' || c == '_')
            .then(|| radix(b, 2))
            .flatten()
            .map(sign);
    }
    if let Some(x) = body.strip_prefix("0x") {
        return all_in(x, |c| c.is_ascii_hexdigit() || c == '_')
            .then(|| radix(x, 16))
            .flatten()
            .map(sign);
    }
    if body == "0" {
        return Some("0".into());
    }
    if let Some(o) = body.strip_prefix('0') {
        return all_in(o, |c| ('0'..='7').contains(&c) || c == '_')
            .then(|| radix(o, 8))
            .flatten()
            .map(sign);
    }
    if body.starts_with(|c: char| ('1'..='9').contains(&c)) {
        if all_in(body, |c| c.is_ascii_digit() || c == '_') {
            let d: String = body.chars().filter(|c| *c != '_').collect();
            return Some(sign(d));
        }
        if body.contains(':') {
            let mut parts = body.split(':');
            let first = parts.next()?;
            if !all_in(first, |c| c.is_ascii_digit() || c == '_') {
                return None;
            }
            let mut n: u128 = first.replace('_', "").parse().ok()?;
            for p in parts {
                if p.is_empty() || p.len() > 2 || !p.chars().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                let d: u128 = p.parse().ok()?;
                if p.len() == 2 && !p.starts_with(|c: char| ('0'..='5').contains(&c)) {
                    return None;
                }
                n = n.checked_mul(60)?.checked_add(d)?;
            }
            return Some(sign(n.to_string()));
        }
    }
    None
}

/// PyYAML's float resolver and constructor.
fn yaml11_float(t: &str) -> Option<f64> {
    let (neg, body) = split_sign(t);
    let s = if neg { -1.0 } else { 1.0 };
    if matches!(body, ".inf" | ".Inf" | ".INF") {
        return Some(s * f64::INFINITY);
    }
    if matches!(t, ".nan" | ".NaN" | ".NAN") {
        return Some(f64::NAN);
    }
    // exponent: [eE][-+][0-9]+ (a sign is required)
    let (mant, exp) = match body.find(['e', 'E']) {
        Some(i) => {
            let e = &body[i + 1..];
            let digits = e.strip_prefix(['-', '+'])?;
            if !all_in(digits, |c| c.is_ascii_digit()) {
                return None;
            }
            (&body[..i], Some(e))
        }
        None => (body, None),
    };
    if mant.contains(':') {
        if exp.is_some() {
            return None;
        }
        // [0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*
        let (int_part, frac) = mant.rsplit_once('.')?;
        let mut parts = int_part.split(':');
        let first = parts.next()?;
        if !first.starts_with(|c: char| c.is_ascii_digit())
            || !all_in(first, |c| c.is_ascii_digit() || c == '_')
        {
            return None;
        }
        let mut n: f64 = first.replace('_', "").parse().ok()?;
        let mut count = 0;
        for p in parts {
            if p.is_empty() || p.len() > 2 || !p.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            n = n * 60.0 + p.parse::<f64>().ok()?;
            count += 1;
        }
        if count == 0 || !frac.chars().all(|c| c.is_ascii_digit() || c == '_') {
            return None;
        }
        let f: f64 = format!("0.{}", frac.replace('_', ""))
            .parse()
            .unwrap_or(0.0);
        return Some(s * (n + f));
    }
    let (int_part, frac) = mant.split_once('.')?;
    let int_ok = if int_part.is_empty() {
        // `.[0-9][0-9_]*` (no sign allowed in this branch)
        !neg && t.starts_with('.') && frac.starts_with(|c: char| c.is_ascii_digit())
    } else {
        int_part.starts_with(|c: char| c.is_ascii_digit())
            && int_part.chars().all(|c| c.is_ascii_digit() || c == '_')
    };
    if !int_ok || !frac.chars().all(|c| c.is_ascii_digit() || c == '_') {
        return None;
    }
    let clean = format!(
        "{}.{}{}",
        if int_part.is_empty() { "0" } else { int_part },
        frac,
        exp.map_or(String::new(), |e| format!("e{e}"))
    )
    .replace('_', "");
    let clean = clean.replace(".e", ".0e");
    let clean = if clean.ends_with('.') {
        format!("{clean}0")
    } else {
        clean
    };
    clean.parse::<f64>().ok().map(|f| s * f)
}

/// Python's `repr(float)`: shortest round-trip digits, exponent form outside 1e-4 ≤ |x| < 1e16.
pub(crate) fn py_float(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    let e = format!("{f:e}"); // shortest digits: "-1.2345e-5"
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let neg = mant.starts_with('-');
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let sign = if neg { "-" } else { "" };
    if (-4..16).contains(&exp) {
        let point = exp + 1; // digits before the decimal point
        if point <= 0 {
            format!("{sign}0.{}{digits}", "0".repeat((-point) as usize))
        } else if (point as usize) >= digits.len() {
            format!(
                "{sign}{digits}{}.0",
                "0".repeat(point as usize - digits.len())
            )
        } else {
            let (a, b) = digits.split_at(point as usize);
            format!("{sign}{a}.{b}")
        }
    } else {
        let (a, b) = digits.split_at(1);
        let m = if b.is_empty() {
            a.to_string()
        } else {
            format!("{a}.{b}")
        };
        format!(
            "{sign}{m}e{}{:02}",
            if exp < 0 { '-' } else { '+' },
            exp.abs()
        )
    }
}

/// Python `str(value)`.
fn py_str(v: &Py) -> String {
    match v {
        Py::Str(s) => s.clone(),
        other => py_repr(other),
    }
}

/// Python `repr(value)`.
fn py_repr(v: &Py) -> String {
    match v {
        Py::None => "None".into(),
        Py::Bool(true) => "True".into(),
        Py::Bool(false) => "False".into(),
        Py::Int(i) => i.clone(),
        Py::Float(f) => py_float(*f),
        Py::Str(s) => py_str_repr(s),
        Py::List(items) => format!(
            "[{}]",
            items.iter().map(py_repr).collect::<Vec<_>>().join(", ")
        ),
        Py::Dict(pairs) => format!(
            "{{{}}}",
            pairs
                .iter()
                .map(|(k, v)| format!("{}: {}", py_repr(k), py_repr(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Python `json.dumps(value)` with its defaults (`ensure_ascii=True`, `", "` and `": "`).
fn json_dumps(v: &Py) -> String {
    fn s(out: &mut String, text: &str) {
        out.push('"');
        for c in text.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\u{8}' => out.push_str("\\b"),
                '\u{c}' => out.push_str("\\f"),
                c if (c as u32) < 0x20 || (c as u32) > 0x7e => {
                    let mut buf = [0u16; 2];
                    for u in c.encode_utf16(&mut buf) {
                        out.push_str(&format!("\\u{:04x}", u));
                    }
                }
                c => out.push(c),
            }
        }
        out.push('"');
    }
    fn go(out: &mut String, v: &Py, key: bool) {
        match v {
            Py::None => out.push_str("null"),
            Py::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Py::Int(i) if key => s(out, i),
            Py::Int(i) => out.push_str(i),
            Py::Float(f) => {
                let t = if f.is_nan() {
                    "NaN".to_string()
                } else if f.is_infinite() {
                    if *f > 0.0 { "Infinity" } else { "-Infinity" }.to_string()
                } else {
                    py_float(*f)
                };
                if key { s(out, &t) } else { out.push_str(&t) }
            }
            Py::Str(t) => s(out, t),
            Py::List(items) => {
                out.push('[');
                for (i, it) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    go(out, it, false);
                }
                out.push(']');
            }
            Py::Dict(pairs) => {
                out.push('{');
                for (i, (k, val)) in pairs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    match k {
                        Py::Str(t) => s(out, t),
                        Py::None => out.push_str("\"null\""),
                        Py::Bool(b) => out.push_str(if *b { "\"true\"" } else { "\"false\"" }),
                        other => go(out, other, true),
                    }
                    out.push_str(": ");
                    go(out, val, false);
                }
                out.push('}');
            }
        }
    }
    let mut out = String::new();
    go(&mut out, v, false);
    out
}

/// Byte offset where a YAML scalar that starts at `start` in `src` ends (after its closing quote
/// for quoted scalars; before a trailing comment otherwise). Shared by the `--config` reader and
/// the pasted-launch reader.
pub(crate) fn scalar_end(src: &str, start: usize, text: &str, style: TScalarStyle) -> usize {
    let rest = src.get(start..).unwrap_or("");
    match style {
        TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted => {
            let q = if style == TScalarStyle::SingleQuoted {
                '\''
            } else {
                '"'
            };
            let mut it = rest.char_indices().skip(1).peekable();
            while let Some((i, c)) = it.next() {
                if q == '"' && c == '\\' {
                    it.next();
                    continue;
                }
                if c == q {
                    if q == '\'' && matches!(it.peek(), Some((_, '\''))) {
                        it.next();
                        continue;
                    }
                    return start + i + 1;
                }
            }
            src.len()
        }
        TScalarStyle::Plain if rest.starts_with(text) => start + text.len(),
        _ => {
            let line = rest.split('\n').next().unwrap_or("");
            let line = line.split(" #").next().unwrap_or(line);
            start + line.trim_end().len()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(y: &str) -> (Vec<String>, Vec<ParseDiagnostic>) {
        let mut d = Vec::new();
        let w = config_words(y, SglangVersion::V0_5_23, &mut d);
        (w.into_iter().map(|w| w.text).collect(), d)
    }

    /// The same file as SGLang 0.5.23's ConfigArgumentMerger turned into
    /// `['--tp', '2', '--enable-metrics', '--mem-fraction-static', '0.8', '--cuda-graph-bs',
    ///   'a', 'b', '--json-model-override-args', '{"a": 1, "b": [1, 2]}',
    ///   '--chunked-prefill-size', '1e3', '--page-size', 'None', '--disable-radix-cache']`.
    #[test]
    fn converts_like_sglang() {
        let y = "tp: 2\nenable-metrics: yes\nmem-fraction-static: 0.80\ncuda-graph-bs: [a, b]\njson-model-override-args: {\"a\": 1, \"b\": [1,2]}\nchunked-prefill-size: 1e3\npage-size: null\nenable-torch-compile: false\ndisable-radix-cache: true\n";
        let (w, d) = words(y);
        assert_eq!(
            w,
            [
                "--tp",
                "2",
                "--enable-metrics",
                "--mem-fraction-static",
                "0.8",
                "--cuda-graph-bs",
                "a",
                "b",
                "--json-model-override-args",
                "{\"a\": 1, \"b\": [1, 2]}",
                "--chunked-prefill-size",
                "1e3",
                "--page-size",
                "None",
                "--disable-radix-cache"
            ]
        );
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, "PARSE034");
    }

    #[test]
    fn unsupported_options_and_bad_roots() {
        let (w, d) = words("disable-cuda-graph: true\nlora-paths: [a]\n");
        assert!(w.is_empty());
        assert_eq!(
            d[0].message,
            "Unsupported config option 'disable_cuda_graph' with action 'DeprecatedStoreTrueAction'"
        );
        assert_eq!(
            d[1].message,
            "Unsupported config option 'lora_paths' with action 'LoRAPathAction'"
        );
        for bad in ["- a\n- b\n", "just text", "a: [1\n", "a: 1\n---\nb: 2\n"] {
            let (w, d) = words(bad);
            assert!(w.is_empty(), "{bad}");
            assert_eq!(d.len(), 1, "{bad}");
            assert_eq!(d[0].code, "PARSE032", "{bad}");
        }
        assert_eq!(words(""), (vec![], vec![]));
        assert_eq!(words("~\n"), (vec![], vec![]));
    }

    #[test]
    fn spans_point_at_keys_and_values() {
        let y = "model-path: zai-org/GLM-5\nkv-cache-dtype: 'bf16'  # c\n";
        let mut d = Vec::new();
        let w = config_words(y, SglangVersion::V0_5_23, &mut d);
        let at = |i: usize| &y[w[i].span.start..w[i].span.end];
        assert_eq!(at(0), "model-path");
        assert_eq!(at(1), "zai-org/GLM-5");
        assert_eq!(at(2), "kv-cache-dtype");
        assert_eq!(at(3), "'bf16'");
    }

    #[test]
    fn pyyaml_scalars() {
        assert_eq!(resolve_plain("010"), Py::Int("8".into()));
        assert_eq!(resolve_plain("0x1F"), Py::Int("31".into()));
        assert_eq!(resolve_plain("1_000"), Py::Int("1000".into()));
        assert_eq!(resolve_plain("-5"), Py::Int("-5".into()));
        assert_eq!(resolve_plain("1:30"), Py::Int("90".into()));
        assert_eq!(resolve_plain("1e3"), Py::Str("1e3".into()));
        assert_eq!(resolve_plain("1.0e+3"), Py::Float(1000.0));
        assert_eq!(resolve_plain("1.0e3"), Py::Str("1.0e3".into()));
        assert_eq!(resolve_plain(".5"), Py::Float(0.5));
        assert_eq!(resolve_plain("1."), Py::Float(1.0));
        assert_eq!(resolve_plain("Off"), Py::Bool(false));
        assert_eq!(resolve_plain("fp8_e4m3"), Py::Str("fp8_e4m3".into()));
        assert_eq!(py_float(0.8), "0.8");
        assert_eq!(py_float(1000.0), "1000.0");
        assert_eq!(py_float(1e16), "1e+16");
        assert_eq!(py_float(1.5e-5), "1.5e-05");
        assert_eq!(py_float(0.0001), "0.0001");
        assert_eq!(py_float(123456789012345678.0), "1.2345678901234568e+17");
        assert_eq!(py_float(-2.5), "-2.5");
        assert_eq!(
            json_dumps(&Py::Dict(vec![(
                Py::Str("é".into()),
                Py::Float(f64::INFINITY)
            )])),
            "{\"\\u00e9\": Infinity}"
        );
    }
    /// Every span of a parsed config file is inside it, on char boundaries.
    fn assert_spans_in(y: &str) -> crate::parse::Parsed {
        let p = crate::parse::parse_config_yaml(y, &crate::parse::ParseOptions::default());
        let spans = p
            .flags
            .iter()
            .flat_map(|f| [Some(f.span), Some(f.name), f.value])
            .chain(p.diagnostics.iter().map(|d| d.span))
            .flatten();
        for s in spans {
            assert!(s.start <= s.end && s.end <= y.len(), "{s:?} in {y:?}");
            assert!(
                y.is_char_boundary(s.start) && y.is_char_boundary(s.end),
                "{s:?} in {y:?}"
            );
        }
        p
    }

    /// Fuzz crash (config_yaml): a key with `=` after a line ending in a multibyte character
    /// (`path: \u{fffd}\u{fffd}\nkv-c\u{fffd}ache--prefill-cp-mode=-dtype: …`) gave the flag
    /// name a span starting two bytes before the key, inside the U+FFFD.
    #[test]
    fn inline_value_keys_keep_spans_on_the_key() {
        let y = "mo--prefill-delayer-max-dedel-path: \u{fffd}\u{fffd}\nkv-c\u{fffd}ache--prefill-cp-mode=-dtype: \u{fffd}\u{fffd}\u{fffd}";
        assert_spans_in(y);
        let y = "tp: 2\nkv-cache-dtype=fp8_e4m3: bf16\n";
        let p = assert_spans_in(y);
        let f = p.flags.iter().find(|f| f.key == "kv_cache_dtype").unwrap();
        assert_eq!(&y[f.name.start..f.name.end], "kv-cache-dtype");
        assert_eq!(&y[f.value.unwrap().start..f.value.unwrap().end], "fp8_e4m3");
        // quoted and escaped keys are not mapped character by character
        assert_spans_in("tp: 2\n\"a=\u{e9}\": 1\n");
        assert_spans_in("tp: 2\n\"kv-cache-dtype=\\u00e9\u{e9}\": 1\n");
    }
}
