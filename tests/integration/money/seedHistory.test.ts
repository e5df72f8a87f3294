/**
 * The demo seed's money history reads like live money: sales carry the sandbox provider's own fee, and a fresh
 * start's first job run pays nobody (the past payout days already paid what they would have).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { sandboxProviderFee } from '../../../server/modules/payments/sandbox/SmartGlocalDouble';
import { transactions } from '../../../server/platform/db/schema';
import { providerPayouts } from '../../../server/platform/db/schema-money';
import { ALICE, type TestServer, startTestServer } from '../support/testServer';
import { expectBalancesMatchLedger, userId } from './support/money';

describe('seeded money history', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  }, 60_000);
  afterAll(async () => server.close());

  it('every seeded sale keeps the fee the sandbox provider charges on live payments', async () => {
    const sales = await server.database.db.select().from(transactions).where(inArray(transactions.type, ['sell_subscription', 'get_donation']));
    expect(sales.length).toBeGreaterThan(10);
    for (const sale of sales) {
      expect({ id: sale.id, providerFee: Number(sale.providerFee) }).toEqual({ id: sale.id, providerFee: sandboxProviderFee(Number(sale.price)) });
    }
  });

  it('the first run of the jobs pays nobody out', async () => {
    const alice = await userId(server, ALICE);
    const before = await server.database.db.select().from(transactions).where(and(eq(transactions.userId, alice), eq(transactions.type, 'withdrawal')));
    const answer = await server.request<{ jobs: { name: string; ok: boolean }[] }>('POST', '/sandbox/clock', { advanceSeconds: 1 });
    expect(answer.body.jobs.filter((job) => !job.ok)).toEqual([]);
    const after = await server.database.db.select().from(transactions).where(and(eq(transactions.userId, alice), eq(transactions.type, 'withdrawal')));
    expect(after).toHaveLength(before.length);
    expect(await server.database.db.select().from(providerPayouts)).toEqual([]);
    await expectBalancesMatchLedger(server, alice);
  });
});
