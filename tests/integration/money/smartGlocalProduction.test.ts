/**
 * SANDBOX=0 with the SMART_GLOCAL_* variables set takes payments, as against Smart Glocal's demo server: here the
 * "Smart Glocal" is another server's double, reached only through the variables (its URL, project and keys as PEM
 * text). Without the variables, payments answer payments_disabled.
 */
import { eq } from 'drizzle-orm';
import type { CreatePaymentResponse, PaymentCheckResponse } from '../../../src/contract/api';
import { transactions } from '../../../server/platform/db/schema';
import { type TestServer, BOB, newUser, startTestServer } from '../support/testServer';
import { eventually } from '../support/eventually';
import { startSmartGlocalDouble } from '../support/smartGlocalDouble';

jest.setTimeout(180_000);

let smartGlocal: TestServer;
let production: TestServer;

beforeAll(async () => {
  const double = await startSmartGlocalDouble();
  smartGlocal = double.server;
  production = await startTestServer({ seed: true, config: { sandbox: false, smartGlocal: double.smartGlocal } });
});
afterAll(async () => {
  await production?.close();
  await smartGlocal?.close();
});

it('a follower pays a donation with a new card through Smart Glocal; no sandbox path exists', async () => {
  const follower = newUser('RealPayer');
  const access = await production.api<{ publicToken: string; tokenizeUrl: string }>(
    follower,
    'POST',
    '/pay/smart_glocal/token',
  );
  expect(access.body.tokenizeUrl).toBe(`${smartGlocal.baseUrl}/provider/cds/v1/tokenize/card`);
  const tokenized = await fetch(access.body.tokenizeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-public-token': access.body.publicToken },
    body: JSON.stringify({
      card: { number: '4242424242424242', expiration_month: '12', expiration_year: '35', security_code: '123' },
    }),
  });
  const cardToken = ((await tokenized.json()) as { data: { token: string } }).data.token;
  const created = await production.api<CreatePaymentResponse>(
    follower,
    'POST',
    '/invoice/donation/2/create',
    { paymentMethod: 'smart_glocal_form', cardToken, publicToken: access.body.publicToken, amount: 500 },
    { 'Idempotency-Key': 'real-1' },
  );
  expect(created.status).toBe(200);
  // No webhook reaches us: the answer to our confirmation, or the check, settles it.
  let paid = await production.api<PaymentCheckResponse>(follower, 'POST', '/pay/smart_glocal/check', {
    paymentId: created.body.paymentId,
  });
  await eventually(async () => {
    paid = await production.api<PaymentCheckResponse>(follower, 'POST', '/pay/smart_glocal/check', {
      paymentId: created.body.paymentId,
    });
    expect(paid.body.status).not.toBe('pending');
  });
  expect(paid.body).toMatchObject({
    status: 'paid',
    card: { brand: 'visa', last4: '4242' },
    transactionId: expect.any(Number),
  });
  const [sale] = await production.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, paid.body.transactionId!));
  expect(sale).toMatchObject({ type: 'send_donation', currency: 'rub', amount: 50000 });
  expect(
    (await production.request('POST', '/provider/cds/v1/tokenize/card', { card: { number: '4242424242424242' } }))
      .status,
  ).toBe(404);
});

it("a saved card of the seed is not Smart Glocal's: it fails with the provider's code, and nothing is charged", async () => {
  const cards = await production.api<{ cards: { id: number }[] }>(BOB, 'GET', '/follower/cards');
  const created = await production.api<CreatePaymentResponse>(
    BOB,
    'POST',
    '/invoice/donation/2/create',
    { paymentMethod: 'smart_glocal_saved_card', cardId: cards.body.cards[0].id, amount: 500 },
    { 'Idempotency-Key': 'real-2' },
  );
  expect(created.body).toMatchObject({ status: 'error', errorCode: 'token_not_found' });
});

it('without SMART_GLOCAL_* a production server disables payments', async () => {
  const off = await startTestServer({ seed: true, config: { sandbox: false } });
  try {
    expect((await off.api(newUser('NoPay'), 'POST', '/pay/smart_glocal/token')).body).toMatchObject({
      code: 'payments_disabled',
    });
    const answer = await off.api(
      newUser('NoPay2'),
      'POST',
      '/invoice/donation/2/create',
      { paymentMethod: 'smart_glocal', amount: 500 },
      { 'Idempotency-Key': 'off-1' },
    );
    expect(answer).toMatchObject({ status: 403, body: { code: 'payments_disabled' } });
  } finally {
    await off.close();
  }
});
