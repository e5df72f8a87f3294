/**
 * Applies server/platform/db/migrations/NNNN_name.sql in order, once each, recording them in schema_migrations.
 * The run holds a session-level `pg_advisory_lock` on one connection, so several processes starting together on
 * one PostgreSQL server apply each file exactly once; each file runs in its own transaction together with its
 * schema_migrations row. The same SQL runs on PGlite. Files are read from the working directory (Jest loads this
 * module as CommonJS: no import.meta).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './db';

/** An arbitrary constant shared by every process of this app. */
export const MIGRATION_LOCK_KEY = 7_316_904_221;

export const defaultMigrationsDir = (): string => path.resolve(process.cwd(), 'server/platform/db/migrations');

export interface MigrationFile {
  readonly version: string;
  readonly name: string;
  readonly sql: string;
}

export async function readMigrations(dir: string = defaultMigrationsDir()): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file)).sort();
  const versions = new Set<string>();
  const migrations: MigrationFile[] = [];
  for (const file of files) {
    const version = file.slice(0, 4);
    if (versions.has(version)) throw new Error(`two migrations share the number ${version}`);
    versions.add(version);
    migrations.push({ version, name: file.replace(/\.sql$/, ''), sql: await readFile(path.join(dir, file), 'utf8') });
  }
  return migrations;
}

/** Runs pending migrations; answers the names this call applied. */
export async function migrate(database: Database, dir: string = defaultMigrationsDir()): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return database.withSession(async (session) => {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await session.exec(`create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`);
      const done = new Set(
        (await session.query<{ version: string }>('select version from schema_migrations')).map((row) => row.version),
      );
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await session.exec('begin');
        try {
          await session.exec(migration.sql);
          await session.query('insert into schema_migrations (version, name) values ($1, $2)', [
            migration.version,
            migration.name,
          ]);
          await session.exec('commit');
        } catch (error) {
          await session.exec('rollback');
          throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(migration.name);
      }
      return applied;
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
