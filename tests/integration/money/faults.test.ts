/**
 * A slow or failing card provider, through the Smart Glocal double's fault control
 * (POST /sandbox/provider/faults): the payment create call answers within PROVIDER_TIMEOUT_MS with the payment
 * pending, and the payment ends afterwards by itself (the provider's late webhook, or the reconcile job giving up a
 * payment the provider never saw within a minute). Times are scaled down: a 500 ms timeout and a 3 s slow provider.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { payments } from '../../../server/platform/db/schema-money';
import { transactions } from '../../../server/platform/db/schema';
import { eventually } from '../support/eventually';
import { type TestServer, newUser, startTestServer } from '../support/testServer';
import { type Shop, check, expectBalancesMatchLedger, openShop, pay, newCard } from './support/money';

let server: TestServer;
let shop: Shop;

beforeAll(async () => {
  server = await startTestServer({ config: { providerTimeoutMs: 500 } });
  shop = await openShop(server);
}, 180_000);
afterAll(async () => server.close());
afterEach(async () => {
  expect((await server.request('POST', '/sandbox/provider/faults', {})).status).toBe(200);
  await expectBalancesMatchLedger(server, shop.creatorId);
});

async function ledgerRowsOf(paymentId: string) {
  return server.database.db.select().from(transactions).where(eq(transactions.paymentId, paymentId));
}

it('a slow provider: create answers pending within the timeout, the late answer then pays it once', async () => {
  const payer = newUser('SlowProvider');
  const body = { paymentMethod: 'smart_glocal_form', ...(await newCard(server, payer, '4242424242424242')), amount: 4 };
  await server.request('POST', '/sandbox/provider/faults', {
    delayMs: 3_000,
    methods: ['session/init/payment'],
    times: 1,
  });
  const started = Date.now();
  const created = await pay(server, payer, 'donation', shop.donationId, body, randomUUID());
  expect(Date.now() - started).toBeLessThan(2_500);
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ status: 'pending' });
  // The provider finishes the work our call gave up on and tells us by webhook.
  await eventually(
    async () => expect((await check(server, payer, created.body.paymentId)).status).toBe('paid'),
    10_000,
  );
  expect((await ledgerRowsOf(created.body.paymentId)).map((row) => row.type).sort()).toEqual([
    'get_donation',
    'send_donation',
  ]);
});

it('a failing provider (500): create answers pending at once; the reconcile job ends it within a minute', async () => {
  const payer = newUser('FailingProvider');
  const body = { paymentMethod: 'smart_glocal_form', ...(await newCard(server, payer, '4242424242424242')), amount: 4 };
  await server.request('POST', '/sandbox/provider/faults', { failStatus: 500, methods: ['session/init/payment'] });
  const created = await pay(server, payer, 'donation', shop.donationId, body, randomUUID());
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ status: 'pending' });
  await server.request('POST', '/sandbox/provider/faults', {});

  // The provider never saw it: 61 s later (one job run at most behind) the reconcile job gives it up.
  const clock = await server.request<{ jobs: { name: string; ok: boolean }[] }>('POST', '/sandbox/clock', {
    advanceSeconds: 61,
  });
  expect(clock.body.jobs.filter((job) => !job.ok)).toEqual([]);
  const [row] = await server.database.db.select().from(payments).where(eq(payments.id, created.body.paymentId));
  expect(row).toMatchObject({ status: 'error', errorCode: 'payment_abandoned' });
  expect(await ledgerRowsOf(created.body.paymentId)).toEqual([]);
  expect((await check(server, payer, created.body.paymentId)).status).toBe('error');
});

it('a payment cut between its insert and the provider call is ended by reconciliation within 2 minutes', async () => {
  // The state a process leaves when it stops right after the insert: pending, no provider session.
  const payer = newUser('CutPayment');
  const body = { paymentMethod: 'smart_glocal_form', ...(await newCard(server, payer, '4242424242424242')), amount: 4 };
  await server.request('POST', '/sandbox/provider/faults', {
    failStatus: 503,
    methods: ['session/init/payment'],
    times: 1,
  });
  const created = await pay(server, payer, 'donation', shop.donationId, body, randomUUID());
  const [before] = await server.database.db.select().from(payments).where(eq(payments.id, created.body.paymentId));
  expect(before).toMatchObject({ status: 'pending', providerSessionId: null });

  await server.request('POST', '/sandbox/clock', { advanceSeconds: 30 });
  expect(
    (await server.database.db.select().from(payments).where(eq(payments.id, created.body.paymentId)))[0]!.status,
  ).toBe('pending');
  // Two job runs (JOB_INTERVAL_MS 60 s) cover the 60 s idle and abandon thresholds: ended within 2 minutes.
  await server.request('POST', '/sandbox/clock', { advanceSeconds: 60 });
  expect(
    (await server.database.db.select().from(payments).where(eq(payments.id, created.body.paymentId)))[0]!.status,
  ).toBe('error');
});
