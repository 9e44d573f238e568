//! `ModelConfig`: the attributes SGLang's launch code reads about the model, derived from a
//! loaded [`HfConfig`] exactly as `python/sglang/srt/configs/model_config.py@0.5.23` derives them
//! (`ModelConfig.__init__`, lines 540-935): the draft rewrite (`_config_draft_model`,
//! :1010-1211), the context length (`_derive_context_length`, :1291-1329), the shapes
//! (`_derive_model_shapes`, :1331-1609), the hybrid-SWA split and attention sinks
//! (`_derive_hybrid_model`, :1213-1256; `_detect_attention_sinks`, :1273-1289), the KV heads
//! (`get_total_num_kv_heads`, :1626-1688; `get_num_kv_heads`, :1700-1711), the kinds of model
//! (`is_generation_model`, `is_multimodal_model`, … :2360-2560) and the checkpoint's
//! quantization (`_parse_quant_hf_config` / `_parse_modelopt_quant_config`, :1727-1930).
//!
//! Architecture names are never spelled here: every test of a name reads one of SGLang's own
//! lists ([`lists`]), generated per release from the wheels with its line.
//!
//! What the launch checks then do with the checkpoint's quantization (`_verify_quantization`)
//! and the context length (the `SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN` refusal) depends on
//! the hardware and the environment; the pipeline evaluates them (`pipeline::model`).

use super::archs::lists;
use super::hf::{HfConfig, HfObj, as_int, truthy};
use crate::version::SglangVersion;
use serde::Serialize;
use serde_json::{Map, Value};

/// `AttentionArch` (`model_config.py:150-153@0.5.23`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AttentionArch {
    /// Multi-head latent attention.
    Mla,
    /// Multi-head attention (incl. GQA/MQA).
    Mha,
    /// State-space model: no attention.
    Ssm,
}

impl AttentionArch {
    /// SGLang's name (`MLA`, `MHA`, `SSM`).
    pub fn name(self) -> &'static str {
        match self {
            AttentionArch::Mla => "MLA",
            AttentionArch::Mha => "MHA",
            AttentionArch::Ssm => "SSM",
        }
    }
}

/// The `ServerArgs` fields `ModelConfig.from_server_args` passes (`model_config.py:937-989`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ModelOptions {
    /// Building the draft model's config (`is_draft_model`).
    pub is_draft_model: bool,
    /// `--context-length`.
    pub context_length: Option<i64>,
    /// `--is-embedding`.
    pub is_embedding: bool,
    /// `--enable-multimodal` (`None` = unset).
    pub enable_multimodal: Option<bool>,
    /// `--model-impl transformers`.
    pub model_impl_transformers: bool,
    /// `--language-model-only`.
    pub language_model_only: bool,
    /// `--disable-hybrid-swa-memory`.
    pub disable_hybrid_swa_memory: bool,
    /// `--speculative-algorithm` (for the draft rewrite).
    pub speculative_algorithm: Option<String>,
    /// `SGLANG_DSV4_FP4_EXPERTS` when set (`envs.SGLANG_DSV4_FP4_EXPERTS`, default true).
    pub dsv4_fp4_experts_env: Option<bool>,
}

/// Why SGLang cannot build the model config from this `config.json` (it crashes with an
/// exception that is not a launch check: Preflight cannot judge the launch).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelError {
    /// What SGLang's code does, e.g. `AttributeError: 'Config' object has no attribute 'kv_lora_rank'`.
    pub message: String,
    /// Where (`file:line@0.5.23`).
    pub source: String,
}

fn missing(attr: &str, line: u32) -> ModelError {
    ModelError {
        message: format!("the config has no `{attr}`, which SGLang reads"),
        source: format!("python/sglang/srt/configs/model_config.py:{line}@0.5.23"),
    }
}

/// SGLang's code fails on the config with a Python error (not a launch check).
fn crash(what: &str, line: u32) -> ModelError {
    ModelError {
        message: format!("SGLang's ModelConfig fails on this config: {what}"),
        source: format!("python/sglang/srt/configs/model_config.py:{line}@0.5.23"),
    }
}

/// The model facts SGLang's launch code reads (see the module docs).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelConfig {
    /// The release the facts were derived for.
    #[serde(skip)]
    pub v: SglangVersion,
    /// `hf_config` after the draft rewrite.
    #[serde(skip)]
    pub hf: HfConfig,
    /// Whether this is the draft model's config.
    pub is_draft_model: bool,
    /// `hf_config.architectures`.
    pub architectures: Vec<String>,
    /// `hf_config.model_type`.
    pub model_type: Option<String>,
    /// `attention_arch`.
    pub attention_arch: AttentionArch,
    /// `head_dim` (256 for the DeepSeek-style MLA architectures, as SGLang sets it).
    pub head_dim: i64,
    /// `v_head_dim`.
    pub v_head_dim: i64,
    /// `swa_head_dim`.
    pub swa_head_dim: i64,
    /// `swa_v_head_dim`.
    pub swa_v_head_dim: i64,
    /// `kv_lora_rank` (MLA).
    pub kv_lora_rank: Option<i64>,
    /// `qk_nope_head_dim` (MLA).
    pub qk_nope_head_dim: Option<i64>,
    /// `qk_rope_head_dim` (MLA; 0 for NoPE MLA).
    pub qk_rope_head_dim: Option<i64>,
    /// `index_head_dim` (DSA / DeepSeek-V4).
    pub index_head_dim: Option<i64>,
    /// `num_attention_heads` of the text config.
    pub num_attention_heads: Option<i64>,
    /// `num_key_value_heads` (after the fallback to the attention heads).
    pub num_key_value_heads: Option<i64>,
    /// `get_total_num_kv_heads()`.
    pub total_num_kv_heads: i64,
    /// `hidden_size`.
    pub hidden_size: Option<i64>,
    /// `num_hidden_layers`.
    pub num_hidden_layers: Option<i64>,
    /// `num_nextn_predict_layers`.
    pub num_nextn_predict_layers: Option<i64>,
    /// `get_context_length(hf_text_config)`: what the checkpoint supports.
    pub derived_context_len: i64,
    /// `context_len` when the launch gives no `--context-length` (or an allowed one).
    pub context_len: i64,
    /// `sliding_window_size`.
    pub sliding_window_size: Option<i64>,
    /// `attention_chunk_size`.
    pub attention_chunk_size: Option<i64>,
    /// `is_hybrid_swa`.
    pub is_hybrid_swa: bool,
    /// `swa_attention_layer_ids` (hybrid SWA models).
    pub swa_attention_layer_ids: Option<Vec<i64>>,
    /// `full_attention_layer_ids`.
    pub full_attention_layer_ids: Option<Vec<i64>>,
    /// `is_hybrid_swa_compress`.
    pub is_hybrid_swa_compress: bool,
    /// `has_attention_sinks`.
    pub has_attention_sinks: bool,
    /// `getattr(hf_config, "dual_chunk_attention_config", None) is not None` on the root config
    /// (`_attention_backend_dual_chunk`, `arg_groups/overrides.py:1360@0.5.19`).
    pub dual_chunk_attention: bool,
    /// `is_generation`.
    pub is_generation: bool,
    /// `is_multimodal`.
    pub is_multimodal: bool,
    /// `is_image_understandable_model`.
    pub is_image_understandable_model: bool,
    /// `is_audio_understandable_model`.
    pub is_audio_understandable_model: bool,
    /// `is_audio_model`.
    pub is_audio_model: bool,
    /// `is_encoder_decoder`.
    pub is_encoder_decoder: bool,
    /// `is_local_attention_model`.
    pub is_local_attention_model: bool,
    /// `is_piecewise_cuda_graph_disabled_model`.
    pub is_piecewise_cuda_graph_disabled_model: bool,
    /// `model_is_mrope`.
    pub model_is_mrope: bool,
    /// `is_deepseek_dsa(hf_config)`.
    pub is_deepseek_dsa: bool,
    /// `is_deepseek_v4(hf_config)`.
    pub is_deepseek_v4: bool,
    /// `hf_config.index_topk`.
    pub index_topk: Option<i64>,
    /// `get_dsa_index_kpool(hf_config)` (default 1).
    pub index_kpool: i64,
    /// `hf_text_config.learnable_sink`.
    pub learnable_sink: bool,
    /// The checkpoint's quantization config as `_parse_quant_hf_config` reads it (the config's
    /// `quantization_config` / `compression_config`, with ModelOpt formats parsed).
    #[serde(skip)]
    pub hf_quant_config: Option<Map<String, Value>>,
    /// Its `quant_method` (lower-cased as `_verify_quantization` reads it).
    pub hf_quant_method: Option<String>,
    /// `get_hf_text_config` raises its bare `assert hasattr(config.text_config,
    /// "num_attention_heads")` (or the `llm_config` one) on this config; the other facts come
    /// from a stand-in text config.
    #[serde(skip)]
    pub text_config_assert: bool,
    /// An assert of `get_hybrid_layer_ids` that fails on this config's layer lists
    /// (`model_config.py:2784-2790@0.5.23`), raised when the model config is first built.
    #[serde(skip)]
    pub layer_ids_assert: Option<LayerIdsAssert>,
    /// `is_fp4_experts` from the config (`routed_experts_quant_method == "mxfp4"`).
    pub is_fp4_experts: bool,
    /// [`ModelConfig::mambaish`], derived once when the config is built (every evaluation
    /// reads it several times).
    #[serde(skip)]
    mambaish: bool,
}

impl ModelConfig {
    /// Derives the model facts of `hf` for release `v`.
    pub fn new(
        v: SglangVersion,
        hf: &HfConfig,
        opts: &ModelOptions,
    ) -> Result<ModelConfig, ModelError> {
        let mut hf = hf.clone();
        // get_hf_text_config asserts that the text sub-config it picks has the attention heads
        // (utils/hf_transformers/common.py:597 and :605@0.5.23): SGLang raises a bare
        // AssertionError, a launch refusal (rules::model::TEXT_CONFIG_ASSERT) that the pipeline
        // raises where SGLang first loads the config. The facts are derived from a stand-in
        // text config so that the checks before that point can run.
        if let Some(key) = text_config_assert_key(&hf) {
            let mut stand_in = hf.clone();
            let heads: Map<String, Value> = serde_json::from_str(
                r#"{"num_attention_heads": 1, "num_key_value_heads": 1, "hidden_size": 64, "head_dim": 64, "num_hidden_layers": 1, "intermediate_size": 64, "vocab_size": 64, "max_position_embeddings": 2048}"#,
            )
            .expect("a JSON object");
            stand_in.root.set_sub(key, HfObj::load(&heads, None));
            return match ModelConfig::new(v, &stand_in, opts) {
                Ok(mut m) => {
                    m.text_config_assert = true;
                    Ok(m)
                }
                Err(_) => Err(ModelError {
                    message: format!(
                        "SGLang's ModelConfig fails on this config: AssertionError (its {key} has no num_attention_heads)"
                    ),
                    source: "python/sglang/srt/utils/hf_transformers/common.py:605@0.5.23".into(),
                }),
            };
        }
        // enable_multimodal, language-model-only and M-RoPE are read before the draft rewrite
        // (model_config.py:660-723)
        let pre_arch = hf.arch();
        let enable_multimodal = match opts.enable_multimodal {
            Some(b) => b,
            None => {
                if lists::MM_DISABLED_MODELS.contains(v, &pre_arch) && !opts.model_impl_transformers
                {
                    false
                } else {
                    !(lists::MIMO_V2_MULTIMODAL_ARCHS.contains(v, &pre_arch)
                        && !(hf.root.has("vision_config") && hf.root.has("audio_config")))
                }
            }
        };
        let is_lm_only = opts.language_model_only || hf.root.truthy("language_model_only");
        let rope = hf
            .text()
            .dict("rope_parameters")
            .or_else(|| hf.text().dict("rope_scaling"))
            .cloned();
        let model_is_mrope = !is_lm_only
            && rope
                .as_ref()
                .is_some_and(|r| r.contains_key("mrope_section"));
        if opts.is_draft_model {
            config_draft_model(&mut hf, opts)?;
        }
        let archs = hf.architectures();
        let arch = archs.first().cloned().unwrap_or_default();
        let text_is_sub = hf.has_text_sub_config();

        // quantization_config (model_config.py:727-780)
        let quant_cfg = hf.root.dict("quantization_config").cloned();
        let is_fp4_experts = quant_cfg
            .as_ref()
            .and_then(|q| q.get("routed_experts_quant_method"))
            .and_then(Value::as_str)
            == Some("mxfp4")
            || (lists::MIMO_V2_MODEL_ARCHS.contains(v, &arch)
                && quant_cfg
                    .as_ref()
                    .and_then(|q| q.get("store_dtype"))
                    .and_then(Value::as_str)
                    .is_some_and(|s| s.eq_ignore_ascii_case("mxfp4")));

        // DSV4 mxfp4 layout (model_config.py:753-770): the environment's default, as no checkpoint
        // weights are read
        let routed_method = quant_cfg
            .as_ref()
            .and_then(|q| q.get("routed_experts_quant_method"));
        let is_fp4_experts = if lists::DEEPSEEK_V4_ARCHS.contains(v, &arch)
            && routed_method.is_none_or(Value::is_null)
        {
            opts.dsv4_fp4_experts_env.unwrap_or(true)
        } else {
            is_fp4_experts
        };
        let attention_chunk_size = hf.text().int("attention_chunk_size");
        let mut sliding_window_size = sliding_window_size(hf.text());
        // InklingForConditionalGenerationMTP keeps the trunk's window (model_config.py:1104-1109)
        if opts.is_draft_model
            && arch == "InklingForConditionalGenerationMTP"
            && truthy(hf.text().get("mtp_local_layer_ids").unwrap_or(&Value::Null))
        {
            sliding_window_size = hf.text().int("mtp_local_extent").or(sliding_window_size);
        }
        let is_embedding_gemma = hf.text().str("model_type") == Some("gemma3_text")
            && hf.text().truthy("use_bidirectional_attention");
        let is_generation = !is_embedding_gemma
            && !lists::NON_GENERATION_ARCHS.any(v, &archs)
            && !opts.is_embedding;
        let has_mm_subconfig = text_is_sub
            || (opts.model_impl_transformers
                && (hf.root.has("vision_config") || hf.root.has("audio_config")));
        let has_dsv41_vision = hf.root.str("model_type") == Some("deepseek_v41")
            && hf.root.int("vision_n_layers").unwrap_or(0) > 0;
        let is_multimodal = enable_multimodal
            && !is_lm_only
            && (lists::MULTIMODAL_ARCHS.any(v, &archs) || has_mm_subconfig || has_dsv41_vision);
        let is_audio_model = enable_multimodal && lists::AUDIO_ARCHS.any(v, &archs);
        let is_image_understandable_model = is_multimodal
            && (hf.root.sub("vision_config").is_some()
                || hf.root.get("vision_config").is_some()
                || has_dsv41_vision);
        let is_audio_understandable_model = enable_multimodal
            && !is_lm_only
            && (hf.root.has("audio_config")
                || hf
                    .root
                    .sub("thinker_config")
                    .is_some_and(|t| t.has("audio_config"))
                || hf.root.sub("sound_config").is_some()
                || hf.root.get("sound_config").is_some()
                || lists::AUDIO_ARCHS.any(v, &archs));
        let is_encoder_decoder = lists::ENCODER_DECODER_ARCHS.any(v, &archs);
        let is_local_attention_model = lists::LOCAL_ATTENTION_ARCHS.any(v, &archs);
        // _derive_multimodal_cuda_graph_support (model_config.py:990-1008)
        let is_piecewise_cuda_graph_disabled_model = lists::PIECEWISE_CUDA_GRAPH_DISABLED_ARCHS
            .any(v, &archs)
            || (is_multimodal && !lists::MULTIMODAL_PIECEWISE_CUDA_GRAPH_ARCHS.any(v, &archs));

        // _derive_context_length (model_config.py:1291-1329)
        let derived_context_len = get_context_length(hf.text());
        let context_len = match opts.context_length {
            Some(c) => c,
            None if arch == "EmbeddingGemma2Model" => derived_context_len.min(8192),
            None => derived_context_len,
        };

        let shapes = derive_model_shapes(v, &mut hf)?;

        // _derive_hybrid_model (model_config.py:1213-1256)
        let is_hybrid_swa =
            is_hybrid_swa_model(v, &archs, hf.text()) && !opts.disable_hybrid_swa_memory;
        let mut layer_ids_assert = None;
        let (swa_ids, full_ids) = if is_hybrid_swa && !lists::DEEPSEEK_V4_ARCHS.any(v, &archs) {
            get_hybrid_layer_ids(v, &archs, hf.text(), &mut layer_ids_assert)?
        } else {
            (None, None)
        };
        let has_attention_sinks = detect_attention_sinks(v, &archs, hf.text());
        let is_hybrid_swa_compress = lists::HYBRID_SWA_COMPRESS_ARCHS.contains(v, &arch);

        let index_topk = hf.root.int("index_topk");
        let is_deepseek_dsa = is_deepseek_dsa(v, &hf.root);
        let (hf_quant_config, hf_quant_method) = parse_quant_hf_config(&hf.root);
        let learnable_sink = hf.text().truthy("learnable_sink");
        Ok(ModelConfig {
            v,
            is_draft_model: opts.is_draft_model,
            architectures: archs.clone(),
            model_type: hf.root.str("model_type").map(str::to_string),
            attention_arch: shapes.attention_arch,
            head_dim: shapes.head_dim,
            v_head_dim: shapes.v_head_dim,
            swa_head_dim: shapes.swa_head_dim,
            swa_v_head_dim: shapes.swa_v_head_dim,
            kv_lora_rank: shapes.kv_lora_rank,
            qk_nope_head_dim: shapes.qk_nope_head_dim,
            qk_rope_head_dim: shapes.qk_rope_head_dim,
            index_head_dim: shapes.index_head_dim,
            num_attention_heads: shapes.num_attention_heads,
            num_key_value_heads: shapes.num_key_value_heads,
            total_num_kv_heads: 0,
            hidden_size: hf.text().int("hidden_size"),
            num_hidden_layers: hf.text().int("num_hidden_layers"),
            num_nextn_predict_layers: hf.text().int("num_nextn_predict_layers"),
            derived_context_len,
            context_len,
            sliding_window_size,
            attention_chunk_size,
            is_hybrid_swa,
            swa_attention_layer_ids: swa_ids,
            full_attention_layer_ids: full_ids,
            is_hybrid_swa_compress,
            has_attention_sinks,
            dual_chunk_attention: hf.root.get("dual_chunk_attention_config").is_some(),
            is_generation,
            is_multimodal,
            is_image_understandable_model,
            is_audio_understandable_model,
            is_audio_model,
            is_encoder_decoder,
            is_local_attention_model,
            is_piecewise_cuda_graph_disabled_model,
            model_is_mrope,
            is_deepseek_dsa,
            is_deepseek_v4: lists::DEEPSEEK_V4_ARCHS.contains(v, &arch),
            index_topk,
            index_kpool: hf.root.int("index_kpool").unwrap_or(1),
            learnable_sink,
            hf_quant_config,
            hf_quant_method,
            is_fp4_experts,
            text_config_assert: false,
            layer_ids_assert,
            hf,
            mambaish: false,
        }
        .with_derived())
    }

    /// The facts derived from the others: the total KV heads and [`ModelConfig::mambaish`].
    fn with_derived(mut self) -> ModelConfig {
        self.total_num_kv_heads = self.get_total_num_kv_heads();
        self.mambaish = self.derive_mambaish();
        self
    }

    /// `architectures[0]`.
    pub fn arch(&self) -> &str {
        self.architectures.first().map(String::as_str).unwrap_or("")
    }

    /// `hf_text_config`.
    pub fn text(&self) -> &HfObj {
        self.hf.text()
    }

    /// `attention_arch == AttentionArch.MLA`.
    pub fn is_mla(&self) -> bool {
        self.attention_arch == AttentionArch::Mla
    }

    /// `has_asymmetric_kv` (`model_config.py:1262-1271`).
    pub fn has_asymmetric_kv(&self) -> bool {
        self.head_dim != self.v_head_dim || self.swa_head_dim != self.swa_v_head_dim
    }

    /// `get_total_num_kv_heads()` (`model_config.py:1626-1688@0.5.23`).
    pub fn get_total_num_kv_heads(&self) -> i64 {
        let root = &self.hf.root;
        let text = self.hf.text();
        let mt = root.str("model_type").unwrap_or("");
        let falcon = matches!(mt, "falcon" | "RefinedWeb" | "RefinedWebModel");
        let new_decoder_arch_falcon = falcon && root.truthy("new_decoder_architecture");
        if !new_decoder_arch_falcon && text.truthy("multi_query") {
            return 1;
        }
        let attn_kv = |root: &HfObj| {
            root.sub("attn_config")
                .and_then(|a| a.int("kv_n_heads"))
                .or_else(|| {
                    root.dict("attn_config")
                        .and_then(|a| a.get("kv_n_heads"))
                        .and_then(as_int)
                })
        };
        if mt == "mpt" {
            return attn_kv(root)
                .or(root.int("num_attention_heads"))
                .unwrap_or(0);
        }
        if mt == "dbrx" {
            return attn_kv(root)
                .or(root.int("num_attention_heads"))
                .unwrap_or(0);
        }
        for attr in [
            "n_head_kv",
            "num_kv_heads",
            "num_key_value_heads",
            "multi_query_group_num",
            "num_attention_groups",
        ] {
            if let Some(n) = text.int(attr) {
                return n;
            }
        }
        if self.attention_arch == AttentionArch::Ssm {
            return 0;
        }
        text.int("num_attention_heads").unwrap_or(0)
    }

    /// `get_num_kv_heads(tp)` (`model_config.py:1700-1711@0.5.23`): KV heads per GPU.
    pub fn get_num_kv_heads(&self, tp: i64) -> i64 {
        let tp = tp.max(1);
        (self.total_num_kv_heads.div_euclid(tp)).max(1)
    }

    /// `get_num_attention_heads(tp)` (`model_config.py:1620-1624@0.5.23`).
    pub fn get_num_attention_heads(&self, tp: i64) -> i64 {
        (self.num_attention_heads.unwrap_or(0).div_euclid(tp.max(1))).max(1)
    }

    /// `get_swa_num_kv_heads(tp)` (`model_config.py:1713-1724@0.5.23`).
    pub fn get_swa_num_kv_heads(&self, tp: i64) -> i64 {
        let text = self.hf.text();
        let tp = tp.max(1);
        if text.has("swa_num_key_value_heads") {
            return (text
                .int("swa_num_key_value_heads")
                .unwrap_or(0)
                .div_euclid(tp))
            .max(1);
        }
        if let Some(a) = text.dict("attention_other_setting") {
            let n = a.get("num_attention_groups").and_then(as_int).unwrap_or(0);
            return (n.div_euclid(tp)).max(1);
        }
        self.get_num_kv_heads(tp)
    }

    /// `get_max_num_attention_heads()` (`model_config.py:1690-1698@0.5.23`).
    pub fn get_max_num_attention_heads(&self) -> Option<i64> {
        let per_layer: Vec<i64> = self
            .hf
            .text()
            .get("num_attention_heads_per_layer")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(as_int).collect())
            .unwrap_or_default();
        per_layer.into_iter().max().or(self.num_attention_heads)
    }

    /// `get_dsa_index_topk(hf_config)` for a DSA model.
    pub fn dsa_index_topk(&self) -> Option<i64> {
        self.is_deepseek_dsa.then_some(self.index_topk).flatten()
    }
}

/// `_get_sliding_window_size` (`model_config.py:1961-1966@0.5.23`).
fn sliding_window_size(text: &HfObj) -> Option<i64> {
    ["sliding_window_size", "sliding_window", "window_size"]
        .iter()
        .find_map(|k| text.get(k))
        .and_then(as_int)
}

/// `get_context_length(hf_text_config)` (`utils/hf_transformers/common.py:677-694@0.5.23`).
pub fn get_context_length(text: &HfObj) -> i64 {
    let rope = text
        .dict("rope_parameters")
        .or_else(|| text.dict("rope_scaling"));
    let factor = match rope {
        Some(r) if !r.is_empty() => {
            let f = r.get("factor").and_then(Value::as_f64).unwrap_or(1.0);
            if r.contains_key("original_max_position_embeddings")
                || r.get("rope_type").and_then(Value::as_str) == Some("llama3")
            {
                1.0
            } else {
                f
            }
        }
        _ => 1.0,
    };
    for key in [
        "max_sequence_length",
        "seq_length",
        "max_seq_len",
        "model_max_length",
        "max_position_embeddings",
    ] {
        if let Some(v) = text.get(key).and_then(Value::as_f64) {
            // int(rope_scaling_factor * val)
            return (factor * v).trunc() as i64;
        }
    }
    2048
}

/// `is_deepseek_dsa(config)` (`model_config.py:191-212@0.5.23`).
pub fn is_deepseek_dsa(v: SglangVersion, obj: &HfObj) -> bool {
    let arch = obj
        .strs("architectures")
        .into_iter()
        .next()
        .unwrap_or_default();
    lists::DSA_ARCHS.contains(v, &arch) && obj.get("index_topk").is_some()
}

struct Shapes {
    attention_arch: AttentionArch,
    head_dim: i64,
    v_head_dim: i64,
    swa_head_dim: i64,
    swa_v_head_dim: i64,
    kv_lora_rank: Option<i64>,
    qk_nope_head_dim: Option<i64>,
    qk_rope_head_dim: Option<i64>,
    index_head_dim: Option<i64>,
    num_attention_heads: Option<i64>,
    num_key_value_heads: Option<i64>,
}

/// `_derive_model_shapes` (`model_config.py:1331-1609@0.5.23`).
fn derive_model_shapes(v: SglangVersion, hf: &mut HfConfig) -> Result<Shapes, ModelError> {
    let archs = hf.architectures();
    let has = |l: &crate::model::archs::ArchList| l.any(v, &archs);
    let is_pure_ssm = lists::PURE_SSM_ARCHITECTURES.any(v, &archs);
    let text_int = |hf: &HfConfig, k: &str| hf.text().int(k);
    let div = |a: Option<i64>, b: Option<i64>, attr: &str| -> Result<i64, ModelError> {
        match (a, b) {
            (Some(a), Some(b)) if b != 0 => Ok(a.div_euclid(b)),
            _ => Err(missing(attr, 1344)),
        }
    };
    // a per-layer Gemma-4 text config that get_config did not flatten (a bare `gemma4_text`
    // model type): reading its `head_dim` raises in transformers
    if hf.text().get("global_head_dim").is_some()
        && hf.text().get("swa_head_dim").is_none()
        && hf.text().get("global_head_dim") != hf.text().get("head_dim")
    {
        return Err(crash(
            "AmbiguousGlobalPerLayerAttributeError: 'head_dim' is a per-layer attribute",
            1337,
        ));
    }
    let mut head_dim = match text_int(hf, "head_dim") {
        Some(h) => h,
        None if hf.text().get("head_dim").is_some() => return Err(missing("head_dim", 1341)),
        None if is_pure_ssm => 0,
        None => {
            let h = div(
                text_int(hf, "hidden_size"),
                text_int(hf, "num_attention_heads"),
                "num_attention_heads",
            )?;
            hf.text_mut().set("head_dim", Value::from(h));
            h
        }
    };
    let mut v_head_dim = match text_int(hf, "v_head_dim") {
        Some(x) if x != 0 => x,
        _ => {
            hf.text_mut().set("v_head_dim", Value::from(head_dim));
            head_dim
        }
    };
    let swa_head_dim = match text_int(hf, "swa_head_dim") {
        Some(x) => x,
        None => {
            hf.text_mut().set("swa_head_dim", Value::from(head_dim));
            head_dim
        }
    };
    let mut swa_v_head_dim = match text_int(hf, "swa_v_head_dim") {
        Some(x) => x,
        None => {
            hf.text_mut()
                .set("swa_v_head_dim", Value::from(swa_head_dim));
            swa_head_dim
        }
    };
    let mut kv_lora_rank = None;
    let mut qk_nope_head_dim = None;
    let mut qk_rope_head_dim = None;
    let mut index_head_dim = None;
    let req = |hf: &HfConfig, k: &str, line: u32| hf.text().int(k).ok_or_else(|| missing(k, line));
    let root_req =
        |hf: &HfConfig, k: &str, line: u32| hf.root.int(k).ok_or_else(|| missing(k, line));
    let pixtral_mla = archs.iter().any(|a| a == "PixtralForConditionalGeneration")
        && hf.text().get("kv_lora_rank").is_some();
    let attention_arch;
    if has(&lists::MLA_ARCHS)
        && (!archs.iter().all(|a| a == "PixtralForConditionalGeneration") || pixtral_mla)
    {
        head_dim = 256;
        attention_arch = AttentionArch::Mla;
        kv_lora_rank = Some(req(hf, "kv_lora_rank", 1397)?);
        qk_nope_head_dim = Some(req(hf, "qk_nope_head_dim", 1398)?);
        qk_rope_head_dim = Some(req(hf, "qk_rope_head_dim", 1399)?);
        v_head_dim = req(hf, "v_head_dim", 1400)?;
        if is_deepseek_dsa(v, hf.text()) {
            index_head_dim = Some(req(hf, "index_head_dim", 410)?);
        }
    } else if has(&lists::DSV4_SHAPE_ARCHS) {
        let rope = root_req(hf, "qk_rope_head_dim", 1421)?;
        let hd = root_req(hf, "head_dim", 1422)?;
        qk_rope_head_dim = Some(rope);
        qk_nope_head_dim = Some(hd - rope);
        head_dim = hd;
        v_head_dim = head_dim;
        index_head_dim = Some(root_req(hf, "index_head_dim", 1426)?);
        hf.root
            .get("sliding_window")
            .ok_or_else(|| missing("sliding_window", 1423))?;
        attention_arch = AttentionArch::Mha;
    } else if archs.iter().any(|a| a == "Glm4MoeForCausalLMNextN") {
        v_head_dim = head_dim;
        swa_v_head_dim = swa_head_dim;
        attention_arch = AttentionArch::Mha;
    } else if archs.iter().any(|a| a == "MiniCPM3ForCausalLM") {
        head_dim = 128;
        attention_arch = AttentionArch::Mla;
        kv_lora_rank = Some(root_req(hf, "kv_lora_rank", 1445)?);
        qk_rope_head_dim = Some(root_req(hf, "qk_rope_head_dim", 1446)?);
    } else if archs.iter().any(|a| a == "DeepseekVL2ForCausalLM")
        && hf.text().get("use_mla").is_none_or(truthy)
    {
        head_dim = 256;
        attention_arch = AttentionArch::Mla;
        kv_lora_rank = Some(req(hf, "kv_lora_rank", 1451)?);
        qk_rope_head_dim = Some(req(hf, "qk_rope_head_dim", 1452)?);
        qk_nope_head_dim = Some(req(hf, "qk_nope_head_dim", 1453)?);
    } else if archs.iter().any(|a| a == "KimiVLForConditionalGeneration") {
        head_dim = 256;
        attention_arch = AttentionArch::Mla;
        kv_lora_rank = Some(req(hf, "kv_lora_rank", 1457)?);
        qk_rope_head_dim = Some(req(hf, "qk_rope_head_dim", 1458)?);
        v_head_dim = req(hf, "v_head_dim", 1459)?;
        qk_nope_head_dim = Some(req(hf, "qk_nope_head_dim", 1460)?);
    } else if has(&lists::KIMI_LINEAR_SHAPE_ARCHS) {
        head_dim = 72;
        attention_arch = AttentionArch::Mla;
        kv_lora_rank = Some(req(hf, "kv_lora_rank", 1469)?);
        qk_rope_head_dim = Some(req(hf, "qk_rope_head_dim", 1470)?);
        v_head_dim = req(hf, "v_head_dim", 1471)?;
        qk_nope_head_dim = Some(req(hf, "qk_nope_head_dim", 1472)?);
    } else if archs.iter().any(|a| a == "BailingMoeV2_5ForCausalLM")
        || (archs.iter().any(|a| a == "BailingMoeForCausalLMNextN")
            && hf.text().get("kv_lora_rank").is_some())
    {
        head_dim = req(hf, "head_dim", 1480)?;
        attention_arch = AttentionArch::Mla;
        kv_lora_rank = Some(req(hf, "kv_lora_rank", 1482)?);
        qk_nope_head_dim = Some(req(hf, "qk_nope_head_dim", 1483)?);
        qk_rope_head_dim = Some(req(hf, "qk_rope_head_dim", 1484)?);
        v_head_dim = root_req(hf, "v_head_dim", 1485)?;
    } else if has(&lists::BAILING_V3_SHAPE_ARCHS) {
        head_dim = 128;
        attention_arch = AttentionArch::Mla;
        kv_lora_rank = Some(req(hf, "kv_lora_rank", 1493)?);
        qk_rope_head_dim = Some(if hf.text().truthy("use_mla_nope") {
            0
        } else {
            req(hf, "qk_rope_head_dim", 1497)?
        });
        v_head_dim = req(hf, "v_head_dim", 1499)?;
        qk_nope_head_dim = Some(req(hf, "qk_nope_head_dim", 1500)?);
    } else if has(&lists::SARVAM_SHAPE_ARCHS) {
        let nope = root_req(hf, "qk_nope_head_dim", 1507)?;
        let rope = root_req(hf, "qk_rope_head_dim", 1507)?;
        head_dim = nope + rope;
        attention_arch = AttentionArch::Mla;
        kv_lora_rank = Some(root_req(hf, "kv_lora_rank", 1510)?);
        qk_rope_head_dim = Some(rope);
        qk_nope_head_dim = Some(nope);
        v_head_dim = root_req(hf, "v_head_dim", 1513)?;
    } else {
        // MistralModel / Mixtral / Mistral: head_dim is never None here (set above)
        attention_arch = if is_pure_ssm {
            AttentionArch::Ssm
        } else {
            AttentionArch::Mha
        };
    }
    let text = hf.text();
    let num_attention_heads = text.int("num_attention_heads");
    let mut num_key_value_heads = text.int("num_key_value_heads");
    if matches!(hf.root.str("model_type"), Some("dbrx" | "mpt")) {
        num_key_value_heads = hf
            .root
            .sub("attn_config")
            .and_then(|a| a.int("kv_n_heads"))
            .or_else(|| {
                hf.root
                    .dict("attn_config")
                    .and_then(|a| a.get("kv_n_heads"))
                    .and_then(as_int)
            });
    }
    if num_key_value_heads.is_none() {
        num_key_value_heads = num_attention_heads;
    }
    for (attr, line) in [
        ("hidden_size", 1566),
        ("num_hidden_layers", 1581),
        ("vocab_size", 1605),
    ] {
        if !text.has(attr) {
            return Err(missing(attr, line));
        }
    }
    Ok(Shapes {
        attention_arch,
        head_dim,
        v_head_dim,
        swa_head_dim,
        swa_v_head_dim,
        kv_lora_rank,
        qk_nope_head_dim,
        qk_rope_head_dim,
        index_head_dim,
        num_attention_heads,
        num_key_value_heads,
    })
}

/// `_detect_attention_sinks` (`model_config.py:1273-1289@0.5.23`).
fn detect_attention_sinks(v: SglangVersion, archs: &[String], text: &HfObj) -> bool {
    if lists::SWA_SINK_ARCHS.any(v, archs) {
        return true;
    }
    if lists::MIMO_V2_MODEL_ARCHS.any(v, archs) || archs.iter().any(|a| a == "MiMoV2MTP") {
        return text.truthy("add_swa_attention_sink_bias")
            || text.truthy("add_full_attention_sink_bias");
    }
    text.truthy("learnable_sink")
}

/// `is_hybrid_swa_model` (`model_config.py:2651-2697@0.5.23`).
fn is_hybrid_swa_model(v: SglangVersion, archs: &[String], text: &HfObj) -> bool {
    let listed = lists::HYBRID_SWA_ARCHS.any(v, archs)
        || lists::SWA_SINK_ARCHS.any(v, archs)
        || lists::MIMO_V2_MODEL_ARCHS.any(v, archs);
    if listed {
        if archs.iter().any(|a| a == "BeamForCausalLM") && v >= SglangVersion::V0_5_23 {
            return text
                .strs("layer_types")
                .iter()
                .any(|t| t == "sliding_attention");
        }
        if archs.iter().any(|a| a == "LagunaForCausalLM") && !text.truthy("sliding_window") {
            return false;
        }
        return true;
    }
    text.truthy("is_hybrid_swa")
}

/// `get_hybrid_layer_ids` (`model_config.py:2700-2826@0.5.23`), for the split's sizes.
type LayerIds = (Option<Vec<i64>>, Option<Vec<i64>>);

/// A failing assert of `get_hybrid_layer_ids` on the config's own layer lists: a launch check
/// (SGLang refuses the config with its message), unlike a [`ModelError`].
#[derive(Clone, Debug, PartialEq)]
pub enum LayerIdsAssert {
    /// `Inkling local_layer_ids must be unique` (`model_config.py:2784@0.5.23`): the list.
    InklingNotUnique(Vec<i64>),
    /// `Inkling local_layer_ids must be in [0, n)` (`model_config.py:2787@0.5.23`):
    /// `num_hidden_layers` and the list.
    InklingOutOfRange(i64, Vec<i64>),
}

/// `failed` receives an assert that SGLang's function raises on the config (the split is then
/// not used).
fn get_hybrid_layer_ids(
    v: SglangVersion,
    archs: &[String],
    text: &HfObj,
    failed: &mut Option<LayerIdsAssert>,
) -> Result<LayerIds, ModelError> {
    if !text.has("num_hidden_layers") {
        return Err(missing("num_hidden_layers", 2704));
    }
    let n = text.int("num_hidden_layers").unwrap_or(0).max(0);
    let has = |a: &str| archs.iter().any(|x| x == a);
    // getattr(hf_text_config, "layer_types", []) is iterated: a `None` fails
    let types_ok = |line: u32| {
        if text.has("layer_types") && text.get("layer_types").is_none() {
            Err(crash("TypeError: 'NoneType' object is not iterable", line))
        } else {
            Ok(())
        }
    };
    let pattern_ok = |line: u32| {
        if text
            .get("hybrid_layer_pattern")
            .and_then(Value::as_array)
            .is_none()
            && n > 0
        {
            Err(crash(
                "TypeError: 'NoneType' object is not subscriptable",
                line,
            ))
        } else {
            Ok(())
        }
    };
    let by_type = |limit: Option<i64>| {
        let types = text.strs("layer_types");
        let pick = |want: &str| {
            types
                .iter()
                .enumerate()
                .filter(|(i, t)| *t == want && limit.is_none_or(|l| (*i as i64) < l))
                .map(|(i, _)| i as i64)
                .collect::<Vec<_>>()
        };
        (
            Some(pick("sliding_attention")),
            Some(pick("full_attention")),
        )
    };
    let pattern = |text: &HfObj| {
        let p: Vec<i64> = text
            .get("hybrid_layer_pattern")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(as_int).collect())
            .unwrap_or_default();
        let pick = |want: i64| {
            (0..n)
                .filter(|i| p.get(*i as usize) == Some(&want))
                .collect::<Vec<_>>()
        };
        (Some(pick(1)), Some(pick(0)))
    };
    if has("Llama4ForConditionalGeneration") {
        return Ok((
            Some((0..n).filter(|i| (i + 1) % 4 != 0).collect()),
            Some((0..n).filter(|i| (i + 1) % 4 == 0).collect()),
        ));
    }
    if lists::SWA_SINK_ARCHS.any(v, archs)
        || has("Dots3NoteForCausalLM")
        || has("Dots3NoteForCausalLMNextN")
    {
        types_ok(2716)?;
        return Ok(by_type(None));
    }
    if lists::MIMO_V2_MODEL_ARCHS.any(v, archs) {
        pattern_ok(2726)?;
        return Ok(pattern(text));
    }
    if has("MiMoV2MTP") || has("Step3p5MTP") {
        return Ok((Some(vec![0]), Some(vec![])));
    }
    if has("Step3p5ForCausalLM") || has("Step3p7ForConditionalGeneration") {
        if !text.has("layer_types") {
            return Err(missing("layer_types", 2738));
        }
        types_ok(2738)?;
        return Ok(by_type(Some(n)));
    }
    if [
        "BeamForCausalLM",
        "Gemma4ForCausalLM",
        "Gemma4ForConditionalGeneration",
        "EmbeddingGemma2Model",
        "Gemma4UnifiedForConditionalGeneration",
        "DiffusionGemmaForBlockDiffusion",
        "LagunaForCausalLM",
        "MellumForCausalLM",
        "MuseGlimmerForCausalLM",
        "MuseGlimmerForConditionalGeneration",
    ]
    .iter()
    .any(|a| has(a))
    {
        types_ok(2764)?;
        return Ok(by_type(None));
    }
    let ids = |key: &str| -> Vec<i64> {
        text.get(key)
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(as_int).collect())
            .unwrap_or_default()
    };
    if has("InklingForConditionalGenerationMTP") {
        let local = ids("mtp_local_layer_ids");
        let mut swa = local.clone();
        swa.sort();
        swa.dedup();
        let m = text.int("num_nextn_predict_layers").unwrap_or(0);
        return Ok((
            Some(swa),
            Some((0..m).filter(|i| !local.contains(i)).collect()),
        ));
    }
    if has("InklingForConditionalGeneration") {
        let local = ids("local_layer_ids");
        // the two asserts (model_config.py:2784-2790@0.5.23), on a list of ints (another
        // element type fails differently in Python and is not judged)
        let all_ints = text
            .get("local_layer_ids")
            .and_then(Value::as_array)
            .is_none_or(|a| a.iter().all(|x| x.as_i64().is_some()));
        if all_ints {
            let mut unique = local.clone();
            unique.sort_unstable();
            unique.dedup();
            if unique.len() != local.len() {
                *failed = Some(LayerIdsAssert::InklingNotUnique(local.clone()));
            } else if unique.iter().any(|i| !(0..n).contains(i)) {
                let raw = text.int("num_hidden_layers").unwrap_or(0);
                *failed = Some(LayerIdsAssert::InklingOutOfRange(raw, local.clone()));
            }
        }
        return Ok((
            Some((0..n).filter(|i| local.contains(i)).collect()),
            Some((0..n).filter(|i| !local.contains(i)).collect()),
        ));
    }
    if has("UnlimitedOCRForCausalLM") {
        return Ok((Some((0..n).collect()), Some(vec![])));
    }
    if has("MuseSparkForConditionalGeneration") {
        if !text.has("layer_types") {
            return Err(missing("layer_types", 2802));
        }
        types_ok(2802)?;
        return Ok(by_type(None));
    }
    if text.get("hybrid_layer_pattern").is_some() {
        return Ok(pattern(text));
    }
    Ok((None, None))
}

/// The sub-config key whose `get_hf_text_config` assert fails (`common.py:583-606@0.5.23`): the
/// first of `thinker_config`, `llm_config`, `language_config`, `text_config` the config has
/// as an attribute (`hasattr`: present, even `None`), when it is `llm_config` or `text_config`
/// and has no `num_attention_heads` (a `None` sub-config has none).
fn text_config_assert_key(hf: &HfConfig) -> Option<&'static str> {
    let first = [
        "thinker_config",
        "llm_config",
        "language_config",
        "text_config",
    ]
    .into_iter()
    .find(|k| hf.root.has(k))?;
    match first {
        "llm_config" | "text_config" => {
            let ok = hf
                .root
                .sub(first)
                .is_some_and(|t| t.has("num_attention_heads"));
            (!ok).then_some(first)
        }
        _ => None,
    }
}

/// `_parse_quant_hf_config` (`model_config.py:1727-1825@0.5.23`) for a config read from the file
/// alone (a standalone `hf_quant_config.json` next to it is not an input): the
/// `quantization_config` (ModelOpt formats parsed by `_parse_modelopt_quant_config`), else the
/// `compression_config`; and its lower-cased `quant_method`.
pub fn parse_quant_hf_config(root: &HfObj) -> (Option<Map<String, Value>>, Option<String>) {
    let mut cfg = root.dict("quantization_config").cloned();
    if let Some(q) = cfg.as_mut() {
        let method = q.get("quant_method").and_then(Value::as_str);
        if method.is_none() || method == Some("modelopt") {
            let mut wrapped = Map::new();
            wrapped.insert("quantization".into(), Value::Object(q.clone()));
            if let Some(parsed) = parse_modelopt_quant_config(&wrapped) {
                for (k, v) in parsed {
                    q.insert(k, v);
                }
            }
        }
    }
    let cfg = cfg.or_else(|| root.dict("compression_config").cloned());
    let method = cfg.as_ref().map(|q| {
        q.get("quant_method")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_lowercase()
    });
    (cfg, method)
}

/// `_parse_modelopt_quant_config` (`model_config.py:1838-1910@0.5.23`): the `quant_method` a
/// ModelOpt `quant_algo` maps to.
pub fn parse_modelopt_quant_config(d: &Map<String, Value>) -> Option<Map<String, Value>> {
    // unwrap_modelopt_quantization_config (model_config.py:115-120)
    let q = match d.get("quantization") {
        Some(Value::Object(inner)) => match inner.get("quantization") {
            Some(Value::Object(nested)) => nested,
            _ => inner,
        },
        Some(_) => return None,
        None => d,
    };
    if q.is_empty() {
        return None;
    }
    let algo = q.get("quant_algo").and_then(Value::as_str);
    let mut out = Map::new();
    let method = match algo {
        Some("MIXED_PRECISION") => {
            let nvfp4 = q
                .get("quantized_layers")
                .and_then(Value::as_object)
                .is_some_and(|layers| {
                    layers.values().any(|l| {
                        l.get("quant_algo")
                            .and_then(Value::as_str)
                            .is_some_and(|a| {
                                matches!(a.to_uppercase().as_str(), "NVFP4" | "W4A16_NVFP4")
                            })
                    })
                });
            if nvfp4 { "modelopt_mixed" } else { "w4afp8" }
        }
        Some(a) if a.contains("FP4") || a.contains("NVFP4") => "modelopt_fp4",
        Some("FP8") => "modelopt_fp8",
        Some("MXFP8") => "mxfp8",
        _ => return None,
    };
    out.insert("quant_method".into(), Value::from(method));
    if let Some(a) = algo {
        out.insert("quant_algo".into(), Value::from(a));
    }
    Some(out)
}

/// `_config_draft_model` (`model_config.py:1010-1211@0.5.23`): the architecture a checkpoint's
/// draft (MTP / NextN) head is loaded as, and the attributes the rewrite changes.
fn config_draft_model(hf: &mut HfConfig, opts: &ModelOptions) -> Result<(), ModelError> {
    let arch = hf.arch();
    let set_arch = |hf: &mut HfConfig, to: &str| {
        let mut archs = hf.architectures();
        if archs.is_empty() {
            archs.push(String::new());
        }
        archs[0] = to.to_string();
        hf.root.set("architectures", Value::from(archs));
    };
    let nextn1 = |hf: &mut HfConfig| hf.root.set("num_nextn_predict_layers", Value::from(1));
    let spec = opts.speculative_algorithm.as_deref();
    // Dots3Config.configure_draft_model (configs/dots3.py:187-199@0.5.23)
    if hf.text().class_model_type() == Some("dots3_note") {
        let t = hf.text_mut();
        t.set("num_nextn_predict_layers", Value::from(1));
        t.set("layer_types", Value::from(vec!["sliding_attention"]));
        for (to, from) in [
            ("kv_lora_rank", "swa_kv_lora_rank"),
            ("q_lora_rank", "swa_q_lora_rank"),
            ("qk_nope_head_dim", "swa_qk_nope_head_dim"),
            ("qk_rope_head_dim", "swa_qk_rope_head_dim"),
            ("num_attention_heads", "swa_num_attention_heads"),
            ("num_key_value_heads", "swa_num_key_value_heads"),
            ("v_head_dim", "swa_v_head_dim"),
        ] {
            let v = t.get(from).cloned().unwrap_or(Value::Null);
            t.set(to, v);
        }
        set_arch(hf, "Dots3NoteForCausalLMNextN");
    }
    // (from, to, sets num_nextn_predict_layers = 1) in SGLang's order
    let simple: &[(&[&str], &str, bool)] = &[
        (
            &["DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM"],
            "DeepseekV3ForCausalLMNextN",
            false,
        ),
        (
            &["GlmMoeDsaForCausalLM"],
            "GlmMoeDsaForCausalLMNextN",
            false,
        ),
    ];
    for (from, to, n1) in simple {
        if from.contains(&hf.arch().as_str()) {
            set_arch(hf, to);
            if *n1 {
                nextn1(hf);
            }
        }
    }
    if hf.arch() == "DeepseekV4ForCausalLM" {
        // checkpoint_bundles_dspark_draft (speculative/dspark_components/dspark_config.py:162-174)
        let bundles = [
            "dspark_block_size",
            "dspark_markov_rank",
            "dspark_noise_token_id",
            "dspark_target_layer_ids",
        ]
        .iter()
        .any(|k| hf.root.get(k).is_some());
        if bundles && matches!(spec, None | Some("DSPARK")) {
            set_arch(hf, "DeepseekV4ForCausalLMDSpark");
        } else {
            set_arch(hf, "DeepseekV4ForCausalLMNextN");
            nextn1(hf);
        }
    }
    let rest: &[(&[&str], &str, bool)] = &[
        (&["Glm4MoeForCausalLM"], "Glm4MoeForCausalLMNextN", false),
        (
            &["Glm4MoeLiteForCausalLM"],
            "Glm4MoeLiteForCausalLMNextN",
            false,
        ),
    ];
    for (from, to, n1) in rest {
        if from.contains(&hf.arch().as_str()) {
            set_arch(hf, to);
            if *n1 {
                nextn1(hf);
            }
        }
    }
    if hf.arch() == "Glm5NextForConditionalGeneration" {
        set_arch(hf, "Glm5NextForConditionalGenerationNextN");
        let archs = hf.root.get("architectures").cloned().unwrap_or(Value::Null);
        let t = hf.text_mut();
        t.set("architectures", archs);
        t.set("num_nextn_predict_layers", Value::from(1));
        t.set("linear_attn_config", Value::Null);
    }
    let more: &[(&[&str], &str, bool)] = &[(
        &["GlmOcrForConditionalGeneration"],
        "GlmOcrForConditionalGenerationNextN",
        false,
    )];
    for (from, to, n1) in more {
        if from.contains(&hf.arch().as_str()) {
            set_arch(hf, to);
            if *n1 {
                nextn1(hf);
            }
        }
    }
    if hf.arch() == "LongcatFlashForCausalLM" {
        if !hf.root.has("num_nextn_predict_layers") {
            return Err(missing("num_nextn_predict_layers", 1090));
        }
        set_arch(hf, "LongcatFlashForCausalLMNextN");
        let n = hf
            .root
            .get("num_nextn_predict_layers")
            .cloned()
            .unwrap_or(Value::Null);
        hf.root.set("num_hidden_layers", n);
    }
    let tail: &[(&[&str], &str, bool)] = &[
        (&["MiMoForCausalLM"], "MiMoMTP", false),
        (
            &["MiMoV2ForCausalLM", "MiMoV2FlashForCausalLM"],
            "MiMoV2MTP",
            true,
        ),
        (&["Step3p5ForCausalLM"], "Step3p5MTP", false),
        (
            &["InklingForConditionalGeneration"],
            "InklingForConditionalGenerationMTP",
            false,
        ),
        (
            &["GigaChat35ForCausalLM"],
            "GigaChat35ForCausalLMNextN",
            false,
        ),
    ];
    for (from, to, n1) in tail {
        if from.contains(&hf.arch().as_str()) {
            set_arch(hf, to);
            if *n1 {
                nextn1(hf);
            }
        }
    }
    if hf.arch() == "Step3p7ForConditionalGeneration" {
        let mut text = hf.text().clone();
        text.set("architectures", Value::from(vec!["Step3p5MTP"]));
        hf.root = text;
    }
    let tail2: &[(&[&str], &str, bool)] = &[
        (
            &[
                "BailingMoeV2ForCausalLM",
                "BailingMoeForCausalLM",
                "BailingMoeV2_5ForCausalLM",
                "BailingMoeV3ForCausalLM",
            ],
            "BailingMoeForCausalLMNextN",
            false,
        ),
        (
            &["Ernie4_5_MoeForCausalLM"],
            "Ernie4_5_MoeForCausalLMMTP",
            false,
        ),
        (&["Qwen3NextForCausalLM"], "Qwen3NextForCausalLMMTP", true),
    ];
    for (from, to, n1) in tail2 {
        if from.contains(&hf.arch().as_str()) {
            set_arch(hf, to);
            if *n1 {
                nextn1(hf);
            }
        }
    }
    if hf.arch() == "Qwen4ExpForConditionalGeneration" {
        set_arch(hf, "Qwen4ExpForCausalLMMTP");
        let t = hf.text_mut();
        t.set("num_nextn_predict_layers", Value::from(1));
        t.set("num_hidden_layers", Value::from(1));
        t.set("layer_types", Value::from(vec!["full_attention"]));
        t.set("full_attention_interval", Value::from(1));
    }
    if hf.arch() == "Qwen3MoeForCausalLM" {
        set_arch(hf, "Qwen3MoeForCausalLMMTP");
        nextn1(hf);
    }
    if [
        "Qwen3_5ForConditionalGeneration",
        "Qwen3_5MoeForConditionalGeneration",
        "Qwen3_5ForCausalLM",
        "Qwen3_5MoeForCausalLM",
        "InternS2PreviewForConditionalGeneration",
        "InternS2MobiusForConditionalGeneration",
    ]
    .contains(&hf.arch().as_str())
    {
        if hf.arch() == "InternS2MobiusForConditionalGeneration" {
            if !hf.text().has("mtp_num_experts") {
                return Err(missing("mtp_num_experts", 1175));
            }
            let t = hf.text_mut();
            t.set("model_type", Value::from("qwen3_5_moe_text"));
            let e = t.get("mtp_num_experts").cloned().unwrap_or(Value::Null);
            let k = t
                .get("mtp_num_experts_per_tok")
                .cloned()
                .unwrap_or(Value::Null);
            t.set("num_experts", e);
            t.set("num_experts_per_tok", k);
        }
        set_arch(hf, "Qwen3_5ForCausalLMMTP");
        nextn1(hf);
        hf.text_mut()
            .set("num_nextn_predict_layers", Value::from(1));
    }
    if ["ExaoneMoEForCausalLM", "ExaoneMoeForCausalLM"].contains(&hf.arch().as_str()) {
        set_arch(hf, "ExaoneMoEForCausalLMMTP");
        nextn1(hf);
    }
    if hf.arch() == "NemotronH_Omni_Reasoning_V3" {
        let mut text = hf.text().clone();
        text.set(
            "architectures",
            Value::from(vec!["NemotronHForCausalLMMTP"]),
        );
        text.set("num_nextn_predict_layers", Value::from(1));
        hf.root = text;
    }
    if ["NemotronHForCausalLM", "NemotronHPuzzleForCausalLM"].contains(&hf.arch().as_str()) {
        set_arch(hf, "NemotronHForCausalLMMTP");
        nextn1(hf);
    }
    if hf.arch() == "HYV3ForCausalLM" {
        set_arch(hf, "HYV3ForCausalLMNextN");
        nextn1(hf);
    }
    if hf.arch() == "HYV4ForCausalLM" {
        set_arch(hf, "HYV4ForCausalLMNextN");
        nextn1(hf);
    }
    let _ = arch;
    Ok(())
}

/// `isinstance(obj, Class)` for the config classes SGLang's launch code tests (generated:
/// the model types whose loaded class is an instance of `Class`).
pub fn isinstance(obj: &HfObj, class: &str) -> bool {
    let Some(path) = obj.class_path() else {
        return false;
    };
    super::generated::classes::ISINSTANCE
        .iter()
        .find(|(c, _)| *c == class)
        .is_some_and(|(_, paths)| paths.contains(&path))
}

/// A linear-attention registry spec (`configs/linear_attn_model_registry.py@0.5.23`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinearAttnSpec {
    /// `uses_mamba_radix_cache`.
    pub uses_mamba_radix_cache: bool,
    /// `support_mamba_cache_extra_buffer`.
    pub support_mamba_cache_extra_buffer: bool,
}

impl ModelConfig {
    /// `hf_config.get_text_config()` (transformers `configuration_utils.py:1346-1400`): the one
    /// `decoder` / `generator` / `text_config` / `text_encoder` sub-config, else the config.
    pub fn get_text_config(&self) -> &HfObj {
        let r = &self.hf.root;
        let found: Vec<&HfObj> = ["text_encoder", "decoder", "generator", "text_config"]
            .iter()
            .filter_map(|k| r.sub(k))
            .collect();
        if found.len() == 1 { found[0] } else { r }
    }

    /// `hybrid_gdn_config(model_config) is not None` (`configs/hybrid_arch.py:55-67@0.5.23`).
    pub fn hybrid_gdn(&self) -> bool {
        let c = self.get_text_config();
        [
            "Qwen3NextConfig",
            "Qwen3_5Config",
            "Qwen3_5MoeConfig",
            "InternS2PreviewConfig",
            "JetNemotronConfig",
            "JetVLMConfig",
        ]
        .iter()
        .any(|k| isinstance(c, k))
    }

    /// `mamba2_config(model_config) is not None` (`hybrid_arch.py:70-108@0.5.23`).
    pub fn mamba2(&self) -> bool {
        let c = &self.hf.root;
        if isinstance(c, "NemotronHConfig")
            && self.is_draft_model
            && c.str("mtp_hybrid_override_pattern")
                .is_some_and(|p| !p.contains('M'))
        {
            return false;
        }
        if [
            "FalconH1Config",
            "NemotronHConfig",
            "Lfm2Config",
            "Lfm2MoeConfig",
            "Lfm2VlConfig",
            "ZayaConfig",
            "Mamba2Config",
            "MambaConfig",
            "FalconMambaConfig",
        ]
        .iter()
        .any(|k| isinstance(c, k))
        {
            return true;
        }
        if isinstance(c, "InklingModelConfig") {
            return c.get("mamba2_cache_params").is_some();
        }
        if isinstance(c, "InklingMMConfig") {
            return c
                .sub("text_config")
                .is_some_and(|t| t.get("mamba2_cache_params").is_some());
        }
        if isinstance(c, "NemotronH_Nano_VL_V2_Config") {
            return c.sub("llm_config").is_some() || c.get("llm_config").is_some();
        }
        if isinstance(c, "GraniteMoeHybridConfig") {
            return c.strs("layer_types").iter().any(|t| t == "mamba");
        }
        false
    }

    /// `kimi_linear_config(model_config) is not None` (`hybrid_arch.py:111-123@0.5.23`).
    pub fn kimi_linear(&self) -> bool {
        let c = &self.hf.root;
        if isinstance(c, "KimiLinearConfig") {
            return true;
        }
        if isinstance(c, "BailingHybridConfig") && c.truthy("use_kda") {
            return true;
        }
        let t = self.hf.text();
        if isinstance(t, "BailingHybridConfig") && t.truthy("use_kda") {
            return true;
        }
        c.sub("text_config")
            .is_some_and(|t| isinstance(t, "KimiLinearConfig"))
    }

    /// `glm5_next_config(model_config) is not None` (`hybrid_arch.py:126-133@0.5.23`).
    pub fn glm5_next(&self) -> bool {
        self.hf.root.str("model_type") == Some("glm5_next") && !self.is_draft_model
    }

    /// `hybrid_lightning_config(model_config) is not None` (`hybrid_arch.py:46-52@0.5.23`).
    pub fn hybrid_lightning(&self) -> bool {
        let c = &self.hf.root;
        (isinstance(c, "BailingHybridConfig") && !c.truthy("use_kda"))
            || (isinstance(c, "MiniCPMHybridConfig") && c.truthy("has_lightning_layers"))
    }

    /// `get_linear_attn_spec(hf_config)` (`linear_attn_model_registry.py:70-76@0.5.23`): the one
    /// registered spec (`configs/gigachat35.py:241-252@0.5.23`), by architecture or config class.
    pub fn linear_attn_spec(&self) -> Option<LinearAttnSpec> {
        let giga = ["GigaChat35ForCausalLM", "GigaChat35ForCausalLMNextN"].contains(&self.arch())
            || isinstance(&self.hf.root, "GigaChat35Config");
        giga.then_some(LinearAttnSpec {
            uses_mamba_radix_cache: true,
            support_mamba_cache_extra_buffer: false,
        })
    }

    /// `mambaish_config(model_config) is not None` (`hybrid_arch.py:145-155@0.5.23`): any hybrid
    /// linear-attention / state-space model.
    pub fn mambaish(&self) -> bool {
        self.mambaish
    }

    fn derive_mambaish(&self) -> bool {
        self.mamba2()
            || self.hybrid_gdn()
            || self.kimi_linear()
            || self.glm5_next()
            || self.hybrid_lightning()
            || self.linear_attn_spec().is_some()
    }
}
