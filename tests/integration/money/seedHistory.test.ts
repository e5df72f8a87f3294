/**
 * The demo seed's money history reads like live money: sales carry the sandbox provider's own fee, and a fresh
 * start's first job run pays nobody (the past payout days already paid what they would have), whatever the day of
 * the month the seed runs on (before, on and after a payout day, at a window start, and today).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { sandboxProviderFee } from '../../../server/modules/payments/sandbox/SmartGlocalDouble';
import type { PayoutResponse } from '../../../src/contract/api';
import { channels, donations, transactions } from '../../../server/platform/db/schema';
import { providerPayouts } from '../../../server/platform/db/schema-money';
import { ALICE, type TestServer, newUser, startTestServer } from '../support/testServer';
import { expectBalancesMatchLedger, payWithNewCard, userId } from './support/money';

describe('seeded money history', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  }, 180_000);
  afterAll(async () => server.close());

  it('every seeded sale keeps the fee the sandbox provider charges on live payments', async () => {
    const sales = await server.database.db
      .select()
      .from(transactions)
      .where(inArray(transactions.type, ['sell_subscription', 'get_donation']));
    expect(sales.length).toBeGreaterThan(10);
    for (const sale of sales) {
      expect({ id: sale.id, providerFee: Number(sale.providerFee) }).toEqual({
        id: sale.id,
        providerFee: sandboxProviderFee(Number(sale.price)),
      });
    }
  });

  it('the first run of the jobs pays nobody out', async () => {
    const alice = await userId(server, ALICE);
    const before = await server.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, alice), eq(transactions.type, 'withdrawal')));
    const answer = await server.request<{ jobs: { name: string; ok: boolean }[] }>('POST', '/sandbox/clock', {
      advanceSeconds: 1,
    });
    expect(answer.body.jobs.filter((job) => !job.ok)).toEqual([]);
    const after = await server.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, alice), eq(transactions.type, 'withdrawal')));
    expect(after).toHaveLength(before.length);
    expect(await server.database.db.select().from(providerPayouts)).toEqual([]);
    await expectBalancesMatchLedger(server, alice);
  });

  it("the demo creator's payout goes to her seeded card at the double and arrives", async () => {
    const alice = await userId(server, ALICE);
    // A follower trying the sandbox donates enough for a payout (the seed's own euro balance is below €100).
    const [donation] = await server.database.db
      .select({ id: donations.id })
      .from(donations)
      .innerJoin(channels, eq(channels.id, donations.channelId))
      .where(eq(channels.ownerId, alice))
      .limit(1);
    expect(
      await payWithNewCard(server, newUser('Donor'), 'donation', donation!.id, '4242424242424242', { amount: 150 }),
    ).toMatchObject({ status: 'paid' });
    // A half-month's earnings are paid on the payout day after the next half-month ends: at most 46 days on.
    const answer = await server.request<{ jobs: { name: string; ok: boolean }[] }>('POST', '/sandbox/clock', {
      advanceSeconds: 46 * 24 * 3600,
    });
    expect(answer.body.jobs.filter((job) => !job.ok)).toEqual([]);
    const sent = await server.database.db.select().from(providerPayouts);
    expect(sent).toEqual([expect.objectContaining({ status: 'succeeded', currency: 'eur' })]);
    const { payouts } = (await server.api<PayoutResponse>(ALICE, 'GET', '/payout')).body;
    expect(payouts).toEqual([expect.objectContaining({ status: 'arrived', currency: 'eur' })]);
    await expectBalancesMatchLedger(server, alice);
  });
});

describe.each([
  ['today', Date.UTC(2026, 10, 26, 10, 30)],
  ['right now', Date.now()],
  ['a payout morning', Date.UTC(2026, 10, 25, 4, 0)],
  ['a payout day after the run', Date.UTC(2026, 10, 10, 12, 0)],
  ['a window start', Date.UTC(2026, 10, 16, 1, 0)],
])("seeded %s: the jobs at the seed's now change nothing (past payout days are done)", (_name, now) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, now });
  }, 180_000);
  afterAll(async () => server.close());

  it('same ledger and balances after a job run', async () => {
    const alice = await userId(server, ALICE);
    const ledger = async () => (await server.database.db.select().from(transactions)).length;
    const balances = async () => (await server.api(ALICE, 'GET', '/payout')).body;
    const [rowsBefore, balancesBefore] = [await ledger(), await balances()];
    // npm start runs the jobs a minute after the seed.
    const answer = await server.request<{ jobs: { name: string; ok: boolean }[] }>('POST', '/sandbox/clock', {
      advanceSeconds: 60,
    });
    expect(answer.body.jobs.filter((job) => !job.ok)).toEqual([]);
    expect(await ledger()).toBe(rowsBefore);
    expect(await balances()).toEqual(balancesBefore);
    expect(await server.database.db.select().from(providerPayouts)).toEqual([]);
    await expectBalancesMatchLedger(server, alice);
  });
});
