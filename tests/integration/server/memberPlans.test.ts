/**
 * The member lists' prepared statements (subscriptions/membersRepository.ts memberPages: every filter and group, first
 * page and after a cursor; the subscription page's two groups; a follower's memberships on the dashboard) keep one
 * generic plan for any parameters: on a subscription of 20,000 members beside a small one, each plan must read a page
 * and stop (support/plans.ts). On both databases.
 */
import { sql } from 'drizzle-orm';
import type { MemberFilter } from '../../../src/domain/entities';
import { users } from '../../../server/platform/db/schema';
import { dashboardQueries } from '../../../server/modules/dashboard/queries';
import { subscriptionDetailReads } from '../../../server/modules/subscriptions/detailReads';
import { type MemberGroup, memberPages } from '../../../server/modules/subscriptions/membersRepository';
import { userId } from '../money/support/money';
import { genericPlans, recordStatements, rowsRead } from '../support/plans';
import { type TestServer, creatorWithChannel, startTestServer } from '../support/testServer';

let server: TestServer;
let big: number;
let small: number;
let ownerId: number;
/** A member of both subscriptions. */
let memberId: number;
beforeAll(async () => {
  server = await startTestServer();
  const creator = await creatorWithChannel(server);
  const subscription = async (channelId: number) => {
    const created = await server.api<{ subscription: { id: number } }>(creator.user, 'POST', '/subscription/new', {
      channelId,
      name: 'Monthly',
      description: 'Support the channel',
      period: 'monthly',
      currency: 'eur',
      amount: 500,
      buttonText: 'Subscribe',
    });
    expect(created.status).toBe(200);
    return created.body.subscription.id;
  };
  big = await subscription(creator.channelId);
  small = await subscription(
    (await creatorWithChannel(server, { user: creator.user, chatId: creator.chatId - 1 })).channelId,
  );
  await server.database.db.execute(sql`insert into users (telegram_id, first_name, created_at, updated_at)
    select 71000000 + j, 'Member ' || j, now(), now() from generate_series(1, 20000) j`);
  ownerId = await userId(server, creator.user);
  [{ id: memberId }] = (await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.telegramId} = 71000001`)) as [{ id: number }];
  // Renewing, cancelled before their end, lapsed and expired by turns, joined a minute apart; the small subscription
  // has the first 50 of them, joined before all the others.
  const members = (subscriptionId: number, count: number, daysAgo: number) =>
    `insert into subscription_members (subscription_id, user_id, status, period, activated_at, expires_at,
        renewal_failed, price_minor, currency, created_at, updated_at)
      select ${subscriptionId}, u.id, case when j % 4 = 1 then 'cancelled' else 'active' end, 'monthly',
        now() - interval '${daysAgo} days' - j * interval '1 minute',
        now() + (case when j % 4 = 2 then -1 else 1 end) * (j % 29 + 1) * interval '1 day',
        j % 4 = 3, 500, 'eur', now() - interval '${daysAgo} days' - j * interval '1 minute', now()
      from (select id, telegram_id - 71000000 as j from users where telegram_id > 71000000
        and telegram_id <= ${71000000 + count}) u`;
  // Written with the row triggers off (their kept counts are not what this test reads): on the embedded database,
  // 20,000 members through them take minutes.
  await server.database.withSession(async (session) => {
    await session.exec('set session_replication_role = replica');
    for (const statement of [members(big, 20_000, 0), members(small, 50, 60)]) await session.exec(statement);
    await session.exec('reset session_replication_role');
    await session.exec('analyze subscription_members');
  });
}, 180_000);
afterAll(() => server?.close());

describe('member lists under a generic plan', () => {
  it('read a page and stop, for every filter and group, on a subscription of 20,000 members', async () => {
    const lists: { filter: MemberFilter; group?: MemberGroup }[] = [
      { filter: 'all' },
      { filter: 'active' },
      { filter: 'expiring' },
      { filter: 'expired' },
      { filter: 'all', group: 'live' },
      { filter: 'all', group: 'inactive' },
    ];
    const now = new Date();
    const seen = await recordStatements(async (db) => {
      const pages = memberPages(db);
      for (const list of lists) {
        // The small subscription's first page (an index of every member would pass the big one's), the big one's
        // page after a cursor halfway.
        await pages(small, { ...list, cursor: null, now });
        await pages(big, { ...list, cursor: { t: now.getTime() - 7 * 86_400_000, id: 1_000_000_000 }, now });
      }
      // The subscription page's groups, of the small subscription (the big one's members all come first by time).
      await subscriptionDetailReads(db)(ownerId, small, now);
      const dashboard = dashboardQueries(db);
      await dashboard.memberships(memberId, now, null, true);
      await dashboard.memberships(memberId, now, { t: now.getTime(), id: 1_000_000_000 });
    });
    expect(seen.length).toBe(2 * lists.length + 4);
    for (const { statement, generic, root } of await genericPlans(server, seen)) {
      expect({ statement, generic }).toEqual({ statement, generic: true });
      // A page (PAGE_SIZE + 1) of each part the list reads, and their lookups by id.
      expect({ statement, bounded: rowsRead(root, 'subscription_members') <= 3 * 21 }).toEqual({
        statement,
        bounded: true,
      });
    }
  });
});
