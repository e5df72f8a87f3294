import { CreateSubscription } from '../../../../src/application/use-cases/subscriptions/CreateSubscription';
import { EditSubscription } from '../../../../src/application/use-cases/subscriptions/EditSubscription';
import type { OnboardingStep } from '../../../../src/domain/entities';
import { type Currency, money } from '../../../../src/domain/money';
import { defaultBackendConfig } from '../../../../src/infrastructure/memory/defaults';
import { SubscriptionFormViewModel } from '../../../../src/presentation/screens/SubscriptionForm/SubscriptionFormViewModel';
import { createWorld } from '../../application/support/world';
import { ScriptedSubscriptions, SubscriptionPlatform, toastStore } from './support/subscriptionFakes';

const ENGLISH: Record<string, string> = {
  subscription_default_name_onetime: 'One-time Subscription',
  subscription_default_name_weekly: 'Weekly Subscription',
  subscription_default_name_monthly: 'Monthly Subscription',
  subscription_default_name_yearly: 'Yearly Subscription',
  subscription_default_description: 'Your contribution fuels the channel.',
  subscription_default_button_text: 'Subscribe',
};
const translate = (key: string) => ENGLISH[key] ?? `[${key}]`;

function setup(options: { step?: OnboardingStep; edit?: boolean; starsRates?: ReadonlyMap<Currency, string> } = {}) {
  const world = createWorld({ config: { ...defaultBackendConfig(), starsRates: options.starsRates } });
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id, { onboardingStep: options.step ?? 'completed' });
  const existing = options.edit
    ? world.seed.subscription(channel.id, {
        name: 'Club',
        period: 'weekly',
        price: money(25000, 'rub'),
        buttonText: 'Join',
      })
    : null;
  const repository = new ScriptedSubscriptions(world.as(owner).subscriptions);
  const platform = new SubscriptionPlatform();
  const toasts = toastStore(platform);
  const vm = new SubscriptionFormViewModel(
    new CreateSubscription(repository),
    new EditSubscription(repository),
    repository,
    toasts,
    platform,
    channel.id,
    existing?.id ?? null,
  );
  return { world, vm, toasts, repository, channel, existing, platform };
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('SubscriptionFormViewModel: create', () => {
  it('starts from the defaults in the page language: monthly, eur, empty amount, "Subscribe"', async () => {
    const { vm } = setup();
    await vm.load(translate);
    expect(vm.state.status).toBe('ready');
    expect(vm.isEdit).toBe(false);
    expect(vm.periodAndCurrencyEditable).toBe(true);
    expect(vm.form).toEqual(
      expect.objectContaining({
        name: 'Monthly Subscription',
        description: 'Your contribution fuels the channel.',
        period: 'monthly',
        currency: 'eur',
        amount: '',
        buttonText: 'Subscribe',
      }),
    );
  });

  it('renames on a period change only while the name still holds the previous default', async () => {
    const { vm } = setup();
    await vm.load(translate);
    vm.setPeriod('yearly');
    expect(vm.form.name).toBe('Yearly Subscription');
    expect(vm.form.prevPeriod).toBe('monthly');
    vm.setPeriod('onetime');
    expect(vm.form.name).toBe('One-time Subscription');
    vm.setName('My club');
    vm.setPeriod('weekly');
    expect(vm.form).toEqual(expect.objectContaining({ name: 'My club', period: 'weekly' }));
    vm.setCurrency('rub');
    expect(vm.form.currency).toBe('rub');
  });

  it.each([
    ['', 'eur', { key: 'subscription.form.errors.amount_required' }],
    ['0.99', 'eur', { key: 'subscription.form.errors.amount_below', params: { amount: '€1' } }],
    ['1000.01', 'eur', { key: 'subscription.form.errors.amount_above', params: { amount: '€1,000' } }],
    ['199', 'rub', { key: 'subscription.form.errors.amount_below', params: { amount: '200\u00a0₽' } }],
    ['60001', 'rub', { key: 'subscription.form.errors.amount_above', params: { amount: '60,000\u00a0₽' } }],
  ] as const)(
    'refuses the amount %j in %s with a fail toast and focus on the amount, before any call',
    async (amount, currency, message) => {
      const { vm, toasts, repository } = setup();
      await vm.load(translate);
      vm.setCurrency(currency);
      vm.setAmount(amount);
      vm.setName('');
      expect(await vm.submit()).toEqual({ to: 'stay' });
      expect(toasts.current).toEqual(expect.objectContaining({ kind: 'fail', message }));
      expect(vm.focusRequest?.field).toBe('amount');
      expect(repository.callsOf('create')).toEqual([]);
    },
  );

  it('checks name, description and button text in that order once the amount is fine', async () => {
    const { vm, toasts } = setup();
    await vm.load(translate);
    vm.setAmount('1000');
    vm.setName(' ');
    vm.setDescription('x'.repeat(301));
    vm.setButtonText('');
    await vm.submit();
    expect(vm.focusRequest?.field).toBe('name');
    expect(toasts.current?.message).toEqual({ key: 'subscription.form.errors.name_required' });

    vm.setName('n'.repeat(32));
    await vm.submit();
    expect(vm.focusRequest?.field).toBe('description');
    expect(toasts.current?.message).toEqual({
      key: 'subscription.form.errors.description_too_long',
      params: { max: 300 },
    });

    vm.setDescription('d'.repeat(300));
    await vm.submit();
    expect(vm.focusRequest?.field).toBe('buttonText');
    expect(toasts.current?.message).toEqual({ key: 'subscription.form.errors.buttonText_required' });

    const before = vm.focusRequest?.seq ?? 0;
    vm.setButtonText('b'.repeat(21));
    await vm.submit();
    expect(toasts.current?.message).toEqual({
      key: 'subscription.form.errors.buttonText_too_long',
      params: { max: 20 },
    });
    expect(vm.focusRequest).toEqual({ field: 'buttonText', seq: before + 1 });
  });

  it('after onboarding: creates, shows the success toast and goes to the new subscription page', async () => {
    const { vm, toasts, world, channel } = setup();
    await vm.load(translate);
    vm.setAmount('4.5');
    const outcome = await vm.submit();
    const created = [...world.backend.subscriptions.values()].find((s) => s.channelId === channel.id);
    expect(created?.price).toEqual(money(450, 'eur'));
    expect(created?.name).toBe('Monthly Subscription');
    expect(outcome).toEqual({ to: 'subscription', channelId: channel.id, subscriptionId: created?.id });
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'success', message: { key: 'subscription.form.created' } }),
    );
    expect(vm.saving).toBe(false);
  });

  it('during onboarding: goes back to the onboarding (now on subscription-created) without a toast', async () => {
    const { vm, toasts, world, channel } = setup({ step: 'create_subscription' });
    await vm.load(translate);
    vm.setAmount('5');
    expect(await vm.submit()).toEqual({ to: 'back' });
    expect(world.backend.channels.get(channel.id)?.onboardingStep).toBe('subscription_created');
    expect(toasts.current).toBeNull();
  });

  it('shows the server message in a fail toast and stays when the call fails', async () => {
    const { vm, toasts, repository } = setup();
    await vm.load(translate);
    vm.setAmount('5');
    repository.failNext('create', 'channel_disconnected');
    const saving = vm.submit();
    expect(vm.saving).toBe(true);
    expect(await saving).toEqual({ to: 'stay' });
    expect(vm.saving).toBe(false);
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'fail', message: { text: 'create failed: channel_disconnected' } }),
    );
  });
});

describe('SubscriptionFormViewModel: edit', () => {
  it('loads the subscription; period and currency cannot change', async () => {
    const { vm } = setup({ edit: true });
    await vm.load(translate);
    expect(vm.isEdit).toBe(true);
    expect(vm.periodAndCurrencyEditable).toBe(false);
    expect(vm.form).toEqual(
      expect.objectContaining({ name: 'Club', period: 'weekly', currency: 'rub', amount: '250', buttonText: 'Join' }),
    );
    vm.setPeriod('monthly');
    vm.setCurrency('eur');
    expect(vm.form).toEqual(expect.objectContaining({ period: 'weekly', currency: 'rub' }));
  });

  it('saves the changes with a success toast and goes back', async () => {
    const { vm, toasts, world, existing } = setup({ edit: true });
    await vm.load(translate);
    vm.setAmount('300.5');
    vm.setName('Inner club');
    expect(await vm.submit()).toEqual({ to: 'back' });
    expect(world.backend.subscriptions.get(existing!.id)).toEqual(
      expect.objectContaining({ name: 'Inner club', price: money(30050, 'rub') }),
    );
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'success', message: { key: 'subscription.form.saved' } }),
    );
  });

  it('validates an edit like a creation (rub bounds)', async () => {
    const { vm, toasts, repository } = setup({ edit: true });
    await vm.load(translate);
    vm.setAmount('100');
    await vm.submit();
    expect(toasts.current?.message).toEqual({
      key: 'subscription.form.errors.amount_below',
      params: { amount: '200\u00a0₽' },
    });
    expect(repository.callsOf('edit')).toEqual([]);
  });

  it('shows the error state when the subscription does not load, and loads again on retry', async () => {
    const { vm, repository } = setup({ edit: true });
    repository.failNext('detail', 'not_found');
    await vm.load(translate);
    expect(vm.state).toEqual({ status: 'error', code: 'not_found' });
    expect(await vm.submit()).toEqual({ to: 'stay' });
    vm.retry();
    await jest.advanceTimersByTimeAsync(0);
    expect(vm.state.status).toBe('ready');
    expect(vm.form.name).toBe('Club');
  });
});

describe('SubscriptionFormViewModel: no lost drafts', () => {
  it('guards closing from the first change until the edit is saved', async () => {
    const { vm, platform } = setup({ edit: true });
    await vm.load(translate);
    expect(vm.hasUnsavedChanges).toBe(false);
    expect(platform.unsavedGuardCalls).toEqual([]);
    vm.setName('Club+');
    expect(platform.unsavedGuard).toBe(true);
    vm.setName('Club');
    expect(platform.unsavedGuard).toBe(false);
    vm.setDescription('New perks');
    expect(platform.unsavedGuard).toBe(true);
    expect(await vm.submit()).toEqual({ to: 'back' });
    expect(vm.hasUnsavedChanges).toBe(false);
    expect(platform.unsavedGuard).toBe(false);
  });

  it('clears the guard when the form is left unsaved', async () => {
    const { vm, platform } = setup();
    await vm.load(translate);
    vm.setAmount('5');
    expect(platform.unsavedGuard).toBe(true);
    vm.dispose();
    expect(platform.unsavedGuardCalls).toEqual([true, false]);
  });
});

describe('SubscriptionFormViewModel: price in Stars', () => {
  const EUR_RATE = new Map<Currency, string>([['eur', '0.012']]);

  it('suggests the typed card price at the rate; Suggest fills it; no rate, no suggestion', async () => {
    const { vm } = setup({ starsRates: EUR_RATE });
    await vm.load(translate);
    expect(vm.canSuggestStars).toBe(true);
    expect(vm.suggestedStars).toBeNull(); // no card price yet
    vm.setAmount('5');
    expect(vm.suggestedStars).toBe(417);
    vm.suggestStars();
    expect(vm.stars).toBe('417');
    vm.setCurrency('usd');
    expect(vm.canSuggestStars).toBe(false);
    expect(vm.suggestedStars).toBeNull();
  });

  it('says how Stars sell each period: monthly renews, weekly and yearly one period, one-time once', async () => {
    const { vm } = setup();
    await vm.load(translate);
    expect(vm.starsOffer).toBe('renewing');
    vm.setPeriod('weekly');
    expect(vm.starsOffer).toBe('one_period');
    vm.setPeriod('yearly');
    expect(vm.starsOffer).toBe('one_period');
    vm.setPeriod('onetime');
    expect(vm.starsOffer).toBe('one_time');
  });

  it('keeps digits only, and refuses a price outside the limits under its field before creating', async () => {
    const { vm, world, toasts } = setup();
    await vm.load(translate);
    vm.setAmount('5');
    vm.setStars('12a.5');
    expect(vm.stars).toBe('125');
    vm.setStars('20000');
    expect(await vm.submit()).toEqual({ to: 'stay' });
    expect(vm.errorOf('stars')).toEqual({
      key: 'subscription.form.stars.errors.stars_out_of_range',
      params: { min: '1\u00a0⭐', max: '10,000\u00a0⭐' },
    });
    expect(vm.focusRequest?.field).toBe('stars');
    expect(toasts.current?.message).toEqual(vm.errorOf('stars'));
    expect(world.backend.subscriptions.size).toBe(0);
    vm.setStars('300');
    expect(vm.errorOf('stars')).toBeUndefined();
  });

  it('creates with the Stars price; a Stars write that fails still leaves the subscription, with a fail toast', async () => {
    const { vm, world, repository, toasts } = setup();
    await vm.load(translate);
    vm.setAmount('5');
    vm.setStars('400');
    const outcome = await vm.submit();
    expect(outcome).toMatchObject({ to: 'subscription' });
    const created = [...world.backend.subscriptions.values()][0]!;
    expect(created.starsPrice).toBe(400);
    expect(vm.hasUnsavedChanges).toBe(false);

    const second = setup();
    await second.vm.load(translate);
    second.vm.setAmount('5');
    second.vm.setStars('400');
    second.repository.failNext('setStarsPrice', 'error_unknown');
    expect(await second.vm.submit()).toMatchObject({ to: 'subscription' });
    expect(second.toasts.current?.message).toEqual({ key: 'subscription.form.stars.notSaved' });
    expect(repository.callsOf('setStarsPrice')).toEqual([[created.id, 400]]);
    expect(toasts.current?.message).toEqual({ key: 'subscription.form.created' });
  });

  it('edits: loads the saved Stars price, clears it (not sold in Stars), and counts it as a change', async () => {
    const { vm, world, existing } = setup({ edit: true });
    world.backend.subscriptions.get(existing!.id)!.starsPrice = 150;
    await vm.load(translate);
    expect(vm.stars).toBe('150');
    expect(vm.starsOffer).toBe('one_period');
    expect(vm.hasUnsavedChanges).toBe(false);
    vm.setStars('');
    expect(vm.hasUnsavedChanges).toBe(true);
    expect(await vm.submit()).toEqual({ to: 'back' });
    expect(world.backend.subscriptions.get(existing!.id)?.starsPrice).toBeNull();
    expect(vm.hasUnsavedChanges).toBe(false);
  });
});
