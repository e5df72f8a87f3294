/**
 * One Jest file running several integration files (tests/integration/groups.cjs says why): each file's module, loaded
 * inside a describe named after it, registers its tests and hooks there, so a file's beforeEach or afterAll covers
 * its own tests only. The server's modules load once for the group.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { checkRecordedAnswers } from './contractCheck';

interface Group {
  readonly name: string;
  readonly folders: readonly string[];
  readonly parts: number;
}

// jest.config.cjs reads the same file, and it cannot import TypeScript.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { solo, databaseIndependent, groups } = require('../groups.cjs') as {
  solo: readonly string[];
  databaseIndependent: readonly string[];
  groups: readonly Group[];
};

/** Whether the run leaves the file out: it does not depend on the database, and this run is on PostgreSQL. */
const leftOut = (file: string): boolean =>
  !!process.env.TEST_DATABASE_URL && databaseIndependent.some((entry) => file.startsWith(entry));

/** The integration files of a folder (under tests/integration), in name order, as paths from the repository root. */
export function integrationFiles(folder: string): string[] {
  return readdirSync(path.join(process.cwd(), 'tests/integration', folder))
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => `tests/integration/${folder}/${name}`);
}

/** The files of part `part` (from 1) of the group named `name`, all of them whatever the database. */
export function groupMembers(name: string, part: number): string[] {
  const group = groups.find((candidate) => candidate.name === name);
  if (!group || part < 1 || part > group.parts) throw new Error(`no integration group ${name}-${part}`);
  const files = group.folders.flatMap(integrationFiles).filter((file) => !solo.includes(file));
  const from = Math.floor((files.length * (part - 1)) / group.parts);
  return files.slice(from, Math.floor((files.length * part) / group.parts));
}

/** Registers the files of the group file `groupFile` (tests/integration/groups/<name>-<part>.group.ts). */
export function runGroup(groupFile: string): void {
  const [, name, part] = /^(.+)-(\d+)\.group\.ts$/.exec(path.basename(groupFile)) ?? [];
  if (!name || !part) throw new Error(`${groupFile} is not named <group>-<part>.group.ts`);
  const members = groupMembers(name, Number(part)).filter((file) => !leftOut(file));
  if (members.length === 0) {
    it.skip('has no file to run on this database', () => undefined);
    return;
  }
  // Jest has one test timeout per file: the longest any member or support module asks for (jest.setTimeout), set
  // after they all did, so no member runs with less than it has alone (testServer.ts's applies to files that set none).
  const support = readdirSync(path.join(process.cwd(), 'tests/integration/support'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `tests/integration/support/${name}`);
  let timeout = 0;
  for (const file of [...members, ...support])
    for (const match of readFileSync(path.join(process.cwd(), file), 'utf8').matchAll(/jest\.setTimeout\(([\d_]+)\)/g))
      timeout = Math.max(timeout, Number(match[1]!.replace(/_/g, '')));
  for (const file of members) {
    const absolute = path.join(process.cwd(), file);
    describe(path.relative('tests/integration', file), () => {
      // Loaded inside the describe, so the file's hooks and tests register in it (an import is hoisted out).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(absolute);
      // The API document check after each file (contractAfterAll.ts), as when the file runs alone.
      afterAll(() => checkRecordedAnswers(), 60_000);
    });
  }
  if (timeout > 0) jest.setTimeout(timeout);
}
