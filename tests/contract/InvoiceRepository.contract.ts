import type { InvoiceRepository } from '../../src/application/ports/InvoiceRepository';
import type { ProviderGateway } from '../../src/application/ports/ProviderGateway';
import type { SubscriptionRepository } from '../../src/application/ports/SubscriptionRepository';
import { TEST_CARDS, chargeOutcome } from '../../src/contract/testCards';
import { PROVIDER_DECLINE_ERROR, PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { money } from '../../src/domain/money';
import {
  type ContractUser,
  type MakeContractSubject,
  eventually,
  expectCode,
  expectCodeWith,
  useContractSubject,
} from './fixture';

/**
 * Paying a new card involves the provider, so this suite's port is the pair; the creator's side of a free trial
 * (SubscriptionRepository.trialStats) is read beside it.
 */
export interface InvoicePorts {
  readonly invoices: InvoiceRepository;
  readonly provider: ProviderGateway;
  readonly subscriptions: SubscriptionRepository;
}

const DAY = 24 * 60 * 60;
let keyCounter = 0;
const newKey = () => `contract-${Date.now()}-${(keyCounter += 1)}`;

export function describeInvoiceRepositoryContract(name: string, make: MakeContractSubject<InvoicePorts>): void {
  describe(`${name} (InvoiceRepository contract)`, () => {
    const subject = useContractSubject(make);

    async function subscriptionForSale(options: { ownerPaymentsDisabled?: boolean } = {}) {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      const subscription = await fixture.seedSubscription(channel.id, { price: money(750, 'eur') });
      if (options.ownerPaymentsDisabled) await fixture.setPaymentsDisabled(creator, true);
      const follower = await fixture.asFollower();
      return { creator, channel, subscription, follower, ports: subject().as(follower) };
    }

    async function paidCheck(follower: ContractUser, paymentId: string) {
      const { fixture } = subject();
      return eventually(
        fixture,
        () => subject().as(follower).invoices.checkPayment(paymentId),
        (c) => c.status !== 'pending',
      );
    }

    describe('loading', () => {
      it("shows a subscription invoice with the payer's own cards", async () => {
        const { fixture } = subject();
        const { subscription, channel, follower, ports, creator } = await subscriptionForSale();
        const card = await fixture.seedCard(follower);
        await fixture.seedCard(creator);
        const invoice = await ports.invoices.subscriptionInvoice(subscription.id);
        expect(invoice.subscription).toMatchObject({ id: subscription.id, price: money(750, 'eur') });
        expect(invoice.channel.id).toBe(channel.id);
        expect(invoice.cards.map((c) => c.id)).toEqual([card.id]);
      });

      it('answers not_found, payments_disabled and already_subscribed', async () => {
        const { fixture } = subject();
        const { subscription, follower, ports } = await subscriptionForSale();
        await expectCode(ports.invoices.subscriptionInvoice(987_654_321), 'not_found');
        const deleted = await fixture.seedSubscription(subscription.channelId, { isDeleted: true });
        await expectCode(ports.invoices.subscriptionInvoice(deleted.id), 'not_found');
        await fixture.seedMember(subscription.id, follower);
        await expectCode(ports.invoices.subscriptionInvoice(subscription.id), 'already_subscribed');
        const disabled = await subscriptionForSale({ ownerPaymentsDisabled: true });
        await expectCode(disabled.ports.invoices.subscriptionInvoice(disabled.subscription.id), 'payments_disabled');
      });

      it('answers payments_disabled for a channel without the bot or not approved by moderation', async () => {
        const { fixture } = subject();
        const creator = await fixture.asCreator();
        const { invoices } = subject().as(await fixture.asFollower());
        for (const options of [{ connected: false }, { moderation: 'in_progress' as const }]) {
          const channel = await fixture.seedChannel(creator, options);
          const subscription = await fixture.seedSubscription(channel.id);
          await expectCode(invoices.subscriptionInvoice(subscription.id), 'payments_disabled');
        }
      });

      it('lets a follower whose membership expired subscribe again', async () => {
        const { fixture } = subject();
        const { subscription, follower, ports } = await subscriptionForSale();
        const now = Math.floor((await fixture.nowMs()) / 1000);
        await fixture.seedMember(subscription.id, follower, { activatedAt: now - 40 * DAY, expiresAt: now - 10 * DAY });
        await expect(ports.invoices.subscriptionInvoice(subscription.id)).resolves.toBeDefined();
      });

      it('shows a donation invoice with the requested amount, or the default when the payer chooses', async () => {
        const { fixture } = subject();
        const creator = await fixture.asCreator();
        const channel = await fixture.seedChannel(creator);
        const fixed = await fixture.seedDonation(channel.id, { amount: money(2500, 'eur') });
        const open = await fixture.seedDonation(channel.id, { amount: money(0, 'eur') });
        const { invoices } = subject().as(await fixture.asFollower());
        expect((await invoices.donationInvoice(fixed.id)).amount).toEqual(money(2500, 'eur'));
        expect((await invoices.donationInvoice(open.id)).amount).toEqual(money(500, 'eur'));
        await expectCode(invoices.donationInvoice(987_654_321), 'not_found');
      });
    });

    describe('paying', () => {
      it('pays with a saved card: pending or already paid on create, then paid with the transaction and card', async () => {
        const { fixture } = subject();
        const { subscription, follower, ports } = await subscriptionForSale();
        const card = await fixture.seedCard(follower, { last4: '1111' });
        const created = await ports.invoices.createPayment(
          { kind: 'subscription', subscriptionId: subscription.id },
          { method: 'smart_glocal_saved_card', cardId: card.id },
          newKey(),
        );
        // The reference server charges a saved card within the create call; the fake settles it on the first check.
        expect(['pending', 'paid']).toContain(created.status);

        const check = await paidCheck(follower, created.paymentId);
        expect(check).toMatchObject({
          paymentId: created.paymentId,
          status: 'paid',
          kind: 'subscription',
          amount: money(750, 'eur'),
          card: { last4: '1111' },
        });
        expect(check.transactionId).toEqual(expect.any(Number));
        expect(check.subscriptionMemberId).toEqual(expect.any(Number));
        expect(check.inviteLink).toEqual(expect.any(String));
        await expectCode(ports.invoices.subscriptionInvoice(subscription.id), 'already_subscribed');
      });

      it('replays the first payment for a repeated idempotency key and never charges twice', async () => {
        const { fixture } = subject();
        const { subscription, follower, ports } = await subscriptionForSale();
        const card = await fixture.seedCard(follower);
        const key = newKey();
        const target = { kind: 'subscription', subscriptionId: subscription.id } as const;
        const instrument = { method: 'smart_glocal_saved_card', cardId: card.id } as const;
        const first = await ports.invoices.createPayment(target, instrument, key);
        await paidCheck(follower, first.paymentId);
        const replay = await ports.invoices.createPayment(target, instrument, key);
        expect(replay.paymentId).toBe(first.paymentId);
        await expectCode(
          ports.invoices.createPayment(
            { kind: 'subscription', subscriptionId: subscription.id },
            { method: 'smart_glocal' },
            key,
          ),
          'idempotency_key_reused',
        );
      });

      it('replays a refusal for its key, and a new key runs afresh', async () => {
        const { fixture } = subject();
        const { creator, subscription, ports } = await subscriptionForSale({ ownerPaymentsDisabled: true });
        const key = newKey();
        const target = { kind: 'subscription', subscriptionId: subscription.id } as const;
        await expectCode(ports.invoices.createPayment(target, { method: 'smart_glocal' }, key), 'payments_disabled');
        await fixture.setPaymentsDisabled(creator, false);
        await expectCode(ports.invoices.createPayment(target, { method: 'smart_glocal' }, key), 'payments_disabled');
        await expect(ports.invoices.createPayment(target, { method: 'smart_glocal' }, newKey())).resolves.toMatchObject(
          { status: 'pending' },
        );
      });

      it('ends a declined saved card in error with the provider code', async () => {
        const { fixture } = subject();
        const { subscription, follower, ports } = await subscriptionForSale();
        const card = await fixture.seedCard(follower, { scenario: 'decline' });
        const created = await ports.invoices.createPayment(
          { kind: 'subscription', subscriptionId: subscription.id },
          { method: 'smart_glocal_saved_card', cardId: card.id },
          newKey(),
        );
        const check = await paidCheck(follower, created.paymentId);
        expect(check.status).toBe('error');
        expect(check.error?.code).toBe(PROVIDER_DECLINE_ERROR.code);
        await expect(ports.invoices.subscriptionInvoice(subscription.id)).resolves.toBeDefined();
      });

      it('answers a hosted page url for a link payment', async () => {
        const { subscription, ports } = await subscriptionForSale();
        const created = await ports.invoices.createPayment(
          { kind: 'subscription', subscriptionId: subscription.id },
          { method: 'smart_glocal' },
          newKey(),
        );
        expect(created.status).toBe('pending');
        expect(created.url).toMatch(/^https?:\/\//);
      });

      it('pays with a new card tokenised at the provider, checking the payment until paid', async () => {
        const { fixture } = subject();
        const { subscription, ports } = await subscriptionForSale();
        const access = await ports.invoices.cardTokenization();
        const token = await ports.provider.tokenizeCard(
          {
            number: PROVIDER_TEST_CARDS.approved.number,
            holderName: 'Test Holder',
            expiryMonth: '12',
            expiryYear: '34',
            cvc: '123',
          },
          access,
        );
        const created = await ports.invoices.createPayment(
          { kind: 'subscription', subscriptionId: subscription.id },
          { method: 'smart_glocal_form', cardToken: token.token, publicToken: access.publicToken, saveCard: true },
          newKey(),
        );
        const paid = await eventually(
          fixture,
          () => ports.invoices.checkPayment(created.paymentId),
          (check) => check.status !== 'pending',
        );
        expect(paid.status).toBe('paid');
        // A tokenisation pays once; the card itself may pay again with a new one (its token names the card).
        const second = (await fixture.seedSubscription(subscription.channelId)).id;
        await expectCode(
          ports.invoices.createPayment(
            { kind: 'subscription', subscriptionId: second },
            { method: 'smart_glocal_form', cardToken: token.token, publicToken: access.publicToken, saveCard: false },
            newKey(),
          ),
          'validation_error',
        );
        const again = await ports.invoices.cardTokenization();
        const sameCard = await ports.provider.tokenizeCard(
          { number: PROVIDER_TEST_CARDS.approved.number, expiryMonth: '12', expiryYear: '34', cvc: '123' },
          again,
        );
        const repeat = await ports.invoices.createPayment(
          { kind: 'subscription', subscriptionId: second },
          { method: 'smart_glocal_form', cardToken: sameCard.token, publicToken: again.publicToken, saveCard: false },
          newKey(),
        );
        expect(
          (
            await eventually(
              fixture,
              () => ports.invoices.checkPayment(repeat.paymentId),
              (check) => check.status !== 'pending',
            )
          ).status,
        ).toBe('paid');
        await expectCode(ports.invoices.subscriptionInvoice(subscription.id), 'already_subscribed');
        // saveCard: the card now appears among the payer's cards on any invoice.
        const another = await fixture.seedSubscription(subscription.channelId);
        const { cards } = await ports.invoices.subscriptionInvoice(another.id);
        expect(cards.map((c) => c.cardLast)).toEqual([PROVIDER_TEST_CARDS.approved.number.slice(-4)]);
      });

      // Every card of the shared table ends the same on the server's sandbox provider and in the in-memory backend.
      it.each(TEST_CARDS.map((card) => [card.number, card.behaviour] as const))(
        'test card %s (%s): the first charge ends as the table says',
        async (number) => {
          const { fixture } = subject();
          const card = TEST_CARDS.find((candidate) => candidate.number === number)!;
          const expected = chargeOutcome(card.behaviour, 'first');
          const { subscription, ports } = await subscriptionForSale();
          const access = await ports.invoices.cardTokenization();
          const token = await ports.provider.tokenizeCard(
            { number, holderName: 'Test Holder', expiryMonth: '12', expiryYear: '34', cvc: '123' },
            access,
          );
          const created = await ports.invoices.createPayment(
            { kind: 'subscription', subscriptionId: subscription.id },
            { method: 'smart_glocal_form', cardToken: token.token, publicToken: access.publicToken, saveCard: false },
            newKey(),
          );
          const check = await eventually(
            fixture,
            () => ports.invoices.checkPayment(created.paymentId),
            (answer) => answer.status !== 'pending',
          );
          if (expected.status === 'declined') {
            expect({ status: check.status, code: check.error?.code }).toEqual({ status: 'error', code: expected.code });
          } else {
            expect(check.status).toBe(expected.status);
          }
        },
      );

      it('pays a donation of the amount the donor chose, within the donation bounds', async () => {
        const { fixture } = subject();
        const creator = await fixture.asCreator();
        const channel = await fixture.seedChannel(creator);
        const donation = await fixture.seedDonation(channel.id, { amount: money(0, 'eur') });
        const follower = await fixture.asFollower();
        const card = await fixture.seedCard(follower);
        const { invoices } = subject().as(follower);
        await expectCode(
          invoices.createPayment(
            { kind: 'donation', donationId: donation.id, amount: money(50, 'eur') },
            { method: 'smart_glocal_saved_card', cardId: card.id },
            newKey(),
          ),
          'validation_error',
        );
        const created = await invoices.createPayment(
          { kind: 'donation', donationId: donation.id, amount: money(1200, 'eur') },
          { method: 'smart_glocal_saved_card', cardId: card.id },
          newKey(),
        );
        const check = await paidCheck(follower, created.paymentId);
        expect(check).toMatchObject({ status: 'paid', kind: 'donation', amount: money(1200, 'eur') });
      });

      it('charges a fixed donation amount exactly and refuses another one', async () => {
        const { fixture } = subject();
        const creator = await fixture.asCreator();
        const channel = await fixture.seedChannel(creator);
        const donation = await fixture.seedDonation(channel.id, { amount: money(333, 'eur') });
        const follower = await fixture.asFollower();
        const card = await fixture.seedCard(follower);
        const { invoices } = subject().as(follower);
        await expectCode(
          invoices.createPayment(
            { kind: 'donation', donationId: donation.id, amount: money(500, 'eur') },
            { method: 'smart_glocal_saved_card', cardId: card.id },
            newKey(),
          ),
          'validation_error',
        );
        const created = await invoices.createPayment(
          { kind: 'donation', donationId: donation.id, amount: money(333, 'eur') },
          { method: 'smart_glocal_saved_card', cardId: card.id },
          newKey(),
        );
        expect(await paidCheck(follower, created.paymentId)).toMatchObject({
          status: 'paid',
          kind: 'donation',
          amount: money(333, 'eur'),
        });
      });

      it('keeps payments private to their payer', async () => {
        const { fixture } = subject();
        const { subscription, ports } = await subscriptionForSale();
        const created = await ports.invoices.createPayment(
          { kind: 'subscription', subscriptionId: subscription.id },
          { method: 'smart_glocal' },
          newKey(),
        );
        await expectCode(
          subject()
            .as(await fixture.asFollower())
            .invoices.checkPayment(created.paymentId),
          'not_found',
        );
      });
    });

    describe('free trials (subscriptionInvoice.trial, startTrial, SubscriptionRepository.trialStats)', () => {
      async function trialForSale(options: { trialDays?: number; period?: 'monthly' | 'onetime' } = {}) {
        const { fixture } = subject();
        const creator = await fixture.asCreator();
        const channel = await fixture.seedChannel(creator);
        const subscription = await fixture.seedSubscription(channel.id, {
          price: money(750, 'eur'),
          period: options.period ?? 'monthly',
          trialDays: options.trialDays ?? 7,
        });
        const follower = await fixture.asFollower();
        return { creator, channel, subscription, follower, ports: subject().as(follower) };
      }
      const trialRefused = (promise: Promise<unknown>, reason: string) =>
        expectCodeWith(promise, 'trial_unavailable', { reason });

      it('offers a newcomer the trial and starts it: access at once, nothing charged, replayed for its key', async () => {
        const { fixture } = subject();
        const { creator, subscription, ports } = await trialForSale();
        const now = Math.floor((await fixture.nowMs()) / 1000);
        const invoice = await ports.invoices.subscriptionInvoice(subscription.id);
        expect(invoice.trial).toEqual({ days: 7, endsAt: expect.any(Number), price: money(750, 'eur') });
        expect(invoice.trial!.endsAt - now).toBeGreaterThanOrEqual(7 * DAY - 60);
        expect(invoice.trial!.endsAt - now).toBeLessThanOrEqual(7 * DAY + 60);
        const key = newKey();
        const started = await ports.invoices.startTrial(subscription.id, key);
        expect(started).toMatchObject({ memberId: expect.any(Number), inviteLink: expect.any(String) });
        expect(started.endsAt - now).toBeGreaterThanOrEqual(7 * DAY - 60);
        expect(await ports.invoices.startTrial(subscription.id, key)).toEqual(started);
        // The trial is the membership: the invoice answers already subscribed while it runs.
        await expectCode(ports.invoices.subscriptionInvoice(subscription.id), 'already_subscribed');
        await trialRefused(ports.invoices.startTrial(subscription.id, newKey()), 'member');
        expect(await subject().as(creator).subscriptions.trialStats(subscription.id)).toEqual({
          onTrial: 1,
          ended: 0,
          converted: 0,
        });
      });

      it('refuses a subscription without a trial and a one-time one', async () => {
        const { fixture } = subject();
        const { subscription, ports } = await trialForSale();
        const without = await fixture.seedSubscription(subscription.channelId);
        expect((await ports.invoices.subscriptionInvoice(without.id)).trial).toBeNull();
        await trialRefused(ports.invoices.startTrial(without.id, newKey()), 'not_offered');
        const onetime = await fixture.seedSubscription(subscription.channelId, { period: 'onetime', trialDays: 7 });
        expect((await ports.invoices.subscriptionInvoice(onetime.id)).trial).toBeNull();
        await trialRefused(ports.invoices.startTrial(onetime.id, newKey()), 'not_recurring');
      });

      it('gives a trial once per follower per channel: not to a member, nor to a former member', async () => {
        const { fixture } = subject();
        const { subscription, follower, ports } = await trialForSale();
        const sibling = await fixture.seedSubscription(subscription.channelId, { trialDays: 14 });
        await ports.invoices.startTrial(subscription.id, newKey());
        // Another subscription of the channel while the trial runs: a member.
        expect((await ports.invoices.subscriptionInvoice(sibling.id)).trial).toBeNull();
        await trialRefused(ports.invoices.startTrial(sibling.id, newKey()), 'member');
        const former = await fixture.asFollower();
        const now = Math.floor((await fixture.nowMs()) / 1000);
        await fixture.seedMember(sibling.id, former, { activatedAt: now - 40 * DAY, expiresAt: now - 10 * DAY });
        const formerPorts = subject().as(former);
        expect((await formerPorts.invoices.subscriptionInvoice(subscription.id)).trial).toBeNull();
        await trialRefused(formerPorts.invoices.startTrial(subscription.id, newKey()), 'used_before');
        expect(follower.id).not.toBe(former.id);
      });

      it("answers a payment's refusals: not_found for a deleted subscription, payments_disabled", async () => {
        const { fixture } = subject();
        const { creator, subscription, ports } = await trialForSale();
        const deleted = await fixture.seedSubscription(subscription.channelId, { isDeleted: true, trialDays: 7 });
        await expectCode(ports.invoices.startTrial(deleted.id, newKey()), 'not_found');
        await expectCode(ports.invoices.startTrial(987_654_321, newKey()), 'not_found');
        const disconnected = await fixture.seedChannel(creator, { connected: false });
        const unreachable = await fixture.seedSubscription(disconnected.id, { trialDays: 7 });
        await expectCode(ports.invoices.startTrial(unreachable.id, newKey()), 'payments_disabled');
        await fixture.setPaymentsDisabled(creator, true);
        await expectCode(ports.invoices.startTrial(subscription.id, newKey()), 'payments_disabled');
      });

      it('converts when the follower pays after the end, and lapses when the grace passes unpaid', async () => {
        const { fixture } = subject();
        const { creator, subscription, ports, follower } = await trialForSale({ trialDays: 3 });
        const started = await ports.invoices.startTrial(subscription.id, newKey());
        const lapsing = subject().as(await fixture.asFollower());
        const other = await lapsing.invoices.startTrial(subscription.id, newKey());
        await fixture.advanceClock(Math.max(started.endsAt, other.endsAt) + 60);
        const stats = () => subject().as(creator).subscriptions.trialStats(subscription.id);
        // Ended, within the conversion grace: neither converted nor lapsed yet.
        expect(await stats()).toEqual({ onTrial: 0, ended: 0, converted: 0 });
        // Paying to stay is an ordinary invoice payment by the follower's own tap.
        const card = await fixture.seedCard(follower);
        const created = await ports.invoices.createPayment(
          { kind: 'subscription', subscriptionId: subscription.id },
          { method: 'smart_glocal_saved_card', cardId: card.id },
          newKey(),
        );
        expect((await paidCheck(follower, created.paymentId)).status).toBe('paid');
        expect(await stats()).toEqual({ onTrial: 0, ended: 1, converted: 1 });
        await fixture.advanceClock(other.endsAt + 4 * DAY);
        expect(await stats()).toEqual({ onTrial: 0, ended: 2, converted: 1 });
      });

      it("shows the creator's trial figures only to the creator", async () => {
        const { fixture } = subject();
        const { creator, subscription } = await trialForSale();
        expect(await subject().as(creator).subscriptions.trialStats(subscription.id)).toEqual({
          onTrial: 0,
          ended: 0,
          converted: 0,
        });
        await expectCode(
          subject()
            .as(await fixture.asCreator())
            .subscriptions.trialStats(subscription.id),
          'not_found',
        );
      });
    });
  });
}
