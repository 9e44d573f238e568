//! Well-known model ids (Hugging Face repository names) → architecture (`architectures[0]` of
//! the checkpoint's config.json), so that a pasted `--model-path` finds its architecture.
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
    // Kimi
    ("moonshotai/Kimi-K2-Instruct", "DeepseekV3ForCausalLM"),
    ("moonshotai/Kimi-K2-Instruct-0905", "DeepseekV3ForCausalLM"),
    ("moonshotai/Kimi-K2-Thinking", "DeepseekV3ForCausalLM"),
    ("moonshotai/Kimi-K2-Base", "DeepseekV3ForCausalLM"),
    ("moonshotai/Kimi-K2.5", "KimiK25ForConditionalGeneration"),
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
    // Mistral
    ("mistralai/Mistral-Large-3-675B-Instruct-2512", "MistralLarge3ForCausalLM"),
    ("mistralai/Mistral-7B-Instruct-v0.3", "MistralForCausalLM"),
    ("mistralai/Mistral-Small-24B-Instruct-2501", "MistralForCausalLM"),
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
    }
}
