import { EditSubscription } from '../../../../src/application/use-cases/subscriptions/EditSubscription';
import { money } from '../../../../src/domain/money';
import { createWorld, subscriptionForm } from '../support/world';

function setup(subscriptionOptions: Parameters<ReturnType<typeof createWorld>['seed']['subscription']>[1] = {}) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const subscription = world.seed.subscription(channel.id, {
    period: 'monthly',
    price: money(500, 'eur'),
    ...subscriptionOptions,
  });
  return {
    world,
    subscription,
    form: subscriptionForm(channel.id, { id: subscription.id }),
    edit: new EditSubscription(world.as(creator).subscriptions),
  };
}

describe('EditSubscription', () => {
  it('saves name, description, price and button text', async () => {
    const { subscription, form, edit, world } = setup();
    const result = await edit.execute({
      subscription,
      form: { ...form, name: 'VIP', amount: '9.99', buttonText: 'Join' },
    });
    expect(result.ok && result.value).toMatchObject({
      id: subscription.id,
      name: 'VIP',
      price: money(999, 'eur'),
      buttonText: 'Join',
      period: 'monthly',
    });
    expect(world.backend.subscriptions.get(subscription.id)?.price).toEqual(money(999, 'eur'));
  });

  it.each([
    ['period', { period: 'yearly' as const }],
    ['currency', { currency: 'rub' as const, amount: '500' }],
  ])('refuses a changed %s as read-only and changes nothing', async (field, overrides) => {
    const { subscription, form, edit, world } = setup();
    const result = await edit.execute({ subscription, form: { ...form, ...overrides, name: 'Changed' } });
    expect(result).toEqual({ ok: false, error: { kind: 'invalid', field, code: 'read_only' } });
    expect(world.backend.subscriptions.get(subscription.id)?.name).toBe(subscription.name);
  });

  it('validates like creation, first failing field first', async () => {
    const { subscription, form, edit } = setup();
    const result = await edit.execute({ subscription, form: { ...form, amount: '1001', name: '' } });
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'invalid', field: 'amount', code: 'amount_above' }),
    });
  });

  it('reports the server refusal for a deleted subscription', async () => {
    const { subscription, form, edit } = setup({ isDeleted: true });
    const result = await edit.execute({ subscription, form });
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'request', code: 'subscription_deleted' }),
    });
  });

  it('sets, keeps and clears the Stars price; it writes only a change', async () => {
    const { subscription, form, edit, world } = setup();
    const record = () => world.backend.subscriptions.get(subscription.id);
    expect((await edit.execute({ subscription, form, stars: { text: '300', saved: null } })).ok).toBe(true);
    expect(record()?.starsPrice).toBe(300);
    record()!.starsPrice = 299; // proves an unchanged price is not written again
    expect((await edit.execute({ subscription, form, stars: { text: '300', saved: 300 } })).ok).toBe(true);
    expect(record()?.starsPrice).toBe(299);
    expect((await edit.execute({ subscription, form, stars: { text: '', saved: 300 } })).ok).toBe(true);
    expect(record()?.starsPrice).toBeNull();
  });

  it('refuses whole-Stars problems under the stars field and saves nothing', async () => {
    const { subscription, form, edit, world } = setup();
    const result = await edit.execute({
      subscription,
      form: { ...form, name: 'New' },
      stars: { text: '0', saved: null },
    });
    expect(result).toEqual({
      ok: false,
      error: { kind: 'invalid', field: 'stars', code: 'stars_too_small', min: 1, max: 10_000 },
    });
    expect(world.backend.subscriptions.get(subscription.id)?.name).toBe(subscription.name);
  });
});
