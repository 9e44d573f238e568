//! Verified fixes: ranking and multi-error fixes.

use preflight_core::{LaunchConfig, Verdict, evaluate, validate};

fn cfg(json: &str) -> LaunchConfig {
    serde_json::from_str(json).unwrap()
}

#[test]
fn two_independent_errors_get_one_two_flag_fix() {
    // trtllm_mla on Ampere and an mxfp8 KV cache off Blackwell: two separate errors
    let c = cfg(
        r#"{"gpu":"A100","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","kv_cache_dtype":"mxfp8"}"#,
    );
    let r = validate(&c);
    // SGLang raises the first; the second shows once it is fixed
    assert_eq!(r.errors().count(), 1, "{:#?}", r.diagnostics);
    let fix = r.corrected.expect("a fix");
    assert!(!fix.changes_hardware);
    assert_eq!(fix.changes.len(), 2, "{}", fix.title);
    assert_eq!(evaluate(&fix.config).verdict, Verdict::Ok);
}

#[test]
fn fixes_prefer_keeping_the_gpu_and_fewer_kernel_warnings() {
    // GLM-5 + bf16 + flashinfer_sparse_mla on an RTX 5090: dropping the DSA flag alone would
    // leave the trtllm DSA decode, a known SM12x kernel failure, so the KV-dtype fix ranks first.
    let r = validate(&cfg(
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bf16","dsa_prefill_backend":"flashinfer_sparse_mla"}"#,
    ));
    let fix = r.corrected.clone().unwrap();
    assert_eq!(fix.changes[0].key, "kv_cache_dtype", "{}", fix.title);
    let again = evaluate(&fix.config);
    assert!(
        again
            .diagnostics
            .iter()
            .all(|d| d.stage != preflight_core::Stage::Kernel)
    );
    // every fix keeps the model; only the last may change the GPU
    let e = r.first_error().unwrap();
    assert!(e.fixes.iter().all(|f| f.config.arch == fix.config.arch));
}

#[test]
fn a_valid_configuration_has_no_fix() {
    let r = validate(&cfg(r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#));
    assert_eq!(r.verdict, Verdict::Ok);
    assert!(r.corrected.is_none());
}
