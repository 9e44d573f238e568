//! Dev tool: rough per-call cost of evaluate() and validate() (use `cargo bench` for real figures).
fn main() {
    let cfg: preflight_core::LaunchConfig =
        serde_json::from_str(r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bf16","dsa_prefill_backend":"flashinfer_sparse_mla"}"#).unwrap();
    let t = std::time::Instant::now();
    for _ in 0..1000 {
        std::hint::black_box(preflight_core::evaluate(&cfg));
    }
    println!("evaluate: {:?}/call", t.elapsed() / 1000);
    let t = std::time::Instant::now();
    for _ in 0..20 {
        std::hint::black_box(preflight_core::validate(&cfg));
    }
    println!("validate: {:?}/call", t.elapsed() / 20);
}
