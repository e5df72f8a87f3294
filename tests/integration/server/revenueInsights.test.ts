/**
 * Revenue insights over real HTTP (GET /revenue/insights), each figure checked against the rows it comes from, not
 * against the counters that produce it: MRR against the renewing memberships' prices (src/domain/insights.ts mrrOf),
 * members gained and lost per month against the memberships' activations and ends (memberMonthsOf), revenue per promo
 * code against the ledger's buy_subscription − refund_received of the code's payments. Memberships start, are paid
 * in Stars, cancelled, refunded, renewed, lapse and come back, with the clock moving with and without the jobs; and
 * every kept counter must also equal the rows at the time it was kept (a counter that drifts fails here).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RevenueInsightsResponse } from '../../../src/contract/revenue';
import {
  type MrrMembership,
  insightMonthOf,
  memberMonthsOf,
  monthlyFromYearly,
  mrrOf,
} from '../../../src/domain/insights';
import { rowsOf } from '../../../server/platform/db/db';
import { subscriptionMembers, subscriptions, transactions } from '../../../server/platform/db/schema';
import { payments } from '../../../server/platform/db/schema-money';
import { type TestServer, type TestUser, TEST_NOW, newUser, startTestServer } from '../support/testServer';
import { type Shop, advanceTo, openShop, payWithNewCard } from '../money/support/money';

jest.setTimeout(300_000);

const DAY = 24 * 3600_000;
const CARD = '4242424242424242';

let server: TestServer;
let shop: Shop;
beforeAll(async () => {
  server = await startTestServer({ now: TEST_NOW, config: { starsRates: new Map([['eur', '0.012']]) } });
  shop = await openShop(server);
  const stars = await server.api(shop.creator, 'POST', `/subscription/${shop.subscriptions.monthly}/stars`, {
    stars: 250,
  });
  expect(stars.status).toBe(200);
}, 180_000);
afterAll(() => server.close());

const insights = async (channelId?: number, user: TestUser = shop.creator): Promise<RevenueInsightsResponse> => {
  const answer = await server.api<RevenueInsightsResponse>(
    user,
    'GET',
    `/revenue/insights${channelId === undefined ? '' : `?channelId=${channelId}`}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
};

/** The shop's memberships as the rows say. */
async function memberRows() {
  return server.database.db
    .select({ member: subscriptionMembers })
    .from(subscriptionMembers)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
    .where(eq(subscriptions.channelId, shop.channelId))
    .then((rows) => rows.map((row) => row.member));
}

/** What the answer must say, recounted from the membership rows at the server's now. */
async function expected(): Promise<Pick<RevenueInsightsResponse, 'mrr' | 'starsMrr'> & { months: unknown[] }> {
  const now = server.clock.now();
  const rows = await memberRows();
  const totals = mrrOf(
    rows.map((row): MrrMembership => ({
      status: row.status,
      period: row.period,
      ...(row.expiresAt ? { expiresAtMs: row.expiresAt.getTime() } : {}),
      priceMinor: row.priceMinor,
      currency: row.currency,
      ...(row.paymentMethod === 'telegram_stars' && row.starsPrice !== null ? { stars: row.starsPrice } : {}),
      onTrial: row.trialEndsAt !== null,
    })),
    now,
  );
  const stars = totals.find((total) => total.currency === 'xtr');
  return {
    mrr: totals
      .filter((total) => total.currency !== 'xtr')
      .map((total) => ({
        currency: total.currency as 'eur',
        minor: monthlyFromYearly(total.yearlyMinor),
        members: total.members,
      })),
    starsMrr: stars ? { stars: monthlyFromYearly(stars.yearlyMinor), members: stars.members } : null,
    months: memberMonthsOf(
      rows.map((row) => ({
        activatedAtMs: row.activatedAt.getTime(),
        ...(row.expiresAt ? { expiresAtMs: row.expiresAt.getTime() } : {}),
        onTrial: row.trialEndsAt !== null,
      })),
      now,
    ),
  };
}

async function expectMatchesRows(): Promise<RevenueInsightsResponse> {
  const answer = await insights(shop.channelId);
  const want = await expected();
  expect({
    mrr: answer.mrr,
    starsMrr: answer.starsMrr,
    months: answer.months.map(({ month, newMembers, lostMembers }) => ({ month, newMembers, lostMembers })),
  }).toEqual(want);
  // Every kept row equals the rows at the time it was kept.
  expect(await storedMismatches()).toEqual([]);
  return answer;
}

/** Kept MRR rows against a recount at their channel's counted_at. */
async function storedMismatches(): Promise<unknown[]> {
  return rowsOf<{ subscription_id: number; kept: number; recounted: number }>(
    await server.database.db.execute(sql`
      select s.id as subscription_id, coalesce((select sum(r.yearly_minor) from subscription_mrr r
          where r.subscription_id = s.id), 0)::int8 as kept,
        coalesce((select sum((case when m.payment_method = 'telegram_stars' and m.stars_price is not null
            then m.stars_price else m.price_minor end) * insights_periods_a_year(m.period))
          from subscription_members m where m.subscription_id = s.id and m.status = 'active'
            and insights_periods_a_year(m.period) > 0 and m.trial_ends_at is null
            and (m.expires_at is null or m.expires_at > k.counted_at)), 0)::int8
          as recounted
      from subscriptions s join channel_insights k on k.channel_id = s.channel_id`),
  ).filter((row) => Number(row.kept) !== Number(row.recounted));
}

const memberOf = async (user: TestUser, subscriptionId: number) => {
  const dashboard = await server.api<{ subscriptionMembers: { id: number; subscriptionId: number }[] }>(
    user,
    'GET',
    '/dashboard?mode=follower',
  );
  return dashboard.body.subscriptionMembers.find((member) => member.subscriptionId === subscriptionId)!;
};

/** A follower buys the subscription in Stars: a link from our API, paid on the Bot API double's sheet. */
async function buyInStars(user: TestUser, subscriptionId: number): Promise<void> {
  const created = await server.api<{ invoiceLink?: string }>(
    user,
    'POST',
    `/invoice/subscription/${subscriptionId}/create`,
    { paymentMethod: 'telegram_stars' },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(created.status).toBe(200);
  const paid = await server.request<{ status: string }>('POST', '/sandbox/bot-api/stars/pay', {
    telegramId: user.telegramId,
    firstName: user.firstName,
    languageCode: 'en',
    link: created.body.invoiceLink,
  });
  expect(paid.body.status).toBe('paid');
}

describe('revenue insights', () => {
  const weekly = newUser('Weekly');
  const monthly = newUser('Monthly');
  const refunded = newUser('Refunded');
  const starry = newUser('Starry');
  let refundedPayment = '';

  it('MRR sums each renewing membership normalised to a month, per currency, Stars as Stars', async () => {
    expect(await expectMatchesRows()).toMatchObject({ mrr: [], starsMrr: null });
    await payWithNewCard(server, weekly, 'subscription', shop.subscriptions.weekly, CARD, { saveCard: true });
    await payWithNewCard(server, monthly, 'subscription', shop.subscriptions.monthly, CARD, { saveCard: true });
    await payWithNewCard(server, newUser('Yearly'), 'subscription', shop.subscriptions.yearly, CARD);
    await payWithNewCard(server, newUser('Once'), 'subscription', shop.subscriptions.onetime, CARD);
    refundedPayment = (
      await payWithNewCard(server, refunded, 'subscription', shop.subscriptions.monthly, CARD, { saveCard: true })
    ).paymentId;
    await buyInStars(starry, shop.subscriptions.monthly);
    const answer = await expectMatchesRows();
    // 10 € a week, two at 10 € a month, 10 € a year: (52 + 24 + 1) × 1000 / 12 = 6416.67 → 6417; 250 Stars a month.
    expect(answer.mrr).toEqual([{ currency: 'eur', minor: 6_417, members: 4 }]);
    expect(answer.starsMrr).toEqual({ stars: 250, members: 1 });
    expect(answer.months.at(-1)).toMatchObject({ month: insightMonthOf(TEST_NOW), newMembers: 6, lostMembers: 0 });
    expect(answer.months).toHaveLength(12);
    // The dashboard's scope (every channel) says the same here: the creator has one channel.
    expect(await insights()).toEqual(answer);
  });

  it('a cancel stops counting at once; the end of the paid week counts as lost when it passes', async () => {
    const member = await memberOf(weekly, shop.subscriptions.weekly);
    expect((await server.api(weekly, 'GET', `/follower/subscription_member/${member.id}/cancel`)).status).toBe(200);
    const cancelled = await expectMatchesRows();
    expect(cancelled.mrr).toEqual([{ currency: 'eur', minor: 2_083, members: 3 }]);
    expect(cancelled.months.at(-1)!.lostMembers).toBe(0);
    // Past the week's end without the jobs: expiry writes nothing, the read takes the end in from the index.
    server.clock.advance((8 * DAY) / 1000);
    expect((await expectMatchesRows()).months.at(-1)!.lostMembers).toBe(1);
    // The job takes it into the kept rows: the same answer.
    await advanceTo(server, server.clock.now() + 60_000);
    expect((await expectMatchesRows()).months.at(-1)!.lostMembers).toBe(1);
  });

  it('a refund ends the membership now: lost, and out of MRR', async () => {
    const refund = await server.request('POST', `/sandbox/payments/${refundedPayment}/refund`, { reason: 'Asked' });
    expect(refund.status).toBe(200);
    const answer = await expectMatchesRows();
    expect(answer.mrr).toEqual([{ currency: 'eur', minor: 1_083, members: 2 }]);
    expect(answer.months.at(-1)!.lostMembers).toBe(2);
  });

  it('renewals keep members; a lapse is lost in its month, and coming back is a new member', async () => {
    // Over two months, a few days at a time like the server's timer: card renewals go on, Telegram renews the Stars
    // membership.
    for (let step = 0; step < 12; step += 1) {
      await advanceTo(server, server.clock.now() + 5 * DAY);
      if (step % 4 === 3) await expectMatchesRows();
    }
    const renewed = await expectMatchesRows();
    expect(renewed.mrr).toEqual([{ currency: 'eur', minor: 1_083, members: 2 }]);
    expect(renewed.starsMrr).toEqual({ stars: 250, members: 1 });

    // The monthly member cancels: the membership runs to its expiry, then it is lost in that month.
    const { id } = await memberOf(monthly, shop.subscriptions.monthly);
    const cancel = await server.api(monthly, 'GET', `/follower/subscription_member/${id}/cancel`);
    const [row] = await server.database.db.select().from(subscriptionMembers).where(eq(subscriptionMembers.id, id));
    expect(cancel.status).toBe(200);
    await advanceTo(server, row!.expiresAt!.getTime() + DAY);
    const lapsed = await expectMatchesRows();
    expect(lapsed.months.find((month) => month.month === insightMonthOf(row!.expiresAt!.getTime()))!.lostMembers).toBe(
      1,
    );
    expect(lapsed.mrr).toEqual([{ currency: 'eur', minor: 83, members: 1 }]);

    // Back a week later: a new activation, so the earlier end stays lost and a new member counts now.
    const before = lapsed.months.reduce((sum, month) => sum + month.newMembers + month.lostMembers, 0);
    await advanceTo(server, server.clock.now() + 7 * DAY);
    await payWithNewCard(server, monthly, 'subscription', shop.subscriptions.monthly, CARD);
    const back = await insights(shop.channelId);
    expect(back.months.reduce((sum, month) => sum + month.newMembers + month.lostMembers, 0)).toBe(before + 1);
    expect(back.months.at(-1)!.newMembers).toBeGreaterThanOrEqual(1);
    expect(back.mrr).toEqual([{ currency: 'eur', minor: 1_083, members: 2 }]);
    expect(await storedMismatches()).toEqual([]);
  });

  it('revenue per promo code is the ledger: buy_subscription − refund_received of its payments', async () => {
    const created = await server.api<{ promo: { id: number } }>(
      shop.creator,
      'POST',
      `/subscription/${shop.subscriptions.yearly}/promos/new`,
      { scope: 'subscription', code: 'HALF', discountType: 'percent', percent: 50, duration: 'forever' },
    );
    expect(created.status).toBe(200);
    await payWithNewCard(server, newUser('Coded'), 'subscription', shop.subscriptions.yearly, CARD, {
      promoCode: 'HALF',
    });
    const back = await payWithNewCard(server, newUser('Coded back'), 'subscription', shop.subscriptions.yearly, CARD, {
      promoCode: 'HALF',
    });
    const refund = await server.request('POST', `/sandbox/payments/${back.paymentId}/refund`, { reason: 'Asked' });
    expect(refund.status).toBe(200);

    const lines = await server.database.db
      .select({ type: transactions.type, amount: transactions.amount, currency: transactions.currency })
      .from(transactions)
      .innerJoin(payments, eq(payments.id, transactions.paymentId))
      .where(
        and(
          eq(payments.promoCodeId, created.body.promo.id),
          inArray(transactions.type, ['buy_subscription', 'refund_received']),
        ),
      );
    const ledger = lines.reduce((sum, line) => sum + (line.type === 'refund_received' ? -1 : 1) * line.amount, 0);
    expect(ledger).toBe(500);
    // (Months are not recounted from the rows here: a membership activated again keeps only its latest activation.)
    const answer = await insights(shop.channelId);
    expect(await storedMismatches()).toEqual([]);
    expect(answer.promos).toEqual([
      {
        id: created.body.promo.id,
        code: 'HALF',
        channelId: shop.channelId,
        subscriptionId: shop.subscriptions.yearly,
        deleted: false,
        redemptions: 1,
        revenue: [{ currency: 'eur', minor: ledger }],
      },
    ]);
  });

  it('answers only the creator: another channel is 404, a follower sees nothing of it', async () => {
    const other = await openShop(server);
    const foreign = await server.api(shop.creator, 'GET', `/revenue/insights?channelId=${other.channelId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await server.api(shop.creator, 'GET', '/revenue/insights?channelId=0')).status).toBe(400);
    const empty = await insights(undefined, other.creator);
    expect(empty).toMatchObject({ mrr: [], starsMrr: null, promos: [] });
    expect(empty.months.every((month) => month.newMembers === 0 && month.lostMembers === 0)).toBe(true);
  });

  it('a free trial counts in neither figure until paid; conversion is the trials table', async () => {
    const trialShop = await openShop(server);
    const edit = await server.api(trialShop.creator, 'POST', `/subscription/${trialShop.subscriptions.monthly}/edit`, {
      name: 'Monthly plan',
      description: 'Support the channel',
      amount: 10,
      buttonText: 'Subscribe',
      trialDays: 7,
    });
    expect(edit.status).toBe(200);
    const converts = newUser('Converts');
    const lapses = newUser('Lapses');
    for (const user of [converts, lapses]) {
      const started = await server.api(
        user,
        'POST',
        `/invoice/subscription/${trialShop.subscriptions.monthly}/trial`,
        undefined,
        { 'Idempotency-Key': randomUUID() },
      );
      expect(started.status).toBe(200);
    }
    const onTrial = await insights(trialShop.channelId, trialShop.creator);
    expect(onTrial).toMatchObject({
      mrr: [],
      trials: { onTrial: 2, ended: 0, converted: 0, conversionPercent: null },
    });
    expect(onTrial.months.every((month) => month.newMembers === 0 && month.lostMembers === 0)).toBe(true);

    // Past the trials' end; one follower pays within the grace, the other never does.
    await advanceTo(server, server.clock.now() + 8 * DAY);
    await payWithNewCard(server, converts, 'subscription', trialShop.subscriptions.monthly, CARD, { saveCard: true });
    await advanceTo(server, server.clock.now() + 4 * DAY);
    const ended = await insights(trialShop.channelId, trialShop.creator);
    const outcomes = rowsOf<{ outcome: string | null }>(
      await server.database.db.execute(
        sql`select outcome from subscription_trials where subscription_id = ${trialShop.subscriptions.monthly}`,
      ),
    ).map((row) => row.outcome);
    expect(outcomes.sort()).toEqual(['converted', 'lapsed']);
    expect(ended.trials).toEqual({ onTrial: 0, ended: 2, converted: 1, conversionPercent: 50 });
    expect(ended.mrr).toEqual([{ currency: 'eur', minor: 1_000, members: 1 }]);
    // The payment made a new member; the trial that lapsed is not a lost one.
    expect(ended.months.reduce((sum, month) => sum + month.newMembers, 0)).toBe(1);
    expect(ended.months.reduce((sum, month) => sum + month.lostMembers, 0)).toBe(0);
    expect(await storedMismatches()).toEqual([]);
  });

  it('a kept counter that drifts is found', async () => {
    await server.database.db.execute(
      sql`update subscription_mrr set yearly_minor = yearly_minor + 12 where subscription_id = ${shop.subscriptions.yearly}`,
    );
    expect(await storedMismatches()).not.toEqual([]);
    await server.database.db.execute(
      sql`update subscription_mrr set yearly_minor = yearly_minor - 12 where subscription_id = ${shop.subscriptions.yearly}`,
    );
    expect(await storedMismatches()).toEqual([]);
  });
});
