//! PAR068–PAR072, the checks of the first sparse MoE layer (the MoE block's TP > experts
//! refusal, `FusedMoE.__init__`'s two bare asserts and `Fp8MoEMethod`'s block-FP8 checks) for
//! the architectures `scripts/models/gen_moe_asserts.py` reviews: the published failures of
//! Qwen's block-FP8 MoE checkpoints, the fixes, the lines cited, and where the checks do not
//! apply. The oracle's designed and random sets (`tests/golden/oracle-*-moe-layer*.jsonl`)
//! cover the widths; these cases pin the model ids and the generated lines.

use preflight_core::model::archs::{fused_moe_lines, moe_block};
use preflight_core::{LaunchConfig, SglangVersion, rules, validate};

/// The first error's code, message and `file:line@version`, or `None` when the launch is clean.
fn first_error(json: &str) -> Option<(String, String, String)> {
    let cfg: LaunchConfig = serde_json::from_str(json).unwrap();
    let report = validate(&cfg);
    report.first_error().map(|d| {
        (
            d.code.to_string(),
            d.message.clone(),
            d.source.as_ref().map(|s| s.cite()).unwrap_or_default(),
        )
    })
}

fn launch(model: &str, extra: &str) -> String {
    format!(r#"{{"gpu":"H100","model_path":"{model}"{extra}}}"#)
}

#[test]
fn qwen_block_fp8_moe_checkpoints_refuse_slices_that_are_not_whole_blocks() {
    // QwenLM/Qwen3#1485, vllm-project/vllm#17569: 1536 / 8 = 192, 768 / 4 = 192, 2560 / 8 = 320
    for (model, tp, size) in [
        ("Qwen/Qwen3-235B-A22B-FP8", 8, 192),
        ("Qwen/Qwen3-30B-A3B-FP8", 4, 192),
        ("Qwen/Qwen3-30B-A3B-FP8", 8, 96),
        ("Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8", 8, 320),
    ] {
        let e = first_error(&launch(model, &format!(r#","tp_size":{tp}"#)));
        assert_eq!(
            e,
            Some((
                "PAR071".into(),
                format!(
                    "The output_size of gate's and up's weight = {size} is not divisible by weight quantization block_n = 128."
                ),
                "python/sglang/srt/layers/quantization/fp8.py:1589@0.5.23".into(),
            )),
            "{model} --tp-size {tp}"
        );
    }
    // the documented ways out: expert parallelism, a TP size whose slice is a whole block, the
    // BF16 checkpoint
    for (model, extra) in [
        ("Qwen/Qwen3-235B-A22B-FP8", r#","tp_size":8,"ep_size":8"#),
        ("Qwen/Qwen3-235B-A22B-FP8", r#","tp_size":4"#),
        ("Qwen/Qwen3-30B-A3B-FP8", r#","tp_size":2"#),
        ("Qwen/Qwen3-235B-A22B", r#","tp_size":8"#),
        (
            "Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8",
            r#","tp_size":8,"ep_size":2"#,
        ),
    ] {
        assert_eq!(first_error(&launch(model, extra)), None, "{model} {extra}");
    }
}

#[test]
fn the_flashinfer_trtllm_runner_rounds_the_slice_up_first() {
    // FusedMoE rounds 768 / 4 = 192 up to 256 before the weights are created
    let json = r#"{"gpu":"B200","model_path":"Qwen/Qwen3-30B-A3B-FP8","tp_size":4,"moe_runner_backend":"flashinfer_trtllm"}"#;
    assert_eq!(first_error(json).map(|e| e.0), None);
}

#[test]
fn fused_moe_asserts_and_the_block_refusal_cite_their_lines() {
    let qwen3 = |extra: &str| format!(r#"{{"gpu":"H100","arch":"Qwen3MoeForCausalLM"{extra}}}"#);
    let e = first_error(&qwen3(
        r#","tp_size":4,"json_model_override_args":"{\"num_experts\": 2}""#,
    ))
    .unwrap();
    assert_eq!(e.0, "PAR068");
    assert_eq!(
        e.1,
        "Tensor parallel size 4 is greater than the number of experts 2."
    );
    assert_eq!(e.2, "python/sglang/srt/models/qwen3_moe.py:247@0.5.23");
    let e = first_error(&qwen3(
        r#","tp_size":4,"ep_size":4,"json_model_override_args":"{\"num_experts\": 130}""#,
    ))
    .unwrap();
    assert_eq!((e.0.as_str(), e.1.as_str()), ("PAR069", ""));
    assert_eq!(
        e.2,
        "python/sglang/srt/layers/moe/fused_moe_triton/layer.py:414@0.5.23"
    );
    let e = first_error(&qwen3(
        r#","tp_size":4,"json_model_override_args":"{\"moe_intermediate_size\": 770}","sglang":"0.5.22""#,
    ))
    .unwrap();
    assert_eq!(e.0, "PAR070");
    assert_eq!(
        e.2,
        "python/sglang/srt/layers/moe/fused_moe_triton/layer.py:408@0.5.22"
    );
}

#[test]
fn where_the_checks_do_not_apply() {
    // every release cites its own line (151936 divides by 8: the 0.5.19-0.5.21 embedding passes)
    for (v, line) in [
        ("0.5.19", 1181),
        ("0.5.20", 1257),
        ("0.5.21", 1403),
        ("0.5.22", 1479),
    ] {
        let json = launch(
            "Qwen/Qwen3-235B-A22B-FP8",
            &format!(r#","tp_size":8,"sglang":"{v}""#),
        );
        let e = first_error(&json).unwrap();
        assert_eq!(
            (e.0.as_str(), e.2),
            (
                "PAR071",
                format!("python/sglang/srt/layers/quantization/fp8.py:{line}@{v}")
            ),
        );
    }
    // on CPU the MoE widths are padded to the TP size first; transformers' implementation has
    // other classes; AITer pads 128 x 128 blocks on ROCm
    for extra in [
        r#","tp_size":8,"device":"cpu""#,
        r#","tp_size":8,"model_impl":"transformers""#,
    ] {
        let json = launch("Qwen/Qwen3-235B-A22B-FP8", extra);
        assert_ne!(
            first_error(&json).map(|e| e.0),
            Some("PAR071".into()),
            "{extra}"
        );
    }
    // the same launch on ROCm without AITer is refused: the environment variable is what skips it
    let rocm = r#"{"gpu":"MI300X","model_path":"Qwen/Qwen3-235B-A22B-FP8","tp_size":8}"#;
    assert_eq!(first_error(rocm).map(|e| e.0), Some("PAR071".into()));
    let json = r#"{"gpu":"MI300X","model_path":"Qwen/Qwen3-235B-A22B-FP8","tp_size":8,"env":{"SGLANG_USE_AITER":"1"}}"#;
    assert_ne!(first_error(json).map(|e| e.0), Some("PAR071".into()));
    let json = r#"{"gpu":"MI300X","model_path":"Qwen/Qwen3-235B-A22B-FP8","tp_size":8,"env":{"SGLANG_USE_AITER":"yes"}}"#;
    assert_ne!(first_error(json).map(|e| e.0), Some("PAR071".into()));
}

#[test]
fn rule_sources_are_the_generated_lines() {
    for v in SglangVersion::all() {
        let l = fused_moe_lines(v).expect("FusedMoE lines");
        let b = moe_block(v, "Qwen3MoeForCausalLM").expect("Qwen3-MoE block");
        for (code, line) in [
            ("PAR068", b.tp_gt_experts),
            ("PAR069", l.experts_ep),
            ("PAR070", l.intermediate_tp),
            ("PAR071", l.fp8_block_n),
            ("PAR072", l.fp8_block_k),
        ] {
            let rule = rules::all().into_iter().find(|r| r.code == code).unwrap();
            assert_eq!(rule.source(v).map(|s| s.line), Some(line), "{code} {v}");
        }
    }
}
