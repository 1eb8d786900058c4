#!/usr/bin/env bash
# Runs every suite. The browser suites need the built apps, so build first when they exist.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f index.html ] && ls tests/e2e/*.test.ts >/dev/null 2>&1; then
  npx vite build --logLevel warn
fi
exec npx vitest run --passWithNoTests=false "$@"
