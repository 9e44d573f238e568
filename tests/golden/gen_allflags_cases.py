#!/usr/bin/env python3
"""Random held-out launches over ALL flag families (issue 11), per release.

Where gen_random_cases.py draws over the attention/KV/DSA flags Preflight modelled first and
gen_parallel_cases.py over the parallel layout, this draws whole launches as users write
them: a GPU and a model, then each family with some probability — parallelism (tp, dp,
attention DP, ep, pp, context parallel, nnodes), MoE runner and all-to-all backend,
quantization and dtype, context length (and the env that allows longer), speculative decoding
(every algorithm, steps/topk/draft tokens, draft path), PD disaggregation (mode, transfer
backend), serving (chunked prefill, radix cache, CUDA graphs, torch.compile, scheduling),
LoRA, HiCache, Mamba page size, memory flags. Choice values come from the release's own
option table (data/releases/X/options.json), so every flag exists in that release.

The configurations run through the oracle (the release's own code) and are written to
tests/golden/measure/oracle-<release>-allflags-<seed>.jsonl: a MEASUREMENT set (golden.rs
`allflags_agreement` reports agreement per family and holds it at or above the recorded
figure) rather than a set every case of which must agree, since it covers flags whose checks
are not all ported yet.

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_allflags_cases.py --sglang 0.5.23 --count 600 --seed 1 --jobs 2
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
import gen_parallel_cases as gp  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

GPUS = ["H100", "H100", "H200", "B200", "A100", "RTX 5090", "MI300X", "H20"]
ARCHS = ["LlamaForCausalLM", "Qwen3ForCausalLM", "Qwen3MoeForCausalLM", "DeepseekV3ForCausalLM",
         "GptOssForCausalLM", "Glm4MoeForCausalLM", "Gemma3ForCausalLM", "Qwen3NextForCausalLM",
         "GlmMoeDsaForCausalLM", "DeepseekV4ForCausalLM", "MixtralForCausalLM",
         "Qwen2ForCausalLM", "NemotronHForCausalLM"]
SPEC_ALGOS = ["EAGLE", "EAGLE3", "NEXTN", "STANDALONE", "NGRAM", "DFLASH", "MTP", "eagle"]


def options(v):
    d = json.loads((ROOT / "data" / "releases" / v / "options.json").read_text())
    return {o["dest"]: o for o in d["options"]}


def choice_of(r, opts, dest, extra=()):
    o = opts.get(dest)
    if o is None:
        return None
    pool = list(o.get("choices") or []) + list(extra)
    return r.choice(pool) if pool else None


def maybe(r, cfg, opts, dest, p, values):
    """Sets `dest` with probability p to a value drawn from `values` (a list or a callable),
    only if the release has the flag."""
    if dest in opts and r.random() < p:
        cfg[dest] = values(r) if callable(values) else r.choice(values)


def draw(r, v, opts):
    cfg = {"sglang": v, "gpu": r.choice(GPUS), "arch": r.choice(ARCHS), "cuda_version": g.DEFAULT_CUDA}
    fam = []
    # parallelism
    if r.random() < 0.45:
        fam.append("parallel")
        cfg["tp_size"] = r.choice([1, 2, 4, 8, 8, 16])
        maybe(r, cfg, opts, "dp_size", 0.35, [1, 2, 3, 4, 8])
        maybe(r, cfg, opts, "enable_dp_attention", 0.3, [True])
        maybe(r, cfg, opts, "ep_size", 0.3, [1, 2, 4, 8, 16])
        maybe(r, cfg, opts, "pp_size", 0.15, [1, 2, 4])
        maybe(r, cfg, opts, "attn_cp_size", 0.1, [1, 2, 4])
        maybe(r, cfg, opts, "nnodes", 0.1, [1, 2, 4])
        maybe(r, cfg, opts, "enable_dp_lm_head", 0.05, [True])
        maybe(r, cfg, opts, "moe_dense_tp_size", 0.05, [1, 2])
    # MoE
    if r.random() < 0.3:
        fam.append("moe")
        maybe(r, cfg, opts, "moe_runner_backend", 0.7, lambda r: choice_of(r, opts, "moe_runner_backend"))
        maybe(r, cfg, opts, "moe_a2a_backend", 0.6, lambda r: choice_of(r, opts, "moe_a2a_backend"))
        maybe(r, cfg, opts, "deepep_mode", 0.15, lambda r: choice_of(r, opts, "deepep_mode"))
        maybe(r, cfg, opts, "enable_eplb", 0.1, [True])
        maybe(r, cfg, opts, "ep_num_redundant_experts", 0.05, [0, 8, 32])
    # quantization and dtype
    if r.random() < 0.3:
        fam.append("quant")
        maybe(r, cfg, opts, "quantization", 0.8, lambda r: choice_of(r, opts, "quantization"))
        maybe(r, cfg, opts, "dtype", 0.3, lambda r: choice_of(r, opts, "dtype"))
        maybe(r, cfg, opts, "fp8_gemm_runner_backend", 0.1, lambda r: choice_of(r, opts, "fp8_gemm_runner_backend"))
        maybe(r, cfg, opts, "kv_cache_dtype", 0.2, lambda r: choice_of(r, opts, "kv_cache_dtype"))
    # context length
    if r.random() < 0.2:
        fam.append("context")
        cfg["context_length"] = r.choice([0, 1024, 4096, 32768, 131072, 262144, 1048576, 10**7])
        if r.random() < 0.2:
            cfg["env"] = {"SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN": r.choice(["1", "true", "0"])}
    # speculative decoding
    if r.random() < 0.2:
        fam.append("spec")
        cfg["speculative_algorithm"] = r.choice(SPEC_ALGOS)
        maybe(r, cfg, opts, "speculative_num_steps", 0.4, [1, 2, 3, 5])
        maybe(r, cfg, opts, "speculative_eagle_topk", 0.4, [1, 2, 4, 8])
        maybe(r, cfg, opts, "speculative_num_draft_tokens", 0.4, [1, 2, 4, 8, 16])
        maybe(r, cfg, opts, "speculative_draft_model_path", 0.3, ["some/draft-model"])
    # PD disaggregation
    if r.random() < 0.15:
        fam.append("pd")
        cfg["disaggregation_mode"] = r.choice(["prefill", "decode", "null"])
        maybe(r, cfg, opts, "disaggregation_transfer_backend", 0.6,
              lambda r: choice_of(r, opts, "disaggregation_transfer_backend"))
    # serving
    if r.random() < 0.3:
        fam.append("serving")
        maybe(r, cfg, opts, "chunked_prefill_size", 0.3, [-1, 0, 1, 512, 4096, 8192])
        maybe(r, cfg, opts, "disable_radix_cache", 0.25, [True])
        maybe(r, cfg, opts, "disable_cuda_graph", 0.2, [True])
        maybe(r, cfg, opts, "cuda_graph_max_bs", 0.15, [0, 1, 8, 160, 512])
        maybe(r, cfg, opts, "enable_torch_compile", 0.1, [True])
        maybe(r, cfg, opts, "enable_mixed_chunk", 0.1, [True])
        maybe(r, cfg, opts, "schedule_policy", 0.15, lambda r: choice_of(r, opts, "schedule_policy"))
        maybe(r, cfg, opts, "max_running_requests", 0.1, [0, 1, 64, 1024])
        maybe(r, cfg, opts, "mem_fraction_static", 0.1, [0.0, 0.5, 0.9, 1.0, 1.5])
        maybe(r, cfg, opts, "enable_two_batch_overlap", 0.05, [True])
        maybe(r, cfg, opts, "sampling_backend", 0.05, lambda r: choice_of(r, opts, "sampling_backend"))
        maybe(r, cfg, opts, "grammar_backend", 0.05, lambda r: choice_of(r, opts, "grammar_backend"))
    # LoRA
    if r.random() < 0.08:
        fam.append("lora")
        maybe(r, cfg, opts, "enable_lora", 0.7, [True])
        maybe(r, cfg, opts, "max_lora_rank", 0.4, [8, 64])
        maybe(r, cfg, opts, "lora_backend", 0.4, lambda r: choice_of(r, opts, "lora_backend"))
        maybe(r, cfg, opts, "max_loras_per_batch", 0.3, [0, 1, 8])
    # HiCache
    if r.random() < 0.08:
        fam.append("hicache")
        cfg["enable_hierarchical_cache"] = True
        maybe(r, cfg, opts, "hicache_ratio", 0.3, [0.5, 1.0, 2.0])
        maybe(r, cfg, opts, "hicache_storage_backend", 0.3, lambda r: choice_of(r, opts, "hicache_storage_backend"))
        maybe(r, cfg, opts, "hicache_mem_layout", 0.3, lambda r: choice_of(r, opts, "hicache_mem_layout"))
        maybe(r, cfg, opts, "hicache_io_backend", 0.3, lambda r: choice_of(r, opts, "hicache_io_backend"))
    # page size (Mamba track interval, backends' page sizes)
    if r.random() < 0.1:
        fam.append("page")
        cfg["page_size"] = r.choice([1, 16, 32, 64, 128, 256, 512, 1000])
    if not fam:
        fam.append("base")
    return cfg, fam


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", default="0.5.23")
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--oracle", default=str(g.DEFAULT_ORACLE))
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args(argv)
    opts = options(args.sglang)
    r = random.Random(args.seed)
    items, seen = [], set()
    while len(items) < args.count:
        cfg, fam = draw(r, args.sglang, opts)
        cid = g.case_id(f"all{args.seed}", cfg)
        if cid not in seen:
            seen.add(cid)
            items.append((cid, cfg, fam))
    oracle_cfgs = []
    for i, c, _ in items:
        o = gp.to_oracle(i, c)
        if not (ROOT / "tools" / "oracle" / "models" / c["arch"]).is_dir():
            # not one of the oracle's stand-ins: the reference config.json of data/models, which
            # the case then carries as its model_config (as gen_archs_cases.py does)
            o["models_root"] = "data/models"
        oracle_cfgs.append(o)
    if args.list:
        for o in oracle_cfgs:
            print(json.dumps(o, sort_keys=True))
        return 0
    by_id = {}
    for res in g.run_oracle(Path(args.oracle), oracle_cfgs, args.jobs, args.timeout):
        by_id[res["id"]] = res
    out = HERE / "measure" / f"oracle-{args.sglang}-allflags-{args.seed}.jsonl"
    out.parent.mkdir(exist_ok=True)
    counts = Counter()
    with open(out, "w") as f:
        for cid, cfg, fam in items:
            res = by_id[cid]
            counts[res["outcome"]] += 1
            if res["outcome"] == "harness_error":
                continue
            if not (ROOT / "tools" / "oracle" / "models" / cfg["arch"]).is_dir():
                cfg = dict(cfg)
                cfg["model_config"] = json.loads(
                    (ROOT / "data" / "models" / cfg["arch"] / "config.json").read_text())
            case = gp.to_case(cid, cfg, res)
            case["families"] = fam
            f.write(json.dumps(case, sort_keys=True) + "\n")
    print(f"wrote {out}: {dict(counts)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
