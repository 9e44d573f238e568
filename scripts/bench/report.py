#!/usr/bin/env python3
"""Turns the figures of one `bash scripts/bench.sh` run into Markdown (the table of
BENCHMARKS.md): every figure against its budget, with the machine, date, commit and the load
average sampled during each phase. Reads target/bench/{run.json, load.txt, native-golden.json,
browser.json, oracle.json} and target/criterion/; writes the Markdown to stdout.
No dependencies beyond the standard library."""

import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
B = ROOT / "target" / "bench"
KB = 1024


def load(name):
    p = B / name
    return json.loads(p.read_text()) if p.exists() else None


def crit(bench_id):
    """Criterion's median estimate (ns) of a benchmark, or None."""
    p = ROOT / "target" / "criterion" / bench_id.replace("/", "_") / "new" / "estimates.json"
    if not p.exists():
        return None
    return json.loads(p.read_text())["median"]["point_estimate"]


def us(ns):
    return f"{ns / 1000:.1f} µs" if ns is not None else "—"


def kb(b):
    return f"{b / KB:.1f} KB"


def verdict(value, budget):
    if value is None:
        return "not measured"
    return "met" if value <= budget else f"**missed** ({value / budget:.1f}×)"


def loads():
    """Per phase: (min, median, max) of the 1-minute load average sampled every 5 s."""
    p = B / "load.txt"
    per = {}
    if p.exists():
        for line in p.read_text().splitlines():
            parts = line.split()
            if len(parts) >= 3:
                per.setdefault(parts[1], []).append(float(parts[2]))
    return {k: (min(v), statistics.median(v), max(v), len(v)) for k, v in per.items()}


def main():
    run = load("run.json") or {}
    native = load("native-golden.json")
    browser = load("browser.json")
    oracle = load("oracle.json")
    L = loads()

    def la(phase):
        if phase not in L:
            return "—"
        lo, med, hi, _ = L[phase]
        return f"{med:.1f} ({lo:.1f}–{hi:.1f})"

    rows = []

    def row(what, budget, measured, status, phase, how):
        rows.append(f"| {what} | {budget} | {measured} | {status} | {la(phase)} | {how} |")

    cases = ["ok-llama-h100", "seed1-glm-rtx5090-bf16", "seed2-dsv4-b200-q8", "two-errors"]
    if browser:
        for k, label in (("page", "full page"), ("element", "`<sglang-preflight>` element"),
                         ("iframe", "`?embed=1` iframe")):
            d = browser["loads"][k]["download"]
            row(f"download before the first verdict, {label} (brotli -q 11; raw {kb(d['raw'])}; {len(d['files'])} files)",
                "150 KB", kb(d["brotli"]), verdict(d["brotli"], 150 * KB), "browser", "browser.mjs `sizes`")
        w = browser["dist"]
        row(f"whole build `dist/` ({w['files']} files; raw {kb(w['raw'])})", "—", kb(w["brotli"]) + " brotli",
            "(reported)", "browser", "browser.mjs")
        for k, label in (("page", "full page"), ("element", "element"), ("iframe", "iframe")):
            v = browser["loads"][k]["verdict_ms"]
            row(f"navigation start → first verdict, {label}, median of {v['n']} fresh loads (min–max {v['min']:.0f}–{v['max']:.0f} ms)",
                "200 ms", f"{v['median']:.0f} ms", verdict(v["median"], 200), "browser", "browser.mjs `navigation`")
        for sel, p in browser["picker"].items():
            f, s = p["first_mutation_ms"], p["settled_ms"]
            row(f"picker `{sel}` ({' ↔ '.join(p['values'])}) change → DOM updated, p95 of {s['n']} (first mutation p95 {f['p95']:.1f} ms; settled median {s['median']:.1f} ms)",
                "16 ms", f"{s['p95']:.1f} ms", verdict(s["p95"], 16), "browser", "browser.mjs `picker`")
    for c in cases:
        row(f"one evaluation, native, `{c}` (criterion median)", "5 µs", us(crit(f"evaluate/{c}")),
            verdict(crit(f"evaluate/{c}"), 5000), "native", "`cargo bench … validate`")
    for c in cases:
        row(f"`validate` (evaluation + fix search), native, `{c}` (criterion median)", "—", us(crit(f"validate/{c}")),
            "(reported)", "native", "`cargo bench … validate`")
    if native:
        s = native["evaluate_summary"]
        row(f"one evaluation, native, median over the {s['n']} golden cases (p95 {us(s['p95_ns'])})", "5 µs",
            us(s["median_ns"]), verdict(s["median_ns"], 5000), "native", "validate.rs distributions")
    if browser:
        for c in cases:
            v = browser["wasm"]["verdict"][c]["median_us"]
            row(f"one evaluation, wasm (JS API `verdict`: the evaluation, a small object back), `{c}`", "25 µs",
                f"{v:.1f} µs", verdict(v, 25), "browser", "browser.mjs `wasm`")
        for c in cases:
            v = browser["wasm"]["evaluate"][c]["median_us"]
            row(f"one evaluation and its whole report converted to JS, wasm (JS API `evaluate`), `{c}`", "—",
                f"{v:.1f} µs", "(reported)", "browser", "browser.mjs `wasm`")
        v = browser["wasm"]["widget_check_seed"]["median_us"]
        row("widget module `check` (validate + JSON) on the seed scenario, wasm", "—", f"{v:.0f} µs", "(reported)",
            "browser", "browser.mjs `wasm`")
    if native:
        s = native["validate_errors_summary"]
        row(f"fix search (`validate`) p95 over the {s['n']} golden error cases, native (median {us(s['median_ns'])}, max {us(s['max_ns'])})",
            "1 ms", us(s["p95_ns"]), verdict(s["p95_ns"], 1e6), "native", "validate.rs distributions")
    if browser:
        s = browser["wasm"]["validate_golden_errors_ms"]
        row(f"fix search (JS API `validate`) p95 over the {s['n']} golden error cases, wasm (median {s['median']:.2f} ms, max {s['max']:.1f} ms)",
            "1 ms", f"{s['p95']:.2f} ms", verdict(s["p95"], 1), "browser", "browser.mjs `wasm`")
        m = browser["wasm"]["matrix"]
        row(f"matrix of `{m['arch']}` ({m['rows']} GPUs × {m['columns']} backends + defaults = {m['cells']} cells, each a full evaluation's verdict; GPUs with equal hardware facts share their row), wasm (JS API `matrix`), median of 10",
            "30 ms", f"{m['median_ms']:.1f} ms", verdict(m["median_ms"], 30), "browser", "browser.mjs `wasm`")
    mn = crit("matrix/attention-DeepseekV3ForCausalLM")
    row("the same matrix, native (criterion median)", "—", f"{mn / 1e6:.2f} ms" if mn else "—", "(reported)",
        "native", "`cargo bench … validate`")
    if oracle and native:
        ids = [i for i in oracle["eval_s"] if i in native["evaluate"]]
        o = statistics.median(oracle["eval_s"][i] for i in ids) * 1e9
        p = statistics.median(native["evaluate"][i] for i in ids)
        st = ", ".join(f"{w['startup_s']:.0f} s" for w in oracle["workers"])
        reused = (f"; from an earlier run of oracle.py ({oracle.get('date', 'date not recorded')}, load average {oracle.get('load_start', '?')} → {oracle.get('load_end', '?')})"
                  if oracle.get("reused_from") else "")
        row(f"SGLang 0.5.23's own resolution + construction checks (oracle), median per config over {len(ids)} golden configs{reused} ({', '.join(oracle['gpus'])}; worker start-up {st} excluded; {oracle['agree_with_golden']}/{oracle['answered']} agree with the golden verdict)",
            "—", f"{o / 1e6:.0f} ms", "(reported)", "oracle", "oracle.py")
        row("Preflight native `evaluate` on the same configs, median", "—", us(p), "(reported)", "native",
            "validate.rs distributions")
        row("**ratio SGLang / Preflight native**", "—", f"**{o / p:,.0f}×**", "(reported)", "oracle", "")
    elif not oracle:
        rows.append("| SGLang oracle ratio | — | not measured (oracle venv missing or BENCH_SKIP_ORACLE) | | | |")

    print(f"Run of {run.get('date', '?')}, commit `{run.get('commit', '?')}`{' (with uncommitted changes)' if run.get('dirty') else ''}; "
          f"machine: {run.get('nproc', '?')} cores, {run.get('cpu', '?')}, {run.get('mem', '?')}; "
          f"{browser['chromium'] if browser else ''} headless; load average (1 min) at start {run.get('load_start', '?')}, at end {run.get('load_end', '?')}.")
    print()
    print("| figure | budget | measured | | load avg during the phase: median (min–max) | measured by |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    print()
    print("Load average per phase (1 min; median, min–max, samples every 5 s): " + "; ".join(
        f"{k} {v[1]:.1f} ({v[0]:.1f}–{v[2]:.1f}, {v[3]})" for k, v in L.items()) + ".")


if __name__ == "__main__":
    sys.exit(main())
