#!/usr/bin/env bash
# The benchmark command: measures Preflight's budgets (sizes, page timings in headless Chromium,
# the core natively and in wasm, SGLang's own resolution for comparison) and prints the table
# of BENCHMARKS.md with the machine, date, commit and the load average of each phase. Measures
# and records; never fails on a missed budget (tests hold no timing assertions).
#   usage: bash scripts/bench.sh [--no-build]
#   BENCH_SKIP_ORACLE=1  skip SGLang's resolution (needs the oracle venv; ~4 min, two worker
#                        start-ups); ORACLE_VENV (default ~/.cache/sglang-oracle/env/venv, tools/oracle/setup.sh's), ORACLE_WHEELS
#                        (default ~/.cache/sglang-oracle/wheels) as for tools/oracle
#   BENCH_ORACLE_FROM=FILE  reuse the oracle.json of an earlier run instead (the report says so)
#   BENCH_LOADS / BENCH_CHANGES  fresh page loads (10) / picker changes (100) per figure
# Outputs: target/bench/*.json, target/criterion/, and target/bench/report.md (also printed).
# The build and the oracle run under `nice`; the measurements themselves do not.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
OUT="$ROOT/target/bench"
mkdir -p "$OUT"
rm -f "$OUT"/{load.txt,native-golden.json,browser.json,oracle.json,report.md}

# Load average every 5 s, tagged with the current phase.
echo setup >"$OUT/phase"
( while :; do echo "$(date -u +%T) $(cat "$OUT/phase") $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/load.txt"; sleep 5; done ) &
SAMPLER=$!
trap 'kill "$SAMPLER" 2>/dev/null || true' EXIT
phase() { echo "$1" >"$OUT/phase"; printf '[bench %s] %s\n' "$(date -u +%T)" "$1" >&2; }

python3 - "$OUT/run.json" <<'EOF'
import json, os, subprocess, sys, datetime
git = lambda *a: subprocess.run(["git", *a], capture_output=True, text=True).stdout.strip()
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
mem = next((l.split()[1] for l in open("/proc/meminfo") if l.startswith("MemTotal")), "0")
json.dump({"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
           "commit": git("rev-parse", "--short=7", "HEAD"), "dirty": bool(git("status", "--porcelain")),
           "nproc": os.cpu_count(), "cpu": cpu, "mem": f"{int(mem) // 1048576} GiB",
           "load_start": open("/proc/loadavg").read().split()[0]}, open(sys.argv[1], "w"))
EOF

if [ "${1:-}" != "--no-build" ]; then
  phase build
  nice -n 10 trunk build --release --offline
  nice -n 10 cargo bench -p preflight-core --bench validate --offline --no-run
fi

phase native
PREFLIGHT_BENCH_OUT="$OUT/native-golden.json" cargo bench -p preflight-core --bench validate --offline

phase browser
node scripts/bench/browser.mjs "$OUT/browser.json"

VENV="${ORACLE_VENV:-$HOME/.cache/sglang-oracle/env/venv}"
if [ -n "${BENCH_ORACLE_FROM:-}" ]; then
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["reused_from"]=sys.argv[1]; json.dump(d, open(sys.argv[2],"w"))' \
    "$BENCH_ORACLE_FROM" "$OUT/oracle.json"
elif [ -z "${BENCH_SKIP_ORACLE:-}" ] && [ -f "$VENV/bin/activate" ]; then
  phase oracle
  ( . "$VENV/bin/activate"; export ORACLE_WHEELS="${ORACLE_WHEELS:-$HOME/.cache/sglang-oracle/wheels}"
    nice -n 10 python scripts/bench/oracle.py "$OUT/oracle.json" )
else
  echo "[bench] SGLang's resolution not measured (BENCH_SKIP_ORACLE set or no venv at $VENV)" >&2
fi

phase report
python3 - "$OUT/run.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1])); r["load_end"] = open("/proc/loadavg").read().split()[0]
json.dump(r, open(sys.argv[1], "w"))
EOF
python3 scripts/bench/report.py | tee "$OUT/report.md"
