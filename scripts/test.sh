#!/usr/bin/env bash
# The whole test suite from a fresh clone: install what is missing, build, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh

echo "== C++ core (doctest, via ctest)"
ctest --test-dir build --output-on-failure

echo "== Types (tsc)"
npx tsc -p .

echo "== Node, components and Chromium (vitest: node, web, browser)"
npx vitest run
