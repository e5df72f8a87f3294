/**
 * Prepared selects of the lists that grow with a big audience (the follower's memberships, ledger pages, member
 * pages), their rows read as one JSON array each and shaped here instead of by drizzle's result mapper.
 *
 * Why: drizzle shapes each value of each row through a generic walk (its path, the field's kind tested by
 * prototype chain, a decoder per value); on the follower dashboard's 21 memberships and 21 ledger lines that walk
 * was a fifth of the server's CPU (bench:scale's 100× data, a CPU profile), more than the database spent on them.
 * And the driver makes a string of every value of every row before its parser reads it: on the subscription page's
 * 42 members that was a quarter of the event loop's time. So the select list is one `json_build_array` of the
 * selection's values, which the driver hands to JSON.parse once a row, and the shape is worked out once per
 * statement: each value's place, the object it goes into, and whether a left-joined object is null.
 *
 * The values are what drizzle's decoders make of the columns listed in SAME_AS_JSON: JSON's numbers (int8 checked
 * to be safe integers, as db.ts's parser checks them), strings, booleans and parsed JSON, and timestamptz (JSON's
 * ISO text) as a Date; a statement selecting any other column type is refused when it is built. An SQL field's value
 * is JSON's (a `sql<T>` type is a claim, not a conversion; `.mapWith` is not applied here): a number, a string, a
 * boolean, null or parsed JSON, never a Date, so a timestamp belongs in a column. The statement text and its
 * placeholders are drizzle's (`toSQL`, `fillPlaceholders`); node-postgres prepares it by name once per connection
 * (PipelinedPool runs it on a pipelined connection), PGlite once per text (pglitePrepared.ts).
 */
import { Column, SQL, Table, fillPlaceholders, getTableColumns, is, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './db';
import { timestamptzParser } from './timestamps';

/** How a JSON value becomes the column's value (drizzle's decoding of the column's driver value). */
type Reading = 'as is' | 'int8' | 'float' | 'timestamptz';

/** Column types read from JSON as drizzle's decoders read them from the drivers, and how. */
const SAME_AS_JSON = new Map<string, Reading>([
  ['PgBigInt53', 'int8'],
  ['PgBigSerial53', 'int8'],
  ['PgInteger', 'as is'],
  ['PgSerial', 'as is'],
  ['PgSmallInt', 'as is'],
  // JSON writes NaN and the infinities as strings.
  ['PgReal', 'float'],
  ['PgDoublePrecision', 'float'],
  ['PgText', 'as is'],
  ['PgVarchar', 'as is'],
  ['PgChar', 'as is'],
  ['PgUUID', 'as is'],
  ['PgBoolean', 'as is'],
  ['PgEnumColumn', 'as is'],
  ['PgJson', 'as is'],
  ['PgJsonb', 'as is'],
  ['PgTimestamp', 'timestamptz'],
]);

/** A function's arguments are at most 100 (FUNC_MAX_ARGS): a longer select list is built of several arrays. */
const MAX_ARGUMENTS = 100;

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
 * How a field's JSON value is read; refuses a column whose drizzle decoder would make something else of it. An SQL
 * field's value is JSON's (a `sql<T>` type is a claim, not a conversion; `.mapWith` is not applied here), its
 * numbers checked as int8's are.
 */
function readingOf(field: Field, statement: string): Reading {
  if (!is(field, Column)) return 'int8';
  const withoutZone = field.columnType === 'PgTimestamp' && !(field as { withTimezone?: boolean }).withTimezone;
  const reading = withoutZone ? undefined : SAME_AS_JSON.get(field.columnType);
  if (reading === undefined)
    throw new Error(`${statement}: column ${field.name} (${field.columnType}) is not shaped by rowShapes`);
  return reading;
}

/** The selection's values in the order of the row's array: the selection's keys, a table's columns in order. */
interface Layout {
  readonly parts: readonly Part[];
  readonly fields: readonly Field[];
  readonly readings: readonly Reading[];
}

function layoutOf(selection: Record<string, unknown>, nullable: ReadonlySet<string>, statement: string): Layout {
  const parts: Part[] = [];
  const fields: Field[] = [];
  const readings: Reading[] = [];
  const add = (field: Field) => {
    fields.push(field);
    readings.push(readingOf(field, statement));
  };
  for (const [key, value] of Object.entries(selection)) {
    if (isField(value)) {
      parts.push({ key, at: fields.length });
      add(value);
      continue;
    }
    const columns = Object.entries(is(value, Table) ? getTableColumns(value) : (value as Record<string, unknown>));
    const keys: string[] = [];
    const at = fields.length;
    for (const [name, column] of columns) {
      if (!isField(column)) throw new Error(`${statement}: ${key}.${name} nests deeper than rowShapes shapes`);
      keys.push(name);
      add(column);
    }
    parts.push({ key, at, keys, nullable: nullable.has(key) });
  }
  return { parts, fields, readings };
}

/** The select list: the values as one JSON array, or as arrays of at most MAX_ARGUMENTS when there are more. */
function jsonRow(fields: readonly Field[]): SQL {
  if (fields.length <= MAX_ARGUMENTS) return sql`json_build_array(${sql.join([...fields], sql`, `)})`;
  const chunks: SQL[] = [];
  for (let from = 0; from < fields.length; from += MAX_ARGUMENTS)
    chunks.push(jsonRow(fields.slice(from, from + MAX_ARGUMENTS)));
  return sql`json_build_array(${sql.join(chunks, sql`, `)})`;
}

/** JSON's ISO text of a timestamptz ("2026-11-30T12:34:56.789123+00:00"); drizzle's `new Date(text)` otherwise. */
const readTimestamptz = timestamptzParser((text) => new Date(text)) as (text: string) => Date;

function safe(value: number): number {
  if (Number.isInteger(value) && !Number.isSafeInteger(value))
    throw new RangeError(`value ${value} exceeds the safe integer range`);
  return value;
}

function read(value: unknown, reading: Reading): unknown {
  if (value === null) return null;
  switch (reading) {
    case 'as is':
      return value;
    case 'int8':
      return typeof value === 'number' ? safe(value) : value;
    case 'float':
      return typeof value === 'string' ? Number(value) : value;
    case 'timestamptz':
      return readTimestamptz(value as string);
  }
}

function shaper({ parts, fields, readings }: Layout): (row: unknown) => Record<string, unknown> {
  const nested = fields.length > MAX_ARGUMENTS;
  return (row) => {
    const json = typeof row === 'string' ? (JSON.parse(row) as unknown[]) : (row as unknown[]);
    const values = nested ? (json as unknown[][]).flat() : json;
    for (let index = 0; index < values.length; index += 1)
      if (readings[index] !== 'as is') values[index] = read(values[index], readings[index]!);
    const shaped: Record<string, unknown> = {};
    for (const part of parts) {
      if (!('keys' in part)) {
        shaped[part.key] = values[part.at];
        continue;
      }
      if (part.nullable && values[part.at] === null) {
        shaped[part.key] = null;
        continue;
      }
      const object: Record<string, unknown> = {};
      for (let index = 0; index < part.keys.length; index += 1) object[part.keys[index]!] = values[part.at + index];
      shaped[part.key] = object;
    }
    return shaped;
  };
}

type RowsOf<Q> = Q extends { execute(): Promise<infer R> } ? R : never;

export interface ShapedStatement<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * The query `build` makes of `selection` (a drizzle select, not yet prepared), its select list made one JSON array,
 * prepared as `name`, its rows shaped as drizzle shapes them. `nullable` names the selection's objects that come from
 * left-joined tables.
 */
export function prepareShaped<
  S extends Record<string, unknown>,
  Q extends { toSQL(): { sql: string; params: unknown[] }; execute(): Promise<unknown> },
>(
  db: Db,
  name: string,
  selection: S,
  build: (selection: S) => Q,
  nullable: readonly string[] = [],
): ShapedStatement<RowsOf<Q>> {
  const layout = layoutOf(selection, new Set(nullable), name);
  const { sql: text, params } = build({ row: jsonRow(layout.fields) } as unknown as S).toSQL();
  const shape = shaper(layout);
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
      return rows.map((row) => shape(row[0])) as RowsOf<Q>;
    },
  };
}
