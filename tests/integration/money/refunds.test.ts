/**
 * Refunds of settled payments, over real HTTP through the Smart Glocal adapter and its double: the provider
 * gives the money back, the ledger pair is reversed by a refund pair (the follower sees the refund, the creator's
 * balance loses exactly what the sale earned), the membership ends (a private channel's member is removed by the
 * bot), and a second request changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { FollowerMemberResponse, TransactionDto } from '../../../src/contract/api';
import { dueAtPayout } from '../../../server/modules/payouts/job';
import { latestPayoutAt } from '../../../server/modules/payments/ledger/windows';
import { transactions } from '../../../server/platform/db/schema';
import { payments } from '../../../server/platform/db/schema-money';
import { type TestServer, type TestUser, botApiCalls, newUser, startTestServer } from '../support/testServer';
import { type Shop, expectBalancesMatchLedger, openShop, pay, payWithNewCard, newCard, userId } from './support/money';

interface RefundAnswer {
  paymentId: string;
  status: string;
  refundStatus: string | null;
  refundedAt: string | null;
  code?: string;
  reason?: string;
}

let server: TestServer;
let shop: Shop;
beforeAll(async () => {
  server = await startTestServer();
  shop = await openShop(server, { private: true });
}, 180_000);
afterAll(() => server.close());

const refund = (paymentId: string, reason = 'Asked by the follower') =>
  server.request<RefundAnswer>('POST', `/sandbox/payments/${paymentId}/refund`, { reason });
const transactionsOf = async (user: TestUser, mode: 'creator' | 'follower') =>
  (await server.api<{ transactions: TransactionDto[] }>(user, 'POST', '/dashboard/transactions', { list: 'all', mode }))
    .body.transactions;
const linesOf = (paymentId: string) =>
  server.database.db.select().from(transactions).where(eq(transactions.paymentId, paymentId));
const chatOf = (owner: TestUser) => -(1_000_000_000_000 + owner.telegramId);

describe('refunds', () => {
  it('reverses the ledger pair, ends the membership and removes the member from the private channel; a second request changes nothing', async () => {
    const follower = newUser('Refunded');
    const before = await expectBalancesMatchLedger(server, shop.creatorId);
    const paid = await payWithNewCard(server, follower, 'subscription', shop.subscriptions.monthly, '4242424242424242');
    expect(paid.status).toBe('paid');
    const sale = (await linesOf(paid.paymentId)).find((line) => line.type === 'sell_subscription');
    expect(sale).toBeDefined();

    const answer = await refund(paid.paymentId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      paymentId: paid.paymentId,
      status: 'paid',
      refundStatus: 'done',
      refundedAt: expect.any(String),
    });

    // The ledger: a refund pair pointing at the lines it reverses, the price back to the payer, the earning taken back.
    const lines = await linesOf(paid.paymentId);
    const byType = new Map(lines.map((line) => [line.type, line]));
    expect([...byType.keys()].sort()).toEqual([
      'buy_subscription',
      'refund_issued',
      'refund_received',
      'sell_subscription',
    ]);
    expect(byType.get('refund_received')).toMatchObject({
      userId: await userId(server, follower),
      amount: 1000,
      reversesId: byType.get('buy_subscription')?.id,
    });
    expect(byType.get('refund_issued')).toMatchObject({
      userId: shop.creatorId,
      amount: sale?.amount,
      reversesId: sale?.id,
      windowAt: sale?.createdAt,
    });
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, paid.paymentId));
    expect(row).toMatchObject({ refundStatus: 'done', refundReason: 'Asked by the follower' });

    // What people see: the follower's refund (money in), the creator's refund line (money out), balances as before.
    const followerLines = await transactionsOf(follower, 'follower');
    expect(followerLines.map((line) => line.type)).toEqual(['refund_received', 'buy_subscription']);
    expect(followerLines[0]).toMatchObject({ amount: 10, currency: 'eur' });
    expect((await transactionsOf(shop.creator, 'creator')).map((line) => line.type)).toContain('refund_issued');
    expect(await expectBalancesMatchLedger(server, shop.creatorId)).toEqual(before);

    // The membership has ended: cancelled and expired, and the bot removes the member from the private channel.
    const member = await server.api<FollowerMemberResponse>(
      follower,
      'GET',
      `/follower/subscription_member/${paid.subscriptionMemberId}`,
    );
    expect(member.body.subscriptionMember).toMatchObject({ status: 'cancelled' });
    expect((member.body.subscriptionMember.expiresAt ?? Infinity) * 1000).toBeLessThanOrEqual(server.clock.now());
    await server.request('POST', '/sandbox/clock', { advanceSeconds: 60 });
    const bans = (await botApiCalls(server, 'banChatMember')).filter(
      (call) => call.params.chat_id === chatOf(shop.creator) && call.params.user_id === follower.telegramId,
    );
    expect(bans).toHaveLength(1);

    // Idempotent: the same request again answers the same and writes nothing.
    expect((await refund(paid.paymentId)).body).toMatchObject({ refundStatus: 'done' });
    expect(await linesOf(paid.paymentId)).toHaveLength(4);

    // The follower may subscribe again: the refunded period is gone.
    const again = await payWithNewCard(
      server,
      follower,
      'subscription',
      shop.subscriptions.monthly,
      '4242424242424242',
    );
    expect(again.status).toBe('paid');
  });

  it('ends a one-time membership too: it leaves the live group and can be bought again', async () => {
    const follower = newUser('OneTime');
    const paid = await payWithNewCard(server, follower, 'subscription', shop.subscriptions.onetime, '5555555555554444');
    const live = async () =>
      (
        await server.api<{ members: { id: number }[] }>(
          shop.creator,
          'POST',
          `/subscription/${shop.subscriptions.onetime}/members`,
          { filter: 'active' },
        )
      ).body.members.some((member) => member.id === paid.subscriptionMemberId);
    expect(await live()).toBe(true);
    expect((await refund(paid.paymentId)).body).toMatchObject({ refundStatus: 'done' });
    expect(await live()).toBe(false);
    expect(
      (await payWithNewCard(server, follower, 'subscription', shop.subscriptions.onetime, '5555555555554444')).status,
    ).toBe('paid');
  });

  it('a donation refund takes back exactly what the donation earned, and a refunded sale is not paid out', async () => {
    const donor = newUser('Donor');
    const nextPayoutAt = latestPayoutAt(server.clock.now() + 40 * 86_400_000);
    const dueBefore = await dueAtPayout(server.database.db, shop.creatorId, nextPayoutAt);
    const paid = await payWithNewCard(server, donor, 'donation', shop.donationId, '4242424242424242', { amount: 150 });
    const earned = (await linesOf(paid.paymentId)).find((line) => line.type === 'get_donation')?.amount ?? 0;
    expect(earned).toBeGreaterThan(0);
    const eur = (due: { currency: string; minor: number }[]) =>
      due.find((money) => money.currency === 'eur')?.minor ?? 0;
    expect(eur(await dueAtPayout(server.database.db, shop.creatorId, nextPayoutAt))).toBe(eur(dueBefore) + earned);
    await refund(paid.paymentId);
    expect(eur(await dueAtPayout(server.database.db, shop.creatorId, nextPayoutAt))).toBe(eur(dueBefore));
    const issued = (await linesOf(paid.paymentId)).find((line) => line.type === 'refund_issued');
    expect(issued?.amount).toBe(earned);
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  it('refuses what cannot be refunded: an unknown payment (404), a declined one (409 not_paid)', async () => {
    expect((await refund('no-such-payment')).body).toMatchObject({ code: 'not_found' });
    const follower = newUser('Declined');
    const declined = await pay(server, follower, 'subscription', shop.subscriptions.weekly, {
      paymentMethod: 'smart_glocal_form',
      ...(await newCard(server, follower, '4000000000009995')),
    });
    expect(declined.body.status).toBe('error');
    const answer = await refund(declined.body.paymentId);
    expect(answer).toMatchObject({ status: 409, body: { code: 'conflict', reason: 'not_paid' } });
    const [row] = await server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, declined.body.paymentId)));
    expect(row.refundStatus).toBeNull();
  });
});
