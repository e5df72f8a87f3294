/**
 * PGlite with named prepared statements: what drizzle's PGlite driver calls (`query`, `transaction`), answered as
 * PGlite answers them, but each statement text is parsed and planned once and then run by one call into PostgreSQL.
 *
 * PGlite's own `query` makes six calls into its WebAssembly backend per statement (parse, describe the statement,
 * bind, describe the portal, execute, sync) and parses and plans the text every time; on the embedded database that
 * was most of a request's CPU (a saved-card payment's twenty statements: ~54% of the process in PGlite). Here the
 * first run of a text sends Parse with a name, Describe and Sync (the parameter types, as PGlite serialises values by
 * them, and the row description), and every run then sends Bind, Execute and Sync in one message. Values are
 * serialised as PGlite does (its serializers by parameter type) and the answer has the shape and values of its
 * `parseResults` (the call's parsers before PGlite's; a test compares the two).
 *
 * The same mutexes as PGlite's own calls: a statement outside a transaction waits for the transaction mutex, one
 * inside runs in it. Prepared statements outlive transactions (PostgreSQL's rule), so a rollback keeps the cache
 * true. At most MAX_STATEMENTS are kept; the least recently used is closed when a new one needs its place.
 */
import {
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
  type messages,
  parse,
  protocol,
} from '@electric-sql/pglite';

/** Distinct statement texts kept prepared (the server has a few hundred; lists of varying length add more). */
export const MAX_STATEMENTS = 1000;

/** SQLSTATE 0A000 "cached plan must not change result type": a table a statement reads changed shape (DDL). */
const FEATURE_NOT_SUPPORTED = '0A000';

/** Statement names are unique in the process: several wrappers may share one PGlite (tests, snapshots). */
let lastName = 0;

interface Statement {
  readonly name: string;
  readonly paramTypes: readonly number[];
  /** The statement's columns (none: it returns no rows), described once: runs do not ask for them again. */
  readonly fields: readonly { readonly name: string; readonly dataTypeID: number }[];
}

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type RowDescriptionMessage = InstanceType<typeof messages.RowDescriptionMessage>;
type DataRowMessage = InstanceType<typeof messages.DataRowMessage>;
type CommandCompleteMessage = InstanceType<typeof messages.CommandCompleteMessage>;

/** What drizzle's PGlite session calls on its client (and on a transaction's). */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** A statement is its text and, when the call names them, its parameter types. */
const keyOf = (text: string, options: QueryOptions | undefined): string =>
  options?.paramTypes === undefined ? text : `${text}\u0000${options.paramTypes.join(',')}`;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export class PreparedStatementsPglite implements PgliteClient {
  private readonly statements = new Map<string, Statement>();

  constructor(
    readonly pglite: PGlite,
    private readonly maxStatements = MAX_STATEMENTS,
  ) {}

  /** How many statement texts are prepared now (tests). */
  get preparedCount(): number {
    return this.statements.size;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.pglite._runExclusiveTransaction(() => this.run<T>(text, params, options, false));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) =>
      callback(
        Object.assign(Object.create(tx) as Transaction, {
          query: <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
            if (tx.closed) throw new Error('Transaction is closed');
            return this.run<R>(text, params, options, true);
          },
        }),
      ),
    );
  }

  private run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    return this.pglite._runExclusiveQuery(async () => {
      try {
        return await this.execute<T>(text, params, options, inTransaction);
      } catch (error) {
        const key = keyOf(text, options);
        if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED || !this.statements.has(key)) throw error;
        // The plan's result type changed under it: prepare the text afresh once.
        await this.forget(key);
        return this.execute<T>(text, params, options, inTransaction);
      }
    });
  }

  private async execute<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const statement = await this.prepared(text, options);
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[index]!;
      const serialize = options?.serializers?.[type] ?? this.pglite.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    const messages = await this.pglite.execProtocolStream(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    return this.results<T>(statement, messages, options);
  }

  /**
   * The answer as PGlite's parseResults makes it (rows in the call's row mode, each value through the call's parser
   * for its type or PGlite's), from the statement's columns described once. PGlite's would merge the call's parsers
   * into its own (a few hundred, with the array types) on every statement.
   */
  private results<T>(
    statement: Statement,
    messages: readonly BackendMessage[],
    options: QueryOptions | undefined,
  ): Results<T> {
    const fields = statement.fields;
    const own = options?.parsers;
    const base = this.pglite.parsers;
    const parsers = fields.map((field) => own?.[field.dataTypeID] ?? base[field.dataTypeID]);
    const value = (text: string | null, index: number): unknown => {
      if (text === null) return null;
      const parser = parsers[index];
      return parser === undefined ? text : parser(text, fields[index]!.dataTypeID);
    };
    const arrays = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let affectedRows = 0;
    let command: string | undefined;
    let rowCount: number | undefined;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const values = (message as DataRowMessage).fields;
        if (arrays) {
          rows.push(values.map(value));
        } else {
          const row: Record<string, unknown> = {};
          for (let index = 0; index < values.length; index += 1)
            row[fields[index]!.name] = value(values[index]!, index);
          rows.push(row);
        }
      } else if (message.name === 'commandComplete') {
        // A tag that carries a row count ends in it ("SELECT 2", "UPDATE 3", "INSERT 0 5").
        const parts = (message as CommandCompleteMessage).text.split(' ');
        command = parts[0];
        const count = Number.parseInt(parts[parts.length - 1]!, 10);
        if (!Number.isNaN(count)) rowCount = count;
        if (
          command === 'INSERT' ||
          command === 'UPDATE' ||
          command === 'DELETE' ||
          command === 'COPY' ||
          command === 'MERGE'
        )
          affectedRows += count;
      }
    }
    return {
      rows: rows as T[],
      fields: fields.map((field) => ({ ...field })),
      affectedRows,
      ...(command !== undefined ? { command } : {}),
      ...(rowCount !== undefined ? { rowCount } : {}),
    } as Results<T>;
  }

  private async prepared(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const key = keyOf(text, options);
    const known = this.statements.get(key);
    if (known !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.statements.delete(key);
      this.statements.set(key, known);
      return known;
    }
    if (this.statements.size >= this.maxStatements) await this.forget(this.statements.keys().next().value!);
    const name = `pglite_s${(lastName += 1)}`;
    const messages = await this.pglite.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const rowDescription = messages.find(
      (message): message is RowDescriptionMessage => message.name === 'rowDescription',
    );
    const fields = (rowDescription?.fields ?? []).map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages), fields };
    this.statements.set(key, statement);
    return statement;
  }

  private async forget(key: string): Promise<void> {
    const statement = this.statements.get(key);
    if (statement === undefined) return;
    this.statements.delete(key);
    await this.pglite.execProtocolStream(
      concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
  }
}
