#!/usr/bin/env bash
# Brings a machine (Debian 12, rustup Rust 1.95, node 20 / npm 11, root, package registries
# only) to the state where `scripts/serve.sh` and `scripts/test.sh` run offline.
# Idempotent: each step is skipped when its result is already present. Prints what it did.
# See shared toolchain notes: trunk 0.21.14 (0.22 needs rustc 1.96.1), wasm-bindgen-cli
# 0.2.130 without --locked (its lock file pins a crate the registry lacks), wasm-opt from npm
# binaryen 132 (Debian's binaryen 108 breaks the app: never install it).
set -euo pipefail

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # = the wasm-bindgen crate pinned in Cargo.toml and [tools] in Trunk.toml
APT_PACKAGES=(chromium chromium-driver brotli)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CARGO_BIN:$PATH"
log() { printf '[setup %s] %s\n' "$(date +%T)" "$*"; }
did=0

# 1. Rust target.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
  did=1
fi

# 2. Debian packages (in the background: network-bound, beside the CPU-bound cargo installs).
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
apt_pid=
if ((${#missing[@]})); then
  log "apt-get update && apt-get install ${missing[*]}"
  SUDO=; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  ( export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null ) &
  apt_pid=$!
  did=1
fi

# 3. npm devDependencies: playwright-core (e2e), axe-core (the e2e accessibility check) and
#    binaryen (wasm-opt for trunk).
npm_pid=
want_pw=$(node -p "require('./package.json').devDependencies['playwright-core']")
want_bin=$(node -p "require('./package.json').devDependencies['binaryen']")
have_pw=$(node -p "try{require('./node_modules/playwright-core/package.json').version}catch(e){''}")
have_bin=$(node -p "try{require('./node_modules/binaryen/package.json').version}catch(e){''}")
want_axe=$(node -p "require('./package.json').devDependencies['axe-core']")
have_axe=$(node -p "try{require('./node_modules/axe-core/package.json').version}catch(e){''}")
if [ "$have_pw" != "$want_pw" ] || [ "$have_bin" != "$want_bin" ] || [ "$have_axe" != "$want_axe" ] || [ ! -x node_modules/.bin/wasm-opt ]; then
  log "npm ci (playwright-core $want_pw, binaryen $want_bin, axe-core $want_axe)"
  ( npm ci --no-audit --no-fund --loglevel=error ) &
  npm_pid=$!
  did=1
fi

# 4. Cargo tools, pinned (the long part on a fresh machine: ~15 + ~5 min on 2 cores).
installed_version() { command -v "$1" >/dev/null 2>&1 && "$1" --version 2>/dev/null | awk '{print $2}'; }
if [ "$(installed_version trunk || true)" != "$TRUNK_VERSION" ]; then
  log "cargo install --locked trunk --version $TRUNK_VERSION"
  cargo install --quiet --locked trunk --version "$TRUNK_VERSION"
  did=1
fi
if [ "$(installed_version wasm-bindgen || true)" != "$WASM_BINDGEN_VERSION" ] \
   || ! command -v wasm-bindgen-test-runner >/dev/null 2>&1; then
  log "cargo install wasm-bindgen-cli --version $WASM_BINDGEN_VERSION"
  cargo install --quiet wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
  did=1
fi

# 5. Crate sources, so that every later build can run with --offline.
if ! cargo fetch --locked --offline --quiet 2>/dev/null; then
  log "cargo fetch --locked"
  cargo fetch --locked
  did=1
fi

if [ -n "$apt_pid" ]; then wait "$apt_pid" || { log "apt-get failed"; exit 1; }; fi
if [ -n "$npm_pid" ]; then wait "$npm_pid" || { log "npm ci failed"; exit 1; }; fi

if [ "$did" = 1 ] || [ -n "${VERBOSE:-}" ]; then
  log "trunk $(installed_version trunk), wasm-bindgen $(installed_version wasm-bindgen), wasm-opt $(node_modules/.bin/wasm-opt --version | awk '{print $3}'), $(chromium --version 2>/dev/null | head -1), $(chromedriver --version | cut -d' ' -f1-2)"
fi
if [ "$did" = 1 ]; then log "ready"; else log "ready: everything was already present"; fi
