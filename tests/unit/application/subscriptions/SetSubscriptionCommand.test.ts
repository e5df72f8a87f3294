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
        ok: false, error: { kind: 'invalid', field: 'command', code: 'invalid_command' },
      });
    }
    expect(world.backend.subscriptions.get(subscription.id)?.command).toBe('$vip');
  });
});
