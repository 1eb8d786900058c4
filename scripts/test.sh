#!/usr/bin/env bash
# Runs every suite (vitest projects in vitest.config.ts). The browser suites need the built apps:
# build once here, for all of them (skipped when only other projects are asked for, e.g.
# `npm test -- --project poker`).
# The accessibility sweeps (project a11y, tests/e2e/a11y-*.test.ts) run AFTER the rest, on their
# own: beside the whole suite on 2 cores their flows missed their waits. They run when the whole
# suite is asked for (no arguments) or when the project is named (`npm test -- --project a11y`,
# other arguments such as a file or `-t` go to both runs); the exit status is both runs'.
set -euo pipefail
cd "$(dirname "$0")/.."
projects=() # the projects named (--project NAME or --project=NAME)
rest=()     # every other argument
while [ $# -gt 0 ]; do
  case "$1" in
    --project)
      projects+=("${2-}")
      shift $(($# > 1 ? 2 : 1))
      ;;
    --project=*)
      projects+=("${1#--project=}")
      shift
      ;;
    *)
      rest+=("$1")
      shift
      ;;
  esac
done
wants_e2e=1
wants_a11y=0
main=() # the main run's filters: the projects named but a11y
if [ ${#projects[@]} -eq 0 ] && [ ${#rest[@]} -eq 0 ]; then wants_a11y=1; fi
if [ ${#projects[@]} -gt 0 ]; then wants_e2e=0; fi
for p in "${projects[@]}"; do
  case "$p" in
    a11y) wants_a11y=1 wants_e2e=1 ;;
    e2e | '!'[!e]*) wants_e2e=1 ;;
  esac
  [ "$p" = a11y ] && continue
  main+=(--project "$p")
done
wants_main=1
if [ ${#projects[@]} -gt 0 ] && [ ${#main[@]} -eq 0 ]; then wants_main=0; fi
# Never the sweeps in the main run: with no project named, the project is left out; with only
# exclusions named (`--project '!poker'`, which vitest does not combine), their files are.
if [ ${#projects[@]} -eq 0 ]; then main+=(--project '!a11y'); fi
main+=(--exclude 'tests/e2e/a11y-*.test.ts')
# The whole suite also checks types (strict flags), lint and formatting. They run beside the
# tests (the tests leave a core idle about a third of the time) and are reported at the end.
checks=()
if [ ${#projects[@]} -eq 0 ] && [ ${#rest[@]} -eq 0 ]; then
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
if [ "$wants_main" = 1 ]; then
  npx vitest run --passWithNoTests=false "${main[@]}" "${rest[@]}" || status=$?
fi
# The checks are over before the sweeps start (they have the machine to themselves).
failed=()
for check in "${checks[@]}"; do
  if ! wait "${check%%:*}"; then
    failed+=("${check#*:}")
    status=1
  fi
done
if [ "$wants_a11y" = 1 ]; then
  echo "--- the accessibility sweeps (project a11y), on their own"
  started=$SECONDS
  npx vitest run --passWithNoTests=false --project a11y "${rest[@]}" || status=$?
  echo "--- the accessibility sweeps took $((SECONDS - started)) s"
fi
for check in "${failed[@]}"; do
  echo "--- $check failed:"
  cat "$logs/$check"
done
exit $status
