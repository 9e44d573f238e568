#!/usr/bin/env python3
"""Random held-out golden cases from SGLang 0.5.23's own code.

The grid in gen_oracle_cases.py tests what we thought of; this draws random
launch configurations over every flag Preflight models (GPUs by name or by
compute capability, CUDA builds, all catalogued oracle architectures, KV dtypes,
split and DSA/DSV4 backends, page and TP sizes, speculative decoding,
deterministic inference, Mamba/linear-attention flags, environment variables),
runs them through the oracle and writes tests/golden/oracle-0.5.23-random-<seed>.jsonl.
The rules were written before these cases were drawn; the file measures how well
Preflight generalises, and `cargo test` then keeps it agreeing.

    . ~/sglang-oracle-env/venv/bin/activate && export PYTHONPATH=~/sglang-oracle-env/whl
    python tests/golden/gen_random_cases.py --seed 1 --count 1500 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

ARCHS = [
    "LlamaForCausalLM", "Qwen3ForCausalLM", "Qwen3MoeForCausalLM", "DeepseekV3ForCausalLM",
    "DeepseekV32ForCausalLM", "DeepseekV4ForCausalLM", "GlmMoeDsaForCausalLM",
    "GlmMoeDsaForCausalLMNextN", "Glm4MoeForCausalLM", "Gemma3ForCausalLM", "GptOssForCausalLM",
    "Qwen3NextForCausalLM", "Llama4ForConditionalGeneration",
]
DSA = {"DeepseekV32ForCausalLM", "GlmMoeDsaForCausalLM", "GlmMoeDsaForCausalLMNextN"}
GPUS = list(g.PRODUCTS)
CCS = ["8.0", "8.6", "8.9", "9.0", "10.0", "10.3", "11.0", "12.0", "12.1"]
# Each (device, CUDA build) pair is one oracle worker with a ~40 s warm-up, so CUDA builds
# other than the default are drawn only for three representative GPUs.
CUDA_GPUS = ["H100", "B200", "RTX 5090"]
CUDAS = ["12.1", "12.6", "13.0"]
KV = [None, "auto", "bf16", "bfloat16", "fp8_e4m3", "fp8_e5m2", "mxfp8", "nvfp4", "fp4_mx_block16"]
BACKENDS = ["triton", "torch_native", "flex_attention", "flashinfer", "fa3", "fa4", "trtllm_mha",
            "trtllm_mla", "flashmla", "cutedsl_mla", "dsa", "nsa", "dsv4", "aiter", "compressed",
            "tokenspeed_mla", "hpc_ops", "wave"]
DSA_P = ["flashmla_sparse", "flashmla_sparse_q8", "flashmla_kv", "flashmla_auto", "flashinfer_sparse_mla",
         "triton_sparse_mla", "fa3", "tilelang", "triton", "aiter", "trtllm"]
DSA_D = [b for b in DSA_P if b != "triton_sparse_mla"]


def pick(r, xs, p_none=0.0):
    return None if r.random() < p_none else r.choice(xs)


def draw(r):
    cfg = {"sglang": g.SGLANG_VERSION}
    if r.random() < 0.8:
        cfg["gpu"] = r.choice(GPUS)
    else:
        cfg["compute_capability"] = r.choice(CCS)
    cfg["cuda_version"] = g.DEFAULT_CUDA
    if cfg.get("gpu") in CUDA_GPUS and r.random() < 0.25:
        cfg["cuda_version"] = r.choice(CUDAS)
    arch = r.choice(ARCHS)
    cfg["arch"] = arch
    kv = pick(r, KV, 0.4)
    if kv:
        cfg["kv_cache_dtype"] = kv
    if r.random() < 0.5:
        cfg["attention_backend"] = r.choice(BACKENDS)
    if r.random() < 0.2:
        cfg["prefill_attention_backend"] = r.choice(BACKENDS)
    if r.random() < 0.2:
        cfg["decode_attention_backend"] = r.choice(BACKENDS)
    if r.random() < 0.3:
        cfg["page_size"] = r.choice([1, 16, 32, 64, 128, 256])
    if r.random() < 0.3:
        cfg["tp_size"] = r.choice([2, 4, 8])
    if arch in DSA and r.random() < 0.6:
        if r.random() < 0.7:
            cfg["dsa_prefill_backend"] = r.choice(DSA_P)
        if r.random() < 0.7:
            cfg["dsa_decode_backend"] = r.choice(DSA_D)
    if arch == "DeepseekV4ForCausalLM":
        if r.random() < 0.5:
            cfg["dsv4_prefill_backend"] = r.choice(["auto", "flashmla_sparse", "flashmla_sparse_q8"])
        if r.random() < 0.3:
            cfg["dsv4_attn_backend"] = r.choice(["auto", "flashmla", "flashmla_mega", "trtllm"])
        if r.random() < 0.3:
            cfg["env"] = {"SGLANG_DSV4_Q8KV8_PREFILL": r.choice(["1", "0", "true", "off", "yes"])}
    if r.random() < 0.15:
        alg = r.choice(["EAGLE", "NEXTN", "EAGLE3", "NGRAM", "STANDALONE"])
        cfg["speculative_algorithm"] = alg
        if alg != "NGRAM" and r.random() < 0.6:
            cfg["speculative_num_steps"] = r.choice([1, 2, 3, 5])
            cfg["speculative_eagle_topk"] = r.choice([1, 1, 2, 4])
            cfg["speculative_num_draft_tokens"] = r.choice([2, 4, 8])
    if r.random() < 0.08:
        cfg["enable_deterministic_inference"] = True
    if arch == "Qwen3NextForCausalLM" and r.random() < 0.5:
        if r.random() < 0.4:
            cfg["mamba_radix_cache_strategy"] = r.choice(["auto", "no_buffer", "extra_buffer"])
        if r.random() < 0.3:
            cfg["linear_attn_backend"] = r.choice(["triton", "flashinfer", "cutedsl"])
        if r.random() < 0.3:
            cfg["mamba_ssm_dtype"] = r.choice(["float32", "bfloat16"])
        if r.random() < 0.2:
            cfg["disable_radix_cache"] = True
    if cfg.get("gpu", "").startswith("MI") and r.random() < 0.3:
        cfg.setdefault("env", {})["SGLANG_USE_AITER"] = "1"
    return cfg


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sglang", default=g.SGLANG_VERSION,
                    help="the release whose code gives the verdicts (default %(default)s)")
    ap.add_argument("--count", type=int, default=1500)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--oracle", default=str(g.DEFAULT_ORACLE))
    ap.add_argument("--timeout", type=float, default=180.0)
    args = ap.parse_args(argv)
    g.SGLANG_VERSION = args.sglang
    r = random.Random(args.seed)
    items, seen = [], set()
    while len(items) < args.count:
        cfg = draw(r)
        cid = g.case_id(f"rand{args.seed}", cfg)
        if cid not in seen:
            seen.add(cid)
            items.append((cid, cfg))
    results = g.run_oracle(Path(args.oracle), [g.to_oracle(i, c) for i, c in items], args.jobs, args.timeout)
    out = Path(__file__).resolve().parent / f"oracle-{args.sglang}-random-{args.seed}.jsonl"
    counts = Counter()
    with open(out, "w") as f:
        for (cid, cfg), res in zip(items, results):
            counts[res["outcome"]] += 1
            if res["outcome"] == "harness_error":
                continue
            f.write(json.dumps(g.to_case(cid, cfg, res), sort_keys=True) + "\n")
    print(f"{out}: {dict(counts)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
