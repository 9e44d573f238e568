#!/usr/bin/env python3
"""Golden cases for the raise/assert sites of `arg_groups/model_hook.py` (issue 11): the checks at
the head of `handle_model_specific_adjustments` (Intern-S2-Mobius, the DSA cache layer split on a
model without DSA, `--enable-cp-decode-attn-tp`), the DSA arm of its DeepSeek branch (two-batch
overlap with index-topk sharing, prefill CP on a decode worker, the layer split's PD / CP /
transfer / PP checks), the per-architecture asserts (gpt-oss backends and Triton-kernel MoE with
EP, MiMo-V2's fused-QKV attention TP, Llama 4, EXAONE, OLMo 2, LFM2), the encoder-replay refusal of
`handle_model_capability_adjustments` (0.5.23) and `handle_language_model_only`. For each site a
case that fires and near misses that do not. Runs with `"startup": true`. Writes
tests/golden/oracle-<release>-modelhook.jsonl.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_model_hook_cases.py --sglang 0.5.23 --jobs 1
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]


def at_least(v, w):
    return tuple(map(int, v.split("."))) >= tuple(map(int, w.split(".")))


def build_cases(v):
    out = []

    def add(section, arch, gpu, **fields):
        cfg = {"sglang": v, "gpu": gpu, "arch": arch, "cuda_version": g.DEFAULT_CUDA}
        cfg.update(fields)
        out.append((section, cfg))

    def ovr(**kw):
        return json.dumps(kw)

    dsa = "DeepseekV32ForCausalLM"
    # Intern-S2-Mobius: pipeline and expert parallelism
    mob = "InternS2MobiusForConditionalGeneration"
    add("mobius", mob, "H100", tp_size=2, ep_size=2)
    add("mobius", mob, "H100", tp_size=2, pp_size=2)
    add("mobius", mob, "H100", tp_size=2, pp_size=2, ep_size=2)
    add("mobius", mob, "H100", tp_size=2)
    # the DSA cache layer split on a model without DSA
    add("layer-split-dsa", "LlamaForCausalLM", "H100", enable_dsa_cache_layer_split=True)
    add("layer-split-dsa", "Qwen3ForCausalLM", "H100", enable_dsa_cache_layer_split=True,
        tp_size=2)
    # --enable-cp-decode-attn-tp
    add("cp-decode-attn-tp", "LlamaForCausalLM", "H100", enable_cp_decode_attn_tp=True)
    add("cp-decode-attn-tp", "DeepseekV3ForCausalLM", "H100", enable_cp_decode_attn_tp=True,
        tp_size=8)
    add("cp-decode-attn-tp", "GlmMoeDsaForCausalLM", "H100", enable_cp_decode_attn_tp=True,
        tp_size=8)
    # two-batch overlap with DSA index-topk sharing
    for o in [{"index_topk_freq": 2}, {"index_topk_freq": 1}, {"index_topk_freq": 0},
              {"index_topk_pattern": "FSFS"}, {"index_topk_pattern": "FFFF"},
              {"indexer_types": ["full", "shared"]}, {"indexer_types": ["full"]}, {}]:
        fields = {"json_model_override_args": ovr(**o)} if o else {}
        add("dsa-tbo", dsa, "H100", tp_size=8, enable_two_batch_overlap=True, **fields)
    add("dsa-tbo", dsa, "H100", tp_size=8, json_model_override_args=ovr(index_topk_freq=2))
    add("dsa-tbo", "DeepseekV3ForCausalLM", "H100", tp_size=8, enable_two_batch_overlap=True,
        json_model_override_args=ovr(index_topk_freq=2))
    # DSA prefill CP on a decode worker
    for mode in ["decode", "prefill", "null"]:
        add("dsa-prefill-cp", dsa, "H100", tp_size=8, enable_prefill_cp=True,
            cp_strategy="interleave", attn_cp_size=8, disaggregation_mode=mode)
    add("dsa-prefill-cp", dsa, "H100", tp_size=8, disaggregation_mode="decode")
    # the DSA cache layer split's worker, CP, transfer and PP checks
    cp = dict(enable_prefill_cp=True, cp_strategy="interleave", attn_cp_size=8)
    ls = dict(enable_dsa_cache_layer_split=True, tp_size=8)
    add("dsa-layer-split", dsa, "H100", **ls, disaggregation_mode="decode")
    add("dsa-layer-split", dsa, "H100", **ls)
    add("dsa-layer-split", dsa, "H100", **ls, disaggregation_mode="prefill")
    add("dsa-layer-split", dsa, "H100", **ls, disaggregation_mode="prefill",
        enable_prefill_cp=True, attn_cp_size=8)
    add("dsa-layer-split", dsa, "H100", **ls, **cp, disaggregation_mode="prefill")
    add("dsa-layer-split", dsa, "H100", **ls, **cp, disaggregation_mode="prefill",
        disaggregation_transfer_backend="nixl")
    add("dsa-layer-split", dsa, "H100", **ls, **cp, disaggregation_mode="prefill", pp_size=2)
    add("dsa-layer-split", dsa, "H100", **cp, tp_size=8, disaggregation_mode="prefill")
    # gpt-oss: attention backends (0.5.19's site included) and Triton-kernel MoE with EP
    gpt = "GptOssForCausalLM"
    add("gpt-oss", gpt, "H100", attention_backend="flashinfer")
    add("gpt-oss", gpt, "H100", attention_backend="triton")
    for ep in [1, 2]:
        add("gpt-oss", gpt, "H100", tp_size=2, ep_size=ep, moe_runner_backend="triton_kernel")
        add("gpt-oss", gpt, "H100", tp_size=2, ep_size=ep, moe_runner_backend="triton")
    add("gpt-oss", gpt, "H100", tp_size=2, ep_size=2)
    # Llama 4 (0.5.19's site included)
    add("llama4", "Llama4ForConditionalGeneration", "H100", attention_backend="flashinfer",
        tp_size=8)
    add("llama4", "Llama4ForConditionalGeneration", "H100", attention_backend="fa3", tp_size=8)
    # MiMo-V2's fused qkv attention TP
    mimo = "MiMoV2ForCausalLM"
    # (the reference config lacks hybrid_layer_pattern, which get_hybrid_layer_ids indexes)
    hybrid = [0] * 48
    fused = ovr(attention_projection_layout="fused_qkv", hybrid_layer_pattern=hybrid)
    for tp in [2, 4, 8]:
        add("mimo-v2", mimo, "H100", tp_size=tp, json_model_override_args=fused)
    add("mimo-v2", mimo, "H100", tp_size=8, json_model_override_args=ovr(hybrid_layer_pattern=hybrid))
    add("mimo-v2", mimo, "H100", tp_size=8, enable_dp_attention=True, dp_size=2,
        json_model_override_args=fused)
    if at_least(v, "0.5.22"):
        add("mimo-v2", mimo, "H100", tp_size=8, attn_dp_size=2, json_model_override_args=fused)
    # EXAONE with sliding-window layers
    for arch in ["Exaone4ForCausalLM", "ExaoneMoEForCausalLM"]:
        for b in [None, "flashinfer", "triton", "fa3"]:
            fields = {"attention_backend": b} if b else {}
            add("exaone", arch, "H100", **fields)
        add("exaone", arch, "B200")
    add("exaone", "Exaone4ForCausalLM", "H100", attention_backend="flashinfer",
        json_model_override_args=ovr(sliding_window_pattern=None))
    # OLMo 2 / 3 and FlashInfer
    for b in [None, "flashinfer", "triton"]:
        fields = {"attention_backend": b} if b else {}
        add("olmo2", "Olmo2ForCausalLM", "H100", **fields)
    add("olmo2", "Olmo2ForCausalLM", "B200")
    # LFM2 and triton
    for arch in ["Lfm2ForCausalLM", "Lfm2MoeForCausalLM"]:
        for b in [None, "triton", "flashinfer"]:
            fields = {"attention_backend": b} if b else {}
            add("lfm2", arch, "H100", **fields)
    # --enable-encoder-swa-bounded-replay without DeepSeek-V4.1 (the field exists from 0.5.21)
    if at_least(v, "0.5.21"):
        add("encoder-replay", "LlamaForCausalLM", "H100", enable_encoder_swa_bounded_replay=True)
    # --language-model-only. Muse Glimmer's reference config does not load in SGLang
    # (image_token_id None fails transformers' strict validation), so the flag conflicts and the PD
    # refusal, which come before the architecture check, use Llama; Cosmos 3 (0.5.20+) is the
    # supported near miss (0.5.19 supports Muse Glimmer only: no near miss there)
    llama = "LlamaForCausalLM"
    for flag in ["encoder_only", "language_only", "enable_prefix_mm_cache",
                 "enable_broadcast_mm_inputs_process", "mm_enable_dp_encoder"]:
        add("lmo", llama, "H100", language_model_only=True, **{flag: True})
    add("lmo", llama, "H100", language_model_only=True, encoder_only=True, language_only=True)
    add("lmo", llama, "H100", language_model_only=True, disaggregation_mode="prefill")
    add("lmo", llama, "H100", language_model_only=True, disaggregation_mode="decode")
    add("lmo", llama, "H100", language_model_only=True)
    add("lmo", "Qwen2VLForConditionalGeneration", "H100", language_model_only=True)
    add("lmo", llama, "H100", enable_broadcast_mm_inputs_process=True)
    if at_least(v, "0.5.20"):
        cosmos = "Cosmos3ForConditionalGeneration"
        add("lmo", cosmos, "H100", language_model_only=True)
        add("lmo", cosmos, "H100", language_model_only=True, disaggregation_mode="prefill")
        add("lmo", cosmos, "H100", language_model_only=True, mm_enable_dp_encoder=True)
    if at_least(v, "0.5.22"):
        add("lmo", "DeepseekV4ForCausalLM", "H100", language_model_only=True, tp_size=8)
    return out


if __name__ == "__main__":
    sys.exit(g.generate_family(__doc__, "modelhook", R, build_cases, startup=True))
