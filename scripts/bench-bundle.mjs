#!/usr/bin/env node
/* global process, console */
/**
 * npm run bench:bundle [-- --no-build] [-- --out <dir>]
 *
 * Builds the app (unless --no-build, which reads an existing build) and reports the gzip size of the JavaScript
 * the first screen (the dashboard, in English) loads, from dist/.vite/manifest.json:
 *   - the entry chunk and its static imports;
 *   - the dashboard route: the screen module registered for '/dashboard' in src/presentation/navigation/firstRoutes.tsx,
 *     every token preloaded with it, and (following the bindings in src/di/*.ts) every lazily loaded module those
 *     tokens depend on (view model, repositories, use cases), each with its static imports;
 *   - the English texts the first screen loads: the namespaces of FIRST_SCREEN_NAMESPACES
 *     (src/infrastructure/i18n/languages.ts), each file with the chunk it lands in;
 *   - the inline scripts of index.html (the early dashboard request).
 * Exits 1 when the total is above the budget (185 kB gzip).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { matchPath } from 'react-router';

/** 185 kB as Vite reports sizes (1 kB = 1000 bytes); gzip at zlib's default level, as servers compress. */
const BUDGET_BYTES = 185_000;
/** The URL of the first screen; the first route (in table order) whose pattern matches it is measured. */
const FIRST_ROUTE = '/dashboard';
const LOCALE_DIR = 'src/infrastructure/i18n/locales/en';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const outDir = outIndex >= 0 ? args[outIndex + 1] : join(root, 'dist');

if (!args.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
const manifestPath = join(outDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${relative(root, manifestPath)}: build with build.manifest enabled first.`);
  process.exit(2);
}
/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// Grouped chunks (vite.config.ts) appear in the manifest under their group's name, not their modules': map each
// source module to the manifest key of the chunk that holds it.
const chunkModulesPath = join(outDir, '.vite', 'chunk-modules.json');
/** @type {Map<string, string>} source path → manifest key */
const keyOfModule = new Map();
if (existsSync(chunkModulesPath)) {
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  for (const [file, modules] of Object.entries(JSON.parse(readFileSync(chunkModulesPath, 'utf8')))) {
    for (const module of modules) if (keyOfFile.has(file)) keyOfModule.set(module, keyOfFile.get(file));
  }
}
const manifestKey = (source) => (manifest[source] ? source : keyOfModule.get(source));

/** Manifest keys of `key` and everything it imports statically. */
function staticClosure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, into);
  return into;
}

/** The source path (as the manifest names it) of an import specifier written in `fromFile`. */
function sourceOf(fromFile, specifier) {
  const base = normalize(join(dirname(fromFile), specifier)).replaceAll('\\', '/');
  const source = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((suffix) => base + suffix)
    .find((candidate) => manifestKey(candidate));
  return source === undefined ? null : manifestKey(source);
}

// Which module and dependency tokens each lazily bound token has, read from the DI modules.
const lazyBindings = new Map();
const diDir = join(root, 'src', 'di');
for (const file of readdirSync(diDir).filter((name) => name.endsWith('.ts'))) {
  const text = readFileSync(join(diDir, file), 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const bindings =
    /bind(?:LazySingleton|ViewModel)\(\s*bind,\s*TOKENS\.(\w+),\s*\[([^\]]*)\][\s\S]*?import\(\s*'([^']+)'\s*\)/g;
  for (const [, token, deps, specifier] of text.matchAll(bindings)) {
    lazyBindings.set(token, {
      deps: [...deps.matchAll(/TOKENS\.(\w+)/g)].map((match) => match[1]),
      module: sourceOf(`src/di/${file}`, specifier),
    });
  }
}

/** Manifest keys of the modules a token's resolution loads, following its dependencies. */
function tokenModules(token, seen = new Set(), into = new Set()) {
  if (seen.has(token)) return into;
  seen.add(token);
  const binding = lazyBindings.get(token);
  if (!binding) return into; // bound eagerly: already in the entry
  if (binding.module) into.add(binding.module);
  for (const dependency of binding.deps) tokenModules(dependency, seen, into);
  return into;
}

// The first route's screen module and preloaded tokens, read from the route table.
// The first screen's routes are in firstRoutes.tsx, the others in routes.tsx (same folder, so specifiers resolve alike).
// A route names its screen inline (`() => import('...')`) or through a constant (`const dashboard = () => import('...')`),
// and its view model inline (`TOKENS.X`) or through a helper constant (`dashboardIn(...)`): constants are expanded.
const routesFile = 'src/presentation/navigation/routes.tsx';
const routesText = ['src/presentation/navigation/firstRoutes.tsx', routesFile]
  .map((file) => readFileSync(join(root, file), 'utf8'))
  .join('\n')
  .replace(/^\s*\/\/.*$/gm, '');
const constants = new Map([...routesText.matchAll(/^const (\w+) = ([^;]*);/gm)].map(([, name, body]) => [name, body]));
const expandConstants = (text) =>
  text.replace(/\b\w+\b/g, (word) => (constants.has(word) ? `(${constants.get(word)})` : word));
const routeLine = [
  ...routesText.matchAll(/route\(\s*'([^']+)',\s*(\(\)\s*=>\s*import\(\s*'[^']+'\s*\)|\w+)(.*)\),?$/gm),
]
  .map(([line, path, screen, rest]) => [
    line,
    path,
    /import\(\s*'([^']+)'/.exec(expandConstants(screen))?.[1],
    expandConstants(rest),
  ])
  .find(([, path, screen]) => screen !== undefined && matchPath({ path, end: true }, FIRST_ROUTE) !== null);

// The mini-app's entry (admin.html, the operator console, is a second entry the mini-app never loads).
const entryKey =
  Object.keys(manifest).find((key) => manifest[key].isEntry && key === 'index.html') ??
  Object.keys(manifest).find((key) => manifest[key].isEntry);
const counted = new Map(); // manifest key → why
const count = (keys, why) => {
  for (const key of keys) if (!counted.has(key)) counted.set(key, why);
};
count(staticClosure(entryKey), 'entry');
if (routeLine) {
  const [, pattern, screenSpecifier, rest] = routeLine;
  console.log(
    `First screen: ${FIRST_ROUTE} renders route '${pattern}' (${screenSpecifier})${pattern === '*' ? ': no dashboard route yet' : ''}`,
  );
  const screen = sourceOf(routesFile, screenSpecifier);
  if (screen) count(staticClosure(screen), `route ${pattern}`);
  for (const [, token] of rest.matchAll(/TOKENS\.(\w+)/g)) {
    for (const module of tokenModules(token)) count(staticClosure(module), `${token}`);
  }
} else {
  console.warn(
    `warning: no route matches '${FIRST_ROUTE}' in ${routesFile} yet; measuring the shell and the locale only.`,
  );
}
const firstNamespaces = /FIRST_SCREEN_NAMESPACES[^=]*=\s*\[([^\]]*)\]/.exec(
  readFileSync(join(root, 'src/infrastructure/i18n/languages.ts'), 'utf8'),
);
for (const [, namespace] of (firstNamespaces?.[1] ?? '').matchAll(/'([\w-]+)'/g)) {
  const source = `${LOCALE_DIR}/${namespace}.json`;
  const key = manifestKey(source);
  if (key) count(staticClosure(key), `texts en/${namespace}`);
  else console.warn(`warning: ${source} is not in a chunk of this build.`);
}
if (!firstNamespaces)
  console.warn('warning: FIRST_SCREEN_NAMESPACES not found in src/infrastructure/i18n/languages.ts.');

let total = 0;
let totalRaw = 0;
const rows = [];
for (const [key, why] of counted) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const code = readFileSync(join(outDir, file));
  const gzip = gzipSync(code).length;
  total += gzip;
  totalRaw += code.length;
  rows.push({ file, why, raw: code.length, gzip });
}
// Inline scripts of index.html run on the first screen too (the early dashboard request): counted like chunks.
const html = readFileSync(join(outDir, 'index.html'), 'utf8');
for (const [, code] of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
  if (code.trim() === '') continue;
  const gzip = gzipSync(code).length;
  total += gzip;
  totalRaw += code.length;
  rows.push({ file: 'index.html', why: 'inline script', raw: code.length, gzip });
}
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(8);
console.log('\nFirst screen JavaScript (dashboard, English):');
for (const row of rows) console.log(`${kb(row.gzip)} kB gzip ${kb(row.raw)} kB raw  ${row.file}  (${row.why})`);
console.log(
  `${kb(total)} kB gzip ${kb(totalRaw)} kB raw  TOTAL of ${rows.length} chunks; budget ${kb(BUDGET_BYTES).trim()} kB gzip`,
);
if (total > BUDGET_BYTES) {
  console.error(`FAIL: ${((total - BUDGET_BYTES) / 1000).toFixed(2)} kB over the first-screen budget.`);
  process.exit(1);
}
console.log(`OK: ${((BUDGET_BYTES - total) / 1000).toFixed(2)} kB under budget.`);
