import { CheckPayment } from '../../../../src/application/use-cases/payments/CheckPayment';
import { money } from '../../../../src/domain/money';
import { completeLinkPayment, completeThreeDSecure } from '../../../../src/infrastructure/memory/payments';
import { createWorld, schedulerWith } from '../support/world';

function setup() {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const subscription = world.seed.subscription(world.seed.channel(creator.id).id, { price: money(300, 'eur') });
  const follower = world.seed.user();
  const ports = world.as(follower);
  const create = (method: 'smart_glocal' | 'three_ds') => {
    const card = world.seed.card(follower.id, { scenario: 'three_ds' });
    const instrument =
      method === 'smart_glocal'
        ? ({ method } as const)
        : ({ method: 'smart_glocal_saved_card', cardId: card.id } as const);
    return ports.invoices.createPayment(
      { kind: 'subscription', subscriptionId: subscription.id },
      instrument,
      `key-${method}`,
    );
  };
  return { world, ports, create };
}

describe('CheckPayment', () => {
  it('answers paid after the payer came back from 3-D Secure', async () => {
    const { world, ports, create } = setup();
    const { paymentId } = await create('three_ds');
    expect((await ports.invoices.checkPayment(paymentId)).status).toBe('action_required');
    completeThreeDSecure(world.backend, paymentId);
    const result = await new CheckPayment(ports.invoices, world.time).execute({ paymentId });
    expect(result.ok && result.value).toMatchObject({
      status: 'paid',
      paymentId,
      details: { amount: money(300, 'eur') },
    });
  });

  it('checks every second while the payment is pending', async () => {
    const { world, ports, create } = setup();
    const { paymentId } = await create('smart_glocal');
    const scheduler = schedulerWith(world.time, (count) => {
      if (count === 3) completeLinkPayment(world.backend, paymentId);
    });
    const result = await new CheckPayment(ports.invoices, scheduler).execute({ paymentId });
    expect(result.ok && result.value.status).toBe('paid');
    expect(world.time.delays).toEqual([1000, 1000, 1000]);
  });

  it("answers the failure of a payment that is not the user's", async () => {
    const { world, create } = setup();
    const { paymentId } = await create('smart_glocal');
    const stranger = world.as(world.seed.user());
    const result = await new CheckPayment(stranger.invoices, world.time).execute({ paymentId });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'request', code: 'not_found' }) });
  });
});
