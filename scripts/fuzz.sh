#!/usr/bin/env bash
# npm run fuzz -- [SECONDS] [--doctests]
# Runs the libFuzzer target over the scenario reader and the whole evaluation
# (tests/fuzz/fuzz_scenario.cpp) for SECONDS (default 60), with ASan and UBSan.
# build-fuzz/ is the one sanitizer build (clang, -O1): the core, the fuzz target and, with
# --doctests, the doctest suite, which then runs first under the same sanitizers (npm test does
# this). The corpus starts from examples/ and tests/node/fixtures/, copied into build-fuzz/corpus/
# (generated inputs stay there, never in the repository). A crash is written to
# build-fuzz/crash-* and the script exits non-zero. FAIRNESS_JOBS sets the build's parallelism.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60
doctests=false
for arg in "$@"; do
  case "$arg" in
    --doctests) doctests=true ;;
    '' | *[!0-9]*) echo "usage: npm run fuzz -- [SECONDS] [--doctests]" >&2; exit 2 ;;
    *) seconds="$arg" ;;
  esac
done
jobs="${FAIRNESS_JOBS:-$(nproc 2>/dev/null || echo 2)}"

# -O1 -g1: sanitizer reports with lines, at half the compile time of -O2 -g.
cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O1 -g1" \
  -DFAIRNESS_FUZZ=ON -DFAIRNESS_CLI=OFF -DFAIRNESS_BUILD_TESTS=ON >/dev/null
if $doctests; then
  cmake --build build-fuzz -j"$jobs"
  echo "== C++ core under ASan + UBSan (build-fuzz/)"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-fuzz --output-on-failure -j"$jobs"
else
  cmake --build build-fuzz -j"$jobs" --target fuzz_scenario
fi

echo "== Fuzzing the reader and the evaluation ($seconds s)"
mkdir -p build-fuzz/corpus
cp examples/*.json tests/node/fixtures/*.json build-fuzz/corpus/ 2>/dev/null || true
# -timeout: one input taking 10 s is a hang; -rss_limit_mb: memory beyond the limits is a bug too.
cd build-fuzz
./fuzz_scenario -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -dict=../tests/fuzz/scenario.dict -print_final_stats=1 corpus
