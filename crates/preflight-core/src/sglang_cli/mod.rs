//! SGLang's command-line options, per release, and argparse's rules for finding one.
//!
//! The table ([`options::OPTIONS`]) is generated from SGLang's own parser
//! (`scripts/release/extract_options.py` → `data/releases/X.Y.Z/options.json` →
//! `scripts/release/emit_rust.py`): the parser `sglang serve` and
//! `python -m sglang.launch_server` build in `prepare_server_args`
//! (`sglang/srt/server_args.py:668@0.5.23`), with every option string, its `dest`
//! (the `ServerArgs` field), how many values it takes, its `type=` and `choices=`, and
//! whether a `--config` YAML file may set it (`ConfigArgumentMerger`,
//! `sglang/srt/utils/server_args_config_parser.py@0.5.23`).
//!
//! Lookup follows Python 3.11's argparse (`ArgumentParser._parse_optional`): an exact
//! option string wins; otherwise, since SGLang keeps `allow_abbrev=True`, a unique prefix of
//! a long option is accepted (`--tp 8` is `--tp-size 8`), and a prefix shared by several
//! options is an error (`ambiguous option: --enable could match …`). Underscore spellings
//! (`--kv_cache_dtype`) are **not** accepted by SGLang: argparse reports
//! `unrecognized arguments`.

/// The generated option table.
pub use crate::generated::options;

use crate::version::SglangVersion;

/// How many command-line values an option consumes (argparse `nargs` and action).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// `store_true` / `store_const`: no value.
    Switch,
    /// `BooleanOptionalAction`: `--x` stores true, `--no-x` stores false; no value.
    Negatable,
    /// Exactly one value (`nargs=None`).
    One,
    /// Zero or one value (`nargs='?'`).
    Optional,
    /// One or more values (`nargs='+'`).
    OneOrMore,
    /// Any number of values (`nargs='*'`).
    ZeroOrMore,
}

/// The `type=` conversion argparse applies to the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A switch: no value.
    None,
    /// `int`.
    Int,
    /// SGLang's `human_readable_int`: an int or `25.6k`, `1Mi` … (`sglang/srt/utils/common.py`).
    HumanInt,
    /// `float`.
    Float,
    /// `str` or another text parser.
    Str,
    /// SGLang's `nullable_str`: the text, or `None` for an empty value or `None`.
    NullableStr,
    /// JSON (`json.loads`, `json_list_type`).
    Json,
}

/// One argparse option of `sglang serve`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CliOption {
    /// Option strings, canonical first (`["--tp-size", "--tensor-parallel-size"]`).
    pub names: &'static [&'static str],
    /// The `ServerArgs` field the value is stored in.
    pub dest: &'static str,
    /// The argparse action class (`_StoreAction`, `_StoreTrueAction`, `BooleanOptionalAction`, …).
    pub action: &'static str,
    /// How many values it takes.
    pub arity: Arity,
    /// Value conversion.
    pub value: ValueKind,
    /// argparse `choices=`, in argparse's order, as `str()` prints them (empty: free value).
    pub choices: &'static [&'static str],
    /// Whether the choices are Python `int`s (argparse prints them without quotes and compares
    /// the converted value).
    pub int_choices: bool,
    /// Whether a `--config` YAML file may set it (SGLang refuses the others with
    /// `Unsupported config option '…' with action '…'`).
    pub in_config: bool,
    /// What a deprecated action names as its replacement (`deprecated.new_flag` of the
    /// extracted table: `--dsa-prefill-backend`, `--cuda-graph-backend-prefill=breakable`,
    /// `--attn-dp-size <dp-size>`); empty when there is none.
    pub new_flag: &'static str,
    /// Releases whose parser has exactly this option.
    pub versions: crate::version::VersionRange,
}

impl CliOption {
    /// The canonical spelling, e.g. `--tp-size`.
    pub fn canonical(&self) -> &'static str {
        self.names[0]
    }

    /// Whether the option consumes at least one value word.
    pub fn takes_value(&self) -> bool {
        !matches!(self.arity, Arity::Switch | Arity::Negatable)
    }

    /// Whether the values form a list (`nargs='+'` or `'*'`).
    pub fn is_list(&self) -> bool {
        matches!(self.arity, Arity::OneOrMore | Arity::ZeroOrMore)
    }

    /// argparse's name for the argument in its errors: the option strings joined by `/`.
    pub fn display(&self) -> String {
        self.names.join("/")
    }

    /// Whether `name` is the `--no-…` spelling of a `BooleanOptionalAction`.
    pub fn is_negative(&self, name: &str) -> bool {
        self.arity == Arity::Negatable && name.starts_with("--no-")
    }

    /// Whether it is a plain deprecated alias or switch (SGLang warns when it is used).
    pub fn deprecated(&self) -> bool {
        self.action.starts_with("Deprecated")
    }
}

/// The options of release `v`, in the parser's (help) order.
pub fn options(v: SglangVersion) -> impl Iterator<Item = &'static CliOption> {
    options::OPTIONS
        .iter()
        .filter(move |o| o.versions.contains(v))
}

/// Every option string of every release → the indices in [`options::OPTIONS`] of the options
/// that register it, in table order; built once (a pasted launch looks up thousands of words).
fn by_name() -> &'static rustc_hash::FxHashMap<&'static str, Vec<usize>> {
    static INDEX: std::sync::OnceLock<rustc_hash::FxHashMap<&'static str, Vec<usize>>> =
        std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut m: rustc_hash::FxHashMap<&'static str, Vec<usize>> = Default::default();
        for (i, o) in options::OPTIONS.iter().enumerate() {
            for n in o.names {
                m.entry(*n).or_default().push(i);
            }
        }
        m
    })
}

/// Every option string of every release with its option's index in [`options::OPTIONS`] and its
/// position among that option's strings, sorted by the string (prefix lookups), built once.
fn sorted_names() -> &'static [(&'static str, usize, usize)] {
    static SORTED: std::sync::OnceLock<Vec<(&'static str, usize, usize)>> =
        std::sync::OnceLock::new();
    SORTED.get_or_init(|| {
        let mut v: Vec<(&'static str, usize, usize)> = options::OPTIONS
            .iter()
            .enumerate()
            .flat_map(|(i, o)| o.names.iter().enumerate().map(move |(k, n)| (*n, i, k)))
            .collect();
        v.sort_unstable();
        v
    })
}

/// The option with exactly this option string in release `v` (`--model` → `--model-path`).
pub fn find_exact(name: &str, v: SglangVersion) -> Option<&'static CliOption> {
    by_name()
        .get(name)?
        .iter()
        .map(|&i| &options::OPTIONS[i])
        .find(|o| o.versions.contains(v))
}

/// The option storing into `ServerArgs` field `dest` in release `v` (the first one in help
/// order when several do).
pub fn find_dest(dest: &str, v: SglangVersion) -> Option<&'static CliOption> {
    by_dest()
        .get(dest)?
        .iter()
        .map(|&i| &options::OPTIONS[i])
        .find(|o| o.versions.contains(v))
}

/// Every `dest` of every release → the indices in [`options::OPTIONS`] of the options that
/// store to it, in table order; built once (every evaluation renders its command by dest).
fn by_dest() -> &'static rustc_hash::FxHashMap<&'static str, Vec<usize>> {
    static INDEX: std::sync::OnceLock<rustc_hash::FxHashMap<&'static str, Vec<usize>>> =
        std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut m: rustc_hash::FxHashMap<&'static str, Vec<usize>> = Default::default();
        for (i, o) in options::OPTIONS.iter().enumerate() {
            m.entry(o.dest).or_default().push(i);
        }
        m
    })
}

/// What argparse makes of an option word (without any `=value`).
#[derive(Clone, Debug, PartialEq)]
pub enum Lookup {
    /// An exact option string.
    Exact(&'static CliOption),
    /// A unique prefix of this option string (argparse `allow_abbrev`).
    Abbrev(&'static CliOption, &'static str),
    /// A prefix of several option strings; argparse exits with
    /// `ambiguous option: X could match A, B`.
    Ambiguous(Vec<&'static str>),
    /// `-h`/`--help` or an unambiguous prefix of `--help`: argparse prints help and exits.
    Help,
    /// No option: argparse reports it among `unrecognized arguments`.
    Unknown,
}

/// Resolves an option word the way argparse does for release `v`.
///
/// `word` is the option without an `=value` part. Words not starting with `--` (other than
/// `-h`) are [`Lookup::Unknown`].
pub fn lookup(word: &str, v: SglangVersion) -> Lookup {
    if word == "-h" || word == "--help" {
        return Lookup::Help;
    }
    if let Some(o) = find_exact(word, v) {
        return Lookup::Exact(o);
    }
    if !word.starts_with("--") || word.len() < 3 {
        return Lookup::Unknown;
    }
    // Python 3.11 `_get_option_tuples`: every option string starting with the prefix,
    // not deduplicated by action.
    let sorted = sorted_names();
    let from = sorted.partition_point(|(n, _, _)| *n < word);
    let mut hits: Vec<(usize, usize, &'static str)> = sorted[from..]
        .iter()
        .take_while(|(n, _, _)| n.starts_with(word))
        .map(|&(n, i, k)| (i, k, n))
        .filter(|&(i, _, _)| options::OPTIONS[i].versions.contains(v))
        .collect();
    // in the parser's order: options as registered, each one's strings as written
    hits.sort_unstable();
    let matches: Vec<(&'static CliOption, &'static str)> = hits
        .into_iter()
        .map(|(i, _, n)| (&options::OPTIONS[i], n))
        .collect();
    let mut help = false;
    if "--help".starts_with(word) {
        help = true;
    }
    match (matches.len(), help) {
        (0, true) => Lookup::Help,
        (0, false) => Lookup::Unknown,
        (1, false) => Lookup::Abbrev(matches[0].0, matches[0].1),
        _ => {
            let mut names: Vec<&'static str> = matches.iter().map(|(_, n)| *n).collect();
            if help {
                // `--help` is registered first, so argparse lists it first.
                names.insert(0, "--help");
            }
            Lookup::Ambiguous(names)
        }
    }
}

/// Whether argparse reads `word` as a negative number (a value) rather than an option:
/// SGLang registers no option that looks like a negative number, so `-1` and `-0.5` are
/// values (`_negative_number_matcher = '^-\d+$|^-\d*\.\d+$'`).
pub fn is_negative_number(word: &str) -> bool {
    let Some(rest) = word.strip_prefix('-') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if digits(rest) {
        return true;
    }
    match rest.split_once('.') {
        Some((a, b)) => (a.is_empty() || digits(a)) && digits(b),
        None => false,
    }
}

/// Whether argparse treats `word` as an option string rather than a value in release `v`
/// (Python 3.11 `_parse_optional`): it starts with `-`, is not a lone `-`, and either
/// names or abbreviates an option, or is neither a negative number nor a text with a space.
pub fn is_option_like(word: &str, v: SglangVersion) -> bool {
    if !word.starts_with('-') || word == "-" {
        return false;
    }
    let head = word.split_once('=').map_or(word, |(h, _)| h);
    if !matches!(lookup(head, v), Lookup::Unknown) {
        return true;
    }
    !is_negative_number(word) && !word.contains(' ')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::flags::{FLAGS, FlagKind};
    use crate::version::SglangVersion as V;

    #[test]
    fn tables_have_unique_option_strings_per_release() {
        for v in V::all() {
            let mut seen = std::collections::BTreeSet::new();
            for o in options(v) {
                assert!(!o.names.is_empty());
                for n in o.names {
                    assert!(n.starts_with("--"), "{n}");
                    assert!(seen.insert(*n), "{n} twice in {v}");
                }
            }
            assert!(seen.len() > 400);
        }
    }

    #[test]
    fn argparse_lookup() {
        let v = V::V0_5_23;
        assert!(matches!(lookup("--tp", v), Lookup::Abbrev(o, "--tp-size") if o.dest == "tp_size"));
        assert!(matches!(lookup("--model", v), Lookup::Exact(o) if o.dest == "model_path"));
        assert!(
            matches!(lookup("--tensor-parallel-size", v), Lookup::Exact(o) if o.dest == "tp_size")
        );
        assert!(matches!(lookup("--enable", v), Lookup::Ambiguous(m) if m.len() > 10));
        assert_eq!(lookup("--kv_cache_dtype", v), Lookup::Unknown);
        assert_eq!(lookup("--help", v), Lookup::Help);
        // 0.5.19 still had the nsa aliases
        assert!(
            matches!(lookup("--nsa-prefill-backend", V::V0_5_19), Lookup::Exact(o) if o.dest == "dsa_prefill_backend")
        );
        assert!(!matches!(
            lookup("--nsa-prefill-backend", v),
            Lookup::Exact(_)
        ));
    }

    #[test]
    fn negative_numbers_are_values() {
        assert!(is_negative_number("-1"));
        assert!(is_negative_number("-.5"));
        assert!(is_negative_number("-0.5"));
        assert!(!is_negative_number("-x"));
        assert!(!is_negative_number("--1"));
        let v = V::V0_5_23;
        assert!(is_option_like("--tp", v));
        assert!(is_option_like("--tp=2", v));
        assert!(is_option_like("--nope", v));
        assert!(!is_option_like("-1", v));
        assert!(!is_option_like("-", v));
        assert!(!is_option_like("--a b", v));
        assert!(!is_option_like("fa3", v));
    }

    /// The builder's flag table agrees with SGLang's parser: every modelled flag has the same
    /// kind and, for choice flags, exactly argparse's choices in argparse's order. A flag may be
    /// newer than the oldest modelled release (argparse: `unrecognized arguments` there), but
    /// once a release's parser has it, every later one does.
    #[test]
    fn modelled_flags_match_sglang_parser() {
        let mut bad = Vec::new();
        for f in FLAGS {
            let mut seen = false;
            for v in V::all() {
                let Some(o) = find_dest(f.name, v) else {
                    if seen {
                        bad.push(format!(
                            "{} has no option in {v} but an older release has",
                            f.name
                        ));
                    }
                    continue;
                };
                seen = true;
                if o.canonical() != f.cli() {
                    bad.push(format!("{} is spelled {} in {v}", f.name, o.canonical()));
                }
                let ok = match f.kind {
                    FlagKind::Bool => o.arity == Arity::Switch,
                    FlagKind::Int(_) => o.value == ValueKind::Int,
                    FlagKind::Choice => !o.choices.is_empty(),
                    FlagKind::Text(_) => o.takes_value(),
                };
                if !ok {
                    bad.push(format!(
                        "{} in {v}: SGLang has {:?} {:?} choices {:?}",
                        f.name, o.arity, o.value, o.choices
                    ));
                }
            }
            if !seen {
                bad.push(format!("{} has no option in any release", f.name));
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}
