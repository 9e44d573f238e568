#!/usr/bin/env bash
# End-to-end tests: release build into dist/, a static server on a free 127.0.0.1 port,
# Playwright (headless Debian Chromium) against it. Last line: "N passed, N failed".
#   usage: scripts/e2e.sh [--no-build]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

if [ "${1:-}" != "--no-build" ]; then
  trunk build --release --offline
fi

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist >/dev/null 2>&1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/')" 2>/dev/null && break
  sleep 0.1
done

BASE_URL="http://127.0.0.1:$PORT" node tests/e2e/run.mjs
