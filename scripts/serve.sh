#!/usr/bin/env bash
# Serves the app with live reload at http://127.0.0.1:8080 (debug build, no downloads).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
echo "Preflight: http://127.0.0.1:8080/"
exec trunk serve --offline "$@"
