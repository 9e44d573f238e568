//! MODEL012, the weight loader's quantization capability check (`model_loader/loader.py`
//! `_get_quantization_config`), on the paths by which SGLang builds the method's config class.

use preflight_core::{LaunchConfig, validate};

fn first_error(json: &str) -> Option<(String, String)> {
    let cfg: LaunchConfig = serde_json::from_str(json).unwrap();
    validate(&cfg)
        .first_error()
        .map(|d| (d.code.to_string(), d.message.clone()))
}

/// A Llama config.json declaring `quantization_config.quant_method = method`.
fn llama_with_quant(gpu: &str, method: &str) -> String {
    format!(
        r#"{{"gpu":"{gpu}","model_path":"someone/llama-quantized","model_config":{{"architectures":["LlamaForCausalLM"],"model_type":"llama","hidden_size":4096,"num_attention_heads":32,"num_key_value_heads":8,"num_hidden_layers":32,"max_position_embeddings":8192,"vocab_size":128256,"quantization_config":{{"quant_method":"{method}","activation_scheme":"dynamic"}}}}}}"#
    )
}

#[test]
fn a_checkpoints_declared_method_is_checked() {
    let e = first_error(r#"{"gpu":"A100","model_path":"nvidia/Llama-3.1-8B-Instruct-FP8"}"#);
    assert_eq!(
        e,
        Some((
            "MODEL012".into(),
            "The quantization method modelopt_fp8 is not supported for the current GPU. Minimum capability: 89. Current capability: 80.".into()
        ))
    );
    assert_eq!(
        first_error(r#"{"gpu":"H100","model_path":"nvidia/Llama-3.1-8B-Instruct-FP8"}"#),
        None
    );
}

#[test]
fn methods_built_without_a_file_are_checked_online() {
    // W8A8Int8Config.get_config_filenames: `filenames = []; return filenames`
    let e = first_error(
        r#"{"compute_capability":"7.0","model_path":"meta-llama/Llama-3.1-8B-Instruct","quantization":"w8a8_int8"}"#,
    );
    assert_eq!(
        e.map(|(c, m)| (
            c,
            m.ends_with("Minimum capability: 75. Current capability: 70.")
        )),
        Some(("MODEL012".into(), true))
    );
    // modelopt_fp4 without a file falls back to for_online_weight_quantization
    let e = first_error(
        r#"{"compute_capability":"7.5","model_path":"meta-llama/Llama-3.1-8B-Instruct","quantization":"modelopt_fp4"}"#,
    );
    assert_eq!(
        e.map(|(c, m)| (
            c,
            m.ends_with("Minimum capability: 80. Current capability: 75.")
        )),
        Some(("MODEL012".into(), true))
    );
    // a method that needs a file the checkpoint does not have fails elsewhere ("Cannot find
    // the config file for awq"), not at the capability check
    assert_ne!(
        first_error(
            r#"{"compute_capability":"7.0","model_path":"meta-llama/Llama-3.1-8B-Instruct","quantization":"awq"}"#
        )
        .map(|(c, _)| c),
        Some("MODEL012".to_string())
    );
}

#[test]
fn fp8_config_reads_mxfp8_from_the_checkpoints_own_string() {
    // `use_mxfp8 = "mxfp8" in quant_method` is case-sensitive: "MXFP8" builds plain FP8 (80)
    assert_eq!(first_error(&llama_with_quant("H100", "MXFP8")), None);
    assert_eq!(
        first_error(&llama_with_quant("H100", "mxfp8")).map(|(c, m)| (
            c,
            m.ends_with("Minimum capability: 100. Current capability: 90.")
        )),
        Some(("MODEL012".into(), true))
    );
}
