//! "Did you mean": the closest spelling among known words, for unknown flags, values, URL
//! keys, GPU and architecture names.
//!
//! Distance is the optimal-string-alignment edit distance (`strsim::osa_distance`: insertions,
//! deletions, substitutions and swaps of neighbours) on lower-cased words, accepted up to a
//! third of the word's length (at least 1), as rustc's "a similar name exists" does; a
//! candidate equal but for case is distance 0.
//!
//! [`unknown_option`] and [`invalid_choice`] turn that into the notes of argparse's
//! `unrecognized arguments` / `invalid choice` errors: first what the release tables say
//! about the word (an option renamed — the same `dest` under another option string, as the
//! drift reports count renames —, removed, with the replacement its deprecation named, or
//! added in another known release), then the closest spelling in the launch's own release. The parser (pasted launches, `--config` files) and the typed
//! arguments (JSONL, URL state) both call them, so every input form gets the same note.

use crate::sglang_cli::{self, CliOption, Lookup};
use crate::version::SglangVersion;

/// Longest word a suggestion is looked for (bytes): longer ones get none.
const MAX_WORD: usize = 128;

/// The candidate closest to `word`, or `None` when none is close enough (see the module docs).
/// Ties go to the first candidate. Never panics; empty input gives `None`.
pub fn closest<'a, I>(word: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let w = word.trim().to_ascii_lowercase();
    // no flag or value is this long; the distance is quadratic in the lengths
    if w.is_empty() || w.len() > MAX_WORD {
        return None;
    }
    let n = w.chars().count();
    let limit = (n / 3).max(1);
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        // the length difference bounds the distance from below
        if c.chars().count().abs_diff(n) > limit {
            continue;
        }
        let lc = c.to_ascii_lowercase();
        let d = if lc == w {
            0
        } else {
            strsim::osa_distance(&w, &lc)
        };
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// A note for an argparse error, and the edit it suggests when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The note, in the words the user wrote (`--nsa-prefill-backend was renamed to …`).
    pub note: String,
    /// The option string of release `v` that sets the same thing (a rename: same `dest`,
    /// same arity), safe to write in place of the word and to check the value under. `None`
    /// for guesses (a closest spelling, a deprecation's different replacement), which stay
    /// in the note.
    pub replacement: Option<String>,
}

impl Hint {
    /// The hint with every option string of the note (`--x-y`) written by `spell`, for inputs
    /// that name options otherwise (a `--config` YAML file's keys: `x-y`). The replacement is
    /// respelled too.
    pub fn respelled(mut self, spell: impl Fn(&str) -> String) -> Hint {
        let mut out = String::with_capacity(self.note.len());
        let mut rest = self.note.as_str();
        while let Some(i) = rest.find("--") {
            let at_word = i == 0 || !rest[..i].ends_with(|c: char| c.is_alphanumeric());
            out.push_str(&rest[..i]);
            let tail = &rest[i..];
            let end = 2 + tail[2..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .unwrap_or(tail.len() - 2);
            if at_word && end > 2 {
                out.push_str(&spell(&tail[..end]));
            } else {
                out.push_str(&tail[..end]);
            }
            rest = &tail[end..];
        }
        out.push_str(rest);
        self.note = out;
        self.replacement = self.replacement.map(|r| spell(&r));
        self
    }
}

/// The option `word` names (exactly, or as argparse's unique prefix) in release `x`.
fn named_in(word: &str, x: SglangVersion) -> Option<&'static CliOption> {
    match sglang_cli::lookup(word, x) {
        Lookup::Exact(o) | Lookup::Abbrev(o, _) => Some(o),
        _ => None,
    }
}

/// The spelling in release `v` of the setting `old` made: the same `dest` under a
/// non-deprecated option string (a rename, as the drift reports count them; arity matching),
/// else `None`.
fn renamed_in(old: &CliOption, v: SglangVersion) -> Option<&'static str> {
    sglang_cli::options(v)
        .filter(|o| o.dest == old.dest && o.arity == old.arity)
        .min_by_key(|o| o.deprecated())
        .map(|o| o.canonical())
}

/// A list of releases as `0.5.19` or `0.5.19–0.5.21` (one run) or `0.5.19, 0.5.23`.
fn releases_text(vs: &[SglangVersion]) -> String {
    let all: Vec<SglangVersion> = SglangVersion::known().collect();
    let idx = |x: &SglangVersion| all.iter().position(|a| a == x).unwrap_or(0);
    let contiguous = vs.windows(2).all(|w| idx(&w[1]) == idx(&w[0]) + 1);
    match vs {
        [] => String::new(),
        [one] => one.as_str().to_string(),
        [first, .., last] if contiguous => format!("{}–{}", first.as_str(), last.as_str()),
        _ => vs.iter().map(|x| x.as_str()).collect::<Vec<_>>().join(", "),
    }
}

/// The note for an option word that release `v` does not know (`word` without `=value`),
/// or `None` when nothing useful can be said.
///
/// In order: the word is an option of other known releases — renamed (the same `dest` has
/// another option string in `v`, same arity: the [`Hint::replacement`]), removed (with the
/// replacement its deprecation named, `new_flag`, in the note only: another setting), or
/// added after `v`; else the closest option string of release `v` ([`closest`]).
pub fn unknown_option(word: &str, v: SglangVersion) -> Option<Hint> {
    unknown_option_with(word, v, true)
}

/// [`unknown_option`], with the closest-spelling guess only when `guess` (a parser stops
/// guessing after a few unknown words of one input: each guess compares against every option
/// string, and junk input can hold thousands of unknown words).
pub fn unknown_option_with(word: &str, v: SglangVersion, guess: bool) -> Option<Hint> {
    let word = word.trim();
    if !word.starts_with("--") {
        return None;
    }
    let found: Vec<(SglangVersion, &'static CliOption)> = SglangVersion::known()
        .filter(|x| *x != v)
        .filter_map(|x| named_in(word, x).map(|o| (x, o)))
        .collect();
    if let Some(&(_, old)) = found.last() {
        let vs: Vec<SglangVersion> = found.iter().map(|(x, _)| *x).collect();
        let in_v = format!("this launch uses SGLang {v}");
        let (first, last) = (vs[0], vs[vs.len() - 1]);
        let after = SglangVersion::known().find(|x| *x > last);
        let when = if last < v {
            match after {
                Some(a) => format!("in SGLang {a}"),
                None => format!("after SGLang {last}"),
            }
        } else {
            String::new()
        };
        let repl = renamed_in(old, v);
        let note = match (repl, last < v, first > v) {
            (Some(r), true, _) => format!("{word} was renamed to {r} {when} ({in_v})"),
            (Some(r), _, true) => {
                format!("{word} was added in SGLang {first} ({in_v}, which spells it {r})")
            }
            (None, true, _) => {
                let mut n = format!("{word} was removed {when} ({in_v})");
                if !old.new_flag.is_empty() {
                    n.push_str(&format!(
                        "; SGLang {last} deprecated it for {}",
                        old.new_flag
                    ));
                }
                n
            }
            (None, _, true) => format!("{word} was added in SGLang {first} ({in_v})"),
            (Some(r), _, _) => format!(
                "{word} is in SGLang {} but not in {v}, which spells it {r}",
                releases_text(&vs)
            ),
            (None, _, _) => format!("{word} is in SGLang {} but not in {v}", releases_text(&vs)),
        };
        return Some(Hint {
            note,
            replacement: repl.map(str::to_string),
        });
    }
    if !guess {
        return None;
    }
    closest_option(word, v).map(|c| Hint {
        note: format!("did you mean {c}?"),
        replacement: None,
    })
}

/// The closest option string of release `v` to `word`, memoised per thread: the fix search
/// evaluates a launch hundreds of times, and each evaluation would compare every unknown
/// word with every option string again. The memo is dropped when it grows past 4,096 words.
fn closest_option(word: &str, v: SglangVersion) -> Option<&'static str> {
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static MEMO: RefCell<HashMap<(String, &'static str), Option<&'static str>>> =
            RefCell::new(HashMap::new());
    }
    let key = (word.to_string(), v.as_str());
    if let Some(hit) = MEMO.with(|m| m.borrow().get(&key).copied()) {
        return hit;
    }
    let names = sglang_cli::options(v).flat_map(|o| o.names.iter().copied());
    let found = closest(word, names);
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= 4096 {
            m.clear();
        }
        m.insert(key, found);
    });
    found
}

/// The note for `value`, which option `o` of release `v` does not accept among its
/// `choices`: the releases whose same option accepts it (then no guess), else the closest
/// choice (not for integer choices: `3` is not a typo of `2`).
pub fn invalid_choice(o: &CliOption, value: &str, v: SglangVersion) -> Option<Hint> {
    if o.choices.is_empty() || o.choices.contains(&value) {
        return None;
    }
    let elsewhere: Vec<SglangVersion> = SglangVersion::known()
        .filter(|x| *x != v)
        .filter(|x| {
            sglang_cli::find_dest(o.dest, *x).is_some_and(|other| other.choices.contains(&value))
        })
        .collect();
    if !elsewhere.is_empty() {
        // the word is right, the release is not: no guess at another value
        return Some(Hint {
            note: format!(
                "{value} is a choice of {} in SGLang {}, not in {v}",
                o.canonical(),
                releases_text(&elsewhere)
            ),
            replacement: None,
        });
    }
    if o.int_choices {
        return None;
    }
    closest(value, o.choices.iter().copied()).map(|c| Hint {
        note: format!("did you mean {c}?"),
        replacement: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::version::SglangVersion as V;

    #[test]
    fn typos_swaps_and_case() {
        let flags = ["--attention-backend", "--kv-cache-dtype", "--page-size"];
        assert_eq!(
            closest("--attention-backnd", flags),
            Some("--attention-backend")
        );
        assert_eq!(closest("--kv-cahce-dtype", flags), Some("--kv-cache-dtype"));
        assert_eq!(closest("--PAGE-SIZE", flags), Some("--page-size"));
        assert_eq!(closest("--tp-size", flags), None);
        assert_eq!(closest("", flags), None);
        assert_eq!(closest("bf61", ["bf16", "fp8_e4m3"]), Some("bf16"));
        // a huge word gets no suggestion (and no quadratic work: the fuzz corpus's 22 KB launch)
        assert_eq!(closest(&"-".repeat(20_000), flags), None);
    }

    #[test]
    fn renamed_removed_and_added_options_from_the_tables() {
        let h = unknown_option("--nsa-prefill-backend", V::V0_5_23).unwrap();
        assert_eq!(
            h.note,
            "--nsa-prefill-backend was renamed to --dsa-prefill-backend in SGLang 0.5.20 (this launch uses SGLang 0.5.23)"
        );
        assert_eq!(h.replacement.as_deref(), Some("--dsa-prefill-backend"));
        // no option keeps its dest: the deprecation's replacement is named
        let h = unknown_option("--enable-nsa-prefill-context-parallel", V::V0_5_23).unwrap();
        assert_eq!(
            h.note,
            "--enable-nsa-prefill-context-parallel was removed in SGLang 0.5.20 (this launch uses SGLang 0.5.23); SGLang 0.5.19 deprecated it for --enable-prefill-cp"
        );
        assert_eq!(h.replacement, None, "another setting: a note, not an edit");
        let h = unknown_option("--enable-hicache", V::V0_5_19).unwrap();
        assert_eq!(
            h.note,
            "--enable-hicache was added in SGLang 0.5.23 (this launch uses SGLang 0.5.19, which spells it --enable-hierarchical-cache)"
        );
        assert_eq!(
            h.replacement.as_deref(),
            Some("--enable-hierarchical-cache")
        );
        let h = unknown_option("--cuda-graph-tc-compiler", V::V0_5_23).unwrap();
        assert_eq!(
            h.note,
            "--cuda-graph-tc-compiler was removed in SGLang 0.5.22 (this launch uses SGLang 0.5.23)"
        );
        assert_eq!(h.replacement, None);
        let h = unknown_option("--attention-backnd", V::V0_5_23).unwrap();
        assert_eq!(h.note, "did you mean --attention-backend?");
        assert_eq!(
            unknown_option("--completely-made-up-option", V::V0_5_23),
            None
        );
        assert_eq!(unknown_option("fa3", V::V0_5_23), None);
    }

    #[test]
    fn notes_follow_the_input_spelling() {
        let h = unknown_option("--nsa-prefill-backend", V::V0_5_23)
            .unwrap()
            .respelled(|o| o.trim_start_matches("--").to_string());
        assert_eq!(
            h.note,
            "nsa-prefill-backend was renamed to dsa-prefill-backend in SGLang 0.5.20 (this launch uses SGLang 0.5.23)"
        );
        assert_eq!(h.replacement.as_deref(), Some("dsa-prefill-backend"));
        let h = unknown_option("--attention-backnd", V::V0_5_23)
            .unwrap()
            .respelled(|o| o.trim_start_matches("--").replace('-', "_"));
        assert_eq!(h.note, "did you mean attention_backend?");
    }

    #[test]
    fn choices_suggest_the_closest_value() {
        let o = sglang_cli::find_exact("--attention-backend", V::V0_5_23).unwrap();
        let h = invalid_choice(o, "flashinfr", V::V0_5_23).unwrap();
        assert_eq!(h.note, "did you mean flashinfer?");
        assert_eq!(h.replacement, None, "a guess: a note, not an edit");
        assert_eq!(invalid_choice(o, "fa3", V::V0_5_23), None);
        let union = sglang_cli::find_exact("--dsa-triton-union", V::V0_5_23).unwrap();
        assert!(union.int_choices);
        assert_eq!(invalid_choice(union, "3", V::V0_5_23), None);
        assert_eq!(invalid_choice(o, "zzzzzzzz", V::V0_5_23), None);
        // qsa is a choice of later releases only: said so, with no guess (dsa is one edit away)
        let o19 = sglang_cli::find_exact("--attention-backend", V::V0_5_19).unwrap();
        assert!(!o19.choices.contains(&"qsa"));
        let h = invalid_choice(o19, "qsa", V::V0_5_19).unwrap();
        assert_eq!(
            h.note,
            "qsa is a choice of --attention-backend in SGLang 0.5.20–0.5.23, not in 0.5.19"
        );
    }
}
