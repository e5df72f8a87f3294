/**
 * `npm run bench:api`: API throughput and latency under concurrency, as ratios to the lightest signed call.
 *
 * Starts the server in-process on the embedded database (in-memory PGlite) with the demo seed, or, when
 * DATABASE_URL (or TEST_DATABASE_URL, as scripts/with-postgres.sh sets) points at PostgreSQL, on a fresh database
 * created on that server (dropped afterwards). Each scenario runs with N concurrent clients for a bounded time and
 * count over real HTTP (keep-alive); the table shows requests per second, its ratio to the reference scenario (the
 * lightest signed call, GET /api/v2/channel/languages: auth and a constant answer) measured again right before each
 * scenario, so ratios compare across machines and hold on a shared machine whose load drifts during a run (the "ref"
 * column is that paired measurement), p50/p90/p99 latency and CPU per request: "loop" is the server's
 * event loop (its own work), "proc" this process (server and load generator), "host" the whole machine (adds the
 * database; meaningful on an otherwise idle machine). Loop and proc stay comparable on a busy one. "bytes" is the
 * body per answer as it travelled (compressed when it was).
 * The setup adds, through the API, a verified creator with a channel per client and a follower per client who paid
 * the seeded monthly subscription with a saved card, for the "one per client" scenarios (each its own cache entry).
 * Budgets, printed as verdicts after the table: every dashboard scenario (creator and follower, one user and
 * one per client) at ≥ 0.5× the reference, and on PostgreSQL p99 ≤ 30 ms at 50 concurrent.
 *
 *   npm run bench:api                                   # embedded
 *   bash scripts/with-postgres.sh npm run bench:api     # PostgreSQL (with-postgres.sh exports TEST_DATABASE_URL)
 * Options (environment): BENCH_CONCURRENCY (50), BENCH_SECONDS (5), BENCH_MAX_REQUESTS (20000), BENCH_WARMUP (200),
 * BENCH_POOL (PostgreSQL pool size, default the server's own: DEFAULT_POOL_SIZE), BENCH_ONLY (run only the calls
 * whose name contains it; the reference always runs), BENCH_ACCEPT_ENCODING (the clients' Accept-Encoding: Chromium's `gzip, deflate, br`
 * by default, so answers of 1 kB and more come compressed as the app gets them; `identity` for answers as they are). Add a scenario to SCENARIOS to measure another call. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../server/app';
import { AdjustableClock } from '../server/platform/clock';
import { testConfig } from '../server/platform/config';
import type { ResolvedConfig } from '../server/context';
import { signInitData } from '../server/modules/sandbox/initData';
import { seedIfEmpty } from '../server/modules/sandbox/seed';
import { migrate } from '../server/platform/db/migrate';
import { DEFAULT_POOL_SIZE } from '../server/platform/db/db';
import { benchDatabase, percentile } from './bench-support';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 20_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const POOL = Number(process.env.BENCH_POOL ?? DEFAULT_POOL_SIZE);
const DASHBOARD_BUDGET_P99_MS = 30;
const DASHBOARD_BUDGET_RATIO = 0.5;
const REFERENCE = 'GET /api/v2/channel/languages (reference)';

interface Scenario {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  /** Telegram id of the caller (a seeded demo account), or one caller per client. */
  readonly as: number | readonly number[];
}

interface Context {
  /** A cursor to the second page of Alice's transactions, so the paged call reads past the first page. */
  readonly secondPage: string;
  /** Verified creators with a channel each, one per client (made by the benchmark). */
  readonly creators: readonly number[];
  /** Followers with a paid membership and a saved card each, one per client (made by the benchmark). */
  readonly followers: readonly number[];
}

const SCENARIOS = (context: Context): Scenario[] => [
  { name: REFERENCE, method: 'GET', path: '/api/v2/channel/languages', as: 1001 },
  { name: 'GET /api/v2/dashboard (creator)', method: 'GET', path: '/api/v2/dashboard?mode=creator', as: 1001 },
  {
    name: 'GET /api/v2/dashboard (creator, one per client)',
    method: 'GET',
    path: '/api/v2/dashboard?mode=creator',
    as: context.creators,
  },
  {
    name: 'POST /api/v2/dashboard/transactions (page 2)',
    method: 'POST',
    path: '/api/v2/dashboard/transactions',
    body: { mode: 'creator', list: 'all', startFrom: context.secondPage },
    as: 1001,
  },
  { name: 'GET /api/v2/dashboard (follower)', method: 'GET', path: '/api/v2/dashboard?mode=follower', as: 2001 },
  {
    name: 'GET /api/v2/dashboard (follower, one per client)',
    method: 'GET',
    path: '/api/v2/dashboard?mode=follower',
    as: context.followers,
  },
  {
    name: 'POST /api/v2/subscription/1/members',
    method: 'POST',
    path: '/api/v2/subscription/1/members',
    body: { filter: 'all', startFrom: null },
    as: 1001,
  },
];

/** Busy CPU time of the whole machine so far (Linux /proc/stat, all cores), in ms; NaN elsewhere. */
function machineCpuMs(): number {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((sum, value) => sum + value, 0);
    return ((total - idle) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function run(
  origin: string,
  scenario: Scenario,
  authorizations: readonly string[],
  budget: { requests: number; ms: number },
) {
  const init = {
    method: scenario.method,
    headers: {
      ...(scenario.body !== undefined ? { 'content-type': 'application/json' } : {}),
      'accept-encoding': process.env.BENCH_ACCEPT_ENCODING || 'gzip, deflate, br',
    },
    ...(scenario.body !== undefined ? { body: JSON.stringify(scenario.body) } : {}),
  };
  // The clients run in a worker thread: sharing the server's event loop would add their CPU to every latency.
  const serverLoopBefore = performance.eventLoopUtilization();
  const machineBefore = machineCpuMs();
  const processBefore = process.cpuUsage();
  const worker = new Worker(path.join(process.cwd(), 'scripts', 'bench-load-worker.mjs'), {
    workerData: {
      origin,
      path: scenario.path,
      init,
      authorizations,
      concurrency: CONCURRENCY,
      requests: budget.requests,
      ms: budget.ms,
    },
  });
  const outcome = await new Promise<{ latencies: number[]; errors: number; bytes: number; elapsed: number }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  const serverLoop = performance.eventLoopUtilization(serverLoopBefore);
  const processCpu = process.cpuUsage(processBefore);
  const machineCpu = machineCpuMs() - machineBefore;
  const latencies = outcome.latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    errors: outcome.errors,
    bytesPerAnswer: outcome.bytes / Math.max(1, latencies.length),
    rps: latencies.length / (outcome.elapsed / 1000),
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    // Busy time of the server's event loop per request (the server's own CPU, without the load generator).
    cpuMs: serverLoop.active / Math.max(1, latencies.length),
    // CPU of this process (server and load generator) and of the whole machine (adds the database), per request.
    processCpuMs: (processCpu.user + processCpu.system) / 1000 / Math.max(1, latencies.length),
    machineCpuMs: machineCpu / Math.max(1, latencies.length),
  };
}

/** A call to the server that must answer 200; its JSON body. */
async function call<T = unknown>(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(path.startsWith('http') ? path : `${origin}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Verified creators with one connected channel each, through the API and the sandbox control API, so that a scenario
 * can give every client its own creator (its own cache entry and row of the batched user lookup).
 */
async function makeCreators(origin: string, auth: (telegramId: number) => string, count: number): Promise<number[]> {
  const ids = Array.from({ length: count }, (_, index) => 900_000 + index);
  for (const telegramId of ids) {
    await call(origin, 'GET', '/api/v2/dashboard?mode=follower', undefined, { authorization: auth(telegramId) });
    await call(origin, 'POST', '/sandbox/kyc', { telegramId, status: 'approved' });
    await call(origin, 'POST', '/sandbox/bot/channel-added', {
      ownerTelegramId: telegramId,
      chatId: -1_000_900_000 - telegramId,
      title: `Bench channel ${telegramId}`,
    });
    await call(origin, 'GET', '/api/v2/dashboard?mode=creator', undefined, { authorization: auth(telegramId) });
  }
  return ids;
}

/**
 * Followers who each paid the seeded monthly subscription (subscription 1, Alice's journal) with a new card they
 * saved, as the app does it: a card token from the Smart Glocal double's tokenize URL, then the payment. Each has a
 * membership, a saved card and a ledger line on the dashboard, and they share one subscription's counts.
 */
async function makeFollowers(origin: string, auth: (telegramId: number) => string, count: number): Promise<number[]> {
  const ids = Array.from({ length: count }, (_, index) => 910_000 + index);
  for (const telegramId of ids) {
    const authorization = auth(telegramId);
    const { publicToken, tokenizeUrl } = await call<{ publicToken: string; tokenizeUrl: string }>(
      origin,
      'POST',
      '/api/v2/pay/smart_glocal/token',
      undefined,
      { authorization },
    );
    const tokenized = await call<{ data: { token: string } }>(
      origin,
      'POST',
      tokenizeUrl,
      {
        card: { number: '4242424242424242', expiration_month: '12', expiration_year: '35', security_code: '123' },
      },
      { 'x-public-token': publicToken },
    );
    await call(
      origin,
      'POST',
      '/api/v2/invoice/subscription/1/create',
      { paymentMethod: 'smart_glocal_form', cardToken: tokenized.data.token, publicToken, saveCard: true },
      {
        authorization,
        'idempotency-key': `bench-follower-${telegramId}`,
      },
    );
    const dashboard = await call<{ subscriptionMembers: unknown[]; cards: unknown[] }>(
      origin,
      'GET',
      '/api/v2/dashboard?mode=follower',
      undefined,
      { authorization },
    );
    if (dashboard.subscriptionMembers.length !== 1 || dashboard.cards.length !== 1)
      throw new Error(`follower ${telegramId}: the payment left no membership or card`);
  }
  return ids;
}

async function main(): Promise<void> {
  const { database, label, cleanup } = await benchDatabase(POOL);
  const clock = new AdjustableClock();
  // Sandbox on, a fixed bot token, no logging; the database is the one opened above.
  const config = testConfig() as ResolvedConfig;
  try {
    await migrate(database);
    await seedIfEmpty(database.db, clock, config);
    const app = await buildApp({ database, config, clock, logger: false });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = (telegramId: number) =>
      `TgAuth ${signInitData({ telegramId, firstName: `Bench ${telegramId}` }, config.botToken, clock.now())}`;

    const first = await fetch(`${origin}/api/v2/dashboard/transactions`, {
      method: 'POST',
      headers: { authorization: auth(1001), 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'creator' }),
    });
    const secondPage = ((await first.json()) as { nextFrom: string }).nextFrom;
    const creators = await makeCreators(origin, auth, CONCURRENCY);
    const followers = await makeFollowers(origin, auth, CONCURRENCY);

    console.info(
      `Backers API benchmark: ${label}; ${CONCURRENCY} concurrent clients, up to ${SECONDS} s or ${MAX_REQUESTS} requests per call`,
    );
    console.info(
      'call'.padEnd(52) +
        'requests'.padStart(9) +
        'errors'.padStart(8) +
        'req/s'.padStart(9) +
        'ref'.padStart(8) +
        'ratio'.padStart(8) +
        'p50 ms'.padStart(9) +
        'p90 ms'.padStart(9) +
        'p99 ms'.padStart(9) +
        'loop ms'.padStart(9) +
        'proc ms'.padStart(9) +
        'host ms'.padStart(9) +
        'bytes'.padStart(8),
    );
    const only = process.env.BENCH_ONLY;
    const scenarios = SCENARIOS({ secondPage, creators, followers }).filter(
      (candidate) => candidate.name === REFERENCE || !only || candidate.name.includes(only),
    );
    const measure = async (scenario: Scenario) => {
      const authorizations = (typeof scenario.as === 'number' ? [scenario.as] : scenario.as).map(auth);
      await run(origin, scenario, authorizations, { requests: WARMUP, ms: 10_000 });
      return run(origin, scenario, authorizations, { requests: MAX_REQUESTS, ms: SECONDS * 1000 });
    };
    const reference = scenarios.find((scenario) => scenario.name === REFERENCE)!;
    const verdicts: string[] = [];
    for (const scenario of scenarios) {
      const referenceRps = (await measure(reference)).rps;
      const result = scenario === reference ? await measure(reference) : await measure(scenario);
      const ratio = result.rps / referenceRps;
      console.info(
        scenario.name.padEnd(52) +
          String(result.count).padStart(9) +
          String(result.errors).padStart(8) +
          result.rps.toFixed(0).padStart(9) +
          referenceRps.toFixed(0).padStart(8) +
          `${ratio.toFixed(2)}×`.padStart(8) +
          result.p50.toFixed(1).padStart(9) +
          result.p90.toFixed(1).padStart(9) +
          result.p99.toFixed(1).padStart(9) +
          result.cpuMs.toFixed(2).padStart(9) +
          result.processCpuMs.toFixed(2).padStart(9) +
          result.machineCpuMs.toFixed(2).padStart(9) +
          result.bytesPerAnswer.toFixed(0).padStart(8),
      );
      if (scenario.name.startsWith('GET /api/v2/dashboard (')) {
        const checks = [
          `ratio ${ratio.toFixed(2)}× ${ratio >= DASHBOARD_BUDGET_RATIO ? 'within' : 'UNDER'} ≥ ${DASHBOARD_BUDGET_RATIO}×`,
        ];
        // The p99 budget is PostgreSQL's; the embedded database shares this process's CPU with the server.
        if (database.kind === 'postgres')
          checks.push(
            `p99 ${result.p99.toFixed(1)} ms ${result.p99 <= DASHBOARD_BUDGET_P99_MS ? 'within' : 'OVER'} ≤ ${DASHBOARD_BUDGET_P99_MS} ms`,
          );
        if (result.errors > 0) checks.push(`${result.errors} ERRORS`);
        verdicts.push(`budget: ${scenario.name}: ${checks.join('; ')}`);
      }
    }
    for (const verdict of verdicts) console.info(verdict);
    await app.close();
  } finally {
    await database.close();
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
