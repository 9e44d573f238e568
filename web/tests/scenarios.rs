//! The end-to-end scenarios of `tests/e2e/run.mjs`, checked natively against the core through
//! the same URL parsing the page uses: when the core changes its answer (a message, the best
//! fix), this test says so before the browser test does.
#![cfg(not(target_arch = "wasm32"))]

use preflight_core::{Report, Severity, Verdict, validate};
use preflight_web::url::from_query;

fn report(query: &str) -> Report {
    validate(&from_query(query))
}

fn messages(r: &Report) -> Vec<&str> {
    r.diagnostics.iter().map(|d| d.message.as_str()).collect()
}

const DSA001_URL: &str = "?gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=bf16&dsa-prefill-backend=flashinfer_sparse_mla";

#[test]
fn dsa001_and_its_best_fix() {
    let r = report(DSA001_URL);
    assert!(messages(&r).contains(
        &"flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='GlmMoeDsaForCausalLM', sm_major=12, kv_cache_dtype=torch.bfloat16, prefill_impl='flashinfer_sparse_mla', decode_impl='trtllm'."
    ));
    assert_eq!(r.first_error().map(|d| d.code), Some("DSA001"));
    let fix = r.corrected.expect("a verified fix");
    // The forms the e2e test accepts: FP8 KV cache set explicitly, the KV flag removed (the
    // DSA default on SM12x is FP8), or the prefill backend flag removed.
    let cmd = &fix.command;
    assert!(
        cmd.contains("--kv-cache-dtype fp8_e4m3")
            || !cmd.contains("--kv-cache-dtype")
            || !cmd.contains("--dsa-prefill-backend"),
        "{cmd}"
    );
    let fixed = validate(&fix.config);
    assert_eq!(fixed.verdict, Verdict::Ok, "{:?}", fixed.diagnostics);
    assert!(fixed.diagnostics.iter().all(|d| d.code != "DSA001"));
    if !cmd.contains("--kv-cache-dtype") {
        assert_eq!(
            fixed.resolved_str("kv_cache_dtype").as_deref(),
            Some("fp8_e4m3")
        );
    }
}

#[test]
fn dsa002_messages_per_release() {
    let q = "?gpu=DGX%20Spark&arch=GlmMoeDsaForCausalLM&kv-cache-dtype=fp8_e4m3&dsa-prefill-backend=trtllm&dsa-decode-backend=trtllm";
    assert!(messages(&report(q)).contains(
        &"GLM DSA with FP8 KV cache on NVIDIA SM120/SM121 supports only flashinfer_sparse_mla (default) or triton_sparse_mla (prefill), but got ['trtllm']."
    ));
    assert!(messages(&report(&format!("{q}&sglang=0.5.19"))).contains(
        &"GLM DSA with FP8 KV cache on NVIDIA SM120/SM121 supports only flashinfer_sparse_mla, but got ['trtllm']."
    ));
}

#[test]
fn dsv4_q8_prefill_needs_sm90() {
    let msg = "DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs.";
    assert!(
        messages(&report(
            "?gpu=B200&arch=DeepseekV4ForCausalLM&dsv4-prefill-backend=flashmla_sparse_q8"
        ))
        .contains(&msg)
    );
    assert!(
        messages(&report(
            "?gpu=B200&arch=DeepseekV4ForCausalLM&env.SGLANG_DSV4_Q8KV8_PREFILL=1"
        ))
        .contains(&msg)
    );
    let h100 =
        report("?gpu=H100&arch=DeepseekV4ForCausalLM&dsv4-prefill-backend=flashmla_sparse_q8");
    assert_eq!(h100.verdict, Verdict::Ok, "{:?}", h100.diagnostics);
}

#[test]
fn picker_change_and_hostile_url() {
    let fixed = report(&format!("{}&kv-cache-dtype=fp8_e4m3", DSA001_URL));
    assert_eq!(fixed.verdict, Verdict::Ok);
    let hostile = report("?gpu=%3Cscript%3E&arch=x&page-size=abc&kv-cache-dtype=%22");
    let codes: Vec<&str> = hostile.diagnostics.iter().map(|d| d.code).collect();
    assert!(codes.contains(&"INPUT001"), "{codes:?}");
    assert!(
        hostile
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    );
}

/// The verdict classes the e2e tests expect in the banner (`tests/e2e/run.mjs`).
#[test]
fn verdict_classes_of_the_e2e_scenarios() {
    use preflight_core::VerdictClass;
    // trtllm_mla prefill on an RTX PRO 6000 (SM120): SGLang starts, the first forward fails
    // (KERN001): the banner must say so, never a green "starts".
    let crash = report(
        "?gpu=RTX%20PRO%206000%20Blackwell&arch=DeepseekV3ForCausalLM&attention-backend=trtllm_mla",
    );
    assert_eq!(
        crash.class,
        VerdictClass::Crashes,
        "{:?}",
        crash.diagnostics
    );
    assert_eq!(crash.first_error().map(|d| d.code), Some("KERN001"));
    assert_eq!(
        crash.class.headline(&crash.sglang),
        "SGLang 0.5.23 would start this launch, then crash at the first forward"
    );
    let fixed = validate(&crash.corrected.as_ref().expect("a fix").config);
    assert!(
        matches!(
            fixed.class,
            VerdictClass::Starts | VerdictClass::StartsWithRisks
        ),
        "{:?}",
        fixed.diagnostics
    );
    assert_eq!(report(DSA001_URL).class, VerdictClass::Refused);
    assert_eq!(report("").class, VerdictClass::Starts);
    assert_eq!(
        report("?gpu=%3Cscript%3E&arch=x&page-size=abc&kv-cache-dtype=%22").class,
        VerdictClass::Refused
    );
    assert_eq!(
        report("?gpu=Nope%209000&arch=LlamaForCausalLM").class,
        VerdictClass::CannotJudge
    );
}

/// The misspelt key of the e2e test gets its did-you-mean.
#[test]
fn misspelt_url_key_of_the_e2e_test() {
    let ig = preflight_web::url::ignored_keys(
        "?gpu=RTX%205090&arch=GlmMoeDsaForCausalLM&kv-cache-dtpye=bf16&dsa-prefill-backend=flashinfer_sparse_mla&gpu=RTX%205090",
    );
    let msgs: Vec<String> = ig.iter().map(|i| i.message()).collect();
    assert_eq!(
        msgs,
        [
            "`gpu` is given more than once; the last value (`RTX 5090`) is used, `RTX 5090` is ignored.",
            "`kv-cache-dtpye` is not a Preflight URL key (ignored); did you mean `kv-cache-dtype`?",
        ]
    );
}
