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
