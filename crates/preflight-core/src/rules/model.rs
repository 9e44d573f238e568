//! Per-architecture checks and defaults (`arg_groups/model_hook.py`, `arg_groups/model_overrides/*.py`,
//! `configs/model_config.py`).

use super::{RuleInfo, Unmodelled};
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

const MODEL_HOOK: &str = "python/sglang/srt/arg_groups/model_hook.py";
const HF_COMMON: &str = "python/sglang/srt/utils/hf_transformers/common.py";
const MODEL_LOADER: &str = "python/sglang/srt/model_loader/loader.py";

/// gpt-oss backend list.
pub static GPT_OSS_BACKENDS: RuleInfo = RuleInfo {
    code: "MODEL001",
    name: "gpt-oss-attention-backends",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "GptOssForCausalLM requires one of ['triton', 'trtllm_mha', 'fa3', 'fa4', 'ascend', 'intel_amx', 'intel_xpu', 'aiter'] attention backend, but got the following backends\n- Prefill: {prefill}\n- Decode: {decode}\n",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 380),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 440),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 498),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 530),
        (VersionRange::V23, MODEL_HOOK, 538),
    ],
    title: doc!("gpt-oss needs an attention backend that supports attention sinks"),
    explanation: doc!(
        "gpt-oss uses attention sinks, which flashinfer and several other backends do not implement. SGLang asserts the resolved prefill and decode backends are in its list; setting only one of the split flags leaves the other unset (None) and fails too."
    ),
    trigger: doc!("GptOssForCausalLM with a prefill or decode backend outside the list."),
    solutions: doc_list![
        "Use triton, fa3 (Hopper), trtllm_mha (Blackwell) or leave the backend unset."
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"GptOssForCausalLM","attention_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"GptOssForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Llama 4 base backend list.
pub static LLAMA4_BACKENDS: RuleInfo = RuleInfo {
    code: "MODEL002",
    name: "llama4-attention-backends",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "fa3, aiter, triton, ascend, trtllm_mha or intel_xpu is required for Llama4 model but got {attention_backend}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 462),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 522),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 582),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 616),
        (VersionRange::V23, MODEL_HOOK, 622),
    ],
    title: doc!("Llama 4 needs fa3, aiter, triton, trtllm_mha (or ascend/intel_xpu)"),
    explanation: doc!(
        "Llama 4's chunked local attention is implemented only by some backends; SGLang asserts that --attention-backend is one of them (split prefill/decode flags are not checked)."
    ),
    trigger: doc!(
        "Llama4ForConditionalGeneration / Llama4ForCausalLM with --attention-backend outside {fa3, aiter, triton, ascend, trtllm_mha, intel_xpu}."
    ),
    solutions: doc_list![
        "Leave --attention-backend unset (SGLang picks trtllm_mha on SM100, fa3 on SM90, triton elsewhere).",
    ],
    flags: &["attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Llama4ForConditionalGeneration","attention_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"Llama4ForConditionalGeneration"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Llama 4 default backend warning.
pub static LLAMA4_DEFAULT: RuleInfo = RuleInfo {
    code: "MODEL100",
    name: "llama4-attention-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Use {backend} as attention backend on {platform} for Llama4 model",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/model_overrides/llama4.py",
            37,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/model_overrides/llama4.py",
            37,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/model_overrides/llama4.py",
            34,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/model_overrides/llama4.py",
            34,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/arg_groups/model_overrides/llama4.py",
            34,
        ),
    ],
    title: doc!("Llama 4 gets a platform-specific attention backend"),
    explanation: doc!(
        "With --attention-backend unset, Llama 4 runs trtllm_mha on SM100, fa3 on SM90, aiter on AMD and triton elsewhere (including RTX 50xx and Ampere/Ada)."
    ),
    trigger: doc!("Llama 4 and --attention-backend unset."),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// Gemma 2/3 hybrid-SWA memory off.
pub static GEMMA_SWA: RuleInfo = RuleInfo {
    code: "MODEL101",
    name: "gemma-hybrid-swa-disabled",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Disable hybrid SWA memory for {arch} as it is not yet supported.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/model_overrides/gemma2_gemma3.py",
            26,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/model_overrides/gemma2_gemma3.py",
            26,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/model_overrides/gemma2_gemma3.py",
            23,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/model_overrides/gemma2_gemma3.py",
            23,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/arg_groups/model_overrides/gemma2_gemma3.py",
            23,
        ),
    ],
    title: doc!("Gemma 2/3 run without hybrid sliding-window memory"),
    explanation: doc!(
        "SGLang keeps full-size KV for every Gemma 2/3 layer (disable_hybrid_swa_memory), so memory use is that of full attention."
    ),
    trigger: doc!("A Gemma 2 / Gemma 3 architecture."),
    ..RuleInfo::BASE
};

/// Muse Spark's KV cache default (`_muse_spark_overrides`, `arg_groups/overrides.py:318-320@0.5.23`).
pub static MUSE_SPARK_KV: RuleInfo = RuleInfo {
    code: "MODEL102",
    name: "muse-spark-kv-cache-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::V23,
        "Use fp8_e4m3 KV cache by default for Muse Spark",
    )],
    sources: &[(
        VersionRange::V23,
        "python/sglang/srt/arg_groups/overrides.py",
        319,
    )],
    title: doc!("Muse Spark resolves --kv-cache-dtype auto to fp8_e4m3"),
    explanation: doc!(
        "SGLang's Muse Spark override stores the KV cache as FP8 (e4m3) unless --kv-cache-dtype is given."
    ),
    trigger: doc!("MuseSparkForConditionalGeneration with --kv-cache-dtype auto (0.5.23)."),
    flags: &["kv_cache_dtype"],
    versions: VersionRange::V23,
    ..RuleInfo::BASE
};

const MOSS_VL: &str = "python/sglang/srt/arg_groups/model_overrides/moss_vl.py";

/// Moss-VL's prefill backend default (`_moss_vl_overrides`, `model_overrides/moss_vl.py:20-22@0.5.23`).
pub static MOSS_VL_DEFAULT: RuleInfo = RuleInfo {
    code: "MODEL103",
    name: "moss-vl-prefill-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Use flashinfer as default prefill attention backend for Moss-VL",
    )],
    sources: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_20),
            MOSS_VL,
            25,
        ),
        (VersionRange::since(SglangVersion::V0_5_21), MOSS_VL, 22),
    ],
    title: doc!("Moss-VL prefills with flashinfer by default"),
    explanation: doc!(
        "With no attention backend flag set, SGLang's Moss-VL override sets --prefill-attention-backend flashinfer (its cross-attention needs flashinfer's custom mask); decode keeps the platform default."
    ),
    trigger: doc!(
        "MossVLForConditionalGeneration with --attention-backend, --prefill-attention-backend and --decode-attention-backend all unset."
    ),
    flags: &["prefill_attention_backend"],
    ..RuleInfo::BASE
};

const EMBEDDING_GEMMA2: &str = "python/sglang/srt/arg_groups/model_overrides/embedding_gemma2.py";
const BEAM: &str = "python/sglang/srt/arg_groups/model_overrides/beam.py";

/// `_embedding_gemma2_overrides` (`model_overrides/embedding_gemma2.py:34-42@0.5.23`, since
/// 0.5.22): no radix cache, and triton when no attention backend is set.
pub static EMBEDDING_GEMMA2_DEFAULT: RuleInfo = RuleInfo {
    code: "MODEL110",
    name: "embedding-gemma2-triton-default",
    severity: Severity::Info,
    exception: None,
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::ALL,
        "Use triton as default attention backend for EmbeddingGemma2Model",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        EMBEDDING_GEMMA2,
        40,
    )],
    title: doc!("EmbeddingGemma2 runs on triton without a radix cache by default"),
    explanation: doc!(
        "SGLang's EmbeddingGemma2Model override always sets --disable-radix-cache, and --attention-backend triton when the base attention backend is unset."
    ),
    trigger: doc!("EmbeddingGemma2Model with --attention-backend unset."),
    flags: &["attention_backend", "disable_radix_cache"],
    ..RuleInfo::BASE
};

/// `_beam_overrides` (`model_overrides/beam.py:24-31@0.5.23`, since 0.5.23): trtllm_mha on
/// SM90, SM100 and SM120 when no attention flag is set.
pub static BEAM_DEFAULT: RuleInfo = RuleInfo {
    code: "MODEL111",
    name: "beam-trtllm-mha-default",
    severity: Severity::Info,
    exception: None,
    versions: VersionRange::since(SglangVersion::V0_5_23),
    messages: &[(
        VersionRange::ALL,
        "Use trtllm_mha as default attention backend for Beam",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_23), BEAM, 30)],
    title: doc!("Beam uses trtllm_mha by default on SM90, SM100 and SM120"),
    explanation: doc!(
        "With --attention-backend, --prefill-attention-backend and --decode-attention-backend all unset, SGLang's Beam override sets --attention-backend trtllm_mha on SM90, SM100 and SM120 GPUs. (Its flashinfer_trtllm MoE runner default for NVFP4 checkpoints on SM100 is not modelled.)"
    ),
    trigger: doc!("BeamForCausalLM on SM90, SM100 or SM120 with no attention backend flag."),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

const QWEN3_VL: &str = "python/sglang/srt/arg_groups/model_overrides/qwen3_vl.py";

/// `_qwen3vl_overrides` (`model_overrides/qwen3_vl.py:74-77@0.5.23`, `:28-31@0.5.19`): page
/// size 16 for aiter's unified attention on ROCm.
pub static QWEN3_VL_AITER_PAGE: RuleInfo = RuleInfo {
    code: "MODEL108",
    name: "qwen3-vl-aiter-unified-page-size",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Setting page_size=16 for aiter unified attention on Qwen3VLForConditionalGeneration.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), QWEN3_VL, 28),
        (VersionRange::only(SglangVersion::V0_5_20), QWEN3_VL, 77),
        (VersionRange::since(SglangVersion::V0_5_21), QWEN3_VL, 74),
    ],
    title: doc!("Qwen3-VL on aiter's unified attention gets page size 16"),
    explanation: doc!(
        "On ROCm with SGLANG_USE_AITER_UNIFIED_ATTN=1 and no --page-size, SGLang's Qwen3-VL override sets page size 16."
    ),
    trigger: doc!(
        "Qwen3VLForConditionalGeneration on an AMD GPU, SGLANG_USE_AITER_UNIFIED_ATTN true, --page-size unset."
    ),
    flags: &["page_size", "env.SGLANG_USE_AITER_UNIFIED_ATTN"],
    ..RuleInfo::BASE
};

/// `_qwen3vl_hopper_serving_overrides` (`model_overrides/qwen3_vl.py:82-139@0.5.23`, since
/// 0.5.20): the profiled serving defaults of Qwen3-VL on a large Hopper GPU.
pub static QWEN3_VL_HOPPER_DEFAULTS: RuleInfo = RuleInfo {
    code: "MODEL109",
    name: "qwen3-vl-hopper-serving-defaults",
    severity: Severity::Info,
    exception: None,
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::ALL,
        "Applying profiled {model_type} serving defaults on a large Hopper GPU: {updates}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), QWEN3_VL, 136),
        (VersionRange::since(SglangVersion::V0_5_21), QWEN3_VL, 133),
    ],
    title: doc!("Qwen3-VL on a large Hopper GPU decodes with flashinfer by default"),
    explanation: doc!(
        "For a multimodal Qwen3-VL checkpoint (model_type qwen3_vl or qwen3_vl_moe) on an SM90 GPU with at least 60 GiB, SGLang applies its profiled serving defaults: --decode-attention-backend flashinfer when no attention flag chooses the decode side, --prefill-decode-interval 22, the priority radix eviction policy unless --radix-eviction-policy was given, no preprocessing cache and CUDA IPC feature transport on one node. Prefill keeps the platform default (fa3)."
    ),
    trigger: doc!(
        "Qwen3VLForConditionalGeneration or Qwen3VLMoeForConditionalGeneration, multimodal, on an SM90 GPU with 60 GiB or more."
    ),
    flags: &["decode_attention_backend", "attention_backend"],
    ..RuleInfo::BASE
};

/// Moss-VL's prefill backend requirement (`_moss_vl_overrides`, `model_overrides/moss_vl.py:23-30@0.5.23`).
pub static MOSS_VL_PREFILL: RuleInfo = RuleInfo {
    code: "MODEL006",
    name: "moss-vl-flashinfer-prefill",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "MossVLForConditionalGeneration requires flashinfer prefill attention backend for cross-attention custom mask support.",
    )],
    sources: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_20),
            MOSS_VL,
            30,
        ),
        (VersionRange::since(SglangVersion::V0_5_21), MOSS_VL, 27),
    ],
    title: doc!("Moss-VL needs flashinfer for prefill"),
    explanation: doc!(
        "Moss-VL's cross-attention uses a custom mask that only flashinfer implements. SGLang asserts the prefill backend (--prefill-attention-backend, else --attention-backend) is flashinfer as soon as any attention backend flag is set; setting only --decode-attention-backend leaves prefill unset and fails too."
    ),
    trigger: doc!(
        "MossVLForConditionalGeneration with an attention backend flag set and a prefill backend other than flashinfer."
    ),
    solutions: doc_list![
        "Leave the attention backend flags unset, or set --prefill-attention-backend flashinfer.",
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"MossVLForConditionalGeneration","attention_backend":"fa3"}"#,
        r#"{"gpu":"H100","arch":"MossVLForConditionalGeneration"}"#,
    ))),
    ..RuleInfo::BASE
};

const IQUEST_Q1: &str = "python/sglang/srt/arg_groups/model_overrides/iquest_q1.py";

/// IQuest Q1's FA3-only requirement (`_iquest_q1_overrides`, `model_overrides/iquest_q1.py:13-23@0.5.23`).
pub static IQUEST_Q1_FA3: RuleInfo = RuleInfo {
    code: "MODEL007",
    name: "iquest-q1-fa3-only",
    exception: Some("ValueError"),
    messages: &[(
        VersionRange::ALL,
        "IQuestQ1 applies its attention sink from the softmax LSE and requires FA3 attention for both prefill and decode.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), IQUEST_Q1, 19),
        (VersionRange::since(SglangVersion::V0_5_22), IQUEST_Q1, 20),
    ],
    title: doc!("IQuest Q1 needs FA3 attention"),
    explanation: doc!(
        "IQuest Q1 applies its attention sink from the softmax LSE, which only the FA3 backend returns; SGLang refuses any --attention-backend, --prefill-attention-backend or --decode-attention-backend other than fa3. With all three unset it picks fa3 itself."
    ),
    trigger: doc!(
        "IQuestQ1ForCausalLM / IQuestQ1MTP with an attention backend flag other than fa3 (0.5.21 and later)."
    ),
    solutions: doc_list![
        "Leave the attention backend flags unset (SGLang picks fa3), or set them to fa3."
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","attention_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM"}"#,
    ))),
    versions: VersionRange::since(SglangVersion::V0_5_21),
    ..RuleInfo::BASE
};

const GEMMA4: &str = "python/sglang/srt/arg_groups/model_overrides/gemma4.py";

/// Gemma 4's attention backend default (`_gemma4_overrides`, `model_overrides/gemma4.py:30-44@0.5.23`).
pub static GEMMA4_DEFAULT: RuleInfo = RuleInfo {
    code: "MODEL104",
    name: "gemma4-attention-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Use {default_attention_backend} as default attention backend for Gemma4",
    )],
    sources: &[
        (
            VersionRange::between(SglangVersion::V0_5_19, SglangVersion::V0_5_20),
            GEMMA4,
            30,
        ),
        (VersionRange::since(SglangVersion::V0_5_21), GEMMA4, 36),
    ],
    title: doc!("Gemma 4 gets trtllm_mha on SM100, triton elsewhere"),
    explanation: doc!(
        "With no attention backend flag set, SGLang's Gemma 4 override picks trtllm_mha on SM100 and triton elsewhere (DiffusionGemma, 0.5.21 and later: triton everywhere). When only a split flag is set, the base backend silently gets the same default, so the other side stays on a Gemma 4-compatible backend."
    ),
    trigger: doc!(
        "A Gemma 4 architecture with --attention-backend, --prefill-attention-backend and --decode-attention-backend all unset."
    ),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// Gemma 4's accepted attention backends (`handle_model_specific_adjustments`, `model_hook.py:636-660@0.5.23`).
pub static GEMMA4_BACKENDS: RuleInfo = RuleInfo {
    code: "MODEL008",
    name: "gemma4-attention-backends",
    exception: Some("AssertionError"),
    messages: &[
        (
            VersionRange::V19,
            "Gemma4 only supports trtllm_mha, triton, ascend, intel_xpu, or intel_amx attention backend, got prefill={prefill_backend}, decode={decode_backend}",
        ),
        (
            VersionRange::between(SglangVersion::V0_5_20, SglangVersion::V0_5_21),
            "Gemma4 only supports trtllm_mha, triton, ascend, intel_xpu, intel_amx, or aiter attention backend, got prefill={prefill_backend}, decode={decode_backend}",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "Gemma4 only supports trtllm_mha, triton, fa4, ascend, intel_xpu, intel_amx, or aiter attention backend, got prefill={prefill_backend}, decode={decode_backend}",
        ),
    ],
    sources: &[
        (VersionRange::V19, MODEL_HOOK, 491),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 554),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 614),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 649),
        (VersionRange::V23, MODEL_HOOK, 655),
    ],
    title: doc!("Gemma 4 needs trtllm_mha, triton, fa4 or aiter (or ascend/intel_xpu/intel_amx)"),
    explanation: doc!(
        "SGLang asserts that Gemma 4's resolved prefill and decode backends (each split flag, else --attention-backend) are in its accepted list: trtllm_mha, triton, ascend, intel_xpu and intel_amx; aiter since 0.5.20; fa4 since 0.5.22."
    ),
    trigger: doc!(
        "Gemma4ForConditionalGeneration / Gemma4ForCausalLM / Gemma4UnifiedForConditionalGeneration with a prefill or decode backend outside the list."
    ),
    solutions: doc_list![
        "Leave the attention backend flags unset (SGLang picks trtllm_mha on SM100, triton elsewhere), or use triton.",
    ],
    flags: &[
        "attention_backend",
        "prefill_attention_backend",
        "decode_attention_backend",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Gemma4ForConditionalGeneration","attention_backend":"fa3"}"#,
        r#"{"gpu":"H100","arch":"Gemma4ForConditionalGeneration"}"#,
    ))),
    ..RuleInfo::BASE
};

/// get_hf_text_config's bare assert on the text sub-config.
pub static TEXT_CONFIG_ASSERT: RuleInfo = RuleInfo {
    code: "MODEL009",
    name: "text-config-without-attention-heads",
    exception: Some("AssertionError"),
    messages: &[(VersionRange::ALL, "")],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), HF_COMMON, 495),
        (VersionRange::only(SglangVersion::V0_5_20), HF_COMMON, 560),
        (VersionRange::only(SglangVersion::V0_5_21), HF_COMMON, 590),
        (VersionRange::only(SglangVersion::V0_5_22), HF_COMMON, 601),
        (VersionRange::V23, HF_COMMON, 605),
    ],
    title: doc!("The config's text_config has no num_attention_heads"),
    explanation: doc!(
        "When SGLang loads a config.json (get_config, then get_hf_text_config), it takes the language model's sub-config from the first of thinker_config, llm_config, language_config and text_config the config has, and asserts that an llm_config or text_config has num_attention_heads. A text_config that is null (as in a config saved from class defaults) or lacks the heads fails the bare assert, with an empty message. SGLang 0.5.23 first loads the config when it checks the Muse Spark environment defaults (arg_groups/muse_spark_hook.py, right after the early validations); earlier releases when resolution first builds the model config."
    ),
    trigger: doc!(
        "A config.json whose text_config (or llm_config) is null or has no num_attention_heads, with no thinker_config or language_config before it."
    ),
    situations: doc!(
        "A Gemma4UnifiedAssistantForCausalLM config written from the class defaults (text_config: null)."
    ),
    solutions: doc_list![
        "Use the checkpoint's own config.json, whose text_config carries the language model's shape (num_attention_heads, hidden_size, ...).",
    ],
    flags: &["model_config"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","model_config":{"architectures":["LlamaForCausalLM"],"model_type":"llama","text_config":null}}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","model_config":{"architectures":["LlamaForCausalLM"],"model_type":"llama"}}"#,
    ))),
    ..RuleInfo::BASE
};

/// A checkpoint quantization that this platform does not register.
pub static UNKNOWN_QUANT: RuleInfo = RuleInfo {
    code: "MODEL003",
    name: "quantization-not-available",
    messages: &[(
        VersionRange::ALL,
        "Unknown quantization method: {quantization}. Must be one of {supported}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/configs/model_config.py",
            1648,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/configs/model_config.py",
            1865,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/configs/model_config.py",
            1961,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/configs/model_config.py",
            2040,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/configs/model_config.py",
            2152,
        ),
    ],
    title: doc!("The checkpoint's quantization is not available on this platform"),
    explanation: doc!(
        "SGLang registers some quantization methods only on some platforms: mxfp4 (gpt-oss checkpoints) exists on CUDA, CPU, XPU and gfx95 (MI350X/MI355X) but not on MI300X/MI325X (gfx942), so building the model config fails."
    ),
    trigger: doc!(
        "A checkpoint (or --quantization) whose method is not registered on the device, e.g. an MXFP4 gpt-oss on gfx942."
    ),
    situations: doc!("gpt-oss on MI300X/MI325X."),
    solutions: doc_list![
        "Run on a GPU that supports the format (NVIDIA, MI355X).",
        "Use a checkpoint in another format.",
    ],
    flags: &["gpu", "quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"GptOssForCausalLM"}"#,
        r#"{"gpu":"MI355X","arch":"GptOssForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// A quantization method SGLang does not support on ROCm.
pub static ROCM_QUANT: RuleInfo = RuleInfo {
    code: "MODEL004",
    name: "quantization-not-on-rocm",
    messages: &[(
        VersionRange::ALL,
        "{quantization} quantization is currently not supported in ROCm.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/configs/model_config.py",
            1653,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/configs/model_config.py",
            1870,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/configs/model_config.py",
            1966,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/configs/model_config.py",
            2045,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/configs/model_config.py",
            2157,
        ),
    ],
    title: doc!("This quantization is not supported on AMD GPUs"),
    explanation: doc!(
        "On ROCm SGLang accepts only awq, fp8, compressed-tensors, w8a8_fp8, petit_nvfp4, quark, mxfp4, mxfp8, auto-round and a few quark variants."
    ),
    trigger: doc!("An AMD GPU and a quantization outside SGLang's ROCm list."),
    solutions: doc_list!["Use an fp8 or quark checkpoint, or an NVIDIA GPU."],
    flags: &["quantization", "gpu"],
    example: doc_opt!(Some((
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","quantization":"modelopt_fp4"}"#,
        r#"{"gpu":"MI300X","arch":"LlamaForCausalLM","quantization":"fp8"}"#,
    ))),
    ..RuleInfo::BASE
};

/// The weight loader refuses a quantization method whose config class needs a newer GPU.
pub static QUANT_MIN_CAPABILITY: RuleInfo = RuleInfo {
    code: "MODEL012",
    name: "quantization-min-capability",
    stage: crate::report::Stage::Construction,
    messages: &[(
        VersionRange::ALL,
        "The quantization method {model_config.quantization} is not supported for the current GPU. Minimum capability: {quant_config.get_min_capability()}. Current capability: {capability}.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            MODEL_LOADER,
            249,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            MODEL_LOADER,
            252,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            MODEL_LOADER,
            255,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            MODEL_LOADER,
            256,
        ),
        (VersionRange::V23, MODEL_LOADER, 260),
    ],
    title: doc!("This quantization needs a newer GPU"),
    explanation: doc!(
        "When it loads the weights, SGLang builds the quantization method's config class and compares the GPU's compute capability (major × 10 + minor) with the class's minimum: ModelOpt FP8 and w8a8_fp8 need 8.9 (Ada, Hopper and newer), w4afp8, petit_nvfp4 and minimax_m3_nvfp4 need 9.0, nvfp4_online and MXFP8 need 10.0 on NVIDIA GPUs. The launch gets through argument resolution and fails when the model runner starts loading the model, before the KV cache and the attention backends are built."
    ),
    trigger: doc!(
        "A checkpoint quantized with such a method (its config.json's quantization_config), or --quantization naming one for online quantization, on a GPU below its minimum."
    ),
    solutions: doc_list![
        "Run on a GPU with the minimum compute capability or newer.",
        "Use a checkpoint quantized for this GPU (fp8 block quantization, AWQ or GPTQ run on SM80), or drop an online --quantization."
    ],
    flags: &["quantization", "gpu"],
    example: doc_opt!(Some((
        r#"{"gpu":"A100","arch":"LlamaForCausalLM","quantization":"w8a8_fp8"}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","quantization":"w8a8_fp8"}"#,
    ))),
    ..RuleInfo::BASE
};

/// --quantization contradicts the checkpoint.
pub static QUANT_MISMATCH: RuleInfo = RuleInfo {
    code: "MODEL005",
    name: "quantization-mismatch",
    messages: &[(
        VersionRange::ALL,
        "Quantization method specified in the model config ({quant_method}) does not match the quantization method specified in the `quantization` argument ({quantization}).",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/configs/model_config.py",
            1639,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/configs/model_config.py",
            1856,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/configs/model_config.py",
            1952,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/configs/model_config.py",
            2031,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/configs/model_config.py",
            2143,
        ),
    ],
    title: doc!("--quantization contradicts the checkpoint's quantization"),
    explanation: doc!(
        "A quantized checkpoint declares its method in config.json (quantization_config.quant_method). SGLang accepts a different --quantization only when it is compatible (e.g. modelopt_fp4 or nvfp4_online on an fp8 checkpoint) or an online requantization (quark_mxfp4); anything else is refused when the model config is built. Preflight knows the quantization of the reference checkpoint of each architecture; other checkpoints of the same architecture may differ."
    ),
    trigger: doc!(
        "--quantization set, the checkpoint is quantized with another, incompatible method."
    ),
    situations: doc!(
        "Adding --quantization fp8 to gpt-oss (an MXFP4 checkpoint); --quantization awq on an FP8 DeepSeek checkpoint."
    ),
    solutions: doc_list!["Remove --quantization: SGLang reads it from the checkpoint."],
    flags: &["quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"GptOssForCausalLM","quantization":"fp8"}"#,
        r#"{"gpu":"H100","arch":"GptOssForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// nvfp4_online quantization needs SM100.
pub static NVFP4_ONLINE: RuleInfo = RuleInfo {
    code: "MOE001",
    name: "nvfp4-online-requires-sm100",
    versions: VersionRange::ALL,
    messages: &[(
        VersionRange::ALL,
        "--quantization nvfp4_online is supported only on NVIDIA Blackwell SM100/SM103 GPUs.",
    )],
    sources: &[
        (
            VersionRange::only(SglangVersion::V0_5_20),
            "python/sglang/srt/arg_groups/overrides.py",
            1515,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_21),
            "python/sglang/srt/arg_groups/overrides.py",
            1393,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_22),
            "python/sglang/srt/arg_groups/overrides.py",
            1417,
        ),
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "python/sglang/srt/arg_groups/overrides.py",
            1469,
        ),
        (
            VersionRange::V23,
            "python/sglang/srt/arg_groups/overrides.py",
            1458,
        ),
    ],
    title: doc!("Online NVFP4 quantization needs SM100/SM103"),
    explanation: doc!(
        "--quantization nvfp4_online quantizes BF16 weights to NVFP4 at load time using trtllm-gen MoE kernels that exist only on SM100/SM103."
    ),
    trigger: doc!("--quantization nvfp4_online on a GPU that is not SM100/SM103."),
    solutions: doc_list![
        "Use fp8 online quantization, or a pre-quantized NVFP4 checkpoint on Blackwell."
    ],
    flags: &["quantization"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","quantization":"nvfp4_online"}"#,
        r#"{"gpu":"B200","arch":"Qwen3MoeForCausalLM","quantization":"nvfp4_online"}"#,
    ))),
    ..RuleInfo::BASE
};

const OVERRIDES: &str = "python/sglang/srt/arg_groups/overrides.py";

/// HRM-Text's capability adjustments (`handle_model_capability_adjustments`,
/// `model_hook.py:770-813@0.5.23`), the last declarations of resolution.
pub static HRM_TEXT_FORCE: RuleInfo = RuleInfo {
    code: "MODEL105",
    name: "hrm-text-prefix-lm",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "HRM-Text (prefix_lm) detected: forcing --attention-backend triton, --chunked-prefill-size -1, --disable-radix-cache, and --disable-cuda-graph for correctness of the bidirectional prompt attention.",
    )],
    sources: &[
        (VersionRange::V19, MODEL_HOOK, 639),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 703),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 763),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 802),
        (VersionRange::V23, MODEL_HOOK, 808),
    ],
    title: doc!("HRM-Text runs on triton without chunked prefill, radix cache or CUDA graphs"),
    explanation: doc!(
        "HRM-Text with prefix_lm (the default) attends bidirectionally over the prompt, which only the Triton backend honours; its recurrent forward also writes direction-dependent KV over many slots. At the very end of resolution SGLang therefore sets --attention-backend triton, --chunked-prefill-size -1, --disable-radix-cache and --disable-cuda-graph, whatever the launch said (the split prefill/decode flags are left as given)."
    ),
    trigger: doc!(
        "An HRM-Text checkpoint (model_type hrm_text or architecture HrmTextForCausalLM) whose config does not set prefix_lm to false."
    ),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

/// HRM-Text's backend override (`_hrm_text_attention_force`, `overrides.py:1774-1783@0.5.23`).
pub static HRM_TEXT_BACKEND: RuleInfo = RuleInfo {
    code: "MODEL106",
    name: "hrm-text-attention-override",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Overriding --attention-backend {view.attention_backend!r} -> 'triton': only the Triton backend supports HRM-Text's bidirectional prefix attention.",
    )],
    sources: &[
        (VersionRange::V19, OVERRIDES, 1736),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1789),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1681),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1724),
        (VersionRange::V23, OVERRIDES, 1777),
    ],
    title: doc!("HRM-Text's --attention-backend becomes triton"),
    explanation: doc!(
        "An --attention-backend other than triton (given, or resolved earlier, e.g. the platform default) is replaced by triton for HRM-Text's bidirectional prefix attention; SGLang says so in a warning and starts."
    ),
    trigger: doc!(
        "An HRM-Text checkpoint with prefix_lm and a resolved --attention-backend other than triton."
    ),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

const INKLING: &str = "python/sglang/srt/arg_groups/model_overrides/inkling.py";

/// Inkling's attention backend default (`_inkling_overrides`, `model_overrides/inkling.py:68-77@0.5.23`).
pub static INKLING_ATTENTION_DEFAULT: RuleInfo = RuleInfo {
    code: "MODEL107",
    name: "inkling-attention-default",
    severity: Severity::Info,
    exception: None,
    messages: &[(
        VersionRange::ALL,
        "Use {backend} as the attention backend for Inkling (requires fa4 or triton).",
    )],
    sources: &[
        (VersionRange::until(SglangVersion::V0_5_21), INKLING, 71),
        (VersionRange::since(SglangVersion::V0_5_22), INKLING, 74),
    ],
    title: doc!("Inkling gets fa4 or triton as its attention backend"),
    explanation: doc!(
        "Inkling's attention layers run only on fa4 or triton (models/inkling_common/attn.py asserts it), so when no attention backend is given SGLang picks fa4 on SM100 (0.5.22 and later also on SM90) and triton elsewhere, instead of the platform default."
    ),
    trigger: doc!(
        "InklingForConditionalGeneration(MTP) with --attention-backend, --prefill-attention-backend and --decode-attention-backend unset."
    ),
    flags: &["attention_backend"],
    ..RuleInfo::BASE
};

const MINICPM: &str = "python/sglang/srt/arg_groups/model_overrides/minicpm.py";
const ERNIE45_VL: &str = "python/sglang/srt/arg_groups/model_overrides/ernie45_vl.py";
const QWEN4_EXP: &str = "python/sglang/srt/arg_groups/model_overrides/qwen4_exp.py";
const DEEPSEEK_V2: &str = "python/sglang/srt/arg_groups/model_overrides/deepseek_v2.py";

/// `_iquest_q1_overrides` (`model_overrides/iquest_q1.py:26@0.5.23`).
pub static IQUEST_Q1_SPEC_ALGO: RuleInfo = RuleInfo {
    code: "MODEL030",
    name: "iquest-q1-spec-algorithm",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "IQuest Q1 MTP requires serial EAGLE or NEXTN drafting.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), IQUEST_Q1, 25),
        (VersionRange::since(SglangVersion::V0_5_22), IQUEST_Q1, 26),
    ],
    title: doc!("IQuest Q1 drafts only with EAGLE or NEXTN"),
    explanation: doc!(
        "IQuest Q1's MTP layer drafts serially; its override provider refuses any --speculative-algorithm other than EAGLE or NEXTN (compared upper-cased, as given, before SGLang normalises it)."
    ),
    trigger: doc!(
        "IQuestQ1ForCausalLM / IQuestQ1MTP with --speculative-algorithm other than EAGLE/NEXTN (0.5.21 and later)."
    ),
    solutions: doc_list![
        "Use --speculative-algorithm EAGLE (or NEXTN), or no speculative decoding."
    ],
    flags: &["speculative_algorithm"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","speculative_algorithm":"NGRAM"}"#,
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_iquest_q1_overrides` (`model_overrides/iquest_q1.py:28@0.5.23`).
pub static IQUEST_Q1_DRAFT_BACKEND: RuleInfo = RuleInfo {
    code: "MODEL031",
    name: "iquest-q1-draft-fa3",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "IQuestQ1 requires FA3 attention for the MTP draft.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), IQUEST_Q1, 27),
        (VersionRange::since(SglangVersion::V0_5_22), IQUEST_Q1, 28),
    ],
    title: doc!("IQuest Q1 drafts with FA3 attention only"),
    explanation: doc!(
        "The attention sink of IQuest Q1 is applied from the softmax LSE, which only FA3 returns; with speculative decoding on, SGLang refuses a --speculative-draft-attention-backend other than fa3."
    ),
    trigger: doc!(
        "IQuestQ1ForCausalLM / IQuestQ1MTP with --speculative-algorithm set and --speculative-draft-attention-backend other than fa3 (0.5.21 and later)."
    ),
    solutions: doc_list!["Leave --speculative-draft-attention-backend unset, or set it to fa3."],
    flags: &["speculative_draft_attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/iquest-q1-mtp","speculative_draft_attention_backend":"triton"}"#,
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/iquest-q1-mtp"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_iquest_q1_overrides` (`model_overrides/iquest_q1.py:30@0.5.23`).
pub static IQUEST_Q1_CP: RuleInfo = RuleInfo {
    code: "MODEL032",
    name: "iquest-q1-no-context-parallel",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "IQuestQ1 does not support context parallelism.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), IQUEST_Q1, 29),
        (VersionRange::since(SglangVersion::V0_5_22), IQUEST_Q1, 30),
    ],
    title: doc!("IQuest Q1 does not support context parallelism"),
    explanation: doc!(
        "SGLang refuses attention CP (--attn-cp-size > 1), decode CP (--dcp-size > 1) and prefill CP (--enable-prefill-cp) for IQuest Q1, in its override provider, before any parallel-layout check."
    ),
    trigger: doc!(
        "IQuestQ1ForCausalLM / IQuestQ1MTP with --attn-cp-size > 1, --dcp-size > 1 or --enable-prefill-cp (0.5.21 and later)."
    ),
    solutions: doc_list!["Drop the context-parallel flags."],
    flags: &["attn_cp_size", "dcp_size", "enable_prefill_cp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","tp_size":2,"attn_cp_size":2}"#,
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_iquest_q1_overrides` (`model_overrides/iquest_q1.py:32@0.5.23`).
pub static IQUEST_Q1_TOPK: RuleInfo = RuleInfo {
    code: "MODEL033",
    name: "iquest-q1-topk-1",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "IQuestQ1 speculative decoding requires --speculative-eagle-topk 1.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), IQUEST_Q1, 31),
        (VersionRange::since(SglangVersion::V0_5_22), IQUEST_Q1, 32),
    ],
    title: doc!("IQuest Q1 speculative decoding needs --speculative-eagle-topk 1"),
    explanation: doc!(
        "IQuest Q1 drafts a single chain; SGLang refuses --speculative-eagle-topk greater than 1."
    ),
    trigger: doc!(
        "IQuestQ1ForCausalLM / IQuestQ1MTP with --speculative-eagle-topk > 1 (0.5.21 and later)."
    ),
    solutions: doc_list!["Use --speculative-eagle-topk 1."],
    flags: &["speculative_eagle_topk"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/iquest-q1-mtp","speculative_eagle_topk":4}"#,
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/iquest-q1-mtp"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_iquest_q1_overrides` (`model_overrides/iquest_q1.py:36@0.5.23`).
pub static IQUEST_Q1_MULTI_LAYER: RuleInfo = RuleInfo {
    code: "MODEL034",
    name: "iquest-q1-no-multi-layer-eagle",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "IQuest Q1 MTP drafting does not support multi-layer EAGLE.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), IQUEST_Q1, 35),
        (VersionRange::since(SglangVersion::V0_5_22), IQUEST_Q1, 36),
    ],
    title: doc!("IQuest Q1 does not support multi-layer EAGLE"),
    explanation: doc!(
        "SGLang refuses --enable-multi-layer-eagle for IQuest Q1, whose single MTP layer drafts serially."
    ),
    trigger: doc!(
        "IQuestQ1ForCausalLM / IQuestQ1MTP with --enable-multi-layer-eagle (0.5.21 and later)."
    ),
    solutions: doc_list!["Remove --enable-multi-layer-eagle."],
    flags: &["enable_multi_layer_eagle"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/iquest-q1-mtp","enable_multi_layer_eagle":true}"#,
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","speculative_algorithm":"EAGLE","speculative_draft_model_path":"org/iquest-q1-mtp"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_iquest_q1_overrides` (`model_overrides/iquest_q1.py:38@0.5.23`).
pub static IQUEST_Q1_DP_ATTN: RuleInfo = RuleInfo {
    code: "MODEL035",
    name: "iquest-q1-no-dp-attention",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "IQuest Q1 does not support DP attention.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), IQUEST_Q1, 37),
        (VersionRange::since(SglangVersion::V0_5_22), IQUEST_Q1, 38),
    ],
    title: doc!("IQuest Q1 does not support DP attention"),
    explanation: doc!(
        "SGLang refuses attention data parallelism for IQuest Q1 (0.5.21: --enable-dp-attention; 0.5.22 and later: an attention-DP width above 1, e.g. --enable-dp-attention with --dp-size 2 or --attn-dp-size 2)."
    ),
    trigger: doc!("IQuestQ1ForCausalLM / IQuestQ1MTP with attention DP (0.5.21 and later)."),
    solutions: doc_list![
        "Drop attention DP (use plain --tp-size, or --dp-size replicas without --enable-dp-attention)."
    ],
    flags: &["enable_dp_attention", "attn_dp_size", "dp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","tp_size":2,"dp_size":2,"enable_dp_attention":true}"#,
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_iquest_q1_overrides` (`model_overrides/iquest_q1.py:40@0.5.23`).
pub static IQUEST_Q1_PP: RuleInfo = RuleInfo {
    code: "MODEL036",
    name: "iquest-q1-no-pipeline-parallel",
    versions: VersionRange::since(SglangVersion::V0_5_21),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_21),
        "IQuest Q1 does not support pipeline parallelism.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_21), IQUEST_Q1, 39),
        (VersionRange::since(SglangVersion::V0_5_22), IQUEST_Q1, 40),
    ],
    title: doc!("IQuest Q1 does not support pipeline parallelism"),
    explanation: doc!("SGLang refuses --pp-size greater than 1 for IQuest Q1."),
    trigger: doc!("IQuestQ1ForCausalLM / IQuestQ1MTP with --pp-size > 1 (0.5.21 and later)."),
    solutions: doc_list!["Use --pp-size 1 (scale with --tp-size)."],
    flags: &["pp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM","pp_size":2}"#,
        r#"{"gpu":"H100","arch":"IQuestQ1ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_minicpm_sala_overrides` (`model_overrides/minicpm.py:17-18@0.5.23`).
pub static MINICPM_DP_ATTN: RuleInfo = RuleInfo {
    code: "MODEL037",
    name: "minicpm-no-dp-attention",
    messages: &[(VersionRange::ALL, "MiniCPM does not support DP attention")],
    sources: &[
        (VersionRange::V19, MINICPM, 21),
        (VersionRange::only(SglangVersion::V0_5_20), MINICPM, 21),
        (VersionRange::since(SglangVersion::V0_5_21), MINICPM, 18),
    ],
    title: doc!("MiniCPM and MiniCPM-SALA do not support DP attention"),
    explanation: doc!(
        "SGLang's MiniCPM override provider refuses attention data parallelism (up to 0.5.21: --enable-dp-attention; 0.5.22 and later: an attention-DP width above 1)."
    ),
    trigger: doc!("MiniCPMForCausalLM / MiniCPMSALAForCausalLM with attention DP."),
    solutions: doc_list!["Drop attention DP."],
    flags: &["enable_dp_attention", "attn_dp_size", "dp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"MiniCPMSALAForCausalLM","tp_size":2,"dp_size":2,"enable_dp_attention":true}"#,
        r#"{"gpu":"H100","arch":"MiniCPMSALAForCausalLM","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_ernie45_vl_overrides` (`model_overrides/ernie45_vl.py:14-18@0.5.23`).
pub static ERNIE45_VL_DP_ATTN: RuleInfo = RuleInfo {
    code: "MODEL038",
    name: "ernie45-vl-no-dp-attention",
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "ERNIE 4.5 VL MoE does not support DP attention: its attention heads are split over the full TP group.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_22), ERNIE45_VL, 15)],
    title: doc!("ERNIE 4.5 VL MoE does not support DP attention"),
    explanation: doc!(
        "ERNIE 4.5 VL MoE splits its attention heads over the full TP group; SGLang's override provider refuses an attention-DP width above 1 (0.5.22 and later)."
    ),
    trigger: doc!("Ernie4_5_VLMoeForConditionalGeneration with attention DP (0.5.22 and later)."),
    solutions: doc_list!["Drop attention DP."],
    flags: &["enable_dp_attention", "attn_dp_size", "dp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Ernie4_5_VLMoeForConditionalGeneration","tp_size":2,"dp_size":2,"enable_dp_attention":true}"#,
        r#"{"gpu":"H100","arch":"Ernie4_5_VLMoeForConditionalGeneration","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_qwen4_exp_overrides` (`model_overrides/qwen4_exp.py:28-37@0.5.23`).
pub static QWEN4_EXP_MORI_PP: RuleInfo = RuleInfo {
    code: "MODEL039",
    name: "qwen4-exp-mori-pp",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "Qwen4-Exp PD with MORI requires --pp-size 1; MORI does not yet exchange the global QSA layer metadata needed to pair compact state descriptors across pipeline stages.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), QWEN4_EXP, 36),
        (VersionRange::since(SglangVersion::V0_5_21), QWEN4_EXP, 33),
    ],
    title: doc!("Qwen4-Exp PD over MORI needs --pp-size 1"),
    explanation: doc!(
        "Under PD disaggregation with the MORI transfer backend, SGLang refuses pipeline parallelism for Qwen4-Exp: MORI does not exchange the global QSA layer metadata across stages yet."
    ),
    trigger: doc!(
        "Qwen4ExpForConditionalGeneration with --disaggregation-mode prefill/decode, --disaggregation-transfer-backend mori and --pp-size > 1 (0.5.20 and later)."
    ),
    solutions: doc_list!["Use --pp-size 1, or another transfer backend."],
    flags: &["pp_size", "disaggregation_transfer_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen4ExpForConditionalGeneration","disaggregation_mode":"prefill","disaggregation_transfer_backend":"mori","pp_size":2}"#,
        r#"{"gpu":"H100","arch":"Qwen4ExpForConditionalGeneration","disaggregation_mode":"prefill","disaggregation_transfer_backend":"mori"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_qwen4_exp_overrides` (`model_overrides/qwen4_exp.py:38-39@0.5.23`).
pub static QWEN4_EXP_UNIFIED_MEMORY: RuleInfo = RuleInfo {
    code: "MODEL040",
    name: "qwen4-exp-no-unified-memory",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "Qwen4-Exp does not support --enable-unified-memory yet",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), QWEN4_EXP, 42),
        (VersionRange::since(SglangVersion::V0_5_21), QWEN4_EXP, 39),
    ],
    title: doc!("Qwen4-Exp does not support --enable-unified-memory"),
    explanation: doc!("SGLang's Qwen4-Exp override provider refuses the unified memory pool."),
    trigger: doc!(
        "Qwen4ExpForConditionalGeneration with --enable-unified-memory (0.5.20 and later)."
    ),
    solutions: doc_list!["Remove --enable-unified-memory."],
    flags: &["enable_unified_memory"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen4ExpForConditionalGeneration","enable_unified_memory":true}"#,
        r#"{"gpu":"H100","arch":"Qwen4ExpForConditionalGeneration"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_qwen4_exp_overrides` (`model_overrides/qwen4_exp.py:78-84@0.5.23`).
pub static QWEN4_EXP_QSA_FP8: RuleInfo = RuleInfo {
    code: "MODEL041",
    name: "qwen4-exp-qsa-fp8-platform",
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--qsa-indexer-dtype fp8_e4m3 requires a CUDA SM90/SM100 GPU",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_22), QWEN4_EXP, 82)],
    title: doc!("The FP8 QSA indexer needs an SM90 or SM100 GPU"),
    explanation: doc!(
        "FP8 QSA scoring runs on TileLang FP8 GEMMs validated on Hopper and Blackwell (SM100/SM103); SGLang refuses --qsa-indexer-dtype fp8_e4m3 elsewhere (is_sm90 / is_sm100: CUDA ≥ 12.3 / 12.8)."
    ),
    trigger: doc!(
        "Qwen4ExpForConditionalGeneration with --qsa-indexer-dtype fp8_e4m3 on a GPU that is not SM90 or SM100 (0.5.22 and later)."
    ),
    solutions: doc_list!["Leave --qsa-indexer-dtype at its default, or run on H100/H200/B200."],
    flags: &["qsa_indexer_dtype", "gpu"],
    example: doc_opt!(Some((
        r#"{"gpu":"A100","arch":"Qwen4ExpForConditionalGeneration","qsa_indexer_dtype":"fp8_e4m3"}"#,
        r#"{"gpu":"A100","arch":"Qwen4ExpForConditionalGeneration"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_dp_lm_head_validation` (`overrides.py:1428-1431@0.5.23`), run by handle_data_parallelism.
pub static TP_LM_HEAD_DP: RuleInfo = RuleInfo {
    code: "MODEL042",
    name: "tp-lm-head-a2a-needs-attention-dp",
    exception: Some("AssertionError"),
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "Please enable dp attention when setting enable_tp_lm_head_all_to_all.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "--enable-tp-lm-head-all-to-all requires attention DP (--attn-dp-size).",
        ),
    ],
    sources: &[
        (VersionRange::V19, OVERRIDES, 1442),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1488),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1369),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1392),
        (VersionRange::V23, OVERRIDES, 1429),
    ],
    title: doc!("--enable-tp-lm-head-all-to-all needs attention DP"),
    explanation: doc!(
        "The TP LM-head all-to-all path exchanges logits between attention-DP groups; SGLang asserts attention DP is on (0.5.19–0.5.21: --enable-dp-attention; 0.5.22+: an attention-DP width above 1)."
    ),
    trigger: doc!("--enable-tp-lm-head-all-to-all without attention DP."),
    solutions: doc_list!["Remove --enable-tp-lm-head-all-to-all, or enable attention DP."],
    flags: &[
        "enable_tp_lm_head_all_to_all",
        "enable_dp_attention",
        "attn_dp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":2,"enable_tp_lm_head_all_to_all":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_dp_lm_head_validation` (`overrides.py:1432-1435@0.5.23`).
pub static TP_LM_HEAD_VS_DP_LM_HEAD: RuleInfo = RuleInfo {
    code: "MODEL043",
    name: "tp-lm-head-a2a-vs-dp-lm-head",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "--enable-tp-lm-head-all-to-all uses a TP-sharded LM head and is incompatible with --enable-dp-lm-head.",
    )],
    sources: &[
        (VersionRange::V19, OVERRIDES, 1445),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1491),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1372),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1395),
        (VersionRange::V23, OVERRIDES, 1432),
    ],
    title: doc!("--enable-tp-lm-head-all-to-all and --enable-dp-lm-head exclude each other"),
    explanation: doc!(
        "The TP LM-head all-to-all path shards the LM head over TP, the DP LM head replicates it per DP group; SGLang asserts only one is set."
    ),
    trigger: doc!(
        "--enable-tp-lm-head-all-to-all together with --enable-dp-lm-head (under attention DP)."
    ),
    solutions: doc_list!["Keep one of the two flags."],
    flags: &["enable_tp_lm_head_all_to_all", "enable_dp_lm_head"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":2,"dp_size":2,"enable_dp_attention":true,"enable_tp_lm_head_all_to_all":true,"enable_dp_lm_head":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":2,"dp_size":2,"enable_dp_attention":true,"enable_tp_lm_head_all_to_all":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_dp_lm_head_validation` (`overrides.py:1436-1440@0.5.23`).
pub static TP_LM_HEAD_TP_EQ_DP: RuleInfo = RuleInfo {
    code: "MODEL044",
    name: "tp-lm-head-a2a-tp-equals-dp",
    exception: Some("AssertionError"),
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "--enable-tp-lm-head-all-to-all currently requires tp_size == dp_size, got tp_size={view.tp_size}, dp_size={view.dp_size}.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "--enable-tp-lm-head-all-to-all currently requires tp_size == attn_dp_size, got tp_size={view.tp_size}, attn_dp_size={view.attn_dp_size}.",
        ),
    ],
    sources: &[
        (VersionRange::V19, OVERRIDES, 1449),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1495),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1376),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1399),
        (VersionRange::V23, OVERRIDES, 1436),
    ],
    title: doc!("--enable-tp-lm-head-all-to-all needs one attention-DP group per TP rank"),
    explanation: doc!(
        "SGLang asserts --tp-size equals the attention-DP width (0.5.19–0.5.21: --dp-size; 0.5.22+: attn_dp_size) for the TP LM-head all-to-all path."
    ),
    trigger: doc!(
        "--enable-tp-lm-head-all-to-all under attention DP with tp_size != the attention-DP width."
    ),
    solutions: doc_list!["Set the attention-DP width equal to --tp-size, or remove the flag."],
    flags: &[
        "enable_tp_lm_head_all_to_all",
        "dp_size",
        "attn_dp_size",
        "tp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dp_size":2,"enable_dp_attention":true,"enable_tp_lm_head_all_to_all":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dp_size":4,"enable_dp_attention":true,"enable_tp_lm_head_all_to_all":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_dp_lm_head_validation` (`overrides.py:1441-1444@0.5.23`).
pub static TP_LM_HEAD_NO_CP: RuleInfo = RuleInfo {
    code: "MODEL045",
    name: "tp-lm-head-a2a-no-attention-cp",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "--enable-tp-lm-head-all-to-all currently requires attn_cp_size == 1, got {view.attn_cp_size}.",
    )],
    sources: &[
        (VersionRange::V19, OVERRIDES, 1453),
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 1499),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 1380),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 1404),
        (VersionRange::V23, OVERRIDES, 1441),
    ],
    title: doc!("--enable-tp-lm-head-all-to-all does not combine with attention CP"),
    explanation: doc!(
        "SGLang asserts attn_cp_size == 1 for the TP LM-head all-to-all path (as the value stands when handle_data_parallelism runs, before the context-parallel hook)."
    ),
    trigger: doc!("--enable-tp-lm-head-all-to-all with --attn-cp-size > 1."),
    solutions: doc_list!["Remove --attn-cp-size or the flag."],
    flags: &["enable_tp_lm_head_all_to_all", "attn_cp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dp_size":4,"enable_dp_attention":true,"attn_cp_size":2,"enable_tp_lm_head_all_to_all":true}"#,
        r#"{"gpu":"H100","arch":"Qwen3MoeForCausalLM","tp_size":4,"dp_size":4,"enable_dp_attention":true,"enable_tp_lm_head_all_to_all":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_deepseek_family_overrides` (`model_overrides/deepseek_v2.py:61-68@0.5.23`).
pub static HYV4_PREFILL_CP: RuleInfo = RuleInfo {
    code: "MODEL046",
    name: "hyv4-no-prefill-cp",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--enable-prefill-cp is not supported for HYV4 because its attention path does not implement DSA context-parallel metadata and sharding. Got architecture={model_arch!r} and enable_prefill_cp={cfg.enable_prefill_cp!r}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), DEEPSEEK_V2, 49),
        (VersionRange::only(SglangVersion::V0_5_21), DEEPSEEK_V2, 42),
        (VersionRange::since(SglangVersion::V0_5_22), DEEPSEEK_V2, 63),
    ],
    title: doc!("HYV4 does not support prefill context parallelism"),
    explanation: doc!(
        "HYV4's attention path does not implement DSA context-parallel metadata and sharding; SGLang's DeepSeek-family provider refuses --enable-prefill-cp for it."
    ),
    trigger: doc!(
        "HYV4ForCausalLM / HYV4ForCausalLMNextN (config architectures[0]) with --enable-prefill-cp (0.5.20 and later)."
    ),
    solutions: doc_list!["Remove --enable-prefill-cp."],
    flags: &["enable_prefill_cp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"HYV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
        r#"{"gpu":"H100","arch":"HYV4ForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_deepseek_family_overrides` (`model_overrides/deepseek_v2.py:69-76@0.5.23`).
pub static HYV4_DCP: RuleInfo = RuleInfo {
    code: "MODEL047",
    name: "hyv4-no-dcp",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "--dcp-size > 1 is not supported for HYV4 because decode context parallelism gathers query heads across DCP ranks but does not provide single-owner semantics for learnable attention sinks. Got architecture={model_arch!r} and dcp_size={dcp_size!r}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), DEEPSEEK_V2, 57),
        (VersionRange::only(SglangVersion::V0_5_21), DEEPSEEK_V2, 50),
        (VersionRange::since(SglangVersion::V0_5_22), DEEPSEEK_V2, 71),
    ],
    title: doc!("HYV4 does not support decode context parallelism"),
    explanation: doc!(
        "Decode CP gathers query heads across DCP ranks but gives HYV4's learnable attention sinks no single owner; SGLang refuses --dcp-size > 1."
    ),
    trigger: doc!("HYV4ForCausalLM / HYV4ForCausalLMNextN with --dcp-size > 1 (0.5.20 and later)."),
    solutions: doc_list!["Use --dcp-size 1."],
    flags: &["dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"HYV4ForCausalLM","tp_size":8,"dcp_size":2}"#,
        r#"{"gpu":"H100","arch":"HYV4ForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_dsa_dcp_overrides` (`model_overrides/deepseek_v2.py:21-22@0.5.23`).
pub static DSA_DCP_HICACHE: RuleInfo = RuleInfo {
    code: "MODEL048",
    name: "dsa-dcp-no-hicache",
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "DSA DCP does not support HiSparse or HiCache.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_22), DEEPSEEK_V2, 22)],
    title: doc!("DSA decode CP does not support HiSparse or HiCache"),
    explanation: doc!(
        "For DSA models (DeepSeek-V3.2, GLM-5) with --dcp-size > 1, SGLang refuses --enable-hisparse and --enable-hierarchical-cache."
    ),
    trigger: doc!(
        "A DSA model with --dcp-size > 1 and --enable-hisparse or --enable-hierarchical-cache (0.5.22 and later)."
    ),
    solutions: doc_list!["Drop HiSparse/HiCache, or decode CP."],
    flags: &["enable_hisparse", "enable_hierarchical_cache", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":8,"dcp_size":2,"enable_hierarchical_cache":true}"#,
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":8,"dcp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_dsa_dcp_overrides` (`model_overrides/deepseek_v2.py:23-24@0.5.23`).
pub static DSA_DCP_PD: RuleInfo = RuleInfo {
    code: "MODEL049",
    name: "dsa-dcp-no-pd",
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "DSA DCP does not support PD disaggregation.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_22), DEEPSEEK_V2, 24)],
    title: doc!("DSA decode CP does not support PD disaggregation"),
    explanation: doc!(
        "For DSA models with --dcp-size > 1, SGLang refuses --disaggregation-mode prefill/decode."
    ),
    trigger: doc!(
        "A DSA model with --dcp-size > 1 and a PD disaggregation mode (0.5.22 and later)."
    ),
    solutions: doc_list!["Use --dcp-size 1 on PD servers."],
    flags: &["disaggregation_mode", "dcp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":8,"dcp_size":2,"disaggregation_mode":"decode"}"#,
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":8,"dcp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_dsa_dcp_overrides` (`model_overrides/deepseek_v2.py:25-26@0.5.23`).
pub static DSA_DCP_TOPK: RuleInfo = RuleInfo {
    code: "MODEL050",
    name: "dsa-dcp-topk-1",
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "DSA DCP requires --speculative-eagle-topk 1.",
    )],
    sources: &[(VersionRange::since(SglangVersion::V0_5_22), DEEPSEEK_V2, 26)],
    title: doc!("DSA decode CP needs --speculative-eagle-topk 1"),
    explanation: doc!(
        "For DSA models with --dcp-size > 1, SGLang refuses an explicit --speculative-eagle-topk other than 1."
    ),
    trigger: doc!(
        "A DSA model with --dcp-size > 1 and --speculative-eagle-topk set to a value other than 1 (0.5.22 and later)."
    ),
    solutions: doc_list!["Use --speculative-eagle-topk 1."],
    flags: &["speculative_eagle_topk"],
    example: doc_opt!(Some((
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":8,"dcp_size":2,"speculative_algorithm":"EAGLE","speculative_eagle_topk":2}"#,
        r#"{"gpu":"B200","arch":"DeepseekV32ForCausalLM","tp_size":8,"dcp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// `context_parallel_attn_dp_size` (`model_override_base.py:229-248@0.5.23`): replicas and
/// attention DP do not combine under a DeepSeek context-parallel layout.
pub static CP_DP_REPLICAS: RuleInfo = RuleInfo {
    code: "MODEL051",
    name: "cp-layout-dp-replicas-with-attention-dp",
    exception: Some("AssertionError"),
    versions: VersionRange::since(SglangVersion::V0_5_22),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "--dp-size {cfg.dp_size} with --attn-dp-size {cfg.attn_dp_size}: data-parallel replicas combined with attention data parallelism are not supported.",
    )],
    sources: &[(
        VersionRange::since(SglangVersion::V0_5_22),
        "python/sglang/srt/arg_groups/model_override_base.py",
        235,
    )],
    title: doc!("A DeepSeek context-parallel layout takes --dp-size or --attn-dp-size, not both"),
    explanation: doc!(
        "DeepSeek's context-parallel layouts (DeepSeek-V4 prefill CP, DSA and MLA CP) run data-parallel groups as attention DP, so SGLang reads --dp-size N alone as N attention-DP groups (deprecated) and asserts that --dp-size and --attn-dp-size are not both above 1."
    ),
    trigger: doc!(
        "DeepseekV4ForCausalLM with --enable-prefill-cp, a valid --cp-strategy, --dp-size > 1 and --attn-dp-size > 1 (0.5.22 and later)."
    ),
    solutions: doc_list![
        "Use --attn-dp-size only (DeepSeek-V4 CP itself needs an attention-DP width of 1)."
    ],
    flags: &["dp_size", "attn_dp_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave","attn_dp_size":2,"dp_size":2}"#,
        r#"{"gpu":"H100","arch":"DeepseekV4ForCausalLM","tp_size":8,"enable_prefill_cp":true,"cp_strategy":"interleave"}"#,
    ))),
    ..RuleInfo::BASE
};

const MODEL_OVERRIDE_BASE: &str = "python/sglang/srt/arg_groups/model_override_base.py";
const KIMI_K3: &str = "python/sglang/srt/arg_groups/model_overrides/kimi_k3.py";

/// The contract guards of SGLang's declaration machinery: no launch reaches them.
const MACHINERY: &str = "A guard of SGLang's own resolution machinery (an override provider or post-process pass returning something other than a dict, a declaration naming a field ServerArgs lacks or one outside the publish gate, a write to a read-only view, or a declaration after publish): it fires only on a programming error in SGLang or a plugin, never on launch arguments.";

/// Checks of this module's files that are deliberately not modelled.
pub static UNMODELLED: &[Unmodelled] = &[
    Unmodelled {
        file: MODEL_HOOK,
        function: "handle_model_specific_adjustments",
        message: "NPU decode context parallelism is currently implemented only for DeepSeek DSA models",
        reason: "Fires only on an Ascend NPU (get_platform().is_npu), and Preflight's hardware catalogue has no NPU: every modelled device is a CUDA or ROCm GPU, on which the check never runs.",
    },
    Unmodelled {
        file: MODEL_HOOK,
        function: "handle_model_capability_adjustments",
        message: "checkpoints are served with --tp-size 1 and --pp-size 1",
        reason: "Gated on ModelConfig.joint_head_config / pointer_head, which SGLang loads from separate files of the checkpoint (joint_head_config.json for Clef, the pointer-head files for Kev: configs/model_config.py:296-360@0.5.23), not from config.json; a launch does not supply them.",
    },
    Unmodelled {
        file: MODEL_OVERRIDE_BASE,
        function: "_invoke_provider",
        message: "must return a dict",
        reason: MACHINERY,
    },
    Unmodelled {
        file: MODEL_OVERRIDE_BASE,
        function: "ResolvedView.__setattr__",
        message: "",
        reason: MACHINERY,
    },
    Unmodelled {
        file: MODEL_OVERRIDE_BASE,
        function: "ResolvingConfig.__setattr__",
        message: "",
        reason: MACHINERY,
    },
    Unmodelled {
        file: OVERRIDES,
        function: "mamba_cache_chunk_size",
        message: "",
        reason: "Not judged: it compares --page-size with the model's mamba_chunk_size as the config class derives it (NemotronHConfig maps the legacy chunk_size, other classes have their own defaults), which Preflight's config loader does not derive. It fails only for a page size that neither divides nor is a multiple of the chunk size (64-256), and only under an extra_buffer strategy, where validate_mamba_extra_buffer first requires --mamba-track-interval to be a multiple of the page size (LIN021), so power-of-two page sizes never reach it.",
    },
    Unmodelled {
        file: OVERRIDES,
        function: "max_speculative_num_draft_tokens",
        message: "",
        reason: "Unreachable after resolution: the algorithms' resolve_max_speculative_num_draft_tokens returns speculative_num_draft_tokens itself, or with --speculative-adaptive max(candidate_steps) + 1, while _init_adaptive_speculative_params (speculative_hook.py:1391-1427@0.5.23) sets speculative_num_draft_tokens to steps + 1 for steps among those candidates.",
    },
    Unmodelled {
        file: OVERRIDES,
        function: "run_post_process_pass",
        message: "",
        reason: MACHINERY,
    },
    Unmodelled {
        file: OVERRIDES,
        function: "declare_resolution",
        message: "",
        reason: MACHINERY,
    },
    Unmodelled {
        file: OVERRIDES,
        function: "declare_late_resolution",
        message: "",
        reason: MACHINERY,
    },
    Unmodelled {
        file: OVERRIDES,
        function: "validate_declarations",
        message: "",
        reason: MACHINERY,
    },
    Unmodelled {
        file: KIMI_K3,
        function: "_require_kimi_k3_cutedsl_dcp_support",
        message: "",
        reason: "Reads the installed FlashInfer package (its version, and whether flashinfer.decode's trtllm_batch_decode_with_kv_cache_mla signature takes enable_dcp), which a launch does not state.",
    },
    Unmodelled {
        file: KIMI_K3,
        function: "_require_kimi_k3_aiter_gluon_dcp_support",
        message: "",
        reason: "Reads whether the installed aiter package ships its gluon MLA decode kernel, which a launch does not state.",
    },
    Unmodelled {
        file: QWEN4_EXP,
        function: "_qwen4_exp_overrides",
        message: "requires the compressed QSA indexer",
        reason: "Needs parse_qsa_profile (layers/attention/qsa/config.py) of the checkpoint's QSA configuration, which Preflight's model facts do not derive.",
    },
    Unmodelled {
        file: MINICPM,
        function: "_minicpm_sala_overrides",
        message: "MiniCPM SALA does not support hierarchical cache",
        reason: "Gated on MiniCPMConfig's has_minicpm_sparse_attention / has_lightning_layers properties (configs/minicpm.py:180-190@0.5.23), which Preflight's model facts do not derive; the reference MiniCPM configs also need the checkpoints' remote code to load.",
    },
    Unmodelled {
        file: MINICPM,
        function: "_minicpm_sala_overrides",
        message: "MiniCPM sparse attention does not support PD disaggregation",
        reason: "Gated on MiniCPMConfig's has_minicpm_sparse_attention property and the minicpm_* sparse backends (configs/minicpm.py:180@0.5.23), which are not modelled.",
    },
];

/// `_dsa_split_backend_resolution`'s learnable-sink branch (`overrides.py:644-663@0.5.23`, since
/// 0.5.20): HYV4-style DSA models run flashmla_sparse for both phases.
pub static DSA_LEARNABLE_SINK_BACKEND: RuleInfo = RuleInfo {
    code: "MODEL052",
    name: "dsa-learnable-sink-flashmla-sparse",
    versions: VersionRange::since(SglangVersion::V0_5_20),
    messages: &[(
        VersionRange::since(SglangVersion::V0_5_20),
        "{model_arch} uses learnable attention sinks and requires {option} {backend!r}; got {value!r}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_20), OVERRIDES, 717),
        (VersionRange::only(SglangVersion::V0_5_21), OVERRIDES, 621),
        (VersionRange::only(SglangVersion::V0_5_22), OVERRIDES, 626),
        (VersionRange::V23, OVERRIDES, 650),
    ],
    title: doc!(
        "A DSA model with learnable attention sinks needs the flashmla_sparse DSA backends"
    ),
    explanation: doc!(
        "For a DeepSeek-family DSA checkpoint whose config sets learnable_sink (HYV4), SGLang's DSA split-backend resolution accepts only flashmla_sparse for --dsa-prefill-backend and --dsa-decode-backend and fills the unset sides with it, before any KV-dtype or platform default."
    ),
    trigger: doc!(
        "A DSA model with learnable_sink in its config and --dsa-prefill-backend or --dsa-decode-backend set to another backend (0.5.20 and later)."
    ),
    solutions: doc_list!["Leave the DSA backend flags unset, or set them to flashmla_sparse."],
    flags: &["dsa_prefill_backend", "dsa_decode_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"HYV4ForCausalLM","tp_size":8,"dsa_decode_backend":"fa3"}"#,
        r#"{"gpu":"H100","arch":"HYV4ForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// `_validate_dsa_tbo_index_sharing` (`model_hook.py:55-75@0.5.23`; inline in the DSA branch in
/// 0.5.19, without `indexer_types`).
pub static DSA_TBO_INDEX_SHARING: RuleInfo = RuleInfo {
    code: "MODEL060",
    name: "dsa-two-batch-overlap-index-sharing",
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "--enable-two-batch-overlap is not supported with DSA index-topk sharing (index_topk_freq > 1 or an index_topk_pattern containing shared layers): the TBO op path does not propagate topk indices across layers, so shared layers would run sparse attention without indices.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_20),
            "--enable-two-batch-overlap is not supported with DSA index-topk sharing: the TBO op path does not propagate topk indices across layers, so shared layers would run sparse attention without indices. Got index_topk_freq={index_topk_freq!r}, index_topk_pattern={index_topk_pattern!r}, and indexer_types={indexer_types!r}.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 178),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 61),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 63),
        (VersionRange::since(SglangVersion::V0_5_22), MODEL_HOOK, 67),
    ],
    title: doc!("Two-batch overlap cannot run a DSA model that shares index-topk across layers"),
    explanation: doc!(
        "Some DSA checkpoints compute the indexer's top-k only on some layers and reuse it on the others (index_topk_freq > 1, an 'S' in index_topk_pattern, or 'shared' in indexer_types). The two-batch-overlap op path does not carry those indices from layer to layer, so SGLang refuses --enable-two-batch-overlap for such a model in the DeepSeek branch of its model hook."
    ),
    trigger: doc!(
        "A DeepSeek-family DSA model whose config sets index_topk_freq > 1, an index_topk_pattern containing 'S' or indexer_types containing 'shared' (0.5.20 and later; 0.5.19 reads only the first two), with --enable-two-batch-overlap."
    ),
    solutions: doc_list!["Drop --enable-two-batch-overlap for this checkpoint."],
    flags: &["enable_two_batch_overlap"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_two_batch_overlap":true,"json_model_override_args":"{\"index_topk_freq\": 2}"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"json_model_override_args":"{\"index_topk_freq\": 2}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Intern-S2-Mobius's parallelism refusal (`model_hook.py:175-185@0.5.23`).
pub static INTERN_S2_MOBIUS_PARALLEL: RuleInfo = RuleInfo {
    code: "MODEL061",
    name: "intern-s2-mobius-pp-ep",
    messages: &[(
        VersionRange::ALL,
        "Intern-S2-Mobius does not support: {\"; \".join(unsupported)}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 83),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 120),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 174),
        (VersionRange::since(SglangVersion::V0_5_22), MODEL_HOOK, 183),
    ],
    title: doc!("Intern-S2-Mobius runs without pipeline and expert parallelism"),
    explanation: doc!(
        "SGLang's model hook refuses Intern-S2-Mobius with --pp-size or --ep-size other than 1, listing each unsupported kind of parallelism."
    ),
    trigger: doc!("InternS2MobiusForConditionalGeneration with --pp-size != 1 or --ep-size != 1."),
    solutions: doc_list!["Use tensor parallelism only: --pp-size 1 and --ep-size 1."],
    flags: &["pp_size", "ep_size"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"InternS2MobiusForConditionalGeneration","tp_size":2,"ep_size":2}"#,
        r#"{"gpu":"H100","arch":"InternS2MobiusForConditionalGeneration","tp_size":2}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--enable-dsa-cache-layer-split` on a model without DSA (`model_hook.py:187-191@0.5.23`).
pub static DSA_LAYER_SPLIT_NOT_DSA: RuleInfo = RuleInfo {
    code: "MODEL062",
    name: "dsa-cache-layer-split-needs-dsa",
    messages: &[(
        VersionRange::ALL,
        "--enable-dsa-cache-layer-split is only supported for DSA (DeepSeek Sparse Attention) models.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 88),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 125),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 179),
        (VersionRange::since(SglangVersion::V0_5_22), MODEL_HOOK, 188),
    ],
    title: doc!("--enable-dsa-cache-layer-split needs a DSA model"),
    explanation: doc!(
        "The DSA cache layer split divides a DeepSeek Sparse Attention model's KV and indexer caches across the prefill context-parallel ranks; SGLang refuses the flag for any model that is_deepseek_dsa does not recognise (a DSA architecture with index_topk in its config)."
    ),
    trigger: doc!("--enable-dsa-cache-layer-split with a model that is not a DSA model."),
    solutions: doc_list!["Drop --enable-dsa-cache-layer-split."],
    flags: &["enable_dsa_cache_layer_split"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_dsa_cache_layer_split":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--enable-cp-decode-attn-tp` outside `CP_DECODE_ATTN_TP_SUPPORTED_ARCHS`
/// (`model_hook.py:193-204@0.5.23`).
pub static CP_DECODE_ATTN_TP_ARCH: RuleInfo = RuleInfo {
    code: "MODEL063",
    name: "cp-decode-attn-tp-architectures",
    messages: &[(
        VersionRange::ALL,
        "--enable-cp-decode-attn-tp is only supported for models whose attention linears are replicated across CP ranks (attn_tp_size=1). Got {model_arch}; supported: {sorted(CP_DECODE_ATTN_TP_SUPPORTED_ARCHS)}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 99),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 136),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 190),
        (VersionRange::since(SglangVersion::V0_5_22), MODEL_HOOK, 199),
    ],
    title: doc!("--enable-cp-decode-attn-tp supports only DeepSeek-V4 and GLM-5 DSA architectures"),
    explanation: doc!(
        "The CP decode attention-TP path needs attention linears replicated across the context-parallel ranks; SGLang lists the architectures that have them (CP_DECODE_ATTN_TP_SUPPORTED_ARCHS in layers/cp/cp_decode_attn_tp.py) and refuses the flag for any other."
    ),
    trigger: doc!("--enable-cp-decode-attn-tp with an architecture outside that list."),
    solutions: doc_list!["Drop --enable-cp-decode-attn-tp."],
    flags: &["enable_cp_decode_attn_tp"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_cp_decode_attn_tp":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// DSA prefill CP on a decode worker (`model_hook.py:361-364@0.5.23`).
pub static DSA_PREFILL_CP_DECODE: RuleInfo = RuleInfo {
    code: "MODEL064",
    name: "dsa-prefill-cp-on-decode-worker",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "CP is only supported for prefill when PD disaggregation, please remove --enable-prefill-cp.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 221),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 264),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 324),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 356),
        (VersionRange::V23, MODEL_HOOK, 362),
    ],
    title: doc!("A DSA decode worker cannot take --enable-prefill-cp"),
    explanation: doc!(
        "For a DeepSeek-family DSA model, SGLang asserts in its model hook that prefill context parallelism is not asked of a PD decode worker: CP is a prefill-side feature."
    ),
    trigger: doc!("A DSA model with --enable-prefill-cp and --disaggregation-mode decode."),
    solutions: doc_list!["Remove --enable-prefill-cp from the decode worker."],
    flags: &["enable_prefill_cp", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_prefill_cp":true,"disaggregation_mode":"decode"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"disaggregation_mode":"decode"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--enable-dsa-cache-layer-split` on a decode worker (`model_hook.py:365-374@0.5.23`).
pub static DSA_LAYER_SPLIT_DECODE: RuleInfo = RuleInfo {
    code: "MODEL065",
    name: "dsa-cache-layer-split-decode-worker",
    messages: &[(
        VersionRange::ALL,
        "--enable-dsa-cache-layer-split is not supported on decode workers. This flag is a prefill-CP optimization; decode receives full cache shards through PD transfer.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 229),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 272),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 332),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 364),
        (VersionRange::V23, MODEL_HOOK, 370),
    ],
    title: doc!("--enable-dsa-cache-layer-split is a prefill-worker flag"),
    explanation: doc!(
        "The DSA cache layer split is a prefill context-parallel optimisation; a PD decode worker receives the full cache shards through the transfer, so SGLang refuses the flag there."
    ),
    trigger: doc!(
        "A DSA model with --enable-dsa-cache-layer-split and --disaggregation-mode decode."
    ),
    solutions: doc_list!["Set --enable-dsa-cache-layer-split on the prefill workers only."],
    flags: &["enable_dsa_cache_layer_split", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_dsa_cache_layer_split":true,"disaggregation_mode":"decode"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"disaggregation_mode":"decode"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--enable-dsa-cache-layer-split` without PD (`model_hook.py:376-380@0.5.23`).
pub static DSA_LAYER_SPLIT_NON_PD: RuleInfo = RuleInfo {
    code: "MODEL066",
    name: "dsa-cache-layer-split-needs-pd-prefill",
    messages: &[(
        VersionRange::ALL,
        "--enable-dsa-cache-layer-split is only supported on PD prefill workers. Non-PD workers also run decode and require ordinary local decode cache semantics.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 235),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 278),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 338),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 370),
        (VersionRange::V23, MODEL_HOOK, 376),
    ],
    title: doc!("--enable-dsa-cache-layer-split needs a PD prefill worker"),
    explanation: doc!(
        "A server that is not a PD prefill worker also decodes and needs the ordinary local decode cache, which the layer split does not keep; SGLang accepts the flag only with --disaggregation-mode prefill."
    ),
    trigger: doc!("A DSA model with --enable-dsa-cache-layer-split and no PD disaggregation."),
    solutions: doc_list![
        "Drop --enable-dsa-cache-layer-split, or run the server as a PD prefill worker."
    ],
    flags: &["enable_dsa_cache_layer_split", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_dsa_cache_layer_split":true}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--enable-dsa-cache-layer-split` without interleaved prefill CP (`model_hook.py:381-387@0.5.23`).
pub static DSA_LAYER_SPLIT_CP: RuleInfo = RuleInfo {
    code: "MODEL067",
    name: "dsa-cache-layer-split-needs-interleaved-prefill-cp",
    messages: &[
        (
            VersionRange::only(SglangVersion::V0_5_19),
            "--enable-dsa-cache-layer-split requires --enable-prefill-cp and --cp-strategy interleave (or legacy --enable-nsa-prefill-context-parallel with --nsa-prefill-cp-mode round-robin-split).",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_20),
            "--enable-dsa-cache-layer-split requires --enable-prefill-cp and --cp-strategy interleave.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 243),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 286),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 346),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 378),
        (VersionRange::V23, MODEL_HOOK, 384),
    ],
    title: doc!("--enable-dsa-cache-layer-split needs interleaved prefill context parallelism"),
    explanation: doc!(
        "The layer split assigns cache layers to the ranks of an interleaved prefill context-parallel group; SGLang refuses it unless --enable-prefill-cp is on with --cp-strategy interleave."
    ),
    trigger: doc!(
        "A DSA PD prefill worker with --enable-dsa-cache-layer-split and no --enable-prefill-cp, or another --cp-strategy."
    ),
    solutions: doc_list![
        "Add --enable-prefill-cp --cp-strategy interleave, or drop the layer split."
    ],
    flags: &[
        "enable_dsa_cache_layer_split",
        "enable_prefill_cp",
        "cp_strategy",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_dsa_cache_layer_split":true,"disaggregation_mode":"prefill"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--enable-dsa-cache-layer-split` over a transfer backend other than mooncake
/// (`model_hook.py:391-400@0.5.23`).
pub static DSA_LAYER_SPLIT_MOONCAKE: RuleInfo = RuleInfo {
    code: "MODEL068",
    name: "dsa-cache-layer-split-mooncake-only",
    messages: &[(
        VersionRange::ALL,
        "--enable-dsa-cache-layer-split currently only supports the mooncake transfer backend (mooncake / mooncake_tcp). Got --disaggregation-transfer-backend {cfg.disaggregation_transfer_backend!r}. mori/nixl support will be added later by the community.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 256),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 297),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 357),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 389),
        (VersionRange::V23, MODEL_HOOK, 395),
    ],
    title: doc!("--enable-dsa-cache-layer-split transfers over mooncake only"),
    explanation: doc!(
        "The layer split relies on mooncake's all-CP-rank KV and indexer transfer path; SGLang refuses it with any other --disaggregation-transfer-backend."
    ),
    trigger: doc!(
        "A DSA PD prefill worker with the layer split, interleaved prefill CP and a transfer backend other than mooncake."
    ),
    solutions: doc_list!["Use --disaggregation-transfer-backend mooncake (the default)."],
    flags: &[
        "disaggregation_transfer_backend",
        "enable_dsa_cache_layer_split",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_dsa_cache_layer_split":true,"disaggregation_mode":"prefill","enable_prefill_cp":true,"cp_strategy":"interleave","attn_cp_size":8,"disaggregation_transfer_backend":"nixl"}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_dsa_cache_layer_split":true,"disaggregation_mode":"prefill","enable_prefill_cp":true,"cp_strategy":"interleave","attn_cp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--enable-dsa-cache-layer-split` with pipeline parallelism (`model_hook.py:401-408@0.5.23`).
pub static DSA_LAYER_SPLIT_PP: RuleInfo = RuleInfo {
    code: "MODEL069",
    name: "dsa-cache-layer-split-no-pp",
    messages: &[(
        VersionRange::ALL,
        "--enable-dsa-cache-layer-split is not supported with pipeline parallelism (pp_size > 1) yet. It requires prefill context parallelism, and CP + PP has not been validated for this feature.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 264),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 305),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 365),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 397),
        (VersionRange::V23, MODEL_HOOK, 403),
    ],
    title: doc!("--enable-dsa-cache-layer-split does not run with pipeline parallelism"),
    explanation: doc!(
        "The layer split needs prefill context parallelism, and SGLang has not validated CP with PP for it: it refuses --pp-size > 1."
    ),
    trigger: doc!("A DSA PD prefill worker with the layer split and --pp-size > 1."),
    solutions: doc_list!["Use --pp-size 1 with the layer split."],
    flags: &["pp_size", "enable_dsa_cache_layer_split"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"pp_size":2,"enable_dsa_cache_layer_split":true,"disaggregation_mode":"prefill","enable_prefill_cp":true,"cp_strategy":"interleave","attn_cp_size":8}"#,
        r#"{"gpu":"H100","arch":"DeepseekV32ForCausalLM","tp_size":8,"enable_dsa_cache_layer_split":true,"disaggregation_mode":"prefill","enable_prefill_cp":true,"cp_strategy":"interleave","attn_cp_size":8}"#,
    ))),
    ..RuleInfo::BASE
};

/// gpt-oss's Triton-kernel MoE with expert parallelism (`model_hook.py:568-571@0.5.23`).
pub static TRITON_KERNEL_EP: RuleInfo = RuleInfo {
    code: "MODEL070",
    name: "gpt-oss-triton-kernel-moe-ep",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "Triton kernel MoE is only supported when ep_size == 1",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 411),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 471),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 531),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 563),
        (VersionRange::V23, MODEL_HOOK, 569),
    ],
    title: doc!("gpt-oss's Triton-kernel MoE runs without expert parallelism"),
    explanation: doc!(
        "For gpt-oss, SGLang asserts that the triton_kernel MoE runner (set with --moe-runner-backend or chosen by gpt-oss's own defaults) runs with --ep-size 1."
    ),
    trigger: doc!(
        "GptOssForCausalLM whose resolved MoE runner is triton_kernel with --ep-size > 1."
    ),
    solutions: doc_list![
        "Use --ep-size 1, or another --moe-runner-backend (e.g. triton) with expert parallelism."
    ],
    flags: &["ep_size", "moe_runner_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"GptOssForCausalLM","tp_size":2,"ep_size":2,"moe_runner_backend":"triton_kernel"}"#,
        r#"{"gpu":"H100","arch":"GptOssForCausalLM","tp_size":2,"moe_runner_backend":"triton_kernel"}"#,
    ))),
    ..RuleInfo::BASE
};

/// MiMo-V2's fused-QKV attention TP width (`model_hook.py:573-598@0.5.23`).
pub static MIMO_V2_ATTN_TP: RuleInfo = RuleInfo {
    code: "MODEL071",
    name: "mimo-v2-fused-qkv-attention-tp",
    messages: &[
        (
            VersionRange::until(SglangVersion::V0_5_21),
            "MiMoV2ForCausalLM requires effective attention TP size {expected_attn_tp_size} because its fused qkv_proj weights are TP={expected_attn_tp_size}-interleaved; got {effective_attn_tp_size} (tp_size={cfg.tp_size}, dp_size={cfg.dp_size}, enable_dp_attention={view.enable_dp_attention}, attn_cp_size={view.attn_cp_size}). Set --tp, --dp, --enable-dp-attention, and --attention-context-parallel-size so the effective attention TP size is {expected_attn_tp_size}.",
        ),
        (
            VersionRange::since(SglangVersion::V0_5_22),
            "MiMoV2ForCausalLM requires effective attention TP size {expected_attn_tp_size} because its fused qkv_proj weights are TP={expected_attn_tp_size}-interleaved; got {effective_attn_tp_size} (tp_size={cfg.tp_size}, attn_dp_size={cfg.attn_dp_size}, attn_cp_size={view.attn_cp_size}). Set --tp, --attn-dp-size, and --attention-context-parallel-size so the effective attention TP size is {expected_attn_tp_size}.",
        ),
    ],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 425),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 485),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 545),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 580),
        (VersionRange::V23, MODEL_HOOK, 586),
    ],
    title: doc!("A fused-QKV MiMo-V2 checkpoint fixes the attention TP width"),
    explanation: doc!(
        "A MiMo-V2 checkpoint with attention_projection_layout 'fused_qkv' stores its qkv_proj weights interleaved for a TP width equal to num_key_value_heads; SGLang refuses an effective attention TP size (tp_size divided by the attention-DP and attention-CP widths) that does not divide it."
    ),
    trigger: doc!(
        "MiMoV2ForCausalLM (not --encoder-only) whose config sets attention_projection_layout 'fused_qkv', with num_key_value_heads not a multiple of the effective attention TP size."
    ),
    solutions: doc_list![
        "Choose --tp-size, the attention-DP width and --attention-context-parallel-size so that the attention TP size divides num_key_value_heads."
    ],
    flags: &[
        "tp_size",
        "attn_dp_size",
        "dp_size",
        "enable_dp_attention",
        "attn_cp_size",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"MiMoV2ForCausalLM","tp_size":8,"json_model_override_args":"{\"attention_projection_layout\": \"fused_qkv\", \"hybrid_layer_pattern\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}"}"#,
        r#"{"gpu":"H100","arch":"MiMoV2ForCausalLM","tp_size":4,"json_model_override_args":"{\"attention_projection_layout\": \"fused_qkv\", \"hybrid_layer_pattern\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}"}"#,
    ))),
    ..RuleInfo::BASE
};

/// EXAONE's sliding-window backend list (`model_hook.py:668-682@0.5.23`).
pub static EXAONE_BACKENDS: RuleInfo = RuleInfo {
    code: "MODEL072",
    name: "exaone-sliding-window-backends",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "One of the attention backends in {accepted_backends} is required for {model_arch}, but got {attention_backend}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 511),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 574),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 634),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 673),
        (VersionRange::V23, MODEL_HOOK, 679),
    ],
    title: doc!("EXAONE with sliding-window layers needs fa3, triton or trtllm_mha"),
    explanation: doc!(
        "For an EXAONE 4 / EXAONE MoE checkpoint whose config sets sliding_window_pattern, SGLang asserts that --attention-backend (as the EXAONE provider filled it: trtllm_mha on SM100, fa3 on other CUDA GPUs of SM80 and up, triton elsewhere) is fa3, triton or trtllm_mha."
    ),
    trigger: doc!(
        "Exaone4ForCausalLM / ExaoneMoEForCausalLM with a sliding_window_pattern and another --attention-backend (the split prefill/decode flags are not read)."
    ),
    solutions: doc_list!["Leave --attention-backend unset, or set fa3, triton or trtllm_mha."],
    flags: &["attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Exaone4ForCausalLM","attention_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"Exaone4ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// OLMo 2 / 3 with FlashInfer (`model_hook.py:683-692@0.5.23`).
pub static OLMO2_FLASHINFER: RuleInfo = RuleInfo {
    code: "MODEL073",
    name: "olmo-flashinfer",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "FlashInfer backend can significantly degrade the performance of Olmo3 models.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 522),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 585),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 645),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 684),
        (VersionRange::V23, MODEL_HOOK, 690),
    ],
    title: doc!("OLMo 2 / OLMo 3 refuses the flashinfer attention backend"),
    explanation: doc!(
        "FlashInfer degrades OLMo 3's sliding-window attention; SGLang asserts for the Olmo2ForCausalLM architecture (which serves OLMo 2 and 3) that --attention-backend is not flashinfer."
    ),
    trigger: doc!("Olmo2ForCausalLM with --attention-backend flashinfer."),
    solutions: doc_list![
        "Leave --attention-backend unset (fa3 / trtllm_mha / triton), or pick another."
    ],
    flags: &["attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Olmo2ForCausalLM","attention_backend":"flashinfer"}"#,
        r#"{"gpu":"H100","arch":"Olmo2ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// LFM2 with Triton attention (`model_hook.py:714-722@0.5.23`).
pub static LFM2_TRITON: RuleInfo = RuleInfo {
    code: "MODEL074",
    name: "lfm2-no-triton-attention",
    exception: Some("AssertionError"),
    messages: &[(
        VersionRange::ALL,
        "{model_arch} does not support triton attention backend, as the first layer might not be an attention layer",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 550),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 614),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 674),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 713),
        (VersionRange::V23, MODEL_HOOK, 719),
    ],
    title: doc!("LFM2 cannot use the triton attention backend"),
    explanation: doc!(
        "LFM2's first layer may be a convolution layer rather than attention, which the triton backend does not handle; SGLang asserts --attention-backend is not triton for Lfm2ForCausalLM and Lfm2MoeForCausalLM."
    ),
    trigger: doc!("Lfm2ForCausalLM / Lfm2MoeForCausalLM with --attention-backend triton."),
    solutions: doc_list!["Leave --attention-backend unset, or pick another backend."],
    flags: &["attention_backend"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Lfm2ForCausalLM","attention_backend":"triton"}"#,
        r#"{"gpu":"H100","arch":"Lfm2ForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--enable-encoder-swa-bounded-replay` without DeepSeek-V4.1 (`model_hook.py:1037-1045@0.5.23`).
pub static ENCODER_SWA_REPLAY: RuleInfo = RuleInfo {
    code: "MODEL075",
    name: "encoder-swa-bounded-replay-needs-v41",
    versions: VersionRange::V23,
    messages: &[(
        VersionRange::V23,
        "--enable-encoder-swa-bounded-replay requires DeepSeek-V4.1",
    )],
    sources: &[(VersionRange::V23, MODEL_HOOK, 1045)],
    title: doc!("--enable-encoder-swa-bounded-replay needs a DeepSeek-V4.1 checkpoint"),
    explanation: doc!(
        "The bounded encoder sliding-window replay exists only for DeepSeek-V4.1 (model_type deepseek_v41); at the end of its capability hook SGLang refuses the flag for any other checkpoint."
    ),
    trigger: doc!(
        "--enable-encoder-swa-bounded-replay with a model whose model_type is not deepseek_v41 (0.5.23)."
    ),
    solutions: doc_list!["Drop --enable-encoder-swa-bounded-replay."],
    flags: &["enable_encoder_swa_bounded_replay"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","enable_encoder_swa_bounded_replay":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--language-model-only` with an encoder or multimodal-input flag (`model_hook.py:1082-1094@0.5.23`).
pub static LMO_COMBINED: RuleInfo = RuleInfo {
    code: "MODEL076",
    name: "language-model-only-conflicting-flag",
    messages: &[(
        VersionRange::ALL,
        "--language-model-only cannot be combined with {name}",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 848),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 916),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 982),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 1070),
        (VersionRange::V23, MODEL_HOOK, 1094),
    ],
    title: doc!("--language-model-only excludes the encoder and multimodal-input flags"),
    explanation: doc!(
        "--language-model-only serves the language model of a multimodal checkpoint without its encoder; SGLang refuses it together with --encoder-only, --language-only, --enable-prefix-mm-cache, --enable-broadcast-mm-inputs-process or --mm-enable-dp-encoder (it names the first one set)."
    ),
    trigger: doc!("--language-model-only with one of those flags."),
    solutions: doc_list!["Drop the named flag, or --language-model-only."],
    flags: &[
        "language_model_only",
        "encoder_only",
        "language_only",
        "enable_prefix_mm_cache",
        "enable_broadcast_mm_inputs_process",
        "mm_enable_dp_encoder",
    ],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Cosmos3ForConditionalGeneration","language_model_only":true,"enable_broadcast_mm_inputs_process":true}"#,
        r#"{"gpu":"H100","arch":"Cosmos3ForConditionalGeneration","language_model_only":true}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--language-model-only` with PD disaggregation (`model_hook.py:1095-1101@0.5.23`; 0.5.22+ except
/// DeepSeek-V4.1).
pub static LMO_PD: RuleInfo = RuleInfo {
    code: "MODEL077",
    name: "language-model-only-no-pd",
    messages: &[(
        VersionRange::ALL,
        "--language-model-only is incompatible with --disaggregation-mode prefill/decode",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 850),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 918),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 984),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 1074),
        (VersionRange::V23, MODEL_HOOK, 1098),
    ],
    title: doc!("--language-model-only does not run as a PD worker"),
    explanation: doc!(
        "SGLang refuses --language-model-only on a PD prefill or decode worker; from 0.5.22 a DeepSeek-V4.1 checkpoint (model_type deepseek_v41) is exempt, its text-only workers using the standard PD KV transfer."
    ),
    trigger: doc!(
        "--language-model-only with --disaggregation-mode prefill or decode (and, from 0.5.22, a model_type other than deepseek_v41)."
    ),
    solutions: doc_list!["Drop --language-model-only on PD workers."],
    flags: &["language_model_only", "disaggregation_mode"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"Cosmos3ForConditionalGeneration","language_model_only":true,"disaggregation_mode":"prefill"}"#,
        r#"{"gpu":"H100","arch":"Cosmos3ForConditionalGeneration","disaggregation_mode":"prefill"}"#,
    ))),
    ..RuleInfo::BASE
};

/// `--language-model-only` outside `LANGUAGE_MODEL_ONLY_ARCHITECTURES` (`model_hook.py:1102-1109@0.5.23`).
pub static LMO_ARCH: RuleInfo = RuleInfo {
    code: "MODEL078",
    name: "language-model-only-architectures",
    messages: &[(
        VersionRange::ALL,
        "--language-model-only does not support {architectures}. Supported: {list(server_args.LANGUAGE_MODEL_ONLY_ARCHITECTURES)}.",
    )],
    sources: &[
        (VersionRange::only(SglangVersion::V0_5_19), MODEL_HOOK, 858),
        (VersionRange::only(SglangVersion::V0_5_20), MODEL_HOOK, 926),
        (VersionRange::only(SglangVersion::V0_5_21), MODEL_HOOK, 992),
        (VersionRange::only(SglangVersion::V0_5_22), MODEL_HOOK, 1082),
        (VersionRange::V23, MODEL_HOOK, 1106),
    ],
    title: doc!("--language-model-only supports a few multimodal architectures"),
    explanation: doc!(
        "SGLang accepts --language-model-only only when one of the checkpoint's architectures is in ServerArgs.LANGUAGE_MODEL_ONLY_ARCHITECTURES (Muse Glimmer; Cosmos 3 and Cosmos 3 Edge from 0.5.20; DeepSeek-V4 from 0.5.22)."
    ),
    trigger: doc!("--language-model-only with a model none of whose architectures is listed."),
    solutions: doc_list!["Drop --language-model-only."],
    flags: &["language_model_only"],
    example: doc_opt!(Some((
        r#"{"gpu":"H100","arch":"LlamaForCausalLM","language_model_only":true}"#,
        r#"{"gpu":"H100","arch":"LlamaForCausalLM"}"#,
    ))),
    ..RuleInfo::BASE
};

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &GPT_OSS_BACKENDS,
    &QUANT_MIN_CAPABILITY,
    &LLAMA4_BACKENDS,
    &LLAMA4_DEFAULT,
    &GEMMA_SWA,
    &MUSE_SPARK_KV,
    &MOSS_VL_DEFAULT,
    &QWEN3_VL_AITER_PAGE,
    &QWEN3_VL_HOPPER_DEFAULTS,
    &EMBEDDING_GEMMA2_DEFAULT,
    &BEAM_DEFAULT,
    &MOSS_VL_PREFILL,
    &IQUEST_Q1_FA3,
    &GEMMA4_DEFAULT,
    &GEMMA4_BACKENDS,
    &UNKNOWN_QUANT,
    &ROCM_QUANT,
    &NVFP4_ONLINE,
    &QUANT_MISMATCH,
    &TEXT_CONFIG_ASSERT,
    &HRM_TEXT_FORCE,
    &HRM_TEXT_BACKEND,
    &INKLING_ATTENTION_DEFAULT,
    &IQUEST_Q1_SPEC_ALGO,
    &IQUEST_Q1_DRAFT_BACKEND,
    &IQUEST_Q1_CP,
    &IQUEST_Q1_TOPK,
    &IQUEST_Q1_MULTI_LAYER,
    &IQUEST_Q1_DP_ATTN,
    &IQUEST_Q1_PP,
    &MINICPM_DP_ATTN,
    &ERNIE45_VL_DP_ATTN,
    &QWEN4_EXP_MORI_PP,
    &QWEN4_EXP_UNIFIED_MEMORY,
    &QWEN4_EXP_QSA_FP8,
    &TP_LM_HEAD_DP,
    &TP_LM_HEAD_VS_DP_LM_HEAD,
    &TP_LM_HEAD_TP_EQ_DP,
    &TP_LM_HEAD_NO_CP,
    &HYV4_PREFILL_CP,
    &HYV4_DCP,
    &DSA_DCP_HICACHE,
    &DSA_DCP_PD,
    &DSA_DCP_TOPK,
    &CP_DP_REPLICAS,
    &DSA_LEARNABLE_SINK_BACKEND,
    &DSA_TBO_INDEX_SHARING,
    &INTERN_S2_MOBIUS_PARALLEL,
    &DSA_LAYER_SPLIT_NOT_DSA,
    &CP_DECODE_ATTN_TP_ARCH,
    &DSA_PREFILL_CP_DECODE,
    &DSA_LAYER_SPLIT_DECODE,
    &DSA_LAYER_SPLIT_NON_PD,
    &DSA_LAYER_SPLIT_CP,
    &DSA_LAYER_SPLIT_MOONCAKE,
    &DSA_LAYER_SPLIT_PP,
    &TRITON_KERNEL_EP,
    &MIMO_V2_ATTN_TP,
    &EXAONE_BACKENDS,
    &OLMO2_FLASHINFER,
    &LFM2_TRITON,
    &ENCODER_SWA_REPLAY,
    &LMO_COMBINED,
    &LMO_PD,
    &LMO_ARCH,
];
