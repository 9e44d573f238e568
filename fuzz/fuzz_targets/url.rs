//! The web page's URL: the query string (`from_query`, then `validate`, as the page does on
//! load) and the hash (`Route::parse`). `web/src/url.rs` and `web/src/route.rs` are compiled
//! in as modules: they are pure (no browser API) and need only the core, so the Yew crate
//! itself is not built.
//!
//! Input: `QUERY#HASH` (the text before the first `#` is `location.search`, the rest
//! `location.hash`). Invariants: no panic; deterministic; the state written back to a query
//! (`to_query`) reads as the same state; a route written back (`Route::hash`) parses as the
//! same route.
#![no_main]

#[allow(dead_code, missing_docs)]
#[path = "../../web/src/url.rs"]
mod url;

#[allow(dead_code, missing_docs)]
#[path = "../../web/src/route.rs"]
mod route;

use libfuzzer_sys::fuzz_target;
use preflight_fuzz::text;
use route::Route;

fuzz_target!(|data: &[u8]| {
    preflight_fuzz::with_stack(|| {
        let input = text(data);
        let (query, hash) = input.split_once('#').unwrap_or((&input, ""));

        let cfg = url::from_query(query);
        assert_eq!(cfg, url::from_query(query), "not deterministic");
        let written = url::to_query(&cfg);
        assert_eq!(
            url::from_query(&written),
            cfg,
            "to_query does not read back: {written}"
        );
        // what the page shows (the jsonl target checks validate's determinism)
        let _ = preflight_core::validate(&cfg);

        let r = Route::parse(hash);
        assert_eq!(r, Route::parse(hash));
        assert_eq!(Route::parse(&r.hash()), r, "route does not read back");
    });
});
