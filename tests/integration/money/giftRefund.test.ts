/**
 * An operator's refund of a redeemed gift's payment (the console's POST /admin/api/payments/{id}/refund, through the
 * Smart Glocal double) takes back what the gift gave and the recipient has not used yet (server/modules/gifts/README.md):
 * a membership on the gift alone ends now and the bot removes the member from the private channel; a running
 * membership the gift extended goes back to its own paid-through date and renews there; after part of the gift's span
 * was used, only the rest is taken back. The ledger pair is reversed and every balance equals its ledger; the recipient
 * is told once by the bot. The giver is told once when their gift is accepted. The member carries giftEndsAt while it
 * runs on the gift alone, and no longer once the recipient pays.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type {
  CreatePaymentResponse,
  FollowerMemberResponse,
  GiftAcceptResponse,
  GiftResponse,
  GiftSentResponse,
} from '../../../src/contract/api';
import { transactions } from '../../../server/platform/db/schema';
import { gifts, payments } from '../../../server/platform/db/schema-money';
import { type TestServer, type TestUser, botApiCalls, newUser, startTestServer } from '../support/testServer';
import { botTextsTo, consoleApi, consoleSignIn } from '../support/admin';
import {
  type Shop,
  advanceTo,
  expectBalancesMatchLedger,
  memberRow,
  newCard,
  openShop,
  payWithNewCard,
  userId,
} from './support/money';

jest.setTimeout(300_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const OPERATOR = { telegramId: 7101, firstName: 'Olga' };

describe('refund of a redeemed gift', () => {
  let server: TestServer;
  let shop: Shop;

  const sentTo = (telegramId: number) => botTextsTo(server, telegramId);
  const operatorRefund = async (paymentId: string) => {
    // Signed in afresh: the session does not outlive the days the sandbox clock moved on.
    const cookie = await consoleSignIn(server, OPERATOR);
    const answer = await consoleApi(server, cookie, 'POST', `/payments/${paymentId}/refund`, { reason: 'Disputed' });
    expect(answer.status).toBe(200);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ refundStatus: 'done', refundReason: 'Disputed' });
    return payment.refundedAt!.getTime();
  };
  /** A paid gift's code and payment, bought by `giver` with a new card. */
  const bought = async (giver: TestUser, subscriptionId: number) => {
    const answer = await server.api<CreatePaymentResponse>(
      giver,
      'POST',
      `/invoice/subscription/${subscriptionId}/gift`,
      { paymentMethod: 'smart_glocal_form', ...(await newCard(server, giver, '4242424242424242')) },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(answer.body.status).toBe('paid');
    const sent = await server.api<GiftSentResponse>(giver, 'GET', `/gift/sent/${answer.body.paymentId}`);
    return { code: sent.body.gift!.code, paymentId: answer.body.paymentId };
  };
  const accept = async (user: TestUser, code: string) => {
    const answer = await server.api<GiftAcceptResponse>(user, 'POST', `/gift/${code}/accept`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const giftRow = async (code: string) =>
    (await server.database.db.select().from(gifts).where(eq(gifts.code, code)))[0];
  const memberOf = async (user: TestUser, subscriptionId: number) => (await memberRow(server, user, subscriptionId))!;
  const linesOf = async (paymentId: string) =>
    (await server.database.db.select().from(transactions).where(eq(transactions.paymentId, paymentId)))
      .map((line) => [line.type, line.amount, line.gift])
      .sort();
  const chatOf = (owner: TestUser) => -(1_000_000_000_000 + owner.telegramId);

  beforeAll(async () => {
    server = await startTestServer({ config: { adminTelegramIds: [OPERATOR.telegramId] } });
    shop = await openShop(server, { private: true, price: 10 });
  }, 180_000);
  afterAll(async () => server.close());
  afterEach(async () => {
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  it('tells the giver once when the recipient accepts', async () => {
    const giver = newUser('Anna');
    const { code } = await bought(giver, shop.subscriptions.weekly);
    expect(await sentTo(giver.telegramId)).toEqual([]);
    const recipient = newUser('Boris');
    await accept(recipient, code);
    expect(await sentTo(giver.telegramId)).toEqual([
      expect.stringMatching(/^Boris accepted your gift of weekly plan in Channel of \S+\.$/),
    ]);
    expect((await giftRow(code)).acceptNotifiedAt).not.toBeNull();
    // A repeated accept and the next jobs round send nothing more.
    await accept(recipient, code);
    await advanceTo(server, server.clock.now() + 60_000);
    expect(await sentTo(giver.telegramId)).toHaveLength(1);
  });

  it('a membership on the gift alone ends now: access removed, ledger reversed, the recipient told', async () => {
    const { code, paymentId } = await bought(newUser('Giver'), shop.subscriptions.monthly);
    const recipient = newUser('Gifted');
    const accepted = await accept(recipient, code);
    expect(accepted.inviteLink).toMatch(/^https:\/\/t\.me\//);
    const given = await giftRow(code);
    const before = await memberOf(recipient, shop.subscriptions.monthly);
    expect(before).toMatchObject({ status: 'cancelled' });
    // The span stored exactly: from the redemption to the new expiry.
    expect(given.gaveFrom).toEqual(given.redeemedAt);
    expect(given.gaveUntil).toEqual(before.expiresAt);
    expect(before.giftEndsAt).toEqual(before.expiresAt);
    // The app reads it from the member: giftEndsAt = expiresAt (the page says "Gift until").
    const page = async () =>
      (
        await server.api<FollowerMemberResponse>(
          recipient,
          'GET',
          `/follower/subscription_member/${accepted.subscriptionMemberId}`,
        )
      ).body.subscriptionMember;
    expect(await page()).toMatchObject({
      status: 'cancelled',
      giftEndsAt: Math.floor(before.expiresAt!.getTime() / 1000),
    });
    expect((await page()).giftEndsAt).toBe((await page()).expiresAt);

    await advanceTo(server, server.clock.now() + DAY_MS);
    const refundedAt = await operatorRefund(paymentId);
    const after = await memberOf(recipient, shop.subscriptions.monthly);
    expect(after).toMatchObject({ status: 'cancelled' });
    expect(after.expiresAt!.getTime()).toBe(refundedAt);
    expect(await giftRow(code)).toMatchObject({ status: 'refunded', recipientId: await userId(server, recipient) });
    // Its page tells the recipient, and anyone else, that it was refunded; accepting again is refused so.
    const giftPage = await server.api<GiftResponse>(recipient, 'GET', `/gift/${code}`);
    expect(giftPage.body.gift).toMatchObject({ state: 'refunded', refusal: 'refunded', redeemedByMe: true });
    const again = await server.api(recipient, 'POST', `/gift/${code}/accept`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'gift_invalid', reason: 'refunded' });
    expect(await linesOf(paymentId)).toEqual([
      ['buy_subscription', 1000, true],
      ['refund_issued', 870, true],
      ['refund_received', 1000, true],
      ['sell_subscription', 870, true],
    ]);
    // The next jobs round: the bot removes them from the private channel and tells them once.
    await advanceTo(server, server.clock.now() + 60_000);
    const bans = (await botApiCalls(server, 'banChatMember')).filter(
      (call) => call.params.chat_id === chatOf(shop.creator) && call.params.user_id === recipient.telegramId,
    );
    expect(bans).toHaveLength(1);
    const told = await sentTo(recipient.telegramId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^The gift of monthly plan in Channel of \S+ you accepted was refunded to its giver/);
    await advanceTo(server, server.clock.now() + 60_000);
    expect(await sentTo(recipient.telegramId)).toHaveLength(1);
    // The period is gone: they may subscribe themselves now.
    const own = await payWithNewCard(server, recipient, 'subscription', shop.subscriptions.monthly, '4242424242424242');
    expect(own.status).toBe('paid');
    expect((await memberOf(recipient, shop.subscriptions.monthly)).giftEndsAt).toBeNull();
    expect(await page()).toMatchObject({ status: 'active' });
    expect((await page()).giftEndsAt).toBeUndefined();
  });

  it('an extended running membership keeps its own paid period and renews where it did before', async () => {
    const recipient = newUser('Payer');
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
    const own = await memberOf(recipient, shop.subscriptions.yearly);
    expect(own.status).toBe('active');
    const { code, paymentId } = await bought(newUser('Friend'), shop.subscriptions.yearly);
    await accept(recipient, code);
    const extended = await memberOf(recipient, shop.subscriptions.yearly);
    expect(extended.expiresAt!.getTime()).toBeGreaterThanOrEqual(own.expiresAt!.getTime() + 365 * DAY_MS);
    expect(extended.giftEndsAt).toBeNull();
    expect(await giftRow(code)).toMatchObject({ gaveFrom: own.expiresAt, gaveUntil: extended.expiresAt });

    await advanceTo(server, server.clock.now() + 30 * DAY_MS);
    await operatorRefund(paymentId);
    const after = await memberOf(recipient, shop.subscriptions.yearly);
    expect(after).toMatchObject({ id: paid.subscriptionMemberId, status: 'active' });
    expect(after.expiresAt).toEqual(own.expiresAt);
    // The renewal comes back at the old paid-through date: charged once, then a year later.
    await advanceTo(server, own.expiresAt!.getTime() + 60_000);
    const renewals = await server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.memberId, after.id), eq(payments.purpose, 'renewal'), eq(payments.status, 'paid')));
    expect(renewals).toHaveLength(1);
    expect((await memberOf(recipient, shop.subscriptions.yearly)).expiresAt!.getTime()).toBeGreaterThan(
      own.expiresAt!.getTime() + 364 * DAY_MS,
    );
  });

  it('after part of the gift was used, only the rest is taken back', async () => {
    const recipient = newUser('Twice');
    const first = await bought(newUser('First'), shop.subscriptions.weekly);
    const second = await bought(newUser('Second'), shop.subscriptions.weekly);
    await accept(recipient, first.code);
    await accept(recipient, second.code);
    const firstSpan = await giftRow(first.code);
    const secondSpan = await giftRow(second.code);
    // The second gift follows the first: its span starts at the first's end.
    expect(secondSpan.gaveFrom).toEqual(firstSpan.gaveUntil);
    const member = await memberOf(recipient, shop.subscriptions.weekly);
    expect(member.expiresAt).toEqual(secondSpan.gaveUntil);
    expect(member.giftEndsAt).toEqual(member.expiresAt);

    // Three days of the first gift's week used: its four days left are taken back, the second gift's week stays.
    await advanceTo(server, firstSpan.gaveFrom!.getTime() + 3 * DAY_MS);
    const refundedAt = await operatorRefund(first.paymentId);
    const unused = firstSpan.gaveUntil!.getTime() - refundedAt;
    expect(unused).toBeGreaterThan(3 * DAY_MS);
    const after = await memberOf(recipient, shop.subscriptions.weekly);
    expect(after.expiresAt!.getTime()).toBe(member.expiresAt!.getTime() - unused);
    expect(after).toMatchObject({ status: 'cancelled' });
    expect(after.giftEndsAt).toEqual(after.expiresAt);
    expect(await giftRow(second.code)).toMatchObject({ status: 'redeemed' });
    // The bot tells them the date their access now runs until.
    await advanceTo(server, server.clock.now() + 60_000);
    const told = await sentTo(recipient.telegramId);
    expect(told).toHaveLength(1);
    const date = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(told[0]).toContain(`Your access now runs until ${date.format(after.expiresAt!)}`);
  });

  it('a refund once the gift was used up takes nothing back and tells the recipient nothing', async () => {
    const recipient = newUser('Used');
    const { code, paymentId } = await bought(newUser('Early'), shop.subscriptions.weekly);
    await accept(recipient, code);
    const given = await giftRow(code);
    // Past the gift's week the recipient subscribes themselves: that period is theirs.
    await advanceTo(server, given.gaveUntil!.getTime() + DAY_MS);
    const own = await payWithNewCard(server, recipient, 'subscription', shop.subscriptions.weekly, '4242424242424242');
    expect(own.status).toBe('paid');
    const before = await memberOf(recipient, shop.subscriptions.weekly);
    await operatorRefund(paymentId);
    expect(await giftRow(code)).toMatchObject({ status: 'refunded' });
    expect(await memberOf(recipient, shop.subscriptions.weekly)).toMatchObject({
      status: before.status,
      expiresAt: before.expiresAt,
    });
    await advanceTo(server, server.clock.now() + 60_000);
    expect((await sentTo(recipient.telegramId)).filter((text) => text.includes('refunded to its giver'))).toEqual([]);
  });
});
