/**
 * Free trials over HTTP (rules: src/domain/trial.ts; server/modules/trials): the creator's setting, the invoice's
 * offer, the start (access at once, idempotent, once per follower per channel also under concurrency), the refusals,
 * the bot's reminder a day before the end and its pay link at the end on the sandbox clock, paying to stay (a normal
 * payment: commission from what was paid, a promo code on that first paid period), lapsing with removal from the
 * private channel, a cancel during the trial, bans and deleted subscriptions, the creator's figures, and the balances
 * equal to the ledger after each step (a trial writes no ledger line).
 *
 * Smart Glocal's reference documents a recurrent token only after a successful payment
 * (developer.smart-glocal.com/docs/payments/payment-recurring, "Perform a successful payment that will recur and get
 * a token") and no zero-amount verification: the trial saves no card, and nothing is charged without the follower's
 * tap on the invoice (server/modules/trials/README.md).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  FollowerMemberResponse,
  SubscriptionInvoiceResponse,
  TrialStatsResponse,
} from '../../../src/contract/api';
import { TRIAL_CONVERSION_GRACE_MS, TRIAL_REMINDER_LEAD_MS } from '../../../src/domain/trial';
import { subscriptionMembers, subscriptionTrials, transactions } from '../../../server/platform/db/schema';
import { payments } from '../../../server/platform/db/schema-money';
import { type TestServer, type TestUser, botApiCalls, newUser, startTestServer } from '../support/testServer';
import { type Shop, advanceTo, expectBalancesMatchLedger, openShop, payWithNewCard } from './support/money';

jest.setTimeout(300_000);

const DAY = 86_400_000;

describe('free trials', () => {
  let server: TestServer;
  let shop: Shop;

  const start = (user: TestUser, subscriptionId: number, key: string | null = randomUUID()) =>
    server.api<FollowerMemberResponse>(
      user,
      'POST',
      `/invoice/subscription/${subscriptionId}/trial`,
      undefined,
      key === null ? {} : { 'Idempotency-Key': key },
    );
  const started = async (user: TestUser, subscriptionId: number) => {
    const answer = await start(user, subscriptionId);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const refusal = async (user: TestUser, subscriptionId: number) => {
    const answer = await start(user, subscriptionId);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'trial_unavailable', message: expect.any(String) });
    return (answer.body as unknown as { reason: string }).reason;
  };
  const setTrial = (subscriptionId: number, trialDays: number | null, creator: TestUser = shop.creator) =>
    server.api<{ subscription: { trialDays?: number } }>(creator, 'POST', `/subscription/${subscriptionId}/edit`, {
      name: 'Monthly plan',
      description: 'Support the channel',
      amount: 10,
      buttonText: 'Subscribe',
      trialDays,
    });
  const invoice = (user: TestUser, subscriptionId: number) =>
    server.api<SubscriptionInvoiceResponse>(user, 'GET', `/invoice/subscription/${subscriptionId}`);
  const trialOf = async (memberId: number) =>
    (await server.database.db.select().from(subscriptionTrials).where(eq(subscriptionTrials.memberId, memberId)))[0]!;
  const memberRow = async (memberId: number) =>
    (await server.database.db.select().from(subscriptionMembers).where(eq(subscriptionMembers.id, memberId)))[0]!;
  const messagesTo = async (user: TestUser) =>
    (
      await botApiCalls<{ chat_id: number; text: string; reply_markup?: { inline_keyboard: { url: string }[][] } }>(
        server,
        'sendMessage',
      )
    )
      .map((call) => call.params)
      .filter((params) => params.chat_id === user.telegramId);
  const removals = async (user: TestUser) =>
    (await botApiCalls<{ user_id: number }>(server, 'banChatMember')).filter(
      (call) => call.params.user_id === user.telegramId,
    );
  const chargesOf = (memberId: number) =>
    server.database.db.select().from(payments).where(eq(payments.memberId, memberId));
  const stats = async (subscriptionId: number) => {
    const answer = await server.api<TrialStatsResponse>(shop.creator, 'GET', `/subscription/${subscriptionId}/trials`);
    expect(answer.status).toBe(200);
    return answer.body.trials;
  };

  beforeAll(async () => {
    server = await startTestServer();
    shop = await openShop(server, { private: true, price: 10 });
  }, 180_000);
  afterAll(async () => server.close());
  afterEach(async () => {
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  it('lets the creator set 3, 7, 14 or 30 days on a recurring subscription, and turn it off', async () => {
    expect((await setTrial(shop.subscriptions.weekly, 3)).body.subscription.trialDays).toBe(3);
    expect((await setTrial(shop.subscriptions.weekly, 0)).body.subscription.trialDays).toBeUndefined();
    expect((await setTrial(shop.subscriptions.monthly, 10)).body).toMatchObject({
      code: 'validation_error',
      field: 'trialDays',
      reason: 'trial_days_invalid',
    });
    expect((await setTrial(shop.subscriptions.onetime, 7)).body).toMatchObject({
      code: 'validation_error',
      field: 'trialDays',
      reason: 'trial_not_recurring',
    });
    const created = await server.api<{ subscription: { id: number; trialDays?: number } }>(
      shop.creator,
      'POST',
      '/subscription/new',
      {
        channelId: shop.channelId,
        name: 'Yearly with trial',
        description: 'Try it',
        period: 'yearly',
        currency: 'eur',
        amount: 50,
        buttonText: 'Try',
        trialDays: 30,
      },
    );
    expect(created.body.subscription.trialDays).toBe(30);
    const answer = await setTrial(shop.subscriptions.monthly, 7);
    expect(answer.status).toBe(200);
    expect(answer.body.subscription.trialDays).toBe(7);
  });

  it('offers the trial on the invoice and starts it: access at once, nothing charged, idempotent', async () => {
    const follower = newUser('Trier');
    const offer = await invoice(follower, shop.subscriptions.monthly);
    expect(offer.status).toBe(200);
    expect(offer.body.trial).toEqual({
      days: 7,
      endsAt: Math.floor((server.clock.now() + 7 * DAY) / 1000),
      amount: 10,
      currency: 'eur',
    });
    expect((await invoice(follower, shop.subscriptions.onetime)).body.trial).toBeUndefined();

    expect((await start(follower, shop.subscriptions.monthly, null)).body).toMatchObject({
      code: 'validation_error',
    });
    const key = randomUUID();
    const startedAt = server.clock.now();
    const one = await start(follower, shop.subscriptions.monthly, key);
    expect(one.status).toBe(200);
    const endsAt = Math.floor((startedAt + 7 * DAY) / 1000);
    expect(one.body.subscriptionMember).toMatchObject({
      status: 'active',
      expiresAt: endsAt,
      trialEndsAt: endsAt,
      price: 10,
      currency: 'eur',
    });
    // The same join path as a paid membership: the bot's one-person invite link.
    expect(one.body.subscription.inviteLink).toMatch(/^https:\/\/t\.me\/\+/);
    const two = await start(follower, shop.subscriptions.monthly, key);
    expect(two.status).toBe(200);
    expect(two.headers.get('idempotent-replayed')).toBe('true');
    expect(two.body.subscriptionMember.id).toBe(one.body.subscriptionMember.id);

    const memberId = one.body.subscriptionMember.id;
    expect(await chargesOf(memberId)).toEqual([]);
    expect(await server.database.db.select().from(transactions).where(eq(transactions.memberId, memberId))).toEqual([]);
    // The follower's own screen shows the trial; the invoice cannot be paid while it runs.
    const own = await server.api<FollowerMemberResponse>(follower, 'GET', `/follower/subscription_member/${memberId}`);
    expect(own.body.subscriptionMember.trialEndsAt).toBe(endsAt);
    expect((await invoice(follower, shop.subscriptions.monthly)).body).toMatchObject({ code: 'already_subscribed' });
    // The creator's members list marks it.
    const members = await server.api<{ members: { id: number; trialEndsAt?: number }[] }>(
      shop.creator,
      'POST',
      `/subscription/${shop.subscriptions.monthly}/members`,
      { filter: 'all' },
    );
    expect(members.status).toBe(200);
    expect(members.body.members.find((row) => row.id === memberId)?.trialEndsAt).toBe(endsAt);
    expect(await stats(shop.subscriptions.monthly)).toMatchObject({ onTrial: 1 });
  });

  it('refuses with a reason: not offered, not recurring, member, used before; bans and stops as payments do', async () => {
    const follower = newUser('Refused');
    expect(await refusal(follower, shop.subscriptions.onetime)).toBe('not_offered');
    expect(await refusal(follower, shop.subscriptions.weekly)).toBe('not_offered');
    await started(follower, shop.subscriptions.monthly);
    await setTrial(shop.subscriptions.weekly, 14);
    expect(await refusal(follower, shop.subscriptions.weekly)).toBe('member');

    const payer = newUser('Payer');
    await payWithNewCard(server, payer, 'subscription', shop.subscriptions.onetime, '4242424242424242');
    expect(await refusal(payer, shop.subscriptions.weekly)).toBe('member');
    const lapsedPayer = newUser('Former');
    const paid = await payWithNewCard(
      server,
      lapsedPayer,
      'subscription',
      shop.subscriptions.weekly,
      '4242424242424242',
    );
    await server.api(lapsedPayer, 'GET', `/follower/subscription_member/${paid.subscriptionMemberId}/cancel`);
    const other = await openShop(server, { price: 10 });
    await setTrial(other.subscriptions.monthly, 7, other.creator);
    await server.database.db
      .update(subscriptionMembers)
      .set({ expiresAt: new Date(server.clock.now() - 1000) })
      .where(eq(subscriptionMembers.id, paid.subscriptionMemberId!));
    expect(await refusal(lapsedPayer, shop.subscriptions.monthly)).toBe('used_before');
    // Another channel: a trial there is its own.
    expect((await start(lapsedPayer, other.subscriptions.monthly)).status).toBe(200);

    const banned = newUser('Banned');
    await server.api(banned, 'GET', '/verification/status');
    await server.request('POST', '/sandbox/users/ban', { telegramId: banned.telegramId });
    expect((await start(banned, shop.subscriptions.monthly)).body).toMatchObject({ code: 'banned' });
    await server.request('POST', '/sandbox/users/ban', { telegramId: other.creator.telegramId });
    expect((await start(newUser('NoCreator'), other.subscriptions.monthly)).body).toMatchObject({
      code: 'payments_disabled',
    });
    await server.request('POST', '/sandbox/users/ban', { telegramId: other.creator.telegramId, banned: false });
    await server.api(other.creator, 'POST', `/subscription/${other.subscriptions.monthly}/delete`);
    expect((await start(newUser('Deleted'), other.subscriptions.monthly)).body).toMatchObject({ code: 'not_found' });
  });

  it('once per follower per channel under concurrency: one start of many wins', async () => {
    const follower = newUser('Racer');
    await setTrial(shop.subscriptions.weekly, 14);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        start(follower, index % 2 === 0 ? shop.subscriptions.monthly : shop.subscriptions.weekly),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ code: 'trial_unavailable' });
    }
    const userRow = answers.find((answer) => answer.status === 200)!.body.subscriptionMember.userId;
    expect(
      await server.database.db.select().from(subscriptionTrials).where(eq(subscriptionTrials.userId, userRow)),
    ).toHaveLength(1);
  });

  it('reminds a day before, sends the pay link at the end, and converts when the follower pays', async () => {
    const follower = newUser('Converts');
    const trial = await started(follower, shop.subscriptions.monthly);
    const memberId = trial.subscriptionMember.id;
    const endsAtMs = trial.subscriptionMember.trialEndsAt! * 1000;

    await advanceTo(server, endsAtMs - TRIAL_REMINDER_LEAD_MS + 60_000);
    const reminders = await messagesTo(follower);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('€10');
    expect(reminders[0]!.text).toContain('free trial of Monthly plan');
    expect(await chargesOf(memberId)).toEqual([]);

    await advanceTo(server, endsAtMs + 60_000);
    const messages = await messagesTo(follower);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.text).toContain('has ended');
    expect(messages[1]!.reply_markup!.inline_keyboard[0]![0]!.url).toContain(
      `startapp=subscription_${shop.subscriptions.monthly}`,
    );
    // Nothing was charged at the end either: the follower pays with their own tap.
    expect(await chargesOf(memberId)).toEqual([]);
    expect(await removals(follower)).toHaveLength(1);

    const paid = await payWithNewCard(
      server,
      follower,
      'subscription',
      shop.subscriptions.monthly,
      '4242424242424242',
      {
        saveCard: true,
      },
    );
    expect(paid).toMatchObject({ status: 'paid', amount: 10, subscriptionMemberId: memberId });
    // A normal payment: commission and provider fee from what was paid (10 % and 3 % of 10.00).
    const sell = (await server.database.db.select().from(transactions).where(eq(transactions.memberId, memberId))).find(
      (line) => line.type === 'sell_subscription',
    )!;
    expect(sell).toMatchObject({ price: 1000, serviceFee: 100, providerFee: 30, amount: 870 });
    expect(await memberRow(memberId)).toMatchObject({ trialEndsAt: null, status: 'active' });
    expect(await trialOf(memberId)).toMatchObject({ outcome: 'converted', paymentId: paid.paymentId });
    expect(await stats(shop.subscriptions.monthly)).toMatchObject({ converted: 1 });
  });

  it('lapses without a payment: removed from the channel at the end, counted lapsed after the grace', async () => {
    const follower = newUser('Lapses');
    const trial = await started(follower, shop.subscriptions.monthly);
    const memberId = trial.subscriptionMember.id;
    const endsAtMs = trial.subscriptionMember.trialEndsAt! * 1000;
    await advanceTo(server, endsAtMs + 60_000);
    expect(await removals(follower)).toHaveLength(1);
    expect(await trialOf(memberId)).toMatchObject({ outcome: null });
    const before = await stats(shop.subscriptions.monthly);
    await advanceTo(server, endsAtMs + TRIAL_CONVERSION_GRACE_MS + 60_000);
    expect(await trialOf(memberId)).toMatchObject({ outcome: 'lapsed' });
    expect(await chargesOf(memberId)).toEqual([]);
    const after = await stats(shop.subscriptions.monthly);
    expect(after.ended).toBe(before.ended + 1);
    expect(after.converted).toBe(before.converted);
    // Paying later is a normal new membership; the trial stays lapsed.
    const paid = await payWithNewCard(server, follower, 'subscription', shop.subscriptions.monthly, '4242424242424242');
    expect(paid).toMatchObject({ status: 'paid', amount: 10 });
    expect(await trialOf(memberId)).toMatchObject({ outcome: 'lapsed' });
  });

  it('a follower who cancels during the trial gets no reminder and is never charged', async () => {
    const follower = newUser('Cancels');
    const trial = await started(follower, shop.subscriptions.monthly);
    const memberId = trial.subscriptionMember.id;
    const endsAtMs = trial.subscriptionMember.trialEndsAt! * 1000;
    // No retention offer for a trial: nothing renews it, so the cancel goes straight through.
    await server.api(shop.creator, 'POST', `/subscription/${shop.subscriptions.monthly}/retention_offer`, {
      percent: 30,
      renewals: 3,
    });
    const offer = await server.api<{ offer: unknown }>(
      follower,
      'POST',
      `/follower/subscription_member/${memberId}/retention_offer`,
    );
    expect(offer.status).toBe(200);
    expect(offer.body.offer).toBeNull();
    const cancelled = await server.api<FollowerMemberResponse>(
      follower,
      'GET',
      `/follower/subscription_member/${memberId}/cancel`,
    );
    expect(cancelled.body.subscriptionMember).toMatchObject({ status: 'cancelled', trialEndsAt: endsAtMs / 1000 });
    await advanceTo(server, endsAtMs + TRIAL_CONVERSION_GRACE_MS + 60_000);
    expect(await messagesTo(follower)).toEqual([]);
    expect(await chargesOf(memberId)).toEqual([]);
    expect(await removals(follower)).toHaveLength(1);
    expect(await trialOf(memberId)).toMatchObject({ outcome: 'lapsed' });
  });

  it('a ban or a deleted subscription stops the trial: no messages, no charge', async () => {
    const other = await openShop(server, { price: 10 });
    await setTrial(other.subscriptions.monthly, 3, other.creator);
    await setTrial(other.subscriptions.weekly, 3, other.creator);
    const bannedLater = newUser('BannedLater');
    const first = await started(bannedLater, other.subscriptions.monthly);
    const deletedUnder = newUser('DeletedUnder');
    const second = await started(deletedUnder, other.subscriptions.weekly);
    await server.request('POST', '/sandbox/users/ban', { telegramId: bannedLater.telegramId });
    await server.api(other.creator, 'POST', `/subscription/${other.subscriptions.weekly}/delete`);
    await advanceTo(server, first.subscriptionMember.trialEndsAt! * 1000 + 60_000);
    expect(await messagesTo(bannedLater)).toEqual([]);
    expect(await messagesTo(deletedUnder)).toEqual([]);
    expect(await chargesOf(first.subscriptionMember.id)).toEqual([]);
    expect(await chargesOf(second.subscriptionMember.id)).toEqual([]);
  });

  it('a promo code applies to the first paid period after the trial, new-members-only codes included', async () => {
    await server.api(shop.creator, 'POST', `/subscription/${shop.subscriptions.monthly}/promos/new`, {
      code: 'AFTERTRIAL',
      scope: 'subscription',
      discountType: 'percent',
      percent: 20,
      duration: 'first',
      newMembersOnly: true,
    });
    const follower = newUser('Promo');
    const trial = await started(follower, shop.subscriptions.monthly);
    await advanceTo(server, trial.subscriptionMember.trialEndsAt! * 1000 + 60_000);
    const paid = await payWithNewCard(
      server,
      follower,
      'subscription',
      shop.subscriptions.monthly,
      '4242424242424242',
      {
        promoCode: 'aftertrial',
      },
    );
    expect(paid).toMatchObject({ status: 'paid', amount: 8 });
    expect(await trialOf(trial.subscriptionMember.id)).toMatchObject({ outcome: 'converted' });
    // Renewals charge from now on, at the full price after the code's first period.
    expect(await memberRow(trial.subscriptionMember.id)).toMatchObject({ trialEndsAt: null, priceMinor: 1000 });
  });
});
