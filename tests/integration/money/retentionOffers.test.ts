/**
 * Retention offers over HTTP (rules: src/domain/retention.ts; server/modules/retention/README.md): the creator sets,
 * changes and removes an offer; a follower who cancels is shown it once; accepting makes the next N renewals charge
 * the offered price on the sandbox clock, then the full price (the bot's reminder names each amount, the commission
 * is taken from what was paid, no other ledger lines); declining cancels as /cancel does; a double accept changes
 * the price once; no offer on Telegram Stars, under a promo code, on a deleted subscription or a disconnected
 * channel; a removed or changed offer answers 409; the creator's counts; every balance equal to its ledger.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FollowerMemberResponse, RetentionOfferResponse, RetentionQuoteResponse } from '../../../src/contract/api';
import { RENEWAL_LEAD_MS } from '../../../server/modules/payments/renewals';
import { RENEWAL_REMINDER_LEAD_MS } from '../../../server/modules/payments/renewalNotices';
import { subscriptionMembers, transactions } from '../../../server/platform/db/schema';
import { payments, retentionOutcomes } from '../../../server/platform/db/schema-money';
import { type TestServer, type TestUser, botApiCalls, newUser, startTestServer } from '../support/testServer';
import { type Shop, advanceTo, expectBalancesMatchLedger, openShop, payWithNewCard } from './support/money';

jest.setTimeout(300_000);

describe('retention offers', () => {
  let server: TestServer;
  let shop: Shop;

  const setOffer = (subscriptionId: number, body: Record<string, unknown>, creator: TestUser = shop.creator) =>
    server.api<RetentionOfferResponse>(creator, 'POST', `/subscription/${subscriptionId}/retention_offer`, body);
  const creatorView = async (subscriptionId: number) => {
    const answer = await server.api<RetentionOfferResponse>(
      shop.creator,
      'GET',
      `/subscription/${subscriptionId}/retention_offer`,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const show = async (user: TestUser, memberId: number) => {
    const answer = await server.api<RetentionQuoteResponse>(
      user,
      'POST',
      `/follower/subscription_member/${memberId}/retention_offer`,
    );
    expect(answer.status).toBe(200);
    return answer.body.offer;
  };
  const accept = (user: TestUser, memberId: number, body: Record<string, unknown>, key: string = randomUUID()) =>
    server.api<FollowerMemberResponse>(
      user,
      'POST',
      `/follower/subscription_member/${memberId}/retention_offer/accept`,
      body,
      { 'Idempotency-Key': key },
    );
  const decline = (user: TestUser, memberId: number) =>
    server.api<FollowerMemberResponse>(
      user,
      'POST',
      `/follower/subscription_member/${memberId}/retention_offer/decline`,
    );
  const subscribe = async (name: string, subscriptionId: number, extra: Record<string, unknown> = {}) => {
    const user = newUser(name);
    const paid = await payWithNewCard(server, user, 'subscription', subscriptionId, '4242424242424242', {
      saveCard: true,
      ...extra,
    });
    expect(paid.status).toBe('paid');
    return { user, memberId: paid.subscriptionMemberId! };
  };
  const member = async (id: number) =>
    (await server.database.db.select().from(subscriptionMembers).where(eq(subscriptionMembers.id, id)))[0]!;
  const renewals = (memberId: number) =>
    server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.memberId, memberId), eq(payments.purpose, 'renewal'), eq(payments.status, 'paid')))
      .orderBy(asc(payments.createdAt));
  /** Runs the jobs past the reminder and the renewal of the membership's current period. */
  const renewOnce = async (memberId: number) => {
    const expiry = (await member(memberId)).expiresAt!.getTime();
    await advanceTo(server, expiry - RENEWAL_REMINDER_LEAD_MS + 60_000);
    await advanceTo(server, expiry - RENEWAL_LEAD_MS + 60_000);
    expect((await member(memberId)).expiresAt!.getTime()).toBeGreaterThan(expiry);
  };

  beforeAll(async () => {
    server = await startTestServer({ config: { starsRates: new Map([['eur', '0.012']]) } });
    shop = await openShop(server, { price: 5 });
  }, 180_000);
  afterAll(async () => server.close());
  afterEach(async () => {
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  it('lets the creator set, change and remove an offer, and refuses bad terms, one-time plans and strangers', async () => {
    expect(await creatorView(shop.subscriptions.weekly)).toEqual({
      offer: null,
      stats: { offered: 0, stayed: 0, left: 0 },
    });
    const set = await setOffer(shop.subscriptions.weekly, { percent: 20, renewals: 2 });
    expect(set.status).toBe(200);
    expect(set.body.offer).toEqual({ percent: 20, renewals: 2 });
    expect((await setOffer(shop.subscriptions.weekly, { percent: 40, renewals: 6 })).body.offer).toEqual({
      percent: 40,
      renewals: 6,
    });
    for (const body of [
      { percent: 4, renewals: 2 },
      { percent: 91, renewals: 2 },
      { percent: 30, renewals: 13 },
      { percent: 30, renewals: 0 },
      { percent: '30', renewals: 2 },
    ]) {
      const refused = await setOffer(shop.subscriptions.weekly, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'validation_error', message: expect.any(String) });
    }
    expect((await setOffer(shop.subscriptions.onetime, { percent: 30, renewals: 3 })).body).toMatchObject({
      code: 'conflict',
      reason: 'retention_onetime',
    });
    const other = await openShop(server);
    expect((await setOffer(shop.subscriptions.weekly, { percent: 30, renewals: 3 }, other.creator)).status).toBe(404);
    const removed = await server.api<RetentionOfferResponse>(
      shop.creator,
      'POST',
      `/subscription/${shop.subscriptions.weekly}/retention_offer/delete`,
    );
    expect(removed.body.offer).toBeNull();
    expect((await creatorView(shop.subscriptions.weekly)).offer).toBeNull();
  });

  it('shows the offer on cancel; accepting charges it for the next N renewals, then the full price', async () => {
    await setOffer(shop.subscriptions.monthly, { percent: 30, renewals: 3 });
    const { user, memberId } = await subscribe('Stayer', shop.subscriptions.monthly);
    // "Stay for €3.50 a month for the next 3 months instead of €5".
    const offer = await show(user, memberId);
    expect(offer).toEqual({
      percent: 30,
      renewals: 3,
      currency: 'eur',
      price: 5,
      charged: 3.5,
      discount: 1.5,
      capped: false,
    });
    const key = randomUUID();
    const accepted = await accept(user, memberId, { percent: 30, renewals: 3 }, key);
    expect(accepted.status).toBe(200);
    expect(accepted.body.subscriptionMember).toMatchObject({ id: memberId, status: 'active', price: 3.5 });
    expect(await member(memberId)).toMatchObject({
      status: 'active',
      priceMinor: 350,
      promoCodeId: null,
      promoRenewalsLeft: 3,
      fullPriceMinor: 500,
    });
    // A double tap: the same key replays the first answer; another key finds the offer answered. The price moved once.
    const replay = await accept(user, memberId, { percent: 30, renewals: 3 }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const again = await accept(user, memberId, { percent: 30, renewals: 3 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'retention_offer_unavailable', reason: 'answered' });
    expect(await member(memberId)).toMatchObject({ priceMinor: 350, promoRenewalsLeft: 3 });

    for (let index = 0; index < 4; index += 1) await renewOnce(memberId);
    const charged = await renewals(memberId);
    expect(charged.map((row) => Number(row.amount))).toEqual([350, 350, 350, 500]);
    expect(charged.map((row) => row.listAmount)).toEqual([500, 500, 500, null]);
    expect(await member(memberId)).toMatchObject({ priceMinor: 500, promoRenewalsLeft: 0 });
    // The commission and the provider fee come from what was paid: 10 % and 3 % of €3.50.
    const [sell] = await server.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.paymentId, charged[0]!.id), eq(transactions.type, 'sell_subscription')));
    expect(sell).toMatchObject({ price: 350, serviceFee: 35, providerFee: 11, amount: 304 });
    // The bot's reminder before each renewal names what that renewal charges.
    const reminders = (await botApiCalls<{ chat_id: number; text: string }>(server, 'sendMessage'))
      .map((call) => call.params)
      .filter((params) => params.chat_id === user.telegramId && params.text.includes('renews on'))
      .map((params) => params.text);
    expect(reminders.map((text) => /€[\d.]+/.exec(text)?.[0])).toEqual(['€3.50', '€3.50', '€3.50', '€5']);
    expect(reminders.map((text) => text.includes('Your offer to stay: €3.50 instead of €5.'))).toEqual([
      true,
      true,
      true,
      false,
    ]);

    // Once ever: cancelling later goes straight through.
    expect(await show(user, memberId)).toBeNull();
    const cancelled = await server.api<FollowerMemberResponse>(
      user,
      'GET',
      `/follower/subscription_member/${memberId}/cancel`,
    );
    expect(cancelled.body.subscriptionMember.status).toBe('cancelled');
  });

  it('declining cancels as today and is recorded; the offer is shown until answered', async () => {
    await setOffer(shop.subscriptions.weekly, { percent: 50, renewals: 1 });
    const { user, memberId } = await subscribe('Leaver', shop.subscriptions.weekly);
    expect(await show(user, memberId)).toMatchObject({ charged: 2.5, renewals: 1 });
    expect(await show(user, memberId)).toMatchObject({ charged: 2.5 });
    const declined = await decline(user, memberId);
    expect(declined.status).toBe(200);
    expect(declined.body.subscriptionMember.status).toBe('cancelled');
    expect(await member(memberId)).toMatchObject({ status: 'cancelled', priceMinor: 500, promoRenewalsLeft: null });
    const [outcome] = await server.database.db
      .select()
      .from(retentionOutcomes)
      .where(eq(retentionOutcomes.memberId, memberId));
    expect(outcome).toMatchObject({ outcome: 'left', percent: 50, priceMinor: 500, offeredPriceMinor: 250 });
    // Renewed again later: no second offer.
    await server.api(user, 'GET', `/follower/subscription_member/${memberId}/renew`);
    expect(await show(user, memberId)).toBeNull();
    expect((await accept(user, memberId, { percent: 50, renewals: 1 })).body).toMatchObject({
      code: 'retention_offer_unavailable',
      reason: 'answered',
    });
  });

  it('a removed or changed offer answers 409 and changes nothing; a stranger gets 404', async () => {
    await setOffer(shop.subscriptions.yearly, { percent: 25, renewals: 2 });
    const { user, memberId } = await subscribe('Late', shop.subscriptions.yearly);
    expect(await show(user, memberId)).toMatchObject({ percent: 25 });
    expect((await accept(newUser('Stranger'), memberId, { percent: 25, renewals: 2 })).status).toBe(404);
    await setOffer(shop.subscriptions.yearly, { percent: 10, renewals: 2 });
    const changed = await accept(user, memberId, { percent: 25, renewals: 2 });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'retention_offer_unavailable', reason: 'changed' });
    await server.api(shop.creator, 'POST', `/subscription/${shop.subscriptions.yearly}/retention_offer/delete`);
    const removed = await accept(user, memberId, { percent: 10, renewals: 2 });
    expect(removed.status).toBe(409);
    expect(removed.body).toMatchObject({ code: 'retention_offer_unavailable', reason: 'no_offer' });
    expect(await member(memberId)).toMatchObject({ priceMinor: 500, promoRenewalsLeft: null });
    expect(await show(user, memberId)).toBeNull();
    // Declining what is no longer offered still cancels.
    expect((await decline(user, memberId)).body.subscriptionMember.status).toBe('cancelled');
  });

  it('is not offered on Telegram Stars, under a promo code, on a deleted subscription or a disconnected channel', async () => {
    const other = await openShop(server, { price: 5 });
    for (const id of [other.subscriptions.monthly, other.subscriptions.weekly, other.subscriptions.yearly])
      expect((await setOffer(id, { percent: 30, renewals: 3 }, other.creator)).status).toBe(200);
    // A Telegram Stars membership: Telegram renews it at its own price.
    expect(
      (await server.api(other.creator, 'POST', `/subscription/${other.subscriptions.monthly}/stars`, { stars: 250 }))
        .status,
    ).toBe(200);
    const starsFan = newUser('StarsFan');
    const created = await server.api<{ invoiceLink: string }>(
      starsFan,
      'POST',
      `/invoice/subscription/${other.subscriptions.monthly}/create`,
      { paymentMethod: 'telegram_stars' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(created.status).toBe(200);
    const paid = await server.request<{ status: string }>('POST', '/sandbox/bot-api/stars/pay', {
      telegramId: starsFan.telegramId,
      firstName: starsFan.firstName,
      languageCode: 'en',
      link: created.body.invoiceLink,
    });
    expect(paid.body.status).toBe('paid');
    const member = await server.api<{ subscriptions: { id: number; subscriptionMember?: { id: number } }[] }>(
      starsFan,
      'GET',
      '/dashboard?mode=follower',
    );
    expect(member.status).toBe(200);
    const [starsRow] = await server.database.db
      .select()
      .from(subscriptionMembers)
      .where(eq(subscriptionMembers.subscriptionId, other.subscriptions.monthly));
    expect(starsRow).toMatchObject({ paymentMethod: 'telegram_stars' });
    expect(await show(starsFan, starsRow!.id)).toBeNull();
    expect((await accept(starsFan, starsRow!.id, { percent: 30, renewals: 3 })).body).toMatchObject({
      code: 'retention_offer_unavailable',
      reason: 'stars',
    });

    // A promo code that still discounts the renewals wins.
    await server.api(other.creator, 'POST', `/subscription/${other.subscriptions.weekly}/promos/new`, {
      code: 'KEEP',
      scope: 'subscription',
      discountType: 'percent',
      percent: 20,
      duration: 'periods',
      periods: 3,
    });
    const promoFan = await subscribe('PromoFan', other.subscriptions.weekly, { promoCode: 'KEEP' });
    expect(await show(promoFan.user, promoFan.memberId)).toBeNull();
    expect((await accept(promoFan.user, promoFan.memberId, { percent: 30, renewals: 3 })).body).toMatchObject({
      reason: 'promo',
    });

    // A deleted subscription, then a disconnected channel.
    const yearly = await subscribe('YearlyFan', other.subscriptions.yearly);
    expect(await show(yearly.user, yearly.memberId)).toMatchObject({ percent: 30 });
    await server.api(other.creator, 'POST', `/subscription/${other.subscriptions.yearly}/delete`);
    expect(await show(yearly.user, yearly.memberId)).toBeNull();
    expect((await accept(yearly.user, yearly.memberId, { percent: 30, renewals: 3 })).body).toMatchObject({
      reason: 'subscription_deleted',
    });
    const monthlyFan = await subscribe('MonthlyFan', other.subscriptions.weekly);
    expect(await show(monthlyFan.user, monthlyFan.memberId)).toMatchObject({ percent: 30 });
    await server.request('POST', '/sandbox/bot/channel-removed', {
      chatId: -(1_000_000_000_000 + other.creator.telegramId),
    });
    expect(await show(monthlyFan.user, monthlyFan.memberId)).toBeNull();
    expect((await accept(monthlyFan.user, monthlyFan.memberId, { percent: 30, renewals: 3 })).body).toMatchObject({
      code: 'retention_offer_unavailable',
      reason: 'payments_disabled',
    });
    await expectBalancesMatchLedger(server, other.creatorId);
  });

  it('counts, per subscription, the followers shown the offer, who stayed and who left', async () => {
    const counted = await openShop(server, { price: 5 });
    const id = counted.subscriptions.monthly;
    await server.api(counted.creator, 'POST', `/subscription/${id}/retention_offer`, { percent: 20, renewals: 2 });
    const [a, b, c] = [await subscribe('CountA', id), await subscribe('CountB', id), await subscribe('CountC', id)];
    for (const fan of [a, b, c]) await show(fan.user, fan.memberId);
    expect((await accept(a.user, a.memberId, { percent: 20, renewals: 2 })).status).toBe(200);
    expect((await decline(b.user, b.memberId)).status).toBe(200);
    const view = await server.api<RetentionOfferResponse>(
      counted.creator,
      'GET',
      `/subscription/${id}/retention_offer`,
    );
    expect(view.body).toEqual({ offer: { percent: 20, renewals: 2 }, stats: { offered: 3, stayed: 1, left: 1 } });
    // Removing the offer keeps the counts.
    await server.api(counted.creator, 'POST', `/subscription/${id}/retention_offer/delete`);
    expect(
      (await server.api<RetentionOfferResponse>(counted.creator, 'GET', `/subscription/${id}/retention_offer`)).body,
    ).toEqual({ offer: null, stats: { offered: 3, stayed: 1, left: 1 } });
    await expectBalancesMatchLedger(server, counted.creatorId);
  });
});
