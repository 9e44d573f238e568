#!/usr/bin/env python3
"""Convert the oracle's own grid sweep (`tools/oracle/sweep.py`, the sweep its README
describes: 8 SMs x 13 architectures x KV dtypes x attention backends, plus the DSA and
DeepSeek-V4 grids) into golden cases. The sweep names GPUs by compute capability only and uses
the oracle's default CUDA build, so the cases leave `cuda_version` unset and exercise
Preflight's default.

    . ~/sglang-oracle-env/venv/bin/activate && export PYTHONPATH=~/sglang-oracle-env/whl
    python tools/oracle/sweep.py --out sweep.jsonl --jobs 2
    python tests/golden/from_sweep.py sweep.jsonl > sweep-cases.jsonl

The committed files `oracle-0.5.23-sweep-{1,2,3}.jsonl` are that output without the `warnings`
lists, split in three so that no file exceeds 2 MiB.
"""

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gen_oracle_cases as g  # noqa: E402


def main(path):
    counts = {}
    for line in open(path):
        if not line.strip():
            continue
        rec = json.loads(line)
        oc, res = rec["config"], rec["result"]
        counts[res["outcome"]] = counts.get(res["outcome"], 0) + 1
        if res["outcome"] == "harness_error" or oc.get("vendor", "nvidia") != "nvidia":
            continue
        cfg = {"sglang": "0.5.23", "compute_capability": "%d.%d" % tuple(oc["gpu_sm"]), "arch": oc["arch"]}
        for k in ("kv_cache_dtype", "attention_backend", "prefill_attention_backend", "decode_attention_backend", "page_size", "tp_size"):
            if oc.get(k) is not None:
                cfg[k] = oc[k]
        for k, v in (oc.get("extra_args") or {}).items():
            if v is not None:
                cfg[k] = v
        if oc.get("env"):
            cfg["env"] = oc["env"]
        cid = "sweep-" + hashlib.sha1(json.dumps(cfg, sort_keys=True).encode()).hexdigest()[:10]
        print(json.dumps(g.to_case(cid, cfg, res), sort_keys=True))
    print(counts, file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
