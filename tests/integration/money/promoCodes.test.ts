/**
 * Promo codes over HTTP (rules: src/domain/promo.ts; payment path: server/modules/payments/promos.ts): the creator's
 * codes and their refusals, the invoice quote, payments charged at the discount with the commission taken from what
 * was paid, renewals on the sandbox clock for the first period / N periods / for good, the last redemption under
 * concurrency, a failed and a refunded payment freeing their slot, bans, disconnected channels and deleted
 * subscriptions, and the balances equal to the ledger after each step.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PromoCodeDto, PromoListResponse, PromoQuoteResponse, PromoResponse } from '../../../src/contract/api';
import { RENEWAL_LEAD_MS } from '../../../server/modules/payments/renewals';
import { RENEWAL_REMINDER_LEAD_MS } from '../../../server/modules/payments/renewalNotices';
import { subscriptionMembers, transactions } from '../../../server/platform/db/schema';
import { payments, promoCodeCounts, promoCodeRevenue } from '../../../server/platform/db/schema-money';
import { rowsOf } from '../../../server/platform/db/db';
import { type TestServer, type TestUser, botApiCalls, newUser, startTestServer } from '../support/testServer';
import {
  type Shop,
  advanceTo,
  expectBalancesMatchLedger,
  newCard,
  openShop,
  pay,
  payWithNewCard,
} from './support/money';

jest.setTimeout(300_000);

describe('promo codes', () => {
  let server: TestServer;
  let shop: Shop;

  const createCode = (subscriptionId: number, body: Record<string, unknown>, creator: TestUser = shop.creator) =>
    server.api<PromoResponse>(creator, 'POST', `/subscription/${subscriptionId}/promos/new`, {
      scope: 'subscription',
      discountType: 'percent',
      percent: 20,
      duration: 'first',
      ...body,
    });
  const created = async (subscriptionId: number, body: Record<string, unknown>): Promise<PromoCodeDto> => {
    const answer = await createCode(subscriptionId, body);
    expect(answer.status).toBe(200);
    return answer.body.promo;
  };
  const quote = (user: TestUser, subscriptionId: number, code: string) =>
    server.api<PromoQuoteResponse>(user, 'POST', `/invoice/subscription/${subscriptionId}/promo`, { code });
  const refusal = async (user: TestUser, subscriptionId: number, code: string) => {
    const answer = await quote(user, subscriptionId, code);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'promo_code_invalid', message: expect.any(String) });
    return (answer.body as unknown as { reason: string }).reason;
  };
  const payWithCode = async (user: TestUser, subscriptionId: number, promoCode: string, card = '4242424242424242') =>
    payWithNewCard(server, user, 'subscription', subscriptionId, card, { saveCard: true, promoCode });
  const member = async (id: number) =>
    (await server.database.db.select().from(subscriptionMembers).where(eq(subscriptionMembers.id, id)))[0];
  const renewals = (memberId: number) =>
    server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.memberId, memberId), eq(payments.purpose, 'renewal'), eq(payments.status, 'paid')))
      .orderBy(asc(payments.createdAt));
  /** Runs the renewals job past the membership's next renewal. */
  const renewOnce = async (memberId: number) => {
    const expiry = (await member(memberId)).expiresAt!.getTime();
    // The reminder's day first (the bot names the coming charge), then the renewal's.
    await advanceTo(server, expiry - RENEWAL_REMINDER_LEAD_MS + 60_000);
    await advanceTo(server, expiry - RENEWAL_LEAD_MS + 60_000);
    expect((await member(memberId)).expiresAt!.getTime()).toBeGreaterThan(expiry);
  };
  const listed = async (subscriptionId: number, code: string) => {
    const answer = await server.api<PromoListResponse>(shop.creator, 'GET', `/subscription/${subscriptionId}/promos`);
    expect(answer.status).toBe(200);
    return answer.body.promos.find((promo) => promo.code === code);
  };

  beforeAll(async () => {
    server = await startTestServer();
    shop = await openShop(server, { price: 10 });
  }, 180_000);
  afterAll(async () => server.close());
  afterEach(async () => {
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  it('creates codes and refuses malformed, taken and past ones with a reason; another creator sees a 404', async () => {
    const promo = await created(shop.subscriptions.monthly, { code: ' Spring-10 ', percent: 10 });
    expect(promo).toMatchObject({
      code: 'SPRING-10',
      subscriptionId: shop.subscriptions.monthly,
      discountType: 'percent',
      percent: 10,
      redemptions: 0,
      revenue: [],
      shareLink: expect.stringMatching(new RegExp(`startapp=subscription_${shop.subscriptions.monthly}_SPRING-10$`)),
    });
    expect((await createCode(shop.subscriptions.monthly, { code: 'x' })).body).toMatchObject({
      code: 'validation_error',
      field: 'code',
      reason: 'promo_code_format',
    });
    expect((await createCode(shop.subscriptions.weekly, { code: 'spring-10' })).body).toMatchObject({
      code: 'conflict',
      reason: 'promo_code_taken',
    });
    expect(
      (await createCode(shop.subscriptions.monthly, { code: 'LATE', endsAt: Math.floor(server.clock.now() / 1000) }))
        .body,
    ).toMatchObject({ code: 'validation_error', field: 'endsAt' });
    expect((await createCode(shop.subscriptions.monthly, { code: 'NOPCT', percent: undefined })).status).toBe(400);
    const other = await openShop(server);
    expect((await createCode(shop.subscriptions.monthly, { code: 'THEIRS' }, other.creator)).status).toBe(404);
    expect((await server.api(other.creator, 'POST', `/promo/${promo.id}/pause`, { paused: true })).status).toBe(404);
  });

  it('quotes a code typed in any case with spaces, and gives each refusal its reason', async () => {
    const follower = newUser('Quoter');
    const answer = await quote(follower, shop.subscriptions.monthly, '  spring-10 ');
    expect(answer.status).toBe(200);
    expect(answer.body.quote).toEqual({
      code: 'SPRING-10',
      currency: 'eur',
      price: 10,
      discount: 1,
      charged: 9,
      discountedRenewals: 0,
      capped: false,
    });
    expect(await refusal(follower, shop.subscriptions.monthly, 'NOSUCH')).toBe('unknown');
    expect(await refusal(follower, shop.subscriptions.monthly, '!!')).toBe('unknown');
    expect(await refusal(follower, shop.subscriptions.weekly, 'SPRING-10')).toBe('not_applicable');
    const paused = await created(shop.subscriptions.monthly, { code: 'PAUSED' });
    expect((await server.api(shop.creator, 'POST', `/promo/${paused.id}/pause`, { paused: true })).status).toBe(200);
    expect(await refusal(follower, shop.subscriptions.monthly, 'paused')).toBe('paused');
    const deleted = await created(shop.subscriptions.monthly, { code: 'GONE' });
    expect((await server.api(shop.creator, 'POST', `/promo/${deleted.id}/delete`)).status).toBe(200);
    expect(await refusal(follower, shop.subscriptions.monthly, 'GONE')).toBe('unknown');
    expect(await listed(shop.subscriptions.monthly, 'GONE')).toBeUndefined();
    await created(shop.subscriptions.monthly, {
      code: 'SOON',
      endsAt: Math.floor(server.clock.now() / 1000) + 3600,
    });
    expect((await quote(follower, shop.subscriptions.monthly, 'SOON')).status).toBe(200);
    await advanceTo(server, server.clock.now() + 3600_000);
    expect(await refusal(follower, shop.subscriptions.monthly, 'SOON')).toBe('expired');
    // A fixed amount in another currency than the subscription's.
    const rub = await openShop(server, { currency: 'rub', price: 500 });
    await server.api(rub.creator, 'POST', `/subscription/${rub.subscriptions.monthly}/promos/new`, {
      code: 'RUB100',
      scope: 'channel',
      discountType: 'fixed',
      amount: 100,
      duration: 'forever',
    });
    expect((await quote(follower, rub.subscriptions.weekly, 'rub100')).body.quote).toMatchObject({
      price: 500,
      charged: 400,
      discountedRenewals: null,
    });
  });

  it('first period: charges the discount, takes the commission from what was paid, renews at the full price', async () => {
    await created(shop.subscriptions.monthly, { code: 'FIRST30', percent: 30 });
    const paid = await payWithCode(newUser('First'), shop.subscriptions.monthly, 'first30');
    expect(paid).toMatchObject({ status: 'paid', amount: 7 });
    const memberId = paid.subscriptionMemberId!;
    const lines = await server.database.db.select().from(transactions).where(eq(transactions.memberId, memberId));
    const buy = lines.find((line) => line.type === 'buy_subscription')!;
    const sell = lines.find((line) => line.type === 'sell_subscription')!;
    expect(buy).toMatchObject({ amount: 700, price: 700 });
    // 10 % service fee of 7.00, 3 % provider fee of 7.00 (rounded half up): 0.70 + 0.21.
    expect(sell).toMatchObject({ price: 700, serviceFee: 70, providerFee: 21, amount: 609, payoutAmount: 609 });
    expect(await member(memberId)).toMatchObject({ priceMinor: 1000, promoRenewalsLeft: 0, fullPriceMinor: 1000 });
    await renewOnce(memberId);
    expect((await renewals(memberId)).map((row) => [row.amount, row.promoCodeId])).toEqual([[1000, null]]);
    const promo = await listed(shop.subscriptions.monthly, 'FIRST30');
    expect(promo).toMatchObject({ redemptions: 1, pending: 0, revenue: [{ currency: 'eur', amount: 7 }] });
  });

  it('N periods: the first and the next N − 1 renewals at the discount, then the full price; the reminder states it', async () => {
    await created(shop.subscriptions.weekly, {
      code: 'THREE',
      discountType: 'fixed',
      amount: '2.50',
      duration: 'periods',
      periods: 3,
    });
    const payer = newUser('Three');
    const paid = await payWithCode(payer, shop.subscriptions.weekly, 'THREE');
    expect(paid.amount).toBe(7.5);
    const memberId = paid.subscriptionMemberId!;
    expect(await member(memberId)).toMatchObject({ priceMinor: 750, promoRenewalsLeft: 2 });
    for (let index = 0; index < 3; index += 1) await renewOnce(memberId);
    expect((await renewals(memberId)).map((row) => row.amount)).toEqual([750, 750, 1000]);
    expect(await member(memberId)).toMatchObject({ priceMinor: 1000, promoRenewalsLeft: 0 });
    // The bot's reminder before each renewal names what that renewal charges.
    const texts = (await botApiCalls<{ chat_id: number; text: string }>(server, 'sendMessage'))
      .map((call) => call.params)
      .filter((params) => params.chat_id === payer.telegramId)
      .map((params) => params.text);
    expect(texts.map((text) => /€[\d.]+/.exec(text)?.[0])).toEqual(['€7.50', '€7.50', '€10']);
    expect(texts[0]).toContain('Promo code THREE: €7.50 instead of €10.');
    expect(texts[2]).not.toContain('Promo code');
    const promo = await listed(shop.subscriptions.weekly, 'THREE');
    expect(promo).toMatchObject({ redemptions: 1, revenue: [{ currency: 'eur', amount: 22.5 }] });
  });

  it('for good: every renewal at the discount, even after the code is deleted', async () => {
    const code = await created(shop.subscriptions.weekly, { code: 'ALWAYS', percent: 15, duration: 'forever' });
    const paid = await payWithCode(newUser('Always'), shop.subscriptions.weekly, 'always');
    expect(paid.amount).toBe(8.5);
    await server.api(shop.creator, 'POST', `/promo/${code.id}/delete`);
    for (let index = 0; index < 2; index += 1) await renewOnce(paid.subscriptionMemberId!);
    expect((await renewals(paid.subscriptionMemberId!)).map((row) => row.amount)).toEqual([850, 850]);
  });

  it('two payers at the last redemption: one wins, the other is told it is used up', async () => {
    await created(shop.subscriptions.yearly, { code: 'LAST', maxRedemptions: 1 });
    const [first, second] = [newUser('RaceA'), newUser('RaceB')];
    const cards = await Promise.all([
      newCard(server, first, '4242424242424242'),
      newCard(server, second, '4242424242424242'),
    ]);
    const answers = await Promise.all(
      [first, second].map((user, index) =>
        pay(server, user, 'subscription', shop.subscriptions.yearly, {
          paymentMethod: 'smart_glocal_form',
          ...cards[index],
          promoCode: 'LAST',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const lost = answers.find((answer) => answer.status === 422)!;
    expect(lost.body).toMatchObject({ code: 'promo_code_invalid', reason: 'used_up' });
    expect(await listed(shop.subscriptions.yearly, 'LAST')).toMatchObject({ redemptions: 1 });
  });

  it('one redemption per payment: a replayed Idempotency-Key counts once', async () => {
    await created(shop.subscriptions.onetime, { code: 'ONCE', maxRedemptions: 5 });
    const user = newUser('Replay');
    const body = {
      paymentMethod: 'smart_glocal_form',
      ...(await newCard(server, user, '4242424242424242')),
      promoCode: 'ONCE',
    };
    const key = randomUUID();
    const one = await pay(server, user, 'subscription', shop.subscriptions.onetime, body, key);
    const two = await pay(server, user, 'subscription', shop.subscriptions.onetime, body, key);
    expect(one.status).toBe(200);
    expect(two.body.paymentId).toBe(one.body.paymentId);
    expect(await listed(shop.subscriptions.onetime, 'ONCE')).toMatchObject({ redemptions: 1, pending: 0 });
  });

  it('a declined payment and a refunded one free their slot; revenue drops by the refund', async () => {
    const code = await created(shop.subscriptions.monthly, { code: 'SINGLE', maxRedemptions: 1 });
    const declined = await payWithCode(newUser('Declined'), shop.subscriptions.monthly, 'SINGLE', '4000000000009995');
    expect(declined.status).toBe('error');
    const paid = await payWithCode(newUser('Refunded'), shop.subscriptions.monthly, 'SINGLE');
    expect(paid.status).toBe('paid');
    expect(await refusal(newUser('Late'), shop.subscriptions.monthly, 'SINGLE')).toBe('used_up');
    const refund = await server.request('POST', `/sandbox/payments/${paid.paymentId}/refund`, { reason: 'test' });
    expect(refund.body).toMatchObject({ refundStatus: 'done' });
    expect(await listed(shop.subscriptions.monthly, 'SINGLE')).toMatchObject({
      id: code.id,
      redemptions: 0,
      revenue: [{ currency: 'eur', amount: 0 }],
    });
    expect((await payWithCode(newUser('After'), shop.subscriptions.monthly, 'SINGLE')).status).toBe('paid');
  });

  it('new members only: someone who ever had a membership of the channel is refused', async () => {
    await created(shop.subscriptions.monthly, { code: 'WELCOME', scope: 'channel', newMembersOnly: true });
    const old = newUser('Old');
    await payWithNewCard(server, old, 'subscription', shop.subscriptions.onetime, '4242424242424242');
    expect(await refusal(old, shop.subscriptions.monthly, 'WELCOME')).toBe('new_members_only');
    expect((await quote(newUser('New'), shop.subscriptions.yearly, 'WELCOME')).status).toBe(200);
  });

  it('caps the discount at the minimum charge', async () => {
    await created(shop.subscriptions.monthly, { code: 'FREE', percent: 100 });
    expect((await quote(newUser('Cap'), shop.subscriptions.monthly, 'FREE')).body.quote).toMatchObject({
      charged: 1,
      discount: 9,
      capped: true,
    });
  });

  it('bans, a disconnected channel and a deleted subscription stop codes as they stop payments', async () => {
    const other = await openShop(server);
    await server.api(other.creator, 'POST', `/subscription/${other.subscriptions.monthly}/promos/new`, {
      code: 'STOPPED',
      scope: 'channel',
      discountType: 'percent',
      percent: 10,
      duration: 'first',
    });
    const follower = newUser('Stopped');
    expect((await quote(follower, other.subscriptions.monthly, 'STOPPED')).status).toBe(200);
    await server.api(other.creator, 'POST', `/subscription/${other.subscriptions.weekly}/delete`);
    expect((await quote(follower, other.subscriptions.weekly, 'STOPPED')).body).toMatchObject({ code: 'not_found' });
    await server.request('POST', '/sandbox/users/ban', { telegramId: other.creator.telegramId });
    expect((await quote(follower, other.subscriptions.monthly, 'STOPPED')).body).toMatchObject({
      code: 'payments_disabled',
    });
    await server.request('POST', '/sandbox/users/ban', { telegramId: other.creator.telegramId, banned: false });
    await server.request('POST', '/sandbox/bot/channel-removed', {
      chatId: -(1_000_000_000_000 + other.creator.telegramId),
    });
    expect((await quote(follower, other.subscriptions.monthly, 'STOPPED')).body).toMatchObject({
      code: 'payments_disabled',
    });
    const paid = await pay(server, follower, 'subscription', other.subscriptions.monthly, {
      paymentMethod: 'smart_glocal_form',
      ...(await newCard(server, follower, '4242424242424242')),
      promoCode: 'STOPPED',
    });
    expect(paid.body).toMatchObject({ code: 'payments_disabled' });
  });

  it("every code's kept counts and revenue equal a recount of its payments and ledger lines", async () => {
    // Last: after every case above (paid, declined, refunded, pending, renewed at the discount).
    const { db } = server.database;
    const recount = rowsOf<{ id: number | string; redemptions: number; pending: number; live: number }>(
      await db.execute(sql`select promo_code_id as id,
        count(*) filter (where status = 'paid' and refund_status is null)::int as redemptions,
        count(*) filter (where status in ('pending', 'action_required'))::int as pending,
        count(*) filter (where status in ('pending', 'action_required', 'paid') and refund_status is null)::int as live
        from payments where promo_code_id is not null and purpose = 'invoice' group by promo_code_id`),
    );
    const kept = await db.select().from(promoCodeCounts);
    const byId = <T extends { id: number | string }>(rows: readonly T[]) =>
      [...rows].sort((a, b) => Number(a.id) - Number(b.id));
    expect(recount.length).toBeGreaterThan(3);
    expect(
      byId(kept.map(({ promoCodeId, ...counts }) => ({ id: promoCodeId, ...counts }))).filter(
        (row) => row.redemptions !== 0 || row.pending !== 0 || row.live !== 0,
      ),
    ).toEqual(byId(recount.map((row) => ({ ...row, id: Number(row.id) }))));

    const ledger = rowsOf<{ id: number | string; currency: string; amount: number | string }>(
      await db.execute(sql`select p.promo_code_id as id, t.currency,
        sum(case when t.type = 'buy_subscription' then t.amount else -t.amount end) as amount
        from payments p join transactions t on t.payment_id = p.id and t.type in ('buy_subscription', 'refund_received')
        where p.promo_code_id is not null group by p.promo_code_id, t.currency`),
    );
    const revenue = await db.select().from(promoCodeRevenue);
    const key = (row: { id: number | string; currency: string }) => `${Number(row.id)}:${row.currency}`;
    expect(new Map(revenue.map((row) => [key({ id: row.promoCodeId, currency: row.currency }), row.amount]))).toEqual(
      new Map(ledger.map((row) => [key(row), Number(row.amount)])),
    );
    expect(ledger.some((row) => Number(row.amount) > 0)).toBe(true);
  });
});
