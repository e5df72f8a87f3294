/**
 * RevenueInsightsRepository's contract: monthly recurring revenue, members gained and lost per month, revenue per promo
 * code and trial conversion, for one channel or all of a creator's. Codes are made and redeemed through
 * PromoRepository and InvoiceRepository, so the suite's port is that group. Rules: src/domain/insights.ts;
 * server/modules/revenue/README.md.
 *
 * Trials that ended are in the InvoiceRepository contract (their figures are the same counts).
 */
import type { InvoiceRepository } from '../../src/application/ports/InvoiceRepository';
import type { PromoRepository } from '../../src/application/ports/PromoRepository';
import type { RevenueInsightsRepository } from '../../src/application/ports/RevenueInsightsRepository';
import { INSIGHT_MONTHS, insightMonthOf } from '../../src/domain/insights';
import { money } from '../../src/domain/money';
import { type MakeContractSubject, eventually, expectCode, useContractSubject } from './fixture';

export interface InsightsPorts {
  readonly insights: RevenueInsightsRepository;
  readonly promos: PromoRepository;
  readonly invoices: InvoiceRepository;
}

const DAY = 24 * 60 * 60;
let keyCounter = 0;
const newKey = () => `insights-contract-${Date.now()}-${(keyCounter += 1)}`;

export function describeRevenueInsightsRepositoryContract(
  name: string,
  make: MakeContractSubject<InsightsPorts>,
): void {
  describe(`${name} (RevenueInsightsRepository contract)`, () => {
    const subject = useContractSubject(make);

    async function creatorWithChannel() {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      return { creator, channel, ports: subject().as(creator) };
    }

    it('answers nothing yet for a new creator: twelve empty months, the current one last', async () => {
      const { fixture } = subject();
      const { channel, ports } = await creatorWithChannel();
      const now = await fixture.nowMs();
      for (const scope of [null, channel.id]) {
        const insights = await ports.insights.insights(scope);
        expect(insights).toMatchObject({
          mrr: [],
          starsMrr: null,
          promos: [],
          trials: { onTrial: 0, ended: 0, converted: 0, conversionPercent: null },
        });
        expect(insights.months).toHaveLength(INSIGHT_MONTHS);
        expect(insights.months.at(-1)).toMatchObject({ month: insightMonthOf(now), newMembers: 0, lostMembers: 0 });
        expect(insights.months.map((month) => month.start)).toEqual(
          [...insights.months.map((month) => month.start)].sort((a, b) => a - b),
        );
      }
    });

    it('sums the renewing memberships a month per currency, most first, and counts who joined and left', async () => {
      const { fixture } = subject();
      const { channel, ports } = await creatorWithChannel();
      const monthly = await fixture.seedSubscription(channel.id, { price: money(500, 'eur') });
      const weekly = await fixture.seedSubscription(channel.id, { period: 'weekly', price: money(300, 'eur') });
      const yearly = await fixture.seedSubscription(channel.id, { period: 'yearly', price: money(1200, 'eur') });
      const inRubles = await fixture.seedSubscription(channel.id, { price: money(50_000, 'rub') });
      const onetime = await fixture.seedSubscription(channel.id, { period: 'onetime', price: money(900, 'eur') });
      for (const subscription of [monthly, weekly, yearly, inRubles, onetime])
        await fixture.seedMember(subscription.id, await fixture.asFollower());
      // Cancelled: it will not renew, so it is no recurring revenue (but joined this month all the same).
      await fixture.seedMember(monthly.id, await fixture.asFollower(), { status: 'cancelled' });
      const now = Math.floor((await fixture.nowMs()) / 1000);
      // Ended a day ago: lost this month or the last, joined before the year shown.
      await fixture.seedMember(monthly.id, await fixture.asFollower(), {
        status: 'cancelled',
        activatedAt: now - 400 * DAY,
        expiresAt: now - DAY,
      });
      const insights = await ports.insights.insights(channel.id);
      // €5 + €3 × 52 / 12 + €12 / 12 = €19.00; ₽500.
      expect(insights.mrr).toEqual([
        { currency: 'rub', minor: 50_000, members: 1 },
        { currency: 'eur', minor: 1900, members: 3 },
      ]);
      const thisMonth = insights.months.at(-1)!;
      const lostMonth = insightMonthOf((now - DAY) * 1000);
      expect(thisMonth.newMembers).toBe(6);
      expect(insights.months.reduce((sum, month) => sum + month.lostMembers, 0)).toBe(1);
      expect(insights.months.find((month) => month.month === lostMonth)?.lostMembers).toBe(1);
      expect(await ports.insights.insights(null)).toMatchObject({ mrr: insights.mrr });
    });

    it('counts a membership paid in Telegram Stars in Stars, apart from the currencies', async () => {
      const { fixture } = subject();
      const { channel, ports } = await creatorWithChannel();
      const monthly = await fixture.seedSubscription(channel.id, { price: money(500, 'eur') });
      await fixture.seedMember(monthly.id, await fixture.asFollower(), { paidInStars: 250 });
      await fixture.seedMember(monthly.id, await fixture.asFollower());
      const insights = await ports.insights.insights(channel.id);
      expect(insights.starsMrr).toEqual({ stars: 250, members: 1 });
      expect(insights.mrr).toEqual([{ currency: 'eur', minor: 500, members: 1 }]);
    });

    it("adds every channel of the creator, and keeps another creator's out", async () => {
      const { fixture } = subject();
      const { creator, channel, ports } = await creatorWithChannel();
      const second = await fixture.seedChannel(creator);
      const first = await fixture.seedSubscription(channel.id, { price: money(500, 'eur') });
      const other = await fixture.seedSubscription(second.id, { price: money(700, 'eur') });
      await fixture.seedMember(first.id, await fixture.asFollower());
      await fixture.seedMember(other.id, await fixture.asFollower());
      const stranger = await creatorWithChannel();
      const elsewhere = await fixture.seedSubscription(stranger.channel.id);
      await fixture.seedMember(elsewhere.id, await fixture.asFollower());
      expect((await ports.insights.insights(null)).mrr).toEqual([{ currency: 'eur', minor: 1200, members: 2 }]);
      expect((await ports.insights.insights(second.id)).mrr).toEqual([{ currency: 'eur', minor: 700, members: 1 }]);
      await expectCode(ports.insights.insights(stranger.channel.id), 'not_found');
      await expectCode(ports.insights.insights(987_654_321), 'not_found');
    });

    it('shows each promo code with its redemptions and revenue, a deleted one that brought money too', async () => {
      const { fixture } = subject();
      const { channel, ports } = await creatorWithChannel();
      const subscription = await fixture.seedSubscription(channel.id, { price: money(1000, 'eur') });
      const used = await ports.promos.create(subscription.id, {
        code: 'USED',
        scope: 'subscription',
        discount: { kind: 'percent', percent: 20 },
        duration: 'first',
        newMembersOnly: false,
      });
      const idle = await ports.promos.create(subscription.id, {
        code: 'IDLE',
        scope: 'channel',
        discount: { kind: 'fixed', amount: money(100, 'eur') },
        duration: 'forever',
        newMembersOnly: false,
      });
      const unused = await ports.promos.create(subscription.id, {
        code: 'UNUSED',
        scope: 'subscription',
        discount: { kind: 'percent', percent: 5 },
        duration: 'first',
        newMembersOnly: false,
      });
      const payer = await fixture.asFollower();
      const card = await fixture.seedCard(payer);
      const { invoices } = subject().as(payer);
      const created = await invoices.createPayment(
        { kind: 'subscription', subscriptionId: subscription.id, promoCode: 'USED' },
        { method: 'smart_glocal_saved_card', cardId: card.id },
        newKey(),
      );
      await eventually(
        fixture,
        () => invoices.checkPayment(created.paymentId),
        (check) => check.status !== 'pending',
      );
      await ports.promos.remove(used.id);
      await ports.promos.remove(unused.id);
      const { promos } = await ports.insights.insights(channel.id);
      expect(promos).toEqual([
        {
          id: idle.id,
          code: 'IDLE',
          channelId: channel.id,
          subscriptionId: null,
          deleted: false,
          redemptions: 0,
          revenue: [],
        },
        {
          id: used.id,
          code: 'USED',
          channelId: channel.id,
          subscriptionId: subscription.id,
          deleted: true,
          redemptions: 1,
          revenue: [{ currency: 'eur', minor: 800 }],
        },
      ]);
    });

    it('counts running trials, which are neither recurring revenue nor new members', async () => {
      const { fixture } = subject();
      const { channel, ports } = await creatorWithChannel();
      const subscription = await fixture.seedSubscription(channel.id, { trialDays: 7 });
      const follower = await fixture.asFollower();
      await subject().as(follower).invoices.startTrial(subscription.id, newKey());
      const insights = await ports.insights.insights(null);
      expect(insights.trials).toEqual({ onTrial: 1, ended: 0, converted: 0, conversionPercent: null });
      expect(insights.mrr).toEqual([]);
      expect(insights.months.at(-1)?.newMembers).toBe(0);
    });

    it('is for verified creators only', async () => {
      const { fixture } = subject();
      const follower = await fixture.asFollower();
      await expectCode(subject().as(follower).insights.insights(null), 'verification_required');
    });
  });
}
