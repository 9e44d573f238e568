//! `explain` on what people paste: real pastes from public reports (`tests/explain/*.txt`), the
//! seed documents, the kernel findings' error texts, and (proptest) every catalogued message of
//! every release with random values, dressed as logs and tracebacks are (a log prefix, ANSI
//! colours, CRLF, a traceback around it, the message wrapped at a random column).
//!
//! For each real paste and seed: the expected rule comes first, every other expected rule is
//! shown, the reproduction raises the rule, and its first fix re-evaluates clean.

use preflight_core::explain::{Match, explain_message, reproduce};
use preflight_core::rules;
use preflight_core::{LaunchConfig, evaluate};
use proptest::prelude::*;
use serde_json::Value;
use std::path::PathBuf;

fn repo(path: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(path)
}

/// A fixture: (file name, expected codes, the paste). `expect: A B` wants A first and B shown;
/// `expect-any: A B` wants one of them first and all shown (the paste cannot tell them apart:
/// two rules print the same kernel error and nothing around it names either).
fn fixtures() -> Vec<(String, Vec<String>, bool, String)> {
    let dir = repo("tests/explain");
    let mut out = Vec::new();
    for e in std::fs::read_dir(&dir).expect("tests/explain holds the real pastes") {
        let path = e.expect("a readable directory entry").path();
        if path.extension().and_then(|x| x.to_str()) != Some("txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a readable fixture");
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let (head, paste) = text
            .split_once("\n---\n")
            .unwrap_or_else(|| panic!("{name}: no `---` line after the header"));
        let any = head.lines().any(|l| l.starts_with("expect-any:"));
        let expect: Vec<String> = head
            .lines()
            .find_map(|l| {
                l.strip_prefix("expect:")
                    .or_else(|| l.strip_prefix("expect-any:"))
            })
            .unwrap_or_else(|| panic!("{name}: no `expect:` line"))
            .split_whitespace()
            .map(str::to_string)
            .collect();
        assert!(!expect.is_empty(), "{name}: `expect:` names no rule");
        assert!(
            head.lines().any(|l| l.starts_with("source:")),
            "{name}: no `source:` line"
        );
        out.push((name, expect, any, paste.to_string()));
    }
    out.sort();
    assert!(
        out.len() >= 8,
        "only {} fixtures in {}",
        out.len(),
        dir.display()
    );
    out
}

fn codes(m: &[Match]) -> Vec<&'static str> {
    m.iter().map(|m| m.code).collect()
}

/// The reproduction of `m` raises it first, and the first fix of that error re-evaluates
/// without any error.
fn check_reproduction(what: &str, m: &Match) {
    let rep = reproduce(m).unwrap_or_else(|| panic!("{what}: {} not reproduced", m.code));
    let first = rep
        .report
        .first_error()
        .unwrap_or_else(|| panic!("{what}: the reproduction of {} raises nothing", m.code));
    assert_eq!(
        first.code, m.code,
        "{what}: the reproduction raises {} first",
        first.code
    );
    // every value the message states is in the reproduction
    for (k, v) in &m.config.args {
        if !rep.dropped.contains(k) {
            assert_eq!(rep.config.args.get(k), Some(v), "{what}: {k} not loaded");
        }
    }
    if let Some(a) = &m.config.arch {
        assert_eq!(rep.config.arch.as_ref(), Some(a), "{what}: arch not loaded");
    }
    let fix = first
        .fixes
        .first()
        .unwrap_or_else(|| panic!("{what}: no fix for {}", m.code));
    let after = evaluate(&fix.config);
    assert!(
        after.first_error().is_none(),
        "{what}: the first fix ({}) of {} leaves {:?}",
        fix.title,
        m.code,
        after.first_error().map(|d| &d.code)
    );
}

#[test]
fn real_pastes_find_their_rule_first() {
    for (name, expect, any, paste) in fixtures() {
        let m = explain_message(&paste);
        let found = codes(&m);
        if any {
            assert!(
                found.first().is_some_and(|f| expect.iter().any(|e| e == f)),
                "{name}: found {found:?}"
            );
        } else {
            assert_eq!(
                found.first().copied(),
                Some(expect[0].as_str()),
                "{name}: found {found:?}"
            );
        }
        for c in &expect {
            assert!(
                found.contains(&c.as_str()),
                "{name}: {c} not shown: {found:?}"
            );
        }
        check_reproduction(&name, &m[0]);
    }
}

#[test]
fn issue_examples() {
    // the first sentence of the assert: found, ranked as a cut message
    let m = explain_message("FlashAttention v3 Backend requires SM>=80 and SM<=90");
    assert_eq!(codes(&m).first(), Some(&"ATTN006"));
    assert!(!m[0].complete);
    // the whole message ranks as whole
    let m = explain_message(
        "AssertionError: FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
    );
    assert_eq!(codes(&m).first(), Some(&"ATTN006"));
    assert!(m[0].complete);
    // another install prefix and line number: both TllmGenFmhaRunner rules, best first
    let paste = "  File \"/usr/local/lib/python3.12/dist-packages/flashinfer/prefill.py\", line 123, in run\nRuntimeError: Error in function 'TllmGenFmhaRunner' at /usr/local/lib/python3.12/dist-packages/flashinfer/data/include/flashinfer/trtllm/fmha/fmhaRunner.cuh:37: Unsupported architecture";
    let m = explain_message(paste);
    let found = codes(&m);
    assert!(
        found.contains(&"KERN001") && found.contains(&"KERN003"),
        "{found:?}"
    );
    assert_eq!(m[0].line, 2);
    assert!(m.iter().all(|m| m.complete));
    // Windows paths match too
    let m = explain_message(
        r"RuntimeError: Error in function 'TllmGenFmhaRunner' at C:\venv\Lib\site-packages\flashinfer\data\include\flashinfer\trtllm\fmha\fmhaRunner.cuh:37: Unsupported architecture",
    );
    assert!(codes(&m).contains(&"KERN001"), "{:?}", codes(&m));
    // a different file is not the same message
    let m = explain_message(
        "RuntimeError: Error in function 'TllmGenFmhaRunner' at /x/flashinfer/trtllm/fmha/otherRunner.cuh:37: Unsupported architecture",
    );
    assert!(!codes(&m).contains(&"KERN001"), "{:?}", codes(&m));
}

#[test]
fn seed_documents_reproduce_and_their_first_fix_clears_them() {
    let mut seen = Vec::new();
    for dir in ["tests/seeds"] {
        for e in std::fs::read_dir(repo(dir)).expect("tests/seeds holds the seed documents") {
            let path = e.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let m = explain_message(&text);
            assert!(!m.is_empty(), "{}: nothing found", path.display());
            assert!(m[0].complete, "{}: {} only cut", path.display(), m[0].code);
            check_reproduction(&path.display().to_string(), &m[0]);
            seen.push(m[0].code);
        }
    }
    seen.sort();
    assert_eq!(seen, ["DSA001", "DSV4001"]);
    // the seed message with its values: the reproduction carries them all and is tailored
    // to the architecture the message names
    let m = explain_message(
        "ValueError: flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='GlmMoeDsaForCausalLM', sm_major=12, kv_cache_dtype=torch.bfloat16, prefill_impl='flashinfer_sparse_mla', decode_impl='trtllm'.",
    );
    let rep = reproduce(&m[0]).unwrap();
    assert!(!rep.from_example);
    assert_eq!(rep.config.arch.as_deref(), Some("GlmMoeDsaForCausalLM"));
    assert_eq!(
        rep.config.arg("dsa_decode_backend").as_deref(),
        Some("trtllm")
    );
    check_reproduction("DSA001 with values", &m[0]);
}

/// The reproduction from a rule's example keeps only what reaching the check needs: a
/// message that names no KV cache dtype or prefill backend gets none it does not need.
#[test]
fn reproductions_invent_nothing() {
    let m = explain_message(
        "GLM DSA with FP8 KV cache on NVIDIA SM120/SM121 supports only flashinfer_sparse_mla, but got ['trtllm'].",
    );
    assert_eq!(m[0].code, "DSA002");
    let rep = reproduce(&m[0]).unwrap();
    assert!(rep.from_example);
    let (bad, _) = rules::find("DSA002").unwrap().example.unwrap();
    let example: LaunchConfig = serde_json::from_str(bad).unwrap();
    assert!(
        rep.config.args.len() < example.args.len(),
        "{:?}",
        rep.config.args
    );
    for k in rep.config.args.keys() {
        let mut without = rep.config.clone();
        without.args.remove(k);
        assert_ne!(
            evaluate(&without).first_error().map(|d| d.code),
            Some("DSA002"),
            "{k} is not needed to reach DSA002"
        );
    }
    check_reproduction("DSA002", &m[0]);
}

/// The kernel findings' error texts (docs/kernels/findings.json: what the kernel libraries
/// print, under real install prefixes) are recognised as their rules.
#[test]
fn kernel_findings_error_texts_are_recognised() {
    let text = std::fs::read_to_string(repo("docs/kernels/findings.json"))
        .expect("docs/kernels/findings.json");
    let v: Value = serde_json::from_str(&text).unwrap();
    let findings = v["findings"].as_array().expect("a findings list");
    let mut checked = 0;
    let mut missed = Vec::new();
    for f in findings {
        let Some(code) = f["rule"]
            .as_str()
            .or(f["code"].as_str())
            .or(f["id"].as_str())
        else {
            continue;
        };
        let Some(rule) = rules::find(code) else {
            continue;
        };
        let texts = f["error_text"].as_str().into_iter().chain(
            f["error_text_variants"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str),
        );
        for err in texts {
            // descriptions in parentheses and other wordings than the catalogue's are not
            // pastes of this rule's message
            let catalogue_wording = rule.messages.iter().any(|(_, t)| {
                let head: String = t.chars().take(20).collect();
                err.contains(&head) || t.contains(&err.chars().take(20).collect::<String>())
            });
            if err.starts_with('(') || !catalogue_wording {
                continue;
            }
            checked += 1;
            let found = codes(&explain_message(err));
            if !found.contains(&code) {
                missed.push(format!("{code}: {err} → {found:?}"));
            }
        }
    }
    eprintln!("{checked} kernel error texts checked");
    assert!(checked >= 7, "only {checked} kernel error texts checked");
    assert!(missed.is_empty(), "not recognised:\n{}", missed.join("\n"));
}

/// Fills a template's placeholders (`{name}`, `{name!r}`, `{expr(x)}`; `{{`/`}}` are braces)
/// with `values` in turn.
fn fill(template: &str, values: &[String]) -> String {
    let mut out = String::new();
    let chars: Vec<char> = template.chars().collect();
    let (mut i, mut n) = (0, 0);
    while i < chars.len() {
        let c = chars[i];
        if (c == '{' || c == '}') && chars.get(i + 1) == Some(&c) {
            out.push(c);
            i += 2;
            continue;
        }
        if c == '{' {
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
                let inner: String = chars[i + 1..e].iter().collect();
                let v = &values[n % values.len()];
                n += 1;
                if inner.ends_with("!r") && !v.starts_with(['\'', '[']) {
                    out.push_str(&format!("'{v}'"));
                } else {
                    out.push_str(v);
                }
                i = e + 1;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Non-blank characters outside placeholders (what the matcher requires at least 12 of).
fn literal_chars(template: &str) -> usize {
    fill(template, &["\u{1}".to_string()])
        .replace("'\u{1}'", "")
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{1}')
        .count()
}

/// Every catalogued message template of every release that has text to recognise.
fn templates() -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    for r in rules::all() {
        for (_, t) in r.messages {
            if literal_chars(t) >= 12 {
                out.push((r.code, *t));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z][a-z0-9_]{0,10}",
        (0u32..200_000).prop_map(|n| n.to_string()),
        "[a-z][a-z0-9_]{0,8}".prop_map(|s| format!("'{s}'")),
        proptest::sample::select(vec![
            "torch.bfloat16".to_string(),
            "torch.float8_e4m3fn".to_string(),
            "['fa3', 'trtllm']".to_string(),
            "None".to_string(),
            "GlmMoeDsaForCausalLM".to_string(),
        ]),
    ]
}

/// How a message is pasted: (log prefix, exception prefix, ANSI colours, CRLF, a traceback
/// before it, the column to wrap it at (0: none)).
fn dress() -> impl Strategy<Value = (String, String, bool, bool, bool, usize)> {
    (
        proptest::sample::select(vec![
            String::new(),
            "[2026-11-30 10:00:02 TP0] ".to_string(),
            "ERROR:root:".to_string(),
            "2026-11-30T10:00:02Z ".to_string(),
        ]),
        proptest::sample::select(vec![
            String::new(),
            "ValueError: ".to_string(),
            "AssertionError: ".to_string(),
            "RuntimeError: ".to_string(),
        ]),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop_oneof![2 => Just(0usize), 1 => 40usize..120],
    )
}

/// Hard-wraps `text` every `width` characters, as a terminal does.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i > 0 && i % width == 0 {
            out.push('\n');
        }
        out.push(c);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    /// `explain` of every catalogued message (every release's wording) with random values,
    /// pasted as logs and tracebacks are, finds its rule as a whole message.
    #[test]
    fn every_catalogued_message_finds_its_rule(
        pick in any::<prop::sample::Index>(),
        values in prop::collection::vec(value(), 1..4),
        (log, exc, colour, crlf, traceback, width) in dress(),
    ) {
        let all = templates();
        prop_assert!(all.len() > 150, "{} templates", all.len());
        let (code, template) = all[pick.index(all.len())];
        let message = fill(template, &values);
        let mut body = format!("{exc}{message}");
        if width > 0 {
            body = wrap(&body, width);
        }
        if colour {
            body = format!("\u{1b}[31m{body}\u{1b}[0m");
        }
        let mut text = String::new();
        if traceback {
            text.push_str("Traceback (most recent call last):\n  File \"/usr/local/lib/python3.12/dist-packages/sglang/srt/server_args.py\", line 812, in __post_init__\n    self._handle_attention_backend_compatibility()\n");
        }
        text.push_str(&log);
        text.push_str(&body);
        text.push('\n');
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        let found = explain_message(&text);
        let hit = found.iter().find(|m| m.code == code);
        prop_assert!(hit.is_some(), "{code} not found in {text:?}: {:?}", codes(&found));
        prop_assert!(hit.unwrap().complete, "{code} only cut in {text:?}");
    }
}

/// Every error the rules' example configurations raise, pasted back: its rule is found, its
/// reproduction raises it, and the reproduction's first fix re-evaluates without an error.
#[test]
fn every_example_error_reproduces() {
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut fix_failures = Vec::new();
    for rule in rules::all() {
        let Some((bad, _)) = rule.example else {
            continue;
        };
        let Ok(cfg) = serde_json::from_str::<LaunchConfig>(bad) else {
            continue;
        };
        let report = evaluate(&cfg);
        let Some(d) = report.first_error() else {
            continue;
        };
        if d.message.trim().is_empty() {
            continue;
        }
        let found = explain_message(&d.message);
        let Some(m) = found.iter().find(|m| m.code == d.code) else {
            continue; // a message with too little text of its own (every_example_message_is_recognised)
        };
        checked += 1;
        match reproduce(m) {
            None => failures.push(format!("{}: not reproduced from {:?}", d.code, d.message)),
            Some(rep) => {
                let first = rep.report.first_error().map(|x| x.code);
                if first != Some(d.code) {
                    failures.push(format!("{}: the reproduction raises {first:?}", d.code));
                } else {
                    match rep.report.first_error().and_then(|x| x.fixes.first()) {
                        // an architecture the release does not register: the remedy is another
                        // release, not a flag (catalogue.rs CONFIG_ONLY)
                        None if d.code == "INPUT013" => {}
                        None => fix_failures.push(format!("{}: no fix", d.code)),
                        Some(fix) => {
                            if let Some(e) = evaluate(&fix.config).first_error() {
                                fix_failures.push(format!(
                                    "{}: first fix {} leaves {}",
                                    d.code, fix.title, e.code
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!("{checked} example errors pasted back and reproduced");
    assert!(checked > 100, "{checked}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(fix_failures.is_empty(), "{}", fix_failures.join("\n"));
}
