#!/usr/bin/env python3
"""Random held-out golden cases over every architecture Preflight knows (data/models).

The other sets use the oracle's ~13 model stand-ins (tools/oracle/models); this one draws a
seeded random sample of the reference configs in data/models/<Arch>/config.json (one case per
architecture) and a random launch for each: a GPU (NVIDIA SM 8.0/8.9/9.0/10.0/12.0 or AMD
gfx942), a KV dtype, an attention backend and a TP size, each often left unset (SGLang's
default, where architecture facts decide most). The oracle loads the same directory
(`"models_root": "data/models"`), and the case carries that config.json as its `model_config`,
so Preflight is judged with exactly the config SGLang read. Drawn after the rules were written;
writes tests/golden/oracle-<release>-archs-<seed>.jsonl (oracle harness errors are left out and
listed on stderr).

    . ~/.cache/sglang-oracle/env/venv/bin/activate && export ORACLE_WHEELS=~/.cache/sglang-oracle/wheels
    python tests/golden/gen_archs_cases.py --seed 1 --count 120 --jobs 1
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

MODELS = g.REPO_ROOT / "data" / "models"
# one product per SM / gfx arch: each distinct device is one oracle warm-up
GPUS = ["A100", "L40S", "H100", "B200", "RTX 5090", "MI300X"]
KV = ["auto", "bf16", "fp8_e4m3", "fp8_e5m2"]
BACKENDS = ["triton", "torch_native", "flex_attention", "flashinfer", "fa3", "fa4", "trtllm_mha",
            "trtllm_mla", "flashmla", "cutedsl_mla", "aiter"]


def archs():
    """Every architecture with a reference config, sorted (the draw depends only on the seed)."""
    return sorted(p.parent.name for p in MODELS.glob("*/config.json") if not p.parent.name.startswith("_"))


def draw(r, arch, build=False):
    cfg = {"sglang": g.SGLANG_VERSION, "gpu": r.choice(GPUS), "cuda_version": g.DEFAULT_CUDA,
           "arch": arch}
    if r.random() < 0.4:
        cfg["kv_cache_dtype"] = r.choice(KV)
    if r.random() < 0.4:
        cfg["attention_backend"] = r.choice(BACKENDS)
    if build:
        # the constructors divide heads and widths by the TP size: odd sizes too
        if r.random() < 0.6:
            cfg["tp_size"] = r.choice([2, 3, 4, 6, 8, 16])
    elif r.random() < 0.35:
        cfg["tp_size"] = r.choice([2, 4, 8])
    return cfg


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sglang", default=g.SGLANG_VERSION)
    ap.add_argument("--count", type=int, default=120, help="architectures drawn (one case each)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--oracle", default=str(g.DEFAULT_ORACLE))
    ap.add_argument("--timeout", type=float, default=180.0)
    ap.add_argument("--list", action="store_true", help="print the oracle configs and exit")
    ap.add_argument("--archs", help="only these architectures (comma-separated), e.g. the ones whose "
                    "reference config just changed; the file is then oracle-<release>-archs-<seed>-<n>.jsonl")
    ap.add_argument("--per-arch", type=int, default=1, help="cases drawn per architecture")
    ap.add_argument("--build-model", action="store_true",
                    help="also run the start-up stage and build the model class on the meta device "
                    "(`\"startup\": true, \"build_model\": true`: the constructors' shape checks); "
                    "the file is then oracle-<release>-archs-build-<seed>.jsonl")
    args = ap.parse_args(argv)
    g.SGLANG_VERSION = args.sglang
    r = random.Random(args.seed)
    all_archs = archs()
    if args.archs:
        wanted = args.archs.split(",")
        unknown = [a for a in wanted if a not in all_archs]
        if unknown:
            ap.error(f"no reference config for {unknown}")
        picked = sorted(wanted)
    else:
        picked = sorted(r.sample(all_archs, min(args.count, len(all_archs))))
    items, seen = [], set()
    for arch in picked:
        for _ in range(args.per_arch):
            cfg = draw(r, arch, args.build_model)
            cid = g.case_id(f"archs{args.seed}", cfg)
            if cid not in seen:
                seen.add(cid)
                items.append((cid, cfg))
    oracle_cfgs = []
    for cid, cfg in items:
        o = g.to_oracle(cid, cfg)
        o["models_root"] = "data/models"
        if args.build_model:
            o["startup"] = True
            o["build_model"] = True
        oracle_cfgs.append(o)
    if args.list:
        for o in oracle_cfgs:
            print(json.dumps(o, sort_keys=True))
        return 0
    results = g.run_oracle(Path(args.oracle), oracle_cfgs, args.jobs, args.timeout)
    suffix = f"-{len(picked)}" if args.archs else ""
    family = "archs-build" if args.build_model else "archs"
    out = Path(__file__).resolve().parent / f"oracle-{args.sglang}-{family}-{args.seed}{suffix}.jsonl"
    counts = Counter()
    with open(out, "w") as f:
        for (cid, cfg), res in zip(items, results):
            counts[res["outcome"]] += 1
            if res["outcome"] == "harness_error":
                print(f"harness_error {cfg['arch']}: {str(res.get('message'))[:160]}", file=sys.stderr)
                continue
            cfg = dict(cfg)
            cfg["model_config"] = json.loads((MODELS / cfg["arch"] / "config.json").read_text())
            case = g.to_case(cid, cfg, res)
            if args.build_model:
                case["expect"]["startup"] = True
                case["expect"]["build_model"] = True
            f.write(json.dumps(case, sort_keys=True) + "\n")
    print(f"{out}: {dict(counts)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
