import type { InvoiceRepository } from '../../../../src/application/ports/InvoiceRepository';
import type { Scheduler } from '../../../../src/application/ports/Scheduler';
import { CheckPayment } from '../../../../src/application/use-cases/payments/CheckPayment';
import { PayInvoice } from '../../../../src/application/use-cases/payments/PayInvoice';
import { PayWithStars } from '../../../../src/application/use-cases/payments/PayWithStars';
import { PROVIDER_DECLINE_ERROR, PROVIDER_TEST_CARDS } from '../../../../src/contract/api';
import { money } from '../../../../src/domain/money';
import { completeLinkPayment, completeThreeDSecure } from '../../../../src/infrastructure/memory/payments';
import type { SeedCardOptions } from '../../../../src/infrastructure/memory/InMemorySeeder';
import { PaymentFlowStore, type PaymentTarget } from '../../../../src/presentation/payment/PaymentFlowStore';
import { createWorld } from '../../application/support/world';
import { FakePlatform } from '../support/FakePlatform';
import { PaymentFlowEffects } from '../../../../src/presentation/payment/PaymentFlowEffects';

/** A scheduler that holds every wait until the test releases it, to look at the state in between. */
class ManualScheduler implements Scheduler {
  readonly waits: { ms: number; release: () => void }[] = [];
  delay(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason));
      this.waits.push({ ms, release: resolve });
    });
  }
  releaseAll(): void {
    for (const wait of this.waits.splice(0)) wait.release();
  }
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

function setup(cardOptions: SeedCardOptions = {}, options: { paidAtOnce?: boolean } = {}) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const subscription = world.seed.subscription(channel.id, { price: money(500, 'eur') });
  const donation = world.seed.donation(channel.id, { amount: money(0, 'eur') }); // the donor chooses
  const follower = world.seed.user();
  const card = world.seed.card(follower.id, { last4: '4242', primary: true, ...cardOptions });
  const ports = world.as(follower);
  const creates: string[] = [];
  const invoices: InvoiceRepository = {
    donationInvoice: (id) => ports.invoices.donationInvoice(id),
    subscriptionInvoice: (id) => ports.invoices.subscriptionInvoice(id),
    createPayment: async (target, instrument, key) => {
      creates.push(key);
      const created = await ports.invoices.createPayment(target, instrument, key);
      if (!options.paidAtOnce) return created;
      // A provider that settles during the create call: the answer says paid, without the payment's details.
      let check = await ports.invoices.checkPayment(created.paymentId);
      while (check.status === 'pending') check = await ports.invoices.checkPayment(created.paymentId);
      return { paymentId: created.paymentId, status: check.status };
    },
    checkPayment: (id) => ports.invoices.checkPayment(id),
    cardTokenization: () => ports.invoices.cardTokenization(),
    createStarsPayment: (target, key) => ports.invoices.createStarsPayment(target, key),
    promoQuote: (id, code) => ports.invoices.promoQuote(id, code),
    startTrial: (id, key) => ports.invoices.startTrial(id, key),
  };
  const platform = new FakePlatform();
  const closes = jest.spyOn(platform, 'close').mockImplementation(() => undefined);
  const telegramLinks = jest.spyOn(platform, 'openTelegramLink').mockImplementation(() => undefined);
  const links = jest.spyOn(platform, 'openLink').mockImplementation(() => undefined);
  const afterPayment = new ManualScheduler();
  const store = new PaymentFlowStore(
    new PayInvoice(invoices, ports.provider, world.time),
    new CheckPayment(invoices, world.time),
    afterPayment,
    new PaymentFlowEffects(platform),
    new PayWithStars(invoices, platform, world.time),
  );
  const subscriptionTarget: PaymentTarget = {
    kind: 'subscription',
    id: subscription.id,
    amount: subscription.price,
    channelName: channel.name,
    cards: [card],
  };
  const donationTarget: PaymentTarget = {
    kind: 'donation',
    id: donation.id,
    amount: money(2500, 'eur'),
    channelName: channel.name,
    cards: [card],
  };
  const sales = () =>
    world.backend.transactions.filter(
      (t) => t.transaction.type === 'sell_subscription' || t.transaction.type === 'get_donation',
    ).length;
  return {
    world,
    store,
    card,
    creates,
    closes,
    telegramLinks,
    links,
    afterPayment,
    subscriptionTarget,
    donationTarget,
    sales,
    subscription,
  };
}

describe('PaymentFlowStore', () => {
  it('charges once for a double tap, even with a second key made by the second tap', async () => {
    const { store, card, creates, subscriptionTarget, sales, afterPayment } = setup();
    store.setTarget(subscriptionTarget);
    const first = store.pay({ kind: 'saved_card', cardId: card.id }, 'tap-1');
    const second = store.pay({ kind: 'saved_card', cardId: card.id }, 'tap-2');
    expect(store.isPaying).toBe(true);
    await flush();
    afterPayment.releaseAll();
    await Promise.all([first, second]);
    expect(creates).toEqual(['tap-1']);
    expect(sales()).toBe(1);
    // Paid is final: a later tap does nothing either.
    await store.pay({ kind: 'saved_card', cardId: card.id }, 'tap-3');
    expect(creates).toEqual(['tap-1']);
  });

  it('after a saved-card donation: shows the invoice page with the receipt, then closes the app 2 s later', async () => {
    const { store, card, donationTarget, closes, afterPayment } = setup();
    store.setTarget(donationTarget);
    const paying = store.pay({ kind: 'saved_card', cardId: card.id }, 'tap-1');
    await flush();
    expect(store.payment.status).toBe('paid');
    expect(store.receipt).toMatchObject({
      amount: money(2500, 'eur'),
      card: { last4: '4242' },
      transactionId: expect.any(Number),
    });
    expect(store.consumeNavigation()).toEqual({ to: `/invoice/donation/${donationTarget.id}`, replace: true });
    expect(afterPayment.waits.map((wait) => wait.ms)).toEqual([2000]);
    expect(closes).not.toHaveBeenCalled();
    afterPayment.releaseAll();
    await paying;
    expect(closes).toHaveBeenCalledTimes(1);
  });

  it('after a saved-card subscription: opens the channel invite link in the messenger 2 s later', async () => {
    const { store, card, subscriptionTarget, telegramLinks, closes, afterPayment, subscription } = setup();
    store.setTarget(subscriptionTarget);
    const paying = store.pay({ kind: 'saved_card', cardId: card.id }, 'tap-1');
    await flush();
    expect(telegramLinks).not.toHaveBeenCalled();
    afterPayment.releaseAll();
    await paying;
    expect(telegramLinks).toHaveBeenCalledWith(`https://t.me/+sandbox${subscription.id}`);
    expect(closes).not.toHaveBeenCalled();
  });

  it('a new card is tokenised, followed to paid, and the invoice page shown, without leaving on its own', async () => {
    const { store, subscriptionTarget, telegramLinks, afterPayment } = setup();
    store.setTarget(subscriptionTarget);
    await store.pay(
      {
        kind: 'new_card',
        card: {
          number: PROVIDER_TEST_CARDS.approved.number,
          holderName: 'ADA',
          expiryMonth: '12',
          expiryYear: '34',
          cvc: '123',
        },
        saveCard: false,
      },
      'tap-1',
    );
    expect(store.payment.status).toBe('paid');
    expect(store.navigation?.to).toBe(`/invoice/subscription/${subscriptionTarget.id}`);
    expect(afterPayment.waits).toHaveLength(0);
    expect(telegramLinks).not.toHaveBeenCalled();
    store.leaveAfterPayment();
    expect(telegramLinks).toHaveBeenCalledTimes(1);
  });

  it('reads the details of a new-card payment that was paid at once, for the receipt and the invite link', async () => {
    const { store, subscriptionTarget } = setup({}, { paidAtOnce: true });
    store.setTarget(subscriptionTarget);
    await store.pay(
      {
        kind: 'new_card',
        card: {
          number: PROVIDER_TEST_CARDS.approved.number,
          holderName: 'ADA',
          expiryMonth: '12',
          expiryYear: '34',
          cvc: '123',
        },
        saveCard: true,
      },
      'tap-1',
    );
    expect(store.payment.status).toBe('paid');
    expect(store.receipt).toMatchObject({
      card: { last4: '4242' },
      transactionId: expect.any(Number),
      inviteLink: expect.stringMatching(/^https:\/\/t\.me\//),
    });
  });

  it('a declined card stores the code and message and shows the invoice page; clearing resets all three', async () => {
    const { store, card, subscriptionTarget } = setup({ scenario: 'decline' });
    store.setTarget(subscriptionTarget);
    await store.pay({ kind: 'saved_card', cardId: card.id }, 'tap-1');
    expect(store.payment).toEqual({
      status: 'error',
      code: PROVIDER_DECLINE_ERROR.code,
      message: PROVIDER_DECLINE_ERROR.message,
    });
    expect(store.navigation).toEqual({ to: `/invoice/subscription/${subscriptionTarget.id}`, replace: true });
    store.clear();
    expect(store.payment).toEqual({ status: null });
    expect(store.payment.code).toBeUndefined();
    expect(store.payment.message).toBeUndefined();
  });

  it('3-D Secure goes to /payment/redirect and follows the payment every second until the bank answers', async () => {
    const { world, store, card, subscriptionTarget, afterPayment } = setup({ scenario: 'three_ds' });
    store.setTarget(subscriptionTarget);
    await store.pay({ kind: 'saved_card', cardId: card.id }, 'tap-1');
    expect(store.payment.status).toBe('action_required');
    expect(store.payment.redirectUrl).toMatch(/^https:\/\//);
    expect(store.consumeNavigation()).toEqual({ to: '/payment/redirect', replace: true });

    const following = store.followRedirect();
    await flush();
    expect(afterPayment.waits.map((wait) => wait.ms)).toEqual([1000]);
    expect(store.followRedirect()).toBe(following); // one follow at a time
    const paymentId = [...world.backend.payments.keys()][0]!;
    completeThreeDSecure(world.backend, paymentId, false);
    afterPayment.releaseAll();
    await following;
    expect(store.payment).toMatchObject({ status: 'error', code: '3ds_declined' });
    expect(store.consumeNavigation()).toEqual({ to: `/invoice/subscription/${subscriptionTarget.id}`, replace: true });
  });

  it('a card the provider refuses before any payment exists is a request error, with the state back to null', async () => {
    const { store, subscriptionTarget, creates } = setup();
    store.setTarget(subscriptionTarget);
    await store.pay(
      {
        kind: 'new_card',
        card: { number: '1234', holderName: 'ADA', expiryMonth: '12', expiryYear: '34', cvc: '123' },
        saveCard: false,
      },
      'tap-1',
    );
    expect(creates).toEqual([]);
    expect(store.payment.status).toBeNull();
    expect(store.requestError?.code).toEqual(expect.any(String));
    expect(store.navigation).toBeNull();
  });

  it('a link payment waits 500 ms before showing and opening the hosted page, then follows the payment', async () => {
    const { world, store, subscriptionTarget, links, afterPayment } = setup();
    store.setTarget(subscriptionTarget);
    const paying = store.pay({ kind: 'link' }, 'tap-1');
    await flush();
    expect(afterPayment.waits.map((wait) => wait.ms)).toEqual([500]);
    expect(store.linkUrl).toBeNull();
    expect(links).not.toHaveBeenCalled();
    const paymentId = [...world.backend.payments.keys()][0]!;
    completeLinkPayment(world.backend, paymentId);
    afterPayment.releaseAll();
    await flush();
    expect(store.linkUrl).toEqual(expect.any(String));
    expect(links).toHaveBeenCalledWith(store.linkUrl);
    afterPayment.releaseAll(); // the 2 s wait does not apply: this was not a saved card
    await paying;
    expect(store.payment.status).toBe('paid');
    expect(store.navigation?.to).toBe(`/invoice/subscription/${subscriptionTarget.id}`);
  });

  it('keeps a finished payment for the same invoice, and starts clean for another', async () => {
    const { store, card, subscriptionTarget, donationTarget, afterPayment } = setup();
    store.setTarget(subscriptionTarget);
    const paying = store.pay({ kind: 'saved_card', cardId: card.id }, 'tap-1');
    await flush();
    afterPayment.releaseAll();
    await paying;
    store.setTarget({ ...subscriptionTarget, cards: [] });
    expect(store.payment.status).toBe('paid');
    expect(store.isFor('subscription', subscriptionTarget.id)).toBe(true);
    store.setTarget(donationTarget);
    expect(store.payment.status).toBeNull();
    expect(store.receipt).toBeNull();
    expect(store.selectedCardId).toBe(card.id);
    store.dispose();
  });
});
