#!/usr/bin/env bash
# Builds the example docs hosts of the embedding tests into OUT (default target/embed-hosts):
# OUT/site/{plain/docs, mintlify/docs, mkdocs/en/latest, sphinx/en/latest}/, each with the
# release build (dist/, from `trunk build --release`) copied in as its Preflight folder,
# exactly as the README's "Embedding" section tells a site to do. MkDocs Material and
# Sphinx + furo come from PyPI into .cache/hosts-venv (installed once; fast when present).
#   usage: tests/embed/build-hosts.sh [OUT]
#   env HOSTS_ORIGIN: the origin the site will be served at (MkDocs' site_url needs it;
#   default http://127.0.0.1:8000)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
OUT="${1:-target/embed-hosts}"
HOSTS=tests/embed/hosts
VENV="${HOSTS_VENV:-.cache/hosts-venv}"
[ -f dist/embed.js ] && [ -f dist/preflight-embed_bg.wasm ] || { echo "build-hosts: no release build in dist/ (run trunk build --release first)" >&2; exit 1; }

if ! cmp -s tests/embed/requirements.txt "$VENV/installed-requirements.txt"; then
  echo "[build-hosts] pip install -r tests/embed/requirements.txt into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check -r tests/embed/requirements.txt
  cp tests/embed/requirements.txt "$VENV/installed-requirements.txt"
fi

rm -rf "$OUT"
mkdir -p "$OUT/site" "$OUT/src"
copy_preflight() { mkdir -p "$(dirname "$1")"; cp -r dist "$1"; }

# plain HTML and the Mintlify stand-in: static files
for h in plain mintlify; do
  mkdir -p "$OUT/site/$h/docs"
  cp -r "$HOSTS/$h/." "$OUT/site/$h/docs/"
  copy_preflight "$OUT/site/$h/docs/preflight"
done

# MkDocs Material (navigation.instant)
cp -r "$HOSTS/mkdocs" "$OUT/src/mkdocs"
copy_preflight "$OUT/src/mkdocs/docs/preflight"
PREFLIGHT_MKDOCS_SITE_URL="${HOSTS_ORIGIN:-http://127.0.0.1:8000}/mkdocs/en/latest/" \
  NO_MKDOCS_2_WARNING=1 "$VENV/bin/mkdocs" build --quiet -f "$OUT/src/mkdocs/mkdocs.yml" -d "$ROOT/$OUT/site/mkdocs/en/latest"

# Sphinx + furo (raw HTML blocks)
cp -r "$HOSTS/sphinx" "$OUT/src/sphinx"
copy_preflight "$OUT/src/sphinx/_static/preflight"
"$VENV/bin/sphinx-build" --quiet -b html "$OUT/src/sphinx" "$OUT/site/sphinx/en/latest"

echo "[build-hosts] $OUT/site: $(cd "$OUT/site" && echo */*/)"
