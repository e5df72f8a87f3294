import { DeleteSubscription } from '../../../../src/application/use-cases/subscriptions/DeleteSubscription';
import { RestoreSubscription } from '../../../../src/application/use-cases/subscriptions/RestoreSubscription';
import { createWorld } from '../support/world';

function setup() {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const subscription = world.seed.subscription(channel.id);
  const ports = world.as(creator);
  return {
    world,
    subscription,
    remove: new DeleteSubscription(ports.subscriptions),
    restore: new RestoreSubscription(ports.subscriptions),
  };
}

describe('DeleteSubscription and RestoreSubscription', () => {
  it('marks the subscription deleted, then restores it', async () => {
    const { world, subscription, remove, restore } = setup();
    expect(await remove.execute({ subscriptionId: subscription.id })).toEqual({ ok: true, value: undefined });
    expect(world.backend.subscriptions.get(subscription.id)?.isDeleted).toBe(true);
    const restored = await restore.execute({ subscriptionId: subscription.id });
    expect(restored.ok && restored.value.isDeleted).toBe(false);
    expect(world.backend.subscriptions.get(subscription.id)?.isDeleted).toBe(false);
  });

  it('keeps members of a deleted subscription until their expiry', async () => {
    const { world, subscription, remove } = setup();
    const member = world.seed.member(subscription.id, world.seed.user().id);
    await remove.execute({ subscriptionId: subscription.id });
    expect(world.backend.members.get(member.id)).toMatchObject({ status: 'active', expiresAt: member.expiresAt });
  });

  it("reports not_found for another creator's subscription", async () => {
    const { world, subscription } = setup();
    const stranger = world.seed.user({ verification: 'approved' });
    const result = await new DeleteSubscription(world.as(stranger).subscriptions).execute({
      subscriptionId: subscription.id,
    });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'request', code: 'not_found' }) });
    expect(world.backend.subscriptions.get(subscription.id)?.isDeleted).toBe(false);
  });
});
