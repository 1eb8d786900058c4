#!/usr/bin/env bash
# Runs every suite (vitest projects in vitest.config.ts). The browser suites need the built apps:
# build once here, for all of them (skipped when only other projects are asked for, e.g.
# `npm test -- --project poker`).
set -euo pipefail
cd "$(dirname "$0")/.."
wants_e2e=1
if [[ " $* " == *" --project"* ]]; then
  wants_e2e=0
  for arg in "$@"; do
    case "$arg" in e2e | --project=e2e) wants_e2e=1 ;; esac
  done
fi
# The whole suite also checks types (strict flags), lint and formatting.
if [ $# -eq 0 ]; then
  npx tsc --noEmit -p tsconfig.json
  npx eslint --max-warnings 0 .
  npx prettier --check --log-level warn .
fi
if [ "$wants_e2e" = 1 ] && [ -f index.html ] && ls tests/e2e/*.test.ts >/dev/null 2>&1; then
  npx vite build --logLevel warn
fi
exec npx vitest run --passWithNoTests=false "$@"
