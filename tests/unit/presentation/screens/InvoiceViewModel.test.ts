import { CheckPayment } from '../../../../src/application/use-cases/payments/CheckPayment';
import { PayInvoice } from '../../../../src/application/use-cases/payments/PayInvoice';
import { PayWithStars } from '../../../../src/application/use-cases/payments/PayWithStars';
import { type Currency, money } from '../../../../src/domain/money';
import { PaymentFlowStore } from '../../../../src/presentation/payment/PaymentFlowStore';
import { InvoiceViewModel } from '../../../../src/presentation/screens/Invoice/InvoiceViewModel';
import { completeThreeDSecure } from '../../../../src/infrastructure/memory/payments';
import { createWorld } from '../../application/support/world';
import { FakePlatform } from '../support/FakePlatform';
import { PaymentFlowEffects } from '../../../../src/presentation/payment/PaymentFlowEffects';

function setup(options: { currency?: Currency; donationAmount?: number } = {}) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const subscription = world.seed.subscription(channel.id, { price: money(500, 'eur'), period: 'monthly' });
  const currency = options.currency ?? 'eur';
  const donation = world.seed.donation(channel.id, { amount: money(options.donationAmount ?? 0, currency) });
  const follower = world.seed.user();
  const ports = world.as(follower);
  const platform = new FakePlatform();
  const flow = new PaymentFlowStore(
    new PayInvoice(ports.invoices, ports.provider, world.time),
    new CheckPayment(ports.invoices, world.time),
    world.time,
    new PaymentFlowEffects(platform),
    new PayWithStars(ports.invoices, platform, world.time),
  );
  const invoice = (kind: 'subscription' | 'donation', id: number, promo: string | null = null) =>
    new InvoiceViewModel(ports.invoices, flow, platform, kind, id, promo);
  const creatorPorts = world.as(creator);
  return { world, creator, creatorPorts, channel, subscription, donation, follower, flow, platform, invoice };
}

describe('InvoiceViewModel', () => {
  it("applies a share link's promo code on load and pays the discounted price with it", async () => {
    const { subscription, invoice, flow, creatorPorts } = setup();
    await creatorPorts.promos.create(subscription.id, {
      code: 'SPRING',
      scope: 'subscription',
      discount: { kind: 'percent', percent: 30 },
      duration: 'periods',
      periods: 3,
      newMembersOnly: false,
    });
    const vm = invoice('subscription', subscription.id, 'spring');
    await vm.load();
    expect(vm.promoQuote).toMatchObject({ code: 'SPRING', charged: money(350, 'eur'), discountedRenewals: 2 });
    expect(vm.payAmount).toEqual(money(350, 'eur'));
    vm.proceedToPayment();
    expect(flow.target).toMatchObject({ amount: money(350, 'eur'), promoCode: 'SPRING' });
    vm.removePromo();
    expect(vm.payAmount).toEqual(money(500, 'eur'));
  });

  it('offers a free trial to a newcomer, starts it without a charge; the invoice then says already subscribed', async () => {
    const { subscription, invoice, creatorPorts, world } = setup();
    await creatorPorts.subscriptions.edit(subscription.id, {
      name: subscription.name,
      description: subscription.description,
      price: subscription.price,
      buttonText: subscription.buttonText,
      trialDays: 7,
    });
    const vm = invoice('subscription', subscription.id);
    await vm.load();
    const endsAt = Math.floor(world.time.now() / 1000) + 7 * 86_400;
    expect(vm.trialOffer).toEqual({ days: 7, endsAt, price: money(500, 'eur') });
    expect(vm.startsTrial).toBe(true);
    await vm.startTrial();
    expect(vm.view).toMatchObject({ kind: 'trialStarted', trial: { endsAt } });
    expect(world.backend.transactions).toEqual([]);
    expect([...world.backend.members.values()]).toEqual([
      expect.objectContaining({ subscriptionId: subscription.id, status: 'active', trialEndsAt: endsAt }),
    ]);

    // A member has no invoice to pay while the trial runs.
    const again = invoice('subscription', subscription.id);
    await again.load();
    expect(again.view.kind).toBe('alreadyExists');
  });

  it('says why a typed code is refused', async () => {
    const { subscription, invoice } = setup();
    const vm = invoice('subscription', subscription.id);
    await vm.load();
    vm.setPromoText(' nosuch ');
    await vm.applyPromo();
    expect(vm.promoErrorKey).toBe('promo.reason.unknown');
    expect(vm.promoQuote).toBeNull();
  });

  it('shows a loaded subscription invoice and goes to the card form when the payer has no saved card', async () => {
    const { subscription, invoice, flow } = setup();
    const vm = invoice('subscription', subscription.id);
    expect(vm.view.kind).toBe('loading');
    await vm.load();
    expect(vm.view).toEqual({ kind: 'ready' });
    expect(vm.subscription?.name).toBe(subscription.name);
    expect(vm.payAmount).toEqual(money(500, 'eur'));
    expect(vm.proceedToPayment()).toBe('/payment/form');
    expect(flow.target).toMatchObject({ kind: 'subscription', id: subscription.id, amount: money(500, 'eur') });
  });

  it('goes to the method choice when the payer has an active saved card', async () => {
    const { subscription, invoice, world, follower, flow } = setup();
    const card = world.seed.card(follower.id, { primary: true });
    const vm = invoice('subscription', subscription.id);
    await vm.load();
    expect(vm.proceedToPayment()).toBe('/payment/choicePaymentMethod');
    expect(flow.selectedCardId).toBe(card.id);
  });

  it.each([
    ['subscription', 'invoice.invoice_subscription_not_found'],
    ['donation', 'invoice.invoice_donation_not_found'],
  ] as const)('an unknown %s is not found, with its own title', async (kind, titleKey) => {
    const { invoice } = setup();
    const vm = invoice(kind, 999_999);
    await vm.load();
    expect(vm.view).toEqual({ kind: 'notFound', titleKey });
  });

  it('answers disabled when the owner cannot take payments, and already exists for a subscriber', async () => {
    const { subscription, invoice, world, creator, follower } = setup();
    world.seed.member(subscription.id, follower.id);
    const subscribed = invoice('subscription', subscription.id);
    await subscribed.load();
    expect(subscribed.view).toEqual({ kind: 'alreadyExists' });

    world.seed.paymentsDisabled(creator.id, true);
    const disabled = invoice('subscription', subscription.id);
    await disabled.load();
    expect(disabled.view).toEqual({ kind: 'disabled' });
  });

  it('offers the eur presets and starts a donation without an amount at eur 5', async () => {
    const { donation, invoice } = setup();
    const vm = invoice('donation', donation.id);
    await vm.load();
    expect(vm.presets.map((preset) => preset.minor)).toEqual([500, 1000, 2500, 10000, 20000]);
    expect(vm.amountText).toBe('5');
    expect(vm.isPresetSelected(money(500, 'eur'))).toBe(true);
    vm.choosePreset(money(10000, 'eur'));
    expect(vm.amountText).toBe('100');
    expect(vm.payAmount).toEqual(money(10000, 'eur'));
  });

  it('offers the other presets and starts at 200 in other currencies', async () => {
    const { donation, invoice } = setup({ currency: 'rub' });
    const vm = invoice('donation', donation.id);
    await vm.load();
    expect(vm.presets.map((preset) => preset.minor)).toEqual([20000, 50000, 100000, 200000, 500000]);
    expect(vm.amountText).toBe('200');
  });

  it('strips leading zeros and non-digits and checks the donation bounds', async () => {
    const { donation, invoice, flow } = setup();
    const vm = invoice('donation', donation.id);
    await vm.load();
    vm.setAmountText('007');
    expect(vm.amountText).toBe('7');
    expect(vm.amountErrorKey).toBeNull();
    vm.setAmountText('2001');
    expect(vm.amountErrorKey).toBe('invoice.amountError.amount_above');
    expect(vm.amountErrorBound).toEqual(money(200000, 'eur'));
    expect(vm.proceedToPayment()).toBeNull();
    expect(flow.target).toBeNull();
    vm.setAmountText('2000');
    expect(vm.amountErrorKey).toBeNull();
    vm.setAmountText('0');
    expect(vm.amountText).toBe('');
    expect(vm.amountErrorKey).toBe('invoice.amountError.amount_required');
    vm.setAmountText('12,5');
    expect(vm.amountText).toBe('125');
    expect(vm.proceedToPayment()).toBe('/payment/form');
    expect(flow.target?.amount).toEqual(money(12500, 'eur'));
  });

  it("shows the flow's result for its invoice instead of loading, and retry clears it", async () => {
    const { subscription, invoice, flow, world, follower } = setup();
    const card = world.seed.card(follower.id, { primary: true, scenario: 'decline' });
    const first = invoice('subscription', subscription.id);
    await first.load();
    first.proceedToPayment();
    await flow.pay({ kind: 'saved_card', cardId: card.id }, 'tap-1');

    const shown = invoice('subscription', subscription.id);
    await shown.load();
    expect(shown.state.status).toBe('idle');
    expect(shown.view).toMatchObject({
      kind: 'failed',
      code: 'do_not_honor',
      reason: 'declined',
    });
    expect(shown.retry()).toBe('/payment/choicePaymentMethod');
    expect(flow.payment.status).toBeNull();
  });

  it('a 3-D Secure payment refused at settlement because another payment bought the membership shows Already subscribed', async () => {
    const { subscription, invoice, flow, world, follower } = setup();
    const card = world.seed.card(follower.id, { primary: true, scenario: 'three_ds' });
    const page = invoice('subscription', subscription.id);
    await page.load();
    page.proceedToPayment();
    await flow.pay({ kind: 'saved_card', cardId: card.id }, 'tap-1');
    expect(flow.payment.status).toBe('action_required');

    world.seed.member(subscription.id, follower.id); // paid meanwhile from another device
    completeThreeDSecure(world.backend, [...world.backend.payments.keys()][0]!, true);
    await flow.followRedirect();

    expect(flow.payment).toMatchObject({ status: 'error', code: 'already_subscribed' });
    expect(page.view).toEqual({ kind: 'alreadyExists' });
  });

  it('a fixed donation amount (3.33) is shown and paid as it is, whatever the input would accept', async () => {
    const { donation, invoice, flow } = setup({ donationAmount: 333 });
    const page = invoice('donation', donation.id);
    await page.load();
    expect(page.fixedAmount).toEqual(money(333, 'eur'));
    expect(page.payAmount).toEqual(money(333, 'eur'));
    expect(page.amountErrorKey).toBeNull();
    expect(page.proceedToPayment()).toBe('/payment/form');
    expect(page.amountErrorKey).toBeNull();
    expect(flow.target).toMatchObject({ kind: 'donation', id: donation.id, amount: money(333, 'eur') });
  });

  it('a donation without a fixed amount has no fixed amount and takes the typed one', async () => {
    const { donation, invoice } = setup();
    const page = invoice('donation', donation.id);
    await page.load();
    expect(page.fixedAmount).toBeNull();
    page.setAmountText('12');
    expect(page.payAmount).toEqual(money(1200, 'eur'));
  });

  it('closes the app from a state screen', async () => {
    const { invoice, platform } = setup();
    const close = jest.spyOn(platform, 'close').mockImplementation(() => undefined);
    invoice('subscription', 1).close();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
