/** GET /transaction/{id} (spec sections 2, 3, 7): fields per type; only the owner's own lines. */
import type { TransactionResponse, TransactionsPage } from '../../../src/contract/api';
import { ALICE, BOB, type TestServer, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

const firstOf = async (user: typeof ALICE, mode: 'creator' | 'follower', type: string) => {
  let cursor: string | null = null;
  do {
    const page: { body: TransactionsPage } = await server.api<TransactionsPage>(
      user,
      'POST',
      '/dashboard/transactions',
      { mode, startFrom: cursor },
    );
    const found = page.body.transactions.find((t) => t.type === type);
    if (found) return found;
    cursor = page.body.nextFrom;
  } while (cursor !== null);
  throw new Error(`no ${type}`);
};

describe('GET /transaction/{id}', () => {
  test('a sale: price, fees, payout amount, payer, channel, subscription, member', async () => {
    const sale = await firstOf(ALICE, 'creator', 'sell_subscription');
    const answer = await server.api<TransactionResponse>(ALICE, 'GET', `/transaction/${sale.id}`);
    expect(answer.status).toBe(200);
    const t = answer.body.transaction;
    expect(t).toMatchObject({ id: sale.id, type: 'sell_subscription', paymentMethod: 'smart_glocal' });
    expect(t.total).toBe(t.payoutAmount);
    expect(t.amount).toBe(t.payoutAmount);
    expect(Math.round((t.providerFee! + t.serviceFee! + t.payoutAmount!) * 100)).toBe(Math.round(t.price! * 100));
    expect(t.serviceFee).toBeCloseTo(t.price! * 0.1, 2);
    expect(t.user).toBeDefined();
    expect(t.channel).toBeDefined();
    expect(t.subscription).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      period: expect.any(String),
    });
    expect(t.subscriptionMember).toMatchObject({ id: expect.any(Number) });
    expect(t.card).toMatchObject({ last4: expect.stringMatching(/^\d{4}$/) });
  });

  test('a donation received has no subscription; a withdrawal carries its account', async () => {
    const donation = await firstOf(ALICE, 'creator', 'get_donation');
    const got = (await server.api<TransactionResponse>(ALICE, 'GET', `/transaction/${donation.id}`)).body.transaction;
    expect(got).not.toHaveProperty('subscription');
    expect(got).not.toHaveProperty('subscriptionMember');
    const withdrawal = await firstOf(ALICE, 'creator', 'withdrawal');
    const paid = (await server.api<TransactionResponse>(ALICE, 'GET', `/transaction/${withdrawal.id}`)).body
      .transaction;
    expect(paid.withdrawalAccount).toMatchObject({
      country: expect.any(String),
      methodType: expect.any(String),
      currency: paid.currency,
    });
    expect(paid).not.toHaveProperty('user');
  });

  test("someone else's transaction answers 404 exactly like a missing one", async () => {
    const sale = await firstOf(ALICE, 'creator', 'sell_subscription');
    const foreign = await server.api(BOB, 'GET', `/transaction/${sale.id}`);
    const missing = await server.api(BOB, 'GET', '/transaction/987654');
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.code).toBe(missing.body.code);
    // Bob's own side of a payment is his.
    const purchase = await firstOf(BOB, 'follower', 'buy_subscription');
    expect((await server.api(BOB, 'GET', `/transaction/${purchase.id}`)).status).toBe(200);
    expect((await server.api(ALICE, 'GET', `/transaction/${purchase.id}`)).status).toBe(404);
  });
});
