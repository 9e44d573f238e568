//! `--json-model-override-args`: a `LaunchConfig` carrying the argument → `validate`.
//!
//! Input: the first byte picks a base configuration (architecture, GPU, backends the
//! overridden head counts and dims matter to); the rest is the argument's text.
//! Invariants: no panic (huge or negative numbers, deep nesting, non-objects end in a
//! diagnostic); deterministic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use preflight_core::{LaunchConfig, validate};
use preflight_fuzz::text;

/// Base configurations: the rule examples that read the model's head counts and dims.
const BASES: &[&str] = &[
    r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    r#"{"gpu":"B200","arch":"LlamaForCausalLM","attention_backend":"trtllm_mha","page_size":64,"tp_size":8}"#,
    r#"{"gpu":"H100","arch":"LlamaForCausalLM","attention_backend":"hpc_ops","kv_cache_dtype":"fp8_e4m3"}"#,
    r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","dsv4_prefill_backend":"flashmla_sparse_q8"}"#,
    r#"{"gpu":"RTX 5090","arch":"GlmMoeDsaForCausalLM","kv_cache_dtype":"bf16"}"#,
    r#"{"gpu":"B200","arch":"DeepseekV3ForCausalLM","attention_backend":"trtllm_mla","tp_size":8}"#,
    r#"{"gpu":"MI300X","arch":"DeepseekV3ForCausalLM","attention_backend":"aiter"}"#,
    r#"{"gpu":"H100","arch":"Qwen3NextForCausalLM","speculative_algorithm":"EAGLE"}"#,
];

fuzz_target!(|data: &[u8]| {
    preflight_fuzz::with_stack(|| {
        let Some((&pick, rest)) = data.split_first() else {
            return;
        };
        let Ok(mut cfg) = serde_json::from_str::<LaunchConfig>(BASES[pick as usize % BASES.len()])
        else {
            panic!("a base configuration does not parse");
        };
        cfg.set_arg("json_model_override_args", Some(&text(rest)));
        let report = validate(&cfg);
        if data.len() <= preflight_fuzz::TWICE_UP_TO {
            assert_eq!(report, validate(&cfg), "not deterministic");
        }
    });
});
