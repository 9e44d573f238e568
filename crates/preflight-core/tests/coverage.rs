//! The coverage document must account for every reference entry and be up to date.

use preflight_core::coverage::{Coverage, REFERENCE, render_markdown};
use preflight_core::rules;

#[test]
fn every_reference_entry_is_accounted_for_with_real_codes() {
    assert_eq!(
        REFERENCE.len(),
        145,
        "the reference catalogue has 145 entries"
    );
    let mut ids: Vec<&str> = REFERENCE.iter().map(|(id, _)| *id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), REFERENCE.len(), "duplicate reference id");
    for (id, c) in REFERENCE {
        if let Coverage::Rules(codes) = c {
            for code in *codes {
                assert!(
                    rules::find(code).is_some(),
                    "{id} names unknown rule {code}"
                );
            }
        }
    }
}

#[test]
fn coverage_document_is_fresh() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/reference-coverage.md"
    );
    let want = render_markdown();
    if std::env::var("PREFLIGHT_BLESS").is_ok() {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "docs/reference-coverage.md is stale: run PREFLIGHT_BLESS=1 cargo test -p preflight-core --test coverage"
    );
}

#[test]
fn rule_pages_are_fresh() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules");
    let bless = std::env::var("PREFLIGHT_BLESS").is_ok();
    if bless {
        std::fs::create_dir_all(dir).unwrap();
    }
    let mut pages: Vec<(String, String)> = rules::all()
        .iter()
        .map(|r| (format!("{}.md", r.code), r.page_markdown()))
        .collect();
    pages.push((
        "README.md".into(),
        preflight_core::coverage::render_rules_index(),
    ));
    for (name, want) in &pages {
        let path = format!("{dir}/{name}");
        if bless {
            std::fs::write(&path, want).unwrap();
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            &have == want,
            "docs/rules/{name} is stale: run PREFLIGHT_BLESS=1 cargo test -p preflight-core --test coverage"
        );
    }
    let count = std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0);
    assert_eq!(
        count,
        pages.len(),
        "docs/rules has pages for rules that no longer exist"
    );
}

/// `web/embed/rules.json`: each rule's explanation by code, which the embedded element's full
/// layout fetches, since its module is built without the core's `docs` feature.
#[test]
fn embed_rule_texts_are_fresh() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/embed/rules.json");
    let texts: std::collections::BTreeMap<&str, &str> = rules::all()
        .iter()
        .filter(|r| !r.explanation.is_empty())
        .map(|r| (r.code, r.explanation))
        .collect();
    assert!(
        texts.len() > 100,
        "the rules have no texts: is the docs feature on?"
    );
    let want = serde_json::to_string(&texts).unwrap() + "\n";
    if std::env::var("PREFLIGHT_BLESS").is_ok() {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "web/embed/rules.json is stale: run PREFLIGHT_BLESS=1 cargo test -p preflight-core --test coverage"
    );
}

/// Every documentation field of a rule is wrapped in `doc!`/`doc_list!`/`doc_opt!`, so that
/// the embed's build leaves it out (`python3 scripts/wrap-rule-docs.py` wraps them).
#[test]
fn rule_documentation_fields_are_feature_gated() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/rules");
    let fields = [
        "title",
        "explanation",
        "trigger",
        "situations",
        "solutions",
        "example",
        "evidence",
    ];
    let mut bare = Vec::new();
    let mut files = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "rs") || p.ends_with("mod.rs") {
            continue;
        }
        files += 1;
        let text = std::fs::read_to_string(&p).unwrap();
        for (i, line) in text.lines().enumerate() {
            let Some(rest) = line.strip_prefix("    ") else {
                continue;
            };
            for f in fields {
                if let Some(v) = rest.strip_prefix(f).and_then(|r| r.strip_prefix(": "))
                    && !(v.starts_with("doc") || v.starts_with("None") || v.starts_with("\"\""))
                {
                    bare.push(format!("{}:{}: {f}", p.display(), i + 1));
                }
            }
        }
    }
    assert!(files > 5, "no rule files found in {dir}");
    assert!(
        bare.is_empty(),
        "rule documentation not wrapped (run python3 scripts/wrap-rule-docs.py): {bare:?}"
    );
}
