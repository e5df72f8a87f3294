/**
 * The plans of the server's own prepared statements as PostgreSQL keeps them (server/platform/db/pipelinedPool.ts:
 * one generic plan for any parameters): a client that records the statements the server's code sends, and EXPLAIN
 * ANALYZE of each under force_generic_plan on the test database.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../../server/platform/db/db';
import type { TestServer } from './testServer';

export interface Recorded {
  readonly name?: string;
  readonly text: string;
  readonly values: readonly unknown[];
}

/** A pool that never connects: it keeps each statement sent and answers no rows. */
class RecordingPool extends pg.Pool {
  readonly seen: Recorded[] = [];
  // pg.Pool's query has many overloads; the statements here come as (config, values).
  override query(...args: unknown[]): never {
    const config = args[0] as { name?: string; text: string; values?: unknown[] };
    const values = Array.isArray(args[1]) ? (args[1] as unknown[]) : (config.values ?? []);
    this.seen.push({ name: config.name, text: config.text, values });
    return Promise.resolve({ rows: [], fields: [], rowCount: 0 }) as never;
  }
}

/** The statements `send` makes the server's code send, recorded, not run. */
export async function recordStatements(send: (db: Db) => Promise<void>): Promise<Recorded[]> {
  const recording = new RecordingPool({ max: 1 });
  await send(drizzlePg(recording) as unknown as Db);
  await recording.end();
  return recording.seen;
}

/** A value as an SQL literal for EXECUTE's arguments. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

export interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Actual Rows': number;
  readonly 'Actual Loops': number;
  readonly 'Rows Removed by Filter'?: number;
  readonly Plans?: readonly PlanNode[];
}

export interface GenericPlan {
  /** The statement's name, or the start of its text. */
  readonly statement: string;
  /** The plan was made for no values ($n in it), not for these: else it would say little. */
  readonly generic: boolean;
  readonly root: PlanNode;
}

/** Each statement prepared, run under its generic plan with its recorded values, and its plan with what it read. */
export async function genericPlans(server: TestServer, statements: readonly Recorded[]): Promise<GenericPlan[]> {
  return server.database.withSession(async (session) => {
    await session.exec('set plan_cache_mode = force_generic_plan');
    try {
      const plans: GenericPlan[] = [];
      for (const [index, { name, text, values }] of statements.entries()) {
        await session.exec(`prepare plan_under_test_${index} as ${text}`);
        const rows = await session.query<Record<string, unknown>>(
          `explain (analyze, format json) execute plan_under_test_${index}(${values.map(literal).join(', ')})`,
        );
        await session.exec(`deallocate plan_under_test_${index}`);
        const json = Object.values(rows[0]!)[0];
        const plan = typeof json === 'string' ? json : JSON.stringify(json);
        const [{ Plan: root }] = JSON.parse(plan) as [{ Plan: PlanNode }];
        plans.push({ statement: name ?? text.slice(0, 60), generic: /\$\d/.test(plan), root });
      }
      return plans;
    } finally {
      // The connection goes back to the server's pool.
      await session.exec('reset plan_cache_mode');
    }
  });
}

/** Rows of `table` a plan read (returned or dropped by a filter), over all its scans of it. */
export function rowsRead(node: PlanNode, table: string): number {
  const own =
    node['Relation Name'] === table
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}
