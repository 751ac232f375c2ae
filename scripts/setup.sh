#!/usr/bin/env bash
# Installs what is missing on a Debian machine: the apt packages the build and the browser tests
# need, then the npm packages from the lock file. Safe to run again: it only installs what is absent.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v make >/dev/null 2>&1 || missing+=(make)                # cmake's generator
command -v clang++ >/dev/null 2>&1 || missing+=(clang)          # libFuzzer and the sanitizer build
# The sanitizers' and libFuzzer's runtime: a recommendation of clang's, so installed on its own.
command -v clang++ >/dev/null 2>&1 && [ -f "$(clang++ -print-resource-dir)/lib/linux/libclang_rt.fuzzer-$(uname -m).a" ] ||
  missing+=(libclang-rt-dev)
command -v clang-format >/dev/null 2>&1 || missing+=(clang-format)  # npm run format, and its check in npm test
command -v emcc >/dev/null 2>&1 || missing+=(emscripten)
[ -f /usr/include/doctest/doctest.h ] || missing+=(doctest-dev)
[ -f /usr/include/nlohmann/json.hpp ] || missing+=(nlohmann-json3-dev)
[ -f /usr/include/boost/math/distributions/students_t.hpp ] || missing+=(libboost-math-dev)  # run statistics
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)            # gzip runs and collections in the CLI
# fonts-liberation is a recommendation of chromium's: the fonts the page is laid out and tested with.
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
command -v python3 >/dev/null 2>&1 || missing+=(python3)       # the official NFaiRR code's behaviour (runs test, bench)

# Only what is asked for and what it depends on: recommendations (systemd, cups, avahi, Perl's web
# modules...) would triple the packages and add nothing the build or the tests use.
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]} (apt)"
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo apt-get update
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  else
    echo "setup: cannot install system packages without root. Run this, then try again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
fi

# npm packages: install from the lock file when node_modules is absent or older than the lock.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=warn
fi
