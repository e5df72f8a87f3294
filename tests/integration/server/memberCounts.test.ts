/**
 * Subscriber counts are kept, not recounted (migration 0041): after changes that move them (memberships started
 * and cancelled, expiry with the clock moving on, renewals and the member-counts job) the kept counts
 * must equal a recount from the membership rows, per subscription and per channel (distinct people), at the server's
 * now; and each stored count must equal the recount at the time it was kept (a counter that drifts fails here even
 * where the ends in between would hide it).
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/platform/db/db';
import { keptChannelCount, keptSubscriptionCount } from '../../../server/platform/db/members';
import { channels, subscriptions } from '../../../server/platform/db/schema';
import { type TestServer, startTestServer, BOB, newUser } from '../support/testServer';
import { advanceTo, openShop, payWithNewCard, type Shop } from '../money/support/money';
import { RENEWAL_LEAD_MS } from '../../../server/modules/payments/renewalWindow';

let server: TestServer;
let shop: Shop;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  shop = await openShop(server);
}, 180_000);
afterAll(() => server.close());

const DAY_MS = 86_400_000;
const standing = sql`(m.period = 'onetime' or m.status = 'active')`;

interface Mismatch {
  readonly kind: string;
  readonly id: number;
  readonly kept: number;
  readonly recounted: number;
}

/** The recount of a subscription's (`s.id`) live members at `at`. */
const subscriptionRecount = (at: string) =>
  sql<number>`(select count(*) from subscription_members m where m.subscription_id = ${subscriptions.id} and ${standing}
    and (m.expires_at is null or m.expires_at > ${at}::timestamptz))`;
/** The recount of a channel's distinct live members at `at`. */
const channelRecount = (at: string) =>
  sql<number>`(select count(distinct m.user_id) from subscription_members m join subscriptions s on s.id = m.subscription_id
    where s.channel_id = ${channels.id} and ${standing} and (m.expires_at is null or m.expires_at > ${at}::timestamptz))`;

/**
 * The counts the page reads join (keptSubscriptionCount, keptChannelCount) at `at`, against a recount; with the
 * counts themselves, so a test can see them move.
 */
async function joinedCounts(at: string): Promise<{ mismatches: Mismatch[]; counts: number[] }> {
  const { db } = server.database;
  const subscriptionCount = keptSubscriptionCount(subscriptions.id, sql`${at}`);
  const channelCount = keptChannelCount(channels.id, sql`${at}`);
  const rows = [
    ...(
      await db
        .select({ id: subscriptions.id, kept: subscriptionCount.count, recounted: subscriptionRecount(at) })
        .from(subscriptions)
        .leftJoin(subscriptionCount.table, subscriptionCount.on)
    ).map((row) => ({ kind: 'subscription joined', ...row })),
    ...(
      await db
        .select({ id: channels.id, kept: channelCount.count, recounted: channelRecount(at) })
        .from(channels)
        .leftJoin(channelCount.table, channelCount.on)
    ).map((row) => ({ kind: 'channel joined', ...row })),
  ].map((row) => ({ kind: row.kind, id: Number(row.id), kept: Number(row.kept), recounted: Number(row.recounted) }));
  return { mismatches: rows.filter((row) => row.kept !== row.recounted), counts: rows.map((row) => row.kept) };
}

/**
 * Every kept count against a recount from the rows: at now (through the SQL functions and as the page reads join
 * them), and at the time each count was kept.
 */
async function countMismatches(): Promise<Mismatch[]> {
  const now = new Date(server.clock.now()).toISOString();
  const rows = rowsOf<{ kind: string; id: number; kept: number; recounted: number }>(
    await server.database.db.execute(sql`
      select 'subscription now' as kind, s.id, subscription_live_members(s.id, ${now}::timestamptz) as kept,
        (select count(*) from subscription_members m where m.subscription_id = s.id and ${standing}
          and (m.expires_at is null or m.expires_at > ${now}::timestamptz)) as recounted
      from subscriptions s
      union all
      select 'subscription stored', k.subscription_id, k.live,
        (select count(*) from subscription_members m where m.subscription_id = k.subscription_id and ${standing}
          and (m.expires_at is null or m.expires_at > k.counted_at))
      from subscription_live_counts k
      union all
      select 'channel now', c.id, channel_live_members(c.id, ${now}::timestamptz),
        (select count(distinct m.user_id) from subscription_members m join subscriptions s on s.id = m.subscription_id
          where s.channel_id = c.id and ${standing} and (m.expires_at is null or m.expires_at > ${now}::timestamptz))
      from channels c
      union all
      select 'channel stored', k.channel_id, k.live,
        (select count(distinct m.user_id) from subscription_members m join subscriptions s on s.id = m.subscription_id
          where s.channel_id = k.channel_id and ${standing} and (m.expires_at is null or m.expires_at > k.counted_at))
      from channel_live_counts k`),
  );
  return [
    ...rows
      .map((row) => ({ kind: row.kind, id: Number(row.id), kept: Number(row.kept), recounted: Number(row.recounted) }))
      .filter((row) => row.kept !== row.recounted),
    ...(await joinedCounts(now)).mismatches,
  ];
}

test('the seeded counts equal a recount', async () => {
  expect(await countMismatches()).toEqual([]);
});

test('memberships started, cancelled, renewed and expired keep the counts equal to a recount', async () => {
  const payer = newUser('Counted');
  await payWithNewCard(server, payer, 'subscription', shop.subscriptions.weekly, '4242424242424242');
  await payWithNewCard(server, payer, 'subscription', shop.subscriptions.monthly, '4242424242424242');
  await payWithNewCard(server, BOB, 'subscription', shop.subscriptions.weekly, '4242424242424242');
  expect(await countMismatches()).toEqual([]);

  const mine = await server.api<{ subscriptionMembers: { id: number; subscriptionId: number }[] }>(
    payer,
    'GET',
    '/dashboard?mode=follower',
  );
  const weekly = mine.body.subscriptionMembers.find((member) => member.subscriptionId === shop.subscriptions.weekly)!;
  expect((await server.api(payer, 'GET', `/follower/subscription_member/${weekly.id}/cancel`)).status).toBe(200);
  expect(await countMismatches()).toEqual([]);
  // Past the cancelled week's end: expiry writes nothing, the counts read it, then the job settles it.
  server.clock.advance((8 * DAY_MS) / 1000);
  expect(await countMismatches()).toEqual([]);
  await advanceTo(server, server.clock.now() + 60_000);
  expect(await countMismatches()).toEqual([]);
  // And well past every expiry, renewals and all.
  await advanceTo(server, server.clock.now() + 40 * DAY_MS);
  expect(await countMismatches()).toEqual([]);
}, 180_000);

test('a jobs round takes the ends since the last one into the counts before its renewals, so reads during them pass over none', async () => {
  const leaving = newUser('Leaving');
  await payWithNewCard(server, leaving, 'subscription', shop.subscriptions.weekly, '4242424242424242');
  const renewing = newUser('Renewing');
  const paid = await payWithNewCard(server, renewing, 'subscription', shop.subscriptions.monthly, '4242424242424242', {
    saveCard: true,
  });
  const [member] = rowsOf<{ expires_at: Date | string }>(
    await server.database.db.execute(
      sql`select expires_at from subscription_members where id = ${paid.subscriptionMemberId!}`,
    ),
  );
  // One round past the week's end (no saved card: its renewal fails, so it ends) and into the monthly renewal's lead,
  // whose charge waits at the provider.
  const roundAt = new Date(member!.expires_at).getTime() - RENEWAL_LEAD_MS + 60_000;
  expect(
    (
      await server.request('POST', '/sandbox/provider/faults', {
        delayMs: 3_000,
        methods: ['session/init/payment'],
        times: 1,
      })
    ).status,
  ).toBe(200);
  const round = advanceTo(server, roundAt);
  try {
    // The renewal is claimed (its attempt row is written) before it is sent.
    for (;;) {
      const [attempt] = rowsOf<{ n: number }>(
        await server.database.db.execute(
          sql`select count(*) as n from payments where member_id = ${paid.subscriptionMemberId!} and purpose = 'renewal'`,
        ),
      );
      if (Number(attempt!.n) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const at = new Date(roundAt).toISOString();
    const [passed] = rowsOf<{ n: number }>(
      await server.database.db.execute(sql`
        select (select count(*) from subscription_live_counts k join subscription_members m
            on m.subscription_id = k.subscription_id and ${standing}
          where m.expires_at > k.counted_at and m.expires_at <= ${at}::timestamptz)
          + (select count(*) from channel_live_counts k join channel_member_ends e on e.channel_id = k.channel_id
          where e.ends_at > k.counted_at and e.ends_at <= ${at}::timestamptz) as n`),
    );
    expect(Number(passed!.n)).toBe(0);
  } finally {
    await round;
    await server.request('POST', '/sandbox/provider/faults', {});
  }
  expect(await countMismatches()).toEqual([]);
}, 180_000);

test('the joined counts hold at times before and after the kept ones, each way across the ends in between', async () => {
  const now = server.clock.now();
  const times = [now - 60 * DAY_MS, now - 8 * DAY_MS, now, now + 8 * DAY_MS, now + 60 * DAY_MS];
  const seen = [];
  for (const at of times) {
    const { mismatches, counts } = await joinedCounts(new Date(at).toISOString());
    expect(mismatches).toEqual([]);
    seen.push(counts.join());
  }
  // Members ended between those times, so the counts moved: both directions were read, not an empty range.
  expect(new Set(seen.slice(0, 3)).size).toBeGreaterThan(1);
  expect(new Set(seen.slice(2)).size).toBeGreaterThan(1);
});

test('a counter that drifts is found', async () => {
  await server.database.db.execute(
    sql`update subscription_live_counts set live = live + 1 where subscription_id = ${shop.subscriptions.monthly}`,
  );
  expect((await countMismatches()).map((mismatch) => mismatch.kind)).toEqual(
    expect.arrayContaining(['subscription stored', 'subscription now', 'subscription joined']),
  );
  await server.database.db.execute(
    sql`update subscription_live_counts set live = live - 1 where subscription_id = ${shop.subscriptions.monthly}`,
  );
  expect(await countMismatches()).toEqual([]);
});
