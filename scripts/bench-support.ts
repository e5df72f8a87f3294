/**
 * Shared by the benchmarks (scripts/bench-api.ts, scripts/bench-load.ts): the database to measure on, percentiles.
 */
import { type Serializable, fork } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { type Database, fromPostgresUrl, rowsOf } from '../server/platform/db/db';
import { openDatabase } from '../server/platform/db/openDatabase';
import { balancesOf, ledgerSum } from '../server/modules/payments/ledger/ledger';
import type { RateLimitConfig } from '../server/platform/http/rateLimits';

/** The benchmarked servers' rate limits: none (a benchmark makes thousands of payments a minute from one address). */
export const NO_RATE_LIMITS: RateLimitConfig = {
  paymentsPerMinute: 0,
  failedSignInsPerMinute: 0,
  webhooksPerMinute: 0,
};

/**
 * In-memory PGlite, or, when DATABASE_URL (or TEST_DATABASE_URL, as scripts/with-postgres.sh sets) points at
 * PostgreSQL, a fresh database created on that server and dropped by `cleanup`.
 */
export async function benchDatabase(
  pool: number,
): Promise<{ database: Database; label: string; cleanup: () => Promise<void>; url?: string }> {
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
      url: target.toString(),
      label: `PostgreSQL (${new URL(url).host}, pool ${pool})`,
      async cleanup() {
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`drop database if exists ${name} with (force)`);
        await drop.end();
      },
    };
  }
  return {
    database: await openDatabase({ kind: 'memory' }),
    label: 'embedded PostgreSQL (PGlite, in memory)',
    cleanup: async () => undefined,
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A signed call to the benchmark's server that must answer 200 (setup steps of scripts/bench-load.ts and bench-payments.ts). */
export type BenchCall = <T>(
  method: string,
  urlPath: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

export function benchCaller(origin: string): BenchCall {
  return async <T>(
    method: string,
    urlPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> => {
    const response = await fetch(`${origin}${urlPath}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${urlPath}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
}

/**
 * A verified creator (telegram id `creator`) with a channel and an open donation request, and `payers` payers with one
 * saved card each (a first payment with a tokenised test card saves it). Answers the donation id and each payer's card.
 */
export async function donationWithSavedCards(
  origin: string,
  auth: (telegramId: number) => string,
  creator: number,
  payers: readonly number[],
): Promise<{ donationId: number; cards: Map<number, number> }> {
  const call = benchCaller(origin);
  await call('GET', '/api/v2/verification/status', undefined, { authorization: auth(creator) });
  await call('POST', '/sandbox/kyc', { telegramId: creator, status: 'approved' });
  const { channel } = await call<{ channel: { id: number } }>('POST', '/sandbox/bot/channel-added', {
    ownerTelegramId: creator,
    chatId: -1_000_000_000_000 - creator,
    title: `Bench channel ${creator}`,
    username: `bench_${creator}`,
  });
  const { donation } = await call<{ donation: { id: number } }>(
    'POST',
    `/api/v2/donation/request/channel/${channel.id}`,
    {
      title: 'Tips',
      description: 'Bench',
      currency: 'eur',
      amount: 0,
      buttonText: 'Donate',
      pin: false,
      disableNotification: true,
    },
    { authorization: auth(creator) },
  );
  const cards = new Map<number, number>();
  for (let start = 0; start < payers.length; start += 10) {
    await Promise.all(
      payers.slice(start, start + 10).map(async (payer) => {
        const headers = { authorization: auth(payer) };
        const access = await call<{ publicToken: string; tokenizeUrl: string }>(
          'POST',
          '/api/v2/pay/smart_glocal/token',
          undefined,
          headers,
        );
        const tokenized = await fetch(new URL(access.tokenizeUrl, origin), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-public-token': access.publicToken },
          body: JSON.stringify({
            card: { number: '4242424242424242', expiration_month: '12', expiration_year: '35', security_code: '123' },
          }),
        });
        const token = ((await tokenized.json()) as { data: { token: string } }).data.token;
        await call(
          'POST',
          `/api/v2/invoice/donation/${donation.id}/create`,
          {
            paymentMethod: 'smart_glocal_form',
            cardToken: token,
            publicToken: access.publicToken,
            saveCard: true,
            amount: 5,
          },
          { ...headers, 'idempotency-key': `bench-setup-${payer}` },
        );
        const saved = await call<{ cards: { id: number }[] }>('GET', '/api/v2/follower/cards', undefined, headers);
        cards.set(payer, saved.cards[0]!.id);
      }),
    );
  }
  return { donationId: donation.id, cards };
}

const TICK_MS = 10; // Linux's USER_HZ: /proc counts CPU time in hundredths of a second.

function procTicks(file: string): number {
  // Fields after the command (which may hold spaces): utime and stime are the 12th and 13th.
  const text = readFileSync(file, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU ticks of `pids` (those still running), or of every process named postgres on the machine when none are given. */
function postgresTicks(pids: readonly number[] | null): number {
  const named = (pid: string) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  const chosen = pids?.map(String) ?? readdirSync('/proc').filter((pid) => /^\d+$/.test(pid));
  let total = 0;
  for (const pid of chosen) {
    try {
      if (pids !== null || named(pid)) total += procTicks(`/proc/${pid}/stat`);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The machine's busy time (all CPUs): /proc/stat's first line, all but idle and iowait. */
function boxBusyTicks(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = values.map(Number);
  return user + nice + system + irq + softirq + steal;
}

/**
 * Where the machine's CPU went during a phase (Linux's /proc; elsewhere `stop` answers null): the whole box, this
 * process (server, load generator and their threads), the `others` processes (name → pid, e.g. the Smart Glocal
 * double's), PostgreSQL's processes (`postgresPids`: the benchmark's own server's, see postgresServerPids; else every
 * postgres process on the machine, other people's servers too), and the server's event loop (this thread): its time on a CPU,
 * its time runnable but waiting for one (schedstat), and its utilisation. Per `units` (e.g. payments) it gives the
 * CPU milliseconds each of the box, the server (this process less `loadGeneratorMs`, the load generator's threads'
 * own CPU time, which runs in this process but is not the server's work), each of `others` and PostgreSQL.
 */
export function cpuAccount(
  others: Readonly<Record<string, number>> = {},
  postgresPids: readonly number[] | null = null,
): {
  stop: (units: number, loadGeneratorMs?: number | null) => string | null;
} {
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const read = () => {
    const [onCpuNs = 0, waitingNs = 0] = readFileSync(schedstat, 'utf8').trim().split(' ').map(Number);
    const other = Object.values(others).map((pid) => procTicks(`/proc/${pid}/stat`));
    return {
      at: performance.now(),
      box: boxBusyTicks(),
      own: procTicks('/proc/self/stat'),
      other,
      postgres: postgresTicks(postgresPids),
      onCpuNs,
      waitingNs,
      loop: performance.eventLoopUtilization(),
    };
  };
  let start: ReturnType<typeof read> | null;
  try {
    start = read();
  } catch {
    start = null;
  }
  return {
    stop(units, loadGeneratorMs = null) {
      if (start === null) return null;
      const end = read();
      const ms = end.at - start.at;
      const percent = (value: number) => `${Math.round((100 * value) / ms)}%`;
      const each = (value: number) => (value / Math.max(1, units)).toFixed(2);
      const boxBusyMs = (end.box - start.box) * TICK_MS;
      const ownMs = (end.own - start.own) * TICK_MS;
      const otherMs = Object.keys(others).map((_, index) => (end.other[index]! - start.other[index]!) * TICK_MS);
      const postgresMs = (end.postgres - start.postgres) * TICK_MS;
      const serverMs = ownMs - (loadGeneratorMs ?? 0);
      const cores = availableParallelism();
      return (
        `CPU over ${(ms / 1000).toFixed(1)} s on ${cores} cores: machine ${percent(boxBusyMs)} of ${cores * 100}% busy ` +
        `(${(boxBusyMs / Math.max(1, units)).toFixed(1)} ms per payment); this process ${percent(ownMs)}` +
        (loadGeneratorMs === null ? '' : ` (its load generator ${percent(loadGeneratorMs)})`) +
        ', ' +
        Object.keys(others)
          .map((name, index) => `${name} ${percent(otherMs[index]!)}, `)
          .join('') +
        `PostgreSQL's processes ${percent(postgresMs)}; the server's event loop ${Math.round(100 * performance.eventLoopUtilization(end.loop, start.loop).utilization)}% used, ` +
        `on a CPU ${percent((end.onCpuNs - start.onCpuNs) / 1e6)}, runnable but waiting for a CPU ${percent((end.waitingNs - start.waitingNs) / 1e6)}\n` +
        `CPU ms per payment: server ${each(serverMs)}${loadGeneratorMs === null ? ' (with the load generator)' : ''}, ` +
        Object.keys(others)
          .map((name, index) => `${name} ${each(otherMs[index]!)}, `)
          .join('') +
        `PostgreSQL ${each(postgresMs)}; together ${each(serverMs + otherMs.reduce((a, b) => a + b, 0) + postgresMs)}`
      );
    },
  };
}

/** Runs a load generator (scripts/bench-load-worker.mjs, bench-mix-worker.mjs) in a worker thread and answers its result. */
export async function inWorker<T>(file: string, data: unknown): Promise<T> {
  const thread = new Worker(path.join(process.cwd(), 'scripts', file), { workerData: data });
  const answer = await new Promise<T>((resolve, reject) => {
    thread.once('message', resolve);
    thread.once('error', reject);
  });
  await thread.terminate();
  return answer;
}

/**
 * Runs scripts/bench-load-worker.mjs in a child process and answers its result: the generator's memory stays out of
 * the process whose RSS bench:scale measures (a worker thread's heap and the memory it freed count in its host's RSS).
 */
export async function inChildProcess<T>(file: string, data: unknown): Promise<T> {
  const child = fork(path.join(process.cwd(), 'scripts', file), [], { stdio: 'inherit' });
  const answer = new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code} before it answered`)));
  });
  child.send(data as Serializable);
  try {
    return await answer;
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

/** The money invariant (as tests/integration/money/support/money.ts expectBalancesMatchLedger checks it): every balance equals its ledger sum. */
export async function ledgerMismatches(
  database: Database,
  nowMs: number,
): Promise<{ owners: number; mismatches: string[] }> {
  const owners = rowsOf<{ user_id: number }>(await database.db.execute(sql`select distinct user_id from transactions`));
  const mismatches: string[] = [];
  for (const { user_id: userId } of owners) {
    const balances = await balancesOf(database.db, userId, nowMs);
    const sums = await ledgerSum(database.db, userId);
    const fromBalances = new Map<string, number>();
    for (const balance of [...balances.active, ...balances.payout])
      fromBalances.set(balance.currency, (fromBalances.get(balance.currency) ?? 0) + balance.minor);
    for (const currency of new Set([...sums.keys(), ...fromBalances.keys()])) {
      const ledger = sums.get(currency as never) ?? 0;
      const balance = fromBalances.get(currency) ?? 0;
      if (ledger !== balance) mismatches.push(`user ${userId} ${currency}: balance ${balance} ≠ ledger ${ledger}`);
    }
  }
  return { owners: owners.length, mismatches };
}

/**
 * The processes of the PostgreSQL server `database` talks to, on this machine (Linux): every backend and background
 * process pg_stat_activity lists, and their parent, the postmaster. Null on PGlite, or when they cannot be read.
 */
export async function postgresServerPids(database: Database): Promise<number[] | null> {
  if (database.kind !== 'postgres') return null;
  try {
    const pids = rowsOf<{ pid: number }>(await database.db.execute(sql`select pid from pg_stat_activity`)).map((row) =>
      Number(row.pid),
    );
    const parents = new Set<number>();
    for (const pid of pids) {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.add(Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]));
    }
    return [...new Set([...pids, ...parents])];
  } catch {
    return null;
  }
}
