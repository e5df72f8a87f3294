/**
 * `npm run bench:api`: API latency under concurrency.
 *
 * Starts the server in-process on the embedded database (in-memory PGlite) with the demo seed, or, when
 * DATABASE_URL (or TEST_DATABASE_URL, as scripts/with-postgres.sh sets) points at PostgreSQL, on a fresh database
 * created on that server (dropped afterwards). Each scenario runs with N concurrent clients for a bounded time and
 * count over real HTTP (keep-alive); the table shows requests per second, p50/p90/p99 latency and CPU per request:
 * "loop" is the server's event loop (its own work), "proc" this process (server and load generator), "host" the whole
 * machine (adds the database; meaningful on an otherwise idle machine). Loop and proc stay comparable on a busy one.
 * Budget: GET /api/v2/dashboard p99 ≤ 30 ms at 50 concurrent on PostgreSQL.
 *
 *   npm run bench:api                                   # embedded
 *   bash scripts/with-postgres.sh npm run bench:api     # PostgreSQL (with-postgres.sh exports TEST_DATABASE_URL)
 * Options (environment): BENCH_CONCURRENCY (50), BENCH_SECONDS (5), BENCH_MAX_REQUESTS (20000), BENCH_WARMUP (200),
 * BENCH_POOL (PostgreSQL pool size, default the concurrency), BENCH_ONLY (run only the calls whose name contains it). Add a scenario to SCENARIOS to measure another call.
 */
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
import { benchDatabase, percentile } from './bench-support';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 20_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const POOL = Number(process.env.BENCH_POOL ?? CONCURRENCY);
const DASHBOARD_BUDGET_P99_MS = 30;

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
}

const SCENARIOS = (context: Context): Scenario[] => [
  { name: 'GET /api/v2/dashboard (creator)', method: 'GET', path: '/api/v2/dashboard?mode=creator', as: 1001 },
  { name: 'GET /api/v2/dashboard (creator, one per client)', method: 'GET', path: '/api/v2/dashboard?mode=creator', as: context.creators },
  { name: 'POST /api/v2/dashboard/transactions (page 2)', method: 'POST', path: '/api/v2/dashboard/transactions', body: { mode: 'creator', list: 'all', startFrom: context.secondPage }, as: 1001 },
  { name: 'GET /api/v2/dashboard (follower)', method: 'GET', path: '/api/v2/dashboard?mode=follower', as: 2001 },
  { name: 'POST /api/v2/subscription/1/members', method: 'POST', path: '/api/v2/subscription/1/members', body: { filter: 'all', startFrom: null }, as: 1001 },
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

async function run(origin: string, scenario: Scenario, authorizations: readonly string[], budget: { requests: number; ms: number }) {
  const init = {
    method: scenario.method,
    headers: scenario.body !== undefined ? { 'content-type': 'application/json' } : {},
    ...(scenario.body !== undefined ? { body: JSON.stringify(scenario.body) } : {}),
  };
  // The clients run in a worker thread: sharing the server's event loop would add their CPU to every latency.
  const serverLoopBefore = performance.eventLoopUtilization();
  const machineBefore = machineCpuMs();
  const processBefore = process.cpuUsage();
  const worker = new Worker(path.join(process.cwd(), 'scripts', 'bench-load-worker.mjs'), {
    workerData: { origin, path: scenario.path, init, authorizations, concurrency: CONCURRENCY, requests: budget.requests, ms: budget.ms },
  });
  const outcome = await new Promise<{ latencies: number[]; errors: number; bytes: number; elapsed: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const serverLoop = performance.eventLoopUtilization(serverLoopBefore);
  const processCpu = process.cpuUsage(processBefore);
  const machineCpu = machineCpuMs() - machineBefore;
  const latencies = outcome.latencies.sort((a, b) => a - b);
  return {
    count: latencies.length, errors: outcome.errors, bytesPerAnswer: outcome.bytes / Math.max(1, latencies.length), rps: latencies.length / (outcome.elapsed / 1000),
    p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99),
    // Busy time of the server's event loop per request (the server's own CPU, without the load generator).
    cpuMs: serverLoop.active / Math.max(1, latencies.length),
    // CPU of this process (server and load generator) and of the whole machine (adds the database), per request.
    processCpuMs: (processCpu.user + processCpu.system) / 1000 / Math.max(1, latencies.length),
    machineCpuMs: machineCpu / Math.max(1, latencies.length),
  };
}

/**
 * Verified creators with one connected channel each, through the API and the sandbox control API, so that a scenario
 * can give every client its own creator (its own cache entry and row of the batched user lookup).
 */
async function makeCreators(origin: string, auth: (telegramId: number) => string, count: number): Promise<number[]> {
  const ids = Array.from({ length: count }, (_, index) => 900_000 + index);
  const call = async (method: string, path: string, body?: unknown, authorization?: string) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { ...(authorization ? { authorization } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  };
  for (const telegramId of ids) {
    await call('GET', '/api/v2/dashboard?mode=follower', undefined, auth(telegramId));
    await call('POST', '/sandbox/kyc', { telegramId, status: 'approved' });
    await call('POST', '/sandbox/bot/channel-added', { ownerTelegramId: telegramId, chatId: -1_000_900_000 - telegramId, title: `Bench channel ${telegramId}` });
    await call('GET', '/api/v2/dashboard?mode=creator', undefined, auth(telegramId));
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
    const auth = (telegramId: number) => `TgAuth ${signInitData({ telegramId, firstName: `Bench ${telegramId}` }, config.botToken, clock.now())}`;

    const first = await fetch(`${origin}/api/v2/dashboard/transactions`, {
      method: 'POST', headers: { authorization: auth(1001), 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'creator' }),
    });
    const secondPage = ((await first.json()) as { nextFrom: string }).nextFrom;
    const creators = await makeCreators(origin, auth, CONCURRENCY);

    console.info(`Backers API benchmark: ${label}; ${CONCURRENCY} concurrent clients, up to ${SECONDS} s or ${MAX_REQUESTS} requests per call`);
    console.info('call'.padEnd(48) + 'requests'.padStart(9) + 'errors'.padStart(8) + 'req/s'.padStart(9) + 'p50 ms'.padStart(9) + 'p90 ms'.padStart(9) + 'p99 ms'.padStart(9) + 'loop ms'.padStart(9) + 'proc ms'.padStart(9) + 'host ms'.padStart(9) + 'bytes'.padStart(8));
    let dashboardP99 = Number.NaN;
    const only = process.env.BENCH_ONLY;
    for (const scenario of SCENARIOS({ secondPage, creators }).filter((candidate) => !only || candidate.name.includes(only))) {
      const authorizations = (typeof scenario.as === 'number' ? [scenario.as] : scenario.as).map(auth);
      await run(origin, scenario, authorizations, { requests: WARMUP, ms: 10_000 });
      const result = await run(origin, scenario, authorizations, { requests: MAX_REQUESTS, ms: SECONDS * 1000 });
      if (scenario.name.startsWith('GET /api/v2/dashboard (creator)')) dashboardP99 = result.p99;
      console.info(
        scenario.name.padEnd(48) + String(result.count).padStart(9) + String(result.errors).padStart(8) + result.rps.toFixed(0).padStart(9) +
          result.p50.toFixed(1).padStart(9) + result.p90.toFixed(1).padStart(9) + result.p99.toFixed(1).padStart(9) + result.cpuMs.toFixed(2).padStart(9) +
          result.processCpuMs.toFixed(2).padStart(9) + result.machineCpuMs.toFixed(2).padStart(9) + result.bytesPerAnswer.toFixed(0).padStart(8),
      );
    }
    if (database.kind === 'postgres' && !Number.isNaN(dashboardP99)) {
      const verdict = dashboardP99 <= DASHBOARD_BUDGET_P99_MS ? 'within' : 'OVER';
      console.info(`budget: dashboard p99 ${dashboardP99.toFixed(1)} ms is ${verdict} the ${DASHBOARD_BUDGET_P99_MS} ms budget at ${CONCURRENCY} concurrent`);
    }
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
