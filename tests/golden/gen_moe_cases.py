#!/usr/bin/env python3
"""Golden cases for the MoE checks (`arg_groups/moe_hook.py`, `arg_groups/mega_moe_hook.py`, the
MoE runner defaults of the model overrides) and the parallel topology of
`runtime_context._validate_parallel`, per release.

Builds a deterministic grid over the MoE flags (`--moe-runner-backend`, `--moe-a2a-backend`,
`--deepep-mode`, `--deepep-v2-mode`, `--flashinfer-a2a-dispatch-type`, `--quantization`,
`--ep-size`) and the parallel layout they need (tp, dp, `--enable-dp-attention`,
`--attn-dp-size` where the release has it, `--moe-dp-size`, nodes) on MoE models (DeepSeek-V3,
Qwen3-MoE, GPT-OSS, GLM-4 MoE, Mixtral, Qwen2-MoE; Llama as the dense control) and GPUs (H100,
H200, B200, RTX 5090, MI300X), runs every config through the oracle of one release with its
start-up stage (`"startup": true`: the scheduler ranks' publish and `initialize_moe_config`)
and writes tests/golden/oracle-<release>-moe.jsonl (format: README.md). Ok cases record the
MoE and parallel fields SGLang resolved (`moe_runner_backend`, `moe_a2a_backend`, `ep_size`,
`deepep_mode`, ... from the oracle's `all_fields`).

    . ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_moe_cases.py --sglang 0.5.23 --jobs 1

`--random N --seed S` draws N random MoE launches instead (a held-out set, written to
oracle-<release>-moe-random-<S>.jsonl); `--list` prints the configs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402

MOE_ARCHS = ["DeepseekV3ForCausalLM", "Qwen3MoeForCausalLM", "GptOssForCausalLM",
             "Glm4MoeForCausalLM", "MixtralForCausalLM", "Qwen2MoeForCausalLM"]
# Resolved fields recorded for ok cases (from the oracle's all_fields).
MOE_KEYS = ("moe_runner_backend", "moe_a2a_backend", "ep_size", "deepep_mode", "tp_size",
            "dp_size", "attn_dp_size", "enable_dp_attention", "moe_dp_size")
RUNNERS = [None, "triton", "deep_gemm", "flashinfer_cutlass", "flashinfer_cutedsl",
           "flashinfer_trtllm", "flashinfer_trtllm_routed", "cutlass", "flashinfer_mxfp4"]
QUANTS = [None, "fp8", "modelopt_fp4", "mxfp8", "nvfp4_online", "compressed-tensors"]


def has_attn_dp(v):
    return v not in ("0.5.19", "0.5.20", "0.5.21")


def at_least(v, w):
    return tuple(map(int, v.split("."))) >= tuple(map(int, w.split(".")))


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


def adp(v, n):
    """Attention DP over n groups, in the release's own spelling."""
    if n is None:
        return {}
    if has_attn_dp(v):
        return {"attn_dp_size": n}
    return {"dp_size": n, "enable_dp_attention": True}


def build_cases(v):
    c = Cases(v)
    # the runner each model gets by default, per GPU and quantization
    for arch in MOE_ARCHS + ["LlamaForCausalLM"]:
        c.add("default", "H200", arch)
        for gpu in ("H100", "B200", "RTX 5090", "MI300X"):
            for q in QUANTS[:5]:
                c.add("default", gpu, arch, quantization=q)
    # runner x quantization (the handle_moe_kernel_config asserts)
    for arch, gpu in (("Qwen3MoeForCausalLM", "B200"), ("DeepseekV3ForCausalLM", "B200"),
                      ("MixtralForCausalLM", "H100")):
        if True:
            for r in RUNNERS:
                for q in (None, "fp8", "modelopt_fp4", "mxfp8", "compressed-tensors", "w8a8_fp8"):
                    c.add("runner", gpu, arch, moe_runner_backend=r, quantization=q)
    for arch in ("Qwen3MoeForCausalLM", "GptOssForCausalLM", "Glm4MoeForCausalLM",
                 "Qwen2MoeForCausalLM"):
        for r in RUNNERS:
            c.add("runner", "B200", arch, moe_runner_backend=r)
            c.add("runner", "MI300X", arch, moe_runner_backend=r)
    # runner x expert parallel size
    for arch in ("Qwen3MoeForCausalLM",):
        for r in ("flashinfer_cutlass", "flashinfer_cutedsl", "cutlass", "triton"):
            for q in (None, "fp8", "modelopt_fp4"):
                for tp, ep in ((8, None), (8, 2), (8, 8), (4, 4)):
                    c.add("runner-ep", "B200", arch, tp_size=tp, ep_size=ep,
                          moe_runner_backend=r, quantization=q)
    # all-to-all backends x layout x runner
    a2as = ["deepep", "flashinfer", "pplx", "mori", "deepep_v2", "mooncake", "nixl"]
    if at_least(v, "0.5.20"):
        a2as.append("flashinfer_megamoe")
    for arch in ("DeepseekV3ForCausalLM", "Qwen3MoeForCausalLM", "MixtralForCausalLM"):
        for gpu in ("H100", "B200"):
            for a in a2as:
                for layout in (None, 2, 8):
                    c.add("a2a", gpu, arch, tp_size=8, moe_a2a_backend=a, **adp(v, layout))
                if arch == "DeepseekV3ForCausalLM":
                    for r in ("deep_gemm", "flashinfer_cutlass", "triton"):
                        c.add("a2a", gpu, arch, tp_size=8, moe_a2a_backend=a,
                              moe_runner_backend=r, **adp(v, 8))
                if arch == "DeepseekV3ForCausalLM":
                    c.add("a2a", gpu, arch, tp_size=8, ep_size=4, moe_a2a_backend=a)
    for a in a2as:
        c.add("a2a", "MI300X", "Qwen3MoeForCausalLM", tp_size=8, moe_a2a_backend=a,
              **adp(v, 8))
        c.add("a2a", "MI300X", "DeepseekV3ForCausalLM", tp_size=8, moe_a2a_backend=a)
        c.add("a2a", "B200", "GptOssForCausalLM", tp_size=8, moe_a2a_backend=a,
              **adp(v, 8))
        c.add("a2a", "B200", "Glm4MoeForCausalLM", tp_size=4, moe_a2a_backend=a,
              **adp(v, 4))
    # deepep modes
    for a in ("deepep", "pplx", "mori", "flashinfer"):
        for mode in ("normal", "low_latency"):
            for r in (None, "flashinfer_cutedsl", "deep_gemm"):
                for q in (None, "nvfp4_online"):
                    c.add("deepep-mode", "B200", "DeepseekV3ForCausalLM", tp_size=8,
                          moe_a2a_backend=a, deepep_mode=mode, moe_runner_backend=r,
                          quantization=q, **adp(v, 8))
    for q in (None, "modelopt_fp4", "nvfp4_online"):
        c.add("deepep-mode", "B200", "DeepseekV3ForCausalLM", tp_size=8, moe_a2a_backend="deepep",
              moe_runner_backend="flashinfer_cutedsl", quantization=q)
        c.add("deepep-mode", "B200", "DeepseekV3ForCausalLM", tp_size=8, moe_a2a_backend="deepep",
              moe_runner_backend="flashinfer_cutedsl", quantization=q,
              env={"SGLANG_FLASHINFER_NVFP4_PER_TOKEN_ACTIVATION": "1"})
    # pplx's dispatch budget
    for cps in (None, 64, 128, 256, -1):
        for env in (None, {"SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "4096"}):
            c.add("pplx", "H100", "Qwen3MoeForCausalLM", tp_size=8, moe_a2a_backend="pplx",
                  chunked_prefill_size=cps, env=env, **adp(v, 8))
            c.add("mori", "MI300X", "Qwen3MoeForCausalLM", tp_size=8, moe_a2a_backend="mori",
                  chunked_prefill_size=cps, env=env)
    # DeepEP v2
    for arch in MOE_ARCHS:
        c.add("deepep-v2", "B200", arch, tp_size=8, moe_a2a_backend="deepep_v2")
    for extra in ({"enable_two_batch_overlap": True}, {"enable_single_batch_overlap": True},
                  {"enforce_shared_experts_fusion": True},
                  {"enable_deterministic_inference": True},
                  {"nnodes": 2, "tp_size": 16}, {"nnodes": 2, "tp_size": 16,
                                                 "deepep_v2_mode": "hybrid"},
                  {"moe_runner_backend": "triton"}, {"moe_runner_backend": "deep_gemm"},
                  {"speculative_algorithm": "NGRAM"}):
        fields = {"tp_size": 8, "moe_a2a_backend": "deepep_v2", **extra}
        c.add("deepep-v2", "B200", "DeepseekV3ForCausalLM", **fields)
        c.add("deepep-v2", "H100", "Qwen3MoeForCausalLM", **fields)
    # FlashInfer A2A dispatch type (0.5.20+)
    if at_least(v, "0.5.20"):
        for dt in ("auto", "bf16", "nvfp4", "mxfp8"):
            for a in ("none", "flashinfer", "deepep"):
                for q, r in ((None, None), ("mxfp8", None), ("mxfp8", "flashinfer_trtllm_routed"),
                             ("modelopt_fp4", "flashinfer_cutlass"),
                             (None, "flashinfer_trtllm")):
                    c.add("dispatch", "B200", "Qwen3MoeForCausalLM", tp_size=8,
                          moe_a2a_backend=a, flashinfer_a2a_dispatch_type=dt,
                          moe_runner_backend=r, quantization=q, **adp(v, 8))
        c.add("dispatch", "B200", "Qwen3MoeForCausalLM", tp_size=8, moe_a2a_backend="flashinfer",
              flashinfer_a2a_dispatch_type="bf16", moe_runner_backend="flashinfer_cutlass",
              env={"SGLANG_MOE_NVFP4_DISPATCH": "0"}, **adp(v, 8))
    # MegaMoE (mega_moe_hook) and FlashInfer MegaMOE
    for gpu in ("H100", "B200", "RTX 5090", "MI300X"):
        for arch in ("DeepseekV3ForCausalLM", "Qwen3MoeForCausalLM"):
            c.add("megamoe", gpu, arch, tp_size=8, moe_a2a_backend="megamoe")
            c.add("megamoe", gpu, arch, tp_size=8, moe_runner_backend="megamoe")
            c.add("megamoe", gpu, arch, tp_size=8, moe_runner_backend="megamoe",
                  moe_a2a_backend="deepep")
            c.add("megamoe", gpu, arch, tp_size=8, moe_a2a_backend="megamoe",
                  enable_two_batch_overlap=True)
    if at_least(v, "0.5.20"):
        for gpu in ("H100", "B200"):
            for arch in ("DeepseekV3ForCausalLM", "Qwen3MoeForCausalLM", "MixtralForCausalLM",
                         "Qwen2MoeForCausalLM"):
                for q in ("mxfp8", "fp8"):
                    for r in (None, "triton"):
                        c.add("fi-megamoe", gpu, arch, tp_size=8,
                              moe_a2a_backend="flashinfer_megamoe", quantization=q,
                              moe_runner_backend=r, **adp(v, 8))
                c.add("fi-megamoe", gpu, arch, tp_size=8, moe_a2a_backend="flashinfer_megamoe",
                      quantization="mxfp8")
    # topology: tp x ep x moe-dp x attention DP, at the publish and the scheduler ranks
    for arch in ("Qwen3MoeForCausalLM", "DeepseekV3ForCausalLM"):
        for tp, ep, mdp, a in ((8, 16, None, None), (8, 3, None, None), (8, 8, 2, None),
                               (8, 4, 2, None), (4, 8, None, 2), (8, 8, None, 8),
                               (16, 16, None, None), (2, 4, None, None), (8, 2, None, 4),
                               (6, 4, None, None), (8, 8, None, None)):
            c.add("topology", "H100", arch, tp_size=tp, ep_size=ep, moe_dp_size=mdp,
                  **adp(v, a))
        c.add("topology", "H100", arch, tp_size=8, ep_size=16, moe_a2a_backend="deepep")
    # LayerNorm sequence parallelism (layernorm_sp_hook)
    for arch in ("Qwen3ForCausalLM", "LlamaForCausalLM", "Qwen3MoeForCausalLM"):
        for tp in (1, 2, 4):
            c.add("sp", "H100", arch, tp_size=tp, enable_layernorm_sp=True)
        c.add("sp", "H100", arch, tp_size=4, enable_layernorm_sp=True, **adp(v, 2))
        c.add("sp", "H100", arch, tp_size=2, enable_layernorm_sp=True,
              speculative_algorithm="NGRAM")
        c.add("sp", "H100", arch, tp_size=2, pp_size=2, enable_layernorm_sp=True)
        if at_least(v, "0.5.23"):
            c.add("sp", "H100", arch, tp_size=2, enable_megamoe_for_layernorm_sp=True)
            c.add("sp", "H100", arch, tp_size=2, enable_layernorm_sp=True,
                  enable_megamoe_for_layernorm_sp=True)
    # FlashInfer A2A token budget (0.5.22+) and chunked prefill
    for gpu in ("H100", "B200"):
        for cps in (None, -1, 512, 4096):
            for env in (None, {"SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "256"},
                        {"SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "1024"},
                        {"SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "4096"}):
                c.add("fi-budget", gpu, "Qwen3MoeForCausalLM", tp_size=8,
                      moe_a2a_backend="flashinfer", moe_runner_backend="flashinfer_cutlass",
                      chunked_prefill_size=cps, env=env, **adp(v, 8))
        c.add("fi-budget", gpu, "Qwen3MoeForCausalLM", tp_size=8, moe_a2a_backend="flashinfer",
              moe_runner_backend="flashinfer_cutlass", max_running_requests=64,
              env={"SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "256"}, **adp(v, 8))
    # DeepEP v2 as the draft's all-to-all backend
    big = {"SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK": "65536"}
    for spec in (None, "NGRAM"):
        for sab in (None, "deepep_v2", "none", "deepep"):
            for a in ("none", "deepep_v2"):
                c.add("draft", "B200", "DeepseekV3ForCausalLM", tp_size=8, moe_a2a_backend=a,
                      speculative_algorithm=spec, speculative_moe_a2a_backend=sab, env=big)
    c.add("draft", "B200", "DeepseekV3ForCausalLM", tp_size=8, moe_a2a_backend="deepep_v2",
          env=big)
    c.add("draft", "H100", "Qwen3MoeForCausalLM", tp_size=8, moe_a2a_backend="deepep_v2",
          env=big)
    for sab in (None, "deepep_v2", "none"):
        for a in ("none", "deepep_v2", "deepep"):
            c.add("draft", "H100", "Qwen3MoeForCausalLM", tp_size=8, moe_a2a_backend=a,
                  speculative_algorithm="NGRAM", speculative_moe_a2a_backend=sab, env=big)
    return c.items


def draw(r, v):
    """One random MoE launch (a held-out set: drawn after the rules were written)."""
    gpu = r.choice(["H100", "H100", "B200", "B200", "H200", "RTX 5090", "MI300X"])
    arch = r.choice(MOE_ARCHS + ["Qwen3ForCausalLM"])
    cfg = {"sglang": v, "gpu": gpu, "arch": arch, "cuda_version": g.DEFAULT_CUDA,
           "tp_size": r.choice([1, 2, 4, 8, 8, 8])}
    pick = lambda p, xs: r.choice(xs) if r.random() < p else None  # noqa: E731
    a2as = ["none", "deepep", "flashinfer", "pplx", "mori", "deepep_v2", "megamoe"]
    if at_least(v, "0.5.20"):
        a2as.append("flashinfer_megamoe")
    fields = {
        "moe_a2a_backend": pick(0.5, a2as),
        "moe_runner_backend": pick(0.4, [r_ for r_ in RUNNERS if r_] + ["megamoe", "marlin"]),
        "quantization": pick(0.35, ["fp8", "modelopt_fp4", "mxfp8", "nvfp4_online",
                                    "compressed-tensors", "w8a8_fp8"]),
        "ep_size": pick(0.25, [1, 2, 4, 8, 16]),
        "deepep_mode": pick(0.2, ["normal", "low_latency", "auto"]),
        "chunked_prefill_size": pick(0.2, [-1, 128, 512, 4096, 8192]),
        "moe_dp_size": pick(0.08, [2, 4]),
        "enable_layernorm_sp": pick(0.08, [True]),
        "enable_two_batch_overlap": pick(0.05, [True]),
        "speculative_algorithm": pick(0.06, ["NGRAM"]),
        "max_running_requests": pick(0.06, [32, 256]),
    }
    if at_least(v, "0.5.20"):
        fields["flashinfer_a2a_dispatch_type"] = pick(0.08, ["auto", "bf16", "nvfp4", "mxfp8"])
    cfg.update({k: x for k, x in fields.items() if x is not None})
    if r.random() < 0.45:
        cfg.update(adp(v, r.choice([2, 4, 8, cfg["tp_size"]])))
    env = {}
    for name, vals, p in (("SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK", ["1024", "65536"], 0.06),
                          ("SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK", ["65536"], 0.08),
                          ("SGLANG_FLASHINFER_NUM_MAX_DISPATCH_TOKENS_PER_RANK", ["256", "2048"], 0.06),
                          ("SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK", ["16384"], 0.05)):
        if r.random() < p:
            env[name] = r.choice(vals)
    if env:
        cfg["env"] = env
    return cfg


def to_oracle(cid, cfg):
    o = g.to_oracle(cid, cfg)
    o["sglang"] = cfg["sglang"]
    o["startup"] = True
    o["all_fields"] = True
    return o


def to_case(cid, cfg, res):
    case = g.to_case(cid, cfg, res)
    if case["expect"]["verdict"] == "ok":
        fields = res.get("all_fields") or {}
        for k in MOE_KEYS:
            if k in fields:
                case["expect"]["resolved"][k] = fields[k]
    return case


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sglang", default="0.5.23")
    ap.add_argument("--jobs", type=int, default=1)
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
        import random
        r = random.Random(args.seed)
        items, seen = [], set()
        while len(items) < args.random:
            cfg = draw(r, args.sglang)
            cid = g.case_id(f"mrand{args.seed}", cfg)
            if cid not in seen:
                seen.add(cid)
                items.append((cid, cfg))
        out = here / f"oracle-{args.sglang}-moe-random-{args.seed}.jsonl"
    else:
        items = [(g.case_id(s, cfg), cfg) for s, cfg in build_cases(args.sglang)]
        assert len({i for i, _ in items}) == len(items), "case id collision"
        out = here / f"oracle-{args.sglang}-moe.jsonl"
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
