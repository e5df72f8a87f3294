/**
 * Payouts of earnings in other currencies: at the payout run they are converted into the payout account's
 * currency at the day's rate (the rates port, here the sandbox's double of the Frankfurter API over HTTP), the
 * withdrawal records the rate and both amounts, the transfer sends the converted sum, and a sum that converts below
 * the minimum waits. Balances always equal the ledger.
 */
import { and, eq } from 'drizzle-orm';
import type { PayoutResponse, TransactionDto } from '../../../src/contract/api';
import { transactions } from '../../../server/platform/db/schema';
import { providerPayouts } from '../../../server/platform/db/schema-money';
import { type TestServer, newUser, startTestServer } from '../support/testServer';
import { type Shop, expectBalancesMatchLedger, openShop, payWithNewCard } from './support/money';

const FEB_3 = Date.UTC(2026, 1, 3, 12, 0, 0);
const swiftParams = {
  city: 'Berlin',
  address: 'Unter den Linden 1',
  postal_code: '10117',
  iban: 'DE89370400440532013000',
};

let server: TestServer;
let dollars: Shop;
let pounds: Shop;

const advanceTo = async (ms: number) => {
  const answer = await server.request<{ jobs: { name: string; ok: boolean }[] }>('POST', '/sandbox/clock', {
    advanceSeconds: (ms - server.clock.now()) / 1000,
  });
  expect(answer.body.jobs.filter((job) => !job.ok)).toEqual([]);
};
const withdrawalsOf = (shop: Shop) =>
  server.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, shop.creatorId), eq(transactions.type, 'withdrawal')));

beforeAll(async () => {
  server = await startTestServer({ now: FEB_3 });
  dollars = await openShop(server, { currency: 'usd' as 'eur', price: 20 });
  pounds = await openShop(server, { currency: 'gbp' as 'eur', price: 20 });
  for (const shop of [dollars, pounds]) {
    const saved = await server.api(shop.creator, 'POST', '/payout/account', {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'swift',
      params: swiftParams,
    });
    expect(saved.status).toBe(200);
  }
  // $200 → $174.00 earned (3% provider, 10% service); £50 → £43.50.
  expect(
    (
      await payWithNewCard(server, newUser('Donor'), 'donation', dollars.donationId, '4242424242424242', {
        amount: 200,
      })
    ).status,
  ).toBe('paid');
  expect(
    (await payWithNewCard(server, newUser('Donor'), 'donation', pounds.donationId, '4242424242424242', { amount: 50 }))
      .status,
  ).toBe('paid');
}, 180_000);
afterAll(() => server.close());

describe('payouts of other currencies', () => {
  it('the double answers like Frankfurter: {amount, base, date, rates}, 404 for an unknown currency', async () => {
    const answer = await server.request<{ amount: number; base: string; date: string; rates: Record<string, number> }>(
      'GET',
      '/sandbox/rates/latest?from=USD&to=EUR',
    );
    expect(answer).toMatchObject({
      status: 200,
      body: { amount: 1, base: 'USD', date: '2026-02-03', rates: { EUR: 0.92 } },
    });
    expect((await server.request('GET', '/sandbox/rates/latest?from=XYZ&to=EUR')).status).toBe(404);
  });

  it('the payout page announces the dollars for 10 March (converted above the minimum) and the pounds for later', async () => {
    await advanceTo(Date.UTC(2026, 1, 26, 12));
    const payout = (await server.api<PayoutResponse>(dollars.creator, 'GET', '/payout')).body;
    expect(payout.nextPayoutBalances).toEqual([{ currency: 'usd', amount: 174 }]);
    expect((await server.api<PayoutResponse>(pounds.creator, 'GET', '/payout')).body.laterPayoutBalances).toEqual([
      { currency: 'gbp', amount: 43.5 },
    ]);
  });

  it('on the 10th the dollars go out converted: the withdrawal keeps the rate and both amounts, the transfer sends euros', async () => {
    await advanceTo(Date.UTC(2026, 2, 10, 13));
    const [withdrawal] = await withdrawalsOf(dollars);
    // $174.00 at 0.92 = €160.08.
    expect(withdrawal).toMatchObject({
      currency: 'usd',
      amount: 17_400,
      convertedCurrency: 'eur',
      convertedAmount: 16_008,
      conversionRate: '0.92',
    });
    const detail = await server.api<{ transaction: TransactionDto }>(
      dollars.creator,
      'GET',
      `/transaction/${withdrawal!.id}`,
    );
    expect(detail.body.transaction).toMatchObject({
      type: 'withdrawal',
      currency: 'usd',
      amount: 174,
      conversion: { currency: 'eur', amount: 160.08, rate: '0.92' },
    });
    const sent = await server.database.db.select().from(providerPayouts);
    expect(sent.map((payout) => ({ amount: Number(payout.amount), currency: payout.currency }))).toContainEqual({
      amount: 16_008,
      currency: 'eur',
    });
    const tracker = (await server.api<PayoutResponse>(dollars.creator, 'GET', '/payout')).body.payouts;
    expect(tracker).toEqual([expect.objectContaining({ amount: 160.08, currency: 'eur' })]);
    await expectBalancesMatchLedger(server, dollars.creatorId);
  });

  it('a sum that converts below the minimum waits in its own currency', async () => {
    expect(await withdrawalsOf(pounds)).toEqual([]);
    const payout = (await server.api<PayoutResponse>(pounds.creator, 'GET', '/payout')).body;
    expect(payout.payoutBalances).toEqual([{ currency: 'gbp', amount: 43.5 }]);
    await expectBalancesMatchLedger(server, pounds.creatorId);
  });
});
