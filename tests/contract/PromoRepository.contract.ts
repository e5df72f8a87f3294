/**
 * PromoRepository's contract, with the invoice calls that redeem a code (InvoiceRepository.promoQuote and a payment
 * naming `promoCode`): a code is created, listed, paused and deleted on one port and redeemed on the other, so the
 * suite's port is the pair. Rules: src/domain/promo.ts; server/modules/promos/README.md.
 *
 */
import type { InvoiceRepository } from '../../src/application/ports/InvoiceRepository';
import type { NewPromoCode, PromoRepository } from '../../src/application/ports/PromoRepository';
import type { FollowerRepository } from '../../src/application/ports/FollowerRepository';
import { money } from '../../src/domain/money';
import {
  type ContractUser,
  type MakeContractSubject,
  eventually,
  expectCode,
  expectCodeWith,
  useContractSubject,
} from './fixture';

export interface PromoPorts {
  readonly promos: PromoRepository;
  readonly invoices: InvoiceRepository;
  readonly follower: FollowerRepository;
}

const DAY = 24 * 60 * 60;
let keyCounter = 0;
const newKey = () => `promo-contract-${Date.now()}-${(keyCounter += 1)}`;

function newCode(code: string, overrides: Partial<NewPromoCode> = {}): NewPromoCode {
  return {
    code,
    scope: 'subscription',
    discount: { kind: 'percent', percent: 20 },
    duration: 'first',
    newMembersOnly: false,
    ...overrides,
  };
}

/** Rejects promo_code_invalid with its reason (src/domain/promo.ts PROMO_REFUSALS). */
const expectRefusal = (promise: Promise<unknown>, reason: string) =>
  expectCodeWith(promise, 'promo_code_invalid', { reason });

export function describePromoRepositoryContract(name: string, make: MakeContractSubject<PromoPorts>): void {
  describe(`${name} (PromoRepository contract)`, () => {
    const subject = useContractSubject(make);

    async function shop(options: { price?: number; connected?: boolean } = {}) {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator, { connected: options.connected ?? true });
      const subscription = await fixture.seedSubscription(channel.id, { price: money(options.price ?? 1000, 'eur') });
      return { creator, channel, subscription, promos: subject().as(creator).promos };
    }

    /** Pays the subscription with a saved card and the code; answers the settled check. */
    async function payWithCode(follower: ContractUser, subscriptionId: number, code: string) {
      const { fixture } = subject();
      const card = await fixture.seedCard(follower);
      const { invoices } = subject().as(follower);
      const created = await invoices.createPayment(
        { kind: 'subscription', subscriptionId, promoCode: code },
        { method: 'smart_glocal_saved_card', cardId: card.id },
        newKey(),
      );
      return eventually(
        fixture,
        () => invoices.checkPayment(created.paymentId),
        (check) => check.status !== 'pending',
      );
    }

    describe('create and list', () => {
      it('creates a code for the subscription, normalised, with no redemptions and a share link', async () => {
        const { subscription, promos } = await shop();
        const created = await promos.create(subscription.id, newCode('  summer-10 '));
        expect(created).toEqual({
          id: expect.any(Number),
          channelId: subscription.channelId,
          subscriptionId: subscription.id,
          code: 'SUMMER-10',
          discount: { kind: 'percent', percent: 20 },
          duration: 'first',
          periods: null,
          maxRedemptions: null,
          endsAt: null,
          newMembersOnly: false,
          paused: false,
          redemptions: 0,
          revenue: [],
          shareLink: expect.stringMatching(new RegExp(`\\?startapp=subscription_${subscription.id}_SUMMER-10$`)),
        });
        expect(await promos.list(subscription.id)).toEqual([created]);
      });

      it("creates a channel code with a fixed amount in the subscription's currency and its limits", async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const endsAt = Math.floor((await fixture.nowMs()) / 1000) + 10 * DAY;
        const created = await promos.create(
          subscription.id,
          newCode('WELCOME', {
            scope: 'channel',
            discount: { kind: 'fixed', amount: money(250, 'eur') },
            duration: 'periods',
            periods: 3,
            maxRedemptions: 5,
            endsAt,
            newMembersOnly: true,
          }),
        );
        expect(created).toMatchObject({
          subscriptionId: null,
          discount: { kind: 'fixed', amount: money(250, 'eur') },
          duration: 'periods',
          periods: 3,
          maxRedemptions: 5,
          endsAt,
          newMembersOnly: true,
        });
      });

      it("lists the subscription's own and its channel's codes, newest first, not a sibling's", async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const sibling = await fixture.seedSubscription(subscription.channelId);
        const own = await promos.create(subscription.id, newCode('OWN'));
        const channelWide = await promos.create(sibling.id, newCode('ALL', { scope: 'channel' }));
        await promos.create(sibling.id, newCode('SIBLING'));
        expect((await promos.list(subscription.id)).map((promo) => promo.id)).toEqual([channelWide.id, own.id]);
        expect((await promos.list(sibling.id)).map((promo) => promo.code)).toEqual(['SIBLING', 'ALL']);
      });

      it.each([
        ['too short', 'AB'],
        ['a character outside A-Z, 0-9 and hyphens', 'SUMMER_10'],
        ['an outer hyphen', '-SUMMER'],
      ])('refuses a code %s with validation_error on code', async (_case, code) => {
        const { subscription, promos } = await shop();
        await expect(promos.create(subscription.id, newCode(code))).rejects.toMatchObject({
          code: 'validation_error',
        });
        expect(await promos.list(subscription.id)).toEqual([]);
      });

      it('refuses a code the channel has (any case), in any of its subscriptions, with conflict', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const sibling = await fixture.seedSubscription(subscription.channelId);
        await promos.create(subscription.id, newCode('SPRING'));
        await expectCode(promos.create(subscription.id, newCode('spring')), 'conflict');
        await expectCode(promos.create(sibling.id, newCode(' Spring ')), 'conflict');
        // Another channel may have the same code.
        const other = await shop();
        await expect(other.promos.create(other.subscription.id, newCode('SPRING'))).resolves.toMatchObject({
          code: 'SPRING',
        });
      });

      it('refuses an end date that has passed and a fixed discount of nothing', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const now = Math.floor((await fixture.nowMs()) / 1000);
        await expectCode(promos.create(subscription.id, newCode('LATE', { endsAt: now - DAY })), 'validation_error');
        await expectCode(
          promos.create(subscription.id, newCode('NOTHING', { discount: { kind: 'fixed', amount: money(0, 'eur') } })),
          'validation_error',
        );
      });

      it('refuses a deleted subscription, a disconnected channel and a stranger', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const deleted = await fixture.seedSubscription(subscription.channelId, { isDeleted: true });
        await expectCode(promos.create(deleted.id, newCode('GONE')), 'subscription_deleted');
        const disconnected = await shop({ connected: false });
        await expectCode(
          disconnected.promos.create(disconnected.subscription.id, newCode('NOBOT')),
          'channel_disconnected',
        );
        const stranger = subject().as(await fixture.asCreator()).promos;
        await expectCode(stranger.create(subscription.id, newCode('MINE')), 'not_found');
        await expectCode(stranger.list(subscription.id), 'not_found');
        await expectCode(promos.list(987_654_321), 'not_found');
      });

      it('refuses the 101st live code of a channel with conflict; a deleted one frees its place', async () => {
        const { subscription, promos } = await shop();
        for (let index = 0; index < 100; index += 1) await promos.create(subscription.id, newCode(`CODE-${index}`));
        await expectCode(promos.create(subscription.id, newCode('ONE-MORE')), 'conflict');
        const [newest] = await promos.list(subscription.id);
        await promos.remove(newest!.id);
        await expect(promos.create(subscription.id, newCode('ONE-MORE'))).resolves.toMatchObject({ code: 'ONE-MORE' });
      });
    });

    describe('pause and delete', () => {
      it('pauses and resumes a code: a paused code is refused at the invoice', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const created = await promos.create(subscription.id, newCode('PAUSEME'));
        const { invoices } = subject().as(await fixture.asFollower());
        expect(await promos.setPaused(created.id, true)).toMatchObject({ id: created.id, paused: true });
        await expectRefusal(invoices.promoQuote(subscription.id, 'PAUSEME'), 'paused');
        expect(await promos.setPaused(created.id, false)).toMatchObject({ id: created.id, paused: false });
        await expect(invoices.promoQuote(subscription.id, 'PAUSEME')).resolves.toMatchObject({ code: 'PAUSEME' });
      });

      it('deletes a code for good: gone from the list, unknown at the invoice, its name free again', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const created = await promos.create(subscription.id, newCode('BYE'));
        await promos.remove(created.id);
        expect(await promos.list(subscription.id)).toEqual([]);
        const { invoices } = subject().as(await fixture.asFollower());
        await expectRefusal(invoices.promoQuote(subscription.id, 'BYE'), 'unknown');
        await expectCode(promos.setPaused(created.id, true), 'not_found');
        await expectCode(promos.remove(created.id), 'not_found');
        await expect(promos.create(subscription.id, newCode('BYE'))).resolves.toMatchObject({ code: 'BYE' });
      });

      it("answers not_found for someone else's code and an unknown id", async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const created = await promos.create(subscription.id, newCode('KEEP'));
        const stranger = subject().as(await fixture.asCreator()).promos;
        await expectCode(stranger.setPaused(created.id, true), 'not_found');
        await expectCode(stranger.remove(created.id), 'not_found');
        await expectCode(promos.setPaused(987_654_321, true), 'not_found');
        expect((await promos.list(subscription.id))[0]).toMatchObject({ code: 'KEEP', paused: false });
      });
    });

    describe('redeeming (InvoiceRepository.promoQuote and payments)', () => {
      it('quotes a code without case or spaces: the price, the discount, what is charged and for how long', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop({ price: 999 });
        await promos.create(subscription.id, newCode('THIRD', { discount: { kind: 'percent', percent: 33 } }));
        await promos.create(
          subscription.id,
          newCode('THREE', { discount: { kind: 'fixed', amount: money(300, 'eur') }, duration: 'periods', periods: 3 }),
        );
        await promos.create(subscription.id, newCode('ALWAYS', { duration: 'forever' }));
        const { invoices } = subject().as(await fixture.asFollower());
        // 33 % of €9.99 is 329.67 cents: the discount is rounded down, so €6.70 is charged.
        expect(await invoices.promoQuote(subscription.id, ' third ')).toEqual({
          code: 'THIRD',
          price: money(999, 'eur'),
          discount: money(329, 'eur'),
          charged: money(670, 'eur'),
          capped: false,
          discountedRenewals: 0,
        });
        expect(await invoices.promoQuote(subscription.id, 'three')).toMatchObject({
          charged: money(699, 'eur'),
          discountedRenewals: 2,
        });
        expect(await invoices.promoQuote(subscription.id, 'ALWAYS')).toMatchObject({ discountedRenewals: null });
      });

      it("caps a discount at the currency's minimum charge", async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop({ price: 500 });
        await promos.create(subscription.id, newCode('FREE', { discount: { kind: 'percent', percent: 100 } }));
        const { invoices } = subject().as(await fixture.asFollower());
        expect(await invoices.promoQuote(subscription.id, 'FREE')).toMatchObject({
          discount: money(400, 'eur'),
          charged: money(100, 'eur'),
          capped: true,
        });
      });

      it('refuses a code once its end date passed', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const endsAt = Math.floor((await fixture.nowMs()) / 1000) + 2 * DAY;
        await promos.create(subscription.id, newCode('SOON', { endsAt }));
        const { invoices } = subject().as(await fixture.asFollower());
        await expect(invoices.promoQuote(subscription.id, 'SOON')).resolves.toMatchObject({ code: 'SOON' });
        await fixture.advanceClock(endsAt + 60);
        await expectRefusal(invoices.promoQuote(subscription.id, 'SOON'), 'expired');
      });

      it("refuses an unknown code, another channel's, another subscription's and a malformed one", async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const sibling = await fixture.seedSubscription(subscription.channelId);
        await promos.create(sibling.id, newCode('SIBLING'));
        const other = await shop();
        await other.promos.create(other.subscription.id, newCode('ELSEWHERE'));
        const { invoices } = subject().as(await fixture.asFollower());
        await expectRefusal(invoices.promoQuote(subscription.id, 'NOSUCH'), 'unknown');
        await expectRefusal(invoices.promoQuote(subscription.id, 'ELSEWHERE'), 'unknown');
        await expectRefusal(invoices.promoQuote(subscription.id, 'x'), 'unknown');
        await expectRefusal(invoices.promoQuote(subscription.id, 'SIBLING'), 'not_applicable');
      });

      it('refuses a fixed channel code for a subscription in another currency', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const inRubles = await fixture.seedSubscription(subscription.channelId, { price: money(50_000, 'rub') });
        await promos.create(
          subscription.id,
          newCode('EUROS', { scope: 'channel', discount: { kind: 'fixed', amount: money(200, 'eur') } }),
        );
        const { invoices } = subject().as(await fixture.asFollower());
        await expectRefusal(invoices.promoQuote(inRubles.id, 'EUROS'), 'not_applicable');
      });

      it('refuses a new-members-only code to someone who was a member of the channel', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const sibling = await fixture.seedSubscription(subscription.channelId);
        await promos.create(subscription.id, newCode('NEWBIE', { newMembersOnly: true }));
        const returning = await fixture.asFollower();
        const now = Math.floor((await fixture.nowMs()) / 1000);
        await fixture.seedMember(sibling.id, returning, { activatedAt: now - 40 * DAY, expiresAt: now - 10 * DAY });
        await expectRefusal(subject().as(returning).invoices.promoQuote(subscription.id, 'NEWBIE'), 'new_members_only');
        const newcomer = subject().as(await fixture.asFollower()).invoices;
        await expect(newcomer.promoQuote(subscription.id, 'NEWBIE')).resolves.toMatchObject({ code: 'NEWBIE' });
      });

      it('lets a follower on a free trial use a new-members-only code: a trial never paid makes no member', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const withTrial = await fixture.seedSubscription(subscription.channelId, { trialDays: 7 });
        await promos.create(subscription.id, newCode('NEWBIE', { scope: 'channel', newMembersOnly: true }));
        const follower = await fixture.asFollower();
        const { invoices } = subject().as(follower);
        await invoices.startTrial(withTrial.id, newKey());
        await expect(invoices.promoQuote(subscription.id, 'NEWBIE')).resolves.toMatchObject({ code: 'NEWBIE' });
      });

      it("answers the invoice's own errors before the code's", async () => {
        const { fixture } = subject();
        const { creator, subscription, promos } = await shop();
        await promos.create(subscription.id, newCode('OPEN'));
        const follower = await fixture.asFollower();
        const { invoices } = subject().as(follower);
        await expectCode(invoices.promoQuote(987_654_321, 'OPEN'), 'not_found');
        const deleted = await fixture.seedSubscription(subscription.channelId, { isDeleted: true });
        await expectCode(invoices.promoQuote(deleted.id, 'OPEN'), 'not_found');
        const banned = subject().as(await fixture.asUser({ banned: true })).invoices;
        await expectCode(banned.promoQuote(subscription.id, 'OPEN'), 'banned');
        await fixture.seedMember(subscription.id, follower);
        await expectCode(invoices.promoQuote(subscription.id, 'OPEN'), 'already_subscribed');
        await fixture.setPaymentsDisabled(creator, true);
        await expectCode(
          subject()
            .as(await fixture.asFollower())
            .invoices.promoQuote(subscription.id, 'OPEN'),
          'payments_disabled',
        );
      });

      it('charges the discounted price, counts the redemption and its revenue, and uses up a limited code', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const created = await promos.create(subscription.id, newCode('ONCE', { maxRedemptions: 1 }));
        const payer = await fixture.asFollower();
        const paid = await payWithCode(payer, subscription.id, ' once ');
        expect(paid).toMatchObject({ status: 'paid', amount: money(800, 'eur') });
        expect((await promos.list(subscription.id)).find((promo) => promo.id === created.id)).toMatchObject({
          redemptions: 1,
          revenue: [money(800, 'eur')],
        });
        const late = subject().as(await fixture.asFollower()).invoices;
        await expectRefusal(late.promoQuote(subscription.id, 'ONCE'), 'used_up');
        await expectRefusal(
          late.createPayment(
            { kind: 'subscription', subscriptionId: subscription.id, promoCode: 'ONCE' },
            { method: 'smart_glocal' },
            newKey(),
          ),
          'used_up',
        );
      });

      it('holds a redemption for a payment under way: the last slot is not sold twice', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        await promos.create(subscription.id, newCode('LAST', { maxRedemptions: 1 }));
        // A hosted-page payment stays open until the payer finishes it.
        const open = await subject()
          .as(await fixture.asFollower())
          .invoices.createPayment(
            { kind: 'subscription', subscriptionId: subscription.id, promoCode: 'LAST' },
            { method: 'smart_glocal' },
            newKey(),
          );
        expect(open.status).toBe('pending');
        const late = subject().as(await fixture.asFollower()).invoices;
        await expectRefusal(late.promoQuote(subscription.id, 'LAST'), 'used_up');
        expect((await promos.list(subscription.id))[0]).toMatchObject({ redemptions: 0, revenue: [] });
      });

      it('renews at the full price after a first-period code, and at the discount while a code lasts', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        await promos.create(subscription.id, newCode('FIRST'));
        await promos.create(subscription.id, newCode('TWICE', { duration: 'periods', periods: 2 }));
        const first = await fixture.asFollower();
        const paidFirst = await payWithCode(first, subscription.id, 'FIRST');
        // The membership's price is what its next renewal charges.
        expect((await subject().as(first).follower.member(paidFirst.subscriptionMemberId!)).member.price).toEqual(
          money(1000, 'eur'),
        );
        const twice = await fixture.asFollower();
        const paidTwice = await payWithCode(twice, subscription.id, 'TWICE');
        expect((await subject().as(twice).follower.member(paidTwice.subscriptionMemberId!)).member.price).toEqual(
          money(800, 'eur'),
        );
      });

      it('counts the renewals a code discounted in its revenue, not as redemptions, then renews at full price', async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const created = await promos.create(subscription.id, newCode('TWICE', { duration: 'periods', periods: 2 }));
        const payer = await fixture.asFollower();
        const paid = await payWithCode(payer, subscription.id, 'TWICE');
        const { follower } = subject().as(payer);
        const charged: number[] = [];
        for (let renewal = 0; renewal < 2; renewal += 1) {
          const before = (await follower.member(paid.subscriptionMemberId!)).member;
          charged.push(before.price.minor);
          await fixture.runRenewalsDue(before.expiresAt!);
          await eventually(
            fixture,
            () => follower.member(paid.subscriptionMemberId!),
            (answer) => (answer.member.expiresAt ?? 0) > before.expiresAt!,
          );
        }
        expect(charged).toEqual([800, 1000]);
        expect((await follower.member(paid.subscriptionMemberId!)).member.price).toEqual(money(1000, 'eur'));
        const listed = (await promos.list(subscription.id)).find((promo) => promo.id === created.id);
        expect(listed).toMatchObject({ redemptions: 1, revenue: [money(1600, 'eur')] });
      });

      it("starts a new code of a deleted one's name without the old one's redemptions", async () => {
        const { fixture } = subject();
        const { subscription, promos } = await shop();
        const old = await promos.create(subscription.id, newCode('AGAIN', { maxRedemptions: 1 }));
        await payWithCode(await fixture.asFollower(), subscription.id, 'AGAIN');
        await promos.remove(old.id);
        const renewed = await promos.create(subscription.id, newCode('AGAIN', { maxRedemptions: 1 }));
        expect(renewed).toMatchObject({ redemptions: 0, revenue: [] });
        const { invoices } = subject().as(await fixture.asFollower());
        await expect(invoices.promoQuote(subscription.id, 'AGAIN')).resolves.toMatchObject({ code: 'AGAIN' });
      });
    });
  });
}
