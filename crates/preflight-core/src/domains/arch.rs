//! Model architectures (Hugging Face `architectures[0]`) with the facts SGLang's
//! launch checks read from the model config.
//!
//! Facts and where SGLang reads them (0.5.23):
//! - `attention`: `ModelConfig.attention_arch` (`sglang/srt/configs/model_config.py:1366-1512`);
//!   DeepSeek-V4 is MHA there even though it has a latent head.
//! - `dsa`: `is_deepseek_dsa(hf_config)` (`configs/model_config.py:191-212`): arch in the DSA set
//!   **and** `index_topk` set.
//! - `sinks`: `SWA_SINK_ARCHS` (attention sinks; the generic default never picks FlashInfer).
//! - `hybrid_gdn`: Gated-DeltaNet / Mamba hybrids (`_MAMBA_RADIX_CACHE_ARCHS`, `overrides.py:369-399`).
//! - head counts and dims: the checkpoint's `config.json` (the values of the reference
//!   checkpoint named in `model`; other sizes of the same family may differ).
//!
//! Editing rules: one entry per architecture name, grouped by family; start from
//! [`BASE`] and override only what differs.

use serde::Serialize;

/// Attention architecture as SGLang classifies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AttentionArch {
    /// Multi-head (incl. GQA/MQA) attention.
    Mha,
    /// Multi-head latent attention (DeepSeek-V2/V3 style).
    Mla,
}

/// Architecture family, used for SGLang's per-architecture overrides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Family {
    /// Llama 2/3 dense.
    Llama,
    /// Llama 4 (chunked attention, NoPE layers).
    Llama4,
    /// Qwen3 dense / MoE.
    Qwen3,
    /// Qwen3-Next / Qwen3.5 (hybrid Gated-DeltaNet).
    Qwen3Next,
    /// Gemma 2 / 3 (`disable_hybrid_swa_memory` forced).
    Gemma23,
    /// gpt-oss (attention sinks, MXFP4).
    GptOss,
    /// GLM-4.5/4.6/4.7 (MHA MoE).
    Glm4Moe,
    /// DeepSeek-V3/R1 and MLA relatives (Kimi K2, Mistral Large 3 …), no DSA.
    DeepseekMla,
    /// DeepSeek Sparse Attention models (DeepSeek-V3.2, GLM-5).
    DeepseekDsa,
    /// DeepSeek-V4.
    DeepseekV4,
    /// MiniMax M2 family.
    MiniMax,
    /// Anything else handled by the generic path.
    Other,
}

/// One architecture and the config facts the rules read.
#[derive(Clone, Debug, Serialize)]
pub struct Arch {
    /// `architectures[0]`, e.g. `GlmMoeDsaForCausalLM`.
    pub name: &'static str,
    /// Human label, e.g. `GLM-5 (DSA)`.
    pub label: &'static str,
    /// A reference checkpoint on the Hugging Face hub, used for `--model-path`.
    pub model: &'static str,
    /// Family (for per-architecture overrides).
    pub family: Family,
    /// MLA or MHA.
    pub attention: AttentionArch,
    /// `is_deepseek_dsa`: a DSA-family arch whose config sets `index_topk`.
    pub dsa: bool,
    /// In SGLang's DeepSeek family (`_DEEPSEEK_FAMILY_ARCHS`, `overrides.py:745-760`).
    pub deepseek_family: bool,
    /// Has attention sinks (`SWA_SINK_ARCHS`).
    pub sinks: bool,
    /// Has `learnable_sink` in its config (DSA sinks).
    pub learnable_sink: bool,
    /// Hybrid Gated-DeltaNet / Mamba model.
    pub hybrid_gdn: bool,
    /// `num_attention_heads`.
    pub num_attention_heads: u32,
    /// `num_key_value_heads`.
    pub num_kv_heads: u32,
    /// `head_dim` (for MLA: `qk_nope_head_dim + qk_rope_head_dim`).
    pub head_dim: u32,
    /// `v_head_dim`.
    pub v_head_dim: u32,
    /// `qk_rope_head_dim` (0 for NoPE MLA), 0 for MHA.
    pub qk_rope_head_dim: u32,
    /// DSA `index_kpool` (pooled index keys); page size is `64 * index_kpool`.
    pub index_kpool: u32,
    /// The checkpoint's `quantization_config.quant_method`, if any.
    pub checkpoint_quant: Option<&'static str>,
    /// True for draft (NextN/MTP) architectures.
    pub draft: bool,
}

/// Defaults every entry starts from.
pub const BASE: Arch = Arch {
    name: "",
    label: "",
    model: "",
    family: Family::Other,
    attention: AttentionArch::Mha,
    dsa: false,
    deepseek_family: false,
    sinks: false,
    learnable_sink: false,
    hybrid_gdn: false,
    num_attention_heads: 32,
    num_kv_heads: 8,
    head_dim: 128,
    v_head_dim: 128,
    qk_rope_head_dim: 0,
    index_kpool: 1,
    checkpoint_quant: None,
    draft: false,
};

const DEEPSEEK_V3: Arch = Arch {
    family: Family::DeepseekMla,
    attention: AttentionArch::Mla,
    deepseek_family: true,
    num_attention_heads: 128,
    num_kv_heads: 128,
    head_dim: 192,
    v_head_dim: 128,
    qk_rope_head_dim: 64,
    checkpoint_quant: Some("fp8"),
    ..BASE
};

const GLM5: Arch = Arch {
    family: Family::DeepseekDsa,
    attention: AttentionArch::Mla,
    dsa: true,
    deepseek_family: true,
    num_attention_heads: 64,
    num_kv_heads: 64,
    head_dim: 256,
    v_head_dim: 256,
    qk_rope_head_dim: 64,
    ..BASE
};

/// The catalogue of architectures.
#[rustfmt::skip]
pub static ARCHS: &[Arch] = &[
    // DeepSeek family
    Arch { name: "DeepseekV3ForCausalLM", label: "DeepSeek-V3 / R1 / V3.1, Kimi K2 (MLA)", model: "deepseek-ai/DeepSeek-V3", ..DEEPSEEK_V3 },
    Arch { name: "DeepseekV32ForCausalLM", label: "DeepSeek-V3.2 (MLA + DSA)", model: "deepseek-ai/DeepSeek-V3.2", family: Family::DeepseekDsa, dsa: true, ..DEEPSEEK_V3 },
    Arch { name: "DeepseekV4ForCausalLM", label: "DeepSeek-V4", model: "deepseek-ai/DeepSeek-V4-Flash", family: Family::DeepseekV4,
           attention: AttentionArch::Mha, num_attention_heads: 64, num_kv_heads: 1, head_dim: 512, v_head_dim: 512, qk_rope_head_dim: 64,
           checkpoint_quant: Some("fp8"), ..BASE },
    Arch { name: "KimiK25ForConditionalGeneration", label: "Kimi K2.5 (MLA)", model: "moonshotai/Kimi-K2.5", num_attention_heads: 64, num_kv_heads: 64, checkpoint_quant: None, ..DEEPSEEK_V3 },
    Arch { name: "MistralLarge3ForCausalLM", label: "Mistral Large 3 (MLA)", model: "mistralai/Mistral-Large-3-675B-Instruct-2512", checkpoint_quant: None, ..DEEPSEEK_V3 },
    // GLM
    Arch { name: "GlmMoeDsaForCausalLM", label: "GLM-5 (MLA + DSA)", model: "zai-org/GLM-5", ..GLM5 },
    Arch { name: "GlmMoeDsaForCausalLMNextN", label: "GLM-5 MTP draft (NextN)", model: "zai-org/GLM-5", draft: true, deepseek_family: false, ..GLM5 },
    Arch { name: "Glm5NextForConditionalGeneration", label: "GLM-5 Next (MLA + DSA, hybrid linear)", model: "zai-org/GLM-5-Next", hybrid_gdn: true, ..GLM5 },
    Arch { name: "Glm4MoeForCausalLM", label: "GLM-4.5 / 4.6 / 4.7", model: "zai-org/GLM-4.6", family: Family::Glm4Moe,
           num_attention_heads: 96, num_kv_heads: 8, ..BASE },
    Arch { name: "Glm4MoeLiteForCausalLM", label: "GLM-4.7-Flash (MLA)", model: "zai-org/GLM-4.7-Flash", num_attention_heads: 20, num_kv_heads: 20,
           checkpoint_quant: None, ..DEEPSEEK_V3 },
    // Mistral (dense)
    Arch { name: "MistralForCausalLM", label: "Mistral 7B / Small", model: "mistralai/Mistral-7B-Instruct-v0.3", ..BASE },
    // Llama
    Arch { name: "LlamaForCausalLM", label: "Llama 3.x", model: "meta-llama/Llama-3.1-8B-Instruct", family: Family::Llama, ..BASE },
    Arch { name: "Llama4ForConditionalGeneration", label: "Llama 4 Scout / Maverick", model: "meta-llama/Llama-4-Scout-17B-16E-Instruct", family: Family::Llama4,
           num_attention_heads: 40, num_kv_heads: 8, ..BASE },
    // Qwen
    Arch { name: "Qwen3ForCausalLM", label: "Qwen3 (dense)", model: "Qwen/Qwen3-8B", family: Family::Qwen3, ..BASE },
    Arch { name: "Qwen3MoeForCausalLM", label: "Qwen3 MoE", model: "Qwen/Qwen3-30B-A3B", family: Family::Qwen3, num_kv_heads: 4, ..BASE },
    Arch { name: "Qwen3NextForCausalLM", label: "Qwen3-Next (hybrid GDN)", model: "Qwen/Qwen3-Next-80B-A3B-Instruct", family: Family::Qwen3Next,
           hybrid_gdn: true, num_attention_heads: 16, num_kv_heads: 2, head_dim: 256, v_head_dim: 256, ..BASE },
    // Gemma
    Arch { name: "Gemma2ForCausalLM", label: "Gemma 2", model: "google/gemma-2-9b-it", family: Family::Gemma23, num_attention_heads: 16, head_dim: 256, v_head_dim: 256, ..BASE },
    Arch { name: "Gemma3ForCausalLM", label: "Gemma 3 (text)", model: "google/gemma-3-1b-it", family: Family::Gemma23, num_attention_heads: 4, num_kv_heads: 1, head_dim: 256, v_head_dim: 256, ..BASE },
    Arch { name: "Gemma3ForConditionalGeneration", label: "Gemma 3 (multimodal)", model: "google/gemma-3-27b-it", family: Family::Gemma23, num_attention_heads: 32, num_kv_heads: 16, ..BASE },
    // gpt-oss
    Arch { name: "GptOssForCausalLM", label: "gpt-oss", model: "openai/gpt-oss-120b", family: Family::GptOss, sinks: true,
           num_attention_heads: 64, num_kv_heads: 8, head_dim: 64, v_head_dim: 64, checkpoint_quant: Some("mxfp4"), ..BASE },
    // MiniMax
    Arch { name: "MiniMaxM2ForCausalLM", label: "MiniMax M2", model: "MiniMaxAI/MiniMax-M2", family: Family::MiniMax, num_attention_heads: 48, num_kv_heads: 8, checkpoint_quant: Some("fp8"), ..BASE },
];

/// Finds an architecture by its exact `architectures[0]` name (case-insensitive).
pub fn find_arch(name: &str) -> Option<&'static Arch> {
    let n = name.trim();
    ARCHS.iter().find(|a| a.name.eq_ignore_ascii_case(n))
}

impl Arch {
    /// `attention_arch == AttentionArch.MLA`.
    pub fn is_mla(&self) -> bool {
        self.attention == AttentionArch::Mla
    }

    /// In `_GLM_DSA_MODEL_ARCHS` (`kernels/ops/attention/flash_mla_sm120.py:29@0.5.23`).
    pub fn is_glm_dsa_validator_arch(&self) -> bool {
        matches!(
            self.name,
            "GlmMoeDsaForCausalLM" | "GlmMoeDsaForCausalLMNextN"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_facts_consistent() {
        let mut names: Vec<&str> = ARCHS.iter().map(|a| a.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), ARCHS.len());
        for a in ARCHS {
            assert!(!a.label.is_empty() && a.model.contains('/'), "{}", a.name);
            if a.dsa {
                assert!(a.is_mla(), "{} is DSA but not MLA", a.name);
            }
            assert!(a.num_attention_heads >= a.num_kv_heads);
        }
        assert!(find_arch("glmmoedsaforcausallm").is_some());
    }
}
