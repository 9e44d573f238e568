#!/usr/bin/env bash
# The whole suite: format, lints (native and wasm32), native tests, a fuzz smoke run, browser tests of the
# web crate (wasm-bindgen-test in headless Chromium), end-to-end tests. Exits non-zero on
# the first failure.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"

step() { printf '\n== %s\n' "$*"; }
step "cargo fmt --check"
cargo fmt --all --check
step "cargo clippy (native)"
cargo clippy --workspace --all-targets --offline -- -D warnings
step "cargo clippy (wasm32, web and embed)"
cargo clippy -p preflight-web -p preflight-embed --all-targets --offline --target wasm32-unknown-unknown -- -D warnings
step "release data tooling (scripts/release)"
python3 scripts/release/test_release.py
step "generated Rust tables are fresh (scripts/release/emit_rust.py --check)"
python3 scripts/release/emit_rust.py --check
step "cargo test (native)"
cargo test --workspace --offline
step "fuzz smoke (libFuzzer: every target replays its corpus and the hostile inputs, then fuzzes 20 s)"
bash scripts/fuzz.sh smoke
step "JS API (wasm-bindgen package, Node smoke test: check, validate, explain, domains, …)"
bash crates/preflight-wasm/build.sh --test
step "cargo test (wasm32, headless Chromium)"
cargo test -p preflight-web --offline --target wasm32-unknown-unknown --test browser
step "end-to-end"
bash scripts/e2e.sh
