#!/usr/bin/env bash
# Trunk post_build hook: gives the ES modules of the build the .mjs extension (the app's and
# the widget's wasm-bindgen glue, the JS API), so that the only .js files of the folder are
# the classic-safe embed.js and frame.js (a host that includes every .js file on every page,
# as Mintlify does, must not run a module as a classic script).
set -euo pipefail
DIR="${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}"
for f in preflight-web.js preflight-embed.js pkg/preflight-wasm.js; do
  if [ -f "$DIR/$f" ]; then mv "$DIR/$f" "$DIR/${f%.js}.mjs"; fi
done
