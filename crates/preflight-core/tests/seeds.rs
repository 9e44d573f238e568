//! The two seed checks, message by message, with SGLang's exact text per release.

use preflight_core::{LaunchConfig, Report, Stage, Verdict, validate};

fn run(json: &str) -> Report {
    validate(&serde_json::from_str::<LaunchConfig>(json).unwrap())
}

fn first_message(r: &Report) -> &str {
    &r.first_error().expect("an error").message
}

#[test]
fn seed1_bf16_glm_on_rtx5090() {
    let r = run(
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bf16","dsa_prefill_backend":"flashinfer_sparse_mla"}"#,
    );
    assert_eq!(r.verdict, Verdict::Error);
    let e = r.first_error().unwrap();
    assert_eq!(e.code, "DSA001");
    assert_eq!(e.stage, Stage::Construction);
    assert_eq!(
        e.message,
        "flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='GlmMoeDsaForCausalLM', sm_major=12, kv_cache_dtype=torch.bfloat16, prefill_impl='flashinfer_sparse_mla', decode_impl='trtllm'."
    );
    assert_eq!(
        e.source.as_ref().unwrap().cite(),
        "python/sglang/kernels/ops/attention/flash_mla_sm120.py:695@0.5.23"
    );
    // the best fix keeps the GPU and the model and is a single change
    let fix = r.corrected.as_ref().unwrap();
    assert!(!fix.changes_hardware);
    assert_eq!(fix.changes.len(), 1);
    assert!(
        fix.command
            .starts_with("python -m sglang.launch_server --model-path zai-org/GLM-5")
    );
}

#[test]
fn seed1_non_glm_model() {
    let r = run(
        r#"{"gpu":"RTX PRO 6000 Blackwell","arch":"DeepseekV32ForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"flashinfer_sparse_mla","dsa_decode_backend":"flashinfer_sparse_mla"}"#,
    );
    assert_eq!(
        first_message(&r),
        "flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='DeepseekV32ForCausalLM', sm_major=12, kv_cache_dtype=torch.float8_e4m3fn, prefill_impl='flashinfer_sparse_mla', decode_impl='flashinfer_sparse_mla'."
    );
}

#[test]
fn seed1_wrong_gpu() {
    let r = run(
        r#"{"gpu":"B200","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_decode_backend":"flashinfer_sparse_mla"}"#,
    );
    assert_eq!(
        first_message(&r),
        "flashinfer_sparse_mla supports only GLM DSA with FP8 KV cache on NVIDIA SM120/SM121; got model_arch='GlmMoeDsaForCausalLM', sm_major=10, kv_cache_dtype=torch.float8_e4m3fn, prefill_impl='trtllm', decode_impl='flashinfer_sparse_mla'."
    );
}

#[test]
fn seed1_second_message_per_version() {
    let base = r#""gpu":"DGX Spark","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"trtllm","dsa_decode_backend":"trtllm""#;
    let r = run(&format!("{{{base}}}"));
    assert_eq!(
        first_message(&r),
        "GLM DSA with FP8 KV cache on NVIDIA SM120/SM121 supports only flashinfer_sparse_mla (default) or triton_sparse_mla (prefill), but got ['trtllm']."
    );
    assert_eq!(r.first_error().unwrap().code, "DSA002");
    let r = run(&format!("{{{base},\"sglang\":\"0.5.19\"}}"));
    assert_eq!(
        first_message(&r),
        "GLM DSA with FP8 KV cache on NVIDIA SM120/SM121 supports only flashinfer_sparse_mla, but got ['trtllm']."
    );
    assert_eq!(
        r.first_error().unwrap().source.as_ref().unwrap().cite(),
        "python/sglang/kernels/ops/attention/flash_mla_sm120.py:599@0.5.19"
    );
}

#[test]
fn seed1_one_side_set_other_filled() {
    // SGLang fills the unset decode side with flashinfer_sparse_mla, then refuses the explicit one
    let r = run(
        r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"fp8_e4m3","dsa_prefill_backend":"flashmla_sparse"}"#,
    );
    assert_eq!(
        r.resolved_str("dsa_decode_backend").as_deref(),
        Some("flashinfer_sparse_mla")
    );
    assert!(first_message(&r).ends_with("but got ['flashmla_sparse']."));
}

#[test]
fn seed1_defaults_pass_on_sm12() {
    let r = run(r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM"}"#);
    assert_eq!(r.verdict, Verdict::Ok, "{:#?}", r.diagnostics);
    assert_eq!(
        r.resolved_str("kv_cache_dtype").as_deref(),
        Some("fp8_e4m3")
    );
    assert_eq!(r.resolved_str("attention_backend").as_deref(), Some("dsa"));
    assert_eq!(
        r.resolved_str("dsa_prefill_backend").as_deref(),
        Some("flashinfer_sparse_mla")
    );
    assert_eq!(
        r.resolved_str("dsa_decode_backend").as_deref(),
        Some("flashinfer_sparse_mla")
    );
    assert_eq!(r.resolved_int("page_size"), Some(64));
}

#[test]
fn seed2_q8_prefill_off_hopper() {
    for gpu in ["A100", "L40S", "B200", "RTX 5090"] {
        let r = run(&format!(
            r#"{{"gpu":"{gpu}","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"flashmla_sparse_q8"}}"#
        ));
        assert_eq!(
            first_message(&r),
            "DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs.",
            "{gpu}"
        );
        assert_eq!(r.first_error().unwrap().code, "DSV4001");
    }
    let ok = run(
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"flashmla_sparse_q8"}"#,
    );
    assert_eq!(ok.verdict, Verdict::Ok);
    assert_eq!(ok.resolved_int("page_size"), Some(256));
    assert_eq!(
        ok.resolved_str("kv_cache_dtype").as_deref(),
        Some("fp8_e4m3")
    );
    assert_eq!(
        ok.resolved_str("attention_backend").as_deref(),
        Some("dsv4")
    );
}

#[test]
fn seed2_cuda_version_gates_sm90() {
    let r = run(
        r#"{"gpu":"H100","cuda_version":"12.1","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"flashmla_sparse_q8"}"#,
    );
    assert_eq!(
        first_message(&r),
        "DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs."
    );
}

#[test]
fn seed2_environment_override() {
    // the variable wins over the flag, both ways
    let on = run(
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","env":{"SGLANG_DSV4_Q8KV8_PREFILL":"1"}}"#,
    );
    assert_eq!(
        first_message(&on),
        "DeepSeek-V4 flashmla_sparse_q8 prefill requires SM90 CUDA GPUs."
    );
    let on = run(
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","env":{"SGLANG_DSV4_Q8KV8_PREFILL":"Yes"}}"#,
    );
    assert_eq!(on.verdict, Verdict::Error);
    let off = run(
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"flashmla_sparse_q8","env":{"SGLANG_DSV4_Q8KV8_PREFILL":"0"}}"#,
    );
    assert_eq!(off.verdict, Verdict::Ok, "{:#?}", off.diagnostics);
    let fix = on.corrected.unwrap();
    assert_eq!(fix.changes[0].key, "env.SGLANG_DSV4_Q8KV8_PREFILL");
}

#[test]
fn seed2_version_lines() {
    let r = run(
        r#"{"sglang":"0.5.19","gpu":"A100","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"flashmla_sparse_q8"}"#,
    );
    assert_eq!(
        r.first_error().unwrap().source.as_ref().unwrap().cite(),
        "python/sglang/srt/layers/attention/deepseek_v4_backend.py:578@0.5.19"
    );
}

#[test]
fn bad_input_is_a_diagnostic() {
    for json in [
        r#"{}"#,
        r#"{"gpu":"TPU v5","arch":"LlamaForCausalLM"}"#,
        r#"{"gpu":"H100","arch":"NoSuchArch"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","kv_cache_dtype":"fp9"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","page_size":"x"}"#,
        r#"{"compute_capability":"banana","arch":"LlamaForCausalLM"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","cuda_version":"new"}"#,
    ] {
        let r = run(json);
        assert_eq!(r.verdict, Verdict::Error, "{json}");
    }
    let r = run(r#"{"gpu":"H100","arch":"LlamaForCausalLM","kv_cache_dtype":"fp9"}"#);
    assert_eq!(
        first_message(&r),
        "argument --kv-cache-dtype: invalid choice: 'fp9' (choose from 'auto', 'fp8_e5m2', 'fp8_e4m3', 'mxfp8', 'bf16', 'bfloat16', 'nvfp4', 'fp4_mx_block16')"
    );
}
