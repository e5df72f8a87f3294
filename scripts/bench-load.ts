/**
 * `npm run bench:load [-- --seconds 60 --users 50]`: the server under a mixed load, and the money invariant after it.
 *
 * The server runs in-process as in scripts/bench-api.ts (in-memory PGlite with the demo seed, or a fresh database on
 * the PostgreSQL server of DATABASE_URL / TEST_DATABASE_URL). Each of `users` users (a payer with a saved card)
 * is one keep-alive client in a worker thread (scripts/bench-mix-worker.mjs) that calls without pause for `seconds`:
 * four reads (their follower dashboard, their saved cards, a donation invoice page, their transactions) and every
 * fifth call a payment with the saved card (a new Idempotency-Key each): 80% reads, 20% payments. First, for
 * max(5 s, seconds / 6), the same clients call the lightest signed call, GET /api/v2/channel/languages, as the
 * baseline the table's ratios divide by (the same machine in the same run, so busy machines still compare).
 * Afterwards every user's balances (active + payout per currency) must equal their ledger sum.
 * Fails (exit 1) when more than 0.1% of calls fail or a balance differs from its ledger.
 *
 *   npm run bench:load -- --seconds 20
 *   bash scripts/with-postgres.sh npm run bench:load -- --seconds 20      # PostgreSQL
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { AdjustableClock } from '../server/platform/clock';
import { testConfig } from '../server/platform/config';
import type { ResolvedConfig } from '../server/context';
import { signInitData } from '../server/modules/sandbox/initData';
import { seedIfEmpty } from '../server/modules/sandbox/seed';
import { migrate } from '../server/platform/db/migrate';
import {
  NO_RATE_LIMITS,
  benchDatabase,
  donationWithSavedCards,
  inWorker,
  ledgerMismatches,
  percentile,
} from './bench-support';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? Number(process.env[`BENCH_${name.toUpperCase()}`]) : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const SECONDS = option('seconds', 60);
const USERS = option('users', 50);
const BASELINE_SECONDS = Math.max(5, Math.round(SECONDS / 6));
const PAYMENT_EVERY = 5; // 20% payments
const MAX_ERROR_RATE = 0.001;

interface Phase {
  latencies: number[];
  errors: number;
}

async function main(): Promise<void> {
  const { database, label, cleanup } = await benchDatabase(Math.max(10, Math.min(USERS, 50)));
  const clock = new AdjustableClock();
  // Throughput is measured, not people: no payment or webhook rate limits (20 payments a minute per user would refuse most).
  const config = testConfig({ rateLimits: NO_RATE_LIMITS }) as ResolvedConfig;
  let failed = false;
  try {
    await migrate(database);
    await seedIfEmpty(database.db, clock, config);
    const app = await buildApp({ database, config, clock, logger: false });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = (telegramId: number) =>
      `TgAuth ${signInitData({ telegramId, firstName: `Load ${telegramId}` }, config.botToken, clock.now())}`;
    // A creator with a channel and an open donation request; payers with one saved card each (a first payment saves it).
    const payers = Array.from({ length: USERS }, (_, index) => 870_100 + index);
    const { donationId, cards } = await donationWithSavedCards(origin, auth, 870_001, payers);
    const authorizations = payers.map(auth);

    console.info(
      `bench:load: ${label}; ${USERS} users, ${SECONDS} s mixed (80% reads, 20% payments) after a ${BASELINE_SECONDS} s baseline; node ${process.version}`,
    );
    const baselineRun = await inWorker<{ latencies: number[]; errors: number }>('bench-load-worker.mjs', {
      origin,
      path: '/api/v2/channel/languages',
      init: { method: 'GET', headers: {} },
      authorizations,
      concurrency: USERS,
      requests: Number.MAX_SAFE_INTEGER,
      ms: BASELINE_SECONDS * 1000,
    });
    const baseline: Phase = { latencies: baselineRun.latencies.sort((a, b) => a - b), errors: baselineRun.errors };

    const started = performance.now();
    const mixed = await inWorker<{ reads: Phase; payments: Phase & { paid: number }; samples: string[] }>(
      'bench-mix-worker.mjs',
      {
        origin,
        paymentEvery: PAYMENT_EVERY,
        ms: SECONDS * 1000,
        clients: payers.map((payer, index) => ({
          authorization: authorizations[index],
          reads: [
            { method: 'GET', path: '/api/v2/dashboard?mode=follower' },
            { method: 'GET', path: '/api/v2/follower/cards' },
            { method: 'GET', path: `/api/v2/invoice/donation/${donationId}` },
            { method: 'POST', path: '/api/v2/dashboard/transactions', body: { mode: 'follower' } },
          ],
          payment: {
            path: `/api/v2/invoice/donation/${donationId}/create`,
            body: { paymentMethod: 'smart_glocal_saved_card', cardId: cards.get(payer), amount: 1 },
          },
        })),
      },
    );
    const elapsed = (performance.now() - started) / 1000;
    mixed.reads.latencies.sort((a, b) => a - b);
    mixed.payments.latencies.sort((a, b) => a - b);

    const base50 = percentile(baseline.latencies, 50);
    const base99 = percentile(baseline.latencies, 99);
    const line = (name: string, phase: Phase) => {
      const total = phase.latencies.length + phase.errors;
      const p50 = percentile(phase.latencies, 50);
      const p99 = percentile(phase.latencies, 99);
      return (
        name.padEnd(34) +
        String(total).padStart(8) +
        String(phase.errors).padStart(8) +
        `${((phase.errors / Math.max(1, total)) * 100).toFixed(3)}%`.padStart(9) +
        (total / (name.startsWith('baseline') ? BASELINE_SECONDS : elapsed)).toFixed(0).padStart(8) +
        p50.toFixed(1).padStart(9) +
        p99.toFixed(1).padStart(9) +
        `×${(p50 / base50).toFixed(1)}`.padStart(9) +
        `×${(p99 / base99).toFixed(1)}`.padStart(9)
      );
    };
    console.info(
      'calls'.padEnd(34) +
        'count'.padStart(8) +
        'errors'.padStart(8) +
        'error %'.padStart(9) +
        'req/s'.padStart(8) +
        'p50 ms'.padStart(9) +
        'p99 ms'.padStart(9) +
        'p50/base'.padStart(9) +
        'p99/base'.padStart(9),
    );
    console.info(line('baseline GET /channel/languages', baseline));
    console.info(line('reads (4 kinds)', mixed.reads));
    console.info(line(`payments (saved card; ${mixed.payments.paid} paid)`, mixed.payments));
    const calls =
      mixed.reads.latencies.length + mixed.reads.errors + mixed.payments.latencies.length + mixed.payments.errors;
    const errors = mixed.reads.errors + mixed.payments.errors;
    const errorRate = errors / Math.max(1, calls);
    console.info(
      `errors: ${errors} of ${calls} calls (${(errorRate * 100).toFixed(3)}%; limit ${(MAX_ERROR_RATE * 100).toFixed(1)}%)`,
    );
    for (const sample of mixed.samples) console.info(`  e.g. ${sample}`);
    if (errorRate >= MAX_ERROR_RATE) failed = true;

    // The money invariant (as tests/integration/money/support/money.ts expectBalancesMatchLedger checks it).
    await app.deps.money.payments.reconcileOpen(clock.now());
    const { owners, mismatches } = await ledgerMismatches(database, clock.now());
    console.info(
      mismatches.length === 0
        ? `invariant: every balance equals its ledger (${owners} users)`
        : `invariant BROKEN:\n  ${mismatches.join('\n  ')}`,
    );
    if (mismatches.length > 0) failed = true;
    await app.close();
  } finally {
    await database.close();
    await cleanup();
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
