/**
 * `npm run bench:payments [-- --seconds 10 --concurrency 50]`: saved-card payment throughput and latency of the
 * reference server, and where its database time goes.
 *
 * The server runs in-process as in scripts/bench-load.ts (in-memory PGlite, or a fresh database on the PostgreSQL
 * server of DATABASE_URL / TEST_DATABASE_URL: `bash scripts/with-postgres.sh npm run bench:payments`, with the
 * server's own pool size; BENCH_POOL overrides it). The server reaches "Smart Glocal" through its real adapter and
 * SMART_GLOCAL_* settings: the sandbox's double in a process of its own, its sessions in memory
 * (scripts/bench-provider.ts; BENCH_DOUBLE_STORE=database: in its own database's tables), because Smart Glocal's work
 * runs on Smart Glocal's machines, not on the server's event loop or its PostgreSQL; BENCH_DOUBLE=inprocess puts it
 * back on the server's /provider and tables (as the sandbox runs it) for comparison.
 * `concurrency` payers, each with a saved card, pay the same creator's donation request (one hot creator:
 * their totals and dashboard version are what concurrent payments share), each on its own keep-alive client in a
 * worker thread (scripts/bench-mix-worker.mjs), a new Idempotency-Key per call. Each payment is the whole path: idempotency record, payment row, session/init/payment at the double, its
 * ready_to_confirm webhook and session/confirm, payment_finished, settlement (ledger pair).
 *
 * Phases: the lightest signed call (GET /api/v2/channel/languages) for `baseline-seconds` (the ratios divide by it:
 * same machine, same run); payments for `warmup-seconds` (5), not counted; payments for `seconds`, with where the
 * machine's CPU went meanwhile (Linux: the box, this process, PostgreSQL's processes, and the server's event loop on
 * a CPU or waiting for one; bench-support cpuAccount); then, unless BENCH_PROFILE=0, a shorter payments pass with every SQL statement and transaction timed (scripts/bench-statements.ts; it costs, so it is not in the figures above),
 * printed per paid payment (the heaviest BENCH_TOP shapes, 14; the server's statements, not the double's). Afterwards every payment must be paid once and every balance equal its ledger sum.
 * The CPU lines give each payment's CPU milliseconds: the server's (this process less the load generator's thread),
 * the double's process and PostgreSQL's. Where it goes: `npx tsx --cpu-prof scripts/bench-payments.ts` profiles the
 * server (this process's main thread) and BENCH_PROVIDER_ARGS=--cpu-prof the double; BENCH_PROFILE=0 keeps the
 * statement pass out of it.
 * Goals: embedded ≥ 0.03× the lightest call with p99 ≤ 400 ms; PostgreSQL p99 ≤ 250 ms (docs/PERFORMANCE.md).
 * Exits 1 when a call fails or the money does not add up (goals missed are reported, not failed: machines differ).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { AdjustableClock } from '../server/platform/clock';
import { type SmartGlocalConfig, testConfig } from '../server/platform/config';
import type { ResolvedConfig } from '../server/context';
import { signInitData } from '../server/modules/sandbox/initData';
import { migrate } from '../server/platform/db/migrate';
import { DEFAULT_POOL_SIZE, rowsOf } from '../server/platform/db/db';
import { WEBHOOK_PATH } from '../server/modules/payments/sandbox/plugin';
import {
  NO_RATE_LIMITS,
  benchDatabase,
  cpuAccount,
  donationWithSavedCards,
  inWorker,
  ledgerMismatches,
  percentile,
  postgresServerPids,
} from './bench-support';
import { profileStatements } from './bench-statements';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value =
    index === -1
      ? Number(process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`])
      : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const SECONDS = option('seconds', 10);
const CONCURRENCY = option('concurrency', 50);
const BASELINE_SECONDS = option('baseline-seconds', 5);
/**
 * Payments made and not counted right before the measured ones. A fresh server's first ~3 s of payments run at ~3/4
 * of its later throughput and hold nearly all of the p99 (most likely V8 still optimising the path): 1 s of warm-up
 * left them in the figures. The goals are a running server's.
 */
const WARMUP_SECONDS = option('warmup-seconds', 5);
const PROFILE_SECONDS = option('profile-seconds', 5);
const PROFILE = process.env.BENCH_PROFILE !== '0';
const PROFILE_TOP = option('top', 14);
/** The Smart Glocal double in a process of its own (as Smart Glocal is not on our machine); BENCH_DOUBLE=inprocess: on the server's /provider. */
const DOUBLE_OUTSIDE = process.env.BENCH_DOUBLE !== 'inprocess';

/** A port free now, for the server to listen on once "Smart Glocal" knows where to send webhooks. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts scripts/bench-provider.ts (the double in a process of its own; BENCH_PROVIDER_ARGS adds node flags to it,
 * e.g. `--cpu-prof`) and answers the settings to reach it.
 */
async function startProvider(webhookUrl: string): Promise<{ child: ChildProcess; settings: SmartGlocalConfig }> {
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      ...(process.env.BENCH_PROVIDER_ARGS ?? '').split(' ').filter(Boolean),
      path.join(process.cwd(), 'scripts', 'bench-provider.ts'),
      webhookUrl,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const settings = await new Promise<SmartGlocalConfig>((resolve, reject) => {
    // Its settings are the first JSON line (node flags such as --trace-deopt may print before it).
    const onLine = (line: string) => {
      if (!line.startsWith('{')) return;
      lines.off('line', onLine);
      resolve(JSON.parse(line) as SmartGlocalConfig);
    };
    lines.on('line', onLine);
    child.once('exit', (code) => reject(new Error(`the Smart Glocal double's process exited (${code})`)));
  });
  return { child, settings };
}

interface Phase {
  latencies: number[];
  errors: number;
  paid?: number;
}
interface MixResult {
  reads: Phase;
  payments: Phase & { paid: number };
  samples: string[];
  /** The load generator thread's own CPU time (null off Linux). */
  cpuMs: number | null;
}

async function main(): Promise<void> {
  const { database, label, cleanup } = await benchDatabase(Number(process.env.BENCH_POOL ?? DEFAULT_POOL_SIZE));
  const clock = new AdjustableClock();
  // Throughput is measured, not people: no payment or webhook rate limits.
  let failed = false;
  let provider: Awaited<ReturnType<typeof startProvider>> | null = null;
  try {
    const port = await freePort();
    if (DOUBLE_OUTSIDE) provider = await startProvider(`http://127.0.0.1:${port}${WEBHOOK_PATH}`);
    const config = testConfig({
      rateLimits: NO_RATE_LIMITS,
      ...(provider !== null ? { smartGlocal: provider.settings } : {}),
    }) as ResolvedConfig;
    await migrate(database);
    const app = await buildApp({ database, config, clock, logger: false });
    const origin = await app.listen({ port, host: '127.0.0.1' });
    const auth = (telegramId: number) =>
      `TgAuth ${signInitData({ telegramId, firstName: `Bench ${telegramId}` }, config.botToken, clock.now())}`;
    const creator = 880_001;
    const payers = Array.from({ length: CONCURRENCY }, (_, index) => 880_100 + index);
    const { donationId, cards } = await donationWithSavedCards(origin, auth, creator, payers);
    const authorizations = payers.map(auth);
    const pay = (ms: number) =>
      inWorker<MixResult>('bench-mix-worker.mjs', {
        origin,
        paymentEvery: 1,
        ms,
        clients: payers.map((payer, index) => ({
          authorization: authorizations[index],
          reads: [{ method: 'GET', path: '/api/v2/channel/languages' }],
          payment: {
            path: `/api/v2/invoice/donation/${donationId}/create`,
            body: { paymentMethod: 'smart_glocal_saved_card', cardId: cards.get(payer), amount: 1 },
          },
        })),
      });

    console.info(
      `bench:payments: ${label}; ${CONCURRENCY} concurrent payers of one creator, ${SECONDS} s after a ${BASELINE_SECONDS} s baseline and ${WARMUP_SECONDS} s of warm-up; node ${process.version}`,
    );
    await pay(1000); // the server's first payments (connections, prepared statements) before the baseline as well
    const baselineRun = await inWorker<{ latencies: number[]; errors: number; elapsed: number }>(
      'bench-load-worker.mjs',
      {
        origin,
        path: '/api/v2/channel/languages',
        init: { method: 'GET', headers: {} },
        authorizations,
        concurrency: CONCURRENCY,
        requests: Number.MAX_SAFE_INTEGER,
        ms: BASELINE_SECONDS * 1000,
      },
    );
    await pay(WARMUP_SECONDS * 1000);
    const started = Date.now();
    // Only this benchmark's PostgreSQL server: others may run on the same machine.
    const postgresPids = await postgresServerPids(database);
    const cpu = cpuAccount(
      provider?.child.pid !== undefined ? { "the Smart Glocal double's process": provider.child.pid } : {},
      postgresPids,
    );
    const measured = await pay(SECONDS * 1000);
    const elapsed = (Date.now() - started) / 1000;
    const cpuLine = cpu.stop(measured.payments.latencies.length, measured.cpuMs);

    const baseline = { ...baselineRun, latencies: baselineRun.latencies.sort((a, b) => a - b) };
    measured.payments.latencies.sort((a, b) => a - b);
    const baseRate = (baseline.latencies.length + baseline.errors) / (baselineRun.elapsed / 1000);
    const baseP99 = percentile(baseline.latencies, 99);
    const line = (name: string, phase: Phase, seconds: number) => {
      const total = phase.latencies.length + phase.errors;
      const rate = total / seconds;
      const p99 = percentile(phase.latencies, 99);
      return {
        rate,
        p99,
        text:
          name.padEnd(40) +
          String(total).padStart(7) +
          String(phase.errors).padStart(7) +
          rate.toFixed(1).padStart(9) +
          percentile(phase.latencies, 50).toFixed(1).padStart(9) +
          p99.toFixed(1).padStart(9) +
          `${(rate / baseRate).toFixed(3)}×`.padStart(10) +
          `×${(p99 / baseP99).toFixed(1)}`.padStart(9),
      };
    };
    console.info(
      'calls'.padEnd(40) +
        'count'.padStart(7) +
        'errors'.padStart(7) +
        'req/s'.padStart(9) +
        'p50 ms'.padStart(9) +
        'p99 ms'.padStart(9) +
        'req/s/base'.padStart(10) +
        'p99/base'.padStart(9),
    );
    console.info(line('baseline GET /api/v2/channel/languages', baseline, baselineRun.elapsed / 1000).text);
    const payments = line(`saved-card payment (${measured.payments.paid} paid)`, measured.payments, elapsed);
    console.info(payments.text);
    const ratio = payments.rate / baseRate;
    console.info(
      database.kind === 'postgres'
        ? `goal (PostgreSQL): p99 ≤ 250 ms: ${payments.p99 <= 250 ? 'met' : 'missed'} (${payments.rate.toFixed(0)} req/s, ${ratio.toFixed(3)}× the lightest call, p99 ${payments.p99.toFixed(0)} ms)`
        : `goal (embedded): ≥ 0.03× the lightest call and p99 ≤ 400 ms: ${ratio >= 0.03 && payments.p99 <= 400 ? 'met' : 'missed'} (${ratio.toFixed(3)}×, p99 ${payments.p99.toFixed(0)} ms)`,
    );
    if (cpuLine !== null) console.info(cpuLine);
    for (const sample of measured.samples) console.info(`  e.g. ${sample}`);
    if (measured.payments.errors > 0 || measured.payments.paid !== measured.payments.latencies.length) failed = true;

    if (PROFILE) {
      const profile = profileStatements(database);
      const profiled = await pay(PROFILE_SECONDS * 1000);
      profile.stop();
      const paid = Math.max(1, profiled.payments.paid);
      console.info(
        `\nwhere the database time goes (${PROFILE_SECONDS} s pass with every statement timed, ${paid} payments; per paid payment; BENCH_PROFILE=0 skips):`,
      );
      for (const text of profile.report(paid, PROFILE_TOP)) console.info(`  ${text}`);
      if (profiled.payments.errors > 0) failed = true;
    }

    // Every answered payment paid once, and the money adds up.
    await app.deps.money.payments.reconcileOpen(clock.now());
    const [counts] = rowsOf<{ paid: number; lines: number; distinct_payments: number }>(
      await database.db.execute(sql`
      select (select count(*) from payments where donation_id = ${donationId} and status = 'paid') as paid,
        count(*) as lines, count(distinct payment_id) as distinct_payments
      from transactions where donation_id = ${donationId} and type = 'get_donation'`),
    );
    const { owners, mismatches } = await ledgerMismatches(database, clock.now());
    const once =
      Number(counts!.paid) === Number(counts!.lines) && Number(counts!.lines) === Number(counts!.distinct_payments);
    console.info(
      `money: ${counts!.paid} paid payments, ${counts!.lines} creator ledger lines${once ? ' (one each)' : ' — NOT one per payment'}; ` +
        (mismatches.length === 0
          ? `every balance equals its ledger (${owners} users)`
          : `BROKEN:\n  ${mismatches.join('\n  ')}`),
    );
    if (!once || mismatches.length > 0) failed = true;
    await app.close();
  } finally {
    if (provider !== null && provider.child.exitCode === null) {
      // It drops its own database: wait for it (up to 10 s), so a PostgreSQL server is left as it was found.
      const exited = new Promise((resolve) => provider!.child.once('exit', resolve));
      provider.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    }
    await database.close();
    await cleanup();
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
