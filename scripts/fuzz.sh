#!/usr/bin/env bash
# npm run fuzz -- [SECONDS]   runs the libFuzzer target over the scenario reader and the whole
# evaluation (tests/fuzz/fuzz_scenario.cpp) for SECONDS (default 60), with ASan and UBSan.
# Builds build-fuzz/ with clang; the corpus starts from examples/ and tests/node/fixtures/, copied
# into build-fuzz/corpus/ (generated inputs stay there, never in the repository). A crash is
# written to build-fuzz/crash-* and the script exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
case "$seconds" in '' | *[!0-9]*) echo "usage: npm run fuzz -- [SECONDS]" >&2; exit 2 ;; esac
jobs=$(nproc 2>/dev/null || echo 2)

cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DFAIRNESS_FUZZ=ON -DFAIRNESS_BUILD_TESTS=OFF >/dev/null
cmake --build build-fuzz -j"$jobs" --target fuzz_scenario

mkdir -p build-fuzz/corpus
cp examples/*.json tests/node/fixtures/*.json build-fuzz/corpus/ 2>/dev/null || true
# -timeout: one input taking 10 s is a hang; -rss_limit_mb: memory beyond the limits is a bug too.
cd build-fuzz
./fuzz_scenario -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -dict=../tests/fuzz/scenario.dict -print_final_stats=1 corpus
