/**
 * The money invariant over a scripted quarter of sandbox time: payments of every kind (new cards, saved
 * cards, 3-D Secure, link payments, declines, a double payment), renewals and their failures, cancels, a delete and
 * a restore, bans, payout days and one server restart. After every day:
 * - every balance equals its ledger;
 * - no membership is paid twice for one period (the payments replayed through the period rule give exactly the
 *   stored expiry, and no invoice payment settled while the membership was still running);
 * - every withdrawal is in its payout account's currency;
 * - what /payout announced for a payout day equals what that day paid.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Period } from '../../../src/domain/entities';
import { nextExpiry } from '../../../src/domain/periods';
import { RENEWAL_LEAD_MS } from '../../../server/modules/payments/renewals';
import { subscriptionMembers, transactions, users } from '../../../server/platform/db/schema';
import { payments } from '../../../server/platform/db/schema-money';
import { type TestServer, type TestUser, TEST_NOW, newUser, startTestServer } from '../support/testServer';
import {
  type Shop,
  answerChallenge,
  check,
  memberRows,
  expectBalancesMatchLedger,
  openShop,
  pay,
  payWithNewCard,
  swiftAccount,
} from './support/money';

jest.setTimeout(600_000);

const DAY = 86_400_000;
const QUARTER_DAYS = 91;
const START = Date.UTC(2026, 0, 20, 9, 0, 0);

interface Announcement {
  readonly date: string;
  readonly balances: { amount: number; currency: string }[];
}

describe('the money invariant over a quarter', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ now: START });
  }, 180_000);
  afterAll(async () => server.close());

  it('holds after every day', async () => {
    expect(START).toBeGreaterThan(TEST_NOW - DAY);
    // ---- the cast
    const main = await openShop(server);
    const banned = await openShop(server);
    const rubRequest = await server.api<{ donation: { id: number } }>(
      main.creator,
      'POST',
      `/donation/request/channel/${main.channelId}`,
      {
        title: 'Roubles',
        description: 'Thanks',
        currency: 'rub',
        amount: 0,
        buttonText: 'Donate',
        pin: false,
        disableNotification: true,
      },
    );
    expect(rubRequest.status).toBe(200);
    expect((await server.api(main.creator, 'POST', '/payout/account', swiftAccount)).status).toBe(200);
    expect((await server.api(banned.creator, 'POST', '/payout/account', swiftAccount)).status).toBe(200);
    const creators: Shop[] = [main, banned];

    const withCard = async (name: string, card = '4242424242424242'): Promise<{ user: TestUser; cardId: number }> => {
      const user = newUser(name);
      const paid = await payWithNewCard(server, user, 'donation', main.donationId, card, {
        amount: 20,
        saveCard: true,
      });
      expect(paid.status).toBe('paid');
      const cards = await server.api<{ cards: { id: number }[] }>(user, 'GET', '/follower/cards');
      return { user, cardId: cards.body.cards[0].id };
    };
    const buyWithSaved = async (follower: { user: TestUser; cardId: number }, shop: Shop, period: Period) =>
      pay(server, follower.user, 'subscription', shop.subscriptions[period], {
        paymentMethod: 'smart_glocal_saved_card',
        cardId: follower.cardId,
      });

    const weekly = await withCard('Weekly');
    const monthly = await withCard('Monthly');
    // Its first charge (a new card, saved) is paid; every later saved-card charge is declined.
    const failing = { user: newUser('RenewalFails') };
    expect(
      await payWithNewCard(server, failing.user, 'subscription', main.subscriptions.weekly, '4000000000000341', {
        saveCard: true,
      }),
    ).toMatchObject({ status: 'paid' });
    const canceller = await withCard('Canceller');
    const ofBanned = await withCard('OfBanned');
    const restoredMember = await withCard('Restored');
    const bannedFollower = await withCard('BannedFollower');
    const doubler = await withCard('Doubler');
    for (const [follower, shop, period] of [
      [weekly, main, 'weekly'],
      [monthly, main, 'monthly'],
      [canceller, main, 'monthly'],
      [ofBanned, banned, 'weekly'],
      [restoredMember, main, 'yearly'],
      [bannedFollower, main, 'weekly'],
    ] as const) {
      expect((await buyWithSaved(follower, shop, period)).body).toMatchObject({ status: 'paid' });
    }

    // ---- the script: what happens on day N (09:00 UTC)
    const script: Record<number, () => Promise<void>> = {
      2: async () => {
        // A 3-D Secure payment left open while the same membership is bought with a saved card, then confirmed.
        const open = await payWithNewCard(
          server,
          doubler.user,
          'subscription',
          main.subscriptions.onetime,
          '4000000000003220',
        );
        expect((await buyWithSaved(doubler, main, 'onetime')).body).toMatchObject({ status: 'paid' });
        await answerChallenge(server, open.userAction?.url ?? '', 'confirm');
        expect(await check(server, doubler.user, open.paymentId)).toMatchObject({
          status: 'error',
          errorCode: 'already_subscribed',
        });
      },
      5: async () => {
        // A link payment and a declined card.
        const link = await pay(server, newUser('Linker'), 'donation', main.donationId, {
          paymentMethod: 'smart_glocal',
          amount: 15,
        });
        const page = new URL(link.body.url ?? '').pathname;
        await server.request('POST', page, 'card_number=5555555555554444&cardholder_name=A+B&expiry=12%2F35&cvc=123', {
          'content-type': 'application/x-www-form-urlencoded',
        });
        expect(
          (
            await payWithNewCard(server, newUser('Declined'), 'donation', main.donationId, '4000000000000002', {
              amount: 30,
            })
          ).status,
        ).toBe('error');
      },
      10: async () => {
        const [member] = await memberRows(server, canceller.user, main.subscriptions.monthly);
        expect(
          (await server.api(canceller.user, 'GET', `/follower/subscription_member/${member.id}/cancel`)).status,
        ).toBe(200);
      },
      20: async () => {
        expect(
          (await server.api(main.creator, 'POST', `/subscription/${main.subscriptions.yearly}/delete`)).status,
        ).toBe(200);
      },
      30: async () => {
        await server.request('POST', '/sandbox/users/ban', { telegramId: bannedFollower.user.telegramId });
      },
      35: async () => {
        expect(
          (await server.api(main.creator, 'POST', `/subscription/${main.subscriptions.yearly}/restore`)).status,
        ).toBe(200);
      },
      40: async () => {
        await server.request('POST', '/sandbox/users/ban', { telegramId: banned.creator.telegramId });
      },
      45: async () => {
        await server.restart();
      },
    };

    async function everyDay(day: number): Promise<void> {
      // Donations in both currencies most days, so every payout day has something to pay or carry over.
      if (day % 3 === 0)
        await payWithNewCard(server, newUser(`Fan${day}`), 'donation', main.donationId, '4242424242424242', {
          amount: 40 + day,
        });
      if (day % 4 === 0)
        await payWithNewCard(
          server,
          newUser(`RubFan${day}`),
          'donation',
          rubRequest.body.donation.id,
          '2200000000000004',
          { amount: 2000 + day },
        );
      if (day % 7 === 0 && day < 40)
        await payWithNewCard(server, newUser(`BannedFan${day}`), 'donation', banned.donationId, '4242424242424242', {
          amount: 60,
        });
    }

    // ---- the checks
    const announcements = new Map<number, Announcement>();
    const paidBefore = new Map<number, number>();

    async function withdrawalsOf(creatorId: number) {
      return server.database.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.userId, creatorId), eq(transactions.type, 'withdrawal')))
        .orderBy(asc(transactions.id));
    }

    async function checkInvariant(day: number): Promise<void> {
      const label = `day ${day}`;
      for (const shop of creators) {
        await expectBalancesMatchLedger(server, shop.creatorId);
        for (const withdrawal of await withdrawalsOf(shop.creatorId)) {
          // Money leaves only in the account's currency: its own earnings, or others converted into it (the rate recorded).
          expect({ label, currency: withdrawal.convertedCurrency ?? withdrawal.currency }).toEqual({
            label,
            currency: withdrawal.withdrawalAccount?.currency,
          });
        }
      }
      const followerIds = (await server.database.db.select({ id: users.id }).from(users)).map((row) => row.id);
      for (const id of followerIds) await expectBalancesMatchLedger(server, id);

      // Replay every membership's paid charges through the period rule.
      const members = await server.database.db.select().from(subscriptionMembers);
      const charges = await server.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.kind, 'subscription'), eq(payments.status, 'paid'), isNotNull(payments.memberId)))
        .orderBy(asc(payments.settledAt), asc(payments.id));
      for (const member of members) {
        let expiry: number | null = null;
        let bought = false;
        for (const charge of charges.filter((row) => row.memberId === member.id)) {
          const at = charge.settledAt!.getTime();
          const running = bought && (member.period === 'onetime' || (expiry !== null && expiry > at));
          if (charge.purpose === 'invoice')
            expect({ label, member: member.id, paidWhileRunning: running }).toEqual({
              label,
              member: member.id,
              paidWhileRunning: false,
            });
          else
            expect({
              label,
              member: member.id,
              renewalEarly: expiry !== null && expiry - at > RENEWAL_LEAD_MS,
            }).toEqual({ label, member: member.id, renewalEarly: false });
          expiry = nextExpiry(expiry, member.period, at);
          bought = true;
        }
        expect({ label, member: member.id, expiresAt: member.expiresAt?.getTime() ?? null }).toEqual({
          label,
          member: member.id,
          expiresAt: expiry,
        });
      }

      // What the last announcement before a payout day promised is what that day paid.
      for (const shop of creators) {
        const all = await withdrawalsOf(shop.creatorId);
        const fresh = all.slice(paidBefore.get(shop.creatorId) ?? 0);
        const announced = announcements.get(shop.creatorId);
        // A banned creator cannot open /payout: nothing was announced to compare with.
        if (fresh.length > 0 && announced !== undefined) {
          if (shop === main) comparedPayouts += 1;
          const paid = fresh.map((row) => ({ currency: row.currency, amount: Math.abs(Number(row.amount)) / 100 }));
          expect({ label, paid }).toEqual({
            label,
            paid: announced!.balances.map((balance) => ({ currency: balance.currency, amount: balance.amount })),
          });
        }
        paidBefore.set(shop.creatorId, all.length);
        const payout = await server.api<{
          nextPayoutDate: string;
          nextPayoutBalances: { amount: number; currency: string }[];
        }>(shop.creator, 'GET', '/payout');
        if (payout.status === 200)
          announcements.set(shop.creatorId, {
            date: payout.body.nextPayoutDate,
            balances: payout.body.nextPayoutBalances,
          });
        else announcements.delete(shop.creatorId);
      }
    }

    let comparedPayouts = 0;
    await checkInvariant(0);
    for (let day = 1; day <= QUARTER_DAYS; day += 1) {
      const answer = await server.request<{ jobs: { name: string; ok: boolean; error?: string }[] }>(
        'POST',
        '/sandbox/clock',
        { advanceSeconds: DAY / 1000 },
      );
      expect({ day, failed: answer.body.jobs.filter((job) => !job.ok) }).toEqual({ day, failed: [] });
      await script[day]?.();
      await everyDay(day);
      await checkInvariant(day);
    }

    // The script did what it meant to: payouts happened, renewals ran and stopped where they had to.
    expect(comparedPayouts).toBeGreaterThanOrEqual(3);
    const renewalsOf = async (user: TestUser, subscriptionId: number) => {
      const [member] = await memberRows(server, user, subscriptionId);
      return server.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.memberId, member.id), eq(payments.purpose, 'renewal')));
    };
    expect(
      (await renewalsOf(weekly.user, main.subscriptions.weekly)).filter((row) => row.status === 'paid').length,
    ).toBeGreaterThanOrEqual(12);
    expect((await renewalsOf(failing.user, main.subscriptions.weekly)).every((row) => row.status === 'error')).toBe(
      true,
    );
    expect(await renewalsOf(canceller.user, main.subscriptions.monthly)).toEqual([]);
    const ofBannedRenewals = await renewalsOf(ofBanned.user, banned.subscriptions.weekly);
    expect(ofBannedRenewals.every((row) => row.createdAt.getTime() < START + 40 * DAY)).toBe(true);
    const bannedRenewals = await renewalsOf(bannedFollower.user, main.subscriptions.weekly);
    expect(bannedRenewals.every((row) => row.createdAt.getTime() < START + 30 * DAY)).toBe(true);
    // Roubles wait for a rouble account; none was ever paid to the euro account.
    expect((await expectBalancesMatchLedger(server, main.creatorId)).get('rub')).toBeGreaterThan(0);
    const refunded = await server.database.db
      .select()
      .from(payments)
      .where(inArray(payments.refundStatus, ['done']));
    expect(refunded).toHaveLength(1);
  });
});
