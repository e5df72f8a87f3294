import { CreatePromoCode } from '../../../../src/application/use-cases/promos/CreatePromoCode';
import { DeletePromoCode } from '../../../../src/application/use-cases/promos/DeletePromoCode';
import { SetPromoCodePaused } from '../../../../src/application/use-cases/promos/SetPromoCodePaused';
import { money } from '../../../../src/domain/money';
import { type PromoDraft, emptyPromoDraft } from '../../../../src/domain/promo-form';
import { createWorld } from '../support/world';

function setup() {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const subscription = world.seed.subscription(channel.id);
  const { promos } = world.as(creator);
  return {
    world,
    subscription,
    promos,
    create: new CreatePromoCode(promos),
    pause: new SetPromoCodePaused(promos),
    remove: new DeletePromoCode(promos),
  };
}

const draft = (overrides: Partial<PromoDraft> = {}): PromoDraft => ({
  ...emptyPromoDraft(),
  code: ' spring-25 ',
  percent: '25',
  ...overrides,
});

describe('promo code use cases', () => {
  it('creates a code from the typed form, normalised, with the fixed amount in minor units', async () => {
    const { create, subscription, promos } = setup();
    const created = await create.execute({
      subscriptionId: subscription.id,
      currency: subscription.price.currency,
      draft: draft({ discountType: 'fixed', amount: '1,50', duration: 'periods', periods: '3', maxRedemptions: '10' }),
    });
    if (!created.ok) throw new Error(`expected a code, got ${JSON.stringify(created.error)}`);
    expect(created.value).toMatchObject({
      code: 'SPRING-25',
      discount: { kind: 'fixed', amount: money(150, subscription.price.currency) },
      duration: 'periods',
      periods: 3,
      maxRedemptions: 10,
      paused: false,
    });
    expect((await promos.list(subscription.id)).map((promo) => promo.code)).toEqual(['SPRING-25']);
  });

  it.each([
    ['a code too short', { code: 'ab' }, 'code'],
    ['a percent over 100', { percent: '101' }, 'percent'],
    ['a fixed amount of nothing', { discountType: 'fixed' as const, amount: '0' }, 'amount'],
    ['one period (that is "first")', { duration: 'periods' as const, periods: '1' }, 'periods'],
    ['no redemptions', { maxRedemptions: '0' }, 'max'],
    ['a date that is not one', { endDate: '2026-13-45' }, 'endDate'],
  ])('refuses %s before any call, naming the field', async (_case, overrides, field) => {
    const { create, subscription, promos } = setup();
    const result = await create.execute({
      subscriptionId: subscription.id,
      currency: subscription.price.currency,
      draft: draft(overrides),
    });
    expect(result).toEqual({ ok: false, error: { kind: 'invalid', field } });
    expect(await promos.list(subscription.id)).toEqual([]);
  });

  it("passes on the server's refusal of a code the channel has, with its reason", async () => {
    const { create, subscription } = setup();
    const input = { subscriptionId: subscription.id, currency: subscription.price.currency, draft: draft() };
    expect((await create.execute(input)).ok).toBe(true);
    const again = await create.execute({ ...input, draft: draft({ code: 'Spring-25' }) });
    expect(again).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'request',
        code: 'conflict',
        details: expect.objectContaining({ reason: 'promo_code_taken' }),
      }),
    });
  });

  it('pauses, resumes and deletes a code', async () => {
    const { create, pause, remove, subscription, promos } = setup();
    const created = await create.execute({
      subscriptionId: subscription.id,
      currency: subscription.price.currency,
      draft: draft(),
    });
    if (!created.ok) throw new Error('expected a code');
    const paused = await pause.execute({ promoId: created.value.id, paused: true });
    expect(paused.ok && paused.value.paused).toBe(true);
    const resumed = await pause.execute({ promoId: created.value.id, paused: false });
    expect(resumed.ok && resumed.value.paused).toBe(false);
    expect(await remove.execute({ promoId: created.value.id })).toEqual({ ok: true, value: undefined });
    expect(await promos.list(subscription.id)).toEqual([]);
    const gone = await pause.execute({ promoId: created.value.id, paused: true });
    expect(gone.ok).toBe(false);
  });
});
