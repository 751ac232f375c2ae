#!/usr/bin/env bash
# Sets up and builds everything, then serves the playground (the built static site) locally.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
port="${PORT:-4173}"
cat <<MSG

The playground: http://127.0.0.1:${port}/   (Ctrl+C stops it)
Also built: build/fairness-eval SCENARIO.json (the CLI), dist/ (the static site, for any host).
MSG
exec npx vite preview --port "$port" --strictPort --logLevel warn
