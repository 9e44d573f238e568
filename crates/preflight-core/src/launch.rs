//! "Bring your own launch": whatever a user pastes as their launch, read with the launch
//! parser ([`crate::parse`]), with every span pointing into the pasted text, and corrected in
//! the same form.
//!
//! Three forms are told apart ([`detect`]):
//! - a shell command (everything [`crate::parse::parse_command`] accepts: `python -m
//!   sglang.launch_server …`, `sglang serve …`, `docker run … lmsysorg/sglang:TAG …`, `export`
//!   lines, continuations …);
//! - an SGLang `--config` YAML file ([`crate::parse::parse_config_yaml`]);
//! - a container's argument list: a Kubernetes container (`command:` / `args:` lists, `env:`
//!   with `name`/`value`, `image:`), a Docker Compose service (`command:` as a list or a
//!   string, `environment:`), or a bare JSON/YAML list of words. The words are joined into a
//!   shell command (each one quoted) and parsed; the image tag gives the release, as for
//!   `docker run`. Spans are mapped back to the list items.
//!
//! The parser does no I/O and neither does this module; nothing here panics on any input.

use crate::command::shell_quote;
use crate::parse::{
    self, MAX_INPUT, ParseDiagnostic, ParseOptions, Parsed, Rewrite, Site, Skipped, Source, Span,
    codes, parse_command_with, parse_config_yaml, rewrite_command,
};
use crate::report::{Change, Severity};
use crate::version::SglangVersion;
use serde::Serialize;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// What the pasted text was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    /// A shell command.
    Command,
    /// An SGLang `--config` YAML file.
    ConfigYaml,
    /// A container's `command`/`args` list (Kubernetes, Compose, JSON array).
    ContainerList,
}

impl InputKind {
    /// Label shown to users.
    pub fn label(self) -> &'static str {
        match self {
            InputKind::Command => "shell command",
            InputKind::ConfigYaml => "SGLang config file (YAML)",
            InputKind::ContainerList => "container command/args list",
        }
    }
}

/// One word of a container list: where it is in the joined command and in the input.
#[derive(Clone, Debug, PartialEq)]
struct Piece {
    /// The quoted word in the joined command.
    joined: Span,
    /// The list item (or `name`/`value` pair) in the input.
    input: Span,
    /// The word's text in the joined command, without the quotes added by joining.
    joined_text: Span,
    /// The same text in the input, when it is there verbatim (then offsets map 1:1).
    input_text: Option<Span>,
}

/// How a container list was written (to give the correction back in the same shape).
#[derive(Clone, Debug, PartialEq)]
enum Shape {
    /// `command:` and/or `args:` lists (`n_command` words of the joined command come from
    /// `command`, the rest from `args`; `n_env` leading `NAME=value` words from `env`).
    Lists {
        has_command: bool,
        has_args: bool,
        n_command: usize,
    },
    /// A bare list of words.
    Bare,
    /// `command:` as one string (Compose): the string is the shell command.
    Script,
}

/// A pasted launch, read.
#[derive(Clone, Debug, PartialEq)]
pub struct Launch {
    /// The form found.
    pub kind: InputKind,
    /// What the parser read. For [`InputKind::ContainerList`] its spans point into
    /// [`Launch::command`]; use [`Launch::input_span`] to find them in the input.
    pub parsed: Parsed,
    /// The text the parser read: the input, or for a container list the joined command.
    pub command: String,
    pieces: Vec<Piece>,
    shape: Option<Shape>,
}

impl Launch {
    /// Where a span of [`Launch::parsed`] (from text `source`) is in the pasted input, if it
    /// is there.
    pub fn input_span(&self, s: Span, source: Source) -> Option<Span> {
        match (self.kind, source) {
            (InputKind::Command, Source::Command) | (InputKind::ConfigYaml, Source::ConfigFile) => {
                Some(s)
            }
            (InputKind::ContainerList, Source::Command) => {
                let hits: Vec<&Piece> = self
                    .pieces
                    .iter()
                    .filter(|p| {
                        (p.joined.start < s.end && s.start < p.joined.end)
                            || (s.start == s.end
                                && p.joined.start <= s.start
                                && s.end <= p.joined.end)
                    })
                    .collect();
                match hits.as_slice() {
                    [] => None,
                    [p] => match p.input_text {
                        Some(it)
                            if p.joined_text.start <= s.start && s.end <= p.joined_text.end =>
                        {
                            let from = it.start + (s.start - p.joined_text.start);
                            Some(Span::new(from, (from + (s.end - s.start)).min(it.end)))
                        }
                        _ => Some(p.input),
                    },
                    [first, .., last] => Some(first.input.to(last.input)),
                }
            }
            _ => None,
        }
    }

    /// The pasted launch with `changes` applied, in the form it was written: the command
    /// edited in place ([`rewrite_command`], with the parser's suggested spellings), the
    /// config file edited in place ([`rewrite_config_yaml`]), or the container's lists written
    /// again (JSON arrays, which are YAML flow sequences).
    pub fn rewrite(&self, input: &str, changes: &[Change]) -> Rewrite {
        match self.kind {
            InputKind::Command => rewrite_command(input, &self.parsed, changes, true),
            InputKind::ConfigYaml => rewrite_config_yaml(input, &self.parsed, changes),
            InputKind::ContainerList => {
                let r = rewrite_command(&self.command, &self.parsed, changes, true);
                let text = match &self.shape {
                    Some(Shape::Script) | None => {
                        format!("command: {}\n", json_str(&r.text))
                    }
                    Some(shape) => render_lists(shape, &split_words(&r.text)),
                };
                Rewrite {
                    text,
                    skipped: r.skipped,
                }
            }
        }
    }
}

fn json_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

fn json_list(words: &[String]) -> String {
    let items: Vec<String> = words.iter().map(|w| json_str(w)).collect();
    format!("[{}]", items.join(", "))
}

fn is_assignment(w: &str) -> Option<(&str, &str)> {
    let (n, v) = w.split_once('=')?;
    let mut c = n.chars();
    let ok = c
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && c.all(|c| c.is_ascii_alphanumeric() || c == '_');
    ok.then_some((n, v))
}

fn render_lists(shape: &Shape, words: &[String]) -> String {
    let n_env = words
        .iter()
        .take_while(|w| is_assignment(w).is_some())
        .count();
    let (env, rest) = words.split_at(n_env);
    let mut o = String::new();
    match shape {
        Shape::Bare => {
            o.push_str(&json_list(rest));
            o.push('\n');
        }
        Shape::Lists {
            has_command,
            has_args,
            n_command,
        } => {
            let (cmd, args) = rest.split_at((*n_command).min(rest.len()));
            if *has_command || !cmd.is_empty() {
                o.push_str(&format!("command: {}\n", json_list(cmd)));
            }
            if *has_args || !args.is_empty() {
                o.push_str(&format!("args: {}\n", json_list(args)));
            }
        }
        Shape::Script => {}
    }
    if !env.is_empty() {
        o.push_str("env:\n");
        for w in env {
            if let Some((n, v)) = is_assignment(w) {
                o.push_str(&format!("  - name: {n}\n    value: {}\n", json_str(v)));
            }
        }
    }
    o
}

/// Splits a shell command into words (quotes, backslashes, `\`-newlines), enough to read
/// back a command this module joined and [`rewrite_command`] edited.
fn split_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        match c {
            '\'' => {
                in_word = true;
                for d in it.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    cur.push(d);
                }
            }
            '"' => {
                in_word = true;
                while let Some(d) = it.next() {
                    match d {
                        '"' => break,
                        '\\' if matches!(it.peek(), Some('"' | '\\' | '$' | '`')) => {
                            if let Some(e) = it.next() {
                                cur.push(e);
                            }
                        }
                        _ => cur.push(d),
                    }
                }
            }
            '\\' => match it.next() {
                Some('\n') => {}
                Some(e) => {
                    in_word = true;
                    cur.push(e);
                }
                None => {}
            },
            c if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    out
}

// ---------------------------------------------------------------------------------------
// YAML tree with spans (only what the detection and the container lists need).

#[derive(Clone, Debug)]
enum Node {
    Scalar { text: String, span: Span },
    Seq(Vec<Node>, Span),
    Map(Vec<(Node, Node)>, Span),
}

impl Node {
    fn span(&self) -> Span {
        match self {
            Node::Scalar { span, .. } | Node::Seq(_, span) | Node::Map(_, span) => *span,
        }
    }
    fn text(&self) -> Option<&str> {
        match self {
            Node::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }
    fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Map(pairs, _) => pairs
                .iter()
                .find(|(k, _)| k.text() == Some(key))
                .map(|(_, v)| v),
            _ => None,
        }
    }
    /// The items of a list of scalars.
    fn words(&self) -> Option<&[Node]> {
        match self {
            Node::Seq(items, _) if items.iter().all(|i| i.text().is_some()) => Some(items),
            _ => None,
        }
    }
}

struct Tree<'s> {
    src: &'s str,
    offsets: Vec<usize>,
    stack: Vec<(bool, Vec<Node>, usize)>,
    docs: Vec<Node>,
}

impl Tree<'_> {
    fn byte(&self, m: &Marker) -> usize {
        self.offsets
            .get(m.index())
            .copied()
            .unwrap_or(self.src.len())
    }

    fn scalar_end(&self, start: usize, text: &str, style: TScalarStyle) -> usize {
        crate::parse::yaml::scalar_end(self.src, start, text, style)
    }

    fn push(&mut self, node: Node) {
        match self.stack.last_mut() {
            Some((_, items, _)) => items.push(node),
            None => self.docs.push(node),
        }
    }
}

impl MarkedEventReceiver for Tree<'_> {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        let at = self.byte(&mark);
        match ev {
            Event::Scalar(text, style, _, _) => {
                let end = self.scalar_end(at, &text, style).max(at);
                self.push(Node::Scalar {
                    text,
                    span: Span::new(at, end),
                });
            }
            Event::Alias(_) => self.push(Node::Scalar {
                text: String::new(),
                span: Span::new(at, at),
            }),
            Event::SequenceStart(..) => self.stack.push((false, Vec::new(), at)),
            Event::MappingStart(..) => self.stack.push((true, Vec::new(), at)),
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((is_map, items, start)) = self.stack.pop() {
                    let end = items.last().map_or(at, |n| n.span().end).max(start);
                    let span = Span::new(start, end);
                    let node = if is_map {
                        let mut pairs = Vec::new();
                        let mut it = items.into_iter();
                        while let (Some(k), Some(v)) = (it.next(), it.next()) {
                            pairs.push((k, v));
                        }
                        Node::Map(pairs, span)
                    } else {
                        Node::Seq(items, span)
                    };
                    self.push(node);
                }
            }
            _ => {}
        }
    }
}

/// The single YAML document of `src`, or `None` when it is not valid YAML.
fn load(src: &str) -> Option<Node> {
    let mut offsets: Vec<usize> = src.char_indices().map(|(i, _)| i).collect();
    offsets.push(src.len());
    let mut t = Tree {
        src,
        offsets,
        stack: Vec::new(),
        docs: Vec::new(),
    };
    Parser::new_from_str(src).load(&mut t, true).ok()?;
    if t.docs.len() == 1 {
        t.docs.pop()
    } else {
        None
    }
}

// ---------------------------------------------------------------------------------------
// Detection.

/// A container found in the input.
#[derive(Clone, Debug)]
struct Container {
    shape: Shape,
    /// `command` words (or the bare list, or the script string).
    command: Vec<Node>,
    args: Vec<Node>,
    image: Option<Node>,
    /// (`NAME`, value) nodes; a `None` value comes from elsewhere (`valueFrom`).
    env: Vec<(Node, Option<Node>)>,
}

/// Keys that mark a manifest (Kubernetes, Compose) rather than an SGLang config file.
const MANIFEST_KEYS: &[&str] = &[
    "apiVersion",
    "kind",
    "spec",
    "containers",
    "services",
    "image",
    "template",
];

fn find_container(n: &Node, root: bool) -> Option<Container> {
    match n {
        Node::Seq(items, _) if root && !items.is_empty() && n.words().is_some() => {
            Some(Container {
                shape: Shape::Bare,
                command: items.clone(),
                args: Vec::new(),
                image: None,
                env: Vec::new(),
            })
        }
        Node::Map(pairs, _) => {
            let command = n.get("command");
            let args = n.get("args");
            let script = command
                .and_then(Node::text)
                .is_some_and(|t| t.contains("sglang") || t.contains("--model"));
            let lists =
                command.and_then(Node::words).is_some() || args.and_then(Node::words).is_some();
            if lists || script {
                let shape = if script {
                    Shape::Script
                } else {
                    Shape::Lists {
                        has_command: command.is_some(),
                        has_args: args.is_some(),
                        n_command: 0,
                    }
                };
                let command = match command {
                    Some(c) if script => vec![c.clone()],
                    Some(c) => c.words().map(<[Node]>::to_vec).unwrap_or_default(),
                    None => Vec::new(),
                };
                let args = args
                    .and_then(Node::words)
                    .map(<[Node]>::to_vec)
                    .unwrap_or_default();
                return Some(Container {
                    shape,
                    command,
                    args,
                    image: n.get("image").filter(|i| i.text().is_some()).cloned(),
                    env: env_of(n),
                });
            }
            pairs.iter().find_map(|(_, v)| find_container(v, false))
        }
        Node::Seq(items, _) => items.iter().find_map(|i| find_container(i, false)),
        Node::Scalar { .. } => None,
    }
}

/// `env: [{name, value}]` (Kubernetes) or `environment:` as a map or `NAME=value` list
/// (Compose).
fn env_of(n: &Node) -> Vec<(Node, Option<Node>)> {
    let mut out = Vec::new();
    if let Some(Node::Seq(items, _)) = n.get("env") {
        for item in items {
            if let Some(name) = item.get("name").filter(|x| x.text().is_some()) {
                let value = item.get("value").filter(|x| x.text().is_some()).cloned();
                out.push((name.clone(), value));
            }
        }
    }
    match n.get("environment") {
        Some(Node::Map(pairs, _)) => {
            for (k, v) in pairs {
                if k.text().is_some() {
                    out.push((k.clone(), v.text().is_some().then(|| v.clone())));
                }
            }
        }
        Some(Node::Seq(items, _)) => {
            for item in items {
                if let Some(t) = item.text() {
                    let (name, value) = t.split_once('=').unwrap_or((t, ""));
                    let span = item.span();
                    let mk = |text: &str| Node::Scalar {
                        text: text.to_string(),
                        span,
                    };
                    out.push((mk(name), t.contains('=').then(|| mk(value))));
                }
            }
        }
        _ => {}
    }
    out
}

/// What [`detect`] found.
#[derive(Clone, Debug)]
enum Detected {
    Command,
    ConfigYaml,
    Container(Box<Container>),
    /// A manifest without any command or args.
    NoCommand,
}

/// A flag name as a config file spells it (`kv-cache-dtype`, `kv_cache_dtype`).
fn is_key_name(key: &str) -> bool {
    let mut c = key.chars();
    c.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && c.all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
}

/// Whether the first line that is not blank or a comment reads `key: …`.
fn starts_like_yaml_keys(text: &str) -> bool {
    let Some(line) = text
        .lines()
        .map(str::trim_end)
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
    else {
        return false;
    };
    let Some((key, rest)) = line.split_once(':') else {
        return false;
    };
    is_key_name(key) && (rest.is_empty() || rest.starts_with([' ', '\t']))
}

fn mentions_launcher(text: &str) -> bool {
    [
        "sglang.launch_server",
        "sglang serve",
        "docker run",
        "podman run",
    ]
    .iter()
    .any(|l| text.contains(l))
}

fn detect(text: &str) -> Detected {
    if text.len() > MAX_INPUT || text.contains('\0') || text.trim().is_empty() {
        return Detected::Command;
    }
    match load(text) {
        Some(root) => {
            if let Some(c) = find_container(&root, true) {
                return Detected::Container(Box::new(c));
            }
            match &root {
                Node::Map(pairs, _)
                    if pairs
                        .iter()
                        .any(|(k, _)| k.text().is_some_and(|t| MANIFEST_KEYS.contains(&t))) =>
                {
                    Detected::NoCommand
                }
                // a config file's keys are flag names; `cmd --x '{"a": 1}'` is a YAML mapping too
                Node::Map(pairs, _)
                    if pairs.iter().all(|(k, _)| k.text().is_some_and(is_key_name)) =>
                {
                    Detected::ConfigYaml
                }
                _ => Detected::Command,
            }
        }
        None if starts_like_yaml_keys(text) && !mentions_launcher(text) => Detected::ConfigYaml,
        None => Detected::Command,
    }
}

/// The form of a pasted launch.
pub fn input_kind(text: &str) -> InputKind {
    match detect(text) {
        Detected::Command => InputKind::Command,
        Detected::ConfigYaml => InputKind::ConfigYaml,
        Detected::Container(_) | Detected::NoCommand => InputKind::ContainerList,
    }
}

/// Reads a pasted launch in any of the forms of the module docs. Never panics.
pub fn read_launch(text: &str, opts: &ParseOptions) -> Launch {
    let plain = |kind: InputKind, parsed: Parsed| Launch {
        kind,
        parsed,
        command: text.to_string(),
        pieces: Vec::new(),
        shape: None,
    };
    match detect(text) {
        Detected::Command => plain(InputKind::Command, parse_command_with(text, opts)),
        Detected::ConfigYaml => plain(InputKind::ConfigYaml, parse_config_yaml(text, opts)),
        Detected::NoCommand => {
            let mut parsed = Parsed::default();
            parsed.diagnostics.push(ParseDiagnostic::new(
                &codes::NO_LAUNCHER,
                "this manifest has no container `command` or `args`: the image's default command runs, with no SGLang flags to check".into(),
                None,
            ));
            Launch {
                kind: InputKind::ContainerList,
                parsed,
                command: String::new(),
                pieces: Vec::new(),
                shape: None,
            }
        }
        Detected::Container(c) => read_container(text, &c, opts),
    }
}

/// The joined command being built from a container's words.
struct Joiner<'t> {
    text: &'t str,
    joined: String,
    pieces: Vec<Piece>,
}

impl Joiner<'_> {
    /// Text of `input` in the input, without the quotes around it when `word` is inside.
    fn verbatim(&self, word: &str, input: Span) -> Option<Span> {
        let slice = self.text.get(input.start..input.end).unwrap_or("");
        if slice == word {
            Some(input)
        } else if slice.len() == word.len() + 2
            && (slice.starts_with('"') || slice.starts_with('\''))
            && slice.get(1..slice.len() - 1) == Some(word)
        {
            Some(Span::new(input.start + 1, input.end - 1))
        } else {
            None
        }
    }

    /// Appends one word, quoted for the shell; `verbatim`: the input may hold it as is.
    fn word(&mut self, word: &str, input: Span, verbatim: bool) {
        if !self.joined.is_empty() {
            self.joined.push(' ');
        }
        let q = shell_quote(word);
        let js = self.joined.len();
        self.joined.push_str(&q);
        let je = self.joined.len();
        let joined_text = if q == word {
            Some(Span::new(js, je))
        } else if q.len() == word.len() + 2 && q[1..q.len() - 1] == *word {
            Some(Span::new(js + 1, je - 1))
        } else {
            None
        };
        let input_text = if verbatim {
            self.verbatim(word, input)
        } else {
            None
        };
        self.pieces.push(Piece {
            joined: Span::new(js, je),
            input,
            joined_text: joined_text.unwrap_or(Span::new(js, je)),
            input_text: input_text.filter(|_| joined_text.is_some()),
        });
    }

    /// Appends a shell command string as it is (Compose `command: "python3 -m …"`).
    fn script(&mut self, script: &str, input: Span) {
        if !self.joined.is_empty() {
            self.joined.push(' ');
        }
        let js = self.joined.len();
        self.joined.push_str(script);
        let j = Span::new(js, self.joined.len());
        let input_text = self.verbatim(script, input);
        self.pieces.push(Piece {
            joined: j,
            input,
            joined_text: j,
            input_text,
        });
    }
}

fn read_container(text: &str, c: &Container, opts: &ParseOptions) -> Launch {
    let mut j = Joiner {
        text,
        joined: String::new(),
        pieces: Vec::new(),
    };
    let mut diags = Vec::new();
    for (name, value) in &c.env {
        let n = name.text().unwrap_or_default();
        match value {
            Some(v) => j.word(
                &format!("{n}={}", v.text().unwrap_or_default()),
                name.span().to(v.span()),
                false,
            ),
            None => diags.push(ParseDiagnostic::new(
                &codes::ENV_UNKNOWN,
                format!(
                    "{n}: the value comes from elsewhere (valueFrom, the host) and is not checked"
                ),
                Some(name.span()),
            )),
        }
    }
    let n_command = c.command.len();
    for w in c.command.iter().chain(&c.args) {
        let t = w.text().unwrap_or_default();
        if c.shape == Shape::Script {
            j.script(t, w.span());
        } else {
            j.word(t, w.span(), true);
        }
    }
    // the release (and CUDA build) from the image tag, as for `docker run`
    let mut release = None;
    let mut cuda = None;
    let mut rocm = None;
    if let Some(img) = c.image.as_ref().and_then(Node::text) {
        let name = img.split('@').next().unwrap_or("");
        let slash = name.rfind('/').map_or(0, |i| i + 1);
        if let Some(colon) = name[slash..].rfind(':')
            && name[..slash + colon]
                .to_ascii_lowercase()
                .contains("sglang")
        {
            let tag = parse::image_release(&name[slash + colon + 1..]);
            if tag
                .version
                .as_deref()
                .and_then(SglangVersion::parse_known)
                .is_some()
            {
                release = tag.version;
                cuda = tag.cuda;
                rocm = tag.rocm;
            }
        }
    }
    let sub = ParseOptions {
        sglang: opts.sglang.clone().or(release),
        read_file: opts.read_file,
    };
    let mut parsed = parse_command_with(&j.joined, &sub);
    if parsed.config.cuda_version.is_none() {
        parsed.config.cuda_version = cuda;
    }
    if parsed.config.rocm_version.is_none() {
        parsed.config.rocm_version = rocm;
    }
    // diagnostics about the list itself point into the input: keep them without a span in
    // the joined command's coordinates
    for mut d in diags {
        d.span = None;
        parsed.diagnostics.push(d);
    }
    let shape = match &c.shape {
        Shape::Lists {
            has_command,
            has_args,
            ..
        } => Shape::Lists {
            has_command: *has_command,
            has_args: *has_args,
            n_command,
        },
        other => other.clone(),
    };
    Launch {
        kind: InputKind::ContainerList,
        parsed,
        command: j.joined,
        pieces: j.pieces,
        shape: Some(shape),
    }
}

// ---------------------------------------------------------------------------------------
// Rewriting a config file.

/// The line range `[start of the line of a, end of the line of b + newline)`.
fn lines_of(text: &str, a: usize, b: usize) -> Span {
    let start = text[..a.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let b = b.min(text.len());
    let end = text[b..].find('\n').map_or(text.len(), |i| b + i + 1);
    Span::new(start, end)
}

/// Applies `changes` to an SGLang config file that `parsed` was read from
/// ([`parse_config_yaml`]), keeping everything else (comments, order, spelling of keys): a
/// changed scalar value is replaced in place, a changed list or removed key loses its lines,
/// new keys are appended. Keys SGLang refuses in their spelling (`kv_cache_dtype:`) are
/// respelled as the parser suggests. Environment variables, the GPU, the architecture and
/// the release are not config settings: they are listed in [`Rewrite::skipped`].
pub fn rewrite_config_yaml(yaml: &str, parsed: &Parsed, changes: &[Change]) -> Rewrite {
    enum Op {
        Replace(Span, String),
        Insert(usize, String),
    }
    let v = parsed
        .config
        .sglang
        .as_deref()
        .and_then(SglangVersion::parse_known)
        .unwrap_or(SglangVersion::LATEST);
    let mut ops: Vec<Op> = Vec::new();
    let mut skipped = Vec::new();
    let mut appends = Vec::new();
    for ch in changes {
        let key = ch.key.as_str();
        let reason = match key {
            "gpu" | "compute_capability" => Some("the GPU is not part of the config file".into()),
            "arch" => Some("the architecture comes from the model's config.json".into()),
            "sglang" | "cuda_version" => {
                Some("the release and CUDA build come from the installed package or image".into())
            }
            k if k.starts_with("env.") => Some(format!(
                "a config file cannot set environment variables: {}",
                match &ch.to {
                    Some(val) => format!("export {}={}", &k[4..], shell_quote(val)),
                    None => format!("unset {}", &k[4..]),
                }
            )),
            _ => None,
        };
        if let Some(reason) = reason {
            skipped.push(Skipped {
                key: key.to_string(),
                reason,
            });
            continue;
        }
        let entry = ch.to.as_ref().map(|val| {
            let mut c = crate::config::LaunchConfig::default();
            if key == "model_path" {
                return crate::export::ConfigEntry::Line(Some(format!(
                    "model-path: {}",
                    crate::export::yaml_scalar(val)
                )));
            }
            c.set_arg(key, Some(val));
            let value = c.args.get(key).cloned().unwrap_or_default();
            crate::export::config_entry(key, &value, v)
        });
        let occurrences: Vec<_> = parsed
            .flags
            .iter()
            .filter(|f| f.key == key && f.source == Source::ConfigFile)
            .collect();
        let line = match entry {
            Some(crate::export::ConfigEntry::CommandLine(words)) => {
                skipped.push(Skipped {
                    key: key.to_string(),
                    reason: format!("SGLang does not accept it in a config file: pass {words} on the command line"),
                });
                None
            }
            Some(crate::export::ConfigEntry::Line(l)) => l,
            None => None,
        };
        let effective = parsed
            .span_of(key)
            .filter(|f| f.source == Source::ConfigFile && f.site == Site::ConfigKey);
        match (&line, effective) {
            // a scalar value: replace it in place
            (Some(l), Some(f))
                if f.value.is_some_and(|vs| {
                    yaml.get(vs.start..vs.end)
                        .is_some_and(|t| !t.contains('\n') && !t.contains(','))
                }) && !l.ends_with(']') =>
            {
                let vs = f.value.unwrap_or(f.span);
                let new_value = l.split_once(": ").map_or(l.as_str(), |(_, v)| v);
                ops.push(Op::Replace(vs, new_value.to_string()));
                for o in occurrences.iter().filter(|o| !std::ptr::eq(**o, f)) {
                    ops.push(Op::Replace(
                        lines_of(yaml, o.name.start, o.span.end),
                        String::new(),
                    ));
                }
            }
            _ => {
                let mut first = None;
                for o in &occurrences {
                    let lines = lines_of(yaml, o.name.start, o.span.end);
                    first = first.or(Some(lines.start));
                    ops.push(Op::Replace(lines, String::new()));
                }
                if let Some(l) = line {
                    match first {
                        Some(at) => ops.push(Op::Insert(at, format!("{l}\n"))),
                        None => appends.push(l),
                    }
                }
            }
        }
    }
    for d in parsed
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error && d.source == Source::ConfigFile)
    {
        if let Some(s) = &d.suggestion {
            ops.push(Op::Replace(s.span, s.replacement.clone()));
        }
    }
    let start = |o: &Op| match o {
        Op::Replace(s, _) => s.start,
        Op::Insert(at, _) => *at,
    };
    let end = |o: &Op| match o {
        Op::Replace(s, _) => s.end,
        Op::Insert(at, _) => *at,
    };
    ops.retain(|o| end(o) <= yaml.len() && start(o) <= end(o));
    // last first; at one position, the removal before the insertion that replaces it
    ops.sort_by(|a, b| {
        start(b)
            .cmp(&start(a))
            .then(matches!(a, Op::Insert(..)).cmp(&matches!(b, Op::Insert(..))))
    });
    let mut out = yaml.to_string();
    let mut floor = usize::MAX;
    for op in ops {
        let (s, e) = (start(&op), end(&op));
        let overlaps = match op {
            Op::Insert(..) => s > floor,
            Op::Replace(..) => e > floor,
        };
        if overlaps || !out.is_char_boundary(s) || !out.is_char_boundary(e) {
            continue;
        }
        match op {
            Op::Insert(at, t) => out.insert_str(at, &t),
            Op::Replace(sp, t) => out.replace_range(sp.start..sp.end, &t),
        }
        floor = floor.min(s);
    }
    if !appends.is_empty() {
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        for l in appends {
            out.push_str(&l);
            out.push('\n');
        }
    }
    Rewrite { text: out, skipped }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(text: &str) -> Launch {
        read_launch(text, &ParseOptions::default())
    }

    fn at(text: &str, s: Span) -> &str {
        &text[s.start..s.end]
    }

    fn change(key: &str, to: Option<&str>) -> Change {
        Change {
            key: key.into(),
            from: None,
            to: to.map(str::to_string),
        }
    }

    const SEED: &str = "python -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16 --dsa-prefill-backend flashinfer_sparse_mla";

    #[test]
    fn kinds() {
        assert_eq!(input_kind(SEED), InputKind::Command);
        assert_eq!(
            input_kind("export A=1\nsglang serve x --tp 2"),
            InputKind::Command
        );
        assert_eq!(
            input_kind(
                "python -m sglang.launch_server --model-path m --json-model-override-args '{\"a\": 1}'"
            ),
            InputKind::Command
        );
        assert_eq!(
            input_kind(
                "docker run --gpus all -p 30000:30000 lmsysorg/sglang:v0.5.19 python3 -m sglang.launch_server --model-path m"
            ),
            InputKind::Command
        );
        assert_eq!(
            input_kind("model-path: m\nkv-cache-dtype: bf16\n"),
            InputKind::ConfigYaml
        );
        assert_eq!(
            input_kind("# mine\nmodel-path: m\n  bad: [\n"),
            InputKind::ConfigYaml
        );
        assert_eq!(
            input_kind("[\"python3\", \"-m\", \"sglang.launch_server\"]"),
            InputKind::ContainerList
        );
        assert_eq!(
            input_kind("- python3\n- -m\n- sglang.launch_server\n"),
            InputKind::ContainerList
        );
        assert_eq!(
            input_kind("apiVersion: v1\nkind: Pod\n"),
            InputKind::ContainerList
        );
        for junk in ["", "  ", "\0\0\0", "'unbalanced", "}{", "[1, [2]]"] {
            let _ = read(junk);
        }
    }

    #[test]
    fn command_is_read_as_is() {
        let l = read(SEED);
        assert_eq!(l.kind, InputKind::Command);
        let f = l.parsed.span_of("kv_cache_dtype").unwrap();
        assert_eq!(
            at(SEED, l.input_span(f.span, f.source).unwrap()),
            "--kv-cache-dtype bf16"
        );
        let r = l.rewrite(SEED, &[change("kv_cache_dtype", Some("fp8_e4m3"))]);
        assert_eq!(r.text, SEED.replace("bf16", "fp8_e4m3"));
    }

    const POD: &str = r#"apiVersion: v1
kind: Pod
spec:
  containers:
    - name: sglang
      image: lmsysorg/sglang:v0.5.19-cu129
      command: ["python3", "-m", "sglang.launch_server"]
      args:
        - --model-path
        - zai-org/GLM-5
        - "--kv-cache-dtype"
        - bf16
        - --dsa-prefill-backend=flashinfer_sparse_mla
      env:
        - name: SGLANG_X
          value: "1"
        - name: HF_TOKEN
          valueFrom: {secretKeyRef: {name: hf, key: token}}
"#;

    #[test]
    fn kubernetes_container() {
        let l = read(POD);
        assert_eq!(l.kind, InputKind::ContainerList);
        let c = &l.parsed.config;
        assert_eq!(c.sglang.as_deref(), Some("0.5.19"));
        assert_eq!(c.cuda_version.as_deref(), Some("12.9"));
        assert_eq!(c.model_path.as_deref(), Some("zai-org/GLM-5"));
        assert_eq!(c.arch.as_deref(), Some("GlmMoeDsaForCausalLM"));
        assert_eq!(c.args["kv_cache_dtype"], json!("bf16"));
        assert_eq!(
            c.args["dsa_prefill_backend"],
            json!("flashinfer_sparse_mla")
        );
        assert_eq!(c.env["SGLANG_X"], "1");
        assert!(
            l.parsed
                .diagnostics
                .iter()
                .any(|d| d.message.starts_with("HF_TOKEN"))
        );
        // spans land on the list items
        let f = l.parsed.span_of("kv_cache_dtype").unwrap();
        let s = l.input_span(f.span, f.source).unwrap();
        assert!(
            at(POD, s).starts_with("\"--kv-cache-dtype\""),
            "{}",
            at(POD, s)
        );
        assert!(at(POD, s).ends_with("bf16"), "{}", at(POD, s));
        let f = l.parsed.span_of("dsa_prefill_backend").unwrap();
        assert_eq!(
            at(POD, l.input_span(f.value.unwrap(), f.source).unwrap()),
            "flashinfer_sparse_mla"
        );
        assert_eq!(
            at(POD, l.input_span(f.name, f.source).unwrap()),
            "--dsa-prefill-backend"
        );
        // corrected in the same shape
        let r = l.rewrite(
            POD,
            &[
                change("kv_cache_dtype", Some("fp8_e4m3")),
                change("env.SGLANG_X", None),
            ],
        );
        assert_eq!(
            r.text,
            "command: [\"python3\", \"-m\", \"sglang.launch_server\"]\nargs: [\"--model-path\", \"zai-org/GLM-5\", \"--kv-cache-dtype\", \"fp8_e4m3\", \"--dsa-prefill-backend=flashinfer_sparse_mla\"]\n"
        );
        let r = l.rewrite(POD, &[change("env.SGLANG_Y", Some("a b"))]);
        assert!(r.text.ends_with("env:\n  - name: SGLANG_Y\n    value: \"a b\"\n  - name: SGLANG_X\n    value: \"1\"\n"), "{}", r.text);
    }

    #[test]
    fn json_list_and_shell_script_in_args() {
        let t = r#"["python3", "-m", "sglang.launch_server", "--model-path", "zai-org/GLM-5", "--tp", "2"]"#;
        let l = read(t);
        assert_eq!(l.kind, InputKind::ContainerList);
        assert_eq!(l.parsed.config.args["tp_size"], json!(2));
        let f = l.parsed.span_of("tp_size").unwrap();
        assert_eq!(at(t, l.input_span(f.name, f.source).unwrap()), "--tp");
        let r = l.rewrite(t, &[change("tp_size", None)]);
        assert_eq!(
            r.text,
            "[\"python3\", \"-m\", \"sglang.launch_server\", \"--model-path\", \"zai-org/GLM-5\"]\n"
        );

        let t = "command: [\"/bin/sh\", \"-c\"]\nargs: [\"python3 -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16\"]\n";
        let l = read(t);
        assert_eq!(l.parsed.config.args["kv_cache_dtype"], json!("bf16"));
        let f = l.parsed.span_of("kv_cache_dtype").unwrap();
        assert_eq!(
            at(t, l.input_span(f.span, f.source).unwrap()),
            "--kv-cache-dtype bf16"
        );
    }

    #[test]
    fn compose_command_string() {
        let t = "services:\n  sglang:\n    image: lmsysorg/sglang:v0.5.23\n    environment:\n      SGLANG_X: \"1\"\n    command: python3 -m sglang.launch_server --model-path zai-org/GLM-5 --kv-cache-dtype bf16\n";
        let l = read(t);
        assert_eq!(l.kind, InputKind::ContainerList);
        assert_eq!(l.parsed.config.sglang.as_deref(), Some("0.5.23"));
        assert_eq!(l.parsed.config.env["SGLANG_X"], "1");
        let f = l.parsed.span_of("kv_cache_dtype").unwrap();
        assert_eq!(
            at(t, l.input_span(f.span, f.source).unwrap()),
            "--kv-cache-dtype bf16"
        );
    }

    const CONFIG: &str = "# my server\nmodel-path: zai-org/GLM-5  # the model\nkv-cache-dtype: bf16\ncuda-graph-bs-decode:\n  - 1\n  - 2\ndsa-prefill-backend: flashinfer_sparse_mla\n";

    #[test]
    fn config_file_rewrite_keeps_the_rest() {
        let l = read(CONFIG);
        assert_eq!(l.kind, InputKind::ConfigYaml);
        let f = l.parsed.span_of("kv_cache_dtype").unwrap();
        assert_eq!(
            at(CONFIG, l.input_span(f.name, f.source).unwrap()),
            "kv-cache-dtype"
        );
        let r = l.rewrite(
            CONFIG,
            &[
                change("kv_cache_dtype", Some("fp8_e4m3")),
                change("dsa_prefill_backend", None),
                change("cuda_graph_bs_decode", Some("8")),
                change("page_size", Some("64")),
                change("env.SGLANG_X", Some("1")),
                change("gpu", Some("H100")),
            ],
        );
        assert_eq!(
            r.text,
            "# my server\nmodel-path: zai-org/GLM-5  # the model\nkv-cache-dtype: fp8_e4m3\ncuda-graph-bs-decode: '8'\npage-size: 64\n"
        );
        let keys: Vec<&str> = r.skipped.iter().map(|s| s.key.as_str()).collect();
        assert_eq!(keys, ["env.SGLANG_X", "gpu"]);
        let back = parse_config_yaml(&r.text, &ParseOptions::default());
        assert!(!back.has_errors(), "{:?}", back.diagnostics);
        assert_eq!(back.config.args["kv_cache_dtype"], json!("fp8_e4m3"));
    }

    #[test]
    fn config_file_respells_refused_keys() {
        let t = "model-path: m\nkv_cache_dtype: bf16\n";
        let l = read(t);
        assert!(l.parsed.has_errors());
        let r = l.rewrite(t, &[]);
        let back = parse_config_yaml(&r.text, &ParseOptions::default());
        assert!(!back.has_errors(), "{}\n{:?}", r.text, back.diagnostics);
    }

    #[test]
    fn words_split_back() {
        assert_eq!(
            split_words("a 'b c' \"d\\\"e\" f\\ g 'it'\\''s' \\\n h"),
            ["a", "b c", "d\"e", "f g", "it's", "h"]
        );
    }
}
