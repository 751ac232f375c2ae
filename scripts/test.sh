#!/usr/bin/env bash
# The whole test suite from a fresh clone: install what is missing, build, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

echo "== Formatting (clang-format, Prettier)"
bash scripts/format.sh --check

bash scripts/build.sh
jobs=$(nproc 2>/dev/null || echo 2)

echo "== C++ core (doctest, via ctest)"
ctest --test-dir build --output-on-failure

# The same suite with AddressSanitizer and UndefinedBehaviorSanitizer, any report fatal.
echo "== C++ core under ASan + UBSan (build-asan/)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" >/dev/null
cmake --build build-asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j"$jobs"

echo "== Fuzzing the reader and the evaluation (60 s, build-fuzz/)"
bash scripts/fuzz.sh 60

echo "== Types (tsc)"
npx tsc -p .

echo "== Node, components and Chromium (vitest: node, web, browser)"
npx vitest run
