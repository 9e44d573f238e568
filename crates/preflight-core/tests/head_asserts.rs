//! PAR065–PAR067, the head asserts of the attention module a model's first decoder layer builds
//! (`LlamaAttention.__init__`, `models/llama.py:183-193@0.5.23`, and the reviewed architectures of
//! `scripts/models/gen_head_asserts.py`): which width divides the heads, which line is cited, and
//! where the check does not apply. The oracle never builds the model class, so these cases are
//! written from the model files themselves.

use preflight_core::model::archs::{HeadWidth, head_asserts};
use preflight_core::{LaunchConfig, SglangVersion, rules, validate};

/// The first error's code and `file:line@version`, or `None` when the launch is clean.
fn first_error(json: &str) -> Option<(String, String)> {
    let cfg: LaunchConfig = serde_json::from_str(json).unwrap();
    let report = validate(&cfg);
    report.first_error().map(|d| {
        (
            d.code.to_string(),
            d.source.as_ref().map(|s| s.cite()).unwrap_or_default(),
        )
    })
}

#[test]
fn query_heads_that_do_not_divide_by_tp_size_are_refused_at_construction() {
    // Llama 3.3 70B: 64 query heads, 8 KV heads
    let e = first_error(
        r#"{"gpu":"H100","model_path":"meta-llama/Llama-3.3-70B-Instruct","tp_size":3}"#,
    );
    assert_eq!(
        e,
        Some((
            "PAR065".into(),
            "python/sglang/srt/models/llama.py:183@0.5.23".into()
        ))
    );
    for tp in [1, 2, 4, 8] {
        let json = format!(
            r#"{{"gpu":"H100","model_path":"meta-llama/Llama-3.3-70B-Instruct","tp_size":{tp}}}"#
        );
        assert_eq!(first_error(&json), None, "--tp-size {tp}");
    }
    // each release cites its own line of its own file (Qwen2.5-7B: 28 query heads)
    let e = first_error(
        r#"{"gpu":"H100","model_path":"Qwen/Qwen2.5-7B-Instruct","tp_size":8,"sglang":"0.5.22"}"#,
    );
    assert_eq!(
        e,
        Some((
            "PAR065".into(),
            "python/sglang/srt/models/qwen2.py:160@0.5.22".into()
        ))
    );
    // up to 0.5.21 the vocabulary embedding, built first, divides the padded vocabulary by
    // the TP size (PAR073); where it divides, the head asserts follow at that release's lines
    for (v, line) in [("0.5.19", 145), ("0.5.20", 144), ("0.5.21", 148)] {
        let json = format!(
            r#"{{"gpu":"H100","model_path":"Qwen/Qwen2.5-7B-Instruct","tp_size":8,"sglang":"{v}"}}"#
        );
        assert_eq!(
            first_error(&json),
            Some((
                "PAR065".into(),
                format!("python/sglang/srt/models/qwen2.py:{line}@{v}")
            )),
            "{v}"
        );
    }
}

#[test]
fn up_to_0_5_21_the_vocabulary_divides_by_the_tp_size_first() {
    let report = |json: &str| {
        let cfg: LaunchConfig = serde_json::from_str(json).unwrap();
        validate(&cfg)
    };
    // Qwen2.5-7B's 152064 over 14 GPUs (also no divisor of its 28 heads' KV layout)
    let r = report(
        r#"{"gpu":"H100","model_path":"Qwen/Qwen2.5-7B-Instruct","tp_size":14,"sglang":"0.5.21"}"#,
    );
    let d = r.first_error().expect("refused");
    assert_eq!(d.code, "PAR073");
    assert_eq!(d.message, "152064 is not divisible by 14");
    assert_eq!(
        d.source.as_ref().map(|s| s.cite()).as_deref(),
        Some("python/sglang/srt/distributed/utils.py:65@0.5.21")
    );
    // Llama 2's 32000 over 3 (0.5.19 cites its own line); 0.5.22 pads the vocabulary to the
    // TP size, and the heads are checked instead
    let r = report(
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":3,"sglang":"0.5.19","json_model_override_args":"{\"vocab_size\": 32000}"}"#,
    );
    let d = r.first_error().expect("refused");
    assert_eq!(
        (d.code, d.message.as_str()),
        ("PAR073", "32000 is not divisible by 3")
    );
    assert_eq!(d.source.as_ref().map(|s| s.line), Some(55));
    let r = report(
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":3,"sglang":"0.5.22","json_model_override_args":"{\"vocab_size\": 32000}"}"#,
    );
    assert_eq!(r.first_error().map(|d| d.code), Some("PAR065"));
    // a vocabulary padded to 64 that divides: 32001 pads to 32064 = 3 x 10688
    let r = report(
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":3,"sglang":"0.5.21","json_model_override_args":"{\"vocab_size\": 32001}"}"#,
    );
    assert_eq!(r.first_error().map(|d| d.code), Some("PAR065"));
    // DP attention: the Qwen2 embedding splits over the attention TP group (15 / 5 = 3, which
    // divides 151872 = 64 x 2373), without it over all 15
    let dp = r#","dp_size":5,"enable_dp_attention":true"#;
    for (extra, code) in [(dp, "PAR065"), ("", "PAR073")] {
        let json = format!(
            r#"{{"gpu":"H100","arch":"Qwen2ForCausalLM","tp_size":15{extra},"sglang":"0.5.21","json_model_override_args":"{{\"vocab_size\": 151872}}"}}"#
        );
        assert_eq!(
            report(&json).first_error().map(|d| d.code),
            Some(code),
            "{extra}"
        );
    }
}

#[test]
fn kv_heads_are_partitioned_or_replicated() {
    // Phi-4: 40 query heads, 10 KV heads: 4 divides the queries, not the KV heads
    let e = first_error(r#"{"gpu":"H100","model_path":"microsoft/phi-4","tp_size":4}"#);
    assert_eq!(
        e,
        Some((
            "PAR066".into(),
            "python/sglang/srt/models/llama.py:189@0.5.23".into()
        ))
    );
    assert_eq!(
        first_error(r#"{"gpu":"H100","model_path":"microsoft/phi-4","tp_size":2}"#),
        None
    );
    // Qwen2.5-7B: 4 KV heads replicated over 7 GPUs (7 divides its 28 query heads)
    let e = first_error(r#"{"gpu":"H100","model_path":"Qwen/Qwen2.5-7B-Instruct","tp_size":7}"#);
    assert_eq!(
        e,
        Some((
            "PAR067".into(),
            "python/sglang/srt/models/qwen2.py:177@0.5.23".into()
        ))
    );
}

#[test]
fn the_width_is_the_one_the_attention_class_divides_by() {
    // --tp-size 12 with three attention-DP groups: LlamaAttention divides by tp_size (12),
    // Qwen3Attention by attn_tp_size (4)
    let llama = first_error(
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","tp_size":12,"dp_size":3,"enable_dp_attention":true}"#,
    );
    assert_eq!(llama.map(|(c, _)| c), Some("PAR065".to_string()));
    let qwen3 = first_error(
        r#"{"gpu":"H100","arch":"Qwen3ForCausalLM","tp_size":12,"dp_size":3,"enable_dp_attention":true}"#,
    );
    assert_ne!(qwen3.map(|(c, _)| c), Some("PAR065".to_string()));
    assert_eq!(
        head_asserts(SglangVersion::V0_5_23, "Qwen3ForCausalLM").map(|h| h.width),
        Some(HeadWidth::AttnTp)
    );
    assert_eq!(
        head_asserts(SglangVersion::V0_5_23, "LlamaForCausalLM").map(|h| h.width),
        Some(HeadWidth::Tp)
    );
}

#[test]
fn the_launchs_own_config_and_implementation_decide() {
    // a config.json with 40 query heads over 16 GPUs (40 = 8 × 5)
    let cfg = r#"{"gpu":"H100","model_path":"someone/llama-40-heads","tp_size":16,"model_config":{"architectures":["LlamaForCausalLM"],"model_type":"llama","hidden_size":5120,"num_attention_heads":40,"num_key_value_heads":8,"num_hidden_layers":40,"max_position_embeddings":8192,"vocab_size":32000}}"#;
    assert_eq!(first_error(cfg).map(|(c, _)| c), Some("PAR065".to_string()));
    // the Transformers implementation does not build LlamaAttention
    let hf = cfg.replace(
        r#""tp_size":16"#,
        r#""tp_size":16,"model_impl":"transformers""#,
    );
    assert_ne!(hf, cfg);
    assert_ne!(first_error(&hf).map(|(c, _)| c), Some("PAR065".to_string()));
    // on CPU, load_model pads the heads to the TP size first
    let cpu = cfg.replace(r#""tp_size":16"#, r#""tp_size":16,"device":"cpu""#);
    assert_ne!(cpu, cfg);
    assert_ne!(
        first_error(&cpu).map(|(c, _)| c),
        Some("PAR065".to_string())
    );
    // an architecture whose attention class is not reviewed has no row (INPUT012 instead)
    assert!(head_asserts(SglangVersion::V0_5_23, "Llama4ForConditionalGeneration").is_none());
}

#[test]
fn the_catalogue_cites_llama_attention_as_the_table_does() {
    for v in SglangVersion::all() {
        if !rules::parallel::HEADS_TP.applies_to(v) {
            assert!(head_asserts(v, "LlamaForCausalLM").is_none(), "{v}");
            continue;
        }
        let h = head_asserts(v, "LlamaForCausalLM").expect("LlamaForCausalLM is reviewed");
        for (rule, line) in [
            (&rules::parallel::HEADS_TP, h.heads),
            (&rules::parallel::KV_HEADS_TP, h.kv_partition),
            (&rules::parallel::KV_HEADS_REPLICATE, h.kv_replicate),
        ] {
            let src = rule.source(v).expect("a source per release");
            assert_eq!(
                (src.file, src.line),
                (h.file, line),
                "{} {v}: the rule's own source and the generated table differ",
                rule.code
            );
        }
    }
}

#[test]
fn the_table_is_sorted_for_its_lookup() {
    let t = preflight_core::model::generated::head_asserts::HEAD_ASSERTS;
    assert!(t.len() > 60, "{} rows", t.len());
    assert!(
        t.windows(2)
            .all(|w| (w[0].arch, w[0].release) < (w[1].arch, w[1].release)),
        "HEAD_ASSERTS must be sorted by architecture, then release"
    );
    // every row is found by the lookup
    assert!(
        t.iter()
            .all(|h| head_asserts(h.release, h.arch).is_some_and(|f| std::ptr::eq(f, h)))
    );
}

#[test]
fn a_quantized_mixtral_is_another_class() {
    let e = first_error(
        r#"{"gpu":"H100","model_path":"mistralai/Mixtral-8x7B-Instruct-v0.1","tp_size":3}"#,
    );
    assert_eq!(
        e.map(|(c, s)| (c, s.split(':').next().unwrap_or_default().to_string())),
        Some((
            "PAR065".to_string(),
            "python/sglang/srt/models/mixtral.py".to_string()
        ))
    );
    // an FP8 checkpoint keeps MixtralForCausalLM (fp8 is in mixtral_supported)
    let fp8 = first_error(
        r#"{"gpu":"H100","model_path":"neuralmagic/Mixtral-8x7B-Instruct-v0.1-FP8","tp_size":3}"#,
    );
    assert_eq!(
        fp8.map(|(c, s)| (c, s.split(':').next().unwrap_or_default().to_string())),
        Some((
            "PAR065".to_string(),
            "python/sglang/srt/models/mixtral.py".to_string()
        ))
    );
    // with --quantization w8a8_int8 (not in the list) get_model_architecture serves it as
    // QuantMixtralForCausalLM, whose MixtralAttention (mixtral_quant.py) asserts the same
    let int8 = first_error(
        r#"{"gpu":"H100","model_path":"mistralai/Mixtral-8x7B-Instruct-v0.1","quantization":"w8a8_int8","tp_size":3}"#,
    );
    assert_eq!(
        int8.map(|(c, s)| (c, s.split(':').next().unwrap_or_default().to_string())),
        Some((
            "PAR065".to_string(),
            "python/sglang/srt/models/mixtral_quant.py".to_string()
        ))
    );
    assert!(
        preflight_core::model::archs::mixtral_supported(SglangVersion::V0_5_23).contains(&"fp8")
    );
}

/// A PhiMoE launch with data/models' reference config, block FP8 when `block` is given.
fn phimoe(block: Option<(i64, i64)>, extra: &str) -> String {
    let mut config: serde_json::Value = serde_json::from_str(include_str!(
        "../../../data/models/PhiMoEForCausalLM/config.json"
    ))
    .unwrap();
    if let Some((n, k)) = block {
        config["quantization_config"] = serde_json::json!({
            "activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8",
            "weight_block_size": [n, k],
        });
    }
    format!(r#"{{"gpu":"H100","arch":"PhiMoEForCausalLM","model_config":{config}{extra}}}"#)
}

#[test]
fn phimoe_refuses_an_attention_tp_group_narrower_than_tp() {
    // PhiMoEAttention splits its heads over attention TP but reduces over the full TP group:
    // reject_attn_tp_shard_with_tp_reduce (layers/dp_attention.py, 0.5.22+); the oracle's
    // heads-a55d34aeac gave this message
    let msg = |json: &str| {
        let cfg: LaunchConfig = serde_json::from_str(json).unwrap();
        let d = validate(&cfg).first_error().cloned().expect("an error");
        (
            d.code,
            d.message,
            d.source.map(|s| s.cite()).unwrap_or_default(),
        )
    };
    let dp2 = r#","tp_size":8,"dp_size":2,"enable_dp_attention":true"#;
    assert_eq!(
        msg(&phimoe(None, dp2)),
        (
            "PAR077",
            "PhiMoEAttention shards over the attention TP group (4 ranks) but all-reduces over the full TP group (8 ranks), so it does not support --attn-dp-size 2 yet. Use --attn-dp-size equal to --tp-size, or drop --attn-dp-size 2.".to_string(),
            "python/sglang/srt/layers/dp_attention.py:567@0.5.23".to_string(),
        )
    );
    let v22 = format!(r#"{dp2},"sglang":"0.5.22""#);
    assert_eq!(
        first_error(&phimoe(None, &v22)),
        Some((
            "PAR077".into(),
            "python/sglang/srt/layers/dp_attention.py:523@0.5.22".into()
        ))
    );
    // 0.5.21 has no such check; one rank per attention group, or no attention DP, reduce
    // correctly
    for extra in [
        format!(r#"{dp2},"sglang":"0.5.21""#),
        r#","tp_size":8,"dp_size":8,"enable_dp_attention":true"#.to_string(),
        r#","tp_size":8"#.to_string(),
        r#","tp_size":8,"dp_size":2"#.to_string(),
    ] {
        assert_eq!(first_error(&phimoe(None, &extra)), None, "{extra}");
    }
    // block FP8: the QKV projection's block checks come first (KV partition 2 x 128 against
    // block_n 512), then this check, before the output projection's
    assert_eq!(
        first_error(&phimoe(Some((512, 128)), dp2)).map(|e| e.0),
        Some("PAR074".into())
    );
    assert_eq!(
        first_error(&phimoe(Some((128, 128)), dp2)).map(|e| e.0),
        Some("PAR077".into())
    );
    // the catalogue cites the generated lines
    for (v, line) in [("0.5.22", 523), ("0.5.23", 567)] {
        let v = SglangVersion::parse(v).unwrap();
        assert_eq!(preflight_core::model::archs::tp_reduce_line(v), Some(line));
        let src = rules::parallel::ATTN_TP_SHARD_TP_REDUCE.source(v).unwrap();
        assert_eq!(src.line, line);
    }
    assert_eq!(
        head_asserts(SglangVersion::V0_5_23, "PhiMoEForCausalLM").and_then(|h| h.tp_reduce),
        Some(("PhiMoEAttention", 288))
    );
}

/// INPUT012: an architecture whose first decoder layer is not reviewed, split unevenly by the
/// widths the reviewed classes use, cannot be judged (exit 2), never "starts" nor "refused".
#[test]
fn unreviewed_layers_split_unevenly_cannot_be_judged() {
    use preflight_core::VerdictClass;
    let eval = |json: &str| {
        let cfg: LaunchConfig = serde_json::from_str(json).unwrap();
        validate(&cfg)
    };
    // Llama 4 (multimodal, not reviewed): 40 query heads
    let r = eval(r#"{"gpu":"H100","arch":"Llama4ForConditionalGeneration","tp_size":3}"#);
    assert_eq!(r.class, VerdictClass::CannotJudge);
    assert_eq!(r.class.exit_code(false), 2);
    let d = r.first_error().expect("INPUT012");
    assert_eq!(d.code, rules::input::CONSTRUCTION_UNREVIEWED.code);
    assert!(!d.raised_by_sglang);
    assert!(
        d.message
            .contains("num_attention_heads = 40 does not divide by --tp-size 3"),
        "{}",
        d.message
    );
    assert_eq!(r.scope, Some(preflight_core::report::CONSTRUCTION_SCOPE));
    // an even split is judged as before
    for tp in [1, 2, 4, 8] {
        let json =
            format!(r#"{{"gpu":"H100","arch":"Llama4ForConditionalGeneration","tp_size":{tp}}}"#);
        assert_eq!(eval(&json).class, VerdictClass::Starts, "--tp-size {tp}");
    }
    // from 0.5.22 DeepseekV2AttentionMLA's own assert: the query heads by the attention TP
    // width, no KV-head assert (--tp-size 16 --dp-size 2: 8 divides 128)
    assert_eq!(
        first_error(r#"{"gpu":"H100","model_path":"deepseek-ai/DeepSeek-V3","tp_size":3}"#),
        Some((
            "PAR065".into(),
            "python/sglang/srt/models/deepseek_v2.py:2057@0.5.23".into()
        ))
    );
    assert_eq!(
        first_error(
            r#"{"gpu":"H100","model_path":"deepseek-ai/DeepSeek-V3","tp_size":15,"dp_size":3,"enable_dp_attention":true}"#
        )
        .map(|e| e.0),
        Some("PAR065".into())
    );
    assert_eq!(
        first_error(
            r#"{"gpu":"H100","model_path":"deepseek-ai/DeepSeek-V3","tp_size":16,"dp_size":2,"enable_dp_attention":true}"#
        ),
        None
    );
    // up to 0.5.21 the DeepSeek-V2 model first builds its embedding with
    // **get_embedding_tp_kwargs(): 129280 is not divisible by 3 (PAR073), unless
    // SGLANG_ENABLE_EMBED_REPLICATION replicates it; then the heads assert
    assert_eq!(
        first_error(
            r#"{"gpu":"H100","model_path":"deepseek-ai/DeepSeek-V3","tp_size":3,"sglang":"0.5.21"}"#
        )
        .map(|e| e.0),
        Some("PAR073".into())
    );
    assert_eq!(
        first_error(
            r#"{"gpu":"H100","model_path":"deepseek-ai/DeepSeek-V3","tp_size":3,"sglang":"0.5.21","env":{"SGLANG_ENABLE_EMBED_REPLICATION":"1"}}"#
        ),
        Some((
            "PAR065".into(),
            "python/sglang/srt/models/deepseek_v2.py:2005@0.5.21".into()
        ))
    );
    // a reviewed architecture keeps SGLang's own assert
    let r = eval(r#"{"gpu":"H100","model_path":"meta-llama/Llama-3.3-70B-Instruct","tp_size":3}"#);
    assert_eq!(r.first_error().map(|d| d.code), Some("PAR065"));

    // GLM-4.x MoE: its attention is reviewed, its MoE block is not; a block-FP8 checkpoint with
    // 1536-wide experts is 192 per rank at --tp-size 8 (not whole 128x128 blocks)
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/models/Glm4MoeForCausalLM/config.json"
    );
    let mut config: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    config["head_dim"] = 128.into();
    config["intermediate_size"] = 12288.into();
    config["moe_intermediate_size"] = 1536.into();
    config["quantization_config"] = serde_json::json!({
        "quant_method": "fp8", "fmt": "e4m3", "activation_scheme": "dynamic",
        "weight_block_size": [128, 128]
    });
    let with = |extra: &str| {
        let json = format!(
            r#"{{"gpu":"H100","arch":"Glm4MoeForCausalLM","model_config":{config}{extra}}}"#
        );
        eval(&json)
    };
    let r = with(r#","tp_size":8"#);
    assert_eq!(r.class, VerdictClass::CannotJudge);
    let m = &r.first_error().unwrap().message;
    assert!(
        m.contains("builds the MoE of Glm4MoeForCausalLM (that code is not reviewed), and moe_intermediate_size = 1536 over the MoE TP width 8 is 192 per rank"),
        "{m}"
    );
    // unquantized, an uneven MoE split alone (GLM-4.5-Air's 1408 over 6 ranks) cannot be judged
    let mut bf16 = config.clone();
    bf16["moe_intermediate_size"] = 1408.into();
    bf16.as_object_mut().unwrap().remove("quantization_config");
    let air = eval(&format!(
        r#"{{"gpu":"H100","arch":"Glm4MoeForCausalLM","model_config":{bf16},"tp_size":6,"dp_size":6,"enable_dp_attention":true}}"#
    ));
    assert_eq!(air.class, VerdictClass::CannotJudge);
    assert!(
        air.first_error()
            .unwrap()
            .message
            .contains("moe_intermediate_size = 1408 does not divide by the MoE TP width 6"),
        "{}",
        air.first_error().unwrap().message
    );
    // up to 0.5.21 the LM head splits the vocabulary over the whole TP group under DP
    // attention (not ported): cannot be judged, unless --enable-dp-lm-head
    let lm = |extra: &str| {
        eval(&format!(
            r#"{{"gpu":"H100","model_path":"Qwen/Qwen3-8B","tp_size":3,"dp_size":3,"enable_dp_attention":true,"sglang":"0.5.21"{extra}}}"#
        ))
    };
    let r = lm("");
    assert_eq!(r.class, VerdictClass::CannotJudge);
    assert!(
        r.first_error()
            .unwrap()
            .message
            .contains("builds the LM head of Qwen3ForCausalLM"),
        "{}",
        r.first_error().unwrap().message
    );
    assert_eq!(
        lm(r#","enable_dp_lm_head":true"#).class,
        VerdictClass::Starts
    );
    // spread over the experts (moe_tp_size 1), or at --tp-size 4 (384 per rank): judged
    assert_eq!(
        with(r#","tp_size":8,"ep_size":8"#).class,
        VerdictClass::Starts
    );
    assert_eq!(with(r#","tp_size":4"#).class, VerdictClass::Starts);

    // an unreviewed MoE block against its routed experts (PAR068's shape): Cohere2-MoE's 8
    // experts at --tp-size 16 (SGLang: "Tensor parallel size 16 is greater than the number of
    // experts 8.", cohere2_moe.py:242@0.5.23, the oracle's archs-build-41 set)
    let cohere = |tp: u32| {
        eval(&format!(
            r#"{{"gpu":"A100","arch":"Cohere2MoeForCausalLM","tp_size":{tp}}}"#
        ))
    };
    let r = cohere(16);
    assert_eq!(r.class, VerdictClass::CannotJudge);
    let m = &r.first_error().unwrap().message;
    assert!(
        m.contains("builds the MoE of Cohere2MoeForCausalLM (that code is not reviewed), and --tp-size 16 is greater than num_experts = 8: SGLang's other MoE classes refuse that split (PAR068)"),
        "{m}"
    );
    assert_eq!(cohere(8).class, VerdictClass::Starts);
}
