//! Catalogue invariants ("tidy" checks) and executed rule examples.

use preflight_core::rules;
use preflight_core::{LaunchConfig, Severity, SglangVersion, evaluate, validate};

/// SGLang checks no launch of a modelled release reaches (the rule's explanation says why):
/// they keep their message and source but have no example.
const UNREACHABLE: &[&str] = &[
    "DSV4002", "DSV4008", "SPEC018", "SPEC040", "SPEC063", "KV069", "KV073",
];

/// SGLang errors caused by the model's config.json alone, which no launch flag changes (the
/// remedy is another config.json), and INPUT013, an architecture the chosen release does not
/// register (the remedy is another release): the fix search, which varies flags, finds none.
const CONFIG_ONLY: &[&str] = &["MODEL009", "MODEL080", "INPUT013"];

#[test]
fn codes_are_unique_and_well_formed() {
    let all = rules::all();
    let mut codes: Vec<&str> = all.iter().map(|r| r.code).collect();
    codes.dedup();
    assert_eq!(codes.len(), all.len(), "duplicate rule code");
    for r in &all {
        assert!(
            r.code
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()),
            "{}",
            r.code
        );
        assert!(
            !r.name.is_empty() && !r.title.is_empty() && !r.explanation.is_empty(),
            "{} lacks docs",
            r.code
        );
        assert!(!r.messages.is_empty(), "{} has no message", r.code);
        if r.raised_by_sglang {
            assert!(!r.sources.is_empty(), "{} has no SGLang source", r.code);
            for (_, file, line) in r.sources {
                assert!(
                    file.starts_with("python/sglang/") && *line > 0,
                    "{}: bad source {file}:{line}",
                    r.code
                );
            }
        }
        if r.stage == preflight_core::Stage::Kernel {
            assert!(
                r.evidence.is_some() && r.example.is_some() && !r.solutions.is_empty(),
                "{} needs evidence, an example and solutions",
                r.code
            );
        }
        if r.severity == Severity::Error && r.raised_by_sglang {
            assert!(!r.solutions.is_empty(), "{} has no solutions", r.code);
            assert!(
                r.example.is_some() || UNREACHABLE.contains(&r.code),
                "{} has no example",
                r.code
            );
        }
    }
}

#[test]
fn every_example_fires_and_its_correction_does_not() {
    let mut silent = Vec::new();
    for r in rules::all() {
        let Some((bad, _)) = r.example else {
            continue;
        };
        let bad_cfg: LaunchConfig = serde_json::from_str(bad)
            .unwrap_or_else(|e| panic!("{}: bad example JSON: {e}", r.code));
        let rb = evaluate(&bad_cfg);
        if !rb.diagnostics.iter().any(|d| d.code == r.code) {
            let got: Vec<String> = rb
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .map(|d| format!("{}: {}", d.code, d.message))
                .collect();
            silent.push(format!("{}: {:?}", r.code, got));
        }
    }
    assert!(
        silent.is_empty(),
        "examples that do not fire:\n{}",
        silent.join("\n")
    );
    let mut unclean = Vec::new();
    for r in rules::all() {
        let Some((bad, good)) = r.example else {
            continue;
        };
        let bad_cfg: LaunchConfig = serde_json::from_str(bad)
            .unwrap_or_else(|e| panic!("{}: bad example JSON: {e}", r.code));
        let good_cfg: LaunchConfig = serde_json::from_str(good)
            .unwrap_or_else(|e| panic!("{}: good example JSON: {e}", r.code));
        let rb = evaluate(&bad_cfg);
        assert!(
            rb.diagnostics.iter().any(|d| d.code == r.code),
            "{}: example does not fire: {:#?}",
            r.code,
            rb.diagnostics
        );
        let rg = evaluate(&good_cfg);
        assert!(
            !rg.diagnostics.iter().any(|d| d.code == r.code),
            "{}: corrected example still fires",
            r.code
        );
        // the corrected example is clean: no error, no known kernel crash
        if let Some(e) = rg.first_error() {
            unclean.push(format!("{}: {} {}", r.code, e.code, e.message));
        }
    }
    assert!(
        unclean.is_empty(),
        "corrected examples that are not clean:\n{}",
        unclean.join("\n")
    );
}

#[test]
fn every_fix_of_every_example_validates_clean() {
    for r in rules::all() {
        let Some((bad, _)) = r.example else { continue };
        let cfg: LaunchConfig = serde_json::from_str(bad).unwrap();
        let report = validate(&cfg);
        for d in report.errors() {
            assert!(
                !d.fixes.is_empty() || CONFIG_ONLY.contains(&d.code),
                "{}: {} has no fix",
                r.code,
                d.code
            );
            for f in &d.fixes {
                let again = evaluate(&f.config);
                assert!(
                    again.first_error().is_none(),
                    "{}: fix {:?} still fails: {:?}",
                    r.code,
                    f.title,
                    again.first_error()
                );
                // the fix's command renders the fixed configuration
                assert_eq!(
                    f.command,
                    preflight_core::command::render_command(&f.config)
                );
            }
            // a change of hardware only when no fix keeps the GPU
            assert!(
                d.fixes.iter().all(|f| f.changes_hardware)
                    || d.fixes.iter().all(|f| !f.changes_hardware),
                "{}: a change of hardware beside a software fix",
                r.code
            );
        }
    }
}

#[test]
fn messages_exist_for_every_version_the_rule_applies_to() {
    for r in rules::all() {
        for v in SglangVersion::all() {
            if r.applies_to(v) {
                // a bare `assert` has an empty message, so only the template's presence is checked
                assert!(
                    r.messages.iter().any(|(range, _)| range.contains(v)),
                    "{} {v}",
                    r.code
                );
            }
        }
    }
}

#[test]
fn every_declared_rule_is_registered() {
    // Scan the rule sources for `code: "…"` so that a rule defined but not listed in its
    // module's RULES array cannot go unnoticed.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/rules");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for part in text.split("code: \"").skip(1) {
            let code = &part[..part.find('"').unwrap()];
            if code.is_empty() {
                continue;
            }
            assert!(
                rules::find(code).is_some(),
                "{code} in {} is not in its module's RULES",
                path.display()
            );
        }
    }
}
