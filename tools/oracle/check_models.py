#!/usr/bin/env python3
"""Which model directories can the oracle build a ModelConfig for, offline?

Runs every `<models_root>/<Arch>/config.json` through oracle.py (argument
resolution only: `construct: false`; resolution builds SGLang's ModelConfig)
on one NVIDIA profile, for one or several releases, and prints a Markdown
table of the failures with their cause. Configs whose model_type SGLang can
stand in for (see model_types.py) are run a second time with
`trust_remote_code: true`.

  python tools/oracle/check_models.py                              # data/models, 0.5.23
  python tools/oracle/check_models.py --models-root data/models --sglang 0.5.19,0.5.23
  python tools/oracle/check_models.py --jsonl out.jsonl            # keep raw results
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


def cause(res):
    """A short cause label for a failed load."""
    if res.get("outcome") == "ok":
        return "ok"
    msg = (res.get("message") or "") + " " + (res.get("traceback_last") or "")
    where = res.get("where") or ""
    tb = " ".join(res.get("traceback") or [])
    if "does not recognize this architecture" in msg:
        return "unknown model_type (needs remote code)"
    if "does not appear to have a file named" in msg:
        return "auto_map remote code file missing"
    if "params.json" in msg:
        return "Mistral-format checkpoint (params.json) missing"
    if "tokenizer" in msg.lower():
        return "needs tokenizer files"
    if res.get("outcome") == "error":
        return f"SGLang refused at {res.get('stage')}"
    exc = res.get("exception") or "?"
    loc = ""
    m = re.findall(r"((?:sglang|site-packages)/[^:]+):\d+:", tb)
    if m:
        loc = m[-1]
    elif where:
        loc = where.split(":")[0]
    return f"{exc} in {loc}" if loc else exc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--models-root", default="data/models")
    ap.add_argument("--sglang", default="0.5.23")
    ap.add_argument("--gpu-sm", default="9.0")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--jsonl", default=None, help="write raw {config, result} lines here")
    args = ap.parse_args()

    root = Path(args.models_root)
    if not root.is_absolute() and not root.is_dir():
        root = REPO / root
    archs = sorted(p.name for p in root.iterdir() if (p / "config.json").is_file())
    major, minor = (int(x) for x in args.gpu_sm.split("."))
    rels = args.sglang.split(",")

    def run(configs):
        proc = subprocess.run(
            [sys.executable, str(HERE / "oracle.py"), "--jobs", str(args.jobs)],
            input="".join(json.dumps(c) + "\n" for c in configs),
            capture_output=True, text=True, check=True,
        )
        return [json.loads(l) for l in proc.stdout.splitlines()]

    configs = [
        {"sglang": r, "gpu_sm": [major, minor], "arch": a, "models_root": str(root),
         "construct": False, "id": f"{r}/{a}"}
        for r in rels for a in archs
    ]
    results = run(configs)
    retry = [
        dict(c, extra_args={"trust_remote_code": True}, id=c["id"] + "+trc")
        for c, r in zip(configs, results)
        if "stand in" in ((r.get("model_config_adaptation") or {}).get("hint") or "")
    ]
    retried = dict(zip((c["id"] for c in retry), run(retry))) if retry else {}

    if args.jsonl:
        with open(args.jsonl, "w") as f:
            for c, r in zip(configs + retry, results + list(retried.values())):
                f.write(json.dumps({"config": c, "result": r}) + "\n")

    for rel in rels:
        rows = [(c, r) for c, r in zip(configs, results) if c["sglang"] == rel]
        counts = collections.Counter()
        print(f"### SGLang {rel}: {len(rows)} model directories\n")
        print("| arch | model_type | cause | with trust_remote_code (SGLang class stand-in) |")
        print("|---|---|---|---|")
        for c, r in rows:
            note = r.get("model_config_adaptation") or {}
            mt = note.get("model_type") or _model_type(root / c["arch"])
            label = cause(r)
            second = retried.get(c["id"] + "+trc")
            label2 = ""
            if second is not None:
                cls = (second.get("model_config_adaptation") or {}).get("stand_in_config_class", "")
                label2 = f"{cause(second)} ({cls.rsplit('.', 1)[-1]})"
                if second.get("outcome") == "ok":
                    counts["ok with stand-in"] += 1
            counts[label if label == "ok" else "failed"] += 1
            if label != "ok":
                msg = (r.get("message") or "").replace("|", "\\|").replace("\n", " ")[:110]
                print(f"| {c['arch']} | {mt} | {label}: {msg} | {label2} |")
        print(f"\n{dict(counts)}\n")


def _model_type(d: Path):
    try:
        return json.loads((d / "config.json").read_text()).get("model_type")
    except (OSError, ValueError):
        return None


if __name__ == "__main__":
    main()
