#!/usr/bin/env python3
"""Golden cases for the per-model override providers' own checks and declarations
(`arg_groups/model_overrides/*.py`) and `_deepseek_spec_moe_resolution`
(`arg_groups/overrides.py:847-889@0.5.23`): NemotronH's MoE runner / attention declarations, its
ModelOpt `relu2` assert, its W4A16_NVFP4 MoE-layer refusals and (0.5.23) `_validate_expert_remap`;
Qwen3-MoE's W4A16_NVFP4 runner refusal (0.5.20+); MiniMax-M3's provider and its M3.1 NVFP4
branch (0.5.23); Kimi-K3's DCP checks; the DeepSeek DSA context-parallel asserts and (0.5.22+) the
pooled-index DCP refusal; the HIP fp4-checkpoint draft MoE resolution (unreachable). Runs with `"startup": true`. A case with its own
`model_config` runs on that config.json (written to a temporary directory); a case without one
runs on the oracle's stand-in, else on data/models' reference config (which the case then carries).
Writes tests/golden/oracle-<release>-movr.jsonl.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_model_overrides_cases.py --sglang 0.5.23 --jobs 1
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]
MODELS = g.REPO_ROOT / "data" / "models"


def ref(arch):
    return json.loads((MODELS / arch / "config.json").read_text())


def with_quant(arch, qc, **extra):
    mc = ref(arch)
    mc["quantization_config"] = qc
    mc.update(extra)
    return mc


W4A16_LAYERS = {
    "backbone.layers.1.mixer.experts.0.up_proj": {"quant_algo": "W4A16_NVFP4"},
    "backbone.layers.1.mixer.shared_experts.up_proj": {"quant_algo": "NVFP4"},
    "backbone.layers.0.mixer.in_proj": {"quant_algo": "FP8"},
}
NVFP4_LAYERS = {
    "backbone.layers.1.mixer.experts.0.up_proj": {"quant_algo": "NVFP4"},
    "backbone.layers.0.mixer.in_proj": {"quant_algo": "FP8"},
}


def build_cases(v):
    out = []

    def add(section, arch, gpu, **fields):
        cfg = {"sglang": v, "gpu": gpu, "arch": arch, "cuda_version": g.DEFAULT_CUDA}
        cfg.update(fields)
        out.append((section, cfg))

    NH = "NemotronHForCausalLM"
    # NemotronH: the MoE runner and attention declarations
    for gpu in ["H100", "H20", "B200", "RTX 5090", "A100", "MI355X"]:
        add("nemotron-decl", NH, gpu)
        add("nemotron-decl", NH, gpu, tp_size=2, ep_size=2)
        add("nemotron-decl", NH, gpu, tp_size=4, ep_size=2)
        add("nemotron-decl", NH, gpu, tp_size=1, ep_size=2)
        add("nemotron-decl", NH, gpu, speculative_algorithm="EAGLE")
        add("nemotron-decl", NH, gpu, attention_backend="flashinfer")
    for gpu in ["B200", "RTX 5090", "H100"]:
        add("nemotron-decl", NH, gpu, speculative_algorithm="EAGLE", speculative_eagle_topk=2,
            speculative_num_steps=2, speculative_num_draft_tokens=4)
        add("nemotron-decl", NH, gpu, speculative_algorithm="NEXTN")
        add("nemotron-decl", NH, gpu, speculative_algorithm="EAGLE", page_size=16)
        add("nemotron-decl", NH, gpu, speculative_algorithm="EAGLE",
            speculative_draft_attention_backend="triton")
        add("nemotron-decl", NH, gpu, speculative_algorithm="EAGLE",
            mamba_radix_cache_strategy="no_buffer")
        add("nemotron-decl", NH, gpu, tp_size=8, ep_size=8, moe_a2a_backend="deepep")
        add("nemotron-decl", NH, gpu, tp_size=8, ep_size=4, moe_a2a_backend="nixl")
        add("nemotron-decl", NH, gpu, moe_runner_backend="triton", tp_size=4, ep_size=2)
        add("nemotron-decl", NH, gpu, prefill_attention_backend="flashinfer")
        add("nemotron-decl", NH, gpu, quantization="fp8")
    # NemotronH with ModelOpt checkpoints: the quantization rewrite and the FP4 marlin default
    mo = {
        "fp4": {"quant_method": "modelopt", "quant_algo": "NVFP4"},
        "fp8": {"quant_method": "modelopt", "quant_algo": "FP8"},
        "mixed-nvfp4": {"quant_method": "modelopt", "quant_algo": "MIXED_PRECISION",
                        "quantized_layers": NVFP4_LAYERS},
        "mixed-w4a16": {"quant_method": "modelopt", "quant_algo": "MIXED_PRECISION",
                        "quantized_layers": W4A16_LAYERS},
    }
    for name, qc in mo.items():
        for gpu in ["H100", "B200", "A100", "RTX 5090"]:
            add(f"nemotron-modelopt-{name}", NH, gpu, model_config=with_quant(NH, qc))
        add(f"nemotron-modelopt-{name}", NH, "H100", model_config=with_quant(NH, qc),
            tp_size=4, ep_size=2)
        # the bare relu2 assert (is_modelopt only)
        add(f"nemotron-relu2-{name}", NH, "H100",
            model_config=with_quant(NH, qc, mlp_hidden_act="silu"))
    add("nemotron-relu2", NH, "H100", model_config=with_quant(NH, {"quant_method": "fp8"},
                                                             mlp_hidden_act="silu"))
    add("nemotron-relu2", NH, "H100", model_config=dict(ref(NH), mlp_hidden_act="silu"))
    # W4A16_NVFP4 MoE layers
    w4 = with_quant(NH, mo["mixed-w4a16"])
    for gpu in ["H100", "B200"]:
        add("nemotron-w4a16", NH, gpu, model_config=w4, tp_size=8, ep_size=8,
            moe_a2a_backend="deepep")
        add("nemotron-w4a16", NH, gpu, model_config=w4, moe_runner_backend="triton")
        add("nemotron-w4a16", NH, gpu, model_config=w4, moe_runner_backend="flashinfer_cutlass")
        add("nemotron-w4a16", NH, gpu, model_config=w4, moe_runner_backend="marlin")
    # _validate_expert_remap and the routed runner (0.5.23)
    eplb = dict(tp_size=2, ep_size=2, enable_eplb=True)
    red = dict(tp_size=2, ep_size=2, ep_num_redundant_experts=2)
    for gpu in ["B200", "H100"]:
        for remap in [eplb, red]:
            add("nemotron-remap", NH, gpu, moe_runner_backend="flashinfer_trtllm", **remap)
            add("nemotron-remap", NH, gpu, moe_runner_backend="flashinfer_cutedsl", **remap)
            add("nemotron-remap", NH, gpu, **remap)
            add("nemotron-remap", NH, gpu, moe_runner_backend="flashinfer_trtllm_routed", **remap)
        add("nemotron-remap", NH, gpu, moe_runner_backend="flashinfer_cutedsl",
            moe_a2a_backend="deepep", **eplb)
        add("nemotron-remap", NH, gpu, moe_runner_backend="flashinfer_trtllm", tp_size=2,
            ep_size=2, init_expert_location="random")
        add("nemotron-remap", NH, gpu, moe_runner_backend="flashinfer_trtllm", tp_size=2,
            ep_size=2)
    PZ = "NemotronHPuzzleForCausalLM"
    mixed = ref(PZ)
    mixed["block_configs"] = [{"block_type": "moe", "n_routed_experts": 128},
                              {"block_type": "mamba"},
                              {"block_type": "moe", "n_routed_experts": 64}]
    same = ref(PZ)
    same["block_configs"] = [{"block_type": "moe", "n_routed_experts": 128},
                             {"block_type": "mamba"},
                             {"block_type": "moe", "n_routed_experts": 128}]
    for gpu in ["B200", "H100"]:
        for mc in [mixed, same]:
            add("nemotron-puzzle", PZ, gpu, model_config=mc, **eplb)
            add("nemotron-puzzle", PZ, gpu, model_config=mc, tp_size=2, ep_size=2)
    # Qwen3-MoE's W4A16_NVFP4 layers (0.5.20+)
    QM = "Qwen3MoeForCausalLM"
    qw = with_quant(QM, {"quant_method": "modelopt_mixed", "quant_algo": "MIXED_PRECISION",
                         "quantized_layers": {
                             "model.layers.0.mlp.experts.0.up_proj": {"quant_algo": "W4A16_NVFP4"},
                             "model.layers.0.self_attn.q_proj": {"quant_algo": "FP8"}}})
    qn = with_quant(QM, {"quant_method": "modelopt_mixed", "quant_algo": "MIXED_PRECISION",
                         "quantized_layers": {
                             "model.layers.0.mlp.experts.0.up_proj": {"quant_algo": "NVFP4"}}})
    cute = {"SGLANG_FLASHINFER_CUTEDSL_NVFP4_W4A16": "1"}
    for gpu in ["B200", "H100"]:
        for mc in [qw, qn]:
            add("qwen3-w4a16", QM, gpu, model_config=mc)
            add("qwen3-w4a16", QM, gpu, model_config=mc, moe_runner_backend="triton")
            add("qwen3-w4a16", QM, gpu, model_config=mc, moe_runner_backend="marlin")
            add("qwen3-w4a16", QM, gpu, model_config=mc, moe_runner_backend="flashinfer_cutedsl")
            add("qwen3-w4a16", QM, gpu, model_config=mc, moe_runner_backend="flashinfer_cutedsl",
                env=cute)
            add("qwen3-w4a16", QM, gpu, model_config=mc, moe_runner_backend="flashinfer_cutedsl",
                env=cute, tp_size=8, ep_size=8, moe_a2a_backend="deepep")
    # MiniMax-M3.1 NVFP4 (0.5.23): `minimax_m3_nvfp4` is no --quantization choice, so the branch
    # is reached through an mxfp8 config whose MoE fields name NVFP4 packed experts
    M3 = "MiniMaxM3SparseForConditionalGeneration"
    M3C = "MiniMaxM3SparseForCausalLM"
    packed_qc = {"quant_method": "mxfp8", "moe_quant_algo": "NVFP4",
                 "moe_quant_format": "nvfp4-pack-quantized"}
    pk = {a: with_quant(a, packed_qc) for a in [M3, M3C]}
    add("m3-nvfp4", M3, "B200", quantization="minimax_m3_nvfp4")
    for gpu in ["B200", "H100", "MI355X", "RTX 5090"]:
        add("m3-nvfp4", M3, gpu, model_config=pk[M3])
        add("m3-nvfp4", M3, gpu, model_config=pk[M3], speculative_algorithm="EAGLE")
        add("m3-nvfp4", M3, gpu, model_config=pk[M3], speculative_algorithm="DSPARK")
        add("m3-nvfp4", M3, gpu, model_config=pk[M3], page_size=64)
        add("m3-nvfp4", M3, gpu, model_config=pk[M3], page_size=128)
        add("m3-nvfp4", M3C, gpu, model_config=pk[M3C])
        add("m3-nvfp4", M3C, gpu, model_config=pk[M3C], speculative_algorithm="DSPARK")
        add("m3-nvfp4", M3C, gpu, model_config=pk[M3C], speculative_algorithm="DFLASH")
        add("m3-nvfp4", M3, gpu, model_config=with_quant(M3, {"quant_method": "mxfp8"}))
        add("m3-nvfp4", M3, gpu)
        add("m3-nvfp4", M3, gpu, kv_cache_dtype="fp8_e4m3")
    add("m3-nvfp4", M3, "B200", model_config=pk[M3], quantization="mxfp8")
    add("m3-nvfp4", M3, "B200", model_config=with_quant(M3, dict(packed_qc, moe_quant_algo="nvfp4")))
    add("m3-nvfp4", M3, "B200", model_config=with_quant(M3, dict(packed_qc, moe_quant_format="x")))
    add("m3-nvfp4", M3, "B200", model_config=pk[M3], speculative_algorithm="DSPARK",
        env={"SGLANG_RAGGED_VERIFY_MODE": "compact"})
    add("m3-nvfp4", M3, "B200", model_config=pk[M3], speculative_algorithm="DSPARK", pp_size=2)
    add("m3-nvfp4", M3, "B200", model_config=pk[M3], speculative_algorithm="DFLASH", pp_size=2)
    add("m3-nvfp4", M3, "B200", model_config=pk[M3], speculative_algorithm="DFLASH",
        disaggregation_mode="prefill")
    add("m3-nvfp4", M3, "B200", model_config=pk[M3], speculative_algorithm="DSPARK",
        disaggregation_mode="prefill")
    add("m3-nvfp4", M3, "B200", model_config=pk[M3], speculative_algorithm="DFLASH")
    for a2a in ["none", "deepep", "megamoe"]:
        for runner in ["auto", "flashinfer_trtllm_routed", "deep_gemm"]:
            add("m3-nvfp4", M3, "B200", model_config=pk[M3], moe_a2a_backend=a2a,
                moe_runner_backend=runner, tp_size=8, ep_size=8)
    for kv in ["auto", "fp8_e4m3", "bf16", "fp8_e5m2"]:
        add("m3-nvfp4", M3, "B200", model_config=pk[M3], kv_cache_dtype=kv)
    add("m3-nvfp4", M3, "B200", model_config=pk[M3], attention_backend="fa4")
    add("m3-nvfp4", M3, "H100", model_config=pk[M3], attention_backend="triton")
    add("m3-nvfp4", M3, "H100", model_config=pk[M3], moe_runner_backend="triton")
    # Kimi-K3's decode context parallelism
    K3 = "KimiK3ForConditionalGeneration"
    # the reference config leaves the MLA dimensions at the class defaults (None), which SGLang
    # cannot size; the case gives DeepSeek-V3's
    k3 = ref(K3)
    k3["text_config"].update(kv_lora_rank=512, q_lora_rank=1536, qk_nope_head_dim=128,
                             qk_rope_head_dim=64, v_head_dim=128)
    for gpu in ["B200", "MI355X", "H100"]:
        base = dict(tp_size=8, dcp_size=2, model_config=k3)
        add("kimi-k3-dcp", K3, gpu, **base)
        add("kimi-k3-dcp", K3, gpu, **base, decode_attention_backend="flashinfer")
        add("kimi-k3-dcp", K3, gpu, **base, attention_backend="triton")
        add("kimi-k3-dcp", K3, gpu, **base, decode_attention_backend="triton",
            attention_backend="aiter")
        add("kimi-k3-dcp", K3, gpu, **base, decode_attention_backend="trtllm_mla")
        add("kimi-k3-dcp", K3, gpu, **base, decode_attention_backend="flashinfer",
            speculative_algorithm="DSPARK")
        add("kimi-k3-dcp", K3, gpu, **base, decode_attention_backend="flashinfer",
            speculative_algorithm="DSPARK", env={"SGLANG_RAGGED_VERIFY_MODE": "cap-accept"})
        add("kimi-k3-dcp", K3, gpu, **base, decode_attention_backend="cutedsl_mla",
            speculative_algorithm="DSPARK", env={"SGLANG_RAGGED_VERIFY_MODE": "compact"})
        add("kimi-k3-dcp", K3, gpu, tp_size=8, decode_attention_backend="flashinfer",
            model_config=k3)
    # DeepSeek DSA prefill context parallelism: single machine, no DP attention (interleave)
    DS = "DeepseekV32ForCausalLM"
    for gpu in ["H100", "B200", "MI355X"]:
        for tp, dp in [(8, 1), (16, 1), (8, 2), (16, 2), (4, 1)]:
            for strategy in [None, "interleave", "zigzag"]:
                f = dict(enable_prefill_cp=True, tp_size=tp)
                if dp > 1:
                    f["dp_size"] = dp
                if strategy:
                    f["cp_strategy"] = strategy
                add("dsa-cp", DS, gpu, **f)
        add("dsa-cp", DS, gpu, enable_prefill_cp=True, tp_size=8, attn_dp_size=2)
    # the pooled-index DCP refusal (0.5.22+)
    pooled = ref(DS)
    pooled["index_kpool"] = 4
    for gpu in ["H100", "B200", "MI355X"]:
        for dcp in [1, 2]:
            add("dsa-kpool-dcp", DS, gpu, model_config=pooled, tp_size=8, dcp_size=dcp)
            add("dsa-kpool-dcp", DS, gpu, tp_size=8, dcp_size=dcp)
    # (no case sets SGLANG_USE_AITER + AITER_ENABLE_AOT_GLUON_PA_MQA_LOGITS: the oracle's worker
    # caches aiter_can_use_preshuffle_paged_mqa (lru_cache) from its first DSA case on ROCm)
    # _deepseek_spec_moe_resolution (HIP, ModelOpt FP4, EAGLE): _verify_quantization refuses
    # modelopt_fp4 on ROCm first, so the pass is never reached (rules::model_overrides::UNMODELLED)
    for ep in [1, 8]:
        add("ds-spec-moe", "DeepseekV3ForCausalLM", "MI355X", quantization="modelopt_fp4",
            tp_size=8, ep_size=ep, speculative_algorithm="EAGLE",
            env={"SGLANG_NVFP4_CKPT_FP8_NEXTN_MOE": "1"})
    add("ds-spec-moe", "DeepseekV3ForCausalLM", "MI355X", tp_size=8,
        model_config=with_quant("DeepseekV3ForCausalLM",
                                {"quant_method": "modelopt", "quant_algo": "NVFP4"}),
        speculative_algorithm="EAGLE", env={"SGLANG_NVFP4_CKPT_FP8_NEXTN_MOE": "1"})
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", required=True, choices=R)
    ap.add_argument("--oracle", default=str(g.DEFAULT_ORACLE))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--out", default=None)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args(argv)
    g.SGLANG_VERSION = args.sglang
    items = [(g.case_id(sec, cfg), cfg) for sec, cfg in build_cases(args.sglang)]
    ids = [cid for cid, _ in items]
    assert len(set(ids)) == len(ids), "case id collision"
    if args.list:
        for cid, cfg in items:
            print(cid, json.dumps(cfg, sort_keys=True)[:200])
        return 0
    out = Path(args.out or g.HERE / f"oracle-{args.sglang}-movr.jsonl")
    with tempfile.TemporaryDirectory(prefix="preflight-movr-") as tmp:
        oracle_cfgs = []
        for cid, cfg in items:
            if "model_config" in cfg:
                d = Path(tmp, cid)
                d.mkdir()
                (d / "config.json").write_text(json.dumps(cfg["model_config"]))
                o = g.to_oracle(cid, {k: x for k, x in cfg.items() if k != "model_config"})
                del o["arch"]
                o["model_path"] = str(d)
            else:
                o = g.to_oracle(cid, cfg)
                if not g.stand_in(cfg["arch"]):
                    o["models_root"] = "data/models"
            o["startup"] = True
            oracle_cfgs.append(o)
        results = g.run_oracle(Path(args.oracle), oracle_cfgs, args.jobs, args.timeout)
    counts = Counter()
    with open(out, "w") as f:
        for (cid, cfg), res in zip(items, results):
            counts[res["outcome"]] += 1
            if res["outcome"] == "harness_error":
                print(f"harness_error {cid}: {str(res.get('message'))[:200]}", file=sys.stderr)
                continue
            cfg = copy.deepcopy(cfg)
            if "model_config" not in cfg and not g.stand_in(cfg["arch"]):
                cfg["model_config"] = ref(cfg["arch"])
            case = g.to_case(cid, cfg, res)
            case["expect"]["startup"] = True
            f.write(json.dumps(case, sort_keys=True) + "\n")
    print(f"{out}: {dict(counts)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
