//! PAR074 and PAR075, the block-FP8 checks of the first decoder layer's linear layers
//! (`Fp8LinearMethod.validate_block_quant_shapes`): the attention's QKV and output projections,
//! then a dense MLP's gate/up and down projections, and PAR076, the dense MLP's TP assert, for the architectures
//! `scripts/models/gen_head_asserts.py` verifies. The oracle's sets
//! (`tests/golden/oracle-*-fp8-linear*.jsonl`) cover the widths; these cases pin the model ids,
//! the order of the checks, the per-release width of the output projection's check and where
//! nothing is judged.

use preflight_core::model::archs::{HeadDim, MlpGateUp, head_asserts, linear_lines};
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

fn code(json: &str) -> Option<String> {
    first_error(json).map(|e| e.0)
}

/// A Qwen3 dense launch with its own config.json (the reference config's keys that matter).
fn qwen3(sizes: &str, block: Option<(i64, i64)>, extra: &str) -> String {
    let quant = block.map_or(String::new(), |(n, k)| {
        format!(
            r#","quantization_config":{{"activation_scheme":"dynamic","fmt":"e4m3","quant_method":"fp8","weight_block_size":[{n},{k}]}}"#
        )
    });
    format!(
        r#"{{"gpu":"H100","arch":"Qwen3ForCausalLM","model_config":{{"architectures":["Qwen3ForCausalLM"],"model_type":"qwen3","hidden_act":"silu","num_hidden_layers":36,"vocab_size":151936,"max_position_embeddings":40960,"rms_norm_eps":1e-6,"torch_dtype":"bfloat16",{sizes}{quant}}}{extra}}}"#
    )
}

const QWEN3_4B: &str = r#""hidden_size":2560,"intermediate_size":9728,"num_attention_heads":32,"num_key_value_heads":8,"head_dim":128"#;
const HEADS_24: &str = r#""hidden_size":3072,"intermediate_size":12288,"num_attention_heads":24,"num_key_value_heads":8,"head_dim":128"#;

#[test]
fn qwen3_4b_fp8_on_eight_gpus_is_refused_at_the_mlp() {
    let e = first_error(r#"{"gpu":"H100","model_path":"Qwen/Qwen3-4B-FP8","tp_size":8}"#);
    assert_eq!(
        e,
        Some((
            "PAR074".into(),
            "Weight output_partition_size = 1216 is not divisible by weight quantization block_n = 128.".into(),
            "python/sglang/srt/layers/quantization/fp8.py:606@0.5.23".into(),
        ))
    );
    // the same widths in BF16, and a TP size whose slice is whole blocks, start
    for json in [
        r#"{"gpu":"H100","model_path":"Qwen/Qwen3-4B","tp_size":8}"#,
        r#"{"gpu":"H100","model_path":"Qwen/Qwen3-4B-FP8","tp_size":4}"#,
    ] {
        assert_eq!(code(json), None, "{json}");
    }
    // Qwen3-32B-FP8: 25600 / 16 = 1600 (its own sizes, not the reference Qwen3-8B's)
    assert_eq!(
        code(r#"{"gpu":"H100","model_path":"Qwen/Qwen3-32B-FP8","tp_size":16}"#).as_deref(),
        Some("PAR074")
    );
    assert_eq!(
        code(r#"{"gpu":"H100","model_path":"Qwen/Qwen3-32B-FP8","tp_size":8}"#),
        None
    );
}

#[test]
fn the_attention_is_checked_before_the_mlp_and_block_n_before_block_k() {
    // 24 heads at TP 8: the output projection's 384 against block_k 256 (the MLP's 1536 is
    // whole blocks)
    assert_eq!(
        first_error(&qwen3(HEADS_24, Some((128, 256)), r#","tp_size":8"#)),
        Some((
            "PAR075".into(),
            "Weight input_size_per_partition = 384 is not divisible by weight quantization block_k = 256.".into(),
            "python/sglang/srt/layers/quantization/fp8.py:595@0.5.23".into(),
        ))
    );
    // both the MLP's block_n (1216 % 128) and its block_k would fail: block_n comes first
    assert_eq!(
        code(&qwen3(QWEN3_4B, Some((128, 256)), r#","tp_size":8"#)).as_deref(),
        Some("PAR074")
    );
    // block_n 64 divides 1216, block_k 256 does not: the down projection
    let e = first_error(&qwen3(QWEN3_4B, Some((64, 256)), r#","tp_size":8"#)).unwrap();
    assert_eq!(
        (e.0.as_str(), e.1.as_str()),
        (
            "PAR075",
            "Weight input_size_per_partition = 1216 is not divisible by weight quantization block_k = 256."
        )
    );
    // a head_dim of 64: one KV head per rank is 64 wide, refused at the QKV projection before
    // the MLP is reached
    let e = first_error(&qwen3(
        r#""hidden_size":2048,"intermediate_size":9728,"num_attention_heads":32,"num_key_value_heads":8,"head_dim":64"#,
        Some((128, 128)),
        r#","tp_size":8"#,
    ))
    .unwrap();
    assert_eq!(
        e.1,
        "Weight output_partition_size = 64 is not divisible by weight quantization block_n = 128."
    );
}

#[test]
fn up_to_0_5_21_the_output_projection_under_dp_attention_is_not_checked() {
    // Qwen3's attention is split over the attention TP group (16 / 2 = 8 ranks): from 0.5.22
    // the check compares with that group's size, up to 0.5.21 with --tp-size, which differs
    let dp = r#","tp_size":16,"dp_size":2,"enable_dp_attention":true"#;
    for (v, want) in [
        ("0.5.21", None),
        ("0.5.22", Some("PAR075")),
        ("0.5.23", Some("PAR075")),
    ] {
        let json = qwen3(
            HEADS_24,
            Some((128, 256)),
            &format!(r#"{dp},"sglang":"{v}""#),
        );
        assert_eq!(code(&json).as_deref(), want, "{v}");
    }
    // without DP attention 0.5.21 checks it too (the positive control of the skip)
    let json = qwen3(
        HEADS_24,
        Some((128, 256)),
        r#","tp_size":8,"sglang":"0.5.21""#,
    );
    assert_eq!(code(&json).as_deref(), Some("PAR075"));
    assert_eq!(
        linear_lines(SglangVersion::V0_5_21).map(|l| (l.block_k, l.block_n)),
        Some((577, 588))
    );
}

#[test]
fn nothing_is_judged_where_the_checks_are_not_modelled() {
    let refused = qwen3(QWEN3_4B, Some((128, 128)), r#","tp_size":8"#);
    assert_eq!(code(&refused).as_deref(), Some("PAR074"));
    // SGLANG_FP8_IGNORED_LAYERS changes which layers are FP8; a checkpoint with an extra
    // quantization key is not plain block FP8; transformers' implementation has other layers
    for extra in [
        r#","tp_size":8,"env":{"SGLANG_FP8_IGNORED_LAYERS":"mlp"}"#,
        r#","tp_size":8,"model_impl":"transformers""#,
    ] {
        let json = qwen3(QWEN3_4B, Some((128, 128)), extra);
        assert_ne!(code(&json).as_deref(), Some("PAR074"), "{extra}");
    }
    let odd = refused.replace(
        r#""fmt":"e4m3""#,
        r#""fmt":"e4m3","modules_to_preserve":[]"#,
    );
    assert_ne!(odd, refused);
    assert_ne!(code(&odd).as_deref(), Some("PAR074"));
}

#[test]
fn the_generated_facts_name_the_layers_the_wheel_builds() {
    let v = SglangVersion::V0_5_23;
    let get = |a| head_asserts(v, a).unwrap();
    assert_eq!(get("Qwen3ForCausalLM").attn_linears, Some(HeadDim::Config));
    assert_eq!(get("Qwen3ForCausalLM").dense_mlp, Some(MlpGateUp::Merged));
    assert_eq!(
        get("Qwen2ForCausalLM").attn_linears,
        Some(HeadDim::ConfigOrOriginalHeads)
    );
    assert_eq!(get("ApertusForCausalLM").dense_mlp, Some(MlpGateUp::Column));
    assert_eq!(
        get("MixtralForCausalLM").attn_linears,
        Some(HeadDim::HiddenOverHeads)
    );
    assert_eq!(get("MixtralForCausalLM").dense_mlp, None);
    // a third linear layer in the attention (Afmoe's gate) or presharded weights (Grok): left out
    assert_eq!(get("AfmoeForCausalLM").attn_linears, None);
    assert_eq!(get("Grok1ForCausalLM").attn_linears, None);
}

#[test]
fn rule_sources_are_the_generated_lines() {
    for v in SglangVersion::all() {
        let l = linear_lines(v).expect("validate_block_quant_shapes lines");
        for (code, line) in [
            ("PAR074", l.block_n),
            ("PAR075", l.block_k),
            ("PAR076", l.merged_tp),
        ] {
            let rule = rules::all().into_iter().find(|r| r.code == code).unwrap();
            assert_eq!(rule.source(v).map(|s| s.line), Some(line), "{code} {v}");
        }
    }
}

#[test]
fn the_dense_mlp_asserts_that_its_intermediate_size_divides_by_the_tp_size() {
    // DP attention: the attention's width 2 divides the heads, the MLP's full TP size 14 does
    // not divide 12288 (a bare assert, before any block check)
    let dp = r#"{"gpu":"H100","model_path":"Qwen/Qwen3-8B","tp_size":14,"dp_size":7,"enable_dp_attention":true}"#;
    assert_eq!(
        first_error(dp),
        Some((
            "PAR076".into(),
            String::new(),
            "python/sglang/srt/layers/linear.py:693@0.5.23".into(),
        ))
    );
    let ok = dp.replace(r#""tp_size":14,"dp_size":7"#, r#""tp_size":16,"dp_size":8"#);
    assert_ne!(ok, dp);
    assert_eq!(code(&ok), None);
    // unquantized and block FP8 alike; the assert comes before the MLP's block checks
    let odd = QWEN3_4B.replace("9728", "9730");
    assert_eq!(
        code(&qwen3(&odd, None, r#","tp_size":4"#)).as_deref(),
        Some("PAR076")
    );
    assert_eq!(
        code(&qwen3(&odd, Some((128, 128)), r#","tp_size":4"#)).as_deref(),
        Some("PAR076")
    );
    assert_eq!(code(&qwen3(&odd, None, r#","tp_size":2"#)), None);
    // another quantization method creates the attention's weights first: not judged
    let awq = qwen3(&odd, None, r#","tp_size":4"#).replace(
        r#""torch_dtype":"bfloat16","#,
        r#""torch_dtype":"bfloat16","quantization_config":{"quant_method":"awq","bits":4,"group_size":128,"zero_point":true,"version":"gemm"},"#,
    );
    assert_ne!(code(&awq).as_deref(), Some("PAR076"));
}
