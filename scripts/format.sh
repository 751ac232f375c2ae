#!/usr/bin/env bash
# npm run format          formats the code: C++ with clang-format (.clang-format), the TypeScript,
#                         JavaScript, CSS and HTML with Prettier (.prettierrc.json).
# npm run format -- --check   changes nothing; fails naming each file that is not formatted
#                         (npm test runs this first).
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-write}"

# The C++ the project wrote: tracked sources and headers, except the generated lowercase tables.
mapfile -t cpp < <(git ls-files '*.cpp' '*.hpp' ':!core/src/unicode_lower_tables.hpp')
# Files not yet tracked are formatted too, so a new file is checked before its first commit.
mapfile -t cpp_new < <(git ls-files --others --exclude-standard '*.cpp' '*.hpp')
cpp+=("${cpp_new[@]}")

if [ "$mode" = "--check" ]; then
  status=0
  clang-format --dry-run -Werror "${cpp[@]}" 2>/dev/null || {
    echo "format: C++ not formatted (run npm run format):" >&2
    for f in "${cpp[@]}"; do clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || echo "  $f" >&2; done
    status=1
  }
  npx prettier --check --log-level warn . || { echo "format: run npm run format" >&2; status=1; }
  exit "$status"
fi
clang-format -i "${cpp[@]}"
npx prettier --write --log-level warn .
