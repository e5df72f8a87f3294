/**
 * GiftRepository's contract, with the gift's purchase (InvoiceRepository: the invoice with `gift` and a payment with
 * `gift: true`) and the creator's counts (SubscriptionRepository.giftStats): bought on one port, shown and accepted on
 * another, so the suite's port is that group. Rules: src/domain/gift.ts; server/modules/gifts/README.md.
 *
 * Not here: a recipient removed from the channel (`banned`: the server's record of the channel's members; no port or
 * seed makes one) and an operator's refund of a redeemed gift (the console; tests/integration/money/giftRefund.test.ts).
 */
import type { FollowerRepository } from '../../src/application/ports/FollowerRepository';
import type { GiftRepository } from '../../src/application/ports/GiftRepository';
import type { InvoiceRepository } from '../../src/application/ports/InvoiceRepository';
import type { SubscriptionRepository } from '../../src/application/ports/SubscriptionRepository';
import { GIFT_VALID_DAYS } from '../../src/domain/gift';
import { money } from '../../src/domain/money';
import {
  type ContractUser,
  type MakeContractSubject,
  eventually,
  expectCode,
  expectCodeWith,
  useContractSubject,
} from './fixture';

export interface GiftPorts {
  readonly gifts: GiftRepository;
  readonly invoices: InvoiceRepository;
  readonly subscriptions: SubscriptionRepository;
  readonly follower: FollowerRepository;
}

const DAY = 24 * 60 * 60;
let keyCounter = 0;
const newKey = () => `gift-contract-${Date.now()}-${(keyCounter += 1)}`;
const refused = (promise: Promise<unknown>, reason: string) => expectCodeWith(promise, 'gift_invalid', { reason });

export function describeGiftRepositoryContract(name: string, make: MakeContractSubject<GiftPorts>): void {
  describe(`${name} (GiftRepository contract)`, () => {
    const subject = useContractSubject(make);

    async function shop(options: { period?: 'monthly' | 'onetime' } = {}) {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator, { name: 'Gift Channel' });
      const subscription = await fixture.seedSubscription(channel.id, {
        name: 'Monthly',
        price: money(750, 'eur'),
        period: options.period ?? 'monthly',
      });
      return { creator, channel, subscription, creatorPorts: subject().as(creator) };
    }

    /** The giver pays the gift with a saved card; answers the paid purchase. */
    async function buyGift(giver: ContractUser, subscriptionId: number) {
      const { fixture } = subject();
      const card = await fixture.seedCard(giver);
      const ports = subject().as(giver);
      const created = await ports.invoices.createPayment(
        { kind: 'subscription', subscriptionId, gift: true },
        { method: 'smart_glocal_saved_card', cardId: card.id },
        newKey(),
      );
      const purchase = await eventually(
        fixture,
        () => ports.gifts.purchase(created.paymentId),
        (answer) => answer.status !== 'pending',
      );
      expect(purchase.status).toBe('paid');
      expect(purchase.gift).not.toBeNull();
      return { paymentId: created.paymentId, gift: purchase.gift! };
    }

    describe('buying', () => {
      it('shows a member the gift invoice, and the paid purchase answers the gift with its link', async () => {
        const { fixture } = subject();
        const { channel, subscription, creatorPorts } = await shop();
        const giver = await fixture.asUser({ firstName: 'Gina' });
        const own = await fixture.seedMember(subscription.id, giver);
        const giverPorts = subject().as(giver);
        // A member may give: the gift's invoice has no already-subscribed answer.
        await expectCode(giverPorts.invoices.subscriptionInvoice(subscription.id), 'already_subscribed');
        expect((await giverPorts.invoices.subscriptionInvoice(subscription.id, { gift: true })).subscription.id).toBe(
          subscription.id,
        );
        const now = Math.floor((await fixture.nowMs()) / 1000);
        const { gift } = await buyGift(giver, subscription.id);
        expect(gift).toEqual({
          code: expect.stringMatching(/^[0-9A-Za-z]{22}$/),
          state: 'open',
          subscriptionId: subscription.id,
          subscriptionName: 'Monthly',
          channelId: channel.id,
          channelName: 'Gift Channel',
          giverName: 'Gina',
          period: 'monthly',
          price: money(750, 'eur'),
          expiresAt: expect.any(Number),
          refusal: 'own',
          mine: true,
          redeemedByMe: false,
          link: expect.stringContaining(`?startapp=gift_${gift.code}`),
        });
        expect(Math.abs(gift.expiresAt - (now + GIFT_VALID_DAYS * DAY))).toBeLessThanOrEqual(60);
        // The giver's own membership is not touched by the gift.
        expect((await giverPorts.follower.member(own.id)).member.expiresAt).toBe(own.expiresAt);
        expect(await creatorPorts.subscriptions.giftStats(subscription.id)).toEqual({
          sold: 1,
          redeemed: 0,
          open: 1,
          refunded: 0,
        });
      });

      it('refuses a one-time subscription (not_giftable) and answers the payment refusals', async () => {
        const { fixture } = subject();
        const { creator, subscription } = await shop();
        const onetime = await fixture.seedSubscription(subscription.channelId, { period: 'onetime' });
        const giver = await fixture.asFollower();
        const card = await fixture.seedCard(giver);
        const { invoices } = subject().as(giver);
        const pay = (subscriptionId: number) =>
          invoices.createPayment(
            { kind: 'subscription', subscriptionId, gift: true },
            { method: 'smart_glocal_saved_card', cardId: card.id },
            newKey(),
          );
        await refused(pay(onetime.id), 'not_giftable');
        // A gift is paid by card (a new or a saved one), never through the hosted page.
        await expectCode(
          invoices.createPayment(
            { kind: 'subscription', subscriptionId: subscription.id, gift: true },
            { method: 'smart_glocal' },
            newKey(),
          ),
          'validation_error',
        );
        await expectCode(pay(987_654_321), 'not_found');
        await fixture.setPaymentsDisabled(creator, true);
        await expectCode(pay(subscription.id), 'payments_disabled');
      });

      it("answers not_found for a payment that is not a gift or not the viewer's", async () => {
        const { fixture } = subject();
        const { subscription } = await shop();
        const payer = await fixture.asFollower();
        const card = await fixture.seedCard(payer);
        const { invoices, gifts } = subject().as(payer);
        const plain = await invoices.createPayment(
          { kind: 'subscription', subscriptionId: subscription.id },
          { method: 'smart_glocal_saved_card', cardId: card.id },
          newKey(),
        );
        await expectCode(gifts.purchase(plain.paymentId), 'not_found');
        const giver = await fixture.asFollower();
        const { paymentId } = await buyGift(giver, subscription.id);
        await expectCode(gifts.purchase(paymentId), 'not_found');
      });
    });

    describe('accepting', () => {
      it('gives a newcomer one period that does not renew, once; a repeated accept answers the same', async () => {
        const { fixture } = subject();
        const { subscription, creatorPorts } = await shop();
        const { gift } = await buyGift(await fixture.asFollower(), subscription.id);
        const recipient = await fixture.asFollower();
        const ports = subject().as(recipient);
        const seen = await ports.gifts.gift(gift.code);
        expect(seen).toMatchObject({ code: gift.code, state: 'open', mine: false, redeemedByMe: false });
        expect(seen.refusal).toBeUndefined();
        expect(seen.link).toBeUndefined();
        const now = Math.floor((await fixture.nowMs()) / 1000);
        const accepted = await ports.gifts.accept(gift.code);
        expect(accepted).toMatchObject({
          gift: { code: gift.code, state: 'redeemed', redeemedByMe: true, mine: false },
          subscriptionMemberId: expect.any(Number),
          inviteLink: expect.any(String),
        });
        expect(accepted.expiresAt - now).toBeGreaterThanOrEqual(28 * DAY);
        expect(accepted.expiresAt - now).toBeLessThanOrEqual(31 * DAY + 60);
        const { member } = await ports.follower.member(accepted.subscriptionMemberId);
        // On gifts alone: it does not renew, and says until when the gift runs.
        expect(member).toMatchObject({
          status: 'cancelled',
          expiresAt: accepted.expiresAt,
          giftEndsAt: accepted.expiresAt,
        });
        expect(await ports.gifts.accept(gift.code)).toMatchObject({
          subscriptionMemberId: accepted.subscriptionMemberId,
          expiresAt: accepted.expiresAt,
        });
        // The recipient is a member now: their own invoice answers already subscribed.
        await expectCode(ports.invoices.subscriptionInvoice(subscription.id), 'already_subscribed');
        expect(await creatorPorts.subscriptions.giftStats(subscription.id)).toEqual({
          sold: 1,
          redeemed: 1,
          open: 0,
          refunded: 0,
        });
      });

      it("adds the period after a running membership's paid-through date, keeping it active", async () => {
        const { fixture } = subject();
        const { subscription } = await shop();
        const { gift } = await buyGift(await fixture.asFollower(), subscription.id);
        const recipient = await fixture.asFollower();
        const own = await fixture.seedMember(subscription.id, recipient);
        const accepted = await subject().as(recipient).gifts.accept(gift.code);
        expect(accepted.subscriptionMemberId).toBe(own.id);
        expect(accepted.expiresAt - own.expiresAt!).toBeGreaterThanOrEqual(28 * DAY);
        expect(accepted.expiresAt - own.expiresAt!).toBeLessThanOrEqual(31 * DAY);
        const { member } = await subject().as(recipient).follower.member(own.id);
        expect(member).toMatchObject({ status: 'active', expiresAt: accepted.expiresAt });
        expect(member.giftEndsAt).toBeUndefined();
      });

      it('refuses the giver, someone else once redeemed, and an unknown code', async () => {
        const { fixture } = subject();
        const { subscription } = await shop();
        const giver = await fixture.asFollower();
        const { gift } = await buyGift(giver, subscription.id);
        await refused(subject().as(giver).gifts.accept(gift.code), 'own');
        await subject()
          .as(await fixture.asFollower())
          .gifts.accept(gift.code);
        const late = subject().as(await fixture.asFollower()).gifts;
        expect((await late.gift(gift.code)).refusal).toBe('redeemed');
        await refused(late.accept(gift.code), 'redeemed');
        await refused(late.gift('A'.repeat(22)), 'unknown');
        await refused(late.accept('A'.repeat(22)), 'unknown');
        await refused(late.gift('not-a-code'), 'unknown');
      });

      it('refuses a recipient whose running membership Telegram renews in Stars (stars_renewing)', async () => {
        const { fixture } = subject();
        const { subscription } = await shop();
        const { gift } = await buyGift(await fixture.asFollower(), subscription.id);
        const recipient = await fixture.asFollower();
        await fixture.seedMember(subscription.id, recipient, { paidInStars: 250 });
        const { gifts } = subject().as(recipient);
        expect((await gifts.gift(gift.code)).refusal).toBe('stars_renewing');
        await refused(gifts.accept(gift.code), 'stars_renewing');
      });

      it('answers banned to a user the operators banned', async () => {
        const { fixture } = subject();
        const { subscription } = await shop();
        const { gift } = await buyGift(await fixture.asFollower(), subscription.id);
        const banned = subject().as(await fixture.asUser({ banned: true }));
        await expectCode(banned.gifts.accept(gift.code), 'banned');
        await expectCode(banned.invoices.subscriptionInvoice(subscription.id, { gift: true }), 'banned');
      });

      it('refuses a gift whose subscription was deleted after the purchase, and refunds it at the next jobs', async () => {
        const { fixture } = subject();
        const { subscription, creatorPorts } = await shop();
        const giver = await fixture.asFollower();
        const { paymentId, gift } = await buyGift(giver, subscription.id);
        await creatorPorts.subscriptions.delete(subscription.id);
        const recipient = subject().as(await fixture.asFollower()).gifts;
        expect((await recipient.gift(gift.code)).refusal).toBe('unavailable');
        await refused(recipient.accept(gift.code), 'unavailable');
        // It expires at once (the giver does not wait a month for the money).
        await fixture.advanceClock(Math.floor((await fixture.nowMs()) / 1000) + 60);
        expect((await subject().as(giver).gifts.purchase(paymentId)).gift).toMatchObject({ state: 'refunded' });
      });

      it('expires unaccepted after its days and is refunded to the giver', async () => {
        const { fixture } = subject();
        const { subscription, creatorPorts } = await shop();
        const giver = await fixture.asFollower();
        const { paymentId, gift } = await buyGift(giver, subscription.id);
        await fixture.advanceClock(gift.expiresAt + 60);
        expect((await subject().as(giver).gifts.purchase(paymentId)).gift).toMatchObject({
          state: 'refunded',
          refusal: 'expired',
        });
        const recipient = subject().as(await fixture.asFollower()).gifts;
        expect(await recipient.gift(gift.code)).toMatchObject({ state: 'refunded', refusal: 'expired' });
        await refused(recipient.accept(gift.code), 'expired');
        expect(await creatorPorts.subscriptions.giftStats(subscription.id)).toEqual({
          sold: 1,
          redeemed: 0,
          open: 0,
          refunded: 1,
        });
      });
    });
  });
}
