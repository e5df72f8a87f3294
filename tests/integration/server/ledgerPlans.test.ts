/**
 * The ledger lists' prepared statements keep one plan for any parameters (server/platform/db/pipelinedPool.ts: generic
 * plans), so that plan must read one index range in the list's order and stop, whatever the statistics say. With one
 * creator holding most of the ledger, the generic plan of the channel page's list once chose an index of the user's
 * lines of those types and a sort: every line of the creator (0.8 s a page at a million lines). Here the server's own
 * statements (built by the same code, their text taken from a client that records them) are planned generically on a
 * skewed ledger, and each must read a page and stop (support/plans.ts). On both databases.
 */
import { sql } from 'drizzle-orm';
import { users } from '../../../server/platform/db/schema';
import { channelLedgerPages } from '../../../server/modules/channels/pageReads';
import { dashboardQueries } from '../../../server/modules/dashboard/queries';
import { RevenueRepository } from '../../../server/modules/revenue/repository';
import { userId } from '../money/support/money';
import { genericPlans, recordStatements, rowsRead } from '../support/plans';
import { type TestServer, creatorWithChannel, startTestServer } from '../support/testServer';

let server: TestServer;
let creatorId: number;
let followerId: number;
let channelId: number;
/** The creator's second channel: 100 lines older than the first one's 20,000. */
let smallChannelId: number;
beforeAll(async () => {
  server = await startTestServer();
  const creator = await creatorWithChannel(server);
  channelId = creator.channelId;
  smallChannelId = (await creatorWithChannel(server, { user: creator.user, chatId: creator.chatId - 1 })).channelId;
  creatorId = await userId(server, creator.user);
  // A skewed ledger: the creator holds most of it (every sale of the channel, and a withdrawal now and then), a
  // follower thousands of purchases, and 2,000 other users a line or two each.
  await server.database.db.execute(sql`insert into users (telegram_id, first_name, created_at, updated_at)
    select 70000000 + j, 'Payer ' || j, now(), now() from generate_series(1, 2000) j`);
  [{ id: followerId }] = (await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.telegramId} = 70000001`)) as [{ id: number }];
  const line = (userId: number | string, type: string, count: number, channel: string, daysAgo = 0) =>
    `insert into transactions (type, user_id, channel_id, currency, price, amount, payment_method, payment_id,
        created_at)
      select '${type}', ${userId}, ${channel}, 'eur', 500, 435, 'card', 'plan-${type}-' || j || '-' || random(),
        now() - interval '${daysAgo} days' - j * interval '1 minute'
      from generate_series(1, ${count}) j`;
  const lines = [
    line(creatorId, 'sell_subscription', 20_000, String(channelId)),
    line(creatorId, 'sell_subscription', 100, String(smallChannelId), 30),
    line(creatorId, 'withdrawal', 200, 'null'),
    line(followerId, 'buy_subscription', 3_000, String(channelId)),
    `insert into transactions (type, user_id, channel_id, currency, price, amount, payment_method, payment_id,
        created_at)
      select 'buy_subscription', u.id, ${channelId}, 'eur', 500, 500, 'card', 'plan-other-' || u.id || '-' || k, now()
      from users u, generate_series(1, 2) k where u.telegram_id > 70000001 and u.telegram_id <= 70002000`,
  ];
  // Written with the row triggers off (the kept sums are not what this test reads): through them, on the embedded
  // database, they take a minute.
  await server.database.withSession(async (session) => {
    await session.exec('set session_replication_role = replica');
    for (const statement of lines) await session.exec(statement);
    await session.exec('reset session_replication_role');
    await session.exec('analyze transactions');
  });
}, 180_000);
afterAll(() => server?.close());

/** Every statement the lists send, as the server builds them. */
function statements() {
  return recordStatements(async (db) => {
    const channelPage = channelLedgerPages(db);
    const dashboard = dashboardQueries(db);
    const cursor = { t: Date.now(), id: 1_000_000 };
    // The small channel's page: reached through an index of all the creator's lines, it would pass the big one's.
    await channelPage(creatorId, smallChannelId, null, true);
    await channelPage(creatorId, smallChannelId, null);
    await channelPage(creatorId, channelId, cursor);
    for (const mode of ['creator', 'follower'] as const) {
      const user = mode === 'creator' ? creatorId : followerId;
      await dashboard.transactions(user, mode, 'all', null, true);
      await dashboard.transactions(user, mode, 'all', null);
      await dashboard.transactions(user, mode, 'all', cursor);
    }
    await dashboard.transactions(creatorId, 'creator', 'withdrawals', null);
    const revenue = new RevenueRepository(db);
    const from = new Date(Date.now() - 400 * 86_400_000);
    await revenue.linePage({ creatorId, channelId: null }, from, new Date(), new Date(), null, 1000);
    const position = { countsAt: from.toISOString(), id: 1 };
    await revenue.linePage({ creatorId, channelId }, from, new Date(), new Date(), position, 1000);
  });
}

describe('ledger lists under a generic plan', () => {
  it('read a page and stop, on a ledger one creator dominates', async () => {
    const seen = await statements();
    expect(seen.length).toBe(12);
    for (const { statement, generic, root } of await genericPlans(server, seen)) {
      expect({ statement, generic }).toEqual({ statement, generic: true });
      // The page's lines (and a few a filter dropped) and their lookups by id: never the creator's 20,000 lines or
      // the follower's 3,000. A page is 1,000 lines for the export (unnamed), PAGE_SIZE + 1 for a list.
      const page = statement.startsWith('select') ? 1000 : 21;
      expect({ statement, bounded: rowsRead(root, 'transactions') <= 3 * page }).toEqual({ statement, bounded: true });
    }
  });
});
