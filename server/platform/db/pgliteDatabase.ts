/**
 * The embedded databases (PGlite in memory, or on disk guarded by a lock file) as a Database. Apart from db.ts so that
 * the engine (its WebAssembly build and drizzle's PGlite driver: tens of megabytes of memory once loaded) is loaded
 * only by a process that opens one: openDatabase.ts imports this module for a PGlite target.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import path from 'node:path';
import type { DatabaseTarget } from '../config';
import { type Database, type Db, INT8, NUMERIC, type SqlSession, parseSafeNumber } from './db';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { PreparedStatementsPglite } from './pglitePrepared';

export const pgliteParsers = { [INT8]: parseSafeNumber, [NUMERIC]: parseSafeNumber };

/** Wraps an open PGlite (e.g. loaded from a snapshot) as a Database. */
export function fromPglite(
  pglite: PGlite,
  kind: 'embedded' | 'memory' = 'memory',
  onClose?: () => Promise<void>,
): Database {
  // Every statement prepared once by name (pglitePrepared.ts): PGlite's own query parses and plans each run.
  const db = drizzlePglite({ client: new PreparedStatementsPglite(pglite) as unknown as PGlite }) as unknown as Db;
  const session: SqlSession = {
    async exec(script) {
      await pglite.exec(script);
    },
    async query<T>(text: string, params: unknown[] = []) {
      return (await pglite.query<T>(text, params)).rows;
    },
  };
  return {
    db,
    kind,
    pglite,
    withSession: (work) => work(session),
    async close() {
      if (!pglite.closed) await pglite.close();
      await onClose?.();
    },
  };
}

/** Opens the embedded database the target names: in memory, or on disk under the data directory's lock. */
export async function openPglite(target: Exclude<DatabaseTarget, { kind: 'postgres' }>): Promise<Database> {
  if (target.kind === 'memory') return fromPglite(await PGlite.create({ parsers: pgliteParsers }), 'memory');
  const lock: DataDirLock = await acquireDataDirLock(target.dataDir);
  try {
    const pglite = await PGlite.create({ dataDir: path.join(target.dataDir, 'pgdata'), parsers: pgliteParsers });
    return fromPglite(pglite, 'embedded', () => lock.release());
  } catch (error) {
    await lock.release();
    throw error;
  }
}
