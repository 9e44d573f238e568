//! The lock of upstream messages: `data/releases/X.Y.Z/sites/*.json` holds every raise, assert
//! and log site of the SGLang files Preflight mirrors, extracted from each release's wheel
//! (`scripts/release/extract_sites.py`). For every rule SGLang raises or logs, and every
//! modelled release the rule applies to, the rule's source line must be a site of that release
//! and the rule's message must be that site's template (its placeholders may be bound to
//! anything: the catalogue sometimes spells out a constant or names a placeholder its own way).
//! A test fails when the catalogue and the lock disagree, so a reworded message or a moved line
//! in a new release cannot go unnoticed.

use preflight_core::SglangVersion;
use preflight_core::rules;
use serde_json::Value;
use std::collections::HashMap;

/// A site template: literal pieces between holes (`{expr}`, `%s`).
fn pieces(template: &str, percent: bool) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.last_mut().unwrap().push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.last_mut().unwrap().push('}');
            }
            '{' => {
                let mut depth = 1;
                for d in chars.by_ref() {
                    match d {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                out.push(String::new());
            }
            '%' if percent => match chars.peek() {
                Some('%') => {
                    chars.next();
                    out.last_mut().unwrap().push('%');
                }
                Some(_) => {
                    // %s, %d, %r, %.2f ...
                    for d in chars.by_ref() {
                        if d.is_ascii_alphabetic() {
                            break;
                        }
                    }
                    out.push(String::new());
                }
                None => out.last_mut().unwrap().push('%'),
            },
            c => out.last_mut().unwrap().push(c),
        }
    }
    out
}

/// Whether `text` is an instance of the literal pieces (holes match any text).
fn matches(pieces: &[String], text: &str) -> bool {
    fn go(pieces: &[String], text: &str, first: bool) -> bool {
        let Some((head, rest)) = pieces.split_first() else {
            return text.is_empty();
        };
        if first {
            return text.starts_with(head.as_str()) && go(rest, &text[head.len()..], false);
        }
        if rest.is_empty() {
            return text.ends_with(head.as_str());
        }
        let mut from = 0;
        while let Some(i) = text[from..].find(head.as_str()) {
            let at = from + i;
            if go(rest, &text[at + head.len()..], false) {
                return true;
            }
            from = at + text[at..].chars().next().map_or(1, char::len_utf8);
        }
        false
    }
    go(pieces, text, true)
}

/// Sites of one release by file, with their statement's line range.
fn load_sites(v: &str) -> HashMap<String, Vec<Value>> {
    let dir = format!(
        "{}/../../data/releases/{v}/sites",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut out: HashMap<String, Vec<Value>> = HashMap::new();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
    for e in entries {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        let doc: Value = serde_json::from_str(&text).unwrap();
        for s in doc["sites"].as_array().unwrap() {
            let file = s["file"].as_str().unwrap().to_string();
            out.entry(file).or_default().push(s.clone());
        }
    }
    out
}

#[test]
fn every_sglang_message_is_in_the_lock() {
    let mut failures = Vec::new();
    let mut uncovered = Vec::new();
    let mut checked = 0;
    for v in SglangVersion::all() {
        let sites = load_sites(v.as_str());
        let n: usize = sites.values().map(Vec::len).sum();
        assert!(n > 500, "{v}: only {n} sites");
        for r in rules::all() {
            // argparse's own messages (Python's, checked against Python 3.11) and exceptions
            // Python raises itself inside SGLang's code have no site of their own
            if !r.raised_by_sglang
                || !r.applies_to(v)
                || r.messages.is_empty()
                || r.stage == preflight_core::Stage::Argparse
                || matches!(
                    r.exception,
                    Some("AttributeError" | "TypeError" | "ZeroDivisionError")
                )
            {
                continue;
            }
            // only sources that name this release's own line
            let Some(src) = r
                .sources
                .iter()
                .find(|(range, _, _)| range.contains(v))
                .filter(|(_, file, _)| file.starts_with("python/sglang/"))
            else {
                continue;
            };
            let (_, file, line) = *src;
            let template = r.message(v);
            checked += 1;
            // the site whose statement holds the cited line
            let here: Vec<&Value> = sites
                .get(file)
                .map(|list| {
                    list.iter()
                        .filter(|s| {
                            let a = s["line"].as_u64().unwrap_or(0) as u32;
                            let b = s["end_line"].as_u64().unwrap_or(0) as u32;
                            a <= line && line <= b.max(a)
                        })
                        .collect()
                })
                .unwrap_or_default();
            // a file the extraction does not cover cannot be checked
            let Some(in_file) = sites.get(file) else {
                uncovered.push(format!("{} {v} {file}", r.code));
                continue;
            };
            let suggest = || -> String {
                let lines: Vec<u64> = in_file
                    .iter()
                    .filter(|s| {
                        s["message"]["template"].as_str().is_some_and(|t| {
                            matches(&pieces(t, s["message"]["form"] == "percent"), template)
                        })
                    })
                    .filter_map(|s| s["line"].as_u64())
                    .collect();
                format!("{lines:?}")
            };
            if here.is_empty() {
                failures.push(format!(
                    "{} {v}: no site at {file}:{line}; the message is at lines {} (message {template:?})",
                    r.code,
                    suggest()
                ));
                continue;
            }
            let ok = here.iter().any(|s| {
                let m = &s["message"];
                match m["template"].as_str() {
                    Some(t) => matches(&pieces(t, m["form"] == "percent"), template),
                    // a bare assert, or a message from a variable: nothing to compare
                    None => template.is_empty() || m["form"] == "expr",
                }
            });
            if !ok {
                let have: Vec<&str> = here
                    .iter()
                    .filter_map(|s| s["message"]["template"].as_str())
                    .collect();
                failures.push(format!(
                    "{} {v}: {file}:{line} says {have:?}; the message is at lines {} (the catalogue {template:?})",
                    r.code,
                    suggest()
                ));
            }
        }
    }
    assert!(checked > 50, "only {checked} messages checked");
    eprintln!(
        "{checked} catalogue messages checked against the lock; {} in files the extraction does not cover: {uncovered:?}",
        uncovered.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {checked} catalogue messages disagree with the lock:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_matcher_binds_holes_to_anything() {
    let p = pieces("got {x!r}, want {sorted(y)}.", false);
    assert!(matches(&p, "got {model_arch!r}, want ['a']."));
    assert!(!matches(&p, "got 1, want 2!"));
    let p = pieces("Setting page size to %s for %s.", true);
    assert!(matches(
        &p,
        "Setting page size to {page_size} for DeepSeek DSA."
    ));
    assert!(matches(&pieces("{{literal}} {x}", false), "{literal} 7"));
}

/// Every rule SGLang raises cites, for every modelled release it applies to, that release's own
/// line: a rule whose `sources` skip a release it is evaluated in would leave that release's site
/// uncounted in `docs/coverage.md` and its message unchecked by the lock. Prints the lines where
/// the message is found in the same file, to fill the gap.
#[test]
fn every_rule_cites_each_release_it_applies_to() {
    let mut missing = Vec::new();
    for v in SglangVersion::all() {
        let sites = load_sites(v.as_str());
        for r in rules::all() {
            if !r.raised_by_sglang
                || !r.applies_to(v)
                || r.messages.is_empty()
                || r.stage == preflight_core::Stage::Argparse
                || matches!(
                    r.exception,
                    Some("AttributeError" | "TypeError" | "ZeroDivisionError")
                )
            {
                continue;
            }
            let sglang_sources: Vec<_> = r
                .sources
                .iter()
                .filter(|(_, file, _)| file.starts_with("python/sglang/"))
                .collect();
            if sglang_sources.is_empty()
                || sglang_sources.iter().any(|(range, _, _)| range.contains(v))
            {
                continue;
            }
            let file = sglang_sources[0].1;
            let template = r.message(v);
            let lines: Vec<u64> = sites
                .get(file)
                .map(|list| {
                    list.iter()
                        .filter(|s| {
                            s["message"]["template"].as_str().is_some_and(|t| {
                                matches(&pieces(t, s["message"]["form"] == "percent"), template)
                            })
                        })
                        .filter_map(|s| s["line"].as_u64())
                        .collect()
                })
                .unwrap_or_default();
            missing.push(format!("{} {v} {file} {lines:?}", r.code));
        }
    }
    assert!(
        missing.is_empty(),
        "{} rule/release pairs cite no line of that release:\n{}",
        missing.len(),
        missing.join("\n")
    );
}
