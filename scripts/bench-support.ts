/**
 * Shared by the benchmarks (scripts/bench-api.ts, scripts/bench-load.ts): the database to measure on, percentiles.
 */
import pg from 'pg';
import { type Database, fromPostgresUrl, openDatabase } from '../server/platform/db/db';

/**
 * In-memory PGlite, or, when DATABASE_URL (or TEST_DATABASE_URL, as scripts/with-postgres.sh sets) points at
 * PostgreSQL, a fresh database created on that server and dropped by `cleanup`.
 */
export async function benchDatabase(pool: number): Promise<{ database: Database; label: string; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const name = `backers_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = fromPostgresUrl(target.toString(), pool);
    return {
      database,
      label: `PostgreSQL (${new URL(url).host}, pool ${pool})`,
      async cleanup() {
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`drop database if exists ${name} with (force)`);
        await drop.end();
      },
    };
  }
  return { database: await openDatabase({ kind: 'memory' }), label: 'embedded PostgreSQL (PGlite, in memory)', cleanup: async () => undefined };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
