/**
 * Prepared selects of the lists that grow with a big audience (the follower's memberships, ledger pages, member
 * pages), their rows shaped here instead of by drizzle's result mapper.
 *
 * Why: drizzle shapes each value of each row through a generic walk (its path, the field's kind tested by
 * prototype chain, a decoder per value); on the follower dashboard's 21 memberships and 21 ledger lines that walk
 * was a fifth of the server's CPU (bench:scale's 100× data, a CPU profile), more than the database spent on them.
 * Here the shape is worked out once per statement: each column's place, the object it goes into, and whether a
 * left-joined object is null.
 *
 * The values are the driver's own parse (node-postgres' and PGlite's type parsers, int8 and numeric as numbers:
 * db.ts), which equals what drizzle's decoders make of their text for the column types listed in SAME_AS_DRIVER;
 * a statement selecting any other column type is refused when it is built. An SQL field's value is the driver's,
 * as drizzle leaves it without `.mapWith` (not applied here). The statement text and its placeholders are drizzle's
 * (`toSQL`, `fillPlaceholders`); node-postgres prepares it by name once per connection (PipelinedPool runs it on a
 * pipelined connection), PGlite once per text (pglitePrepared.ts).
 */
import { Column, SQL, Table, fillPlaceholders, getTableColumns, is } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './db';

/**
 * Column types whose drizzle decoder gives what both drivers' parsers already gave: numbers (int8 through our
 * parser), strings, booleans, parsed JSON, and timestamptz as a Date.
 */
const SAME_AS_DRIVER = new Set([
  'PgBigInt53',
  'PgBigSerial53',
  'PgInteger',
  'PgSerial',
  'PgSmallInt',
  'PgReal',
  'PgDoublePrecision',
  'PgText',
  'PgVarchar',
  'PgChar',
  'PgUUID',
  'PgBoolean',
  'PgEnumColumn',
  'PgJson',
  'PgJsonb',
  'PgTimestamp',
]);

type Field = Column | SQL | SQL.Aliased;

/** One key of a row: a value at the top, or an object of several columns (a table's part of a join). */
type Part =
  | { readonly key: string; readonly at: number }
  | {
      readonly key: string;
      readonly at: number;
      readonly keys: readonly string[];
      /** Null when its first column is null (drizzle's rule for a left-joined table's object). */
      readonly nullable: boolean;
    };

const isField = (value: unknown): value is Field => is(value, Column) || is(value, SQL) || is(value, SQL.Aliased);

/**
 * Refuses a column whose drizzle decoder would make something else of the driver's value. An SQL field's value is
 * the driver's (a `sql<T>` type is a claim, not a conversion; `.mapWith` is not applied here).
 */
function checkField(field: Field, statement: string): void {
  if (!is(field, Column)) return;
  const withoutZone = field.columnType === 'PgTimestamp' && !(field as { withTimezone?: boolean }).withTimezone;
  if (!SAME_AS_DRIVER.has(field.columnType) || withoutZone)
    throw new Error(`${statement}: column ${field.name} (${field.columnType}) is not shaped by rowShapes`);
}

/** The row's parts in the order drizzle writes the select list: the selection's keys, a table's columns in order. */
function partsOf(selection: Record<string, unknown>, nullable: ReadonlySet<string>, statement: string): Part[] {
  const parts: Part[] = [];
  let at = 0;
  for (const [key, value] of Object.entries(selection)) {
    if (isField(value)) {
      checkField(value, statement);
      parts.push({ key, at });
      at += 1;
      continue;
    }
    const columns = Object.entries(is(value, Table) ? getTableColumns(value) : (value as Record<string, unknown>));
    const keys: string[] = [];
    for (const [name, column] of columns) {
      if (!isField(column)) throw new Error(`${statement}: ${key}.${name} nests deeper than rowShapes shapes`);
      checkField(column, statement);
      keys.push(name);
    }
    parts.push({ key, at, keys, nullable: nullable.has(key) });
    at += keys.length;
  }
  return parts;
}

function shaper(parts: readonly Part[]): (values: readonly unknown[]) => Record<string, unknown> {
  return (values) => {
    const row: Record<string, unknown> = {};
    for (const part of parts) {
      if (!('keys' in part)) {
        row[part.key] = values[part.at];
        continue;
      }
      if (part.nullable && values[part.at] === null) {
        row[part.key] = null;
        continue;
      }
      const object: Record<string, unknown> = {};
      for (let index = 0; index < part.keys.length; index += 1) object[part.keys[index]!] = values[part.at + index];
      row[part.key] = object;
    }
    return row;
  };
}

type RowsOf<Q> = Q extends { execute(): Promise<infer R> } ? R : never;

export interface ShapedStatement<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * `query` (a drizzle select over `selection`, not yet prepared) prepared as `name`, its rows shaped as drizzle
 * shapes them. `nullable` names the selection's objects that come from left-joined tables.
 */
export function prepareShaped<Q extends { toSQL(): { sql: string; params: unknown[] }; execute(): Promise<unknown> }>(
  db: Db,
  name: string,
  query: Q,
  selection: Record<string, unknown>,
  nullable: readonly string[] = [],
): ShapedStatement<RowsOf<Q>> {
  const { sql: text, params } = query.toSQL();
  const shape = shaper(partsOf(selection, new Set(nullable), name));
  const client = (db as unknown as { $client: unknown }).$client;
  const run: (values: unknown[]) => Promise<unknown[][]> =
    client instanceof pg.Pool
      ? async (values) => (await client.query<unknown[]>({ name, text, rowMode: 'array' }, values)).rows
      : async (values) =>
          (
            await (
              client as { query(text: string, params: unknown[], options: object): Promise<{ rows: unknown[][] }> }
            ).query(text, values, { rowMode: 'array' })
          ).rows;
  return {
    async execute(values = {}) {
      const rows = await run(fillPlaceholders(params, values));
      return rows.map(shape) as RowsOf<Q>;
    },
  };
}
