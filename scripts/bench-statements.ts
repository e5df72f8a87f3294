/**
 * Where a benchmark's database time goes: times every SQL statement the server sends (node-postgres: every
 * pg.Client query; PGlite: its queries and the queries of its transactions) and every database transaction from its
 * start to its end, grouped by statement shape. Used by scripts/bench-payments.ts in a pass of its own (the timing
 * costs a little). On PGlite a statement's time includes waiting for the single connection (a transaction holds it
 * whole), so there a long "transaction" line is time every other request waited.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Transaction } from '@electric-sql/pglite';
import type { Database } from '../server/platform/db/db';
import { PreparedStatementsPglite } from '../server/platform/db/pglitePrepared';

interface Tally {
  count: number;
  ms: number;
  max: number;
}

/** A statement's shape: no select list, no insert column list, no literals; short enough for one line. */
export function statementShape(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/"/g, '')
    .replace(/^select .+? from /i, 'select … from ')
    .replace(/^(insert into \S+) \([^)]*\)/i, '$1 (…)')
    .replace(/ values \(.*?\)( on conflict| returning|$)/i, ' values (…)$1')
    .replace(/ returning .*$/i, ' returning …')
    .replace(/'[^']*'/g, "'…'")
    .slice(0, 120);
}

export interface StatementProfile {
  reset(): void;
  /** The heaviest statement shapes by total time, as table lines; `calls` divides counts and times per call. */
  report(calls: number, top?: number): string[];
  stop(): void;
}

export function profileStatements(database: Database): StatementProfile {
  const tallies = new Map<string, Tally>();
  const add = (key: string, ms: number) => {
    const tally = tallies.get(key) ?? { count: 0, ms: 0, max: 0 };
    tally.count += 1;
    tally.ms += ms;
    tally.max = Math.max(tally.max, ms);
    tallies.set(key, tally);
  };
  const textOf = (query: unknown): string =>
    typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? '?');
  let stop: () => void;

  if (database.kind === 'postgres') {
    const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = prototype.query;
    const begun = new WeakMap<object, number>();
    prototype.query = function timed(this: object, ...args: unknown[]) {
      const text = textOf(args[0]).trim().toLowerCase();
      const started = performance.now();
      if (text === 'begin') begun.set(this, started);
      const done = () => {
        const now = performance.now();
        add(statementShape(textOf(args[0])), now - started);
        if ((text === 'commit' || text === 'rollback') && begun.has(this)) {
          add('(transaction, begin to end)', now - begun.get(this)!);
          begun.delete(this);
        }
      };
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (...results: unknown[]) => void;
        args[last] = (...results: unknown[]) => {
          done();
          callback(...results);
        };
        return original.apply(this, args);
      }
      const answer = original.apply(this, args);
      if (answer instanceof Promise) void answer.then(done, done);
      return answer;
    };
    stop = () => {
      prototype.query = original;
    };
  } else {
    // What drizzle calls on PGlite (db.ts wraps every PGlite in PreparedStatementsPglite).
    const pglite = PreparedStatementsPglite.prototype;
    const { query, transaction } = pglite;
    const timedQuery = <Q extends (...args: never[]) => Promise<unknown>>(run: Q): Q =>
      (async (...args: Parameters<Q>) => {
        const started = performance.now();
        try {
          return await run(...args);
        } finally {
          add(statementShape(textOf(args[0])), performance.now() - started);
        }
      }) as Q;
    pglite.query = function timed(this: PreparedStatementsPglite, ...args: Parameters<typeof query>) {
      return timedQuery(query.bind(this))(...args);
    } as typeof pglite.query;
    pglite.transaction = async function timed<T>(
      this: PreparedStatementsPglite,
      callback: (tx: Transaction) => Promise<T>,
    ) {
      const started = performance.now();
      try {
        return await transaction.call(this, (tx) => {
          tx.query = timedQuery(tx.query.bind(tx)) as typeof tx.query;
          return callback(tx);
        });
      } finally {
        add('(transaction, waiting for the connection included)', performance.now() - started);
      }
    } as typeof pglite.transaction;
    stop = () => {
      pglite.query = query;
      pglite.transaction = transaction;
    };
  }

  return {
    reset: () => tallies.clear(),
    stop: () => stop(),
    report(calls, top = 14) {
      const all = [...tallies.entries()].sort((a, b) => b[1].ms - a[1].ms);
      const statements = all.filter(([shape]) => !shape.startsWith('('));
      const total = statements.reduce(
        (sum, [, tally]) => ({
          count: sum.count + tally.count,
          ms: sum.ms + tally.ms,
          max: Math.max(sum.max, tally.max),
        }),
        { count: 0, ms: 0, max: 0 },
      );
      const lines = [
        'per call'.padStart(9) + 'ms/call'.padStart(9) + 'mean ms'.padStart(9) + 'max ms'.padStart(9) + '  statement',
      ];
      for (const [shape, tally] of [['(all statements)', total] as const, ...all.slice(0, top)]) {
        lines.push(
          (tally.count / calls).toFixed(2).padStart(9) +
            (tally.ms / calls).toFixed(2).padStart(9) +
            (tally.ms / tally.count).toFixed(2).padStart(9) +
            tally.max.toFixed(1).padStart(9) +
            `  ${shape}`,
        );
      }
      return lines;
    },
  };
}
