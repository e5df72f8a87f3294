/**
 * The revenue series read from its kept quarter-hour slots, UTC days and UTC months (migrations 0060, 0061, 0067), over
 * real HTTP: after varied ledger lines and memberships (two channels in two currencies, sales, donations, renewals
 * moving expiries, a refund counting in its sale's window) every period, zone offset, channel scope and currency choice
 * answers exactly what the rows give when bucketed by the domain's own rules (src/domain/revenue.ts), and the kept
 * slots, days and months equal a recount.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { RevenueResponse } from '../../../src/contract/revenue';
import type { Currency } from '../../../src/domain/money';
import {
  REVENUE_TRANSACTION_TYPES,
  buildRevenueSeries,
  revenueZone,
  signedRevenueMinor,
} from '../../../src/domain/revenue';
import { rowsOf } from '../../../server/platform/db/db';
import { channels, subscriptionMembers, subscriptions, transactions } from '../../../server/platform/db/schema';
import { sql } from 'drizzle-orm';
import { type TestServer, creatorWithChannel, newUser, startTestServer } from '../support/testServer';
import { type Shop, advanceTo, openShop, payWithNewCard } from './support/money';

const DAY = 24 * 3600_000;
const CARD = '4242424242424242';
/**
 * The Timezone header sent and the offset the series is cut in: UTC, Moscow, India (+5:30), Nepal (+5:45),
 * Newfoundland (−3:30), Kiribati (+14, no DST), and offsets off the quarter-hour grid (no real zone), read at the
 * nearest quarter hour.
 */
const OFFSETS: readonly (readonly [sent: number, read: number])[] = [
  [0, 0],
  [180, 180],
  [330, 330],
  [345, 345],
  [-210, -210],
  [840, 840],
  [7, 0],
  [8, 15],
  [-353, -360],
];

let server: TestServer;
let shop: Shop;
let rubChannel: number;
let rubMonthly: number;
let rubDonation: number;
beforeAll(async () => {
  server = await startTestServer();
  shop = await openShop(server);
  const second = await creatorWithChannel(server, { user: shop.creator, chatId: -(2_000_000_000_000 + 7) });
  rubChannel = second.channelId;
  const created = await server.api<{ subscription: { id: number } }>(shop.creator, 'POST', '/subscription/new', {
    channelId: rubChannel,
    name: 'Рубли',
    description: 'Support the channel',
    period: 'monthly',
    currency: 'rub',
    amount: 500,
    buttonText: 'Subscribe',
  });
  expect(created.status).toBe(200);
  rubMonthly = created.body.subscription.id;
  const donation = await server.api<{ donation: { id: number } }>(
    shop.creator,
    'POST',
    `/donation/request/channel/${rubChannel}`,
    {
      title: 'Tips',
      description: 'Thank you',
      currency: 'rub',
      amount: 0,
      buttonText: 'Donate',
      pin: false,
      disableNotification: true,
    },
  );
  expect(donation.status).toBe(200);
  rubDonation = donation.body.donation.id;
}, 180_000);
afterAll(() => server.close());

/** The series as the rows give it: every earnings line and membership of the scope, bucketed in memory. */
async function recount(
  period: 'day' | 'week' | 'month',
  offsetMinutes: number,
  channelId: number | null,
  chosen: Currency | null,
): Promise<Omit<RevenueResponse, 'buckets'> & { buckets: unknown[] }> {
  const now = server.clock.now();
  const offset = revenueZone(offsetMinutes).offset(now);
  const lines = (
    await server.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, shop.creatorId), inArray(transactions.type, REVENUE_TRANSACTION_TYPES)))
  ).filter((line) => channelId === null || line.channelId === channelId);
  const members = await server.database.db
    .select({ activatedAt: subscriptionMembers.activatedAt, expiresAt: subscriptionMembers.expiresAt })
    .from(subscriptionMembers)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
    .innerJoin(channels, eq(channels.id, subscriptions.channelId))
    .where(and(eq(channels.ownerId, shop.creatorId), channelId === null ? undefined : eq(channels.id, channelId)));
  const all = buildRevenueSeries({ period, now, offsetMinutes: offset, lines: [], joins: [], expiries: [] });
  const from = all[0]!.start;
  const to = all.at(-1)!.end;
  const counted = lines.filter((line) => {
    const at = (line.windowAt ?? line.createdAt).getTime();
    return at >= from && at < to;
  });
  const totals = new Map<Currency, number>();
  for (const line of counted)
    totals.set(
      line.currency as Currency,
      (totals.get(line.currency as Currency) ?? 0) + signedRevenueMinor({ type: line.type, amountMinor: line.amount }),
    );
  const currencies = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([currency]) => currency);
  const currency = chosen ?? currencies[0] ?? 'eur';
  const buckets = buildRevenueSeries({
    period,
    now,
    offsetMinutes: offset,
    lines: counted
      .filter((line) => line.currency === currency)
      .map((line) => ({
        type: line.type,
        countsAt: (line.windowAt ?? line.createdAt).getTime(),
        amountMinor: line.amount,
        source: line.subscriptionId === null ? 'donation' : 'subscription',
        ...(line.starsAmount !== null ? { stars: line.starsAmount } : {}),
      })),
    joins: members.map((member) => member.activatedAt.getTime()),
    expiries: members.flatMap((member) => (member.expiresAt ? [member.expiresAt.getTime()] : [])),
  });
  return {
    period,
    currency,
    currencies,
    offsetMinutes: offset,
    buckets: buckets.map((bucket) => ({
      ...bucket,
      start: Math.floor(bucket.start / 1000),
      end: Math.floor(bucket.end / 1000),
    })),
  };
}

/** Kept rows that differ from a recount of the ledger and memberships (none when the triggers kept them right). */
async function slotMismatches(unit: 'slot' | 'day' | 'month'): Promise<unknown[]> {
  const db = server.database.db;
  const lineTable = sql.raw(`revenue_${unit}s`);
  const memberTable = sql.raw(`channel_member_${unit}s`);
  const of = sql.raw(`revenue_${unit}`);
  const key = sql.raw(unit);
  const lines = rowsOf(
    await db.execute(sql`
      with kept as (
        select user_id, ${key} as at, channel_id, currency, type, source, amount, stars_minor, stars, lines from ${lineTable}
        where lines <> 0 or amount <> 0 or stars_minor <> 0 or stars <> 0
      ), counted as (
        select user_id, ${of}(coalesce(window_at, created_at)) as at, coalesce(channel_id, 0) as channel_id,
          currency, type, case when subscription_id is null then 'donation' else 'subscription' end as source,
          sum(amount)::int8 as amount, coalesce(sum(amount) filter (where stars_amount is not null), 0)::int8 as stars_minor,
          coalesce(sum(stars_amount), 0)::int8 as stars, count(*)::int8 as lines
        from transactions where type in ('sell_subscription', 'get_donation', 'refund_issued')
        group by 1, 2, 3, 4, 5, 6
      )
      select 'line' as kind, * from kept full join counted using (user_id, at, channel_id, currency, type, source)
      where kept.lines is distinct from counted.lines or kept.amount is distinct from counted.amount
        or kept.stars_minor is distinct from counted.stars_minor or kept.stars is distinct from counted.stars`),
  );
  const members = rowsOf(
    await db.execute(sql`
      with kept as (
        select channel_id, ${key} as at, joined, expiring from ${memberTable} where joined <> 0 or expiring <> 0
      ), counted as (
        select channel_id, at, sum(joined)::int8 as joined, sum(expiring)::int8 as expiring from (
          select s.channel_id, ${of}(m.activated_at) as at, 1 as joined, 0 as expiring
            from subscription_members m join subscriptions s on s.id = m.subscription_id
          union all
          select s.channel_id, ${of}(m.expires_at), 0, 1
            from subscription_members m join subscriptions s on s.id = m.subscription_id where m.expires_at is not null
        ) e group by 1, 2
      )
      select 'member' as kind, * from kept full join counted using (channel_id, at)
      where kept.joined is distinct from counted.joined or kept.expiring is distinct from counted.expiring`),
  );
  return [...lines, ...members];
}

describe('revenue series from kept slots', () => {
  it('answers what the rows give for every period, offset, scope and currency, and the slots equal a recount', async () => {
    const start = server.clock.now();
    // Day 0: eur sales (monthly, weekly) and a donation; a rub sale and donation on the second channel.
    const refunded = await payWithNewCard(
      server,
      newUser('Refunded'),
      'subscription',
      shop.subscriptions.monthly,
      CARD,
    );
    expect(refunded.status).toBe('paid');
    await payWithNewCard(server, newUser('Monthly'), 'subscription', shop.subscriptions.monthly, CARD, {
      saveCard: true,
    });
    await payWithNewCard(server, newUser('Weekly'), 'subscription', shop.subscriptions.weekly, CARD, {
      saveCard: true,
    });
    await payWithNewCard(server, newUser('Tipper'), 'donation', shop.donationId, CARD);
    await payWithNewCard(server, newUser('Рубль'), 'subscription', rubMonthly, CARD, { saveCard: true });
    // Day 3, 10 and 40 (renewals move the weekly and monthly expiries, charging again), with sales between.
    await advanceTo(server, start + 3 * DAY + 7 * 60_000);
    await payWithNewCard(server, newUser('Once'), 'subscription', shop.subscriptions.onetime, CARD);
    await payWithNewCard(server, newUser('Чаевые'), 'donation', rubDonation, CARD, { amount: 300 });
    await advanceTo(server, start + 8 * DAY);
    await advanceTo(server, start + 10 * DAY + 3 * 3600_000);
    await payWithNewCard(server, newUser('Yearly'), 'subscription', shop.subscriptions.yearly, CARD);
    // Either side of a UTC month's edge: east of UTC 31 January 22:00 is February's, west of it 1 February 01:00 is
    // January's, so a month bucket reads its UTC month's row and takes that day away (series.ts, seriesPieces).
    const edge = Date.UTC(2026, 0, 31, 22);
    expect(edge).toBeGreaterThan(server.clock.now());
    await advanceTo(server, edge);
    await payWithNewCard(server, newUser('Edge east'), 'subscription', shop.subscriptions.monthly, CARD);
    await advanceTo(server, edge + 3 * 3600_000);
    await payWithNewCard(server, newUser('Edge west'), 'subscription', shop.subscriptions.weekly, CARD);
    await payWithNewCard(server, newUser('Edge tip'), 'donation', shop.donationId, CARD);
    for (const day of [16, 22, 28, 34]) await advanceTo(server, start + day * DAY);
    await advanceTo(server, start + 40 * DAY + 47 * 60_000);
    // The first sale refunded now: it counts against its sale's day, 40 days back.
    const refund = await server.request('POST', `/sandbox/payments/${refunded.paymentId}/refund`, { reason: 'Asked' });
    expect(refund.status).toBe(200);
    await payWithNewCard(server, newUser('Late'), 'subscription', shop.subscriptions.weekly, CARD);
    await payWithNewCard(server, newUser('Late tip'), 'donation', shop.donationId, CARD);

    const renewals = await server.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.userId, shop.creatorId), eq(transactions.type, 'sell_subscription')));
    expect(renewals.length).toBeGreaterThan(8);
    const refunds = await server.database.db
      .select({ windowAt: transactions.windowAt })
      .from(transactions)
      .where(and(eq(transactions.userId, shop.creatorId), eq(transactions.type, 'refund_issued')));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.windowAt!.getTime()).toBeLessThan(start + DAY);

    expect(await slotMismatches('slot')).toEqual([]);
    expect(await slotMismatches('day')).toEqual([]);
    expect(await slotMismatches('month')).toEqual([]);

    for (const period of ['day', 'week', 'month'] as const)
      for (const [offset, read] of OFFSETS)
        for (const channelId of [null, shop.channelId, rubChannel])
          for (const currency of [null, 'rub'] as const) {
            const query = [
              `period=${period}`,
              channelId === null ? '' : `channelId=${channelId}`,
              currency === null ? '' : `currency=${currency}`,
            ]
              .filter(Boolean)
              .join('&');
            const answer = await server.api<RevenueResponse>(shop.creator, 'GET', `/revenue?${query}`, undefined, {
              timezone: String(offset),
            });
            expect(answer.status).toBe(200);
            expect({ query, offset, body: answer.body }).toEqual({
              query,
              offset,
              body: await recount(period, read, channelId, currency),
            });
          }

    // Not empty: the month series holds both currencies, the refund and the renewals' members.
    const month = await server.api<RevenueResponse>(shop.creator, 'GET', '/revenue?period=month');
    expect(month.body.currencies).toEqual(['rub', 'eur']);
    const eur = await server.api<RevenueResponse>(shop.creator, 'GET', '/revenue?period=month&currency=eur');
    expect(eur.body.buckets.reduce((sum, bucket) => sum + bucket.newMembers, 0)).toBeGreaterThanOrEqual(6);
    expect(eur.body.buckets.reduce((sum, bucket) => sum + bucket.donationsMinor, 0)).toBeGreaterThan(0);
  }, 600_000);
});
