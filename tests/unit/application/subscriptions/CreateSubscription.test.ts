import { CreateSubscription } from '../../../../src/application/use-cases/subscriptions/CreateSubscription';
import { money } from '../../../../src/domain/money';
import { createWorld, subscriptionForm } from '../support/world';

function setup(channelOptions: Parameters<ReturnType<typeof createWorld>['seed']['channel']>[1] = {}) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id, channelOptions);
  return { world, channel, createSubscription: new CreateSubscription(world.as(creator).subscriptions) };
}

describe('CreateSubscription', () => {
  it('creates the subscription with the typed decimal price in minor units', async () => {
    const { channel, createSubscription, world } = setup();
    const result = await createSubscription.execute(
      subscriptionForm(channel.id, { amount: '12,50', period: 'weekly', name: ' Weekly ' }),
    );
    if (!result.ok) throw new Error(`expected success, got ${result.error.code}`);
    expect(result.value.subscription).toMatchObject({
      channelId: channel.id,
      price: money(1250, 'eur'),
      period: 'weekly',
      name: 'Weekly',
    });
    expect(world.backend.subscriptions.get(result.value.subscription.id)?.price).toEqual(money(1250, 'eur'));
  });

  it('goes back to the onboarding without a toast while the channel is onboarding', async () => {
    const { channel, createSubscription } = setup({ onboardingStep: 'create_subscription' });
    const result = await createSubscription.execute(subscriptionForm(channel.id));
    expect(result.ok && result.value.channel.onboardingStep).toBe('subscription_created');
    expect(result.ok && result.value.next).toEqual({ navigation: 'back', showSuccessToast: false });
  });

  it('goes to the subscription page with a success toast once onboarding is passed', async () => {
    const { channel, createSubscription } = setup();
    const result = await createSubscription.execute(subscriptionForm(channel.id));
    expect(result.ok && result.value.next).toEqual({ navigation: 'subscription_page', showSuccessToast: true });
  });

  it.each([
    ['amount before name', { amount: '', name: '' }, 'amount', 'amount_required'],
    ['name before description', { name: 'n'.repeat(33), description: '' }, 'name', 'too_long'],
    ['description before button', { description: ' ', buttonText: '' }, 'description', 'required'],
    ['button text last', { buttonText: 'b'.repeat(21) }, 'buttonText', 'too_long'],
  ])('reports the first failing field: %s', async (_case, overrides, field, code) => {
    const { channel, createSubscription, world } = setup();
    const result = await createSubscription.execute(subscriptionForm(channel.id, overrides));
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'invalid', field, code }) });
    expect(world.backend.subscriptions.size).toBe(0);
  });

  it.each([
    ['0.99', 'eur', 'amount_below', money(100, 'eur')],
    ['1000.01', 'eur', 'amount_above', money(100_000, 'eur')],
    ['199', 'rub', 'amount_below', money(20_000, 'rub')],
    ['60001', 'rub', 'amount_above', money(6_000_000, 'rub')],
  ] as const)('refuses %s %s with %s and the crossed bound', async (amount, currency, code, bound) => {
    const { channel, createSubscription } = setup();
    const result = await createSubscription.execute(subscriptionForm(channel.id, { amount, currency }));
    expect(result).toEqual({ ok: false, error: { kind: 'invalid', field: 'amount', code, bound } });
  });

  it.each([
    ['1', 'eur'],
    ['1000', 'eur'],
    ['200', 'rub'],
    ['60000', 'rub'],
  ] as const)('accepts the bound %s %s', async (amount, currency) => {
    const { channel, createSubscription } = setup();
    expect((await createSubscription.execute(subscriptionForm(channel.id, { amount, currency }))).ok).toBe(true);
  });

  it('reports the server refusal for a disconnected channel', async () => {
    const { channel, createSubscription } = setup({ connected: false });
    const result = await createSubscription.execute(subscriptionForm(channel.id));
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'request', code: 'channel_disconnected' }),
    });
  });

  it('sets the typed Stars price after creating; empty sells it for cards only', async () => {
    const { channel, createSubscription, world } = setup();
    const priced = await createSubscription.execute(subscriptionForm(channel.id), '417');
    if (!priced.ok) throw new Error(`expected success, got ${priced.error.code}`);
    expect(priced.value.starsFailure).toBeUndefined();
    expect(world.backend.subscriptions.get(priced.value.subscription.id)?.starsPrice).toBe(417);
    const cardsOnly = await createSubscription.execute(subscriptionForm(channel.id), '');
    expect(
      cardsOnly.ok && world.backend.subscriptions.get(cardsOnly.value.subscription.id)?.starsPrice,
    ).toBeUndefined();
  });

  it("refuses a Stars price outside Telegram's limits before creating anything", async () => {
    const { channel, createSubscription, world } = setup();
    const result = await createSubscription.execute(subscriptionForm(channel.id), '10001');
    expect(result).toEqual({
      ok: false,
      error: { kind: 'invalid', field: 'stars', code: 'stars_too_large', min: 1, max: 10_000 },
    });
    expect(world.backend.subscriptions.size).toBe(0);
  });
});
