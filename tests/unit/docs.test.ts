/**
 * The docs say only what exists: every environment variable, npm script and repository path that README.md, docs/ and
 * the server's READMEs name is real, and every environment variable the code reads is in README.md's configuration
 * table (the server's) or in a table of docs/ (the build's and the benchmarks'); and the main docs stay short.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

function filesUnder(dir: string, pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(child);
      } else if (pattern.test(entry.name)) found.push(child);
    }
  };
  walk(dir);
  return found;
}

const DOCS = ['README.md', ...filesUnder('docs', /\.md$/), ...filesUnder('server', /^README\.md$/)];
const CODE = [
  ...['server', 'scripts', 'src'].flatMap((dir) => filesUnder(dir, /\.(ts|tsx|mjs|cjs|js)$/)),
  'jest.config.cjs',
];

/** Variables that the platform or the tools read, not this code: a doc may name them. */
const OUTSIDE_VARIABLES = new Set(['NODE_OPTIONS', 'CI', 'PATH', 'HOME', 'TZ', 'PGDATA', 'PGPORT', 'PGHOST']);

/** Every environment variable the code reads, with a file that reads it. */
export function variablesReadBy(files: readonly string[], text: (file: string) => string): Map<string, string> {
  const read = new Map<string, string>();
  const patterns = [
    /\bprocess\.env\.([A-Z][A-Z0-9_]*)/g,
    /\bprocess\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
    /\bimport\.meta\.env\.([A-Z][A-Z0-9_]*)/g,
    // server/platform/config.ts reads its `env` argument: env.X, env['X'] and helpers called as f(env, 'X', ...).
    /\benv\.([A-Z][A-Z0-9_]*)\b/g,
    /\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
    /\(\s*env,\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
  ];
  for (const file of files) {
    const source = text(file);
    for (const pattern of patterns)
      for (const match of source.matchAll(pattern)) if (!read.has(match[1]!)) read.set(match[1]!, file);
  }
  // Vite's own: the mode flags every build has.
  for (const name of ['DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL']) read.delete(name);
  return read;
}

/** The variables named in the first column of a Markdown table. */
function tableVariables(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return names;
}

/** The variables README.md's configuration table names (its first column). */
function configurationTable(readme: string): Set<string> {
  return tableVariables(readme.split(/^## Configuration\s*$/m)[1]?.split(/^## /m)[0] ?? '');
}

/** Where a variable is documented: the server's in README.md's configuration table, the tools' in a table of docs/. */
function documentedVariables(): Set<string> {
  const names = configurationTable(read('README.md'));
  for (const doc of DOCS.filter((file) => file.startsWith('docs/')))
    tableVariables(read(doc)).forEach((name) => names.add(name));
  return names;
}

const readByCode = variablesReadBy(CODE, read);
const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

it('finds what it checks', () => {
  // Not vacuous: the patterns see the config's variables and the docs are there.
  expect(readByCode.get('DATABASE_URL')).toBe('server/platform/config.ts');
  expect(readByCode.has('RATE_LIMIT_PAYMENTS_PER_MINUTE')).toBe(true);
  expect(configurationTable(read('README.md')).has('DATABASE_URL')).toBe(true);
  expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'docs/ARCHITECTURE.md', 'server/README.md']));
});

it('names every variable the code reads in README.md’s configuration table or a table in docs/', () => {
  const table = documentedVariables();
  const missing = [...readByCode]
    .filter(([name]) => !table.has(name))
    .map(([name, file]) => `${name} (read in ${file})`);
  expect(missing).toEqual([]);
});

it('documents only variables the code reads', () => {
  const unknown: string[] = [];
  for (const doc of DOCS) {
    const text = read(doc);
    const named = new Set<string>();
    if (doc === 'README.md') configurationTable(text).forEach((name) => named.add(name));
    if (doc.startsWith('docs/')) tableVariables(text).forEach((name) => named.add(name));
    // `NAME=value` anywhere is a setting.
    for (const match of text.matchAll(/`([A-Z][A-Z0-9_]{2,})=[^`]*`/g)) named.add(match[1]!);
    for (const name of named)
      if (!readByCode.has(name) && !OUTSIDE_VARIABLES.has(name)) unknown.push(`${name} (in ${doc})`);
  }
  expect(unknown).toEqual([]);
});

it('documents only npm scripts package.json has', () => {
  const unknown: string[] = [];
  for (const doc of DOCS)
    for (const match of read(doc).matchAll(/\bnpm run(?: --silent)? ([a-z][\w:-]*)/g))
      if (!scripts.includes(match[1]!)) unknown.push(`npm run ${match[1]} (in ${doc})`);
  expect(unknown).toEqual([]);
});

/** Paths from the repository's root (`server/app.ts`) in backticks, and the targets of relative Markdown links. */
const TOP_LEVEL = /^(src|server|scripts|tests|docs|public|\.ci|\.github|\.githooks)\//;

function pathsNamedIn(doc: string, text: string): string[] {
  const named: string[] = [];
  for (const match of text.matchAll(/`\.?\/?([^`\s]+)`/g)) if (TOP_LEVEL.test(match[1]!)) named.push(match[1]!);
  for (const match of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g))
    if (!/^[a-z]+:/.test(match[1]!))
      named.push(path.posix.normalize(path.posix.join(path.posix.dirname(doc), match[1]!)));
  return named;
}

it('keeps the three main docs short enough to read whole', () => {
  // The limits a newcomer reads them at: the README, the architecture and the performance reference.
  const limits: [string, number][] = [
    ['README.md', 10_000],
    ['docs/ARCHITECTURE.md', 12_000],
    ['docs/PERFORMANCE.md', 8_000],
  ];
  const sizes = limits.map(([file, limit]) => ({ file, bytes: Buffer.byteLength(read(file)), limit }));
  expect(sizes.filter(({ bytes, limit }) => bytes > limit)).toEqual([]);
});

it('documents only paths that exist', () => {
  const missing: string[] = [];
  for (const doc of DOCS)
    for (const named of pathsNamedIn(doc, read(doc))) {
      // A line (`file.ts:12`) or a trailing stop is not part of the path; a pattern (`locales/<lang>/*.json`) is skipped.
      const candidate = named.replace(/:\d+(-\d+)?$/, '').replace(/[.,;:]$/, '');
      if (/[<>*{}$]/.test(candidate)) continue;
      if (!existsSync(path.join(ROOT, candidate))) missing.push(`${named} (in ${doc})`);
    }
  expect(missing).toEqual([]);
});

it('reads the variables of code it is shown', () => {
  const files: Record<string, string> = {
    'a.ts': "const url = process.env.DATABASE_URL ?? process.env['PORT'];",
    'b.ts': "flag(env, 'SANDBOX', true); integer(env, 'PROVIDER_TIMEOUT_MS', 1, 0, 9); env.BOT_TOKEN;",
    'c.tsx': 'import.meta.env.VITE_API_BASE_URL; import.meta.env.DEV;',
  };
  expect([...variablesReadBy(Object.keys(files), (file) => files[file]!).keys()].sort()).toEqual([
    'BOT_TOKEN',
    'DATABASE_URL',
    'PORT',
    'PROVIDER_TIMEOUT_MS',
    'SANDBOX',
    'VITE_API_BASE_URL',
  ]);
  expect(statSync(path.join(ROOT, 'README.md')).isFile()).toBe(true);
});
