/**
 * A migrated, empty embedded database as a PGlite data-dir tarball (tests/.snapshots/pglite-<key>.tar), so each
 * test server loads it in well under a second instead of running initdb (5–12 s). The key covers the PGlite version
 * and every migration file: a new or changed migration makes a new snapshot. `npm run db:snapshot`
 * (scripts/make-db-snapshot.ts) builds it ahead of time; otherwise the first test that needs it does.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, pgliteParsers } from '../../../server/platform/db/pgliteDatabase';
import { defaultMigrationsDir, migrate } from '../../../server/platform/db/migrate';

export const snapshotDir = (): string => path.resolve(process.cwd(), 'tests/.snapshots');

/** How buildSnapshot lays the data directory out; a change here must make a new snapshot. */
const SNAPSHOT_LAYOUT = 'without-template-databases';

/**
 * What the migrated database depends on: the PGlite version, the snapshot's layout and every migration file (sha-256,
 * hex, 16 digits).
 */
export function migrationsKey(): string {
  const hash = createHash('sha256');
  hash.update(SNAPSHOT_LAYOUT);
  const pglite = JSON.parse(
    readFileSync(path.resolve(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  const dir = defaultMigrationsDir();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort())
    hash.update(file).update(readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 16);
}

export function snapshotFile(): string {
  return path.join(snapshotDir(), `pglite-${migrationsKey()}.tar`);
}

/** Runs initdb and the migrations, writes the snapshot file (atomically) and answers its content. */
export async function buildSnapshot(file: string = snapshotFile()): Promise<Blob> {
  const pglite = await PGlite.create({ parsers: pgliteParsers });
  await migrate(fromPglite(pglite));
  // Every test server unpacks the snapshot file by file into PGlite's in-memory file system. The two template
  // databases are two thirds of the files, and nothing creates a database on PGlite: without them a start costs about
  // a third less CPU.
  await pglite.exec(
    "update pg_database set datistemplate = false, datallowconn = false where datname in ('template0', 'template1')",
  );
  await pglite.exec('drop database template0');
  await pglite.exec('drop database template1');
  await pglite.exec('checkpoint');
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
  await rename(temporary, file);
  return dump;
}

let cached: Promise<Blob> | undefined;

/** The snapshot for this process: read from its file, or built once when missing. */
export function migratedSnapshot(): Promise<Blob> {
  cached ??= (async () => {
    const file = snapshotFile();
    return existsSync(file) ? new Blob([await readFile(file)]) : buildSnapshot(file);
  })();
  return cached;
}
