#!/usr/bin/env python3
"""Builds data/model-ids.json from the candidates and the reviewed rules.

Inputs:
  data/model-id-candidates.json   written by scripts/models/collect_model_ids.py
  scripts/models/families.py      reviewed rules (architectures, variants, config differences)
  SGLang's model registry         the EntryClass names of python/sglang/srt/models/*.py in the
                                  unpacked wheel (SGLANG_WHEEL_DIR, default
                                  ../wheels/0.5.23/sglang relative to the repository root)
  data/models/index.json                     which architectures Preflight has a built-in config for

Output: data/model-ids.json (see scripts/models/README.md for the format). With --rust, also
prints the models.rs lines for the ids whose architecture has a built-in config and whose config has no
recorded difference from the reference checkpoint.

Usage: python3 scripts/models/build_model_ids.py [--candidates FILE] [--out FILE] [--rust]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import families as F  # noqa: E402


def sglang_registry(wheel: Path) -> dict[str, str]:
    """EntryClass name → the file that registers it (repo-relative, python/ prefix)."""
    reg: dict[str, str] = {}
    models = wheel / "srt" / "models"
    for f in sorted(models.rglob("*.py")):
        try:
            tree = ast.parse(f.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "EntryClass" for t in node.targets
            ):
                v = node.value
                elts = v.elts if isinstance(v, (ast.List, ast.Tuple)) else [v]
                for e in elts:
                    name = e.id if isinstance(e, ast.Name) else getattr(e, "attr", None)
                    if name:
                        reg.setdefault(name, "python/sglang/" + f.relative_to(wheel).as_posix())
    return reg


def preflight_archs() -> set[str]:
    """The architectures Preflight has a built-in config for (data/models/index.json)."""
    index = json.loads((REPO / "data/models/index.json").read_text(encoding="utf-8"))
    return {e["arch"] for e in index}


def full(pattern: str, s: str) -> bool:
    return re.fullmatch(pattern, s, re.I) is not None


def strip_variants(org: str, name: str):
    """Removes variant suffixes; returns (base name, stripped suffixes, quant diff, evidence)."""
    stripped, diff, evidence, decided = [], {}, None, False
    changed = True
    while changed:
        changed = False
        for v in F.VARIANTS:
            m = re.search(rf"(?:{v['suffix']})$", name, re.I)
            if not m or m.start() == 0:
                continue
            if v["orgs"] is not None and org.lower() not in v["orgs"]:
                continue
            stripped.append(name[m.start():])
            if not decided and v["evidence"] is not None:
                diff, evidence, decided = dict(v["diff"]), v["evidence"], True
            name = name[: m.start()]
            changed = True
            break
    return name, stripped, diff, evidence


def resolve(mid: str):
    org, _, name = mid.partition("/")
    for pat, reason in F.NOT_MODELS:
        if full(pat, mid):
            return {"status": "not-a-model", "reason": reason}
    for pat, reason in F.UNMAPPED:
        if full(pat, mid):
            return {"status": "unmapped", "reason": reason}
    for r in F.ID_RULES:
        if r["id"].lower() == mid.lower():
            return {"status": "mapped", "rule": r, "base": name, "stripped": [], "vdiff": {}, "vev": None, "match": "id"}
    base, stripped, vdiff, vev = strip_variants(org, name)
    for fam in F.FAMILIES:
        if full(fam["name"], base):
            return {"status": "mapped", "rule": fam, "base": base, "stripped": stripped, "vdiff": vdiff, "vev": vev, "match": "family"}
    return {"status": "unmapped", "reason": "no reviewed family matches the repository name "
            f"{base!r}" + (f" (after removing {''.join(stripped)})" if stripped else "")}


def config_diff(base: str, ref: str, vdiff: dict, vev):
    """The recorded differences from the reference checkpoint, with their evidence."""
    diff, evidence = {}, []
    ref_q = F.REF_QUANT.get(ref)
    for k, v in vdiff.items():
        if k == F.QM and v == ref_q:
            continue
        if k == F.QM and v is None and ref_q is None:
            continue
        diff[k] = v
    if diff and vev:
        evidence.append(vev)
    for entry in F.CONFIG_DIFFS:
        if full(entry["name"], base):
            diff.update(entry["diff"])
            evidence.extend(entry["evidence"])
    return diff, evidence


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--candidates", default=str(REPO / "data/model-id-candidates.json"))
    ap.add_argument("--out", default=str(REPO / "data/model-ids.json"))
    ap.add_argument("--rust", action="store_true", help="print models.rs lines")
    args = ap.parse_args()

    wheel = Path(os.environ.get("SGLANG_WHEEL_DIR", REPO / ".." / "wheels" / "0.5.23" / "sglang"))
    registry = sglang_registry(wheel)
    if not registry:
        print(f"error: no SGLang model registry under {wheel}/srt/models (set SGLANG_WHEEL_DIR)", file=sys.stderr)
        return 1
    modelled = preflight_archs()
    cands = json.loads(Path(args.candidates).read_text(encoding="utf-8"))

    seen: dict[str, dict] = {}
    for c in cands["candidates"]:
        seen[c["id"].lower()] = {"id": c["id"], "spellings": c["spellings"], "count": c["count"], "seen": c["seen"], "note": None}
    for mid, note in F.EXTRA_IDS:
        if mid.lower() not in seen:
            seen[mid.lower()] = {"id": mid, "spellings": [mid], "count": 0, "seen": [], "note": note}

    models, unmapped, not_models = [], [], []
    for key in sorted(seen):
        s = seen[key]
        # the spelling of the id: one with capitals (Hugging Face's own) when several were seen
        mid = max(s["spellings"], key=lambda x: (sum(ch.isupper() for ch in x), x))
        r = resolve(mid)
        where = {"count": s["count"], "seen": s["seen"][:3]}
        if s["note"]:
            where["note"] = s["note"]
        if r["status"] == "not-a-model":
            not_models.append({"id": mid, "reason": r["reason"], **where})
            continue
        if r["status"] == "unmapped":
            unmapped.append({"id": mid, "reason": r["reason"], **where})
            continue
        rule = r["rule"]
        arch, ref = rule["arch"], rule["ref"]
        ev = dict(rule["evidence"])
        if ev.get("kind") == "vllm-registry":
            ev["match"] = "exact" if ev["example"].split(" ")[0].lower() == mid.lower() else "family"
        diff, diff_ev = config_diff(r["base"], ref, r["vdiff"], r["vev"])
        entry = {
            "id": mid,
            "architecture": arch,
            "reference": ref,
            "config": diff,
            "evidence": ev,
            "config_evidence": diff_ev,
            "sglang_registry": registry.get(arch),
            "preflight_arch": arch in modelled,
            **where,
        }
        if rule.get("served_as"):
            entry["served_as"] = rule["served_as"]
        if r["stripped"]:
            entry["variant"] = "".join(reversed(r["stripped"]))
        models.append(entry)

    out = {
        "format": 1,
        "generator": "scripts/models/build_model_ids.py",
        "rules": "scripts/models/families.py (reviewed)",
        "candidates": "data/model-id-candidates.json (scripts/models/collect_model_ids.py)",
        "sources": cands["sources"],
        "sglang_registry": "EntryClass names of python/sglang/srt/models/*.py@0.5.23",
        "matching": {
            "case_insensitive": True,
            "local_paths": "a path that is not an id falls back to its last component, matched against the ids' repository names",
            "variants": [
                {"suffix": v["suffix"], "orgs": v["orgs"], "config": v["diff"], "evidence": v["evidence"]}
                for v in F.VARIANTS
            ],
            "note": "an id naming a variant of a known checkpoint maps to the family with the variant's config difference",
        },
        "counts": {"models": len(models), "unmapped": len(unmapped), "not_models": len(not_models)},
        "models": models,
        "unmapped": unmapped,
        "not_models": not_models,
    }
    Path(args.out).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    not_reg = sorted({m["architecture"] for m in models if not m["sglang_registry"]})
    print(f"{len(models)} mapped, {len(unmapped)} unmapped, {len(not_models)} not models -> {args.out}")
    print(f"architectures not registered in SGLang 0.5.23: {not_reg}")
    if args.rust:
        for m in models:
            if m["preflight_arch"] and not m["config"]:
                print(f'    ("{m["id"]}", "{m["architecture"]}"),')
    return 0


if __name__ == "__main__":
    sys.exit(main())
