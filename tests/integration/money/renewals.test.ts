/**
 * Renewal charges driven by the sandbox clock (POST /sandbox/clock runs the jobs): success, failure (expiring, then
 * expired), no card, cancelled, exactly once under concurrent runs, and catching up after downtime.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FollowerMemberResponse } from '../../../src/contract/api';
import { memberDisplayStatus } from '../../../src/domain/members';
import { RENEWAL_LEAD_MS, runRenewals } from '../../../server/modules/payments/renewals';
import { subscriptionMembers, transactions } from '../../../server/platform/db/schema';
import { payments } from '../../../server/platform/db/schema-money';
import { type TestServer, type TestUser, newUser, startTestServer } from '../support/testServer';
import { type Shop, advanceTo, expectBalancesMatchLedger, openShop, pay, payWithNewCard } from './support/money';

async function memberRow(server: TestServer, id: number) {
  const [row] = await server.database.db.select().from(subscriptionMembers).where(eq(subscriptionMembers.id, id));
  return row;
}

async function renewalAttempts(server: TestServer, memberId: number) {
  return server.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.purpose, 'renewal')))
    .orderBy(asc(payments.createdAt));
}

async function sales(server: TestServer, memberId: number) {
  return server.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.memberId, memberId), eq(transactions.type, 'sell_subscription')));
}

describe('renewals', () => {
  let server: TestServer;
  let shop: Shop;
  const followers: Record<'good' | 'broke' | 'noCard' | 'cancelled', { user: TestUser; memberId: number }> =
    {} as never;
  let expiry: number;

  beforeAll(async () => {
    server = await startTestServer();
    shop = await openShop(server);
    const join = async (name: keyof typeof followers, card: string | null) => {
      const user = newUser(name);
      const paid =
        card === null
          ? (await pay(server, user, 'subscription', shop.subscriptions.monthly, { paymentMethod: 'smart_glocal' }))
              .body
          : await payWithNewCard(server, user, 'subscription', shop.subscriptions.monthly, card, { saveCard: true });
      if (card === null) {
        const path = new URL(paid.url ?? '').pathname;
        await server.request('POST', path, 'card_number=4242424242424242&cardholder_name=A+B&expiry=12%2F35&cvc=123', {
          'content-type': 'application/x-www-form-urlencoded',
        });
      }
      const member = await server.database.db
        .select()
        .from(subscriptionMembers)
        .where(eq(subscriptionMembers.subscriptionId, shop.subscriptions.monthly));
      const mine =
        member.find(
          (row) => row.userId === member.find((candidate) => candidate.id === paid.subscriptionMemberId)?.userId,
        ) ?? member[member.length - 1];
      followers[name] = { user, memberId: paid.subscriptionMemberId ?? mine.id };
    };
    await join('good', '4242424242424242');
    await join('broke', '4000000000000341');
    await join('noCard', null);
    await join('cancelled', '5555555555554444');
    await server.api(
      followers.cancelled.user,
      'GET',
      `/follower/subscription_member/${followers.cancelled.memberId}/cancel`,
    );
    expiry = (await memberRow(server, followers.good.memberId)).expiresAt!.getTime();
  }, 180_000);
  afterAll(async () => server.close());
  afterEach(async () => {
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  it('charges nothing before the renewal lead time', async () => {
    await advanceTo(server, expiry - RENEWAL_LEAD_MS - 60_000);
    for (const { memberId } of Object.values(followers))
      expect(await renewalAttempts(server, memberId)).toHaveLength(0);
  });

  it('a day before expiry: charges the primary card; success moves the expiry one month on and writes the ledger', async () => {
    await advanceTo(server, expiry - RENEWAL_LEAD_MS + 60_000);
    const attempts = await renewalAttempts(server, followers.good.memberId);
    expect(attempts).toEqual([
      expect.objectContaining({ status: 'paid', amount: 1000, method: 'renewal', cardLast4: '4242' }),
    ]);
    const row = await memberRow(server, followers.good.memberId);
    expect(row.expiresAt!.getTime()).toBe(Date.UTC(2026, 2, 20, 12, 0, 0) + (expiry - Date.UTC(2026, 1, 20, 12, 0, 0)));
    expect(row).toMatchObject({ status: 'active', renewalFailed: false });
    expect(await sales(server, followers.good.memberId)).toHaveLength(2);
  });

  it('a failed charge marks the membership expiring (renewal_failed) while it still has access', async () => {
    const [attempt] = await renewalAttempts(server, followers.broke.memberId);
    expect(attempt).toMatchObject({ status: 'error', errorCode: 'insufficient_funds' });
    const row = await memberRow(server, followers.broke.memberId);
    expect(row).toMatchObject({ status: 'active', renewalFailed: true });
    expect(row.expiresAt!.getTime()).toBe(expiry);
    const view = await server.api<FollowerMemberResponse>(
      followers.broke.user,
      'GET',
      `/follower/subscription_member/${followers.broke.memberId}`,
    );
    expect(view.body.subscriptionMember.renewalFailed).toBe(true);
    expect(
      memberDisplayStatus(
        { ...view.body.subscriptionMember, expiresAt: view.body.subscriptionMember.expiresAt },
        server.clock.now(),
      ),
    ).toBe('expiring');
    const expiring = await server.api<{ members: { id: number }[] }>(
      shop.creator,
      'POST',
      `/subscription/${shop.subscriptions.monthly}/members`,
      { filter: 'expiring', startFrom: null },
    );
    expect(expiring.body.members.map((member) => member.id)).toEqual(
      expect.arrayContaining([followers.broke.memberId]),
    );
    expect(await sales(server, followers.broke.memberId)).toHaveLength(1);
  });

  it('without a saved card the renewal fails the same way (no_saved_card); a cancelled membership is never charged', async () => {
    expect(await renewalAttempts(server, followers.noCard.memberId)).toEqual([
      expect.objectContaining({ status: 'error', errorCode: 'no_saved_card' }),
    ]);
    expect((await memberRow(server, followers.noCard.memberId)).renewalFailed).toBe(true);
    expect(await renewalAttempts(server, followers.cancelled.memberId)).toHaveLength(0);
  });

  it('running the jobs again does not charge again', async () => {
    await advanceTo(server, server.clock.now() + 5 * 60_000);
    expect(await renewalAttempts(server, followers.good.memberId)).toHaveLength(1);
    expect(await renewalAttempts(server, followers.broke.memberId)).toHaveLength(1);
  });

  it('at expiry one final attempt; when it fails too, the membership expires', async () => {
    await advanceTo(server, expiry + 60_000);
    const attempts = await renewalAttempts(server, followers.broke.memberId);
    expect(attempts.map((attempt) => attempt.renewalKey?.split(':').pop())).toEqual(['early', 'final']);
    expect(attempts.every((attempt) => attempt.status === 'error')).toBe(true);
    const view = await server.api<FollowerMemberResponse>(
      followers.broke.user,
      'GET',
      `/follower/subscription_member/${followers.broke.memberId}`,
    );
    expect(memberDisplayStatus(view.body.subscriptionMember, server.clock.now())).toBe('expired');
    expect(await sales(server, followers.broke.memberId)).toHaveLength(1);
    expect(await renewalAttempts(server, followers.cancelled.memberId)).toHaveLength(0);
    // Later runs leave the expired membership alone.
    await advanceTo(server, server.clock.now() + 3 * 86_400_000);
    expect(await renewalAttempts(server, followers.broke.memberId)).toHaveLength(2);
  });
});

describe('renewals exactly once and after downtime', () => {
  let server: TestServer;
  let shop: Shop;

  beforeAll(async () => {
    server = await startTestServer();
    shop = await openShop(server);
  }, 180_000);
  afterAll(async () => server.close());

  it('two job runners at once (two processes) charge each due membership once', async () => {
    const members: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const paid = await payWithNewCard(
        server,
        newUser(`Concurrent${index}`),
        'subscription',
        shop.subscriptions.weekly,
        '4242424242424242',
        { saveCard: true },
      );
      members.push(paid.subscriptionMemberId ?? 0);
    }
    const expiry = (await memberRow(server, members[0])).expiresAt!.getTime();
    server.clock.set(expiry - RENEWAL_LEAD_MS + 1000);
    const context = { db: server.database.db, clock: server.clock, config: server.config, nowMs: server.clock.now() };
    const engine = server.app.deps.money;
    const runs = await Promise.all([
      runRenewals(context, engine),
      runRenewals(context, engine),
      runRenewals(context, engine),
    ]);
    expect(runs.reduce((sum, run) => sum + run.renewed, 0)).toBe(5);
    for (const memberId of members) {
      expect(await renewalAttempts(server, memberId)).toHaveLength(1);
      expect(await sales(server, memberId)).toHaveLength(2);
    }
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  it('after downtime (expired 5 days ago, within the catch-up window): one charge, and the new week starts at the charge', async () => {
    const paid = await payWithNewCard(
      server,
      newUser('Sleeper'),
      'subscription',
      shop.subscriptions.weekly,
      '4242424242424242',
      { saveCard: true },
    );
    const memberId = paid.subscriptionMemberId ?? 0;
    const expiry = (await memberRow(server, memberId)).expiresAt!.getTime();
    const activatedAt = (await memberRow(server, memberId)).activatedAt.getTime();
    // The server was down from before the lead time until 5 days after the expiry.
    await advanceTo(server, expiry + 5 * 86_400_000);
    const attempts = await renewalAttempts(server, memberId);
    expect(attempts).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect(attempts[0].renewalKey).toMatch(/:final$/);
    const row = await memberRow(server, memberId);
    expect(row.expiresAt!.getTime()).toBe(server.clock.now() + 7 * 86_400_000);
    expect(row.activatedAt.getTime()).toBe(activatedAt);
    expect(await sales(server, memberId)).toHaveLength(2);
    // The next run finds nothing due.
    await advanceTo(server, server.clock.now() + 60_000);
    expect(await renewalAttempts(server, memberId)).toHaveLength(1);
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  it('memberships that expired longer ago than the catch-up window are left expired', async () => {
    const paid = await payWithNewCard(
      server,
      newUser('Gone'),
      'subscription',
      shop.subscriptions.weekly,
      '4242424242424242',
      { saveCard: true },
    );
    const memberId = paid.subscriptionMemberId ?? 0;
    const expiry = (await memberRow(server, memberId)).expiresAt!.getTime();
    server.clock.set(expiry + 8 * 86_400_000);
    await advanceTo(server, server.clock.now() + 1000);
    expect(await renewalAttempts(server, memberId)).toHaveLength(0);
  });
});
