import type { InvoiceStatus } from '../../../../src/application/ports/MessengerPlatform';
import { CheckPayment } from '../../../../src/application/use-cases/payments/CheckPayment';
import { PayInvoice } from '../../../../src/application/use-cases/payments/PayInvoice';
import { PayWithStars } from '../../../../src/application/use-cases/payments/PayWithStars';
import { money } from '../../../../src/domain/money';
import { STARS_CONFIRM_DELAYS_MS } from '../../../../src/domain/stars-checkout';
import { PaymentFlowEffects } from '../../../../src/presentation/payment/PaymentFlowEffects';
import { PaymentFlowStore } from '../../../../src/presentation/payment/PaymentFlowStore';
import { InvoiceViewModel } from '../../../../src/presentation/screens/Invoice/InvoiceViewModel';
import { createWorld } from '../../application/support/world';
import { FakePlatform } from '../support/FakePlatform';

/**
 * Paying an invoice in Telegram Stars: the choice beside cards, the Stars amount of a donation, a fresh key per tap,
 * and what each status of Telegram's sheet (https://core.telegram.org/bots/webapps, invoiceClosed) leads to.
 */
function setup(options: { stars?: boolean; period?: 'monthly' | 'weekly' } = {}) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const subscription = world.seed.subscription(channel.id, {
    price: money(500, 'eur'),
    period: options.period ?? 'monthly',
  });
  const donation = world.seed.donation(channel.id, { amount: money(0, 'eur') });
  if (options.stars !== false) {
    world.backend.subscriptions.get(subscription.id)!.starsPrice = 250;
    world.backend.donations.get(donation.id)!.starsPrice = 50;
  }
  const follower = world.seed.user();
  const ports = world.as(follower);
  const platform = new FakePlatform();
  const created: string[] = [];
  const invoices: typeof ports.invoices = Object.assign(Object.create(ports.invoices) as typeof ports.invoices, {
    createStarsPayment: (target: Parameters<typeof ports.invoices.createStarsPayment>[0], key: string) => {
      created.push(key);
      return ports.invoices.createStarsPayment(target, key);
    },
  });
  const waits: number[] = [];
  const scheduler = {
    delay: async (ms: number, signal?: AbortSignal) => {
      waits.push(ms);
      await world.time.delay(ms, signal);
    },
  };
  const flow = new PaymentFlowStore(
    new PayInvoice(invoices, ports.provider, world.time),
    new CheckPayment(invoices, world.time),
    world.time,
    new PaymentFlowEffects(platform),
    new PayWithStars(invoices, platform, scheduler),
  );
  let keys = 0;
  const invoice = (kind: 'subscription' | 'donation', id: number) =>
    new InvoiceViewModel(invoices, flow, platform, kind, id, null, () => `key-${(keys += 1)}`);
  /** Telegram's sheet closes with `status`; `paid` also lets the bot grant the membership, as successful_payment does. */
  const sheetCloses = (status: InvoiceStatus, grant = status === 'paid') => {
    jest.spyOn(platform, 'openInvoice').mockImplementationOnce(async (url) => {
      platform.invoices.push(url);
      if (grant) world.seed.member(subscription.id, follower.id, { status: 'active' });
      return status;
    });
  };
  return { world, subscription, donation, follower, flow, platform, invoice, created, waits, sheetCloses };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 50; i += 1) await Promise.resolve();
};

describe('InvoiceViewModel in Telegram Stars', () => {
  it('offers Stars beside cards only where the invoice has a Stars price', async () => {
    const withStars = setup();
    const vm = withStars.invoice('subscription', withStars.subscription.id);
    await vm.load();
    expect(vm.offersStars).toBe(true);
    expect(vm.payMethod).toBe('card');
    expect(vm.subscriptionStars).toEqual({ amount: 250, renews: true });
    vm.setPayMethod('stars');
    expect(vm.starsPayAmount).toBe(250);

    const without = setup({ stars: false });
    const plain = without.invoice('subscription', without.subscription.id);
    await plain.load();
    expect(plain.offersStars).toBe(false);
    plain.setPayMethod('stars');
    expect(plain.payMethod).toBe('card');
  });

  it('tells a weekly subscription sold in Stars for one period from a renewing one', async () => {
    const { invoice, subscription } = setup({ period: 'weekly' });
    const vm = invoice('subscription', subscription.id);
    await vm.load();
    expect(vm.subscriptionStars).toEqual({ amount: 250, renews: false });
  });

  it('pays a subscription in Stars: a fresh key per tap, the link opened in the host, then the result once the membership shows', async () => {
    const { invoice, subscription, flow, platform, created, sheetCloses } = setup();
    const vm = invoice('subscription', subscription.id);
    await vm.load();
    vm.setPayMethod('stars');

    sheetCloses('cancelled');
    vm.payWithStars();
    await settle();
    // Telegram charged nothing: the invoice is back as it was, with the choice.
    expect(vm.view).toEqual({ kind: 'ready' });
    expect(flow.payment.status).toBeNull();

    sheetCloses('paid');
    vm.payWithStars();
    await settle();
    expect(created).toEqual(['key-1', 'key-2']);
    expect(platform.invoices).toHaveLength(2);
    expect(platform.invoices[1]).toMatch(/^https:\/\/t\.me\/\$/);
    expect(vm.view.kind).toBe('paid');
    expect(flow.receipt).toMatchObject({ stars: 250 });
  });

  it('shows the failure of a payment Telegram reports failed, and Try again returns to the invoice', async () => {
    const { invoice, subscription, sheetCloses } = setup();
    const vm = invoice('subscription', subscription.id);
    await vm.load();
    vm.setPayMethod('stars');
    sheetCloses('failed');
    vm.payWithStars();
    await settle();
    expect(vm.view).toEqual({ kind: 'failed', code: 'stars_payment_failed', reason: 'stars' });
    expect(vm.retry()).toBeNull();
    expect(vm.view).toEqual({ kind: 'ready' });
    expect(vm.payMethod).toBe('stars');
  });

  it('waits with a bounded backoff when the server has not heard of a paid sheet, then says it is in progress', async () => {
    const { invoice, subscription, flow, sheetCloses, waits } = setup();
    const vm = invoice('subscription', subscription.id);
    await vm.load();
    vm.setPayMethod('stars');
    sheetCloses('paid', false);
    vm.payWithStars();
    await settle();
    expect(flow.starsStage).toBe('confirming');
    for (let i = 0; i < 40 && vm.view.kind !== 'inProgress'; i += 1) await settle();
    expect(waits).toEqual(STARS_CONFIRM_DELAYS_MS);
    expect(vm.view).toEqual({ kind: 'inProgress' });
  });

  it('takes a donation in whole Stars within Telegram limits, starting from the suggested amount', async () => {
    const { invoice, donation, created, sheetCloses, platform } = setup();
    const vm = invoice('donation', donation.id);
    await vm.load();
    expect(vm.donationStars).toEqual({ amount: 50 });
    vm.setPayMethod('stars');
    expect(vm.starsText).toBe('50');
    vm.setStarsText('10001');
    expect(vm.starsAmountErrorKey).toBe('invoice.stars.amountError.stars_too_large');
    expect(vm.starsAmountErrorBound).toBe(10000);
    vm.payWithStars();
    expect(created).toEqual([]);
    vm.setStarsText('');
    expect(vm.starsAmountErrorKey).toBe('invoice.stars.amountError.stars_required');
    vm.setStarsText('1 200');
    expect(vm.starsPayAmount).toBe(1200);
    sheetCloses('paid', false);
    vm.payWithStars();
    await settle();
    expect(created).toEqual(['key-1']);
    expect(platform.invoices).toHaveLength(1);
  });

  it('says so where the server sells no Stars for the invoice any more', async () => {
    const { invoice, subscription, world } = setup();
    const vm = invoice('subscription', subscription.id);
    await vm.load();
    vm.setPayMethod('stars');
    delete world.backend.subscriptions.get(subscription.id)!.starsPrice;
    vm.payWithStars();
    await settle();
    expect(vm.starsRequestErrorCode).toBe('stars_unavailable');
    expect(vm.view).toEqual({ kind: 'ready' });
  });
});
