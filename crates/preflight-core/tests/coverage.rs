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
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/coverage.md");
    let want = render_markdown();
    if std::env::var("PREFLIGHT_BLESS").is_ok() {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "docs/coverage.md is stale: run PREFLIGHT_BLESS=1 cargo test -p preflight-core --test coverage"
    );
}
