#!/usr/bin/env python3
"""Validates every data/models entry.

Static checks (any Python 3): config.json parses, architectures[0] == directory name,
required keys present, index.json has one well-formed entry per directory.

Loading checks (with --load; needs the oracle venv and SGLang's wheel on PYTHONPATH):
for each config, offline, SGLang's own loaders are called the way a launch does:
``sglang.srt.utils.hf_transformers_utils.get_config`` and then
``sglang.srt.configs.model_config.ModelConfig`` (the object server_args and the model
runner read). Each result (ok, or the exception) is printed and, with --report FILE,
written as JSON.

    python scripts/models/check_configs.py                       # static only
    . "${ORACLE_VENV:-../oracle-env/venv}/bin/activate"
    PYTHONPATH="${SGLANG_WHEEL:-../wheels/0.5.23}" python scripts/models/check_configs.py --load \
        --report data/models/load_report.json

Exit status: 1 if a static check fails (loading failures are reported, not fatal:
some architectures need remote code that is not available offline).
"""
import argparse
import json
import os
import signal
import sys
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "data", "models")
REQUIRED_CONFIG_KEYS = ("architectures", "model_type")
REQUIRED_INDEX_KEYS = ("arch", "reference", "provenance", "model_type", "family", "kind", "notes")
PROVENANCES = {"published", "transformers-default", "sglang-config-class", "stand-in"}


def static_checks():
    errors = []
    with open(os.path.join(DATA, "index.json")) as f:
        index = json.load(f)
    by_arch = {}
    for e in index:
        for k in REQUIRED_INDEX_KEYS:
            if k not in e:
                errors.append(f"index: {e.get('arch')}: missing {k}")
        if e.get("provenance") not in PROVENANCES:
            errors.append(f"index: {e.get('arch')}: bad provenance {e.get('provenance')!r}")
        if e.get("provenance") == "published" and not e.get("source"):
            errors.append(f"index: {e.get('arch')}: published without source")
        if e.get("arch") in by_arch:
            errors.append(f"index: duplicate {e.get('arch')}")
        by_arch[e.get("arch")] = e
    dirs = sorted(d for d in os.listdir(DATA)
                  if os.path.isdir(os.path.join(DATA, d)) and not d.startswith("_"))
    errors += published_checks(by_arch)
    for d in dirs:
        p = os.path.join(DATA, d, "config.json")
        try:
            with open(p) as f:
                cfg = json.load(f)
        except (OSError, ValueError) as ex:
            errors.append(f"{d}: config.json does not parse: {ex}")
            continue
        for k in REQUIRED_CONFIG_KEYS:
            if k not in cfg:
                errors.append(f"{d}: config.json lacks {k}")
        archs = cfg.get("architectures") or []
        if not archs or archs[0] != d:
            errors.append(f"{d}: architectures[0] is {archs[:1]}, not the directory name")
        e = by_arch.get(d)
        if e is None:
            errors.append(f"{d}: no index.json entry")
        elif e.get("model_type") != cfg.get("model_type"):
            errors.append(f"{d}: index model_type {e.get('model_type')!r} != config {cfg.get('model_type')!r}")
    for a in by_arch:
        if a not in dirs:
            errors.append(f"index: {a} has no directory")
    return index, dirs, errors


def published_checks(by_arch):
    """Every file in data/models/_published parses and is the source of some published entry."""
    errors = []
    pub = os.path.join(DATA, "_published")
    used = {e.get("published_file") for e in by_arch.values() if e.get("provenance") == "published"}
    for name in sorted(os.listdir(pub)) if os.path.isdir(pub) else []:
        rel = f"data/models/_published/{name}"
        try:
            with open(os.path.join(pub, name)) as f:
                json.load(f)
        except (OSError, ValueError) as ex:
            errors.append(f"{rel}: does not parse: {ex}")
        if rel not in used:
            errors.append(f"{rel}: no published entry uses it")
    for a, e in by_arch.items():
        if e.get("provenance") == "published" and e.get("published_file") and \
                not os.path.exists(os.path.join(ROOT, e["published_file"])):
            errors.append(f"index: {a}: {e['published_file']} does not exist")
    return errors


class _Timeout(Exception):
    pass


def _alarm(_sig, _frm):
    raise _Timeout("timed out")


def load_checks(dirs, timeout):
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import warnings

    warnings.filterwarnings("ignore")
    import logging

    logging.disable(logging.WARNING)
    from sglang.srt.configs.model_config import ModelConfig
    from sglang.srt.utils.hf_transformers_utils import get_config

    signal.signal(signal.SIGALRM, _alarm)
    results = {}
    for d in dirs:
        p = os.path.join(DATA, d)
        r = {}
        for stage, fn in (("get_config", lambda: get_config(p, trust_remote_code=False)),
                          ("ModelConfig", lambda: ModelConfig(p))):
            signal.alarm(timeout)
            try:
                obj = fn()
                r[stage] = "ok"
                if stage == "ModelConfig":
                    r["facts"] = {
                        "hf_config_architectures": list(getattr(obj.hf_config, "architectures", None) or []),
                        "attention_arch": getattr(getattr(obj, "attention_arch", None), "name", None),
                        "num_attention_heads": getattr(obj, "num_attention_heads", None),
                        "num_key_value_heads": _safe(lambda: obj.get_total_num_kv_heads()),
                        "head_dim": getattr(obj, "head_dim", None),
                        "context_len": getattr(obj, "context_len", None),
                        "is_generation": getattr(obj, "is_generation", None),
                        "is_multimodal": getattr(obj, "is_multimodal", None),
                    }
            except BaseException as ex:  # noqa: BLE001 - report whatever SGLang raises
                if isinstance(ex, KeyboardInterrupt):
                    raise
                tb = traceback.extract_tb(ex.__traceback__)
                where = next((f"{fr.filename.split('site-packages/')[-1].split('0.5.23/')[-1]}:{fr.lineno}"
                              for fr in reversed(tb) if "sglang" in fr.filename or "transformers" in fr.filename), "")
                msg = str(ex).splitlines()[0][:300] if str(ex) else ""
                msg = msg.replace(DATA + os.sep, "data/models/").replace(DATA, "data/models")
                r[stage] = f"{type(ex).__name__}: {msg} [{where}]"
                signal.alarm(0)
                break
            finally:
                signal.alarm(0)
        results[d] = r
        status = "ok" if r.get("ModelConfig") == "ok" else "FAIL"
        print(f"{status:4} {d}: " + ("" if status == "ok" else r.get("ModelConfig") or r.get("get_config")), flush=True)
    return results


def _safe(fn):
    try:
        return fn()
    except Exception:  # noqa: BLE001
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--load", action="store_true", help="also load each config with SGLang (oracle venv)")
    ap.add_argument("--report", help="write the loading results as JSON to this file")
    ap.add_argument("--only", nargs="*", help="restrict to these architectures")
    ap.add_argument("--timeout", type=int, default=60, help="seconds per config and stage")
    args = ap.parse_args()
    index, dirs, errors = static_checks()
    for e in errors:
        print("ERROR", e)
    print(f"static: {len(dirs)} configs, {len(index)} index entries, {len(errors)} errors")
    if args.load:
        sel = [d for d in dirs if not args.only or d in args.only]
        res = load_checks(sel, args.timeout)
        ok = sum(1 for r in res.values() if r.get("ModelConfig") == "ok")
        print(f"load: {ok}/{len(res)} load with get_config + ModelConfig")
        if args.report:
            with open(args.report, "w") as f:
                json.dump(res, f, indent=1, sort_keys=True)
                f.write("\n")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
