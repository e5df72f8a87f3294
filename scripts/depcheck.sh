#!/usr/bin/env bash
# Checks the layer rules, then proves the checker bites: a deliberate violation must be reported.
set -euo pipefail
cd "$(dirname "$0")/.."
npx depcruise src server --config .dependency-cruiser.cjs --output-type err
probe=src/domain/__layer_probe__.ts
trap 'rm -f "$probe"' EXIT
echo "import axios from 'axios'; export const probe = axios;" > "$probe"
if npx depcruise "$probe" --config .dependency-cruiser.cjs --output-type err >/dev/null 2>&1; then
  echo "dependency rules did not catch a deliberate domain -> axios import" >&2; exit 1
fi
echo "layer rules: a deliberate violation is caught"
backend_probe=src/backend__probe__.ts
trap 'rm -f "$probe" "$backend_probe"' EXIT
echo "export * from './backend'; export { createElement } from 'react';" > "$backend_probe"
backend_report=$(npx depcruise src --config .dependency-cruiser.cjs --output-type err 2>&1 || true)
if ! grep -q 'backend-entry-without-ui' <<<"$backend_report"; then
  echo "dependency rules did not catch the backend entry reaching react" >&2; exit 1
fi
rm -f "$backend_probe"
echo "backend entry rule: a deliberate violation is caught"

# Views take their view model: a screen that resolves a service itself is caught.
view_probe=src/presentation/screens/Card/__view_probe__.tsx
trap 'rm -f "$probe" "$backend_probe" "$view_probe"' EXIT
echo "import { TOKENS } from '../../../di/tokens'; import { useService } from '../../app/resolver'; export const probe = () => useService(TOKENS.Clock);" > "$view_probe"
view_report=$(npx depcruise src --config .dependency-cruiser.cjs --output-type err 2>&1 || true)
rm -f "$view_probe"
if ! grep -q 'views-take-their-view-model' <<<"$view_report"; then
  echo "dependency rules did not catch a screen reaching the container" >&2; exit 1
fi
echo "views-take-their-view-model: a deliberate violation is caught"

# Each server rule bites: a route that queries, platform code that reaches the composition, a module that imports it.
expect_caught() { # <rule> <probe file> <content>
  printf '%s\n' "$3" > "$2"
  local report
  report=$(npx depcruise server --config .dependency-cruiser.cjs --output-type err 2>&1 || true)
  rm -f "$2"
  if ! grep -q "$1" <<<"$report"; then echo "dependency rules did not catch a deliberate $1 violation" >&2; exit 1; fi
  echo "$1: a deliberate violation is caught"
}
mkdir -p server/modules/zz_probe
trap 'rm -f "$probe" "$backend_probe" "$view_probe"; rm -rf server/modules/zz_probe server/platform/zz_probe.ts' EXIT
expect_caught server-routes-never-query server/modules/zz_probe/routes.ts "import { users } from '../../platform/db/schema'; export const probe = users;"
expect_caught server-platform-not-to-composition server/platform/zz_probe.ts "import { buildApp } from '../app'; export const probe = buildApp;"
expect_caught server-services-answer-views server/modules/zz_probe/service.ts "import { channelDto } from '../../platform/dto'; export const probe = channelDto;"
expect_caught server-modules-not-to-composition server/modules/zz_probe/probe.ts "import { createJobs } from '../../jobs'; export const probe = createJobs;"

# Folder cycles in server/ (a cycle through different files of two features is invisible to no-circular).
node scripts/server-folder-cycles.mjs
mkdir -p server/modules/zz_probe_a server/modules/zz_probe_b
trap 'rm -f "$probe" "$backend_probe" "$view_probe"; rm -rf server/modules/zz_probe server/modules/zz_probe_a server/modules/zz_probe_b server/platform/zz_probe.ts' EXIT
echo "import { b } from '../zz_probe_b/b'; export const a = () => b;" > server/modules/zz_probe_a/a.ts
echo "import { a2 } from '../zz_probe_a/a2'; export const b = () => a2;" > server/modules/zz_probe_b/b.ts
echo "export const a2 = 1;" > server/modules/zz_probe_a/a2.ts
if node scripts/server-folder-cycles.mjs >/dev/null 2>&1; then echo "the folder cycle check did not catch a deliberate cycle" >&2; exit 1; fi
rm -rf server/modules/zz_probe_a server/modules/zz_probe_b
echo "server folder cycles: a deliberate cycle is caught"
