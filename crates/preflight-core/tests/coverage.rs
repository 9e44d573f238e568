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
