import { DeleteChannel } from '../../../../src/application/use-cases/channels/DeleteChannel';
import { createWorld } from '../support/world';

function setup() {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  return { world, channel, deleteChannel: new DeleteChannel(world.as(creator).channels) };
}

describe('DeleteChannel', () => {
  it('deletes a channel without subscriptions', async () => {
    const { world, channel, deleteChannel } = setup();
    world.seed.subscription(channel.id, { isDeleted: true });
    expect(await deleteChannel.execute({ channelId: channel.id, subscriptionCount: 0 })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(world.backend.channels.get(channel.id)?.isDeleted).toBe(true);
  });

  it('refuses while the channel has subscriptions, without calling the server', async () => {
    const { world, channel, deleteChannel } = setup();
    expect(await deleteChannel.execute({ channelId: channel.id, subscriptionCount: 1 })).toEqual({
      ok: false,
      error: { kind: 'invalid', code: 'channel_has_subscriptions' },
    });
    expect(world.backend.channels.get(channel.id)?.isDeleted).toBe(false);
  });

  it('passes on the server refusal when the screen did not know about a subscription', async () => {
    const { world, channel, deleteChannel } = setup();
    world.seed.subscription(channel.id);
    const result = await deleteChannel.execute({ channelId: channel.id, subscriptionCount: 0 });
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'request', code: 'channel_has_subscriptions' }),
    });
    expect(world.backend.channels.get(channel.id)?.isDeleted).toBe(false);
  });
});
