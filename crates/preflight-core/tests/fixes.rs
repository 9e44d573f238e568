//! Verified fixes: ranking and multi-error fixes.

use preflight_core::{LaunchConfig, Severity, Verdict, VerdictClass, evaluate, validate};

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

/// Whether a launch leaves a warning (any stage).
fn warned(cfg: &LaunchConfig) -> bool {
    evaluate(cfg)
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Warning)
}

#[test]
fn a_fix_that_leaves_no_warning_ranks_first() {
    // the seed: GLM-5 + bfloat16 + flashinfer_sparse_mla on an RTX 5090. Removing the KV flag
    // works (the DSA default on SM12x is fp8_e4m3) but leaves DSA103 (a DSA backend set with
    // an `auto` KV dtype, overrides.py:516-523@0.5.23); setting fp8_e4m3 leaves none.
    let r = validate(&cfg(
        r#"{"gpu":"RTX 5090","model_path":"zai-org/GLM-5","kv_cache_dtype":"bfloat16","dsa_prefill_backend":"flashinfer_sparse_mla"}"#,
    ));
    let e = r.first_error().expect("DSA001");
    assert_eq!(e.code, "DSA001");
    let titles: Vec<&str> = e.fixes.iter().map(|f| f.title.as_str()).collect();
    assert_eq!(
        titles,
        ["--kv-cache-dtype fp8_e4m3", "remove --kv-cache-dtype"]
    );
    assert!(!warned(&e.fixes[0].config));
    let second = evaluate(&e.fixes[1].config);
    assert!(
        second.diagnostics.iter().any(|d| d.code == "DSA103"),
        "{:?}",
        second.diagnostics
    );
    // the corrected launch is the first fix, and it starts without risks
    assert_eq!(r.corrected.as_ref(), Some(&e.fixes[0]));
    assert_eq!(evaluate(&e.fixes[0].config).class, VerdictClass::Starts);
}

#[test]
fn among_equally_clean_fixes_removing_a_flag_comes_first() {
    // Gemma-3 with an nvfp4 KV cache on the triton backend of an SM120 GPU (KV010): back to the
    // default KV dtype, then setting one
    let r = validate(&cfg(
        r#"{"compute_capability":"12.0","arch":"Gemma3ForCausalLM","attention_backend":"triton","kv_cache_dtype":"nvfp4"}"#,
    ));
    let e = r.first_error().expect("an error");
    assert_eq!(e.code, "KV010");
    assert!(e.fixes.len() >= 2, "{:?}", e.fixes);
    assert_eq!(e.fixes[0].title, "remove --kv-cache-dtype");
    assert!(e.fixes.iter().all(|f| !warned(&f.config)));
    // and a value equal to the release's default is never offered beside removing the flag
    assert!(
        e.fixes
            .iter()
            .all(|f| f.changes.iter().all(|c| c.to.as_deref() != Some("auto")))
    );
}

#[test]
fn a_value_equal_to_the_default_is_the_same_fix_as_removing_the_flag() {
    // DP attention with dp_size 2 over tp_size 1 (PAR016): `--dp-size 1` is SGLang's default,
    // so only `remove --dp-size` is offered
    let r = validate(&cfg(
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","sglang":"0.5.19","dp_size":2,"enable_dp_attention":true,"enable_dp_lm_head":true,"tp_size":1}"#,
    ));
    let Some(e) = r.first_error() else {
        panic!("expected an error: {:?}", r.diagnostics)
    };
    let titles: Vec<&str> = e.fixes.iter().map(|f| f.title.as_str()).collect();
    assert!(titles.contains(&"remove --dp-size"), "{titles:?}");
    assert!(!titles.contains(&"--dp-size 1"), "{titles:?}");
}

#[test]
fn synonyms_are_one_fix_in_the_users_spelling() {
    // SGLang reads bf16 and bfloat16 as one KV dtype (mem_cache/kv_cache_dtype.py:74@0.5.23)
    let base = r#""compute_capability":"12.0","arch":"Gemma3ForCausalLM","attention_backend":"triton","kv_cache_dtype":"nvfp4""#;
    let bf16_fixes = |json: &str| -> Vec<String> {
        let r = validate(&cfg(json));
        r.first_error()
            .expect("an error")
            .fixes
            .iter()
            .flat_map(|f| f.changes.iter())
            .filter(|c| c.key == "kv_cache_dtype")
            .filter_map(|c| c.to.clone())
            .filter(|v| v == "bf16" || v == "bfloat16")
            .collect()
    };
    // never both spellings; the canonical one when the user wrote neither
    assert_eq!(bf16_fixes(&format!("{{{base}}}")), ["bfloat16"]);
    // the user's own spelling when the launch writes one of them elsewhere
    assert_eq!(
        bf16_fixes(&format!(
            "{{{base},\"speculative_draft_kv_cache_dtype\":\"bf16\"}}"
        )),
        ["bf16"]
    );
    // --dtype: half and float16 are one torch dtype (configs/model_config.py:2274@0.5.23)
    let r = validate(&cfg(
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","dtype":"halff"}"#,
    ));
    let e = r.first_error().expect("ARG001");
    let dtypes: Vec<&str> = e
        .fixes
        .iter()
        .filter_map(|f| f.changes[0].to.as_deref())
        .filter(|v| *v == "half" || *v == "float16")
        .collect();
    assert_eq!(dtypes, ["float16"], "{:?}", e.fixes);
}

#[test]
fn a_spelling_only_one_check_accepts_is_kept() {
    // TensorRT-LLM MLA accepts `bf16` but not `bfloat16` (overrides.py:1214@0.5.23): the
    // validator decides per spelling, synonyms only collapse when both are clean
    let r = validate(&cfg(
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","kv_cache_dtype":"bfloat16"}"#,
    ));
    let e = r.first_error().expect("ATTN002");
    assert_eq!(e.code, "ATTN002");
    for f in &e.fixes {
        assert!(evaluate(&f.config).first_error().is_none(), "{}", f.title);
        assert!(
            f.config.arg("kv_cache_dtype").as_deref() != Some("bfloat16")
                || f.config.arg("attention_backend").as_deref() != Some("trtllm_mla"),
            "{}",
            f.title
        );
    }
}

#[test]
fn a_change_of_hardware_only_when_no_software_fix_exists() {
    // the seed has software fixes: no GPU change is offered
    let r = validate(&cfg(
        r#"{"gpu":"RTX 5090","model_path":"zai-org/GLM-5","kv_cache_dtype":"bf16","dsa_prefill_backend":"flashinfer_sparse_mla"}"#,
    ));
    assert!(
        r.errors()
            .all(|d| d.fixes.iter().all(|f| !f.changes_hardware))
    );
    // gpt-oss's mxfp4 checkpoint on ROCm: no quantization method, no flag fixes it
    let r = validate(&cfg(
        r#"{"gpu":"MI325X","model_path":"openai/gpt-oss-120b","tp_size":2}"#,
    ));
    let e = r.first_error().expect("MODEL003");
    assert_eq!(e.code, "MODEL003");
    assert_eq!(e.fixes.len(), 1, "{:?}", e.fixes);
    let hw = &e.fixes[0];
    assert!(hw.changes_hardware);
    assert_eq!(hw.changes[0].key, "gpu");
    assert_eq!(hw.config.model_path.as_deref(), Some("openai/gpt-oss-120b"));
    assert!(evaluate(&hw.config).first_error().is_none());
    // a change of GPU is never the corrected launch
    assert!(r.corrected.is_none());
}

#[test]
fn sm12x_dsa_fixes_leave_the_backends_on_auto_and_never_keep_trtllm() {
    // RTX PRO 6000 + GLM-5 + fp8_e4m3 + trtllm on both DSA sides (DSA002): the best fix removes
    // both flags (SGLang then picks flashinfer_sparse_mla for both on SM120, overrides.py@0.5.23)
    let r = validate(&cfg(
        r#"{"gpu":"RTX PRO 6000","model_path":"zai-org/GLM-5","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"trtllm","dsa_decode_backend":"trtllm"}"#,
    ));
    let e = r.first_error().expect("DSA002");
    assert_eq!(e.code, "DSA002");
    assert_eq!(
        e.fixes[0].title,
        "remove --dsa-prefill-backend, remove --dsa-decode-backend"
    );
    let top = evaluate(&e.fixes[0].config);
    assert_eq!(
        top.resolved_str("dsa_prefill_backend").as_deref(),
        Some("flashinfer_sparse_mla")
    );
    assert_eq!(
        top.resolved_str("dsa_decode_backend").as_deref(),
        Some("flashinfer_sparse_mla")
    );
    for f in &e.fixes {
        assert!(!f.changes_hardware, "{}", f.title);
        let again = evaluate(&f.config);
        assert!(again.first_error().is_none(), "{}", f.title);
        for side in ["dsa_prefill_backend", "dsa_decode_backend"] {
            assert_ne!(
                again.resolved_str(side).as_deref(),
                Some("trtllm"),
                "{} keeps trtllm",
                f.title
            );
        }
    }
}

#[test]
fn a_known_crash_gets_a_clean_fix() {
    // DeepSeek-V3 with trtllm_mla on an RTX PRO 6000 (SM120) starts, then its prefill kernel
    // fails (KERN001): the fix is clean, no crash and no warning
    let r = validate(&cfg(
        r#"{"gpu":"RTX PRO 6000","model_path":"deepseek-ai/DeepSeek-V3","attention_backend":"trtllm_mla"}"#,
    ));
    assert_eq!(r.class, VerdictClass::Crashes);
    let fix = r.corrected.as_ref().expect("a fix");
    assert!(!fix.changes_hardware);
    assert_eq!(fix.title, "remove --attention-backend");
    assert_eq!(evaluate(&fix.config).class, VerdictClass::Starts);
    // a crash that needs every flag it names back to the default: GLM-5 with bf16 and trtllm
    // on both DSA sides of an RTX 5090
    let r = validate(&cfg(
        r#"{"gpu":"RTX 5090","model_path":"zai-org/GLM-5","kv_cache_dtype":"bf16","dsa_prefill_backend":"trtllm","dsa_decode_backend":"trtllm"}"#,
    ));
    assert_eq!(r.class, VerdictClass::Crashes, "{:?}", r.diagnostics);
    let fix = r.corrected.as_ref().expect("a software fix");
    assert_eq!(
        evaluate(&fix.config).class,
        VerdictClass::Starts,
        "{}",
        fix.title
    );
}

#[test]
fn a_valid_configuration_has_no_fix() {
    let r = validate(&cfg(r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#));
    assert_eq!(r.verdict, Verdict::Ok);
    assert!(r.corrected.is_none());
}

#[test]
fn sglang_own_warnings_do_not_push_its_default_out_of_the_fixes() {
    // ATTN111 warns on every default DeepSeek-V3 launch on SM100: a bad KV dtype is fixed by
    // removing it (SGLang's default backend), not by switching backends to avoid ATTN111
    let r = validate(&cfg(
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","kv_cache_dtype":"mxfp8"}"#,
    ));
    let fix = r.corrected.expect("a fix");
    assert_eq!(fix.title, "remove --kv-cache-dtype", "{}", fix.title);
    let again = evaluate(&fix.config);
    assert!(again.diagnostics.iter().any(|d| d.code == "ATTN111"));
}

#[test]
fn a_fix_that_keeps_the_gpus_ranks_before_one_that_changes_them() {
    // Qwen3-235B-A22B-FP8 on eight GPUs (PAR071): expert parallelism keeps the eight GPUs the
    // model's memory needs; dropping --tp-size would put 235B parameters on one
    let r = validate(&cfg(
        r#"{"gpu":"H100","model_path":"Qwen/Qwen3-235B-A22B-FP8","tp_size":8}"#,
    ));
    let e = r.first_error().expect("PAR071");
    assert_eq!(e.code, "PAR071");
    let first = &e.fixes[0];
    assert!(
        first.changes.iter().all(|c| c.key != "tp_size"),
        "{:?}",
        e.fixes.iter().map(|f| &f.title).collect::<Vec<_>>()
    );
    assert!(evaluate(&first.config).first_error().is_none());
    // where every fix changes the TP size (the heads of Llama 3.3 70B over 3 GPUs), they stay,
    // the nearest GPU count first and, of two as near, the larger: 140 GB of bf16 weights that
    // needed three 80 GB GPUs do not fit on one
    let r = validate(&cfg(
        r#"{"gpu":"H100","model_path":"meta-llama/Llama-3.3-70B-Instruct","tp_size":3}"#,
    ));
    let titles: Vec<&str> = r
        .first_error()
        .expect("PAR065")
        .fixes
        .iter()
        .map(|f| f.title.as_str())
        .collect();
    assert_eq!(
        titles,
        ["--tp-size 4", "--tp-size 2", "remove --tp-size"],
        "{titles:?}"
    );
    assert!(
        r.corrected
            .as_ref()
            .is_some_and(|c| c.config.get_key("tp_size").as_deref() == Some("4")),
        "{:?}",
        r.corrected.as_ref().map(|c| &c.title)
    );
}

#[test]
fn dropping_dp_attention_counts_the_gpus_it_adds() {
    // PhiMoE with --tp-size 8 --dp-size 2 --enable-dp-attention (PAR077) runs on eight GPUs;
    // without DP attention --dp-size 2 means two replicas of TP 8, sixteen GPUs, so removing
    // --enable-dp-attention alone resizes the launch and a fix within the eight GPUs ranks first
    let r = validate(&cfg(
        r#"{"gpu":"H100","arch":"PhiMoEForCausalLM","tp_size":8,"dp_size":2,"enable_dp_attention":true}"#,
    ));
    let e = r.first_error().expect("PAR077");
    assert_eq!(e.code, "PAR077");
    let titles: Vec<&str> = e.fixes.iter().map(|f| f.title.as_str()).collect();
    let first = &e.fixes[0];
    assert!(
        first
            .changes
            .iter()
            .all(|c| c.key != "enable_dp_attention" && c.key != "tp_size"),
        "{titles:?}"
    );
    assert!(evaluate(&first.config).first_error().is_none());
    let gpus = |c: &LaunchConfig| {
        let n = |k: &str| {
            c.get_key(k)
                .and_then(|v| v.parse::<i64>().ok())
                .unwrap_or(1)
        };
        let dpa = c
            .get_key("enable_dp_attention")
            .is_some_and(|v| v == "true");
        n("tp_size") * if dpa { 1 } else { n("dp_size") }
    };
    // every fix offered keeps the eight GPUs (remove --dp-size, --attn-cp-size 4, --dp-size 8)
    assert!(e.fixes.len() > 1, "{titles:?}");
    for f in &e.fixes {
        assert_eq!(gpus(&f.config), 8, "{}: {titles:?}", f.title);
    }
}
