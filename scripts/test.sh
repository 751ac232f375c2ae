#!/usr/bin/env bash
# The whole test suite from a fresh clone: install what is missing, build, run every layer.
# Independent layers run side by side: the sanitizer build (doctests under ASan + UBSan, then a
# fixed-time fuzz) from the start, beside the native build and the WebAssembly build, then beside
# the types, and the Node and component tests beside the browser tests (one Chromium).
# Each layer's time is printed at the end. `npm run test:quick` skips the sanitizers and the fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
[ "${1:-}" = "--quick" ] && quick=true

started=$(date +%s)
timings=()
# time_layer NAME COMMAND...: runs it in the foreground, noting its time; returns its status.
time_layer() {
  local name="$1" t0 status=0
  shift
  t0=$(date +%s)
  echo "== $name"
  "$@" || status=$?
  timings+=("$(printf '%-44s %4d s' "$name" $(($(date +%s) - t0)))")
  return "$status"
}
# in_background NAME LOG COMMAND...: starts it, its output kept in LOG; `finish` waits for it.
declare -A pids logs starts
in_background() {
  local name="$1" log="$2"
  shift 2
  starts[$name]=$(date +%s)
  logs[$name]="$log"
  ("$@") >"$log" 2>&1 &
  pids[$name]=$!
}
finish() {
  local name="$1" status=0
  wait "${pids[$name]}" || status=$?
  echo "== $name (ran alongside)"
  cat "${logs[$name]}"
  timings+=("$(printf '%-44s %4d s' "$name (alongside)" $(($(date +%s) - starts[$name])))")
  if [ "$status" -ne 0 ]; then
    echo "test: $name failed (exit $status)" >&2
    exit "$status"
  fi
}

time_layer "Setup (apt and npm, what is missing)" bash scripts/setup.sh
time_layer "Formatting (clang-format, Prettier)" bash scripts/format.sh --check

# The sanitizer build is the longest layer: it starts first, and runs beside everything else, at a
# lower priority: the builds and tests of the main line wait for nothing of it, so they take a core
# when they need one, and it takes what they leave (alone, the Chromium tests keep 1.3 cores of two
# busy on average).
mkdir -p build
if ! $quick; then
  in_background "Sanitizer build, doctests under it, 30 s of fuzzing" build/sanitize.log nice -n 10 env FAIRNESS_JOBS=1 bash scripts/fuzz.sh 30 --doctests
fi
# The native build (core, CLI, doctests) beside the WebAssembly build and the page.
in_background "WebAssembly build and the page" build/wasm.log env FAIRNESS_JOBS=1 bash scripts/build.sh --wasm
time_layer "Native build" env FAIRNESS_JOBS=1 bash scripts/build.sh --native
finish "WebAssembly build and the page"
time_layer "C++ doctests (ctest)" ctest --test-dir build --output-on-failure -j2

time_layer "Types (tsc)" npx tsc -p .
# The Chromium tests keep 1.3 cores of two busy on average (they wait on the page between steps):
# the Node and component tests, which compute, run beside them.
# A failure of either is reported once both have ended, with both outputs.
in_background "Node and components (vitest: node, web)" build/vitest-node.log npx vitest run --project node --project web
browser=0
time_layer "Chromium (vitest: browser)" npx vitest run --project browser || browser=$?
finish "Node and components (vitest: node, web)"
if [ "$browser" -ne 0 ]; then
  echo "test: Chromium (vitest: browser) failed (exit $browser)" >&2
  exit "$browser"
fi
if ! $quick; then
  finish "Sanitizer build, doctests under it, 30 s of fuzzing"
fi

echo
echo "== Times"
printf '%s\n' "${timings[@]}"
echo "total: $(($(date +%s) - started)) s"
