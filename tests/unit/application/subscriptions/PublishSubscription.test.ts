import { PublishSubscription } from '../../../../src/application/use-cases/subscriptions/PublishSubscription';
import type { SeedChannelOptions, SeedSubscriptionOptions } from '../../../../src/infrastructure/memory/InMemorySeeder';
import { createWorld } from '../support/world';

function setup(channelOptions: SeedChannelOptions = {}, subscriptionOptions: SeedSubscriptionOptions = {}) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id, channelOptions);
  const subscription = world.seed.subscription(channel.id, subscriptionOptions);
  const publications = () => world.backend.subscriptions.get(subscription.id)?.publications;
  return {
    world,
    channel,
    subscription,
    publications,
    publish: new PublishSubscription(world.as(creator).subscriptions),
  };
}

describe('PublishSubscription', () => {
  it.each([
    [true, false],
    [false, true],
  ])('posts with pin=%s and disableNotification=%s and moves the onboarding on', async (pin, disableNotification) => {
    const { channel, subscription, publications, publish } = setup({ onboardingStep: 'subscription_created' });
    const result = await publish.execute({ subscription, channel, pin, disableNotification });
    expect(result.ok && result.value.onboardingStep).toBe('request_donation');
    expect(publications()).toEqual([{ pin, disableNotification }]);
  });

  it.each([
    ['a private channel', { private: true }, {}, 'channel_not_public'],
    ['a disconnected channel', { connected: false }, {}, 'channel_disconnected'],
    ['a deleted subscription', {}, { isDeleted: true }, 'subscription_deleted'],
  ] as const)('refuses %s before calling the server', async (_case, channelOptions, subscriptionOptions, code) => {
    const { channel, subscription, publications, publish } = setup(channelOptions, subscriptionOptions);
    const result = await publish.execute({ subscription, channel, pin: true, disableNotification: false });
    expect(result).toEqual({ ok: false, error: { kind: 'invalid', code } });
    expect(publications()).toEqual([]);
  });

  it("reports the server refusal when the screen's copy of the channel is stale", async () => {
    const { world, channel, subscription, publish } = setup();
    const stored = world.backend.channels.get(channel.id);
    if (stored) stored.connected = false;
    const result = await publish.execute({ subscription, channel, pin: true, disableNotification: false });
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'request', code: 'channel_disconnected' }),
    });
  });
});
