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
            ("PAR068", b.tp_gt_experts.expect("the TP > experts check").1),
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

#[test]
fn qwen2_moe_block_compares_the_full_tp_size_with_the_experts() {
    // Qwen2-MoE's block reads get_parallel().tp_size (qwen2_moe.py:274@0.5.23): expert
    // parallelism does not lower it, while Qwen3-MoE's block reads the MoE TP width
    let two = r#","json_model_override_args":"{\"num_experts\": 2}""#;
    for extra in [r#","tp_size":4"#, r#","tp_size":4,"ep_size":2"#] {
        assert_eq!(
            first_error(&launch("Qwen/Qwen1.5-MoE-A2.7B", &format!("{extra}{two}"))),
            Some((
                "PAR068".into(),
                "Tensor parallel size 4 is greater than the number of experts 2.".into(),
                "python/sglang/srt/models/qwen2_moe.py:274@0.5.23".into(),
            )),
            "{extra}"
        );
    }
    let qwen3 = r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"ep_size":2,"json_model_override_args":"{\"num_experts\": 2}"}"#;
    assert_eq!(first_error(qwen3), None);
    assert_eq!(
        first_error(&launch(
            "Qwen/Qwen1.5-MoE-A2.7B",
            &format!(r#","tp_size":2{two}"#)
        )),
        None
    );
}

#[test]
fn mixtral_experts_read_num_local_experts_and_intermediate_size() {
    // MixtralMoE has no TP > experts check and passes config.num_local_experts and
    // config.intermediate_size to FusedMoE (mixtral.py, MixtralDecoderLayer), without the
    // redundant experts
    let m = "mistralai/Mixtral-8x7B-Instruct-v0.1";
    let odd = r#","json_model_override_args":"{\"intermediate_size\": 14338}""#;
    assert_eq!(
        first_error(&launch(m, &format!(r#","tp_size":4{odd}"#))).map(|e| (e.0, e.2)),
        Some((
            "PAR070".into(),
            "python/sglang/srt/layers/moe/fused_moe_triton/layer.py:427@0.5.23".into()
        ))
    );
    assert_eq!(
        first_error(&launch(m, &format!(r#","tp_size":4,"ep_size":4{odd}"#))),
        None
    );
    let six = r#","json_model_override_args":"{\"num_local_experts\": 6}""#;
    assert_eq!(
        first_error(&launch(m, &format!(r#","tp_size":4,"ep_size":4{six}"#))).map(|e| e.0),
        Some("PAR069".into())
    );
    // more TP ranks than experts is no error of the block's (8 experts, --tp-size 16)
    let two = r#","json_model_override_args":"{\"num_local_experts\": 2}""#;
    assert_eq!(
        first_error(&launch(m, &format!(r#","tp_size":4{two}"#))),
        None
    );
    // the reference Mixtral at its usual widths builds
    for tp in [1, 2, 4, 8] {
        assert_eq!(
            first_error(&launch(m, &format!(r#","tp_size":{tp}"#))),
            None,
            "tp {tp}"
        );
    }
}

#[test]
fn every_reviewed_block_reads_keys_its_reference_config_has() {
    for arch in [
        "GraniteMoeForCausalLM",
        "MixtralForCausalLM",
        "OlmoeForCausalLM",
        "PhiMoEForCausalLM",
        "Qwen2MoeForCausalLM",
        "Qwen3MoeForCausalLM",
    ] {
        let cfg = preflight_core::model::builtin::ref_config(arch)
            .expect(arch)
            .value();
        for v in SglangVersion::all() {
            let b = moe_block(v, arch).unwrap_or_else(|| panic!("{arch} {v}"));
            for key in [b.experts, b.intermediate] {
                assert!(cfg[key].as_i64().is_some_and(|n| n > 0), "{arch}: {key}");
            }
        }
    }
}
