import { PublishSubscription } from '../../../../src/application/use-cases/subscriptions/PublishSubscription';
import type { SeedChannelOptions } from '../../../../src/infrastructure/memory/InMemorySeeder';
import {
  SubscriptionPreviewViewModel,
  publishButtonKey,
} from '../../../../src/presentation/screens/SubscriptionPreview/SubscriptionPreviewViewModel';
import { createWorld } from '../../application/support/world';
import { ScriptedSubscriptions, SubscriptionPlatform, toastStore } from './support/subscriptionFakes';

function setup(channelOptions: SeedChannelOptions = {}) {
  const world = createWorld();
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id, { onboardingStep: 'subscription_created', ...channelOptions });
  const subscription = world.seed.subscription(channel.id, { name: 'Club', buttonText: 'Join' });
  const repository = new ScriptedSubscriptions(world.as(owner).subscriptions);
  const toasts = toastStore(new SubscriptionPlatform());
  const vm = new SubscriptionPreviewViewModel(repository, new PublishSubscription(repository), toasts, subscription.id);
  const publications = () => world.backend.subscriptions.get(subscription.id)?.publications;
  return { world, vm, toasts, repository, publications };
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('publishButtonKey', () => {
  it.each([
    [true, false, 'subscription.preview.publishAndPin'],
    [true, true, 'subscription.preview.publishPinnedSilently'],
    [false, true, 'subscription.preview.publishSilently'],
    [false, false, 'subscription.preview.publish'],
  ])('pin=%s silent=%s says %s', (pin, silent, key) => {
    expect(publishButtonKey(pin, silent)).toBe(key);
  });
});

describe('SubscriptionPreviewViewModel', () => {
  it('starts pinned with sound, and the label follows the switches', async () => {
    const { vm } = setup();
    await vm.load();
    expect(vm.subscription?.name).toBe('Club');
    expect(vm.canPublish).toBe(true);
    expect([vm.pin, vm.disableNotification]).toEqual([true, false]);
    expect(vm.publishButtonKey).toBe('subscription.preview.publishAndPin');
    vm.setSound(false);
    expect(vm.disableNotification).toBe(true);
    expect(vm.publishButtonKey).toBe('subscription.preview.publishPinnedSilently');
    vm.setPin(false);
    expect(vm.publishButtonKey).toBe('subscription.preview.publishSilently');
  });

  it('publishes with the chosen pin and sound, with a success toast', async () => {
    const { vm, toasts, publications } = setup();
    await vm.load();
    vm.setPin(false);
    vm.setSound(false);
    const publishing = vm.publish();
    expect(vm.publishing).toBe(true);
    expect(await publishing).toBe(true);
    expect(vm.publishing).toBe(false);
    expect(publications()).toEqual([{ pin: false, disableNotification: true }]);
    expect(vm.channel?.onboardingStep).toBe('request_donation');
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'success', message: { key: 'subscription.preview.published' } }),
    );
  });

  it('does not offer publishing for a private channel, and refuses it without a call', async () => {
    const { vm, toasts, repository } = setup({ private: true });
    await vm.load();
    expect(vm.canPublish).toBe(false);
    expect(await vm.publish()).toBe(false);
    expect(repository.callsOf('publish')).toEqual([]);
    expect(toasts.current?.message).toEqual({ key: 'subscription.errors.channel_not_public' });
  });

  it('stays with the server message when publishing fails', async () => {
    const { vm, toasts, repository, publications } = setup();
    await vm.load();
    repository.failNext('publish', 'conflict');
    expect(await vm.publish()).toBe(false);
    expect(publications()).toEqual([]);
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'fail', message: { text: 'publish failed: conflict' } }),
    );
  });

  it('shows the error state when loading fails', async () => {
    const { vm, repository } = setup();
    repository.failNext('detail', 'network_error');
    await vm.load();
    expect(vm.state).toEqual({ status: 'error', code: 'network_error' });
    expect(await vm.publish()).toBe(false);
  });
});
