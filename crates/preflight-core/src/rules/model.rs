//! Per-architecture checks and defaults (`arg_groups/model_hook.py`, `arg_groups/model_overrides/*.py`,
//! `configs/model_config.py`).

use super::RuleInfo;
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
];
