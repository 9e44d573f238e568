#!/usr/bin/env bash
# Adds (or refreshes) one SGLang release's reviewed data: downloads the wheel, runs every
# extractor, writes data/releases/X.Y.Z/ and the drift report against the newest older
# release already in data/releases/ (docs/releases/drift-X.Y.Z.md).
#
#   usage: scripts/add-release.sh X.Y.Z
#
# Idempotent and reproducible: a second run downloads nothing, and rewrites no file whose
# content is the same (check with `git status` / `git diff --exit-code`).
#
# Environment (all optional):
#   PREFLIGHT_WHEEL_CACHE  wheel cache            (default ~/.cache/preflight/wheels)
#                          - the wheel:     $PREFLIGHT_WHEEL_CACHE/sglang-X.Y.Z-*.whl
#                          - unpacked into: $PREFLIGHT_WHEEL_CACHE/X.Y.Z/
#   ORACLE_VENV            Python 3.11 venv with SGLang's dependencies, used to import the
#                          release and to run pip (default ~/.cache/sglang-oracle/env/venv)
#   PYTHON                 Python 3.11 for the static extractor (default: the venv's python)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [ $# -ne 1 ] || ! [[ "$1" =~ ^[0-9]+\.[0-9]+\.[0-9]+([.a-z0-9]*)$ ]]; then
  echo "usage: scripts/add-release.sh X.Y.Z" >&2
  exit 2
fi
VERSION="$1"
CACHE="${PREFLIGHT_WHEEL_CACHE:-$HOME/.cache/preflight/wheels}"
VENV="${ORACLE_VENV:-$HOME/.cache/sglang-oracle/env/venv}"

if [ ! -x "$VENV/bin/python" ]; then
  cat >&2 <<EOF
add-release: no oracle venv at $VENV (set ORACLE_VENV=/path/to/venv).
  The extractors import the release, which needs SGLang's dependencies (torch, transformers,
  msgspec, ...) in a Python 3.11 venv. Create it with
      tools/oracle/setup.sh DEST
  then run:  ORACLE_VENV=DEST/venv scripts/add-release.sh $VERSION
EOF
  exit 1
fi
PY="${PYTHON:-$VENV/bin/python}"
if [ "$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')" != "3.11" ]; then
  echo "add-release: $PY is not Python 3.11 (set PYTHON=/path/to/python3.11)" >&2
  exit 1
fi

# 1. The wheel (pip picks the one for this interpreter and platform: cp311, manylinux).
mkdir -p "$CACHE"
shopt -s nullglob
wheels=("$CACHE"/sglang-"$VERSION"-*.whl)
if [ ${#wheels[@]} -eq 0 ]; then
  echo "[add-release] pip download --no-deps sglang==$VERSION -> $CACHE"
  "$VENV/bin/python" -m pip download --quiet --no-deps --dest "$CACHE" "sglang==$VERSION"
  wheels=("$CACHE"/sglang-"$VERSION"-*.whl)
fi
if [ ${#wheels[@]} -ne 1 ]; then
  echo "add-release: expected one sglang-$VERSION wheel in $CACHE, found ${#wheels[@]}" >&2
  exit 1
fi
WHEEL="${wheels[0]}"

# 2. Unpacked (into a temporary directory first, so an interrupted run leaves nothing half-done).
DEST="$CACHE/$VERSION"
if [ ! -f "$DEST/sglang/srt/server_args.py" ] || [ ! -d "$DEST/sglang-$VERSION.dist-info" ]; then
  echo "[add-release] unpacking $(basename "$WHEEL") -> $DEST"
  TMP="$(mktemp -d "$CACHE/.unpack-$VERSION.XXXXXX")"
  trap 'rm -rf "$TMP"' EXIT
  "$PY" -m zipfile -e "$WHEEL" "$TMP"
  rm -rf "$DEST"
  mv "$TMP" "$DEST"
  trap - EXIT
fi

# 3. Every extractor -> data/releases/X.Y.Z/
ORACLE_VENV="$VENV" nice -n 10 "$PY" scripts/release/extract.py "$DEST" --out "data/releases/$VERSION"

# 4. Drift against the newest older release already extracted (else the newest other one).
PREV="$("$PY" - "$VERSION" <<'EOF'
import sys
sys.path.insert(0, "scripts/release")
import common
new = sys.argv[1]
have = sorted((p.name for p in common.DATA_DIR.iterdir()
               if p.is_dir() and p.name != new and (p / "options.json").is_file()),
              key=common.version_key)
older = [v for v in have if common.version_key(v) < common.version_key(new)]
print((older or have or [""])[-1])
EOF
)"
if [ -n "$PREV" ]; then
  "$PY" scripts/release/drift.py "$PREV" "$VERSION"
else
  echo "[add-release] no other release in data/releases/: no drift report"
fi

# 5. The reviewed release list (appended, not modelled yet) and the generated Rust tables.
"$PY" scripts/release/register_release.py "$VERSION"
"$PY" scripts/release/emit_rust.py

cat <<EOF

[add-release] done: data/releases/$VERSION/${PREV:+ and docs/releases/drift-$VERSION.md (vs $PREV)}

Next, for the reviewer:
  1. git status; git diff --stat          what changed (nothing, on a re-run)
  2. Read the crosscheck sections: fields.json, envs.json and registry.json ("only_static",
     "only_imported", "import_errors", "adaptations", "problems") - each must be explained.
  3. Read docs/releases/drift-$VERSION.md: every new / gone / reworded site in a mirrored file
     is a rule to add, retire or re-word (docs/adding-a-rule.md); renamed options, changed
     choices and defaults go to the flag and choice tables.
  4. The Rust tables are regenerated (crates/preflight-core/src/generated/); $VERSION is in
     data/releases/releases.json with "modelled": false until every rule is checked against
     it and its golden sets agree (docs/adding-a-release.md); then set it to true and re-run
     python3 scripts/release/emit_rust.py.
  5. Commit data/releases/$VERSION/ and the drift report with the code that uses them.
EOF
