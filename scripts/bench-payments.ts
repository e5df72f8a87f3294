/**
 * `npx tsx scripts/bench-payments.ts [--requests 400] [--concurrency 8]`: payment creation throughput and latency of
 * the reference server (real HTTP on loopback, the Smart Glocal double through the real adapter, embedded PostgreSQL
 * in memory; DATABASE_URL=postgres:// runs it on that server instead, in a fresh schema-migrated database you provide).
 *
 * Scenarios, each with requests spread over `concurrency` connections:
 * - create: POST /invoice/donation/{id}/create with a new card token (4242, paid at once): idempotency record,
 *   payment row, session/init/payment, the ready_to_confirm webhook and session/confirm, payment_finished, ledger pair;
 * - replay: the same call repeated with an Idempotency-Key already answered (what a double tap costs);
 * - check: POST /pay/smart_glocal/check of a paid payment.
 * Card tokens are made before the clock starts (tokenisation is the browser's call to the provider).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { AdjustableClock } from '../server/platform/clock';
import { testConfig } from '../server/platform/config';
import type { ResolvedConfig } from '../server/context';
import { signInitData } from '../server/modules/sandbox/initData';
import { openDatabase } from '../server/platform/db/db';
import { migrate } from '../server/platform/db/migrate';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? NaN : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const REQUESTS = option('requests', 400);
const CONCURRENCY = option('concurrency', 8);

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(label: string, count: number, run: (index: number) => Promise<number>): Promise<void> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    for (let index = next++; index < count; index = next++) {
      const begin = performance.now();
      const status = await run(index);
      latencies.push(performance.now() - begin);
      if (status !== 200) failures += 1;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.info(`${label.padEnd(48)} ${String(count).padStart(5)} req  ${(count / seconds).toFixed(1).padStart(7)} req/s  ` +
    `p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms${failures > 0 ? `  (${failures} failed)` : ''}`);
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url?.startsWith('postgres') ? { kind: 'postgres', url } : { kind: 'memory' });
  await migrate(database);
  // Throughput is measured, not people: no payment or webhook rate limits.
  const rateLimits = { paymentsPerMinute: 0, failedSignInsPerMinute: 0, webhooksPerMinute: 0 };
  const config = { ...testConfig({ database: database.kind === 'postgres' ? { kind: 'postgres', url: url ?? '' } : { kind: 'memory' }, rateLimits }), logLevel: 'silent' } as ResolvedConfig;
  const clock = new AdjustableClock();
  const app = await buildApp({ database, config, clock, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;

  const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await response.json()) as Record<string, unknown>;
    return { status: response.status, body: json };
  };
  const auth = (telegramId: number) => ({ authorization: `TgAuth ${signInitData({ telegramId, firstName: `Bench ${telegramId}` }, config.botToken, clock.now())}` });

  // A creator with a channel and a donation request.
  const creator = 880_001;
  await call('GET', '/api/v2/verification/status', undefined, auth(creator));
  await call('POST', '/sandbox/kyc', { telegramId: creator, status: 'approved' });
  const channel = await call('POST', '/sandbox/bot/channel-added', { ownerTelegramId: creator, chatId: -1_008_800_000_001, title: 'Bench channel', username: 'bench_channel' });
  const channelId = (channel.body.channel as { id: number }).id;
  const donation = await call('POST', `/api/v2/donation/request/channel/${channelId}`, { title: 'Tips', description: 'Bench', currency: 'eur', amount: 0, buttonText: 'Donate', pin: false, disableNotification: true }, auth(creator));
  const donationId = (donation.body.donation as { id: number }).id;

  const payers = Array.from({ length: 20 }, (_, index) => 880_100 + index);
  const headersOf = new Map(payers.map((payer) => [payer, auth(payer)]));
  const total = REQUESTS + 50;
  const tokens: string[] = [];
  for (let index = 0; index < total; index += 1) {
    // As the app: a public token from our API, then the card to the Smart Glocal double's tokenize URL.
    const access = await call('POST', '/api/v2/pay/smart_glocal/token', undefined, auth(payers[index % payers.length]));
    const tokenized = await fetch(access.body.tokenizeUrl as string, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-public-token': access.body.publicToken as string },
      body: JSON.stringify({ card: { number: '4242424242424242', expiration_month: '12', expiration_year: '35', security_code: '123' } }),
    });
    tokens.push(((await tokenized.json()) as { data: { token: string } }).data.token);
  }

  const answered: { payer: number; key: string; body: unknown; paymentId: string }[] = [];
  const create = async (index: number) => {
    const payer = payers[index % payers.length];
    const key = randomUUID();
    const body = { paymentMethod: 'smart_glocal_form', cardToken: tokens[index], amount: 5 };
    const answer = await call('POST', `/api/v2/invoice/donation/${donationId}/create`, body, { ...headersOf.get(payer), 'Idempotency-Key': key });
    if (answer.status === 200) answered.push({ payer, key, body, paymentId: answer.body.paymentId as string });
    return answer.status;
  };

  console.info(`bench-payments: ${database.kind} database, ${CONCURRENCY} concurrent clients, node ${process.version}`);
  for (let index = 0; index < 50; index += 1) await create(REQUESTS + index); // warm-up
  await measure('create (new card, paid at once)', REQUESTS, (index) => create(index));
  await measure('replay (same Idempotency-Key and body)', REQUESTS, async (index) => {
    const first = answered[index % answered.length];
    const answer = await call('POST', `/api/v2/invoice/donation/${donationId}/create`, first.body, { ...headersOf.get(first.payer), 'Idempotency-Key': first.key });
    return answer.status;
  });
  await measure('check (paid payment)', REQUESTS, async (index) => {
    const first = answered[index % answered.length];
    return (await call('POST', '/api/v2/pay/smart_glocal/check', { paymentId: first.paymentId }, headersOf.get(first.payer))).status;
  });

  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
