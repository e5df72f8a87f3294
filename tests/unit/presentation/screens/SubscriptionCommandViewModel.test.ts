import { SetSubscriptionCommand } from '../../../../src/application/use-cases/subscriptions/SetSubscriptionCommand';
import { SubscriptionCommandViewModel } from '../../../../src/presentation/screens/SubscriptionCommand/SubscriptionCommandViewModel';
import { createWorld } from '../../application/support/world';
import { ScriptedSubscriptions, SubscriptionPlatform, toastStore } from './support/subscriptionFakes';

function setup(
  options: { missingId?: boolean; more?: { name: string; isDeleted?: boolean }[]; noSubscription?: boolean } = {},
) {
  const world = createWorld();
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id);
  const subscription = world.seed.subscription(channel.id, {
    name: 'Monthly',
    isDeleted: options.noSubscription === true,
  });
  const others = (options.more ?? []).map((more) => world.seed.subscription(channel.id, more));
  const repository = new ScriptedSubscriptions(world.as(owner).subscriptions);
  const toasts = toastStore(new SubscriptionPlatform());
  const vm = new SubscriptionCommandViewModel(
    repository,
    new SetSubscriptionCommand(repository),
    toasts,
    world.as(owner).channels,
    channel.id,
    options.missingId ? null : subscription.id,
  );
  return { world, vm, toasts, repository, subscription, others };
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('SubscriptionCommandViewModel', () => {
  it('puts $ in on focus of an empty field and clears a lone $ on blur', async () => {
    const { vm } = setup();
    await vm.load();
    expect(vm.command).toBe('');
    vm.focus();
    expect(vm.command).toBe('$');
    vm.blur();
    expect(vm.command).toBe('');
  });

  it('keeps only a-z after the $ as typed (no spaces, digits or capitals)', async () => {
    const { vm } = setup();
    await vm.load();
    vm.change('$vip Club 2');
    expect(vm.command).toBe('$viplub');
    vm.change('news');
    expect(vm.command).toBe('$news');
    vm.focus();
    expect(vm.command).toBe('$news');
    vm.blur();
    expect(vm.command).toBe('$news');
  });

  it('saves a valid command with a success toast', async () => {
    const { vm, toasts, world, subscription } = setup();
    await vm.load();
    vm.change('$club');
    expect(await vm.save()).toBe(true);
    expect(world.backend.subscriptions.get(subscription.id)?.command).toBe('$club');
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'success', message: { key: 'subscription.command.saved' } }),
    );
  });

  it('saves an emptied field as no command', async () => {
    const { vm, toasts, world, subscription } = setup();
    world.backend.subscriptions.get(subscription.id)!.command = '$old';
    await vm.load();
    vm.change('');
    expect(await vm.save()).toBe(true);
    expect(world.backend.subscriptions.get(subscription.id)?.command).toBeUndefined();
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'success', message: { key: 'subscription.command.saved' } }),
    );
  });

  it('shows the stored command after loading', async () => {
    const { vm, world, subscription } = setup();
    world.backend.subscriptions.get(subscription.id)!.command = '$old';
    await vm.load();
    expect(vm.command).toBe('$old');
  });

  it('refuses a lone $ with a fail toast and focus, without a call', async () => {
    const { vm, toasts, repository } = setup();
    await vm.load();
    vm.focus();
    expect(await vm.save()).toBe(false);
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'fail', message: { key: 'subscription.command.invalid' } }),
    );
    expect(vm.focusRequest).toBe(1);
    expect(repository.callsOf('setCommand')).toEqual([]);
  });

  it('shows the server message when the command is taken', async () => {
    const { vm, toasts, world, subscription } = setup();
    const other = world.seed.subscription(subscription.channelId);
    world.backend.subscriptions.get(other.id)!.command = '$club';
    await vm.load();
    vm.change('$club');
    expect(await vm.save()).toBe(false);
    expect(toasts.current).toEqual(
      expect.objectContaining({
        kind: 'fail',
        message: { text: 'Another subscription of this channel already uses this command' },
      }),
    );
  });

  it("without ?subscriptionId= (the route of spec section 2) takes the channel's only live subscription", async () => {
    const { vm, world, subscription } = setup({ missingId: true, more: [{ name: 'Old', isDeleted: true }] });
    await vm.load();
    expect(vm.state.status).toBe('ready');
    expect(vm.choices).toEqual([]);
    expect(vm.subscription?.id).toBe(subscription.id);
    vm.change('$club');
    expect(await vm.save()).toBe(true);
    expect(world.backend.subscriptions.get(subscription.id)?.command).toBe('$club');
  });

  it('without ?subscriptionId= on a channel with several subscriptions lets the creator pick one', async () => {
    const { vm, world, others } = setup({ missingId: true, more: [{ name: 'Yearly' }] });
    await vm.load();
    expect(vm.subscription).toBeNull();
    expect(vm.choices.map((choice) => choice.name).sort()).toEqual(['Monthly', 'Yearly']);
    expect(await vm.save()).toBe(false);
    await vm.choose(others[0]!.id);
    expect(vm.choices).toEqual([]);
    expect(vm.subscription?.name).toBe('Yearly');
    vm.change('$year');
    expect(await vm.save()).toBe(true);
    expect(world.backend.subscriptions.get(others[0]!.id)?.command).toBe('$year');
  });

  it('without ?subscriptionId= on a channel without a live subscription is not_found', async () => {
    const { vm, repository } = setup({ missingId: true, noSubscription: true });
    await vm.load();
    expect(vm.state).toEqual({ status: 'error', code: 'not_found' });
    expect(repository.calls).toEqual([]);
    expect(await vm.save()).toBe(false);
  });
});
