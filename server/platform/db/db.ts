/**
 * The database every repository takes, and PostgreSQL's: a server through a node-postgres pool (embedded PGlite is
 * pgliteDatabase.ts; openDatabase.ts opens the one the configuration names). All answer the same drizzle API and run
 * the same SQL.
 *
 * int8 and numeric: PGlite and node-postgres parse them differently (numbers vs strings), so both are set to parse
 * them into JS numbers, refusing values beyond Number.MAX_SAFE_INTEGER rather than rounding money silently.
 * Timestamps in raw `db.execute` results stay PostgreSQL text on both drivers (drizzle sets that); read times
 * through the query builder or as `extract(epoch ...)`.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PipelinedPool } from './pipelinedPool';
import { timestamptzParser } from './timestamps';

/** The drizzle database every repository takes (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** One connection for raw SQL: multi-statement scripts (migrations) and session-level locks. */
export interface SqlSession {
  /** Runs a script of one or more statements without parameters. */
  exec(script: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  readonly db: Db;
  /** Runs `work` on one dedicated connection (PGlite: its only session). */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  readonly kind: 'embedded' | 'memory' | 'postgres';
  /** The PGlite instance (embedded and memory), for snapshots. */
  readonly pglite?: PGlite;
  close(): Promise<void>;
}

export const INT8 = 20;
export const NUMERIC = 1700;
const TIMESTAMPTZ = 1184;

/** int8/numeric text to a JS number; throws instead of losing precision. */
export function parseSafeNumber(text: string): number {
  const value = Number(text);
  if (Number.isInteger(value) && !Number.isSafeInteger(value))
    throw new RangeError(`value ${text} exceeds the safe integer range`);
  return value;
}

let pgParsersSet = false;
/** node-postgres: drizzle falls back to pg's global parsers for these types, so they are set globally once. */
function setPgParsers(): void {
  if (pgParsersSet) return;
  pg.types.setTypeParser(INT8, parseSafeNumber);
  pg.types.setTypeParser(NUMERIC, parseSafeNumber);
  // drizzle's own statements read timestamptz as text (its decoder makes the Date); this is for the rest (rowShapes.ts).
  pg.types.setTypeParser(TIMESTAMPTZ, timestamptzParser(pg.types.getTypeParser(TIMESTAMPTZ)));
  pgParsersSet = true;
}

/**
 * Timeouts of the PostgreSQL pool, so a database that is gone fails a request fast (503 database_unavailable from the
 * error handler) instead of holding it: a new connection must be made within CONNECT_TIMEOUT_MS; a statement may run
 * STATEMENT_TIMEOUT_MS on the server; a query whose connection went silent is given up after QUERY_TIMEOUT_MS; TCP
 * keep-alive notices a dead peer on idle connections. The pool replaces broken connections by itself, so the server
 * recovers as soon as the database is back.
 */
export const PG_TIMEOUTS = {
  CONNECT_TIMEOUT_MS: 1_000,
  STATEMENT_TIMEOUT_MS: 15_000,
  QUERY_TIMEOUT_MS: 20_000,
} as const;

/**
 * Connections the server keeps to a PostgreSQL server for transactions and one-off statements (plus the pipelined ones:
 * PIPELINED_CONNECTIONS for reads, PIPELINED_WRITE_CONNECTIONS for writes).
 */
export const DEFAULT_POOL_SIZE = 20;

export function fromPostgresUrl(url: string, poolSize = DEFAULT_POOL_SIZE): Database {
  setPgParsers();
  // Prepared statements share a few pipelined connections besides these (pipelinedPool.ts).
  const pool = new PipelinedPool({
    connectionString: url,
    max: poolSize,
    keepAlive: true,
    connectionTimeoutMillis: PG_TIMEOUTS.CONNECT_TIMEOUT_MS,
    statement_timeout: PG_TIMEOUTS.STATEMENT_TIMEOUT_MS,
    query_timeout: PG_TIMEOUTS.QUERY_TIMEOUT_MS,
  });
  // A dropped idle connection must not crash the process; the pool reconnects on the next query. A server shutting
  // connections down on purpose (57P01, e.g. a restart or a dropped test database) is expected and not logged.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.error('postgres pool error:', error.message);
  });
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async withSession(work) {
      const client = await pool.connect();
      try {
        return await work({
          async exec(script) {
            await client.query(script);
          },
          async query<T>(text: string, params: unknown[] = []) {
            return (await client.query(text, params)).rows as T[];
          },
        });
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw `db.execute` result (both drivers return `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
