import { DeleteSubscription } from '../../../../src/application/use-cases/subscriptions/DeleteSubscription';
import { RestoreSubscription } from '../../../../src/application/use-cases/subscriptions/RestoreSubscription';
import type { Period } from '../../../../src/domain/entities';
import { SubscriptionViewModel } from '../../../../src/presentation/screens/Subscription/SubscriptionViewModel';
import { createWorld } from '../../application/support/world';
import { ScriptedSubscriptions, SubscriptionPlatform, toastStore } from './support/subscriptionFakes';

const DAY = 86_400;
const CONFIRM = { title: 'Delete?', message: 'Members keep access', confirm: 'Delete' };

/** A subscription with members: `active` renewing ones, plus one expiring, one expired and one cancelled. */
function setup(options: { period?: Period; private?: boolean; active?: number; deleted?: boolean } = {}) {
  const world = createWorld(); // pages of 5
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id, { private: options.private });
  const subscription = world.seed.subscription(channel.id, {
    period: options.period ?? 'monthly',
    isDeleted: options.deleted,
  });
  const now = Math.floor(world.time.now() / 1000);
  const names: Record<string, number> = {};
  const member = (name: string, extra: Parameters<typeof world.seed.member>[2]) => {
    const user = world.seed.user({ firstName: name });
    names[name] = world.seed.member(subscription.id, user.id, {
      activatedAt: now - 10 * DAY - Object.keys(names).length,
      ...extra,
    }).id;
  };
  for (let index = 0; index < (options.active ?? 1); index += 1)
    member(`Active ${index}`, { expiresAt: now + 20 * DAY });
  member('Failing', { expiresAt: now + 2 * DAY, renewalFailed: true });
  member('Lapsed', { expiresAt: now - DAY });
  member('Leaving', { status: 'cancelled', expiresAt: now + 5 * DAY });
  const repository = new ScriptedSubscriptions(world.as(owner).subscriptions);
  const platform = new SubscriptionPlatform();
  const toasts = toastStore(platform);
  const vm = new SubscriptionViewModel(
    repository,
    new DeleteSubscription(repository),
    new RestoreSubscription(repository),
    platform,
    toasts,
    world.time,
    subscription.id,
  );
  return { world, vm, repository, platform, toasts, subscription, names };
}

const rowNames = (vm: SubscriptionViewModel) => vm.rows.map((row) => `${row.user?.firstName}:${row.status}`);

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('SubscriptionViewModel', () => {
  it('shows its Stars price and how Stars sell it once read, and none when it fails or is not sold in Stars', async () => {
    const { vm, world, subscription, repository } = setup({ period: 'weekly' });
    world.backend.subscriptions.get(subscription.id)!.starsPrice = 150;
    await vm.load();
    await Promise.resolve();
    expect(vm.starsPrice).toMatchObject({ stars: 150, offer: 'one_period' });
    world.backend.subscriptions.get(subscription.id)!.starsPrice = null;
    vm.resume();
    await jest.runOnlyPendingTimersAsync();
    expect(vm.starsPrice?.stars).toBeNull();
    expect(repository.callsOf('starsPrice')).toHaveLength(2);
    const again = setup();
    again.repository.failNext('starsPrice', 'error_unknown');
    await again.vm.load();
    expect(again.vm.starsPrice).toBeNull();
    expect(again.vm.state.status).toBe('ready');
  });

  it('loads the subscription with the first page of both groups; live holds who counts, never an expired member', async () => {
    const { vm, subscription } = setup();
    const loading = vm.load();
    expect(vm.state.status).toBe('loading');
    await loading;
    expect(vm.state.status).toBe('ready');
    expect(vm.subscription?.id).toBe(subscription.id);
    expect(vm.group).toBe('live');
    expect(vm.filter).toBe('all');
    expect(vm.filters).toEqual(['all', 'active', 'expiring', 'expired']);
    expect(rowNames(vm)).toEqual(['Active 0:active', 'Failing:expiring']);
    expect(vm.subscription?.activeSubscribers).toBe(vm.rows.length);
    // The inactive group, latest end first: Leaving's paid period runs on, Lapsed's ended yesterday.
    vm.selectGroup('inactive');
    expect(rowNames(vm)).toEqual(['Leaving:expiring', 'Lapsed:expired']);
  });

  it('loads each group and filter once, from the start, with its own cursor', async () => {
    const { vm, repository, subscription } = setup();
    await vm.load();
    vm.selectFilter('expired');
    expect(vm.currentList.loading).toBe(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(repository.callsOf('members')).toEqual([
      [subscription.id, { filter: 'expired', group: 'live', startFrom: null }],
    ]);
    expect(vm.rows).toEqual([]);
    vm.selectGroup('inactive');
    await jest.advanceTimersByTimeAsync(0);
    expect(vm.currentList.loaded).toBe(true);
    expect(rowNames(vm)).toEqual(['Lapsed:expired']);
    vm.selectGroup('live');
    vm.selectFilter('expiring');
    await jest.advanceTimersByTimeAsync(0);
    expect(rowNames(vm)).toEqual(['Failing:expiring']);
    // The creator sees that its renewal failed and is tried again.
    expect(vm.rows[0]!.renewalRetrying).toBe(true);
    vm.selectFilter('expired'); // already loaded
    expect(repository.callsOf('members')).toHaveLength(3);
  });

  it('resumed by Back, keeps the tab, the filter and its rows, then takes a new member into the group', async () => {
    const { vm, repository, subscription, world } = setup();
    await vm.load();
    vm.selectGroup('inactive');
    vm.selectFilter('expired');
    await jest.advanceTimersByTimeAsync(0);
    const details = repository.callsOf('detail').length;
    const newcomer = world.seed.user({ firstName: 'Newcomer' });
    world.seed.member(subscription.id, newcomer.id, {
      activatedAt: Math.floor(world.time.now() / 1000),
      expiresAt: Math.floor(world.time.now() / 1000) + 30 * DAY,
    });

    vm.resume();
    expect(vm.state.status).toBe('ready');
    expect([vm.group, vm.filter]).toEqual(['inactive', 'expired']);
    expect(rowNames(vm)).toEqual(['Lapsed:expired']);
    await jest.advanceTimersByTimeAsync(0);
    expect(repository.callsOf('detail')).toHaveLength(details + 1);
    expect([vm.group, vm.filter]).toEqual(['inactive', 'expired']);
    vm.selectGroup('live');
    vm.selectFilter('all');
    expect(rowNames(vm)).toEqual(['Newcomer:active', 'Active 0:active', 'Failing:expiring']);
  });

  it('pages a long list by its next-from cursor until the end', async () => {
    const { vm, repository } = setup({ active: 8 });
    await vm.load();
    vm.selectFilter('active');
    await jest.advanceTimersByTimeAsync(0);
    expect(vm.rows).toHaveLength(5);
    expect(vm.currentList.nextFrom).not.toBeNull();
    vm.loadMore();
    vm.loadMore(); // ignored while the page loads
    await jest.advanceTimersByTimeAsync(0);
    expect(rowNames(vm)).toEqual(Array.from({ length: 8 }, (_, index) => `Active ${index}:active`));
    expect(vm.currentList.nextFrom).toBeNull();
    vm.loadMore();
    expect(repository.callsOf('members').map(([, query]) => (query as { startFrom: string | null }).startFrom)).toEqual(
      [null, 'o5'],
    );
  });

  it('marks a failed page and loads it again on retry', async () => {
    const { vm, repository } = setup();
    await vm.load();
    repository.failNext('members', 'network_error');
    vm.selectFilter('active');
    await jest.advanceTimersByTimeAsync(0);
    expect(vm.currentList).toEqual(expect.objectContaining({ failed: true, loading: false, loaded: false }));
    vm.loadMore();
    await jest.advanceTimersByTimeAsync(0);
    expect(vm.currentList.failed).toBe(false);
    expect(rowNames(vm)).toEqual(['Active 0:active']);
  });

  it('offers only all and active for one-time subscriptions, whose members are always active and live', async () => {
    const { vm } = setup({ period: 'onetime' });
    await vm.load();
    expect(vm.filters).toEqual(['all', 'active']);
    vm.selectFilter('expired');
    expect(vm.filter).toBe('all');
    expect(vm.rows.every((row) => row.status === 'active')).toBe(true);
    // The page opens with half a page of the group (pages of 5: 3), the rest as the list scrolls.
    expect(vm.rows.map((row) => row.user?.firstName)).toEqual(['Active 0', 'Failing', 'Lapsed']);
    vm.loadMore();
    await jest.advanceTimersByTimeAsync(0);
    expect(vm.rows.map((row) => row.user?.firstName)).toEqual(['Active 0', 'Failing', 'Lapsed', 'Leaving']);
  });

  it.each([
    [{}, true, true],
    [{ private: true }, false, true],
    [{ deleted: true }, false, false],
  ])('publish and edit actions for %j', async (options, publish, edit) => {
    const { vm } = setup(options);
    await vm.load();
    expect(vm.canPublish).toBe(publish);
    expect(vm.canEdit).toBe(edit);
  });

  it('deletes only after the confirmation, then restores', async () => {
    const { vm, platform, toasts, world, subscription, repository } = setup();
    await vm.load();
    await vm.remove(CONFIRM);
    expect(platform.popups).toEqual([
      expect.objectContaining({
        title: 'Delete?',
        buttons: [
          { id: 'cancel', type: 'cancel' },
          { id: 'delete', type: 'destructive', text: 'Delete' },
        ],
      }),
    ]);
    expect(repository.callsOf('delete')).toEqual([]);
    expect(vm.isDeleted).toBe(false);

    platform.popupAnswer = 'delete';
    await vm.remove(CONFIRM);
    expect(world.backend.subscriptions.get(subscription.id)?.isDeleted).toBe(true);
    expect(vm.isDeleted).toBe(true);
    expect(vm.canPublish).toBe(false);
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'success', message: { key: 'subscription.detail.deletedToast' } }),
    );

    const restoring = vm.restore();
    expect(vm.busy).toBe('restore');
    await restoring;
    expect(vm.busy).toBeNull();
    expect(world.backend.subscriptions.get(subscription.id)?.isDeleted).toBe(false);
    expect(vm.isDeleted).toBe(false);
    expect(toasts.current?.message).toEqual({ key: 'subscription.detail.restoredToast' });
  });

  it('keeps the subscription and shows the server message when deleting fails', async () => {
    const { vm, platform, toasts, repository } = setup();
    await vm.load();
    platform.popupAnswer = 'delete';
    repository.failNext('delete', 'forbidden');
    await vm.remove(CONFIRM);
    expect(vm.isDeleted).toBe(false);
    expect(vm.busy).toBeNull();
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'fail', message: { text: 'delete failed: forbidden' } }),
    );
  });

  it('shows the error state when the subscription does not load', async () => {
    const { vm, repository } = setup();
    repository.failNext('detail', 'not_found');
    await vm.load();
    expect(vm.state).toEqual({ status: 'error', code: 'not_found' });
    await vm.load();
    expect(vm.state.status).toBe('ready');
  });
});
