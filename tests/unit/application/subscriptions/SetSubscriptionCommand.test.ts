import { SetSubscriptionCommand } from '../../../../src/application/use-cases/subscriptions/SetSubscriptionCommand';
import { createWorld } from '../support/world';

describe('SetSubscriptionCommand', () => {
  it('saves a "$" command of a-z, and refuses anything else before calling the server', async () => {
    const world = createWorld();
    const creator = world.seed.user({ verification: 'approved' });
    const subscription = world.seed.subscription(world.seed.channel(creator.id).id);
    const setCommand = new SetSubscriptionCommand(world.as(creator).subscriptions);

    expect((await setCommand.execute({ subscriptionId: subscription.id, command: '$vip' })).ok).toBe(true);
    for (const command of ['vip', '$', '$Vip', '$vip club']) {
      expect(await setCommand.execute({ subscriptionId: subscription.id, command })).toEqual({
        ok: false,
        error: { kind: 'invalid', field: 'command', code: 'invalid_command' },
      });
    }
    expect(world.backend.subscriptions.get(subscription.id)?.command).toBe('$vip');
  });

  it('clears the command with an empty text (a field left with only "$" is emptied on blur)', async () => {
    const world = createWorld();
    const creator = world.seed.user({ verification: 'approved' });
    const subscription = world.seed.subscription(world.seed.channel(creator.id).id);
    const setCommand = new SetSubscriptionCommand(world.as(creator).subscriptions);
    await setCommand.execute({ subscriptionId: subscription.id, command: '$vip' });

    const cleared = await setCommand.execute({ subscriptionId: subscription.id, command: '' });
    expect(cleared.ok && cleared.value.command).toBeUndefined();
    expect(world.backend.subscriptions.get(subscription.id)?.command).toBeUndefined();
  });
});
