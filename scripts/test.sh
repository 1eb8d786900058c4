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
# The whole suite also checks types (strict flags), lint and formatting. They run beside the
# tests (the tests leave a core idle about a third of the time) and are reported at the end.
checks=()
if [ $# -eq 0 ]; then
  logs=$(mktemp -d)
  npx tsc --noEmit -p tsconfig.json >"$logs/types" 2>&1 &
  checks+=("$!:types")
  npx eslint --max-warnings 0 . >"$logs/lint" 2>&1 &
  checks+=("$!:lint")
  npx prettier --check --log-level warn . >"$logs/format" 2>&1 &
  checks+=("$!:format")
fi
if [ "$wants_e2e" = 1 ] && [ -f index.html ] && ls tests/e2e/*.test.ts >/dev/null 2>&1; then
  npx vite build --logLevel warn
fi
status=0
npx vitest run --passWithNoTests=false "$@" || status=$?
for check in "${checks[@]}"; do
  if ! wait "${check%%:*}"; then
    echo "--- ${check#*:} failed:"
    cat "$logs/${check#*:}"
    status=1
  fi
done
exit $status
