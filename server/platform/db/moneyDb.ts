/**
 * The database handle the money engine works with: any drizzle PostgreSQL database (PGlite or node-postgres).
 * Kept generic so the engine only depends on its own tables and the core tables it reads.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export type MoneyDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
/** A transaction handle (same query API as the database). */
export type MoneyTx = Parameters<Parameters<MoneyDb['transaction']>[0]>[0];
export type DbOrTx = MoneyDb | MoneyTx;

/** SQLSTATE of a failed query: drizzle wraps driver errors, the code sits on `cause` (ARCHITECTURE.md). */
export function sqlState(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | null)?.code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

export const UNIQUE_VIOLATION = '23505';
