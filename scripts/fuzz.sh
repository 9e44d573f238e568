#!/usr/bin/env bash
# Coverage-guided fuzzing of Preflight's text entry points (libFuzzer via cargo-fuzz on the
# stable toolchain; see docs/reliability.md).
#
#   bash scripts/fuzz.sh smoke              every target: replay its corpus and the hostile
#                                           inputs, then fuzz ~FUZZ_SMOKE_SECONDS (20) s
#   bash scripts/fuzz.sh run TARGET SECONDS one campaign (nice 19, one process); new inputs go
#                                           to fuzz/corpus/TARGET, crashes to fuzz/artifacts/
#   bash scripts/fuzz.sh cmin TARGET        minimise fuzz/corpus/TARGET in place
#   bash scripts/fuzz.sh seed [TARGET]      regenerate the seeds and merge them into the corpus
#   bash scripts/fuzz.sh dict               regenerate fuzz/dict/ from the core's tables
#   bash scripts/fuzz.sh repro TARGET FILE  run one input (a crash artifact) and show the panic
#   bash scripts/fuzz.sh list               the targets
#
# Installs cargo-fuzz (pinned) when missing and fetches the fuzz crate's dependencies once;
# later runs work offline. Nightly is not needed: RUSTC_BOOTSTRAP=1 lets the stable compiler
# take the sanitizer-coverage flags cargo-fuzz passes (-Z ...).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

CARGO_FUZZ_VERSION="0.13.2"
TARGETS=(parse_command config_yaml read_launch explain url jsonl model_override model_config)
TRIPLE="$(rustc -vV | sed -n 's/^host: //p')"
BIN="fuzz/target/$TRIPLE/release"
# Inputs libFuzzer may grow to (the parsers cap input at 256 KiB; hostile/ has 1 MB ones).
MAX_LEN="${FUZZ_MAX_LEN:-32768}"
# A single input slower than this (seconds) is a hang.
TIMEOUT="${FUZZ_TIMEOUT:-10}"
RSS_MB="${FUZZ_RSS_MB:-2048}"
# The hostile 1 MB inputs run in the instrumented build with debug assertions, several times
# slower than a release build (a 1 MB JSONL line of 500,000 numbers: 1.6 s released, ~10 s
# here); linear work passes, a quadratic blow-up still does not.
HOSTILE_TIMEOUT="${FUZZ_HOSTILE_TIMEOUT:-60}"

dict_of() {
  case "$1" in
    parse_command | config_yaml | read_launch) echo fuzz/dict/launch.dict ;;
    explain) echo fuzz/dict/explain.dict ;;
    url) echo fuzz/dict/url.dict ;;
    jsonl | model_override | model_config) echo fuzz/dict/json.dict ;;
    *) echo "unknown target: $1 (one of: ${TARGETS[*]})" >&2; exit 2 ;;
  esac
}

setup() {
  if [[ "$(cargo fuzz --version 2>/dev/null || true)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]]; then
    echo "installing cargo-fuzz $CARGO_FUZZ_VERSION"
    cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
  fi
  if ! cargo fetch --manifest-path fuzz/Cargo.toml --locked --offline >/dev/null 2>&1; then
    cargo fetch --manifest-path fuzz/Cargo.toml --locked
  fi
}

build() {
  # -O: optimised; -a: debug assertions and overflow checks on (an overflow is a bug even
  # where the release build would wrap); no sanitizer: the code fuzzed has no unsafe.
  RUSTC_BOOTSTRAP=1 CARGO_NET_OFFLINE=true \
    cargo fuzz build -O -a --sanitizer none "$@"
}

# The generators of dictionaries and seeds: plain (uninstrumented) debug builds.
TOOLS="fuzz/target/debug"
tools() {
  CARGO_NET_OFFLINE=true cargo build -q --manifest-path fuzz/Cargo.toml --no-default-features \
    --features tools --bin gen_dict --bin gen_seeds
}

# libFuzzer options shared by every run.
opts() {
  echo "-dict=$(dict_of "$1") -max_len=$MAX_LEN -timeout=$TIMEOUT -rss_limit_mb=$RSS_MB -malloc_limit_mb=$RSS_MB -print_final_stats=1"
}

hostile_and_seeds() {
  local out="$1"
  rm -rf "$out"
  "$TOOLS/gen_seeds" "$out" >/dev/null
}

smoke() {
  cargo fmt --manifest-path fuzz/Cargo.toml --check
  setup
  build
  tools
  local tmp
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
  # the committed dictionaries must match the core's tables
  mkdir -p "$tmp/dict"
  "$TOOLS/gen_dict" "$tmp/dict"
  if ! diff -r -q "$tmp/dict" fuzz/dict >/dev/null; then
    echo "fuzz/dict is stale: run bash scripts/fuzz.sh dict" >&2
    return 1
  fi
  hostile_and_seeds "$tmp/gen"
  local secs="${FUZZ_SMOKE_SECONDS:-20}"
  for t in "${TARGETS[@]}"; do
    echo "== $t: hostile inputs"
    # each file once; a crash or hang fails the run
    "$BIN/$t" -timeout="$HOSTILE_TIMEOUT" -rss_limit_mb="$RSS_MB" -malloc_limit_mb="$RSS_MB" \
      "$tmp"/gen/hostile/* 2>"$tmp/$t.hostile.log" ||
      { tail -n 40 "$tmp/$t.hostile.log" >&2; return 1; }
    echo "== $t: corpus + ${secs} s"
    mkdir -p "$tmp/corpus/$t" "$tmp/artifacts/$t"
    # a copy: the smoke run does not change the committed corpus
    cp -r "fuzz/corpus/$t/." "$tmp/corpus/$t/"
    # shellcheck disable=SC2046
    "$BIN/$t" $(opts "$t") -max_total_time="$secs" -artifact_prefix="$tmp/artifacts/$t/" \
      "$tmp/corpus/$t" 2>"$tmp/$t.log" ||
      { tail -n 40 "$tmp/$t.log" >&2; return 1; }
    grep -E '^(stat::number_of_executed_units|#[0-9]+ +DONE)' "$tmp/$t.log" | tail -n 2
  done
}

run() {
  local t="$1" secs="$2"
  setup
  build "$t"
  mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
  local log
  log="fuzz/artifacts/$t/campaign-$(date -u +%Y%m%dT%H%M%SZ).log"
  echo "campaign $t for $secs s; log: $log"
  # shellcheck disable=SC2046
  nice -n 19 "$BIN/$t" $(opts "$t") -max_total_time="$secs" \
    -artifact_prefix="fuzz/artifacts/$t/" "fuzz/corpus/$t" 2>&1 | tee "$log" | grep -E 'DONE|pulse|NEW_FUNC|==|panicked|SUMMARY' || true
  grep -E '^stat::|DONE' "$log" || true
}

cmin() {
  local t="$1"
  build "$t"
  local new="fuzz/corpus/$t.cmin"
  rm -rf "$new"
  mkdir -p "$new"
  # shellcheck disable=SC2046
  # the fewest inputs that keep every edge (hit counts are not kept: a counter-based merge
  # keeps ten times as many files, several MB per target)
  nice -n 19 "$BIN/$t" -set_cover_merge=1 -use_counters=0 $(opts "$t") "$new" "fuzz/corpus/$t" 2>&1 |
    grep -E 'MERGE-OUTER: [0-9]+ new files' || true
  # crash inputs stay whatever the merge thinks of them (they are regression cases)
  find "fuzz/corpus/$t" -maxdepth 1 -name 'regression-*' -exec cp {} "$new/" \;
  rm -rf "fuzz/corpus/$t"
  mv "$new" "fuzz/corpus/$t"
  echo "$t: $(find "fuzz/corpus/$t" -type f | wc -l) files, $(du -sb "fuzz/corpus/$t" | cut -f1) bytes"
}

seed() {
  setup
  build
  tools
  local tmp
  tmp="$(mktemp -d)"
  hostile_and_seeds "$tmp"
  for t in "${@:-${TARGETS[@]}}"; do
    mkdir -p "fuzz/corpus/$t"
    # shellcheck disable=SC2046
    nice -n 19 "$BIN/$t" -merge=1 $(opts "$t") "fuzz/corpus/$t" "$tmp/seeds/$t" 2>&1 | grep -E 'MERGE-OUTER' || true
  done
  rm -rf "$tmp"
}

case "${1:-}" in
  smoke) smoke ;;
  run) [[ $# -eq 3 ]] || { echo "usage: $0 run TARGET SECONDS" >&2; exit 2; }; dict_of "$2" >/dev/null; run "$2" "$3" ;;
  cmin) [[ $# -eq 2 ]] || { echo "usage: $0 cmin TARGET" >&2; exit 2; }; dict_of "$2" >/dev/null; setup; cmin "$2" ;;
  seed) shift; seed "$@" ;;
  dict) setup; tools; "$TOOLS/gen_dict" fuzz/dict ;;
  repro) [[ $# -eq 3 ]] || { echo "usage: $0 repro TARGET FILE" >&2; exit 2; }; setup; build "$2"; RUST_BACKTRACE=1 "$BIN/$2" -runs=1 "$3" ;;
  list) printf '%s\n' "${TARGETS[@]}" ;;
  *) sed -n '2,16p' "$0" >&2; exit 2 ;;
esac
