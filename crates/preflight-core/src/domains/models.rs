//! Well-known model ids (Hugging Face repository names) → architecture (`architectures[0]` of
//! the checkpoint's config.json), so that a pasted `--model-path` finds its architecture.
//!
//! The reviewed catalogue is `data/model-ids.json` (every id SGLang's tests, docs and cookbook
//! name, with its architecture, the config keys in which it differs from its family's reference
//! checkpoint, and the evidence; built by `scripts/models/build_model_ids.py`, see
//! `scripts/models/README.md`), compiled into the core by `scripts/models/gen_model_ids_rs.py`
//! ([`crate::model::builtin`]). Matching is case-insensitive; a path that is not an id falls
//! back to its last component; an id with a variant suffix (`-FP8`, `-AWQ`, `-Instruct`) maps to
//! the known id with the variant's config difference.

/// The architecture of a model id or path (see the module docs).
pub fn arch_of_model(model_path: &str) -> Option<&'static str> {
    crate::model::builtin::find_model(model_path).map(|m| m.arch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::builtin::{configs, find_model};

    /// `data/model-ids.json`, the reviewed catalogue the table is generated from.
    fn model_ids_json() -> serde_json::Value {
        serde_json::from_str(include_str!("../../../../data/model-ids.json"))
            .expect("data/model-ids.json is valid JSON")
    }

    /// The JSON's models by lower-case id.
    fn json_models(
        v: &serde_json::Value,
    ) -> std::collections::BTreeMap<String, &serde_json::Value> {
        v["models"]
            .as_array()
            .expect("models array")
            .iter()
            .map(|m| (m["id"].as_str().unwrap_or_default().to_ascii_lowercase(), m))
            .collect()
    }

    #[test]
    fn huge_paths_are_not_ids() {
        // the fuzz smoke's deep-shell-subst input: a 20,000-character model path (the variant
        // search was quadratic in the length and took minutes)
        let p = format!("org/{}", "$(".repeat(10_000));
        assert_eq!(arch_of_model(&p), None);
        assert_eq!(
            arch_of_model(&format!(
                "/models/{}/Llama-3.1-8B-Instruct",
                "x".repeat(5000)
            )),
            Some("LlamaForCausalLM")
        );
    }

    #[test]
    fn model_ids_json_maps_the_ids_that_used_to_fail() {
        let v = model_ids_json();
        let by_id = json_models(&v);
        let arch = |id: &str| {
            by_id
                .get(&id.to_ascii_lowercase())
                .and_then(|m| m["architecture"].as_str())
        };
        assert_eq!(arch("Qwen/Qwen2.5-72B-Instruct"), Some("Qwen2ForCausalLM"));
        assert_eq!(arch("Qwen/QwQ-32B"), Some("Qwen2ForCausalLM"));
        assert_eq!(
            arch("Qwen/Qwen3-VL-8B-Instruct"),
            Some("Qwen3VLForConditionalGeneration")
        );
        assert_eq!(
            arch("Qwen/Qwen3-VL-30B-A3B-Instruct"),
            Some("Qwen3VLMoeForConditionalGeneration")
        );
        assert_eq!(
            arch("Qwen/Qwen3.5-27B"),
            Some("Qwen3_5ForConditionalGeneration")
        );
        assert_eq!(
            arch("Qwen/Qwen3.5-397B-A17B"),
            Some("Qwen3_5MoeForConditionalGeneration")
        );
        assert_eq!(
            arch("mistralai/Mixtral-8x7B-Instruct-v0.1"),
            Some("MixtralForCausalLM")
        );
        assert_eq!(arch("microsoft/phi-4"), Some("Phi3ForCausalLM"));
        assert_eq!(
            arch("google/gemma-4-31B-it"),
            Some("Gemma4ForConditionalGeneration")
        );
        assert_eq!(
            arch("XiaomiMiMo/MiMo-V2-Flash"),
            Some("MiMoV2FlashForCausalLM")
        );
        assert_eq!(arch("OpenGVLab/InternVL3_5-8B"), Some("InternVLChatModel"));
        assert_eq!(
            arch("deepseek-ai/DeepSeek-V2-Lite"),
            Some("DeepseekV2ForCausalLM")
        );
        let cfg = |id: &str, key: &str| by_id[&id.to_ascii_lowercase()]["config"][key].clone();
        assert_eq!(
            cfg("zai-org/GLM-5.3-Flash", "index_kpool"),
            serde_json::json!(4)
        );
        assert_eq!(
            cfg(
                "meituan/DeepSeek-R1-Channel-INT8",
                "quantization_config.quant_method"
            ),
            serde_json::json!("w8a8_int8")
        );
        assert_eq!(
            cfg("Qwen/Qwen3-8B-FP8", "quantization_config.quant_method"),
            serde_json::json!("fp8")
        );
        // every mapped model cites its evidence
        for (id, m) in &by_id {
            assert!(
                m["evidence"]["source"]
                    .as_str()
                    .is_some_and(|s| !s.is_empty()),
                "{id}"
            );
        }
    }

    #[test]
    fn every_json_id_is_in_the_table() {
        let v = model_ids_json();
        let by_id = json_models(&v);
        assert!(by_id.len() >= 462);
        for (id, m) in &by_id {
            let got = find_model(id).unwrap_or_else(|| panic!("{id} not found"));
            assert_eq!(got.arch, m["architecture"].as_str().unwrap(), "{id}");
            // every architecture SGLang's registry serves (directly or as the architecture its
            // config class rewrites to) has a built-in reference config
            let served = if got.served_as.is_empty() {
                got.arch
            } else {
                got.served_as
            };
            if m["sglang_registry"].is_string() || !got.served_as.is_empty() {
                assert!(configs().iter().any(|c| c.arch == served), "{id}: {served}");
            }
        }
    }

    #[test]
    fn lookup_by_id_path_and_case() {
        assert_eq!(arch_of_model("zai-org/GLM-5"), Some("GlmMoeDsaForCausalLM"));
        assert_eq!(
            arch_of_model("ZAI-ORG/glm-5/"),
            Some("GlmMoeDsaForCausalLM")
        );
        assert_eq!(
            arch_of_model("/data/models/DeepSeek-V4-Flash"),
            Some("DeepseekV4ForCausalLM")
        );
        assert_eq!(
            arch_of_model("https://huggingface.co/openai/gpt-oss-120b"),
            Some("GptOssForCausalLM")
        );
        assert_eq!(arch_of_model("someone/unknown-model"), None);
        // ModelScope copies and local paths resolve through the repository name
        assert_eq!(
            arch_of_model(
                "/root/.cache/modelscope/hub/models/LLM-Research/Meta-Llama-3.1-8B-Instruct"
            ),
            Some("LlamaForCausalLM")
        );
        assert_eq!(
            arch_of_model("Qwen/Qwen3-Embedding-4B"),
            Some("Qwen3ForCausalLM")
        );
    }
}
