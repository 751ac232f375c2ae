#!/usr/bin/env bash
# The whole test suite from a fresh clone: install what is missing, build, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh

echo "== C++ (doctest, via ctest)"
ctest --test-dir build --output-on-failure

echo "== Node (vitest)"
npx vitest run
