#!/usr/bin/env bash
# Builds the JS API (ES module for browsers and Node) into OUT (default target/preflight-wasm-pkg):
#   crates/preflight-wasm/build.sh [--test] [OUT]
# Needs wasm-bindgen 0.2.130 on PATH (scripts/setup.sh) and, for size, wasm-opt from npm
# binaryen 132 (node_modules/.bin; Debian's binaryen 108 breaks the module). --test runs the
# Node smoke test against the result.
set -euo pipefail
cd "$(dirname "$0")/../.."
TEST=0
if [[ "${1:-}" == "--test" ]]; then TEST=1; shift; fi
OUT="${1:-target/preflight-wasm-pkg}"
cargo build -p preflight-wasm --target wasm32-unknown-unknown --profile web
wasm-bindgen --target web --out-dir "$OUT" target/wasm32-unknown-unknown/web/preflight_wasm.wasm
if [[ -x node_modules/.bin/wasm-opt ]]; then
  node_modules/.bin/wasm-opt -Oz "$OUT/preflight_wasm_bg.wasm" -o "$OUT/preflight_wasm_bg.wasm"
fi
# a package.json, so that the directory is an importable ES module package with its types
VERSION="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
cat > "$OUT/package.json" <<JSON
{
  "name": "sglang-preflight",
  "version": "${VERSION:-0.1.0}",
  "description": "Preflight: SGLang launch checks in the browser and Node (check, validate, explain, rules, domains)",
  "type": "module",
  "main": "preflight_wasm.js",
  "types": "preflight_wasm.d.ts",
  "files": ["preflight_wasm.js", "preflight_wasm.d.ts", "preflight_wasm_bg.wasm", "preflight_wasm_bg.wasm.d.ts"],
  "license": "Apache-2.0"
}
JSON
ls -l "$OUT"/preflight_wasm_bg.wasm
if [[ $TEST == 1 ]]; then
  PREFLIGHT_PKG="$(cd "$OUT" && pwd)" node --test crates/preflight-wasm/js/smoke.test.mjs
fi
