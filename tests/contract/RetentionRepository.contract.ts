/**
 * RetentionRepository's contract: the creator's offer per subscription with its counts, and the follower's side in the
 * cancel flow (shown once, accepted with an idempotency key, declined). The follower's membership is read through
 * FollowerRepository, a code that wins over the offer is made through PromoRepository, and a free trial is started
 * through InvoiceRepository, so the suite's port is that group. Rules: src/domain/retention.ts;
 * server/modules/retention/README.md.
 */
import type { FollowerRepository } from '../../src/application/ports/FollowerRepository';
import type { InvoiceRepository } from '../../src/application/ports/InvoiceRepository';
import type { PromoRepository } from '../../src/application/ports/PromoRepository';
import type { RetentionRepository } from '../../src/application/ports/RetentionRepository';
import { money } from '../../src/domain/money';
import {
  type ContractUser,
  type MakeContractSubject,
  eventually,
  expectCode,
  expectCodeWith,
  useContractSubject,
} from './fixture';

export interface RetentionPorts {
  readonly retention: RetentionRepository;
  readonly follower: FollowerRepository;
  readonly invoices: InvoiceRepository;
  readonly promos: PromoRepository;
}

const NO_ANSWERS = { offered: 0, stayed: 0, left: 0 };
let keyCounter = 0;
const newKey = () => `retention-contract-${Date.now()}-${(keyCounter += 1)}`;
const unavailable = (promise: Promise<unknown>, reason: string) =>
  expectCodeWith(promise, 'retention_offer_unavailable', { reason });

export function describeRetentionRepositoryContract(name: string, make: MakeContractSubject<RetentionPorts>): void {
  describe(`${name} (RetentionRepository contract)`, () => {
    const subject = useContractSubject(make);

    async function shop(options: { price?: number; connected?: boolean; period?: 'monthly' | 'onetime' } = {}) {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator, { connected: options.connected ?? true });
      const subscription = await fixture.seedSubscription(channel.id, {
        price: money(options.price ?? 500, 'eur'),
        period: options.period ?? 'monthly',
      });
      return { creator, channel, subscription, creatorPorts: subject().as(creator) };
    }

    async function memberOf(subscriptionId: number, options: { status?: 'active' | 'cancelled' } = {}) {
      const { fixture } = subject();
      const follower = await fixture.asFollower();
      const member = await fixture.seedMember(subscriptionId, follower, options);
      return { follower, member, ports: subject().as(follower) };
    }

    describe("the creator's offer", () => {
      it('sets, changes and removes an offer; the counts start at nothing', async () => {
        const { subscription, creatorPorts } = await shop();
        const { retention } = creatorPorts;
        expect(await retention.creatorOffer(subscription.id)).toEqual({ offer: null, stats: NO_ANSWERS });
        expect(await retention.setOffer(subscription.id, { percent: 20, renewals: 2 })).toEqual({
          offer: { percent: 20, renewals: 2 },
          stats: NO_ANSWERS,
        });
        await retention.setOffer(subscription.id, { percent: 40, renewals: 6 });
        expect((await retention.creatorOffer(subscription.id)).offer).toEqual({ percent: 40, renewals: 6 });
        expect(await retention.removeOffer(subscription.id)).toEqual({ offer: null, stats: NO_ANSWERS });
        expect((await retention.creatorOffer(subscription.id)).offer).toBeNull();
      });

      it.each([
        ['4 %', { percent: 4, renewals: 2 }],
        ['91 %', { percent: 91, renewals: 2 }],
        ['a fraction of a percent', { percent: 30.5, renewals: 2 }],
        ['no renewals', { percent: 30, renewals: 0 }],
        ['13 renewals', { percent: 30, renewals: 13 }],
      ])('refuses %s with validation_error', async (_case, terms) => {
        const { subscription, creatorPorts } = await shop();
        await expectCode(creatorPorts.retention.setOffer(subscription.id, terms), 'validation_error');
        expect((await creatorPorts.retention.creatorOffer(subscription.id)).offer).toBeNull();
      });

      it('refuses a one-time plan (conflict), a deleted subscription and a stranger', async () => {
        const { fixture } = subject();
        const { subscription, creatorPorts } = await shop();
        const onetime = await fixture.seedSubscription(subscription.channelId, { period: 'onetime' });
        await expectCodeWith(creatorPorts.retention.setOffer(onetime.id, { percent: 30, renewals: 3 }), 'conflict', {
          reason: 'retention_onetime',
        });
        const deleted = await fixture.seedSubscription(subscription.channelId, { isDeleted: true });
        await expectCode(
          creatorPorts.retention.setOffer(deleted.id, { percent: 30, renewals: 3 }),
          'subscription_deleted',
        );
        const stranger = subject().as(await fixture.asCreator()).retention;
        await expectCode(stranger.creatorOffer(subscription.id), 'not_found');
        await expectCode(stranger.setOffer(subscription.id, { percent: 30, renewals: 3 }), 'not_found');
        await expectCode(stranger.removeOffer(subscription.id), 'not_found');
      });
    });

    describe("the follower's answer", () => {
      it('shows the offer once recorded, and accepting makes the next renewals charge its price', async () => {
        const { subscription, creatorPorts } = await shop();
        await creatorPorts.retention.setOffer(subscription.id, { percent: 30, renewals: 3 });
        const { member, ports } = await memberOf(subscription.id);
        expect(await ports.retention.offerOnCancel(member.id)).toEqual({
          percent: 30,
          renewals: 3,
          price: money(500, 'eur'),
          charged: money(350, 'eur'),
          capped: false,
        });
        expect((await creatorPorts.retention.creatorOffer(subscription.id)).stats).toEqual({
          offered: 1,
          stayed: 0,
          left: 0,
        });
        const key = newKey();
        const accepted = await ports.retention.accept(member.id, { percent: 30, renewals: 3 }, key);
        expect(accepted.member).toMatchObject({ id: member.id, status: 'active', price: money(350, 'eur') });
        // A double tap: the same key replays the first answer; another key finds the offer answered.
        expect((await ports.retention.accept(member.id, { percent: 30, renewals: 3 }, key)).member).toEqual(
          accepted.member,
        );
        await unavailable(ports.retention.accept(member.id, { percent: 30, renewals: 3 }, newKey()), 'answered');
        expect((await ports.follower.member(member.id)).member.price).toEqual(money(350, 'eur'));
        expect((await creatorPorts.retention.creatorOffer(subscription.id)).stats).toEqual({
          offered: 1,
          stayed: 1,
          left: 0,
        });
        // Once ever: a later cancel goes straight through.
        expect(await ports.retention.offerOnCancel(member.id)).toBeNull();
      });

      it('declining cancels as a plain cancel does and is counted', async () => {
        const { subscription, creatorPorts } = await shop();
        await creatorPorts.retention.setOffer(subscription.id, { percent: 50, renewals: 1 });
        const { member, ports } = await memberOf(subscription.id);
        expect(await ports.retention.offerOnCancel(member.id)).not.toBeNull();
        // Shown again while unanswered, counted once.
        expect(await ports.retention.offerOnCancel(member.id)).not.toBeNull();
        const declined = await ports.retention.decline(member.id);
        expect(declined.member).toMatchObject({ id: member.id, status: 'cancelled', price: money(500, 'eur') });
        expect(await ports.retention.offerOnCancel(member.id)).toBeNull();
        expect((await creatorPorts.retention.creatorOffer(subscription.id)).stats).toEqual({
          offered: 1,
          stayed: 0,
          left: 1,
        });
        // The counts stay when the offer is removed.
        expect((await creatorPorts.retention.removeOffer(subscription.id)).stats).toEqual({
          offered: 1,
          stayed: 0,
          left: 1,
        });
      });

      it('declining without having been shown the offer cancels and counts nothing', async () => {
        const { subscription, creatorPorts } = await shop();
        await creatorPorts.retention.setOffer(subscription.id, { percent: 50, renewals: 1 });
        const { member, ports } = await memberOf(subscription.id);
        expect((await ports.retention.decline(member.id)).member.status).toBe('cancelled');
        expect((await creatorPorts.retention.creatorOffer(subscription.id)).stats).toEqual(NO_ANSWERS);
      });

      it('refuses terms that are not the offer any more, and an offer removed meanwhile', async () => {
        const { subscription, creatorPorts } = await shop();
        await creatorPorts.retention.setOffer(subscription.id, { percent: 30, renewals: 3 });
        const { member, ports } = await memberOf(subscription.id);
        await ports.retention.offerOnCancel(member.id);
        await creatorPorts.retention.setOffer(subscription.id, { percent: 20, renewals: 3 });
        await unavailable(ports.retention.accept(member.id, { percent: 30, renewals: 3 }, newKey()), 'changed');
        await creatorPorts.retention.removeOffer(subscription.id);
        await unavailable(ports.retention.accept(member.id, { percent: 20, renewals: 3 }, newKey()), 'no_offer');
        expect((await ports.follower.member(member.id)).member.price).toEqual(money(500, 'eur'));
      });

      it('offers nothing to a cancelled member, at the minimum price, or while a code discounts the renewals', async () => {
        const { fixture } = subject();
        const { subscription, creatorPorts } = await shop();
        await creatorPorts.retention.setOffer(subscription.id, { percent: 30, renewals: 3 });
        const cancelled = await memberOf(subscription.id, { status: 'cancelled' });
        expect(await cancelled.ports.retention.offerOnCancel(cancelled.member.id)).toBeNull();
        await unavailable(
          cancelled.ports.retention.accept(cancelled.member.id, { percent: 30, renewals: 3 }, newKey()),
          'not_active',
        );

        const cheapest = await fixture.seedSubscription(subscription.channelId, { price: money(100, 'eur') });
        await creatorPorts.retention.setOffer(cheapest.id, { percent: 30, renewals: 3 });
        const atMinimum = await memberOf(cheapest.id);
        expect(await atMinimum.ports.retention.offerOnCancel(atMinimum.member.id)).toBeNull();

        // Paid with a code for good: the follower keeps the price the code promised.
        await creatorPorts.promos.create(subscription.id, {
          code: 'LOYAL',
          scope: 'subscription',
          discount: { kind: 'percent', percent: 10 },
          duration: 'forever',
          newMembersOnly: false,
        });
        const payer = await fixture.asFollower();
        const card = await fixture.seedCard(payer);
        const payerPorts = subject().as(payer);
        const created = await payerPorts.invoices.createPayment(
          { kind: 'subscription', subscriptionId: subscription.id, promoCode: 'LOYAL' },
          { method: 'smart_glocal_saved_card', cardId: card.id },
          newKey(),
        );
        const paid = await eventually(
          fixture,
          () => payerPorts.invoices.checkPayment(created.paymentId),
          (check) => check.status !== 'pending',
        );
        expect(paid.status).toBe('paid');
        expect(await payerPorts.retention.offerOnCancel(paid.subscriptionMemberId!)).toBeNull();
        await unavailable(
          payerPorts.retention.accept(paid.subscriptionMemberId!, { percent: 30, renewals: 3 }, newKey()),
          'promo',
        );
      });

      it('offers nothing on a Telegram Stars subscription: Telegram renews it at its own price', async () => {
        const { fixture } = subject();
        const { subscription, creatorPorts } = await shop();
        await creatorPorts.retention.setOffer(subscription.id, { percent: 30, renewals: 3 });
        const follower = await fixture.asFollower();
        const member = await fixture.seedMember(subscription.id, follower, { paidInStars: 250 });
        const { retention } = subject().as(follower);
        expect(await retention.offerOnCancel(member.id)).toBeNull();
        await unavailable(retention.accept(member.id, { percent: 30, renewals: 3 }, newKey()), 'stars');
      });

      it('offers nothing on a free trial: nothing renews it', async () => {
        const { fixture } = subject();
        const { subscription, creatorPorts } = await shop();
        const withTrial = await fixture.seedSubscription(subscription.channelId, { trialDays: 7 });
        await creatorPorts.retention.setOffer(withTrial.id, { percent: 30, renewals: 3 });
        const follower = await fixture.asFollower();
        const ports = subject().as(follower);
        const started = await ports.invoices.startTrial(withTrial.id, newKey());
        expect(await ports.retention.offerOnCancel(started.memberId)).toBeNull();
        await unavailable(
          ports.retention.accept(started.memberId, { percent: 30, renewals: 3 }, newKey()),
          'not_active',
        );
      });

      it('offers nothing where payments stopped (a channel without the bot)', async () => {
        const { subscription, creatorPorts } = await shop({ connected: false });
        // Set while the bot was there: the offer stays, but nothing is charged in this channel now.
        await creatorPorts.retention.setOffer(subscription.id, { percent: 30, renewals: 3 });
        const { member, ports } = await memberOf(subscription.id);
        expect(await ports.retention.offerOnCancel(member.id)).toBeNull();
        await unavailable(
          ports.retention.accept(member.id, { percent: 30, renewals: 3 }, newKey()),
          'payments_disabled',
        );
      });

      it("answers not_found for someone else's membership", async () => {
        const { fixture } = subject();
        const { subscription, creatorPorts } = await shop();
        await creatorPorts.retention.setOffer(subscription.id, { percent: 30, renewals: 3 });
        const { member } = await memberOf(subscription.id);
        const stranger = subject().as(await fixture.asFollower()).retention;
        await expectCode(stranger.offerOnCancel(member.id), 'not_found');
        await expectCode(stranger.accept(member.id, { percent: 30, renewals: 3 }, newKey()), 'not_found');
        await expectCode(stranger.decline(member.id), 'not_found');
        await expectCode(stranger.offerOnCancel(987_654_321), 'not_found');
      });
    });

    describe('renewals after an accepted offer', () => {
      it('charges the offered price for the next N renewals, then the full price', async () => {
        const { fixture } = subject();
        const { subscription, creatorPorts } = await shop();
        await creatorPorts.retention.setOffer(subscription.id, { percent: 30, renewals: 2 });
        const { follower, member, ports } = await memberOf(subscription.id);
        await fixture.seedCard(follower);
        await ports.retention.offerOnCancel(member.id);
        await ports.retention.accept(member.id, { percent: 30, renewals: 2 }, newKey());
        const prices: number[] = [];
        for (let renewal = 0; renewal < 3; renewal += 1) {
          const before = (await ports.follower.member(member.id)).member;
          await fixture.runRenewalsDue(before.expiresAt!);
          const after = await renewed(follower, member.id, before.expiresAt!);
          prices.push(after.price.minor);
        }
        // What the next renewal charges after each: the 2 discounted renewals, then the full price for good.
        expect(prices).toEqual([350, 500, 500]);
      });

      async function renewed(follower: ContractUser, memberId: number, previousExpiry: number) {
        const { fixture } = subject();
        const { member } = await eventually(
          fixture,
          () => subject().as(follower).follower.member(memberId),
          (answer) => (answer.member.expiresAt ?? 0) > previousExpiry,
        );
        expect(member.expiresAt).toBeGreaterThan(previousExpiry);
        expect(member.renewalFailed ?? false).toBe(false);
        return member;
      }
    });
  });
}
