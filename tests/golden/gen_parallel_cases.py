#!/usr/bin/env python3
"""Golden cases for the parallelism checks (`arg_groups/parallel_hook.py`), per release.

Builds a deterministic grid of launch configurations over the parallel flags (tp, dp,
`--enable-dp-attention`, `--attn-dp-size` where the release has it, attention CP, MoE DP,
EP, PP, DCP and its communication backend, DWDP, EPLB dispatch, prefill CP strategy,
shared-experts TP) on dense and MoE models, runs them through the oracle for one release
and writes tests/golden/oracle-<release>-parallel.jsonl (format: README.md).

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_parallel_cases.py --sglang 0.5.23 --jobs 2
    python tests/golden/gen_parallel_cases.py --sglang 0.5.19 --jobs 2

`--random N --seed S` draws N random parallel-flag configurations instead (a held-out set,
written to oracle-<release>-parallel-random-<S>.jsonl); `--list` prints the configs.
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

MODELS = ["LlamaForCausalLM", "Qwen3MoeForCausalLM", "DeepseekV3ForCausalLM"]
# Resolved fields the parallel hooks declare (recorded when the oracle reports them).
PARALLEL_KEYS = ("tp_size", "dp_size", "attn_dp_size", "enable_dp_attention", "ep_size",
                 "moe_dp_size", "attn_cp_size", "dcp_size", "dcp_comm_backend", "pp_size",
                 "enable_dp_lm_head", "moe_dense_tp_size", "moe_a2a_backend",
                 "ep_dispatch_algorithm")


def has_attn_dp(v):
    return v not in ("0.5.19", "0.5.20", "0.5.21")


def has_shared_experts_tp(v):
    return v not in ("0.5.19", "0.5.20")


class Cases:
    def __init__(self, v):
        self.v = v
        self.items = []
        self.seen = set()

    def add(self, section, gpu, arch, **fields):
        cfg = {"sglang": self.v, "gpu": gpu, "arch": arch, "cuda_version": g.DEFAULT_CUDA}
        for k, val in fields.items():
            if val is not None:
                cfg[k] = val
        key = json.dumps(cfg, sort_keys=True)
        if key not in self.seen:
            self.seen.add(key)
            self.items.append((section, cfg))


def build_cases(v):
    c = Cases(v)
    # tp x dp x --enable-dp-attention
    for arch in MODELS:
        for tp in (1, 2, 4, 8):
            for dp in (1, 2, 3, 4, 8):
                for dpa in (None, True):
                    c.add("dp", "H100", arch, tp_size=tp, dp_size=dp, enable_dp_attention=dpa)
    if has_attn_dp(v):
        for arch in MODELS[:2]:
            for tp in (2, 4, 8):
                for adp in (0, -1, 2, 3, 4, 8):
                    for dp in (None, 2):
                        c.add("adp", "H100", arch, tp_size=tp, attn_dp_size=adp, dp_size=dp)
            c.add("adp", "H100", arch, tp_size=8, attn_dp_size=2, dp_size=4,
                  enable_dp_attention=True)
            c.add("adp", "H100", arch, tp_size=8, attn_dp_size=1, dp_size=4,
                  enable_dp_attention=True)
    # attention context parallelism
    for arch in MODELS:
        for tp in (1, 2, 4, 8):
            for cp in (2, 3, 4):
                for dpa in ((None, None), (2, True), (4, True)):
                    c.add("cp", "H100", arch, tp_size=tp, attn_cp_size=cp, dp_size=dpa[0],
                          enable_dp_attention=dpa[1])
        c.add("cp", "H100", arch, tp_size=4, attn_cp_size=2, enable_aiter_allreduce_fusion=True)
        c.add("cp", "MI300X", arch, tp_size=4, attn_cp_size=2, enable_aiter_allreduce_fusion=True)
    # MoE data parallelism
    for arch in MODELS[1:]:
        for tp in (2, 4, 8):
            for mdp in (2, 3, 4):
                for ep in (None, 2, 4, 8):
                    c.add("moedp", "H100", arch, tp_size=tp, moe_dp_size=mdp, ep_size=ep)
                c.add("moedp", "H100", arch, tp_size=tp, moe_dp_size=mdp, pp_size=2)
                c.add("moedp", "H100", arch, tp_size=tp, moe_dp_size=mdp, attn_cp_size=mdp)
                c.add("moedp", "H100", arch, tp_size=tp, moe_dp_size=mdp,
                      enable_aiter_allreduce_fusion=True)
            c.add("moedp", "H100", arch, tp_size=tp, attn_cp_size=2, moe_dp_size=4)
    # decode context parallelism
    for gpu in ("H100", "B200", "MI300X"):
        for dcp in (None, 0, 1, 2, 4):
            for be in (None, "a2a", "fi_a2a", "ag_rs"):
                for rq in (None, True):
                    c.add("dcp", gpu, "DeepseekV3ForCausalLM", tp_size=8, dcp_size=dcp,
                          dcp_comm_backend=be, dcp_replicate_q_proj=rq)
        c.add("dcp", gpu, "DeepseekV3ForCausalLM", tp_size=8, dcp_size=2, enable_prefill_cp=True,
              cp_strategy="interleave")
        c.add("dcp", gpu, "DeepseekV3ForCausalLM", tp_size=8, dcp_size=8, nnodes=2)
    # DWDP
    for arch in MODELS[1:]:
        for dw, tp in ((2, 2), (4, 4), (4, 8), (8, 8)):
            c.add("dwdp", "H100", arch, tp_size=tp, dwdp_size=dw)
            c.add("dwdp", "H100", arch, tp_size=tp, dwdp_size=dw, pp_size=2)
            c.add("dwdp", "H100", arch, tp_size=tp, dwdp_size=dw, enable_eplb=True)
            c.add("dwdp", "H100", arch, tp_size=tp, dwdp_size=dw, disaggregation_mode="decode")
            c.add("dwdp", "H100", arch, tp_size=tp, dwdp_size=dw, enable_two_batch_overlap=True)
            c.add("dwdp", "H100", arch, tp_size=tp, dwdp_size=dw, speculative_algorithm="NGRAM")
    # EP, PP, nodes, EPLB dispatch
    for arch in MODELS:
        for tp, ep in ((8, 2), (8, 8), (8, 16), (4, 8), (2, 1)):
            c.add("ep", "H100", arch, tp_size=tp, ep_size=ep)
        c.add("ep", "H100", arch, tp_size=8, enable_eplb=True)
        c.add("ep", "H100", arch, tp_size=8, ep_size=8, enable_eplb=True)
        for alg in ("static", "lp", "dynamic", "fake"):
            c.add("ep", "H100", arch, tp_size=8, ep_size=8, ep_dispatch_algorithm=alg)
        c.add("ep", "H100", arch, tp_size=8, ep_size=8, init_expert_location="random")
        for tp, pp in ((4, 2), (8, 2), (2, 4)):
            c.add("pp", "H100", arch, tp_size=tp, pp_size=pp)
        for tp, nn in ((8, 2), (16, 2), (4, 2)):
            c.add("nodes", "H100", arch, tp_size=tp, nnodes=nn)
    # prefill context parallelism
    for arch in MODELS:
        for strat in (None, "zigzag", "interleave"):
            c.add("pcp", "H100", arch, tp_size=8, enable_prefill_cp=True, cp_strategy=strat)
            c.add("pcp", "H100", arch, tp_size=8, attn_cp_size=2, enable_prefill_cp=True,
                  cp_strategy=strat)
        c.add("pcp", "MI300X", arch, tp_size=8, enable_prefill_cp=True, cp_strategy="zigzag")
    # shared-experts TP (Kimi-K3 only)
    if has_shared_experts_tp(v):
        for arch in MODELS:
            for size in (0, 1, 2, 3):
                c.add("setp", "H100", arch, tp_size=4, shared_experts_tp_size=size)
    return c.items


INTS = [None, None, 1, 2, 3, 4, 8, 16]


def draw(r, v):
    cfg = {"sglang": v, "gpu": r.choice(["H100", "H100", "B200", "MI300X", "A100", "RTX 5090"]),
           "arch": r.choice(g_archs()), "cuda_version": g.DEFAULT_CUDA}
    cfg["tp_size"] = r.choice([1, 2, 4, 8, 8, 16])
    for k, p in (("dp_size", 0.5), ("ep_size", 0.3), ("pp_size", 0.2), ("attn_cp_size", 0.25),
                 ("moe_dp_size", 0.2), ("dcp_size", 0.2), ("nnodes", 0.1), ("dwdp_size", 0.08),
                 ("moe_dense_tp_size", 0.05)):
        if r.random() < p:
            cfg[k] = r.choice([0, 1, 2, 3, 4, 8, 16] if k in ("dcp_size",) else [1, 2, 3, 4, 8, 16])
    if r.random() < 0.4:
        cfg["enable_dp_attention"] = True
    if has_attn_dp(v) and r.random() < 0.25:
        cfg["attn_dp_size"] = r.choice([0, 1, 2, 4, 8])
    if r.random() < 0.15:
        cfg["dcp_comm_backend"] = r.choice(["a2a", "fi_a2a", "ag_rs"])
    if r.random() < 0.08:
        cfg["dcp_replicate_q_proj"] = True
    if r.random() < 0.1:
        cfg["enable_eplb"] = True
    if r.random() < 0.1:
        cfg["ep_dispatch_algorithm"] = r.choice(["static", "dynamic", "fake", "lp"])
    if r.random() < 0.1:
        cfg["enable_prefill_cp"] = True
        if r.random() < 0.7:
            cfg["cp_strategy"] = r.choice(["zigzag", "interleave"])
    if r.random() < 0.05:
        cfg["enable_aiter_allreduce_fusion"] = True
    if r.random() < 0.05:
        cfg["enable_dp_lm_head"] = True
    if has_shared_experts_tp(v) and r.random() < 0.05:
        cfg["shared_experts_tp_size"] = r.choice([0, 1, 2, 3])
    return cfg


def g_archs():
    return ["LlamaForCausalLM", "Qwen3ForCausalLM", "Qwen3MoeForCausalLM",
            "DeepseekV3ForCausalLM", "GptOssForCausalLM", "Glm4MoeForCausalLM",
            "Gemma3ForCausalLM"]


def to_oracle(cid, cfg):
    o = g.to_oracle(cid, cfg)
    o["sglang"] = cfg["sglang"]
    return o


def to_case(cid, cfg, res):
    case = g.to_case(cid, cfg, res)
    if case["expect"]["verdict"] == "ok":
        resolved = res.get("resolved") or {}
        for k in PARALLEL_KEYS:
            if k in resolved:
                case["expect"]["resolved"][k] = resolved[k]
    return case


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", default="0.5.23")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--oracle", default=str(g.DEFAULT_ORACLE))
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--random", type=int, default=0, help="draw N random configs instead")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--raw", default=None, help="also write the oracle's raw results here")
    ap.add_argument("--reuse", default=None,
                    help="an earlier --raw file: only configs whose id it lacks are run")
    args = ap.parse_args(argv)
    here = Path(__file__).resolve().parent
    if args.random:
        r = random.Random(args.seed)
        items, seen = [], set()
        while len(items) < args.random:
            cfg = draw(r, args.sglang)
            cid = g.case_id(f"prand{args.seed}", cfg)
            if cid not in seen:
                seen.add(cid)
                items.append((cid, cfg))
        out = here / f"oracle-{args.sglang}-parallel-random-{args.seed}.jsonl"
    else:
        items = [(g.case_id(s, cfg), cfg) for s, cfg in build_cases(args.sglang)]
        assert len({i for i, _ in items}) == len(items), "case id collision"
        out = here / f"oracle-{args.sglang}-parallel.jsonl"
    oracle_cfgs = [to_oracle(i, c) for i, c in items]
    if args.list:
        for o in oracle_cfgs:
            print(json.dumps(o, sort_keys=True))
        print(f"{len(oracle_cfgs)} configs", file=sys.stderr)
        return 0
    by_id = {}
    if args.reuse:
        with open(args.reuse) as f:
            by_id = {r["id"]: r for r in map(json.loads, filter(str.strip, f))}
    todo = [o for o in oracle_cfgs if o["id"] not in by_id]
    if todo:
        for res in g.run_oracle(Path(args.oracle), todo, args.jobs, args.timeout):
            by_id[res["id"]] = res
    results = [by_id[i] for i, _ in items]
    if args.raw:
        with open(args.raw, "w") as f:
            for res in results:
                f.write(json.dumps(res, sort_keys=True) + "\n")
    counts = Counter()
    with open(out, "w") as f:
        for (cid, cfg), res in zip(items, results):
            counts[res["outcome"]] += 1
            if res["outcome"] == "harness_error":
                continue
            f.write(json.dumps(to_case(cid, cfg, res), sort_keys=True) + "\n")
    print(f"{out}: {dict(counts)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
