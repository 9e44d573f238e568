#!/usr/bin/env python3
"""Writes the "kernel exists" table (backend x GPU family) of docs/kernels/README.md.

Every cell comes from one of three sources, and says which:

- a finding of docs/kernels/findings.json whose condition.gpu_arch lists the column: its id, and
  the KERN rule that models it (or "nm" when it is not modelled, with the reason in the file);
- SGLang's own refusal of the backend on that GPU (the row's `refused` entry: file:line@release);
- the device code of a pinned wheel (docs/kernels/wheel-archs.json, written by scan_wheels.py):
  the SASS target that covers the column (sm_XY runs on X.Z for Z >= Y, sm_XYa only on X.Y,
  sm_XYf on X.Z for Z >= Y), or the row's JIT note for packages that compile at run time.

Usage: python3 scripts/kernels/kernel_table.py [--check]
(--check exits 1 when the README's table is not what the script writes.)
Standard library only.
"""

import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "docs/kernels/README.md"
BEGIN = "<!-- kernel-table:begin (scripts/kernels/kernel_table.py) -->"
END = "<!-- kernel-table:end -->"

COLUMNS = [
    "SM80", "SM86", "SM89", "SM90", "SM100", "SM103", "SM110", "SM120", "SM121",
    "gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1201",
]
NVIDIA = [c for c in COLUMNS if c.startswith("SM")]
AMD = [c for c in COLUMNS if c.startswith("gfx")]

# Where SGLang itself refuses a backend (a Preflight ATTN/DSA rule, not a kernel rule).
FA3_ASSERT = "R ATTN006 (attention_registry.py:243@0.5.23)"
FA3_MLA_ASSERT = "R ATTN006 (attention_registry.py:243@0.5.23: MLA needs major 9)"
TRTLLM_MLA_GATE = "R ATTN001 (overrides.py:1211@0.5.23: is_blackwell)"
TOKENSPEED_GATE = "R ATTN023 (overrides.py:1230@0.5.19: is_blackwell)"
CUTEDSL_GATE = "R ATTN010 (overrides.py:1245@0.5.23: is_sm100)"
# HIP reports gfx1100 as (11, 0) and gfx1201 as (12, 0): FA3's assert refuses them
FA3_RDNA = {c: FA3_ASSERT for c in ["gfx1100", "gfx1201"]}

TRTLLM_GEN = "trtllm-gen cubins (artifacts.py:142@0.7.2: sm100f/sm103a/sm107a; fmhaRunner.cuh:37)"

X86 = "sglang_kernel-0.4.10-cp310-abi3-manylinux2014_x86_64.whl"
ARM = "sglang_kernel-0.4.10-cp310-abi3-manylinux2014_aarch64.whl"

# One row per backend: the findings that speak about it, SGLang's refusals, and where its kernel
# images are (a wheel object) or that it is compiled at run time (jit). `na` columns do not apply.
ROWS = [
    {"label": "fa3 (MHA)", "findings": ["KF11", "KF22"],
     "refused": {**{c: FA3_ASSERT for c in ["SM100", "SM103", "SM110", "SM120", "SM121"]}, **FA3_RDNA},
     "wheel": (X86, "sgl_kernel/flash_ops.abi3.so"),
     "note": "aarch64 wheels ship no flash_ops (KF12, nm)"},
    {"label": "fa3 (MLA)", "findings": ["KF22"],
     "refused": {**{c: FA3_MLA_ASSERT for c in NVIDIA if c != "SM90"}, **FA3_RDNA},
     "wheel": (X86, "sgl_kernel/flash_ops.abi3.so")},
    {"label": "fa4, bf16 KV", "findings": ["KF17", "KF22"],
     "jit": "JIT (CuTe DSL; flash_attn/cute/interface.py:444@4.0.0b18 accepts 8.x-12.x)"},
    {"label": "fa4, FP8 KV decode", "findings": ["KF16", "KF22"],
     "jit": "JIT (interface.py:507@4.0.0b18: FP8 on 10.x only)"},
    {"label": "flashinfer (MHA)", "findings": ["KF22"], "jit": "JIT (flashinfer)"},
    {"label": "flashinfer (MLA decode)", "findings": ["KF04", "KF05", "KF22"],
     "jit": "JIT (flashinfer)"},
    {"label": "trtllm_mla prefill", "findings": ["KF01", "KF22"],
     "refused": {c: TRTLLM_MLA_GATE for c in ["SM80", "SM86", "SM89", "SM90"] + AMD},
     "jit": TRTLLM_GEN, "jit_archs": ["SM100", "SM103"]},
    {"label": "trtllm_mla decode", "findings": ["KF02", "KF03", "KF22"],
     "refused": {c: TRTLLM_MLA_GATE for c in ["SM80", "SM86", "SM89", "SM90"] + AMD},
     "jit": "trtllm-gen cubins (SM10x) / XQA (SM12x, mla/_core.py:4209@0.7.2)",
     "jit_archs": ["SM100", "SM103"]},
    {"label": "flashmla (dense decode)", "findings": ["KF08", "KF22"],
     "wheel": (X86, "sgl_kernel/flashmla_ops.abi3.so")},
    {"label": "cutedsl_mla (decode)", "findings": ["KF22"],
     "refused": {c: CUTEDSL_GATE for c in COLUMNS if c not in ("SM100", "SM103")},
     "jit": "JIT (CuTe DSL)"},
    {"label": "tokenspeed_mla (0.5.19-0.5.22)", "findings": ["KF24", "KF22"],
     "refused": {c: TOKENSPEED_GATE for c in ["SM80", "SM86", "SM89", "SM90"] + AMD},
     "jit": "prebuilt CuTe DSL objects sm_100a / sm_103a (tokenspeed_mla 0.1.8 objs/, x86_64)",
     "jit_archs": ["SM100", "SM103"]},
    {"label": "DSA trtllm", "findings": ["KF06"], "na": AMD,
     "jit": TRTLLM_GEN, "jit_archs": ["SM100", "SM103"]},
    {"label": "DSA flashmla_sparse / _kv / _auto", "findings": ["KF07"], "na": AMD,
     "wheel": (X86, "sgl_kernel/flashmla_ops.abi3.so")},
    {"label": "DSA fa3", "findings": ["KF09", "KF10"], "na": AMD,
     "wheel": (X86, "sgl_kernel/flash_ops.abi3.so")},
    {"label": "DSA tilelang, bf16 KV", "findings": ["KF15"], "jit": "JIT (TileLang)"},
    {"label": "DSA flashinfer_sparse_mla", "findings": ["KF25"], "na": AMD, "jit": "JIT (flashinfer)"},
    {"label": "DSA indexer / DeepGEMM", "findings": ["KF13", "KF14"], "na": AMD,
     "jit": "JIT (sgl-deep-gemm: dispatch on SM major 9/10/12)"},
    {"label": "DSA aiter", "findings": ["KF18"], "jit": "aiter (ROCm only)"},
    {"label": "aiter (attention)", "findings": ["KF19", "KF20", "KF21"],
     "amd_kernels": {"gfx942": "amd-aiter hsa/gfx942", "gfx950": "amd-aiter hsa/gfx950"}},
    {"label": "sgl-kernel common_ops (every CUDA launch)", "findings": ["KF23"], "na": AMD,
     "wheel": (X86, "sgl_kernel/sm100/common_ops.abi3.so"),
     "wheel_arm": (ARM, "sgl_kernel/sm100/common_ops.abi3.so")},
    {"label": "triton", "findings": [], "jit": "JIT (Triton)"},
]


def covers(target: str, col: str) -> bool:
    """Whether a SASS target (sm_90a, sm_100f, sm_86) runs on the column's SM (SM103)."""
    m = re.fullmatch(r"sm_(\d+)(\d)([af]?)", target)
    c = re.fullmatch(r"SM(\d+)(\d)", col)
    if not m or not c:
        return False
    major, minor, kind = int(m[1]), int(m[2]), m[3]
    cmaj, cmin = int(c[1]), int(c[2])
    if major != cmaj:
        return False
    return cmin == minor if kind == "a" else cmin >= minor


def wheel_targets(wheels, wheel, obj):
    w = next((x for x in wheels if x["wheel"] == wheel), None)
    if w is None:
        sys.exit(f"{wheel} not in wheel-archs.json")
    if obj is None:  # every object of the wheel
        objs = w["shared_objects"].values()
        return sorted({t for o in objs for t in o["elf"]}), wheel
    plat = " aarch64" if "aarch64" in wheel else ""
    name = wheel.split("-cp")[0].split("-py")[0]
    return w["shared_objects"][obj]["elf"], f"{name}{plat} {obj.split('/')[-1]}"


def finding_mark(f) -> str:
    out = f["outcome"]
    code = f.get("rule") or "nm"
    if out.startswith("crash"):
        sure = "✗" if f.get("rule") or f.get("holds_in") else "✗?"
        return f"{sure} {f['id']} ({code})"
    if out == "slow-path":
        return f"S {f['id']} ({code})"
    if out.startswith("works"):
        return f"✓ {f['id']}"
    return f"? {f['id']}"


def arch_matches(f, col) -> bool:
    archs = f["condition"]["gpu_arch"]
    if col in archs:
        return True
    if col.startswith("SM") and "all NVIDIA" in archs:
        return True
    return False


def slow_detail(f, col) -> str:
    h = f.get("holds_in")
    if isinstance(h, dict) and col in h:
        return f" ≤{h[col][-1]}"
    return ""


def cell(row, col, findings, wheels) -> str:
    if col in row.get("na", []):
        return "—"
    if col in row.get("refused", {}):
        return row["refused"][col]
    marks = []
    cleared = []
    for fid in row["findings"]:
        f = findings[fid]
        if arch_matches(f, col) and f.get("holds_in") == []:
            # the reported failure does not happen with the pinned versions (not_modelled says why)
            cleared.append(fid)
        elif arch_matches(f, col):
            m = finding_mark(f)
            if f["outcome"] == "slow-path":
                m += slow_detail(f, col)
            marks.append(m)
    if marks:
        return "; ".join(marks)
    if cleared:
        rest = cell({**row, "findings": [x for x in row["findings"] if x not in cleared]},
                    col, findings, wheels)
        return f"{rest} (not {', '.join(cleared)}: pinned versions)"
    if col in AMD:
        k = row.get("amd_kernels", {}).get(col)
        return f"✓? {k}" if k else "?"
    sources = [row.get("wheel"), row.get("wheel_arm")]
    for src in sources:
        if not src:
            continue
        targets, name = wheel_targets(wheels, *src)
        hits = [t for t in targets if covers(t, col)]
        # the most specific image: the highest minor of the column's major
        hit = max(hits, key=lambda t: re.sub(r"[af]$", "", t), default=None)
        if hit:
            return f"✓? {hit} ({name})"
    if row.get("jit"):
        if "ROCm only" in row["jit"]:
            return "?"
        if col in row.get("jit_archs", NVIDIA):
            return f"✓? {row['jit']}"
        return "?"
    if row.get("wheel"):
        return "✗? no image"
    return "?"


def table() -> str:
    findings = {f["id"]: f for f in json.loads((ROOT / "docs/kernels/findings.json").read_text())["findings"]}
    wheels = json.loads((ROOT / "docs/kernels/wheel-archs.json").read_text())
    lines = [
        "| backend | " + " | ".join(COLUMNS) + " |",
        "|---|" + "---|" * len(COLUMNS),
    ]
    for row in ROWS:
        cells = [cell(row, c, findings, wheels) for c in COLUMNS]
        label = row["label"] + (f" ¹" if row.get("note") else "")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    notes = [f"¹ {r['label']}: {r['note']}" for r in ROWS if r.get("note")]
    return "\n".join(lines) + "\n\n" + "\n".join(notes) + "\n"


def main() -> int:
    text = README.read_text()
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    new = text[:start] + "\n" + table() + text[end:]
    if "--check" in sys.argv[1:]:
        if new != text:
            print("docs/kernels/README.md: the kernel table is stale; run scripts/kernels/kernel_table.py")
            return 1
        return 0
    README.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
