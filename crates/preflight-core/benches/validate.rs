//! Benchmarks of the core, natively (release profile). Timings are measured here and recorded
//! in BENCHMARKS.md by `bash scripts/bench.sh`, never asserted in tests.
//!
//! * Criterion (`cargo bench -p preflight-core --bench validate`): `evaluate` (one resolution
//!   and construction pass) and `validate` (with the verified-fix search) on representative
//!   configurations, and the attention matrix of one architecture (every GPU × every
//!   backend). Criterion writes its estimates to `target/criterion/<group>_<case>/new/`.
//! * Distributions over the golden cases (`tests/golden/oracle-0.5.23*.jsonl`, each with the
//!   oracle's `config.json` as `tests/golden.rs` uses it), only when `PREFLIGHT_BENCH_OUT` names
//!   a file: the time of one `evaluate` per case (median of 5 runs after a warm-up run) and of
//!   one `validate` per golden error case (the fix search; every 5th case, one run after a
//!   warm-up; `PREFLIGHT_BENCH_EVERY=1`: every case, median of 3 runs), written there as
//!   JSON (`{"evaluate": {id: ns}, "validate_errors": {id: ns}}`) with their quantiles.

use criterion::{Criterion, criterion_group};
use preflight_core::{LaunchConfig, evaluate, matrix, validate};
use serde_json::Value;
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn cfg(json: &str) -> LaunchConfig {
    serde_json::from_str(json).expect("bench config")
}

/// The representative configurations (also measured in wasm by `scripts/bench/browser.mjs`).
const CASES: [(&str, &str); 4] = [
    (
        "ok-llama-h100",
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ),
    (
        "seed1-glm-rtx5090-bf16",
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bf16","dsa_prefill_backend":"flashinfer_sparse_mla"}"#,
    ),
    (
        "seed2-dsv4-b200-q8",
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"flashmla_sparse_q8"}"#,
    ),
    (
        "two-errors",
        r#"{"gpu":"A100","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","kv_cache_dtype":"mxfp8"}"#,
    ),
];

/// The architecture of the matrix benchmark (also in wasm).
const MATRIX_ARCH: &str = "DeepseekV3ForCausalLM";

fn bench(c: &mut Criterion) {
    for (name, json) in CASES {
        let c0 = cfg(json);
        c.bench_function(&format!("evaluate/{name}"), |b| {
            b.iter(|| evaluate(black_box(&c0)))
        });
        c.bench_function(&format!("validate/{name}"), |b| {
            b.iter(|| validate(black_box(&c0)))
        });
    }
    let base = LaunchConfig {
        arch: Some(MATRIX_ARCH.into()),
        ..LaunchConfig::default()
    };
    c.bench_function(&format!("matrix/attention-{MATRIX_ARCH}"), |b| {
        b.iter(|| matrix::attention(black_box(&base), None))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench
}

/// The golden cases as `(id, config, expected verdict is error)`, each with the oracle's model
/// config (as `tests/golden.rs`). Empty when the folder is missing (the caller refuses that).
fn golden() -> Vec<(String, LaunchConfig, bool)> {
    let dir = format!("{}/../../tests/golden", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p: &std::path::PathBuf| {
        p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("oracle-0.5.23") && n.ends_with(".jsonl"))
    });
    files.sort();
    let mut models: BTreeMap<String, Value> = BTreeMap::new();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("golden file");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: Value = serde_json::from_str(line).expect("golden line");
            let mut c: LaunchConfig =
                serde_json::from_value(case["config"].clone()).expect("golden config");
            if c.model_config.is_none()
                && let Some(arch) = c.arch.clone()
            {
                let m = models.entry(arch.clone()).or_insert_with(|| {
                    let p = format!("{dir}/models/{arch}/config.json");
                    serde_json::from_str(&std::fs::read_to_string(&p).expect("model config"))
                        .expect("model json")
                });
                c.model_config = Some(m.clone());
            }
            let id = case["id"].as_str().unwrap_or_default().to_string();
            out.push((id, c, case["expect"]["verdict"] == "error"));
        }
    }
    out
}

/// Median wall time in ns of `runs` calls of `f` (after one warm-up call).
fn median_ns<R>(runs: usize, mut f: impl FnMut() -> R) -> u64 {
    black_box(f());
    let mut t: Vec<u64> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            black_box(f());
            s.elapsed().as_nanos() as u64
        })
        .collect();
    t.sort_unstable();
    t[t.len() / 2]
}

fn quantiles(v: &BTreeMap<String, u64>) -> Value {
    let mut x: Vec<u64> = v.values().copied().collect();
    x.sort_unstable();
    let q = |p: f64| x[((x.len() - 1) as f64 * p).round() as usize];
    serde_json::json!({
        "n": x.len(),
        "median_ns": q(0.5),
        "p95_ns": q(0.95),
        "p99_ns": q(0.99),
        "max_ns": x[x.len() - 1],
        "mean_ns": x.iter().sum::<u64>() / x.len() as u64,
    })
}

/// Per-case times over the golden cases, written to `out` as JSON.
fn distributions(out: &str) {
    let cases = golden();
    assert!(
        cases.len() > 10_000,
        "golden cases missing ({} found)",
        cases.len()
    );
    let mut eval = BTreeMap::new();
    let mut val = BTreeMap::new();
    for (id, c, _) in &cases {
        eval.insert(id.clone(), median_ns(5, || evaluate(c)));
    }
    // The fix search takes milliseconds per case: every `PREFLIGHT_BENCH_EVERY`-th error case
    // (default 5; 1 = all 7,509), one run each (`median_ns(1, …)`: a warm-up run, then one).
    let every: usize = std::env::var("PREFLIGHT_BENCH_EVERY")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5)
        .max(1);
    let runs = if every == 1 { 3 } else { 1 };
    for (id, c, _) in cases.iter().filter(|(_, _, err)| *err).step_by(every) {
        val.insert(id.clone(), median_ns(runs, || validate(c)));
    }
    let summary = serde_json::json!({
        "evaluate_summary": quantiles(&eval),
        "validate_errors_summary": quantiles(&val),
        "evaluate": eval,
        "validate_errors": val,
    });
    std::fs::write(out, serde_json::to_string(&summary).expect("json")).expect("write");
    eprintln!(
        "golden distributions → {out}: evaluate {}, validate (error cases) {}",
        summary["evaluate_summary"], summary["validate_errors_summary"]
    );
}

fn main() {
    // `PREFLIGHT_BENCH_ONLY=golden` skips criterion (the distributions only).
    if std::env::var("PREFLIGHT_BENCH_ONLY").as_deref() != Ok("golden") {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
    if let Ok(out) = std::env::var("PREFLIGHT_BENCH_OUT") {
        distributions(&out);
    }
}
