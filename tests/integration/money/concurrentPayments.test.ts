/**
 * Payments to one creator at the same moment: their balance totals and dashboard version are rows every
 * such payment updates (at commit, migration 0015). However the commits interleave, each payment settles once, the
 * creator's balance equals their ledger and the sum of what the payments earned, and the creator's dashboard version
 * moved past every one of them.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/platform/db/db';
import { transactions } from '../../../server/platform/db/schema';
import { payments } from '../../../server/platform/db/schema-money';
import { type TestServer, newUser, startTestServer } from '../support/testServer';
import { type Shop, expectBalancesMatchLedger, openShop, pay, newCard } from './support/money';

const PAYERS = 12;

let server: TestServer;
let shop: Shop;

beforeAll(async () => {
  server = await startTestServer();
  shop = await openShop(server);
}, 180_000);
afterAll(async () => server.close());

async function dashboardVersion(userId: number): Promise<number> {
  const [row] = rowsOf<{ version: number }>(
    await server.database.db.execute(sql`select version from dashboard_versions where user_id = ${userId}`),
  );
  return Number(row?.version ?? 0);
}

it('settles concurrent payments to one creator once each, with totals equal to the ledger', async () => {
  const payers = Array.from({ length: PAYERS }, (_, index) => newUser(`Concurrent ${index}`));
  // One card for everyone (its token names the card); each payer's own tokenisation.
  const tokens: { cardToken: string; publicToken: string }[] = [];
  for (const payer of payers) tokens.push(await newCard(server, payer, '4242424242424242'));
  const versionBefore = await dashboardVersion(shop.creatorId);

  // Every payer taps Pay at once; a third of them tap twice (the same Idempotency-Key and body).
  const requests = payers.flatMap((payer, index) => {
    const key = randomUUID();
    const body = { paymentMethod: 'smart_glocal_form', ...tokens[index], amount: 3 + index };
    const once = () => pay(server, payer, 'donation', shop.donationId, body, key);
    return index % 3 === 0 ? [once(), once()] : [once()];
  });
  const answers = await Promise.all(requests);
  for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { status: 'paid' } });
  const paymentIds = new Set(answers.map((answer) => answer.body.paymentId));
  expect(paymentIds.size).toBe(PAYERS);

  const lines = await server.database.db.select().from(transactions).where(eq(transactions.userId, shop.creatorId));
  expect(lines).toHaveLength(PAYERS);
  expect(new Set(lines.map((line) => line.paymentId))).toEqual(paymentIds);
  const rows = await server.database.db.select().from(payments).where(eq(payments.donationId, shop.donationId));
  expect(rows).toHaveLength(PAYERS);
  expect(rows.every((row) => row.status === 'paid')).toBe(true);

  const balances = await expectBalancesMatchLedger(server, shop.creatorId);
  expect(balances.get('eur')).toBe(lines.reduce((sum, line) => sum + Number(line.amount), 0));
  // The creator's dashboard shows each of these payments: a read after them sees a version bumped for each.
  expect(await dashboardVersion(shop.creatorId)).toBeGreaterThanOrEqual(versionBefore + PAYERS);
});
