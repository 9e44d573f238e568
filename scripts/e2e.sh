#!/usr/bin/env bash
# End-to-end tests: release build into dist/, a static server on a free 127.0.0.1 port, the
# example docs hosts built from that same dist/ (tests/embed/build-hosts.sh) on a second
# server with a strict CSP, and Playwright (one headless Debian Chromium) against both.
# Last line: "N passed, N failed".
#   usage: scripts/e2e.sh [--no-build]     (E2E_ONLY=embed: only the embedding tests)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

if [ "${1:-}" != "--no-build" ]; then
  trunk build --release --offline
fi
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
PORT=$(free_port)
HOSTS_PORT=$(free_port)
HOSTS_ORIGIN="http://127.0.0.1:$HOSTS_PORT" bash tests/embed/build-hosts.sh target/embed-hosts
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist >/dev/null 2>&1 &
SERVER_PID=$!
python3 tests/embed/serve.py target/embed-hosts/site "$HOSTS_PORT" &
HOSTS_PID=$!
trap 'kill "$SERVER_PID" "$HOSTS_PID" 2>/dev/null || true' EXIT
for url in "http://127.0.0.1:$PORT/" "http://127.0.0.1:$HOSTS_PORT/plain/docs/index.html"; do
  for _ in $(seq 1 100); do
    python3 -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1])" "$url" 2>/dev/null && break
    sleep 0.1
  done
done

BASE_URL="http://127.0.0.1:$PORT" HOSTS_URL="http://127.0.0.1:$HOSTS_PORT" node tests/e2e/run.mjs
