/**
 * The revenue series' prepared statements (revenue/series.ts: every channel, or one) keep one generic plan for any
 * parameters (server/platform/db/pipelinedPool.ts), so that plan must read the kept rows of the creator's (or the
 * channel's) range only: the days and months in it, the quarter hours of the days a zone cuts, and the members whose
 * end falls in now's quarter hour. Here another creator holds a hundred times the creator's kept days and months (ten
 * times the quarter hours), 2,000 small creators a year each, the creator's history goes back 600 days and one of its
 * channels holds 20,000 members; each statement, for every period and in a zone off UTC, must read no more than its
 * scope holds in its range (support/plans.ts). On both databases.
 */
import { sql } from 'drizzle-orm';
import { REVENUE_PERIODS } from '../../../src/domain/revenue-periods';
import { revenueBucketStarts, revenueRange } from '../../../src/domain/revenue';
import { RevenueSeriesRepository } from '../../../server/modules/revenue/series';
import { userId } from '../money/support/money';
import { genericPlans, recordStatements, rowsRead } from '../support/plans';
import { type TestServer, creatorWithChannel, startTestServer } from '../support/testServer';

/** Days of kept rows, back from today: well beyond the longest series (a year of months). */
const DAYS = 600;
/** Days of kept quarter hours, back from today: beyond the 31 days a zone off UTC cuts in the day series. */
const SLOT_DAYS = 100;
/**
 * The other creator's channels, each with as many kept rows as the creator's big channel: 100 for the days and months
 * (a few hundred rows are read whole by any plan), 10 for the quarter hours (the embedded database writes 100 slowly).
 */
const OTHER_CHANNELS = { days: 100, slots: 10 };

let server: TestServer;
let creatorId: number;
let bigChannelId: number;
let smallChannelId: number;
beforeAll(async () => {
  server = await startTestServer();
  const creator = await creatorWithChannel(server);
  bigChannelId = creator.channelId;
  smallChannelId = (await creatorWithChannel(server, { user: creator.user, chatId: creator.chatId - 1 })).channelId;
  creatorId = await userId(server, creator.user);
  const other = await creatorWithChannel(server);
  const otherId = await userId(server, other.user);
  const subscription = await server.api<{ subscription: { id: number } }>(creator.user, 'POST', '/subscription/new', {
    channelId: bigChannelId,
    name: 'Monthly',
    description: 'Support the channel',
    period: 'monthly',
    currency: 'eur',
    amount: 500,
    buttonText: 'Subscribe',
  });
  expect(subscription.status).toBe(200);
  const subscriptionId = subscription.body.subscription.id;
  // The kept rows (what the triggers keep from the ledger and the memberships) written as such: `owner` and `channel`
  // are SQL expressions over k, the channel's number (from 1; the creator's own has one channel).
  const kept = (owner: string, channel: string, count: { days: number; slots: number }) => {
    const channels = `generate_series(1, ${count.days}) k`;
    const slotChannels = `generate_series(1, ${count.slots}) k`;
    const line = `'eur', 'sell_subscription', 'subscription', 435, 0, 0, 1`;
    const lineColumns = 'currency, type, source, amount, stars_minor, stars, lines';
    return [
      `insert into revenue_days (user_id, day, channel_id, ${lineColumns})
        select ${owner}, revenue_day(now()) - d * interval '1 day', ${channel}, ${line}
        from ${channels}, generate_series(0, ${DAYS}) d`,
      `insert into revenue_months (user_id, month, channel_id, ${lineColumns})
        select distinct ${owner}, revenue_month(now() - d * interval '1 day'), ${channel}, ${line}
        from ${channels}, generate_series(0, ${DAYS}) d`,
      `insert into revenue_slots (user_id, slot, channel_id, ${lineColumns})
        select ${owner}, revenue_slot(now()) - q * interval '15 minutes', ${channel}, ${line}
        from ${slotChannels}, generate_series(0, ${SLOT_DAYS * 96}) q`,
      `insert into channel_member_days (channel_id, day, joined, expiring)
        select ${channel}, revenue_day(now()) - d * interval '1 day', 3, 2 from ${channels}, generate_series(0, ${DAYS}) d`,
      `insert into channel_member_months (channel_id, month, joined, expiring)
        select distinct ${channel}, revenue_month(now() - d * interval '1 day'), 90, 60
        from ${channels}, generate_series(0, ${DAYS}) d`,
      `insert into channel_member_slots (channel_id, slot, joined, expiring)
        select ${channel}, revenue_slot(now()) - q * interval '15 minutes', 1, 1
        from ${slotChannels}, generate_series(0, ${SLOT_DAYS * 96}) q`,
    ];
  };
  await server.database.db.execute(sql`insert into users (telegram_id, first_name, created_at, updated_at)
    select 72000000 + j, 'Member ' || j, now(), now() from generate_series(1, 20000) j`);
  // The members end a quarter hour apart around now, so now's own quarter hour holds one or two of them.
  const members = `insert into subscription_members (subscription_id, user_id, status, period, activated_at,
      expires_at, renewal_failed, price_minor, currency, created_at, updated_at)
    select ${subscriptionId}, u.id, 'active', 'monthly', now() - interval '30 days',
      now() + (u.telegram_id - 72010000) * interval '15 minutes', false, 500, 'eur', now(), now()
    from users u where u.telegram_id > 72000000 and u.telegram_id <= 72020000`;
  // And 2,000 creators of a channel each with a month of days and a year of months, as a real database has: with few
  // creators a plan may rightly read a small table whole, and the test would say nothing of one with many.
  const many = ['revenue_days', 'revenue_months', 'channel_member_days', 'channel_member_months'].map((table) => {
    const unit = table.endsWith('days') ? 'day' : 'month';
    const at =
      unit === 'day' ? `revenue_day(now()) - d * interval '1 day'` : `revenue_month(now()) - d * interval '1 month'`;
    const series = `generate_series(1, 2000) j, generate_series(0, ${unit === 'day' ? 29 : 11}) d`;
    return table.startsWith('revenue')
      ? `insert into ${table} (user_id, ${unit}, channel_id, currency, type, source, amount, lines)
          select 50000000 + j, ${at}, 50000000 + j, 'eur', 'sell_subscription', 'subscription', 435, 1 from ${series}`
      : `insert into ${table} (channel_id, ${unit}, joined, expiring) select 50000000 + j, ${at}, 1, 1 from ${series}`;
  });
  // Written with the row triggers off: these rows are what the triggers would keep, not inputs to them.
  await server.database.withSession(async (session) => {
    await session.exec('set session_replication_role = replica');
    const statements = [
      ...kept(String(creatorId), String(bigChannelId), { days: 1, slots: 1 }),
      ...kept(String(otherId), `${other.channelId} * 1000 + k`, OTHER_CHANNELS),
      ...many,
      members,
    ];
    for (const statement of statements) await session.exec(statement);
    await session.exec('reset session_replication_role');
    for (const table of ['revenue', 'channel_member'].flatMap((kind) =>
      ['days', 'months', 'slots'].map((unit) => `${kind}_${unit}`),
    ))
      await session.exec(`analyze ${table}`);
    await session.exec('analyze subscription_members');
  });
}, 180_000);
afterAll(() => server?.close());

describe('the revenue series under a generic plan', () => {
  it('reads only the kept rows of its scope and range, for every period, on a skewed database', async () => {
    const now = Date.now();
    // UTC+01:30 cuts every UTC day (its slots are read) as well as UTC itself.
    const offsets = [0, 90];
    const scopes = [null, bigChannelId, smallChannelId];
    const seen = await recordStatements(async (db) => {
      const series = new RevenueSeriesRepository(db);
      for (const period of REVENUE_PERIODS)
        for (const offset of offsets)
          for (const channelId of scopes)
            await series.read(
              { creatorId, channelId },
              revenueBucketStarts(period, now, offset),
              revenueRange(period, now, offset).to,
              now,
            );
    });
    expect(seen.length).toBe(REVENUE_PERIODS.length * offsets.length * scopes.length);
    const plans = await genericPlans(server, seen);
    for (const [index, { statement, generic, root }] of plans.entries()) {
      expect({ statement, generic }).toEqual({ statement, generic: true });
      // The creator's kept rows are all the big channel's (the small one has none): any scope reads at most that
      // channel's rows in the longest range (a year of days, 13 months, the quarter hours of 32 days: the 31 a zone
      // cuts and today), never the creator's older rows nor another creator's.
      const bounds = {
        revenue_days: 400,
        channel_member_days: 400,
        revenue_months: 13,
        channel_member_months: 13,
        revenue_slots: 32 * 96,
        channel_member_slots: 32 * 96,
        // Those ending in now's quarter hour (and an index entry either side).
        subscription_members: 4,
      };
      const read = Object.fromEntries(Object.keys(bounds).map((table) => [table, rowsRead(root, table)]));
      const within = Object.fromEntries(
        Object.entries(bounds).map(([table, bound]) => [table, read[table]! <= bound ? 'within' : read[table]]),
      );
      const scope = scopes[index % scopes.length];
      expect({ statement, scope, within }).toEqual({
        statement,
        scope,
        within: Object.fromEntries(Object.keys(bounds).map((table) => [table, 'within'])),
      });
    }
  });
});
