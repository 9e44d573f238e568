//! A model's `config.json` (`--model-config FILE`, JSONL `model_config`, the JS API's field, a
//! paste in the page): `model::read_config_json` → a `LaunchConfig` holding it → `validate`.
//!
//! Input: the first byte picks a base launch (GPU, backends, parallelism the model's facts
//! matter to); the rest is the config.json text.
//! Invariants: no panic (absurd head counts and dims, negative or huge numbers, wrong types,
//! nested `text_config`s, deep nesting end in a diagnostic or "cannot judge"); deterministic;
//! the report serialises.
#![no_main]

use libfuzzer_sys::fuzz_target;
use preflight_core::{LaunchConfig, model, validate};
use preflight_fuzz::text;

/// Base launches without a model: the config.json supplies it.
const BASES: &[&str] = &[
    r#"{"gpu":"H100"}"#,
    r#"{"gpu":"B200","attention_backend":"trtllm_mha","page_size":64,"tp_size":8}"#,
    r#"{"gpu":"RTX 5090","kv_cache_dtype":"fp8_e4m3"}"#,
    r#"{"gpu":"B200","attention_backend":"trtllm_mla","tp_size":8}"#,
    r#"{"gpu":"MI300X","tp_size":8,"dp_size":2,"enable_dp_attention":true}"#,
    r#"{"gpu":"H20","kv_cache_dtype":"fp8_e4m3","speculative_algorithm":"EAGLE"}"#,
    r#"{"gpu":"A100","attention_backend":"fa3","json_model_override_args":"{\"num_attention_heads\": 48}"}"#,
    r#"{"gpu":"RTX PRO 6000","tp_size":4,"ep_size":4,"quantization":"fp8"}"#,
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
        let Ok(config) = model::read_config_json(&text(rest)) else {
            return;
        };
        cfg.model_config = Some(config);
        let report = validate(&cfg);
        serde_json::to_string(&report).expect("the report serialises");
        if data.len() <= preflight_fuzz::TWICE_UP_TO {
            assert_eq!(report, validate(&cfg), "not deterministic");
        }
    });
});
