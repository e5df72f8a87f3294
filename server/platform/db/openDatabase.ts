/**
 * Opens the database the configuration names: a PostgreSQL server (db.ts), or embedded PGlite in memory or on disk
 * (pgliteDatabase.ts). The embedded engine (tens of megabytes once loaded) is imported only for a PGlite target, so a
 * server on PostgreSQL never loads it.
 */
import type { DatabaseTarget } from '../config';
import { type Database, fromPostgresUrl } from './db';

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return fromPostgresUrl(target.url);
  return (await import('./pgliteDatabase')).openPglite(target);
}
