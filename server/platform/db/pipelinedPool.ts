/**
 * A node-postgres pool whose prepared statements share a few pipelined connections (PIPELINED_CONNECTIONS for reads,
 * PIPELINED_WRITE_CONNECTIONS for writes), while everything else keeps the pool's own connections: transactions and
 * sessions (`connect()`), and one-off statements.
 *
 * Why: at load, each statement on a connection of its own is a round trip that wakes a backend process and costs this
 * process a write and a read; on a 2-core box that, not the statements' work, was most of a payment's database time.
 * On a pipelined connection (node-postgres's `pipeline`, each statement with its own Sync: a failing one fails alone)
 * the statements of one turn of the event loop go out in one write (the stream is corked until the next turn), and the
 * backend runs them back to back. Prepared statements are the frequent, short ones of hot paths (payments, dashboards,
 * the signed-in user): a slow ad-hoc statement (a report, a job's scan) never holds a pipeline up, as every statement
 * behind it on the same connection waits for it. No code inside a transaction runs statements outside it (they would
 * wait on the transaction's own locks).
 *
 * Reads and writes keep pipelines apart. A prepared write can wait on a row lock (a payment settling while a job's
 * transaction holds the creator's kept totals), and every statement behind it on its connection waits too, up to
 * pg's read timeout (20 s), which then drops the connection. A read (a SELECT that locks no rows) waits on no row
 * lock, so on a read pipeline it waits only for other reads.
 *
 * A pipelined connection that fails is dropped (its statements in flight fail as on any lost connection) and the next
 * statement opens another; `end()` closes them with the pool.
 */
import pg from 'pg';

/**
 * Each prepared statement keeps the one plan made for any parameters. PostgreSQL's default ("auto") plans an execution
 * again for its parameters whenever that plan's estimate beats the generic one's: at 100k members the subscription
 * page's member groups were planned at every request (0.7 ms each, twice as long as running them), though the generic
 * plan reads the same index range as fast. The statements on these connections are written to have one good plan
 * (keyset ranges of fitting indexes, literal page sizes); bench:scale measures them at 100× data.
 */
const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

/**
 * And a random page read costed as what it is for these statements: a page in memory, barely dearer than the next one.
 * At the default (4, a disk's seek) a plan read a table of a few pages whole, once for each row of a page, rather than
 * look the row up by its primary key: the follower's memberships scanned the 305 kept subscription counts and 152
 * channel counts 21 times each, 0.65 ms a page against 0.29 ms by the keys (bench:scale's 100× data, EXPLAIN ANALYZE).
 */
const CACHED_PAGES = '-c random_page_cost=1.1';

/** Shared connections for prepared reads, besides the pool's own. */
export const PIPELINED_CONNECTIONS = 3;
/** Shared connections for prepared statements that may write or lock rows. */
export const PIPELINED_WRITE_CONNECTIONS = 2;

type Lane = 'read' | 'write';

/**
 * Whether a statement only reads: a SELECT (EXPLAIN and CTEs count as writes: a WITH may modify data) that locks no
 * rows and names no writing command. What it cannot tell goes to the write lane, which is always safe.
 */
export function readsOnly(text: unknown): boolean {
  return (
    typeof text === 'string' &&
    /^\s*\(*\s*select\b/i.test(text) &&
    !/\b(insert|update|delete|merge|for\s+share|for\s+key\s+share|for\s+no\s+key\s+update)\b/i.test(text)
  );
}

interface Pipeline {
  readonly client: pg.Client;
  readonly ready: Promise<unknown>;
  /** Statements sent or waiting on it: a new one goes to the least busy. */
  pending: number;
  corked: boolean;
}

type Stream = { cork?: () => void; uncork?: () => void };

export class PipelinedPool extends pg.Pool {
  private readonly pipelines: Record<Lane, Pipeline[]> = { read: [], write: [] };
  private closed = false;

  constructor(
    private readonly settings: pg.PoolConfig,
    private readonly pipelineCount = PIPELINED_CONNECTIONS,
    private readonly writePipelineCount = PIPELINED_WRITE_CONNECTIONS,
  ) {
    super(settings);
  }

  /** Connections open for prepared statements now, both lanes (tests). */
  get pipelineCountOpen(): number {
    return this.pipelines.read.length + this.pipelines.write.length;
  }

  // pg.Pool's query has many overloads; drizzle calls query(config, values) for a promise.
  override query(...args: unknown[]): never {
    const config = args[0] as { name?: unknown; text?: unknown } | null;
    const prepared = typeof config === 'object' && config !== null && typeof config.name === 'string';
    if (this.closed || !prepared || typeof args.at(-1) === 'function')
      return (super.query as (...rest: unknown[]) => never)(...args);
    const pipeline = this.pipeline(readsOnly(config.text) ? 'read' : 'write');
    pipeline.pending += 1;
    return pipeline.ready
      .then(() => {
        this.corkUntilNextTurn(pipeline);
        return (pipeline.client.query as (...rest: unknown[]) => Promise<unknown>)(...args);
      })
      .finally(() => {
        pipeline.pending -= 1;
      }) as never;
  }

  override async end(): Promise<void> {
    this.closed = true;
    const open = [...this.pipelines.read.splice(0), ...this.pipelines.write.splice(0)];
    await Promise.all(open.map((pipeline) => pipeline.client.end().catch(() => undefined)));
    await super.end();
  }

  /** Statements sent in this turn of the event loop leave in one write, after it (pg corks each on its own). */
  private corkUntilNextTurn(pipeline: Pipeline): void {
    if (pipeline.corked) return;
    const stream = (pipeline.client as unknown as { connection?: { stream?: Stream } }).connection?.stream;
    if (stream?.cork === undefined || stream.uncork === undefined) return;
    pipeline.corked = true;
    stream.cork();
    setImmediate(() => {
      pipeline.corked = false;
      stream.uncork!();
    });
  }

  private pipeline(lane: Lane): Pipeline {
    const pipelines = this.pipelines[lane];
    if (pipelines.length >= (lane === 'read' ? this.pipelineCount : this.writePipelineCount)) {
      return pipelines.reduce((best, pipeline) => (pipeline.pending < best.pending ? pipeline : best));
    }
    const client = new pg.Client({
      ...this.settings,
      pipeline: true,
      options: [this.settings.options, GENERIC_PLANS, CACHED_PAGES].filter(Boolean).join(' '),
    } as pg.ClientConfig);
    const pipeline: Pipeline = { client, ready: client.connect(), pending: 0, corked: false };
    const drop = () => {
      const index = pipelines.indexOf(pipeline);
      if (index !== -1) pipelines.splice(index, 1);
    };
    pipeline.ready.catch(drop);
    client.on('error', () => {
      drop();
      client.end().catch(() => undefined);
    });
    client.on('end', drop);
    pipelines.push(pipeline);
    return pipeline;
  }
}
