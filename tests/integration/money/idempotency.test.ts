/**
 * Idempotency-Key on payment creation over real HTTP: 20 concurrent creates with one key charge once and write one
 * ledger pair; a reused key with another body answers 422; keys are per user.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { payments, providerSessions } from '../../../server/platform/db/schema-money';
import { transactions } from '../../../server/platform/db/schema';
import { type TestServer, newUser, startTestServer } from '../support/testServer';
import { type Shop, expectBalancesMatchLedger, openShop, pay, newCard, userId } from './support/money';

let server: TestServer;
let shop: Shop;

beforeAll(async () => {
  server = await startTestServer();
  shop = await openShop(server);
}, 180_000);
afterAll(async () => server.close());
afterEach(async () => {
  await expectBalancesMatchLedger(server, shop.creatorId);
});

async function chargesOf(payerId: number) {
  const rows = await server.database.db.select().from(payments).where(eq(payments.userId, payerId));
  const sessions =
    rows.length === 0
      ? []
      : await server.database.db
          .select()
          .from(providerSessions)
          .where(
            inArray(
              providerSessions.reference,
              rows.map((row) => row.id),
            ),
          );
  const ledger =
    rows.length === 0
      ? []
      : await server.database.db
          .select()
          .from(transactions)
          .where(
            inArray(
              transactions.paymentId,
              rows.map((row) => row.id),
            ),
          );
  return { payments: rows, sessions, ledger };
}

it('20 concurrent creates with one key: one charge, one ledger pair, the same answer for all', async () => {
  const follower = newUser('Hammer');
  const key = randomUUID();
  const body = {
    paymentMethod: 'smart_glocal_form',
    ...(await newCard(server, follower, '4242424242424242')),
    amount: 12,
  };
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => pay(server, follower, 'donation', shop.donationId, body, key)),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  expect(new Set(answers.map((answer) => answer.body.paymentId)).size).toBe(1);
  expect(answers.every((answer) => answer.body.status === 'paid')).toBe(true);
  expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);

  const charges = await chargesOf(await userId(server, follower));
  expect(charges.payments).toHaveLength(1);
  expect(charges.sessions).toHaveLength(1);
  expect(charges.ledger.map((row) => row.type).sort()).toEqual(['get_donation', 'send_donation']);
});

it('20 concurrent creates with one key on a challenge card: one session, and the same redirect for all', async () => {
  const follower = newUser('Hammer3ds');
  const key = randomUUID();
  const body = { paymentMethod: 'smart_glocal_form', ...(await newCard(server, follower, '4000000000003220')) };
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => pay(server, follower, 'subscription', shop.subscriptions.monthly, body, key)),
  );
  expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
  expect(answers[0].body).toMatchObject({ status: 'action_required', userAction: { type: 'redirect' } });
  const charges = await chargesOf(await userId(server, follower));
  expect(charges.payments).toHaveLength(1);
  expect(charges.sessions).toHaveLength(1);
});

it('a later retry with the same key replays the first answer, even after the payment moved on', async () => {
  const follower = newUser('Retry');
  const key = randomUUID();
  const body = {
    paymentMethod: 'smart_glocal_form',
    ...(await newCard(server, follower, '4242424242424242')),
    amount: 3,
  };
  const first = await pay(server, follower, 'donation', shop.donationId, body, key);
  const second = await pay(server, follower, 'donation', shop.donationId, body, key);
  expect(second.body).toEqual(first.body);
  expect(second.headers.get('idempotent-replayed')).toBe('true');
  expect((await chargesOf(await userId(server, follower))).payments).toHaveLength(1);
});

it('the same key with a different body answers 422 idempotency_key_reused and charges nothing', async () => {
  const follower = newUser('Reuse');
  const key = randomUUID();
  const card = await newCard(server, follower, '4242424242424242');
  await pay(
    server,
    follower,
    'donation',
    shop.donationId,
    { paymentMethod: 'smart_glocal_form', ...card, amount: 5 },
    key,
  );
  const reused = await pay(
    server,
    follower,
    'donation',
    shop.donationId,
    { paymentMethod: 'smart_glocal_form', ...card, amount: 6 },
    key,
  );
  expect(reused).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
  const otherRoute = await pay(
    server,
    follower,
    'subscription',
    shop.subscriptions.weekly,
    { paymentMethod: 'smart_glocal_form', ...card, amount: 5 },
    key,
  );
  expect(otherRoute.status).toBe(422);
  expect((await chargesOf(await userId(server, follower))).payments).toHaveLength(1);
});

it("another user's key is theirs: the same key makes a separate payment and never shows the first user's answer", async () => {
  const first = newUser('KeyOne');
  const second = newUser('KeyTwo');
  const key = randomUUID();
  const body = { paymentMethod: 'smart_glocal_form', ...(await newCard(server, first, '4242424242424242')), amount: 8 };
  const a = await pay(server, first, 'donation', shop.donationId, body, key);
  // The same body from someone else carries a tokenisation that is not theirs: refused, not replayed.
  const stolen = await pay(server, second, 'donation', shop.donationId, body, key);
  expect(stolen).toMatchObject({
    status: 400,
    body: { code: 'validation_error', field: 'publicToken', reason: 'tokenization_unknown' },
  });
  const b = await pay(
    server,
    second,
    'donation',
    shop.donationId,
    { ...body, ...(await newCard(server, second, '4242424242424242')) },
    randomUUID(),
  );
  expect(b.status).toBe(200);
  expect(b.headers.get('idempotent-replayed')).toBeNull();
  expect(b.body.paymentId).not.toBe(a.body.paymentId);
  expect((await server.api(second, 'POST', '/pay/smart_glocal/check', { paymentId: a.body.paymentId })).status).toBe(
    404,
  );
});

it('a 4xx answer is kept for the key too (no second evaluation)', async () => {
  const follower = newUser('Rejected');
  const key = randomUUID();
  const body = {
    paymentMethod: 'smart_glocal_form',
    ...(await newCard(server, follower, '4242424242424242')),
    amount: 5000,
  };
  const first = await pay(server, follower, 'donation', shop.donationId, body, key);
  expect(first).toMatchObject({ status: 400, body: { code: 'validation_error' } });
  const again = await pay(server, follower, 'donation', shop.donationId, body, key);
  expect(again.status).toBe(400);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
});
