#!/usr/bin/env bash
# npm run fuzz -- [SECONDS] [--doctests]
# Runs the libFuzzer targets with ASan and UBSan for SECONDS in all (default 60), half each: the
# scenario reader and the whole evaluation (tests/fuzz/fuzz_scenario.cpp), then run evaluation's
# readers (tests/fuzz/fuzz_runs.cpp). build-fuzz/ is the one sanitizer build (clang, -O1): the
# core, the fuzz targets and, with --doctests, the doctest suite, which then runs first under the
# same sanitizers (npm test does this). The corpora start from examples/ and
# tests/node/fixtures/ (scenarios) and from small cuts of examples/runs/ (runs), in build-fuzz/
# (generated inputs stay there, never in the repository). A crash is written to build-fuzz/crash-*
# and the script exits non-zero. FAIRNESS_JOBS sets the build's parallelism.
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
  cmake --build build-fuzz -j"$jobs" --target fuzz_scenario fuzz_runs
fi

first=$((seconds / 2))
echo "== Fuzzing the scenario reader and the evaluation ($first s)"
mkdir -p build-fuzz/corpus
cp examples/*.json tests/node/fixtures/*.json build-fuzz/corpus/ 2>/dev/null || true
# -timeout: one input taking 10 s is a hang; -rss_limit_mb: memory beyond the limits is a bug too.
(cd build-fuzz && ./fuzz_scenario -max_total_time="$first" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -dict=../tests/fuzz/scenario.dict -print_final_stats=1 corpus)

echo "== Fuzzing run evaluation's readers ($((seconds - first)) s)"
# Seeds: the first lines of each sample input, joined as fuzz_runs reads them (a chunk-size byte,
# then run, qrels, labels, queries, background and collection parted by "\n%%\n"); the
# collection's texts cut to 120 bytes, in TSV and as JSON lines.
mkdir -p build-fuzz/corpus-runs
ex=examples/runs
for lines in 5 30; do
  run=$(head -n "$lines" $ex/female-first.run)
  ids=$(printf '%s\n' "$run" | awk '{print $3}')
  tsv=$(grep -F -f <(printf '%s\n' "$ids" | sed 's/$/\t/') $ex/collection.tsv | cut -c1-120)
  parts() {
    printf '%s\n%%%%\n%s\n%%%%\n%s\n%%%%\n%s\n%%%%\n%s\n%%%%\n' "$run" "$(head -n "$lines" $ex/qrels.txt)" \
      "$(head -n "$lines" $ex/labels.csv)" "$(head -n 5 $ex/queries.csv)" "$(head -n "$lines" $ex/male-first.run)"
  }
  { printf '\x07'; parts; printf '%s\n' "$tsv"; } >build-fuzz/corpus-runs/tsv-$lines
  { printf '\x28'; parts; printf '%s\n' "$tsv" | awk -F'\t' '{gsub(/["\\]/, "", $2); printf "{\"id\":\"%s\",\"text\":\"%s\"}\n", $1, $2}'; } \
    >build-fuzz/corpus-runs/jsonl-$lines
done
(cd build-fuzz && ./fuzz_runs -max_total_time="$((seconds - first))" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
  -dict=../tests/fuzz/runs.dict -print_final_stats=1 corpus-runs)
