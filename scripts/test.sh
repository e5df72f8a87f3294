#!/usr/bin/env bash
# The one test command (README): type check, lint, layer rules, unit, integration (embedded and real PostgreSQL), end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s ===\n' "$1"; }
step "type check";        npm run --silent typecheck
step "format";            npx prettier --check . --log-level warn
# Subjects of at most 72 characters (the commit-msg hook, .githooks); checked from the commit that adopted the rule.
step "commit subjects";   node scripts/commit-subject.mjs --since ec73da0ff9edcd9d85697904ee7ea217097a87e5
step "lint";              npx eslint . --max-warnings=0
step "dependency rules";  bash scripts/depcheck.sh
step "unit tests";        npx jest --selectProjects unit --ci
step "use cases without the app (npm run example)"; npx tsx scripts/example.ts
# PGlite loads its wasm with dynamic import(), which Jest's CommonJS runtime allows only with VM modules on.
export NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --no-warnings=ExperimentalWarning"
step "integration tests (embedded PostgreSQL)"; npx jest --selectProjects integration --ci --maxWorkers=2
if [[ -x scripts/with-postgres.sh ]] && compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  step "integration tests (PostgreSQL server)"; bash scripts/with-postgres.sh npx jest --selectProjects integration --ci --maxWorkers=2
fi
if [[ -d tests/e2e ]] && ls tests/e2e/*.spec.ts >/dev/null 2>&1; then
  step "end-to-end tests (Chromium)"; npx vite build >/dev/null && npx playwright test
fi
