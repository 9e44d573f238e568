#!/usr/bin/env python3
"""Golden cases for `ModelConfig._verify_quantization` (`configs/model_config.py`) with the
checkpoint's own `quantization_config`: the per-method `override_quantization_method` hooks
(AWQ-Marlin, GPTQ-Marlin, MoE-WNA16, ModelOpt, Petit NVFP4, Humming) against --quantization,
the compatible pairs and the mismatch refusal, per release. Each case carries its config.json
(`model_config`: the Llama stand-in with a `quantization_config`), which the oracle reads from a
temporary model directory. Writes tests/golden/oracle-<release>-quant.jsonl.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_quant_cases.py --sglang 0.5.23 --jobs 1
    python tests/golden/gen_quant_cases.py --sglang 0.5.22 --small --jobs 1   # a subset

Cases already in the output file (same id, i.e. the same config) are kept and not run again.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

R = ["0.5.19", "0.5.20", "0.5.21", "0.5.22", "0.5.23"]
LLAMA = "LlamaForCausalLM"
BASE = json.loads((Path(__file__).resolve().parents[2] / "tools/oracle/models" / LLAMA
                   / "config.json").read_text())

AWQ = {"quant_method": "awq", "bits": 4, "group_size": 128, "zero_point": True, "version": "gemm"}
GPTQ = {"quant_method": "gptq", "bits": 4, "group_size": 128, "sym": True, "desc_act": False}
CKPTS = {
    "awq": AWQ,
    "awq-nozp": {**AWQ, "zero_point": False},
    "awq-g256": {**AWQ, "group_size": 256},
    "awq-8bit": {**AWQ, "bits": 8},
    "awq-nogroup": {k: v for k, v in AWQ.items() if k != "group_size"},
    "gptq": GPTQ,
    "gptq-8bit": {**GPTQ, "bits": 8},
    "gptq-asym": {**GPTQ, "sym": False},
    "gptq-descact": {**GPTQ, "desc_act": True},
    "gptq-marlinfmt": {**GPTQ, "checkpoint_format": "marlin"},
    "gptq-g-1": {**GPTQ, "group_size": -1},
    "gptq-nodesc": {k: v for k, v in GPTQ.items() if k != "desc_act"},
    "modelopt-fp8": {"quant_method": "modelopt", "quant_algo": "FP8"},
    "modelopt-nvfp4": {"quant_method": "modelopt", "quant_algo": "NVFP4"},
    "modelopt-bare": {"quant_method": "modelopt"},
    "fp8": {"quant_method": "fp8", "activation_scheme": "dynamic", "weight_block_size": [128, 128]},
    "mxfp8": {"quant_method": "mxfp8", "activation_scheme": "dynamic",
              "weight_block_size": [1, 32]},
    "nomethod": {"bits": 4},
}
QUANTS = (None, "awq", "awq_marlin", "marlin", "gptq", "gptq_marlin", "moe_wna16", "fp8",
          "modelopt", "humming", "AWQ_Marlin", "minimax_m3_nvfp4")


# the subset run for the releases before 0.5.23 (the same hooks; the oracle is slow)
SMALL = {("awq", q) for q in (None, "awq", "awq_marlin", "moe_wna16")} | {
    ("gptq", q) for q in (None, "gptq", "gptq_marlin")} | {
    ("awq-nozp", "awq_marlin"), ("gptq-marlinfmt", None), ("modelopt-fp8", "modelopt"),
    ("mxfp8", "minimax_m3_nvfp4"), ("nomethod", None)}
SMALL_OTHER = {("qas", None), ("qas", "modelopt_fp8"), ("text-null", None), ("text-empty", None), ("gemma4ua", None)}


def build_cases(v, small=False):
    items, seen = [], set()

    def add(ckpt, gpu="H100", cc=None, mc=None, arch=LLAMA, **fields):
        if mc is None:
            mc = dict(BASE)
            mc["quantization_config"] = CKPTS[ckpt]
        cfg = {"sglang": v, "arch": arch, "cuda_version": g.DEFAULT_CUDA, "model_config": mc}
        if cc:
            cfg["compute_capability"] = cc
        else:
            cfg["gpu"] = gpu
        cfg.update({k: x for k, x in fields.items() if x is not None})
        if small and ckpt in CKPTS and (ckpt, fields.get("quantization")) not in SMALL:
            return
        if small and ckpt in CKPTS and cfg.get("gpu") not in ("H100",) and not (
                cfg.get("gpu") == "MI300X" and ckpt == "gptq" and "quantization" not in fields):
            return
        if small and ckpt not in CKPTS and (ckpt, fields.get("quantization")) not in SMALL_OTHER:
            return
        key = json.dumps(cfg, sort_keys=True)
        if key not in seen:
            seen.add(key)
            items.append((f"quant-{ckpt}", cfg))

    for ckpt in ("awq", "gptq"):
        for q in QUANTS:
            add(ckpt, quantization=q)
    for ckpt in ("awq-nozp", "awq-g256", "awq-8bit", "awq-nogroup", "gptq-8bit", "gptq-asym",
                 "gptq-descact", "gptq-marlinfmt", "gptq-g-1", "gptq-nodesc"):
        for q in (None, "awq_marlin", "gptq_marlin", "moe_wna16"):
            add(ckpt, quantization=q)
    for gpu, cc in (("MI300X", None), ("MI355X", None), (None, "7.5"), (None, "8.0"),
                    ("B200", None)):
        for ckpt in ("awq", "gptq"):
            for q in (None, "awq", "awq_marlin", "moe_wna16"):
                add(ckpt, gpu=gpu, cc=cc, quantization=q)
    for ckpt in ("modelopt-fp8", "modelopt-nvfp4", "modelopt-bare", "fp8", "mxfp8", "nomethod"):
        for q in (None, "modelopt", "modelopt_fp8", "modelopt_fp4", "nvfp4_online", "fp8",
                  "humming", "minimax_m3_nvfp4", "quark_mxfp4"):
            add(ckpt, quantization=q)
    for ckpt in ("modelopt-fp8", "modelopt-bare", "gptq"):
        for q in (None, "modelopt", "petit_nvfp4", "gptq_marlin"):
            add(ckpt, gpu="MI300X", quantization=q)
    # --quantize-and-serve (ModelConfig._validate_quantize_and_serve_config)
    for q in (None, "modelopt", "modelopt_fp8", "MODELOPT_FP8", "nvfp4_online", "fp8"):
        add("qas", mc=dict(BASE), quantize_and_serve=True, quantization=q)
    # get_hf_text_config's assert (utils/hf_transformers/common.py), where the config is
    # first loaded: a null or head-less text_config / llm_config, and what comes before it
    gemma4 = json.loads((Path(__file__).resolve().parents[2] / "data/models"
                         / "Gemma4UnifiedAssistantForCausalLM" / "config.json").read_text())
    for name, mc, arch in (
            ("text-null", {**BASE, "text_config": None}, LLAMA),
            ("text-empty", {**BASE, "text_config": {"hidden_size": 64}}, LLAMA),
            ("llm-null", {**BASE, "llm_config": None}, LLAMA),
            ("lang-null", {**BASE, "language_config": None, "text_config": None}, LLAMA),
            ("gemma4ua", gemma4, "Gemma4UnifiedAssistantForCausalLM")):
        add(name, mc=mc, arch=arch)
        if name in ("text-null", "gemma4ua"):
            add(name, mc=mc, arch=arch, quantize_and_serve=True)
            add(name, mc=mc, arch=arch, prefill_decode_interval=-1)
            add(name, mc=mc, arch=arch, context_length=10**9)
            add(name, mc=mc, arch=arch, quantization="awq")
    return items


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", required=True, choices=R)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--oracle", default=str(g.DEFAULT_ORACLE))
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--out", default=None)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--small", action="store_true", help="the subset (releases before 0.5.23)")
    args = ap.parse_args(argv)
    g.SGLANG_VERSION = args.sglang
    items = [(g.case_id(sec, cfg), cfg) for sec, cfg in build_cases(args.sglang, args.small)]
    if args.list:
        for cid, cfg in items:
            print(cid, json.dumps(cfg, sort_keys=True)[:200])
        return 0
    out = Path(args.out or g.HERE / f"oracle-{args.sglang}-quant.jsonl")
    # cases already in the output file (same id = same config) are kept, not run again
    have = {}
    if out.exists():
        for line in out.read_text().splitlines():
            if line.strip():
                case = json.loads(line)
                have[case["id"]] = case
    todo = [(cid, cfg) for cid, cfg in items if cid not in have]
    with tempfile.TemporaryDirectory(prefix="preflight-quant-") as tmp:
        oracle_cfgs = []
        for cid, cfg in todo:
            d = Path(tmp, cid)
            d.mkdir()
            (d / "config.json").write_text(json.dumps(cfg["model_config"]))
            o = g.to_oracle(cid, {k: x for k, x in cfg.items() if k != "model_config"})
            del o["arch"]
            o["model_path"] = str(d)
            o["startup"] = True
            oracle_cfgs.append(o)
        results = g.run_oracle(Path(args.oracle), oracle_cfgs, args.jobs,
                               args.timeout) if oracle_cfgs else []
    new = {cid: (cfg, res) for (cid, cfg), res in zip(todo, results)}
    counts = Counter()
    with open(out, "w") as f:
        for cid, cfg in items:
            if cid in have:
                counts["kept"] += 1
                f.write(json.dumps(have[cid], sort_keys=True) + "\n")
                continue
            cfg, res = new[cid]
            counts[res["outcome"]] += 1
            if res["outcome"] == "harness_error":
                print(f"harness_error {cid}: {str(res.get('message'))[:200]}", file=sys.stderr)
                continue
            case = g.to_case(cid, cfg, res)
            case["expect"]["startup"] = True
            f.write(json.dumps(case, sort_keys=True) + "\n")
    print(f"{out}: {dict(counts)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
