#!/usr/bin/env bash
# The one test command (README): type check, lint, layer rules, unit, integration (embedded and real PostgreSQL), end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s === (%s)\n' "$1" "$(date +%T)"; }
# The static checks in two lanes: tsc and ESLint use one core each, so on two cores two run at once. Each check's
# output is shown whole when its lane ends; any failure fails the step after both lanes have finished.
static=$(mktemp -d)
lane() {
  local name=$1
  shift
  while (($#)); do
    printf '\n--- %s ---\n' "$1" >>"$static/$name.log"
    bash -c "$1" >>"$static/$name.log" 2>&1 || { echo "FAILED: $1" >>"$static/$name.log"; return 1; }
    shift
  done
}
step "type check, format, commit subjects, lint, dependency rules (two lanes)"
# Subjects of at most 72 characters (the commit-msg hook, .githooks); checked from the commit that adopted the rule.
lane one 'npx tsc -p tsconfig.app.json' 'npx tsc -p tsconfig.node.json' 'npx prettier --check . --log-level warn' \
  'node scripts/commit-subject.mjs --since ec73da0ff9edcd9d85697904ee7ea217097a87e5' &
one=$!
lane two 'npx tsc -p tsconfig.test.json' 'npx eslint . --max-warnings=0' 'bash scripts/depcheck.sh' &
two=$!
failed=0
wait "$one" || failed=1
wait "$two" || failed=1
cat "$static/one.log" "$static/two.log"
rm -rf "$static"
((failed == 0)) || { echo "static checks failed (above)" >&2; exit 1; }
# Jest's default is one worker fewer than the cores: one, here.
step "unit tests";        npx jest --selectProjects unit --ci --maxWorkers=2
step "use cases without the app (npm run example)"; npx tsx scripts/example.ts
# PGlite loads its wasm with dynamic import(), which Jest's CommonJS runtime allows only with VM modules on.
export NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --no-warnings=ExperimentalWarning"
# Several integration files per Jest file: each Jest file costs seconds of CPU before its tests (tests/integration/groups.cjs).
export INTEGRATION_GROUPS=1
# Three workers on two cores: the longest files wait on server processes they start and restart, and a third worker
# keeps the cores busy meanwhile.
step "integration tests (embedded PostgreSQL)"; npx jest --selectProjects integration --ci --maxWorkers=3
if [[ -x scripts/with-postgres.sh ]] && compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  step "integration tests (PostgreSQL server)"; bash scripts/with-postgres.sh npx jest --selectProjects integration --ci --maxWorkers=3
fi
if [[ -d tests/e2e ]] && ls tests/e2e/*.spec.ts >/dev/null 2>&1; then
  step "end-to-end tests (Chromium)"; npx vite build >/dev/null && npx playwright test
fi
step "done"
