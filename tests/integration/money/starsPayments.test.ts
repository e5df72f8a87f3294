/**
 * Telegram Stars payments end to end: the app's checkout over HTTP, the bot's answers and the Bot API double's payment
 * sheet, renewals on the sandbox clock, cancels, refunds and pre-checkout refusals, with the ledger checked after each.
 * The double behaves as the Bot API reference describes (https://core.telegram.org/bots/api#payments,
 * https://core.telegram.org/bots/api#createinvoicelink, https://core.telegram.org/bots/api#answerprecheckoutquery,
 * https://core.telegram.org/bots/api#successfulpayment, https://core.telegram.org/bots/api#refundedpayment,
 * https://core.telegram.org/bots/api#refundstarpayment, https://core.telegram.org/bots/api#edituserstarsubscription,
 * https://core.telegram.org/bots/payments-stars): subscription_period 2592000, subscription_expiration_date on each
 * payment, each renewal a new telegram_payment_charge_id, refunded_payment after a refund.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { botTexts } from '../../../server/modules/bot/texts';
import { transactions } from '../../../server/platform/db/schema';
import { payments } from '../../../server/platform/db/schema-money';
import { STARS_RENEWAL_GRACE_MS } from '../../../server/modules/payments/renewalWindow';
import { STARS_SUBSCRIPTION_PERIOD_SECONDS } from '../../../src/domain/stars';
import { type TestServer, type TestUser, TEST_NOW, newUser, startTestServer } from '../support/testServer';
import { type Shop, advanceTo, expectBalancesMatchLedger, memberRow, openShop, userId } from './support/money';

jest.setTimeout(300_000);

const RATE = '0.012';

interface Created {
  paymentId: string;
  status: string;
  invoiceLink?: string;
  amount?: number;
  currency?: string;
}
interface PaidAnswer {
  status: 'paid' | 'failed';
  chargeId?: string;
  reason?: string;
  errorMessage?: string;
}
interface MemberAnswer {
  subscriptionMember: { id: number; status: string; expiresAt?: number; paidWith: string; stars?: number };
}

describe('Telegram Stars payments', () => {
  let server: TestServer;
  let shop: Shop;

  const create = (user: TestUser, kind: 'subscription' | 'donation', id: number, body: object, key = randomUUID()) =>
    server.api<Created>(
      user,
      'POST',
      `/invoice/${kind}/${id}/create`,
      { paymentMethod: 'telegram_stars', ...body },
      {
        'Idempotency-Key': key,
      },
    );
  const payLink = (user: TestUser, link: string, languageCode = 'en') =>
    server.request<PaidAnswer>('POST', '/sandbox/bot-api/stars/pay', {
      telegramId: user.telegramId,
      firstName: user.firstName,
      languageCode,
      link,
    });
  const calls = async (method: string) =>
    (
      await server.request<{ calls: { params: Record<string, unknown> }[] }>(
        'GET',
        `/sandbox/bot-api/calls?method=${method}`,
      )
    ).body.calls.map((call) => call.params);
  const paymentRows = async (user: TestUser) =>
    server.database.db
      .select()
      .from(payments)
      .where(eq(payments.userId, await userId(server, user)));
  const memberOf = async (user: TestUser, subscriptionId: number) => (await memberRow(server, user, subscriptionId))!;
  const linesOf = (paymentId: string) =>
    server.database.db.select().from(transactions).where(eq(transactions.paymentId, paymentId));

  /** A follower buys the subscription in Stars: a link from our API, paid on the double's sheet. */
  async function buy(user: TestUser, subscriptionId: number): Promise<{ paymentId: string; chargeId: string }> {
    const created = await create(user, 'subscription', subscriptionId, {});
    expect(created.status).toBe(200);
    const paid = await payLink(user, created.body.invoiceLink!);
    expect(paid.body).toEqual({ status: 'paid', chargeId: expect.any(String) });
    return { paymentId: created.body.paymentId, chargeId: paid.body.chargeId! };
  }

  beforeAll(async () => {
    server = await startTestServer({ now: TEST_NOW, config: { starsRates: new Map([['eur', RATE]]) } });
    shop = await openShop(server);
    for (const [period, stars] of [
      ['monthly', 250],
      ['weekly', 100],
      ['yearly', 900],
    ] as const) {
      const set = await server.api(shop.creator, 'POST', `/subscription/${shop.subscriptions[period]}/stars`, {
        stars,
      });
      expect(set.status).toBe(200);
    }
    const donation = await server.api(shop.creator, 'POST', `/donation/${shop.donationId}/stars`, { stars: 50 });
    expect(donation.body).toEqual({ stars: 50, offer: 'one_time', suggested: expect.any(Number), rate: RATE });
  }, 180_000);
  afterAll(() => server.close());

  test('invoices say what sells in Stars; checkout refuses what does not', async () => {
    const follower = newUser('Looker');
    const monthly = await server.api(follower, 'GET', `/invoice/subscription/${shop.subscriptions.monthly}`);
    expect(monthly.body.stars).toEqual({ amount: 250, renews: true });
    const weekly = await server.api(follower, 'GET', `/invoice/subscription/${shop.subscriptions.weekly}`);
    expect(weekly.body.stars).toEqual({ amount: 100, renews: false });
    const onetime = await server.api(follower, 'GET', `/invoice/subscription/${shop.subscriptions.onetime}`);
    expect(onetime.body.stars).toBeNull();
    const donation = await server.api(follower, 'GET', `/invoice/donation/${shop.donationId}`);
    expect(donation.body.stars).toEqual({ amount: 50 });

    const notSold = await create(follower, 'subscription', shop.subscriptions.onetime, {});
    expect(notSold.status).toBe(409);
    expect(notSold.body).toMatchObject({ code: 'stars_unavailable', reason: 'not_sold' });
    // A rouble shop without a payout account is credited in roubles, which have no STARS_RATE_RUB here.
    const rubShop = await openShop(server, { currency: 'rub', price: 500 });
    await server.api(rubShop.creator, 'POST', `/subscription/${rubShop.subscriptions.monthly}/stars`, { stars: 300 });
    expect(
      (await server.api(follower, 'GET', `/invoice/subscription/${rubShop.subscriptions.monthly}`)).body.stars,
    ).toBeNull();
    const noRate = await create(follower, 'subscription', rubShop.subscriptions.monthly, {});
    expect(noRate.status).toBe(409);
    expect(noRate.body).toMatchObject({ code: 'stars_unavailable', reason: 'no_rate' });
    const tooFew = await create(follower, 'donation', shop.donationId, { amount: 0 });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body).toMatchObject({ code: 'validation_error', field: 'amount', reason: 'stars_too_small' });
    expect(await paymentRows(follower)).toEqual([]);
  });

  test('a monthly purchase: one link per key, access paid in Stars, the creator credited at the rate', async () => {
    const follower = newUser('Stella');
    const key = randomUUID();
    const first = await create(follower, 'subscription', shop.subscriptions.monthly, {}, key);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      paymentId: expect.any(String),
      status: 'pending',
      invoiceLink: expect.stringMatching(/^https:\/\/t\.me\/\$/),
      kind: 'subscription',
      amount: 250,
      currency: 'xtr',
    });
    const again = await create(follower, 'subscription', shop.subscriptions.monthly, {}, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const links = (await calls('createInvoiceLink')).filter((params) => params.payload === `p:${first.body.paymentId}`);
    expect(links).toEqual([
      expect.objectContaining({
        currency: 'XTR',
        subscription_period: STARS_SUBSCRIPTION_PERIOD_SECONDS,
        prices: [expect.objectContaining({ amount: 250 })],
      }),
    ]);

    const revenue = async () => {
      const { buckets } = (
        await server.api<{ buckets: { subscriptionsMinor: number; starsMinor: number; stars: number }[] }>(
          shop.creator,
          'GET',
          `/revenue?period=month&channelId=${shop.channelId}&currency=eur`,
        )
      ).body;
      const sum = (key: 'subscriptionsMinor' | 'starsMinor' | 'stars') =>
        buckets.reduce((total, bucket) => total + bucket[key], 0);
      return { subscriptionsMinor: sum('subscriptionsMinor'), starsMinor: sum('starsMinor'), stars: sum('stars') };
    };
    const revenueBefore = await revenue();
    const paid = await payLink(follower, first.body.invoiceLink!);
    expect(paid.body.status).toBe('paid');
    // Revenue counts the sale in the creator's payout currency (what it credited), and its Stars apart.
    const revenueAfter = await revenue();
    expect({
      subscriptionsMinor: revenueAfter.subscriptionsMinor - revenueBefore.subscriptionsMinor,
      starsMinor: revenueAfter.starsMinor - revenueBefore.starsMinor,
      stars: revenueAfter.stars - revenueBefore.stars,
    }).toEqual({ subscriptionsMinor: 270, starsMinor: 270, stars: 250 });
    const check = await server.api<Record<string, unknown>>(follower, 'POST', '/pay/smart_glocal/check', {
      paymentId: first.body.paymentId,
    });
    expect(check.body).toMatchObject({ status: 'paid', amount: 250, currency: 'xtr', kind: 'subscription' });
    expect(check.body.inviteLink).toEqual(expect.any(String));

    const member = await memberOf(follower, shop.subscriptions.monthly);
    const sheet = (
      await server.request<{ subscriptions: { expiresAt: number }[] }>(
        'GET',
        `/sandbox/bot-api/stars/subscriptions?userId=${follower.telegramId}`,
      )
    ).body.subscriptions;
    expect(member.expiresAt!.getTime()).toBe(sheet[0]!.expiresAt * 1000);
    const page = await server.api<MemberAnswer>(follower, 'GET', `/follower/subscription_member/${member.id}`);
    expect(page.body.subscriptionMember).toMatchObject({ paidWith: 'stars', stars: 250, status: 'active' });
    const dashboard = await server.api<{ subscriptionMembers: { id: number; paidWith: string }[] }>(
      follower,
      'GET',
      '/dashboard?mode=follower',
    );
    expect(dashboard.body.subscriptionMembers).toEqual([expect.objectContaining({ id: member.id, paidWith: 'stars' })]);

    // 250 Stars at 0.012 € = 3.00 €; 10 % service fee; the payer's line in Stars.
    const lines = await linesOf(first.body.paymentId);
    const sell = lines.find((line) => line.type === 'sell_subscription')!;
    expect(sell).toMatchObject({ currency: 'eur', price: 300, serviceFee: 30, payoutAmount: 270, amount: 270 });
    expect(sell).toMatchObject({ starsAmount: 250, starsRate: RATE, paymentMethod: 'telegram_stars' });
    expect(lines.find((line) => line.type === 'buy_subscription')).toMatchObject({
      currency: 'xtr',
      price: 250,
      amount: 250,
    });
    const detail = await server.api<{ transaction: Record<string, unknown> }>(
      shop.creator,
      'GET',
      `/transaction/${sell.id}`,
    );
    expect(detail.body.transaction).toMatchObject({
      currency: 'eur',
      total: 2.7,
      paymentMethod: 'telegram_stars',
      stars: { amount: 250, rate: RATE, credited: 2.7 },
    });
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  test('a monthly renewal on the sandbox clock extends the membership; the card renewals never charge it', async () => {
    const follower = newUser('Renata');
    const { paymentId } = await buy(follower, shop.subscriptions.monthly);
    const before = await memberOf(follower, shop.subscriptions.monthly);
    await advanceTo(server, before.expiresAt!.getTime() + 60_000);
    const after = await memberOf(follower, shop.subscriptions.monthly);
    expect(after.expiresAt!.getTime()).toBe(before.expiresAt!.getTime() + STARS_SUBSCRIPTION_PERIOD_SECONDS * 1000);
    expect(after.status).toBe('active');
    const rows = await paymentRows(follower);
    expect(rows.map((row) => [row.purpose, row.method, row.status]).sort()).toEqual([
      ['invoice', 'telegram_stars', 'paid'],
      ['renewal', 'telegram_stars', 'paid'],
    ]);
    const renewal = rows.find((row) => row.id !== paymentId)!;
    expect(renewal.memberId).toBe(after.id);
    expect((await linesOf(renewal.id)).map((line) => line.type).sort()).toEqual([
      'buy_subscription',
      'sell_subscription',
    ]);
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  test('a renewal the payer cannot afford never comes: access ends at expiry, nothing is charged', async () => {
    const follower = newUser('Shorty');
    await buy(follower, shop.subscriptions.monthly);
    await server.request('POST', '/sandbox/bot-api/stars/balance', { telegramId: follower.telegramId, stars: 0 });
    const before = await memberOf(follower, shop.subscriptions.monthly);
    await advanceTo(server, before.expiresAt!.getTime() + 60_000);
    const after = await memberOf(follower, shop.subscriptions.monthly);
    expect(after.expiresAt!.getTime()).toBe(before.expiresAt!.getTime());
    expect(after.expiresAt!.getTime()).toBeLessThan(server.clock.now());
    expect((await paymentRows(follower)).map((row) => row.purpose)).toEqual(['invoice']);
    const page = await server.api<MemberAnswer & { renewal?: unknown }>(
      follower,
      'GET',
      `/follower/subscription_member/${after.id}/renew`,
    );
    expect(page.body.renewal).toEqual({ action: 'pay_invoice', subscriptionId: shop.subscriptions.monthly });
  });

  test("a private channel: a personal link, kept while Telegram's renewal may still come, removed once it did not", async () => {
    const closed = await openShop(server, { private: true });
    await server.api(closed.creator, 'POST', `/subscription/${closed.subscriptions.monthly}/stars`, { stars: 300 });
    const follower = newUser('Priya');
    const { paymentId } = await buy(follower, closed.subscriptions.monthly);
    const check = await server.api<{ inviteLink?: string }>(follower, 'POST', '/pay/smart_glocal/check', { paymentId });
    const member = await memberOf(follower, closed.subscriptions.monthly);
    expect(member.inviteLink).toEqual(expect.any(String));
    expect(check.body.inviteLink).toBe(member.inviteLink);
    await server.request('POST', '/sandbox/bot-api/stars/balance', { telegramId: follower.telegramId, stars: 0 });
    await advanceTo(server, member.expiresAt!.getTime() + 60_000);
    expect((await memberOf(follower, closed.subscriptions.monthly)).accessRemovedAt).toBeNull();
    await advanceTo(server, member.expiresAt!.getTime() + STARS_RENEWAL_GRACE_MS + 60_000);
    const ended = await memberOf(follower, closed.subscriptions.monthly);
    expect(ended.accessRemovedAt).not.toBeNull();
    expect(ended.expiresAt!.getTime()).toBe(member.expiresAt!.getTime());
  });

  test('cancel and renew tell Telegram (editUserStarSubscription); a cancelled one is not renewed', async () => {
    const follower = newUser('Carla');
    const { chargeId } = await buy(follower, shop.subscriptions.monthly);
    const member = await memberOf(follower, shop.subscriptions.monthly);
    const edits = async () =>
      (await calls('editUserStarSubscription')).filter((params) => params.telegram_payment_charge_id === chargeId);
    const cancelled = await server.api<MemberAnswer>(
      follower,
      'GET',
      `/follower/subscription_member/${member.id}/cancel`,
    );
    expect(cancelled.body.subscriptionMember.status).toBe('cancelled');
    const renewed = await server.api<MemberAnswer>(follower, 'GET', `/follower/subscription_member/${member.id}/renew`);
    expect(renewed.body.subscriptionMember.status).toBe('active');
    await server.api(follower, 'GET', `/follower/subscription_member/${member.id}/cancel`);
    expect((await edits()).map((params) => [Number(params.user_id), params.is_canceled])).toEqual([
      [follower.telegramId, true],
      [follower.telegramId, false],
      [follower.telegramId, true],
    ]);
    await advanceTo(server, member.expiresAt!.getTime() + 60_000);
    expect((await memberOf(follower, shop.subscriptions.monthly)).expiresAt!.getTime()).toBe(
      member.expiresAt!.getTime(),
    );
    expect((await paymentRows(follower)).map((row) => row.purpose)).toEqual(['invoice']);
  });

  test('a refund gives the Stars back, reverses the ledger and ends access; refunded_payment twice changes nothing', async () => {
    const follower = newUser('Rolf');
    const { paymentId, chargeId } = await buy(follower, shop.subscriptions.weekly);
    const refunded = await server.request('POST', `/sandbox/payments/${paymentId}/refund`, { reason: 'Asked for' });
    expect(refunded.body).toMatchObject({ refundStatus: 'done' });
    expect(await calls('refundStarPayment')).toContainEqual(
      expect.objectContaining({ telegram_payment_charge_id: chargeId }),
    );
    const lines = async () => (await linesOf(paymentId)).map((line) => [line.type, line.currency, line.amount]).sort();
    const reversed = await lines();
    expect(reversed).toEqual([
      ['buy_subscription', 'xtr', 100],
      ['refund_issued', 'eur', 108],
      ['refund_received', 'xtr', 100],
      ['sell_subscription', 'eur', 108],
    ]);
    const member = await memberOf(follower, shop.subscriptions.weekly);
    expect(member.status).toBe('cancelled');
    expect(member.expiresAt!.getTime()).toBeLessThanOrEqual(server.clock.now());
    // Telegram's refunded_payment once more (a redelivery under a new update id): nothing changes.
    const again = await server.request('POST', '/sandbox/bot-api/updates', {
      message: {
        message_id: 1,
        date: Math.floor(server.clock.now() / 1000),
        chat: { id: follower.telegramId, type: 'private', first_name: follower.firstName },
        from: { id: follower.telegramId, is_bot: false, first_name: follower.firstName },
        refunded_payment: {
          currency: 'XTR',
          total_amount: 100,
          invoice_payload: `p:${paymentId}`,
          telegram_payment_charge_id: chargeId,
        },
      },
    });
    expect(again.body).toMatchObject({ outcome: 'applied' });
    expect(await lines()).toEqual(reversed);
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  test('a refund made outside the app reverses the payment once', async () => {
    const follower = newUser('Otto');
    const { paymentId, chargeId } = await buy(follower, shop.subscriptions.yearly);
    await server.app.deps.bot.refundStarPayment(follower.telegramId, chargeId);
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'paid', refundStatus: 'done' });
    expect((await linesOf(paymentId)).map((line) => line.type).sort()).toEqual([
      'buy_subscription',
      'refund_issued',
      'refund_received',
      'sell_subscription',
    ]);
    expect((await memberOf(follower, shop.subscriptions.yearly)).status).toBe('cancelled');
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  test('pre-checkout refuses a changed price, a banned follower, a deleted subscription and a lost channel', async () => {
    const priced = newUser('Paula');
    const created = await create(priced, 'subscription', shop.subscriptions.weekly, {});
    await server.api(shop.creator, 'POST', `/subscription/${shop.subscriptions.weekly}/stars`, { stars: 120 });
    expect((await payLink(priced, created.body.invoiceLink!, 'de')).body).toEqual({
      status: 'failed',
      reason: 'refused',
      errorMessage: botTexts('de').paymentPriceChanged,
    });
    await server.api(shop.creator, 'POST', `/subscription/${shop.subscriptions.weekly}/stars`, { stars: 100 });
    // The same link at the price it was made at goes ahead again.
    expect((await payLink(priced, created.body.invoiceLink!)).body.status).toBe('paid');

    const banned = newUser('Bruno');
    const link = (await create(banned, 'subscription', shop.subscriptions.monthly, {})).body.invoiceLink!;
    await server.request('POST', '/sandbox/users/ban', { telegramId: banned.telegramId, banned: true });
    expect((await payLink(banned, link, 'fr')).body).toEqual({
      status: 'failed',
      reason: 'refused',
      errorMessage: botTexts('fr').paymentUnavailable,
    });

    const late = newUser('Dora');
    const doomed = await openShop(server);
    await server.api(doomed.creator, 'POST', `/subscription/${doomed.subscriptions.monthly}/stars`, { stars: 40 });
    const lateLink = (await create(late, 'subscription', doomed.subscriptions.monthly, {})).body.invoiceLink!;
    expect(
      (await server.api(doomed.creator, 'POST', `/subscription/${doomed.subscriptions.monthly}/delete`)).status,
    ).toBe(200);
    expect((await payLink(late, lateLink, 'es')).body).toEqual({
      status: 'failed',
      reason: 'refused',
      errorMessage: botTexts('es').paymentUnavailable,
    });
    const cutOff = newUser('Gina');
    const unplugged = await openShop(server);
    await server.api(unplugged.creator, 'POST', `/subscription/${unplugged.subscriptions.monthly}/stars`, {
      stars: 40,
    });
    const cutLink = (await create(cutOff, 'subscription', unplugged.subscriptions.monthly, {})).body.invoiceLink!;
    // The bot lost the channel (testServer's creatorWithChannel numbers its chat so).
    await server.request('POST', '/sandbox/bot/channel-removed', {
      chatId: -(1_000_000_000_000 + unplugged.creator.telegramId),
    });
    expect((await payLink(cutOff, cutLink, 'it')).body).toEqual({
      status: 'failed',
      reason: 'refused',
      errorMessage: botTexts('it').paymentUnavailable,
    });
    for (const user of [banned, late, cutOff]) {
      expect((await paymentRows(user)).map((row) => row.status)).toEqual(['pending']);
    }
  });

  test('a successful_payment delivered twice changes nothing the second time', async () => {
    const follower = newUser('Dupont');
    const created = await create(follower, 'donation', shop.donationId, { amount: 75 });
    expect(created.body).toMatchObject({ status: 'pending', amount: 75, currency: 'xtr' });
    const paid = await payLink(follower, created.body.invoiceLink!);
    expect(paid.body.status).toBe('paid');
    const snapshot = async () => ({
      payments: (await paymentRows(follower)).map((row) => [row.id, row.status, row.telegramChargeId]),
      lines: (await linesOf(created.body.paymentId)).map((line) => [line.type, line.currency, line.amount]).sort(),
    });
    const once = await snapshot();
    // 75 Stars at 0.012 € = 0.90 €, 10 % service fee.
    expect(once.lines).toEqual([
      ['get_donation', 'eur', 81],
      ['send_donation', 'xtr', 75],
    ]);
    const redelivered = await server.request('POST', '/sandbox/bot-api/updates', {
      message: {
        message_id: 2,
        date: Math.floor(server.clock.now() / 1000),
        chat: { id: follower.telegramId, type: 'private', first_name: follower.firstName },
        from: { id: follower.telegramId, is_bot: false, first_name: follower.firstName },
        successful_payment: {
          currency: 'XTR',
          total_amount: 75,
          invoice_payload: `p:${created.body.paymentId}`,
          telegram_payment_charge_id: paid.body.chargeId,
          provider_payment_charge_id: '',
        },
      },
    });
    expect(redelivered.body).toMatchObject({ outcome: 'applied' });
    expect(await snapshot()).toEqual(once);
    await expectBalancesMatchLedger(server, shop.creatorId);
  });
});
