//! Per-architecture checks and defaults (`arg_groups/model_hook.py`, `arg_groups/model_overrides/*.py`,
//! `configs/model_config.py`).

use super::{RuleInfo, Unmodelled};
use crate::report::Severity;
use crate::version::{SglangVersion, VersionRange};

const MODEL_HOOK: &str = "python/sglang/srt/arg_groups/model_hook.py";
const HF_COMMON: &str = "python/sglang/srt/utils/hf_transformers/common.py";

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

/// Every rule of this module.
pub static RULES: &[&RuleInfo] = &[
    &GPT_OSS_BACKENDS,
    &LLAMA4_BACKENDS,
    &LLAMA4_DEFAULT,
    &GEMMA_SWA,
    &MUSE_SPARK_KV,
    &MOSS_VL_DEFAULT,
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
];
