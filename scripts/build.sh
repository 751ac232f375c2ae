#!/usr/bin/env bash
# Builds everything: the native core, CLI and doctest suite (build/), the WebAssembly module
# (build-wasm/, output in wasm/dist/), then the page (dist/). `--native` or `--wasm` builds one
# half (npm test runs them side by side); FAIRNESS_JOBS sets the parallelism (default: the cores).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="${FAIRNESS_JOBS:-$(nproc 2>/dev/null || echo 2)}"
part="${1:-all}"

if [ "$part" != "--wasm" ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build -j"$jobs"
fi
[ "$part" = "--native" ] && exit 0

# Emscripten's JS optimizer needs acorn, which Debian ships under /usr/share/nodejs; a node that
# is not Debian's does not look there by itself.
if [ -d /usr/share/nodejs ]; then
  export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
fi
emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-wasm -j"$jobs"

# The page (static site in dist/, relative paths: it works from any folder of any host).
npx vite build --logLevel warn
