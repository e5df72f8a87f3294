/* global process, console */
// Folder-level cycles in server/: each feature module (server/modules/<name>), server/platform and the root
// composition files are one node; an import from one node into another is an edge. dependency-cruiser's
// no-circular sees module cycles only, so two features that import each other through different files pass it.
// Usage: node scripts/server-folder-cycles.mjs [--include-types]. Exit 1 on a cycle (printed with one edge each)
// that is not in KNOWN_CYCLES.
import { execFileSync } from 'node:child_process';

// No folder cycle is allowed. The last one (channels, subscriptions, bot, migration) was broken by giving the channel
// page the subscriptions feature's page through server/services.ts and moving a subscription's ownership check into
// subscriptions/. Type-only imports of the composition's AppDeps (context.ts) are not edges unless --include-types.
const KNOWN_CYCLES = new Set();

const includeTypes = process.argv.includes('--include-types');
const json = execFileSync(
  'npx',
  ['depcruise', 'server', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
const { modules } = JSON.parse(json);

function folderOf(file) {
  const feature = /^server\/modules\/([^/]+)\//.exec(file);
  if (feature) return `modules/${feature[1]}`;
  if (file.startsWith('server/platform/')) return 'platform';
  if (/^server\/[^/]+$/.test(file)) return 'composition';
  return null;
}

const edges = new Map();
const example = new Map();
for (const module of modules) {
  const from = folderOf(module.source);
  if (from === null) continue;
  for (const dependency of module.dependencies) {
    const to = folderOf(dependency.resolved);
    if (to === null || to === from) continue;
    if (!includeTypes && dependency.dependencyTypes.includes('type-only')) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
    if (!example.has(`${from}>${to}`)) example.set(`${from}>${to}`, `${module.source} -> ${dependency.resolved}`);
  }
}

// Tarjan's strongly connected components: every component with more than one folder is a cycle.
let index = 0;
const indices = new Map();
const lowlinks = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(node) {
  indices.set(node, index);
  lowlinks.set(node, index);
  index += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node) ?? []) {
    if (!indices.has(next)) {
      visit(next);
      lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
    } else if (onStack.has(next)) lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
  }
  if (lowlinks.get(node) === indices.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component);
  }
}
for (const node of edges.keys()) if (!indices.has(node)) visit(node);

const unknown = cycles.filter((component) => !KNOWN_CYCLES.has([...component].sort().join(', ')));
if (unknown.length === 0) {
  console.log(
    `server folders: no cycles (${edges.size} folders with imports; known: ${[...KNOWN_CYCLES].join(' | ') || 'none'})`,
  );
} else {
  for (const component of unknown) {
    console.error(`folder cycle: ${component.sort().join(', ')}`);
    for (const from of component)
      for (const to of edges.get(from) ?? [])
        if (component.includes(to)) console.error(`  ${example.get(`${from}>${to}`)}`);
  }
  process.exit(1);
}
