//! Dev tool: compares rule source lines with the oracle's `where`/`line` in the golden file.
use preflight_core::{LaunchConfig, evaluate};
use std::collections::BTreeMap;
fn main() {
    let text = std::fs::read_to_string("tests/golden/oracle-0.5.23.jsonl").unwrap();
    let mut seen: BTreeMap<String, (String, u32, String)> = BTreeMap::new();
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        if case["expect"]["verdict"] != "error" {
            continue;
        }
        let cfg: LaunchConfig = serde_json::from_value(case["config"].clone()).unwrap();
        let r = evaluate(&cfg);
        let Some(e) = r.first_error() else { continue };
        let src = e
            .source
            .clone()
            .map(|s| format!("{}:{}", s.file, s.line))
            .unwrap_or_default();
        let want = format!(
            "{}:{}",
            case["expect"]["where"].as_str().unwrap_or(""),
            case["expect"]["line"]
        );
        seen.entry(e.code.to_string()).or_insert((src, 0, want)).1 += 1;
    }
    for (code, (src, n, want)) in seen {
        println!("{code} n={n}\n   ours: {src}\n   orac: {want}");
    }
}
