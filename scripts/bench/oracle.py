#!/usr/bin/env python3
"""SGLang's own resolution timed on golden configurations (run by `bash scripts/bench.sh`).

Takes a deterministic sample of the designed golden grid (tests/golden/oracle-0.5.23.jsonl):
every k-th case of each of a few GPUs (one oracle worker per hardware profile), converts them
to oracle input exactly as tests/golden/gen_oracle_cases.py did when it generated them, runs
them through tools/oracle/oracle.py (SGLang 0.5.23 from $ORACLE_WHEELS, `--jobs 1`, with
`--timing`), and writes JSON: per config the evaluation time inside the worker (`elapsed_s`:
argparse choices, run_resolution_pipeline and the construction checks, excluding the worker's
start-up and the per-config fork), the workers' start-up and per-config wall times, and
whether the oracle still agrees with the recorded verdict.

    python scripts/bench/oracle.py OUT.json [--per-gpu N]
Needs the oracle venv (`. ~/.cache/sglang-oracle/env/venv/bin/activate; export ORACLE_WHEELS=...`, tools/oracle/README.md).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "golden"))
import gen_oracle_cases as gen  # noqa: E402  (to_oracle, SITECUSTOMIZE: the golden conversion)

GPUS = ("H100", "RTX 5090")


def sample(per_gpu):
    cases = [json.loads(l) for l in open(ROOT / "tests/golden/oracle-0.5.23.jsonl") if l.strip()]
    out = []
    for g in GPUS:
        # one hardware profile per GPU (the CUDA-gating cases would each add a worker)
        mine = [c for c in cases if c["config"].get("gpu") == g and c["config"].get("cuda_version") == "12.9"]
        step = max(1, len(mine) // per_gpu)
        out += mine[::step][:per_gpu]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--per-gpu", type=int, default=50)
    a = ap.parse_args()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load_start = open("/proc/loadavg").read().split()[0]
    cases = sample(a.per_gpu)
    inp = "".join(json.dumps(gen.to_oracle(c["id"], c["config"]), sort_keys=True) + "\n" for c in cases)
    with tempfile.TemporaryDirectory(prefix="preflight-bench-") as tmp:
        Path(tmp, "sitecustomize.py").write_text(gen.SITECUSTOMIZE)
        env = dict(os.environ)
        env["PYTHONPATH"] = tmp + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        timing = Path(tmp, "timing.json")
        t0 = time.time()
        proc = subprocess.run(
            [sys.executable, str(ROOT / "tools/oracle/oracle.py"), "--sglang", "0.5.23",
             "--jobs", "1", "--timing", str(timing)],
            input=inp, stdout=subprocess.PIPE, text=True, check=True, env=env)
        wall = time.time() - t0
        timings = json.loads(timing.read_text())
    results = [json.loads(l) for l in proc.stdout.splitlines() if l.strip()]
    assert len(results) == len(cases), f"{len(results)} results for {len(cases)} configs"
    per = {}
    agree = 0
    for c, r in zip(cases, results):
        if r.get("outcome") == "harness_error":
            continue
        per[c["id"]] = float(r["elapsed_s"])
        agree += r.get("outcome") == c["expect"]["verdict"]
    xs = sorted(per.values())
    out = {
        "sglang": "0.5.23",
        "date": started,
        "load_start": load_start,
        "load_end": open("/proc/loadavg").read().split()[0],
        "gpus": GPUS,
        "configs": len(cases),
        "answered": len(per),
        "agree_with_golden": agree,
        "eval_s": per,
        "eval_median_s": statistics.median(xs),
        "eval_mean_s": statistics.fmean(xs),
        "workers": [{k: w.get(k) for k in ("hardware", "startup_s", "configs", "wall_per_config_s",
                                            "eval_per_config_s")} for w in timings["workers"]],
        "total_wall_s": round(wall, 1),
    }
    Path(a.out).write_text(json.dumps(out, indent=1))
    print(f"oracle: {len(per)}/{len(cases)} configs, evaluation median {out['eval_median_s']:.3f} s, "
          f"start-up {[w['startup_s'] for w in out['workers']]} s, wall {wall:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
