/**
 * Gift subscriptions over HTTP (rules: src/domain/gift.ts; server/modules/gifts/README.md): a giver buys one period by
 * card (new card, 3-D Secure, saved card; Idempotency-Key), shares the link, and the recipient accepts it once; two
 * accepts race and one wins; the giver cannot accept their own gift; a recipient banned from the channel is refused
 * while the gift stays open; an unaccepted gift expires after 30 days on the sandbox clock and is refunded through the
 * Smart Glocal double (the giver told by the bot); a deleted subscription refunds its open gifts; a recipient who
 * already pays gets the period after their paid-through date, never charged twice; the ledger balanced throughout.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type {
  CreatePaymentResponse,
  GiftAcceptResponse,
  GiftResponse,
  GiftSentResponse,
  GiftStatsResponse,
  TransactionDto,
} from '../../../src/contract/api';
import { transactions } from '../../../server/platform/db/schema';
import { gifts, payments, subscriptionGiftCounts } from '../../../server/platform/db/schema-money';
import { type TestServer, type TestUser, botApiCalls, newUser, startTestServer } from '../support/testServer';
import {
  type Shop,
  advanceTo,
  answerChallenge,
  expectBalancesMatchLedger,
  memberRow,
  newCard,
  openShop,
  payWithNewCard,
  userId,
} from './support/money';

jest.setTimeout(300_000);

const DAY_MS = 24 * 60 * 60 * 1000;

describe('gift subscriptions', () => {
  let server: TestServer;
  let shop: Shop;

  const buy = async (giver: TestUser, subscriptionId: number, card = '4242424242424242', key = randomUUID()) =>
    server.api<CreatePaymentResponse>(
      giver,
      'POST',
      `/invoice/subscription/${subscriptionId}/gift`,
      { paymentMethod: 'smart_glocal_form', ...(await newCard(server, giver, card)) },
      { 'Idempotency-Key': key },
    );
  const sent = async (giver: TestUser, paymentId: string) => {
    const answer = await server.api<GiftSentResponse>(giver, 'GET', `/gift/sent/${paymentId}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** A paid gift's code, bought by `giver` with a new card. */
  const bought = async (giver: TestUser, subscriptionId = shop.subscriptions.monthly) => {
    const answer = await buy(giver, subscriptionId);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('paid');
    const { gift } = await sent(giver, answer.body.paymentId);
    return { code: gift!.code, paymentId: answer.body.paymentId, gift: gift! };
  };
  const accept = (user: TestUser, code: string) => server.api<GiftAcceptResponse>(user, 'POST', `/gift/${code}/accept`);
  const refusal = async (user: TestUser, code: string, status: number) => {
    const answer = await accept(user, code);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code: 'gift_invalid', message: expect.any(String) });
    return (answer.body as unknown as { reason: string }).reason;
  };
  const giftRow = async (code: string) =>
    (await server.database.db.select().from(gifts).where(eq(gifts.code, code)))[0];
  const memberOf = async (user: TestUser, subscriptionId: number) => (await memberRow(server, user, subscriptionId))!;
  const transactionsOf = async (user: TestUser, mode: 'creator' | 'follower') =>
    (
      await server.api<{ transactions: TransactionDto[] }>(user, 'POST', '/dashboard/transactions', {
        list: 'all',
        mode,
      })
    ).body.transactions;
  const stats = async (subscriptionId: number) =>
    (await server.api<GiftStatsResponse>(shop.creator, 'GET', `/subscription/${subscriptionId}/gifts`)).body;

  beforeAll(async () => {
    // Stars prices need a rate (STARS_RATE_EUR): for the recipient who pays in Telegram Stars.
    server = await startTestServer({ config: { starsRates: new Map([['eur', '0.012']]) } });
    shop = await openShop(server, { price: 10 });
  }, 180_000);
  afterAll(async () => server.close());
  afterEach(async () => {
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  it('buys a gift: a labelled ledger pair on what was paid, no membership for the giver, a link to share', async () => {
    const giver = newUser('Alice');
    const { code, paymentId, gift } = await bought(giver);
    expect(code).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(gift).toMatchObject({
      state: 'open',
      subscriptionId: shop.subscriptions.monthly,
      period: 'monthly',
      amount: 10,
      currency: 'eur',
      giverName: 'Alice',
      mine: true,
      refusal: 'own',
      link: expect.stringMatching(new RegExp(`\\?startapp=gift_${code}$`)),
    });
    // Telegram's start parameter: A-Z, a-z, 0-9, _ and - only, at most 64 characters.
    const startParam = new URL(gift.link!).searchParams.get('startapp')!;
    expect(startParam).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(gift.expiresAt * 1000).toBe((await giftRow(code)).createdAt.getTime() + 30 * DAY_MS);
    const lines = await server.database.db.select().from(transactions).where(eq(transactions.paymentId, paymentId));
    const buyLine = lines.find((line) => line.type === 'buy_subscription')!;
    const sellLine = lines.find((line) => line.type === 'sell_subscription')!;
    expect(buyLine).toMatchObject({ amount: 1000, gift: true, memberId: null });
    // 10 % service fee and 3 % provider fee of the 10.00 paid: the creator earns 8.70 at purchase time.
    expect(sellLine).toMatchObject({ price: 1000, serviceFee: 100, providerFee: 30, amount: 870, gift: true });
    expect(await memberRow(server, giver, shop.subscriptions.monthly)).toBeUndefined();
    expect((await transactionsOf(giver, 'follower')).find((line) => line.id === buyLine.id)).toMatchObject({
      type: 'buy_subscription',
      gift: true,
    });
    expect((await transactionsOf(shop.creator, 'creator')).find((line) => line.id === sellLine.id)).toMatchObject({
      type: 'sell_subscription',
      gift: true,
    });
    expect(await stats(shop.subscriptions.monthly)).toMatchObject({ sold: 1, open: 1, redeemed: 0 });
    // Someone else sees the gift, not its link or the giver's payment.
    const viewer = await server.api<GiftResponse>(newUser('Viewer'), 'GET', `/gift/${code}`);
    expect(viewer.body.gift).toMatchObject({ giverName: 'Alice', mine: false });
    expect(viewer.body.gift.refusal).toBeUndefined();
    expect(viewer.body.gift.link).toBeUndefined();
    expect((await server.api(newUser('Nosy'), 'GET', `/gift/sent/${paymentId}`)).status).toBe(404);
    expect((await server.api(shop.creator, 'GET', `/subscription/${shop.subscriptions.monthly}/gifts`)).status).toBe(
      200,
    );
    // Creator figures: a follower is told to pass verification; another verified creator finds no such subscription.
    expect((await server.api(giver, 'GET', `/subscription/${shop.subscriptions.monthly}/gifts`)).body).toMatchObject({
      code: 'verification_required',
    });
    const stranger = (await openShop(server)).creator;
    expect((await server.api(stranger, 'GET', `/subscription/${shop.subscriptions.monthly}/gifts`)).status).toBe(404);
  });

  it('pays through 3-D Secure and replays a repeated Idempotency-Key without a second gift', async () => {
    const giver = newUser('Challenged');
    const key = randomUUID();
    const body = { paymentMethod: 'smart_glocal_form', ...(await newCard(server, giver, '4000000000003220')) };
    const first = await server.api<CreatePaymentResponse>(
      giver,
      'POST',
      `/invoice/subscription/${shop.subscriptions.weekly}/gift`,
      body,
      { 'Idempotency-Key': key },
    );
    expect(first.body).toMatchObject({ status: 'action_required', userAction: { type: 'redirect' } });
    expect((await sent(giver, first.body.paymentId)).gift).toBeNull();
    await answerChallenge(server, first.body.userAction!.url, 'confirm');
    const after = await sent(giver, first.body.paymentId);
    expect(after.payment.status).toBe('paid');
    expect(after.gift).toMatchObject({ state: 'open', period: 'weekly' });
    const replay = await server.api<CreatePaymentResponse>(
      giver,
      'POST',
      `/invoice/subscription/${shop.subscriptions.weekly}/gift`,
      body,
      { 'Idempotency-Key': key },
    );
    expect(replay.body.paymentId).toBe(first.body.paymentId);
    const rows = await server.database.db.select().from(gifts).where(eq(gifts.paymentId, first.body.paymentId));
    expect(rows).toHaveLength(1);
  });

  it('refuses a one-time subscription, a Stars payment and a payment without a key', async () => {
    const giver = newUser('Refused');
    expect((await buy(giver, shop.subscriptions.onetime)).body).toMatchObject({
      code: 'gift_invalid',
      reason: 'not_giftable',
    });
    const stars = await server.api(
      giver,
      'POST',
      `/invoice/subscription/${shop.subscriptions.monthly}/gift`,
      { paymentMethod: 'telegram_stars' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(stars.status).toBe(400);
    expect(stars.body).toMatchObject({ code: 'validation_error' });
    const keyless = await server.api(giver, 'POST', `/invoice/subscription/${shop.subscriptions.monthly}/gift`, {
      paymentMethod: 'smart_glocal_form',
      ...(await newCard(server, giver, '4242424242424242')),
    });
    expect(keyless.status).toBe(400);
  });

  it('the recipient accepts once: one period that does not renew; a repeat answers the same', async () => {
    const { code } = await bought(newUser('Giver'));
    const recipient = newUser('Recipient');
    const nowMs = server.clock.now();
    const accepted = await accept(recipient, code);
    expect(accepted.status).toBe(200);
    expect(accepted.body.gift).toMatchObject({ state: 'redeemed', redeemedByMe: true });
    expect(accepted.body.gift.refusal).toBeUndefined();
    expect(accepted.body.inviteLink).toMatch(/^https:\/\/t\.me\//);
    const member = await memberOf(recipient, shop.subscriptions.monthly);
    expect(member).toMatchObject({ id: accepted.body.subscriptionMemberId, status: 'cancelled' });
    expect(member.expiresAt!.getTime()).toBeGreaterThanOrEqual(nowMs + 28 * DAY_MS);
    expect(accepted.body.expiresAt).toBe(Math.floor(member.expiresAt!.getTime() / 1000));
    const again = await accept(recipient, code);
    expect(again.status).toBe(200);
    expect(again.body.subscriptionMemberId).toBe(member.id);
    expect((await memberOf(recipient, shop.subscriptions.monthly)).expiresAt).toEqual(member.expiresAt);
    expect(await refusal(newUser('Late'), code, 409)).toBe('redeemed');
    expect(await stats(shop.subscriptions.monthly)).toMatchObject({ redeemed: 1 });
    // Subscribing while the gift runs would pay for its period again: refused as for any running membership.
    const own = await server.api(
      recipient,
      'POST',
      `/invoice/subscription/${shop.subscriptions.monthly}/create`,
      { paymentMethod: 'smart_glocal_form', ...(await newCard(server, recipient, '4242424242424242')) },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(own.body).toMatchObject({ code: 'already_subscribed' });
    // Past its end nothing is charged: the membership simply ends.
    await advanceTo(server, member.expiresAt!.getTime() + 60_000);
    const renewals = await server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.memberId, member.id), eq(payments.purpose, 'renewal')));
    expect(renewals).toEqual([]);
    const view = await server.api<{ subscriptionMember: { status: string } }>(
      recipient,
      'GET',
      `/follower/subscription_member/${member.id}`,
    );
    expect(view.status).toBe(200);
  });

  it('two accepts at once: one wins, the other is told it was redeemed', async () => {
    const { code } = await bought(newUser('RaceGiver'));
    const [first, second] = [newUser('RaceA'), newUser('RaceB')];
    const answers = await Promise.all([accept(first, code), accept(second, code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({
      code: 'gift_invalid',
      reason: 'redeemed',
    });
    const winner = answers[0].status === 200 ? first : second;
    expect((await giftRow(code)).recipientId).toBe(await userId(server, winner));
  });

  it('refuses the giver, unknown codes, and a recipient banned from the channel (the gift stays open)', async () => {
    const giver = newUser('Own');
    const { code } = await bought(giver);
    expect(await refusal(giver, code, 403)).toBe('own');
    expect(await refusal(newUser('Guess'), 'A'.repeat(22), 404)).toBe('unknown');
    expect(await refusal(newUser('Junk'), 'not-a-code', 404)).toBe('unknown');
    expect((await server.api(newUser('Junk'), 'GET', '/gift/zzz')).body).toMatchObject({
      code: 'gift_invalid',
      reason: 'unknown',
    });
    // Kicked by the channel's admin (Telegram's chat_member update, through the sandbox's Telegram).
    const kicked = newUser('Kicked');
    const chat = { id: -(1_000_000_000_000 + shop.creator.telegramId), type: 'channel', title: 'Channel' };
    const person = { id: kicked.telegramId, is_bot: false, first_name: 'Kicked' };
    await server.request('POST', '/sandbox/bot-api/updates', {
      chat_member: {
        chat,
        from: { id: shop.creator.telegramId, is_bot: false, first_name: 'Creator' },
        date: 1,
        old_chat_member: { status: 'member', user: person },
        new_chat_member: { status: 'kicked', user: person },
      },
    });
    expect((await server.api<GiftResponse>(kicked, 'GET', `/gift/${code}`)).body.gift.refusal).toBe('banned');
    expect(await refusal(kicked, code, 403)).toBe('banned');
    expect((await giftRow(code)).status).toBe('open');
    // Banned by the operators: every call is refused, this one too.
    const outlaw = newUser('Outlaw');
    await server.api(outlaw, 'GET', '/dashboard?mode=follower');
    await server.request('POST', '/sandbox/users/ban', { telegramId: outlaw.telegramId });
    expect((await accept(outlaw, code)).body).toMatchObject({ code: 'banned' });
    expect((await accept(newUser('Welcome'), code)).status).toBe(200);
  });

  it('a recipient who already pays gets the period after their paid-through date, never charged twice', async () => {
    const recipient = newUser('Subscriber');
    const paid = await payWithNewCard(
      server,
      recipient,
      'subscription',
      shop.subscriptions.yearly,
      '4242424242424242',
      {
        saveCard: true,
      },
    );
    const before = await memberOf(recipient, shop.subscriptions.yearly);
    expect(before.status).toBe('active');
    const { code } = await bought(newUser('Generous'), shop.subscriptions.yearly);
    expect((await accept(recipient, code)).status).toBe(200);
    const after = await memberOf(recipient, shop.subscriptions.yearly);
    expect(after).toMatchObject({ id: paid.subscriptionMemberId, status: 'active' });
    const paidThrough = before.expiresAt!.getTime();
    expect(after.expiresAt!.getTime()).toBeGreaterThanOrEqual(paidThrough + 365 * DAY_MS);
    // Their own payment for the period the gift covers is refused, as for any running membership.
    const again = await server.api(
      recipient,
      'POST',
      `/invoice/subscription/${shop.subscriptions.yearly}/create`,
      { paymentMethod: 'smart_glocal_form', ...(await newCard(server, recipient, '4242424242424242')) },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(again.body).toMatchObject({ code: 'already_subscribed' });
    // A member may still give the subscription: the gift's invoice loads for them.
    expect((await server.api(recipient, 'GET', `/invoice/subscription/${shop.subscriptions.yearly}`)).status).toBe(409);
    const giftInvoice = await server.api<{ subscription: { id: number } }>(
      recipient,
      'GET',
      `/invoice/subscription/${shop.subscriptions.yearly}?gift=true`,
    );
    expect(giftInvoice.status).toBe(200);
    expect(giftInvoice.body.subscription.id).toBe(shop.subscriptions.yearly);
    // The old paid-through date passes without a charge; the renewal comes one period later.
    await advanceTo(server, paidThrough + 60_000);
    const charged = await server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.memberId, after.id), eq(payments.purpose, 'renewal')));
    expect(charged).toEqual([]);
    expect((await memberOf(recipient, shop.subscriptions.yearly)).status).toBe('active');
  });

  it('a recipient whose Telegram Stars subscription renews by itself is refused until they cancel it', async () => {
    const stars = await openShop(server, { price: 10 });
    const monthly = stars.subscriptions.monthly;
    expect((await server.api(stars.creator, 'POST', `/subscription/${monthly}/stars`, { stars: 250 })).status).toBe(
      200,
    );
    const recipient = newUser('Starry');
    const created = await server.api<{ paymentId: string; invoiceLink: string }>(
      recipient,
      'POST',
      `/invoice/subscription/${monthly}/create`,
      { paymentMethod: 'telegram_stars' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(created.status).toBe(200);
    const paid = await server.request<{ status: string }>('POST', '/sandbox/bot-api/stars/pay', {
      telegramId: recipient.telegramId,
      firstName: recipient.firstName,
      languageCode: 'en',
      link: created.body.invoiceLink,
    });
    expect(paid.body.status).toBe('paid');
    const member = await memberOf(recipient, monthly);
    expect(member).toMatchObject({ status: 'active', paymentMethod: 'telegram_stars' });
    expect(member.starsSubscriptionId).not.toBeNull();
    const { code } = await bought(newUser('Kind'), monthly);
    // Telegram would charge its next period on its own date, the one the gift pays for: refused.
    expect(await refusal(recipient, code, 409)).toBe('stars_renewing');
    expect((await server.api<GiftResponse>(recipient, 'GET', `/gift/${code}`)).body.gift.refusal).toBe(
      'stars_renewing',
    );
    // Cancelled (Telegram stops renewing it), the gift adds its period after the paid-through date.
    expect((await server.api(recipient, 'GET', `/follower/subscription_member/${member.id}/cancel`)).status).toBe(200);
    expect((await accept(recipient, code)).status).toBe(200);
    const after = await memberOf(recipient, monthly);
    expect(after.expiresAt!.getTime()).toBeGreaterThan(member.expiresAt!.getTime() + 27 * DAY_MS);
    await expectBalancesMatchLedger(server, stars.creatorId);
  });

  it('expires unaccepted after 30 days: refunded in full through the provider, the ledger reversed, the giver told', async () => {
    const giver = newUser('Patient');
    const { code, paymentId } = await bought(giver, shop.subscriptions.weekly);
    const expiresAt = (await giftRow(code)).expiresAt.getTime();
    await advanceTo(server, expiresAt - 60_000);
    expect((await giftRow(code)).status).toBe('open');
    await advanceTo(server, expiresAt + 60_000);
    expect(await giftRow(code)).toMatchObject({ status: 'refunded' });
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ refundStatus: 'done', refundReason: 'gift_expired' });
    const lines = await server.database.db.select().from(transactions).where(eq(transactions.paymentId, paymentId));
    expect(lines.map((line) => [line.type, line.amount, line.gift]).sort()).toEqual([
      ['buy_subscription', 1000, true],
      ['refund_issued', 870, true],
      ['refund_received', 1000, true],
      ['sell_subscription', 870, true],
    ]);
    const told = (await botApiCalls<{ chat_id: number; text: string }>(server, 'sendMessage')).filter(
      (call) => call.params.chat_id === giver.telegramId,
    );
    expect(told).toHaveLength(1);
    expect(told[0].params.text).toContain('refunded €10');
    expect(told[0].params.text).toContain('was not accepted within 30 days');
    expect(await refusal(newUser('TooLate'), code, 409)).toBe('expired');
    // The next run tells nobody again.
    await advanceTo(server, server.clock.now() + 60_000);
    expect(
      (await botApiCalls<{ chat_id: number }>(server, 'sendMessage')).filter(
        (call) => call.params.chat_id === giver.telegramId,
      ),
    ).toHaveLength(1);
  });

  it('a deleted subscription or a disconnected channel stops gift purchase and refunds open gifts at once', async () => {
    const other = await openShop(server, { price: 10 });
    const giver = newUser('Unlucky');
    const answer = await buy(giver, other.subscriptions.monthly);
    const { gift } = await sent(giver, answer.body.paymentId);
    expect(
      (await server.api(other.creator, 'POST', `/subscription/${other.subscriptions.monthly}/delete`)).status,
    ).toBe(200);
    expect((await buy(newUser('Later'), other.subscriptions.monthly)).body).toMatchObject({ code: 'not_found' });
    expect(await refusal(newUser('Hopeful'), gift!.code, 409)).toBe('unavailable');
    await advanceTo(server, server.clock.now() + 60_000);
    expect((await giftRow(gift!.code)).status).toBe('refunded');
    await expectBalancesMatchLedger(server, other.creatorId);
    // A disconnected channel stops gift purchase as it stops payments, and refunds its open gifts at once too.
    const weekly = await buy(giver, other.subscriptions.weekly);
    const { gift: weeklyGift } = await sent(giver, weekly.body.paymentId);
    await server.request('POST', '/sandbox/bot/channel-removed', {
      chatId: -(1_000_000_000_000 + other.creator.telegramId),
    });
    expect((await buy(newUser('Blocked'), other.subscriptions.weekly)).body).toMatchObject({
      code: 'payments_disabled',
    });
    expect(await refusal(newUser('Hopeful'), weeklyGift!.code, 409)).toBe('unavailable');
    await advanceTo(server, server.clock.now() + 60_000);
    expect((await giftRow(weeklyGift!.code)).status).toBe('refunded');
    await expectBalancesMatchLedger(server, other.creatorId);
    // Refunded long before the 30 days: the giver is told why, not that nobody accepted it in time.
    const told = (await botApiCalls<{ chat_id: number; text: string }>(server, 'sendMessage'))
      .filter((call) => call.params.chat_id === giver.telegramId)
      .map((call) => call.params.text);
    expect(told).toHaveLength(2);
    for (const text of told) {
      expect(text).toContain('the subscription is no longer available, so we refunded €10');
      expect(text).not.toContain('30 days');
    }
  });

  it('the kept gift counts equal a recount of the gifts, per subscription and state', async () => {
    // Last: after every case above (open, redeemed, expired and refunded gifts on several subscriptions).
    const { db } = server.database;
    const recount = await db
      .select({ subscriptionId: gifts.subscriptionId, status: gifts.status, n: sql<number>`count(*)::int` })
      .from(gifts)
      .groupBy(gifts.subscriptionId, gifts.status);
    const kept = await db.select().from(subscriptionGiftCounts);
    const key = (subscriptionId: number, status: string) => `${subscriptionId}:${status}`;
    expect(new Set(recount.map((row) => row.status)).size).toBeGreaterThanOrEqual(2);
    expect(
      new Map(kept.filter((row) => row.gifts !== 0).map((row) => [key(row.subscriptionId, row.status), row.gifts])),
    ).toEqual(new Map(recount.map((row) => [key(row.subscriptionId, row.status), Number(row.n)])));
  });
});
