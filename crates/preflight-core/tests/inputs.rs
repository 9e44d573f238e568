//! Input handling found by review: hostile env names, JSON types, release-specific spellings,
//! and SGLang behaviours at the edges of the modelled flags.

use preflight_core::command::render_command;
use preflight_core::{LaunchConfig, Verdict, evaluate};

fn cfg(json: &str) -> LaunchConfig {
    serde_json::from_str(json).unwrap()
}

fn first_code(json: &str) -> Option<String> {
    evaluate(&cfg(json))
        .first_error()
        .map(|d| d.code.to_string())
}

#[test]
fn env_names_that_no_shell_accepts_are_refused_and_never_rendered() {
    let c = cfg(
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","env":{"$(touch pwned)":"1","OK_NAME":"a b"}}"#,
    );
    let r = evaluate(&c);
    assert_eq!(r.first_error().unwrap().code, "INPUT008");
    assert!(!r.command.contains("touch"), "{}", r.command);
    assert!(
        r.command
            .starts_with("OK_NAME='a b' python -m sglang.launch_server")
    );
    assert!(!render_command(&c).contains('$'));
}

#[test]
fn a_list_where_one_value_is_expected_is_an_argparse_error() {
    assert_eq!(
        first_code(r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":["fa3"]}"#)
            .as_deref(),
        Some("ARG001")
    );
    assert_eq!(
        first_code(r#"{"gpu":"H100","arch":"LlamaForCausalLM","page_size":[64]}"#).as_deref(),
        Some("ARG002")
    );
}

#[test]
fn fields_missing_from_the_release_are_unrecognized() {
    let r = evaluate(&cfg(
        r#"{"sglang":"0.5.19","gpu":"B200","arch":"DeepseekV4ForCausalLM","dsv4_attn_backend":"flashmla"}"#,
    ));
    assert_eq!(
        r.first_error().unwrap().message,
        "unrecognized arguments: --dsv4-attn-backend flashmla"
    );
    assert_eq!(
        first_code(r#"{"gpu":"H100","arch":"LlamaForCausalLM","no_such_field":1}"#).as_deref(),
        Some("ARG003")
    );
}

#[test]
fn old_alias_spellings_write_their_field() {
    // 0.5.19's --nsa-prefill-backend is an alias of --dsa-prefill-backend
    let r = evaluate(&cfg(
        r#"{"sglang":"0.5.19","gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bf16","nsa_prefill_backend":"flashinfer_sparse_mla"}"#,
    ));
    assert_eq!(r.first_error().unwrap().code, "DSA001");
}

#[test]
fn environment_values_are_not_stripped() {
    // SGLang lower-cases SGLANG_DSV4_Q8KV8_PREFILL but does not strip it: " 1" means off
    let r = evaluate(&cfg(
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","env":{"SGLANG_DSV4_Q8KV8_PREFILL":" 1"}}"#,
    ));
    assert_eq!(r.verdict, Verdict::Ok);
    let r = evaluate(&cfg(
        r#"{"gpu":"B200","arch":"DeepseekV4ForCausalLM","env":{"SGLANG_DSV4_Q8KV8_PREFILL":"ON"}}"#,
    ));
    assert_eq!(r.first_error().unwrap().code, "DSV4001");
}

#[test]
fn impossible_compute_capabilities_are_refused() {
    for cc in ["1.2", "20.9", "0.0", "abc"] {
        assert_eq!(
            first_code(&format!(
                r#"{{"compute_capability":"{cc}","arch":"LlamaForCausalLM"}}"#
            ))
            .as_deref(),
            Some("INPUT005"),
            "{cc}"
        );
    }
    let r = evaluate(&cfg(
        r#"{"compute_capability":"12","arch":"LlamaForCausalLM"}"#,
    ));
    assert_eq!(r.hardware.unwrap().capability, (12, 0));
}

#[test]
fn a_quantization_that_contradicts_the_checkpoint_is_refused() {
    assert_eq!(
        first_code(r#"{"gpu":"H100","arch":"GptOssForCausalLM","quantization":"fp8"}"#).as_deref(),
        Some("MODEL005")
    );
    // compatible: modelopt_fp4 on an FP8 checkpoint
    assert_eq!(
        first_code(
            r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","quantization":"modelopt_fp4"}"#
        ),
        None
    );
}

#[test]
fn mamba_no_buffer_when_overlap_is_off() {
    // overlap off and no paging: SGLang picks no_buffer, which refuses trtllm_mha
    let c = r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","attention_backend":"trtllm_mha","disable_overlap_schedule":true}"#;
    assert_eq!(first_code(c).as_deref(), Some("LIN003"));
}

#[test]
fn flags_with_unmodelled_checks_are_flagged() {
    // a field no rule reads keeps the notice
    let r = evaluate(&cfg(
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","dsa_paged_mqa_logits_backend":"cutedsl"}"#,
    ));
    assert!(r.diagnostics.iter().any(|d| d.code == "INPUT007"));
    // one that rules read (HiSparse's checks, HSP001-009) does not
    let r = evaluate(&cfg(
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","enable_hisparse":true}"#,
    ));
    assert!(
        !r.diagnostics
            .iter()
            .any(|d| matches!(d.code, "INPUT006" | "INPUT007"))
    );
    let r = evaluate(&cfg(
        r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","rl_on_policy_target":"fsdp"}"#,
    ));
    assert!(r.diagnostics.iter().any(|d| d.code == "DET102"));
    assert_eq!(r.first_error().unwrap().code, "DET001");
}

#[test]
fn an_unmodelled_release_cannot_be_judged_but_shows_the_nearest() {
    let r = preflight_core::evaluate(
        &serde_json::from_str(r#"{"sglang":"0.5.24","gpu":"H100","arch":"LlamaForCausalLM"}"#)
            .unwrap(),
    );
    assert_eq!(r.class, preflight_core::VerdictClass::CannotJudge);
    let d = r.first_error().unwrap();
    assert_eq!(d.code, "INPUT004");
    assert!(
        d.message.starts_with(
            "Preflight does not model SGLang '0.5.24': the checks shown are those of "
        ),
        "{}",
        d.message
    );
    // the nearest modelled release's checks still ran, labelled with its version
    assert!(!r.resolved.is_empty());
    assert_ne!(r.sglang, "0.5.24");
    let latest = preflight_core::evaluate(
        &serde_json::from_str(r#"{"sglang":"latest","gpu":"H100","arch":"LlamaForCausalLM"}"#)
            .unwrap(),
    );
    assert_eq!(latest.class, preflight_core::VerdictClass::Starts);
}

#[test]
fn docker_tags_give_the_release_and_the_build() {
    use preflight_core::check::{CheckOptions, check};
    let opts = |gpu: &str| CheckOptions {
        gpu: Some(gpu.into()),
        ..Default::default()
    };
    // a ROCm image on an NVIDIA GPU cannot run there
    let c = check(
        "docker run lmsysorg/sglang:v0.5.23-rocm700-mi30x python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct",
        &opts("H100"),
        None,
    );
    assert_eq!(c.config.rocm_version.as_deref(), Some("7.0.0"));
    assert_eq!(
        c.class,
        preflight_core::VerdictClass::CannotJudge,
        "{}",
        c.headline
    );
    let c = check(
        "docker run lmsysorg/sglang:v0.5.23-rocm700-mi30x python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct",
        &opts("MI300X"),
        None,
    );
    assert_eq!(
        c.class,
        preflight_core::VerdictClass::Starts,
        "{}",
        c.headline
    );
    // the CUDA build of the tag
    let c = check(
        "docker run lmsysorg/sglang:v0.5.23-cu129 python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct",
        &opts("H100"),
        None,
    );
    assert_eq!(c.config.cuda_version.as_deref(), Some("12.9"));
}

#[test]
fn pip_install_in_a_script_gives_the_release() {
    use preflight_core::parse::parse_command;
    for (script, want) in [
        (
            "pip install \"sglang[all]==0.5.19\"\npython -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct",
            "0.5.19",
        ),
        (
            "uv pip install sglang==0.5.21 && python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct",
            "0.5.21",
        ),
        (
            "python -m pip install -U 'sglang[all]==0.5.23.post1'; sglang serve meta-llama/Llama-3.1-8B-Instruct",
            "0.5.23.post1",
        ),
    ] {
        let p = parse_command(script);
        assert_eq!(p.config.sglang.as_deref(), Some(want), "{script}");
        let f = p.span_of("sglang").expect("a span for the release");
        assert_eq!(&script[f.value.unwrap().start..f.value.unwrap().end], want);
        assert!(p.config.model_path.is_some(), "{script}");
    }
    // other packages and unpinned installs say nothing about the release
    for script in [
        "pip install sglang-router==0.5.19\npython -m sglang.launch_server --model-path m",
        "pip install sglang\npython -m sglang.launch_server --model-path m",
    ] {
        assert_eq!(parse_command(script).config.sglang, None, "{script}");
    }
}

/// INPUT013: an architecture the chosen release's model registry does not serve goes to
/// SGLang's Transformers fallback, which depends on the installed transformers: cannot judge
/// (exit 2), with the releases that do register it, and never "starts" (before: DFlash2Beam on
/// 0.5.22 "would start"; SGLang there raises "Cannot find model module.", the oracle's
/// archs-build-43 set).
#[test]
fn an_architecture_the_release_does_not_register_cannot_be_judged() {
    let r = evaluate(&cfg(
        r#"{"sglang":"0.5.22","gpu":"H100","arch":"DFlash2BeamDraftModel","tp_size":2}"#,
    ));
    assert_eq!(r.class, preflight_core::VerdictClass::CannotJudge);
    assert_eq!(r.class.exit_code(false), 2);
    let d = r.first_error().unwrap();
    assert_eq!(d.code, "INPUT013");
    assert!(!d.raised_by_sglang);
    assert!(
        d.message
            .contains("SGLang 0.5.22 loads DFlash2BeamDraftModel: its model registry does not have that architecture (SGLang 0.5.23 registers it)"),
        "{}",
        d.message
    );
    assert_eq!(r.scope, Some(preflight_core::report::CONSTRUCTION_SCOPE));
    // the release that registers it judges it; the Transformers backend is not judged by
    // registry
    let ok = evaluate(&cfg(
        r#"{"sglang":"0.5.23","gpu":"H100","arch":"DFlash2BeamDraftModel","tp_size":2}"#,
    ));
    assert_eq!(first_code_of(&ok), None);
    let tf = evaluate(&cfg(
        r#"{"sglang":"0.5.22","gpu":"H100","arch":"DFlash2BeamDraftModel","tp_size":2,"model_impl":"transformers"}"#,
    ));
    assert_ne!(first_code_of(&tf).as_deref(), Some("INPUT013"));
}

fn first_code_of(r: &preflight_core::Report) -> Option<String> {
    r.first_error().map(|d| d.code.to_string())
}
