//! Well-known model ids (Hugging Face repository names) → architecture (`architectures[0]` of
//! the checkpoint's config.json), so that a pasted `--model-path` finds its architecture.
//!
//! The reviewed catalogue of model ids is `data/model-ids.json` (every id SGLang's tests, docs and
//! cookbook name, with its architecture, the config keys in which it differs from its family's
//! reference checkpoint, and the evidence; built by `scripts/models/build_model_ids.py`, see
//! `scripts/models/README.md`). This table is the part of it the pipeline uses today: the ids
//! whose architecture [`crate::domains::arch::ARCHS`] models, plus the earlier entries. Tests check
//! that every entry agrees with the JSON and that every JSON id of a modelled architecture with
//! no recorded config difference is here (ids that differ, e.g. an FP8 or AWQ re-upload, stay
//! out until the pipeline reads the differences, except the earlier entries).
//!
//! Editing rules: one line per repository, grouped by family; the architecture must be in
//! [`crate::domains::arch::ARCHS`] (a test checks it). Quantized re-uploads of a model keep
//! the architecture of the original.

/// (model id, architecture).
#[rustfmt::skip]
pub static MODELS: &[(&str, &str)] = &[
    // DeepSeek
    ("deepseek-ai/DeepSeek-V3", "DeepseekV3ForCausalLM"),
    ("deepseek-ai/DeepSeek-V3-0324", "DeepseekV3ForCausalLM"),
    ("deepseek-ai/DeepSeek-R1", "DeepseekV3ForCausalLM"),
    ("deepseek-ai/DeepSeek-R1-0528", "DeepseekV3ForCausalLM"),
    ("deepseek-ai/DeepSeek-V3.1", "DeepseekV3ForCausalLM"),
    ("deepseek-ai/DeepSeek-V3.1-Terminus", "DeepseekV3ForCausalLM"),
    ("deepseek-ai/DeepSeek-V3.2-Exp", "DeepseekV32ForCausalLM"),
    ("deepseek-ai/DeepSeek-V3.2", "DeepseekV32ForCausalLM"),
    ("deepseek-ai/DeepSeek-V3.2-Speciale", "DeepseekV32ForCausalLM"),
    ("deepseek-ai/DeepSeek-V4-Flash", "DeepseekV4ForCausalLM"),
    ("deepseek-ai/DeepSeek-V4-Pro", "DeepseekV4ForCausalLM"),
    ("deepseek-ai/DeepSeek-R1-Distill-Llama-8B", "LlamaForCausalLM"),
    ("deepseek-ai/DeepSeek-R1-Distill-Llama-70B", "LlamaForCausalLM"),
    ("deepseek-ai/DeepSeek-Math-V2", "DeepseekV32ForCausalLM"),
    ("deepseek-ai/DeepSeek-V3-Base", "DeepseekV3ForCausalLM"),
    ("deepseek-ai/DeepSeek-V3.2-FP8", "DeepseekV32ForCausalLM"),
    ("Eco-Tech/DeepSeek-V4-Flash-0731-w8a8", "DeepseekV4ForCausalLM"),
    ("Howeee/DeepSeek-R1-0528-w8a8", "DeepseekV3ForCausalLM"),
    ("lmsys/sglang-ci-dsv3-test", "DeepseekV3ForCausalLM"),
    ("Modelers_Park/DeepSeek-R1-0528-w4a8", "DeepseekV3ForCausalLM"),
    ("State_Cloud/Deepseek-R1-bf16-hfd-w8a8", "DeepseekV3ForCausalLM"),
    ("vllm-ascend/DeepSeek-R1-0528-W8A8", "DeepseekV3ForCausalLM"),
    ("vllm-ascend/DeepSeek-V3.2-W8A8", "DeepseekV32ForCausalLM"),
    // GLM
    ("zai-org/GLM-4.5", "Glm4MoeForCausalLM"),
    ("zai-org/GLM-4.5-FP8", "Glm4MoeForCausalLM"),
    ("zai-org/GLM-4.5-Air", "Glm4MoeForCausalLM"),
    ("zai-org/GLM-4.5-Air-FP8", "Glm4MoeForCausalLM"),
    ("zai-org/GLM-4.6", "Glm4MoeForCausalLM"),
    ("zai-org/GLM-4.6-FP8", "Glm4MoeForCausalLM"),
    ("zai-org/GLM-4.7", "Glm4MoeForCausalLM"),
    ("zai-org/GLM-4.7-FP8", "Glm4MoeForCausalLM"),
    ("zai-org/GLM-4.7-Flash", "Glm4MoeLiteForCausalLM"),
    ("zai-org/GLM-5", "GlmMoeDsaForCausalLM"),
    ("zai-org/GLM-5-FP8", "GlmMoeDsaForCausalLM"),
    ("zai-org/GLM-5.1", "GlmMoeDsaForCausalLM"),
    ("zai-org/GLM-5.1-FP8", "GlmMoeDsaForCausalLM"),
    ("zai-org/GLM-5.3-Flash", "Glm5NextForConditionalGeneration"),
    ("Eco-Tech/GLM-5-w4a8", "GlmMoeDsaForCausalLM"),
    ("Eco-Tech/GLM-5.1-w4a8", "GlmMoeDsaForCausalLM"),
    ("Eco-Tech/GLM-5.2-w4a8", "GlmMoeDsaForCausalLM"),
    ("Eco-Tech/GLM-5.2-w8a8", "GlmMoeDsaForCausalLM"),
    ("ZhipuAI/GLM-4.7-Flash", "Glm4MoeLiteForCausalLM"),
    ("ZhipuAI/GLM-5", "GlmMoeDsaForCausalLM"),
    ("ZhipuAI/GLM-5.2", "GlmMoeDsaForCausalLM"),
    // Kimi
    ("moonshotai/Kimi-K2-Instruct", "DeepseekV3ForCausalLM"),
    ("moonshotai/Kimi-K2-Instruct-0905", "DeepseekV3ForCausalLM"),
    ("moonshotai/Kimi-K2-Thinking", "DeepseekV3ForCausalLM"),
    ("moonshotai/Kimi-K2-Base", "DeepseekV3ForCausalLM"),
    ("moonshotai/Kimi-K2.5", "KimiK25ForConditionalGeneration"),
    ("Eco-Tech/Kimi-K2.5-w4a8", "KimiK25ForConditionalGeneration"),
    ("Eco-Tech/Kimi-K2.6-w4a8", "KimiK25ForConditionalGeneration"),
    ("moonshotai/Kimi-K2.6", "KimiK25ForConditionalGeneration"),
    ("moonshotai/Moonlight-16B-A3B-Instruct", "DeepseekV3ForCausalLM"),
    // Qwen3
    ("Qwen/Qwen3-0.6B", "Qwen3ForCausalLM"),
    ("Qwen/Qwen3-1.7B", "Qwen3ForCausalLM"),
    ("Qwen/Qwen3-4B", "Qwen3ForCausalLM"),
    ("Qwen/Qwen3-8B", "Qwen3ForCausalLM"),
    ("Qwen/Qwen3-14B", "Qwen3ForCausalLM"),
    ("Qwen/Qwen3-32B", "Qwen3ForCausalLM"),
    ("Qwen/Qwen3-4B-Instruct-2507", "Qwen3ForCausalLM"),
    ("Qwen/Qwen3-30B-A3B", "Qwen3MoeForCausalLM"),
    ("Qwen/Qwen3-30B-A3B-Instruct-2507", "Qwen3MoeForCausalLM"),
    ("Qwen/Qwen3-235B-A22B", "Qwen3MoeForCausalLM"),
    ("Qwen/Qwen3-235B-A22B-Instruct-2507", "Qwen3MoeForCausalLM"),
    ("Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", "Qwen3MoeForCausalLM"),
    ("Qwen/Qwen3-Coder-30B-A3B-Instruct", "Qwen3MoeForCausalLM"),
    ("Qwen/Qwen3-Coder-480B-A35B-Instruct", "Qwen3MoeForCausalLM"),
    ("Qwen/Qwen3-Next-80B-A3B-Instruct", "Qwen3NextForCausalLM"),
    ("Qwen/Qwen3-Next-80B-A3B-Thinking", "Qwen3NextForCausalLM"),
    ("Eco-Tech/Qwen3-30B-A3B-w4a4-LAOS", "Qwen3MoeForCausalLM"),
    ("nex-agi/Qwen3-30B-A3B-Nex-N1", "Qwen3MoeForCausalLM"),
    ("nytopop/Qwen3-30B-A3B.w8a8", "Qwen3MoeForCausalLM"),
    ("Qwen/Qwen3-30B-A3B-Thinking-2507", "Qwen3MoeForCausalLM"),
    ("Qwen/Qwen3-30B-A3B-w8a8", "Qwen3MoeForCausalLM"),
    ("Qwen/Qwen3-4B-Thinking-2507", "Qwen3ForCausalLM"),
    ("Qwen/Qwen3-8B-W8A8", "Qwen3ForCausalLM"),
    ("Qwen/Qwen3-Coder-Next", "Qwen3NextForCausalLM"),
    ("Qwen/Qwen3-Coder-Next-W8A8", "Qwen3NextForCausalLM"),
    ("Qwen/Qwen3-Embedding-4B", "Qwen3ForCausalLM"),
    ("Qwen/Qwen3-Embedding-8B", "Qwen3ForCausalLM"),
    ("Qwen/Qwen3-Reranker-8B", "Qwen3ForCausalLM"),
    ("vllm-ascend/Qwen3-30B-A3B-W8A8", "Qwen3MoeForCausalLM"),
    ("vllm-ascend/Qwen3-Next-80B-A3B-Instruct-W8A8", "Qwen3NextForCausalLM"),
    ("YZY/Qwen3-8B", "Qwen3ForCausalLM"),
    // Llama
    ("meta-llama/Meta-Llama-3-8B-Instruct", "LlamaForCausalLM"),
    ("meta-llama/Meta-Llama-3-70B-Instruct", "LlamaForCausalLM"),
    ("meta-llama/Llama-3.1-8B-Instruct", "LlamaForCausalLM"),
    ("meta-llama/Llama-3.1-70B-Instruct", "LlamaForCausalLM"),
    ("meta-llama/Llama-3.1-405B-Instruct", "LlamaForCausalLM"),
    ("meta-llama/Llama-3.1-405B-Instruct-FP8", "LlamaForCausalLM"),
    ("meta-llama/Llama-3.2-1B-Instruct", "LlamaForCausalLM"),
    ("meta-llama/Llama-3.2-3B-Instruct", "LlamaForCausalLM"),
    ("meta-llama/Llama-3.3-70B-Instruct", "LlamaForCausalLM"),
    ("meta-llama/Llama-4-Scout-17B-16E-Instruct", "Llama4ForConditionalGeneration"),
    ("meta-llama/Llama-4-Maverick-17B-128E-Instruct", "Llama4ForConditionalGeneration"),
    ("meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8", "Llama4ForConditionalGeneration"),
    ("AI-ModelScope/Llama-3.1-8B-Instruct", "LlamaForCausalLM"),
    ("LLM-Research/Meta-Llama-3-8B-Instruct", "LlamaForCausalLM"),
    ("LLM-Research/Meta-Llama-3.1-8B-Instruct", "LlamaForCausalLM"),
    ("lmsys/sglang-EAGLE-llama2-chat-7B", "LlamaForCausalLM"),
    ("lmsys/sglang-EAGLE-LLaMA3-Instruct-8B", "LlamaForCausalLM"),
    ("meta-llama/Meta-Llama-3-8B", "LlamaForCausalLM"),
    ("meta-llama/Meta-Llama-3.1-8B-Instruct", "LlamaForCausalLM"),
    ("NousResearch/Meta-Llama-3.1-8B", "LlamaForCausalLM"),
    ("upstage/SOLAR-10.7B-Instruct-v1.0", "LlamaForCausalLM"),
    // Gemma
    ("google/gemma-2-2b-it", "Gemma2ForCausalLM"),
    ("google/gemma-2-9b-it", "Gemma2ForCausalLM"),
    ("google/gemma-2-27b-it", "Gemma2ForCausalLM"),
    ("google/gemma-3-1b-it", "Gemma3ForCausalLM"),
    ("google/gemma-3-4b-it", "Gemma3ForConditionalGeneration"),
    ("google/gemma-3-12b-it", "Gemma3ForConditionalGeneration"),
    ("google/gemma-3-27b-it", "Gemma3ForConditionalGeneration"),
    // gpt-oss
    ("openai/gpt-oss-20b", "GptOssForCausalLM"),
    ("openai/gpt-oss-120b", "GptOssForCausalLM"),
    // MiniMax
    ("MiniMaxAI/MiniMax-M2", "MiniMaxM2ForCausalLM"),
    ("MiniMaxAI/MiniMax-M2.1", "MiniMaxM2ForCausalLM"),
    ("Eco-Tech/MiniMax-M2.5-w8a8-QuaRot", "MiniMaxM2ForCausalLM"),
    ("minimax/MiniMax-M2", "MiniMaxM2ForCausalLM"),
    ("minimax/MiniMax-M2.1", "MiniMaxM2ForCausalLM"),
    ("MiniMaxAI/MiniMax-M2.5", "MiniMaxM2ForCausalLM"),
    ("MiniMaxAI/MiniMax-M2.7", "MiniMaxM2ForCausalLM"),
    // Mistral
    ("mistralai/Mistral-Large-3-675B-Instruct-2512", "MistralLarge3ForCausalLM"),
    ("mistralai/Mistral-7B-Instruct-v0.3", "MistralForCausalLM"),
    ("mistralai/Mistral-Small-24B-Instruct-2501", "MistralForCausalLM"),
    ("mistralai/Mistral-7B-Instruct-v0.2", "MistralForCausalLM"),
    ("mistralai/Mistral-7B-v0.3", "MistralForCausalLM"),
    ("mistralai/Mistral-Nemo-12B-Instruct-v1", "MistralForCausalLM"),
    ("mistralai/Mistral-Nemo-Instruct-2407", "MistralForCausalLM"),
];

/// The architecture of a model id or path: exact id match (case-insensitive), else the last
/// path component matched against the ids' names (`/models/GLM-5` → `GlmMoeDsaForCausalLM`).
pub fn arch_of_model(model_path: &str) -> Option<&'static str> {
    let m = model_path.trim().trim_end_matches('/');
    let m = m
        .strip_prefix("hf.co/")
        .or_else(|| m.strip_prefix("https://huggingface.co/"))
        .unwrap_or(m);
    if let Some((_, a)) = MODELS.iter().find(|(id, _)| id.eq_ignore_ascii_case(m)) {
        return Some(a);
    }
    let base = m.rsplit('/').next().unwrap_or(m);
    MODELS
        .iter()
        .find(|(id, _)| {
            id.rsplit('/')
                .next()
                .is_some_and(|n| n.eq_ignore_ascii_case(base))
        })
        .map(|(_, a)| *a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::arch::find_arch;

    #[test]
    fn every_model_maps_to_a_catalogued_architecture() {
        assert!(MODELS.len() >= 50);
        for (id, arch) in MODELS {
            assert!(find_arch(arch).is_some(), "{id}: {arch} not in ARCHS");
        }
        let mut ids: Vec<String> = MODELS
            .iter()
            .map(|(id, _)| id.to_ascii_lowercase())
            .collect();
        ids.sort();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate model id");
    }

    /// `data/model-ids.json`, the reviewed catalogue this table is drawn from.
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
    fn every_entry_agrees_with_model_ids_json() {
        let v = model_ids_json();
        let by_id = json_models(&v);
        for (id, arch) in MODELS {
            let m = by_id.get(&id.to_ascii_lowercase());
            assert!(m.is_some(), "{id} is not in data/model-ids.json");
            assert_eq!(m.unwrap()["architecture"].as_str(), Some(*arch), "{id}");
        }
    }

    #[test]
    fn every_modelled_undiffering_json_id_is_in_the_table() {
        let v = model_ids_json();
        let ours: std::collections::BTreeSet<String> = MODELS
            .iter()
            .map(|(id, _)| id.to_ascii_lowercase())
            .collect();
        for (id, m) in json_models(&v) {
            let arch = m["architecture"].as_str().unwrap_or_default();
            let modelled = find_arch(arch).is_some();
            assert_eq!(
                m["preflight_arch"].as_bool(),
                Some(modelled),
                "{id}: preflight_arch"
            );
            let differs = m["config"].as_object().is_some_and(|c| !c.is_empty());
            if modelled && !differs {
                assert!(ours.contains(&id), "{id} ({arch}) belongs in MODELS");
            }
        }
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
