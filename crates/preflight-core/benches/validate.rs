//! Criterion benchmarks of the core: `evaluate` (one resolution + construction pass) and
//! `validate` (with the verified-fix search) on representative configurations.
//! Run: `cargo bench -p preflight-core`. Timings are measured here, never asserted in tests.

use criterion::{Criterion, criterion_group, criterion_main};
use preflight_core::{LaunchConfig, evaluate, validate};

fn cfg(json: &str) -> LaunchConfig {
    serde_json::from_str(json).expect("bench config")
}

fn bench(c: &mut Criterion) {
    let cases = [
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
    for (name, json) in cases {
        let c0 = cfg(json);
        c.bench_function(&format!("evaluate/{name}"), |b| {
            b.iter(|| evaluate(std::hint::black_box(&c0)))
        });
        c.bench_function(&format!("validate/{name}"), |b| {
            b.iter(|| validate(std::hint::black_box(&c0)))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
