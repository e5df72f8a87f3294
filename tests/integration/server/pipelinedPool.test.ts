/**
 * The PostgreSQL pool (server/platform/db/pipelinedPool.ts): prepared statements share a few pipelined connections,
 * a failing one fails alone, reads do not wait behind writes held by a lock, transactions keep a connection of their
 * own, a lost pipelined connection is replaced, and each statement keeps one plan, costed for pages in memory.
 * PostgreSQL only (TEST_DATABASE_URL, from scripts/with-postgres.sh).
 */
import pg from 'pg';
import {
  PIPELINED_CONNECTIONS,
  PIPELINED_WRITE_CONNECTIONS,
  PipelinedPool,
  readsOnly,
} from '../../../server/platform/db/pipelinedPool';

// Connections to a PostgreSQL server on a busy machine: more than Jest's 5 s default.
jest.setTimeout(180_000);

const url = process.env.TEST_DATABASE_URL;
const describePostgres = url ? describe : describe.skip;

describePostgres('PipelinedPool', () => {
  let pipelined: PipelinedPool;
  // Used as what it is, a pg.Pool (drizzle's view of it).
  let pool: pg.Pool;
  beforeAll(() => {
    pipelined = new PipelinedPool({ connectionString: url, max: 4, connectionTimeoutMillis: 2_000 });
    pool = pipelined;
  });
  afterAll(() => pipelined.end());

  const pidOf = async (name?: string): Promise<number> => {
    const { rows } = await pool.query<{ pid: number }>({
      text: 'select pg_backend_pid() as pid',
      ...(name ? { name } : {}),
    });
    return rows[0]!.pid;
  };

  it(`runs prepared statements on at most ${PIPELINED_CONNECTIONS} shared connections, the others on the pool's own`, async () => {
    const prepared = new Set(await Promise.all(Array.from({ length: 60 }, () => pidOf('pipelined_pid'))));
    expect(prepared.size).toBeGreaterThan(0);
    expect(prepared.size).toBeLessThanOrEqual(PIPELINED_CONNECTIONS);
    expect(pipelined.pipelineCountOpen).toBeLessThanOrEqual(PIPELINED_CONNECTIONS);
    const oneOff = new Set(await Promise.all(Array.from({ length: 4 }, () => pidOf())));
    for (const pid of oneOff) expect(prepared.has(pid)).toBe(false);
  });

  it('a failing statement fails alone: the others sent with it on the same connection answer', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        pool.query({
          name: 'pipelined_divide',
          text: 'select 10 / $1::int as value',
          values: [index % 3],
        }),
      ),
    );
    results.forEach((result, index) => {
      if (index % 3 === 0) expect(result).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      else
        expect(result).toMatchObject({
          status: 'fulfilled',
          value: { rows: [{ value: Math.floor(10 / (index % 3)) }] },
        });
    });
  });

  it('a transaction keeps a connection of its own: the pipelined statements see its writes only once it commits', async () => {
    const table = `pipelined_${process.pid}_${Date.now()}`;
    await pool.query(`create table ${table} (id int primary key)`);
    try {
      const count = async () =>
        Number(
          (await pool.query<{ n: string }>({ name: `count_${table}`, text: `select count(*) as n from ${table}` }))
            .rows[0]!.n,
        );
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(`insert into ${table} values (1)`);
        const transactionPid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        expect(await count()).toBe(0);
        expect(await pidOf('pipelined_pid')).not.toBe(transactionPid);
        await client.query('commit');
      } finally {
        client.release();
      }
      expect(await count()).toBe(1);
    } finally {
      await pool.query(`drop table ${table}`);
    }
  });

  it('a read is not held up by prepared writes waiting on a row lock', async () => {
    const table = `pipelined_lanes_${process.pid}_${Date.now()}`;
    await pool.query(`create table ${table} (id int primary key, n int not null)`);
    await pool.query(`insert into ${table} values (1, 0)`);
    const holder = await pool.connect();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let writes: Promise<unknown>[] = [];
    try {
      await holder.query('begin');
      await holder.query(`update ${table} set n = n + 1 where id = 1`);
      // More waiting writes than there are pipelined connections: on shared pipelines every one would be held.
      writes = Array.from({ length: PIPELINED_CONNECTIONS + PIPELINED_WRITE_CONNECTIONS }, () =>
        pool.query({ name: `lane_write_${table}`, text: `update ${table} set n = n + 1 where id = $1`, values: [1] }),
      );
      // Until every write is waiting on the lock (seen from another session), however busy the machine.
      let waiting = 0;
      while (waiting < PIPELINED_WRITE_CONNECTIONS) {
        const { rows } = await admin.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like $1`,
          [`update ${table}%`],
        );
        waiting = Number(rows[0]!.n);
      }
      const read = await pool.query<{ n: number }>({
        name: `lane_read_${table}`,
        text: `select n from ${table} where id = $1`,
        values: [1],
      });
      // The read answered while the writes still wait: it sees the value before all of them.
      expect(read.rows).toEqual([{ n: 0 }]);
      expect(readsOnly(`select n from ${table} for update`)).toBe(false);
      expect(readsOnly(`with moved as (update ${table} set n = 1 returning n) select n from moved`)).toBe(false);
    } finally {
      await holder.query('commit');
      holder.release();
      await Promise.all(writes);
      await admin.end();
    }
    expect((await pool.query<{ n: number }>(`select n from ${table}`)).rows).toEqual([
      { n: 1 + PIPELINED_CONNECTIONS + PIPELINED_WRITE_CONNECTIONS },
    ]);
    await pool.query(`drop table ${table}`);
  });

  it('a pipelined connection that is lost is replaced by the next statement', async () => {
    const pid = await pidOf('pipelined_pid');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    // Statements in flight on it when it went fail as on any lost connection; the ones after find a live one.
    const deadline = Date.now() + 5_000;
    let answered = false;
    while (!answered && Date.now() < deadline) {
      answered = await pidOf('pipelined_pid').then(
        (next) => next !== pid,
        () => false,
      );
    }
    expect(answered).toBe(true);
  });

  it('a prepared statement keeps its generic plan: never planned again for its parameters', async () => {
    // One pipeline, so the statement and the catalog read share a session (pg_prepared_statements is per session).
    const single = new PipelinedPool({ connectionString: url, max: 1, connectionTimeoutMillis: 2_000 }, 1);
    const singlePool: pg.Pool = single;
    try {
      // PostgreSQL's default plans the first five executions for their parameters ("custom"), and any later one
      // whose custom estimate beats the generic plan's.
      for (let value = 0; value < 8; value += 1) {
        await singlePool.query({ name: 'pipelined_plan', text: 'select $1::int + 1 as next', values: [value] });
      }
      const { rows } = await singlePool.query<{ generic: string; custom: string }>({
        name: 'pipelined_plan_counts',
        text: `select generic_plans as generic, custom_plans as custom from pg_prepared_statements
          where name = 'pipelined_plan'`,
      });
      expect(rows.map((row) => ({ generic: Number(row.generic), custom: Number(row.custom) }))).toEqual([
        { generic: 8, custom: 0 },
      ]);
    } finally {
      await single.end();
    }
  });

  it('looks a row up by its primary key in a table of a few pages, not by reading it whole', async () => {
    // As the follower's memberships read each subscription's kept count (subscription_live_counts): a few hundred
    // rows in two pages, where the default random_page_cost (4) makes the planner scan the table once per row.
    const table = `pipelined_lookup_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const single = new PipelinedPool({ connectionString: url, max: 1, connectionTimeoutMillis: 2_000 }, 1);
    const singlePool: pg.Pool = single;
    try {
      await admin.query(
        `create table ${table} (id bigint primary key, live bigint not null, counted_at timestamptz not null)`,
      );
      await admin.query(`insert into ${table} select g, g * 3, now() from generate_series(1, 305) g`);
      await admin.query(`analyze ${table}`);
      const planOf = async (client: pg.Pool | pg.Client, name?: string) =>
        (
          await client.query<Record<string, string>>({
            ...(name ? { name } : {}),
            text: `explain select live from ${table} where id = $1`,
            values: [42],
          })
        ).rows
          .map((row) => Object.values(row).join(' '))
          .join('\n');
      // The same statement on a connection with the server's defaults reads the table whole: the test can fail.
      expect(await planOf(admin)).toMatch(/Seq Scan/);
      expect(await planOf(singlePool, 'pipelined_lookup_plan')).toMatch(new RegExp(`Index Scan using ${table}_pkey`));
    } finally {
      await admin.query(`drop table if exists ${table}`);
      await admin.end();
      await single.end();
    }
  });
});

describe('PipelinedPool without a database', () => {
  it('a statement on a connection that cannot be made fails with the connection error', async () => {
    const pool = new PipelinedPool({
      host: '127.0.0.1',
      port: 9,
      user: 'nobody',
      database: 'none',
      connectionTimeoutMillis: 500,
    });
    try {
      await expect((pool as pg.Pool).query({ name: 'nowhere', text: 'select 1' })).rejects.toThrow(
        /ECONNREFUSED|connect|terminated/i,
      );
      expect(pool.pipelineCountOpen).toBe(0);
    } finally {
      await pool.end();
    }
  });
});
