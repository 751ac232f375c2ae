#!/usr/bin/env bash
# Sets up and builds everything, then says what is there.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
cat <<MSG

Built:
  build/fairness-eval SCENARIO.json   every metric as JSON (--table for a table, - for stdin)
  examples/                           scenarios to try, e.g. build/fairness-eval --table examples/texfair-figure-1.json
MSG
