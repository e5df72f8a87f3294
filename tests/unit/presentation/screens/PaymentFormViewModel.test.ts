import { runInAction } from 'mobx';
import { CheckPayment } from '../../../../src/application/use-cases/payments/CheckPayment';
import { PayInvoice } from '../../../../src/application/use-cases/payments/PayInvoice';
import { PayWithStars } from '../../../../src/application/use-cases/payments/PayWithStars';
import { PROVIDER_TEST_CARDS } from '../../../../src/contract/api';
import { money } from '../../../../src/domain/money';
import { PaymentFlowStore } from '../../../../src/presentation/payment/PaymentFlowStore';
import { PaymentFormViewModel } from '../../../../src/presentation/screens/PaymentForm/PaymentFormViewModel';
import { PaymentMethodViewModel } from '../../../../src/presentation/screens/PaymentMethod/PaymentMethodViewModel';
import {
  PaymentRedirectViewModel,
  REDIRECT_COUNTDOWN_SECONDS,
} from '../../../../src/presentation/screens/PaymentRedirect/PaymentRedirectViewModel';
import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { createWorld } from '../../application/support/world';
import { FakePlatform } from '../support/FakePlatform';
import { FakeLinks } from '../support/fakePorts';
import { PaymentFlowEffects } from '../../../../src/presentation/payment/PaymentFlowEffects';

function setup() {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const subscription = world.seed.subscription(channel.id, { price: money(500, 'eur') });
  const follower = world.seed.user();
  const ports = world.as(follower);
  const creates: string[] = [];
  const invoices: typeof ports.invoices = {
    donationInvoice: (id) => ports.invoices.donationInvoice(id),
    subscriptionInvoice: (id) => ports.invoices.subscriptionInvoice(id),
    createPayment: (paid, instrument, key) => {
      creates.push(key);
      return ports.invoices.createPayment(paid, instrument, key);
    },
    checkPayment: (id) => ports.invoices.checkPayment(id),
    cardTokenization: () => ports.invoices.cardTokenization(),
    createStarsPayment: (target, key) => ports.invoices.createStarsPayment(target, key),
    promoQuote: (id, code) => ports.invoices.promoQuote(id, code),
    startTrial: (id, key) => ports.invoices.startTrial(id, key),
  };
  const platform = new FakePlatform();
  const flow = new PaymentFlowStore(
    new PayInvoice(invoices, ports.provider, world.time),
    new CheckPayment(invoices, world.time),
    world.time,
    new PaymentFlowEffects(platform),
    new PayWithStars(invoices, platform, world.time),
  );
  let keys = 0;
  const makeKey = () => `key-${(keys += 1)}`;
  const target = (cards = [] as ReturnType<typeof world.seed.card>[]) =>
    flow.setTarget({
      kind: 'subscription',
      id: subscription.id,
      amount: subscription.price,
      channelName: channel.name,
      cards,
    });
  return { world, follower, flow, platform, creates, makeKey, target, toasts: new ToastStore(platform, world.time) };
}

const now = Date.UTC(2025, 0, 15, 9, 0, 0);

describe('PaymentFormViewModel', () => {
  it('shows no errors before Pay, then every rule of section 5 and the first invalid field', () => {
    const { flow, world, makeKey, target } = setup();
    target();
    const vm = new PaymentFormViewModel(flow, world.time, new FakeLinks(), makeKey);
    expect(vm.errorKey('number')).toBeNull();
    expect(vm.pay()).toBe('number');
    expect(['number', 'holder', 'expiry', 'code'].map((field) => vm.errorKey(field as 'number'))).toEqual(
      Array(4).fill('payment.form.errors.required_field'),
    );

    vm.setNumber('4242424242424241');
    vm.setHolder('12345');
    vm.setExpiry('1330');
    vm.setCode('12');
    expect(vm.pay()).toBe('number');
    expect(vm.errorKey('number')).toBe('payment.form.errors.invalid_card_number');
    expect(vm.errorKey('holder')).toBe('payment.form.errors.invalid_holder');
    expect(vm.errorKey('expiry')).toBe('payment.form.errors.invalid_date');
    expect(vm.errorKey('code')).toBe('payment.form.errors.invalid_code');
    expect(flow.payment.status).toBeNull();
  });

  it('formats the number by four and the expiry as MM/YY, and asks 4 digits for American Express', () => {
    const { flow, world } = setup();
    const vm = new PaymentFormViewModel(flow, world.time, new FakeLinks());
    vm.setNumber('4242424242424242999999999');
    expect(vm.number).toBe('4242 4242 4242 4242 9999');
    expect(vm.number).toHaveLength(24);
    vm.setExpiry('1a2/3-4');
    expect(vm.expiry).toBe('12/34');
    vm.setNumber('378282246310005');
    vm.setCode('123');
    vm.blur('code');
    expect(vm.codeLength).toBe(4);
    expect(vm.errorKey('code')).toBe('payment.form.errors.invalid_code');
    vm.setCode('1234');
    expect(vm.errorKey('code')).toBeNull();
  });

  it('refuses an expiry in the past and more than 19 years ahead', () => {
    const { flow, world } = setup();
    expect(world.time.now()).toBe(now);
    const vm = new PaymentFormViewModel(flow, world.time, new FakeLinks());
    vm.blur('expiry');
    vm.setExpiry('12/24');
    expect(vm.errorKey('expiry')).toBe('payment.cardExpiry.expired');
    vm.setExpiry('01/20');
    expect(vm.errorKey('expiry')).toBe('payment.cardExpiry.expired');
    vm.setExpiry('01/25');
    expect(vm.errorKey('expiry')).toBeNull();
    vm.setExpiry('12/44');
    expect(vm.errorKey('expiry')).toBeNull();
    vm.setExpiry('01/45');
    expect(vm.errorKey('expiry')).toBe('payment.form.errors.invalid_date');
  });

  it('pays a valid card once per tap with a fresh key, and never twice while paying', async () => {
    const { flow, world, makeKey, target, creates } = setup();
    target();
    const vm = new PaymentFormViewModel(flow, world.time, new FakeLinks(), makeKey);
    vm.setNumber(PROVIDER_TEST_CARDS.approved.number);
    vm.setHolder('Ada Lovelace');
    vm.setExpiry('12/34');
    vm.setCode('123');
    expect(vm.pay()).toBeNull();
    expect(vm.isPaying).toBe(true);
    expect(vm.pay()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let i = 0; i < 50 && flow.payment.status === 'pending'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flow.payment.status).toBe('paid');
    expect(creates).toEqual(['key-1']);
    vm.dispose();
  });

  it('keeps what was typed after a declined card for "Try again", and forgets it once paid', async () => {
    const { flow, world, makeKey, target } = setup();
    target();
    const settle = async () => {
      for (let i = 0; i < 50 && flow.payment.status === 'pending'; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const first = new PaymentFormViewModel(flow, world.time, new FakeLinks(), makeKey);
    first.setNumber(PROVIDER_TEST_CARDS.declined.number);
    first.setHolder('Ada Lovelace');
    first.setExpiry('12/34');
    first.setCode('123');
    first.setSaveCard(false);
    expect(first.pay()).toBeNull();
    await settle();
    expect(flow.payment.status).toBe('error');
    first.dispose();

    // The failure screen's "Try again" clears the payment; the form comes back as the payer left it.
    flow.clear();
    const again = new PaymentFormViewModel(flow, world.time, new FakeLinks(), makeKey);
    expect([again.number, again.holder, again.expiry, again.code, again.saveCard]).toEqual([
      first.number,
      'Ada Lovelace',
      '12/34',
      '123',
      false,
    ]);
    again.setNumber(PROVIDER_TEST_CARDS.approved.number);
    expect(again.pay()).toBeNull();
    await settle();
    expect(flow.payment.status).toBe('paid');
    again.dispose();

    const afterPaid = new PaymentFormViewModel(flow, world.time, new FakeLinks(), makeKey);
    expect([afterPaid.number, afterPaid.code]).toEqual(['', '']);
    afterPaid.dispose();
  });

  it('shows a provider refusal of the number under the number field', () => {
    const { flow, world, target } = setup();
    target();
    const vm = new PaymentFormViewModel(flow, world.time, new FakeLinks());
    vm.setNumber(PROVIDER_TEST_CARDS.approved.number);
    // What the flow reports when the provider refuses the number at tokenisation.
    runInAction(() => (flow.requestError = { code: 'invalid_card_number', message: 'Card number is invalid' }));
    expect(vm.errorKey('number')).toBe('payment.form.errors.invalid_card_number');
    expect(flow.requestError).toBeNull();
    vm.setNumber('5555555555554444');
    expect(vm.errorKey('number')).toBeNull();
    vm.dispose();
  });

  it('shows the generic unknown-error text for an unknown failure', () => {
    const { flow, world, target } = setup();
    target();
    const vm = new PaymentFormViewModel(flow, world.time, new FakeLinks());
    runInAction(() => (flow.requestError = { code: 'error_unknown', message: '' }));
    expect(vm.formErrorText).toEqual({ key: 'payment.unknownError' });
    runInAction(() => (flow.requestError = { code: 'conflict', message: 'Try again in a moment' }));
    expect(vm.formErrorText).toEqual({ text: 'Try again in a moment' });
    vm.dispose();
  });
});

describe('PaymentMethodViewModel', () => {
  it('starts on the primary card, pays it on the main button, and goes to the form for a new card', async () => {
    const { world, follower, flow, makeKey, target, toasts, creates } = setup();
    const other = world.seed.card(follower.id, { last4: '1111', primary: false });
    const primary = world.seed.card(follower.id, { last4: '2222', primary: true });
    target([other, primary]);
    const vm = new PaymentMethodViewModel(flow, toasts, makeKey);
    expect(vm.selectedCardId).toBe(primary.id);
    vm.select(null);
    expect(vm.continue()).toBe('/payment/form');
    vm.select(other.id);
    expect(vm.continue()).toBeNull();
    expect(vm.continue()).toBeNull(); // a second tap while paying
    for (let i = 0; i < 50 && flow.payment.status !== 'paid'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flow.payment.status).toBe('paid');
    expect(creates).toEqual(['key-1']);
    vm.dispose();
    flow.dispose();
  });

  it('says in a toast when the payment could not start', () => {
    const { flow, target, toasts } = setup();
    target();
    const vm = new PaymentMethodViewModel(flow, toasts);
    runInAction(() => (flow.requestError = { code: 'network_error', message: 'network_error' }));
    expect(toasts.current).toMatchObject({ kind: 'fail', message: { key: 'payment.unknownError' } });
    vm.dispose();
    toasts.dispose();
  });
});

describe('PaymentRedirectViewModel', () => {
  afterEach(() => jest.useRealTimers());

  it('counts down from three minutes while the bank page is open', () => {
    jest.useFakeTimers({ now });
    const { flow } = setup();
    runInAction(() => (flow.payment = { status: 'action_required', redirectUrl: 'https://bank.example/3ds' }));
    const clock = { now: () => Date.now(), timezoneOffsetMinutes: () => 0 };
    const vm = new PaymentRedirectViewModel(flow, clock);
    expect(vm.redirectUrl).toBe('https://bank.example/3ds');
    vm.start();
    expect(vm.countdownText).toBe('3:00');
    jest.advanceTimersByTime(5000);
    expect(vm.secondsLeft).toBe(REDIRECT_COUNTDOWN_SECONDS - 5);
    expect(vm.countdownText).toBe('2:55');
    jest.advanceTimersByTime(REDIRECT_COUNTDOWN_SECONDS * 1000);
    expect(vm.countdownText).toBe('0:00');
    vm.dispose();
  });

  it('has nothing to show without a payment waiting for the bank', () => {
    const { flow, world } = setup();
    const vm = new PaymentRedirectViewModel(flow, world.time);
    expect(vm.redirectUrl).toBeNull();
    expect(vm.settled).toBe(false);
    runInAction(() => (flow.payment = { status: 'paid' }));
    expect(vm.settled).toBe(true);
  });
});
