//! `preflight validate --jsonl`: one JSON line → `LaunchConfig` → `validate` → report JSON.
//! Mirrors `one` in `crates/preflight-cli/src/validate.rs` (a BOM is stripped, `id` is set
//! aside, the rest must be a `LaunchConfig`).
//!
//! Invariants: no panic (serde_json's recursion limit stops deep nesting); deterministic;
//! the report serialises to JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use preflight_core::{LaunchConfig, validate};
use preflight_fuzz::text;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    preflight_fuzz::with_stack(|| {
        let input = text(data);
        let line = input.trim();
        let line = line.strip_prefix('\u{feff}').unwrap_or(line);
        let Ok(Value::Object(mut map)) = serde_json::from_str::<Value>(line) else {
            return;
        };
        map.remove("id");
        let Ok(cfg) = serde_json::from_value::<LaunchConfig>(Value::Object(map)) else {
            return;
        };
        let report = validate(&cfg);
        if data.len() <= preflight_fuzz::TWICE_UP_TO {
            assert_eq!(report, validate(&cfg), "not deterministic");
        }
        serde_json::to_string(&report).expect("the report serialises");
    });
});
