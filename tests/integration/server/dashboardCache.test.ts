/**
 * The creator dashboard answered from memory (server/modules/dashboard/cache.ts) must equal a freshly read one after
 * every kind of change it shows, including writes by another process (a second app on the same database, or plain
 * SQL) and changes driven by time alone; and the balance totals (migration 0003) must equal the ledger's sum.
 */
import { sql } from 'drizzle-orm';
import type { DashboardResponse } from '../../../src/contract/api';
import { money } from '../../../src/domain/money';
import { buildApp } from '../../../server/app';
import { balancesOf, ledgerSum, writeWithdrawal } from '../../../server/modules/payments/ledger/ledger';
import type { DbOrTx } from '../../../server/platform/db/moneyDb';
import { rowsOf } from '../../../server/platform/db/db';
import { ALICE, BOB, type TestServer, type TestUser, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

const DAY_SECONDS = 86_400;

/** The dashboard from the long-running server (its cache warm) and from a new process-like app (no cache). */
async function bothViews(user: TestUser = ALICE): Promise<{ cached: DashboardResponse; fresh: DashboardResponse }> {
  const cached = await server.api<DashboardResponse>(user, 'GET', '/dashboard?mode=creator');
  expect(cached.status).toBe(200);
  const other = await buildApp({
    database: server.database,
    config: server.config,
    clock: server.clock,
    logger: false,
  });
  try {
    const origin = await other.listen({ port: 0, host: '127.0.0.1' });
    const answer = await fetch(`${origin}/api/v2/dashboard?mode=creator`, {
      headers: { authorization: `TgAuth ${server.initData(user)}` },
    });
    expect(answer.status).toBe(200);
    return { cached: cached.body, fresh: (await answer.json()) as DashboardResponse };
  } finally {
    await other.close();
  }
}

async function aliceId(): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await server.database.db.execute(sql`select id from users where telegram_id = ${ALICE.telegramId}`),
  );
  return row!.id;
}

async function dashboardVersion(userId: number): Promise<number> {
  const [row] = rowsOf<{ version: number }>(
    await server.database.db.execute(sql`select version from dashboard_versions where user_id = ${userId}`),
  );
  return Number(row?.version ?? 0);
}

test('a repeated call answers the same dashboard as a fresh read', async () => {
  const first = await bothViews();
  const second = await bothViews();
  expect(second.cached).toEqual(first.fresh);
  expect(second.cached).toEqual(second.fresh);
});

test('a ledger write by another process bumps the version and shows at once; balances equal the ledger sum', async () => {
  await bothViews();
  const id = await aliceId();
  const before = await dashboardVersion(id);
  await server.database.db.transaction((tx) =>
    writeWithdrawal(tx as unknown as DbOrTx, {
      creatorId: id,
      amount: money(1234, 'eur'),
      paymentMethod: 'bank_card',
      at: new Date(server.clock.now()),
      account: { country: 'DE', methodType: 'bank_card', currency: 'eur', params: {} },
    }),
  );
  expect(await dashboardVersion(id)).toBeGreaterThan(before);
  const { cached, fresh } = await bothViews();
  expect(cached).toEqual(fresh);
  expect(cached.transactions[0]).toMatchObject({ type: 'withdrawal', amount: 12.34 });
  const balances = await balancesOf(server.database.db, id, server.clock.now());
  const sums = await ledgerSum(server.database.db, id);
  for (const currency of new Set([
    ...sums.keys(),
    ...balances.active.map((b) => b.currency),
    ...balances.payout.map((b) => b.currency),
  ])) {
    const total = [...balances.active, ...balances.payout]
      .filter((b) => b.currency === currency)
      .reduce((sum, b) => sum + b.minor, 0);
    expect({ currency, total }).toEqual({ currency, total: sums.get(currency) ?? 0 });
  }
});

test("a channel renamed in SQL and a counterparty's new name show at once", async () => {
  await bothViews();
  const id = await aliceId();
  await server.database.db.execute(
    sql`update channels set title = 'Renamed Journal' where owner_id = ${id} and title = 'Alice''s Journal'`,
  );
  let { cached, fresh } = await bothViews();
  expect(cached).toEqual(fresh);
  expect(cached.channels.map((channel) => channel.name)).toContain('Renamed Journal');

  // Bob signs in with a new first name: the auth hook refreshes his profile; Alice's ledger lines name him.
  expect((await server.api({ ...BOB, firstName: 'Robert' }, 'GET', '/dashboard?mode=follower')).status).toBe(200);
  ({ cached, fresh } = await bothViews());
  expect(cached).toEqual(fresh);
  expect(cached.transactions.some((line) => line.user?.firstName === 'Robert')).toBe(true);
});

test('member expiry and the earnings window change the dashboard without any write', async () => {
  const start = await bothViews();
  // The seed has memberships expiring within a day and an hour-old payment in the open window.
  server.clock.advance(DAY_SECONDS + 60);
  let { cached, fresh } = await bothViews();
  expect(cached).toEqual(fresh);
  expect(cached.channels.map((channel) => channel.activeSubscribers)).not.toEqual(
    start.fresh.channels.map((channel) => channel.activeSubscribers),
  );
  // Past the next 1st or 16th the open window's earnings become payable.
  server.clock.advance(16 * DAY_SECONDS);
  ({ cached, fresh } = await bothViews());
  expect(cached).toEqual(fresh);
  expect(cached.balances).not.toEqual(start.fresh.balances);
});
