import type { Period } from '../../../../src/domain/entities';
import type { SeedMemberOptions } from '../../../../src/infrastructure/memory/InMemorySeeder';
import { SubscriptionMemberViewModel } from '../../../../src/presentation/screens/SubscriptionMember/SubscriptionMemberViewModel';
import { createWorld } from '../../application/support/world';
import { ScriptedSubscriptions, SubscriptionPlatform } from './support/subscriptionFakes';

const DAY = 86_400;

function setup(options: { period?: Period; userName?: string; member?: SeedMemberOptions; deleted?: boolean } = {}) {
  const world = createWorld();
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id);
  const subscription = world.seed.subscription(channel.id, {
    period: options.period ?? 'monthly',
    isDeleted: options.deleted,
  });
  const follower = world.seed.user({ firstName: 'Bob', lastName: 'Follower', userName: options.userName });
  const now = Math.floor(world.time.now() / 1000);
  const member = world.seed.member(subscription.id, follower.id, {
    activatedAt: now - 10 * DAY,
    expiresAt: now + 20 * DAY,
    ...options.member,
  });
  const repository = new ScriptedSubscriptions(world.as(owner).subscriptions);
  const platform = new SubscriptionPlatform();
  const vm = new SubscriptionMemberViewModel(repository, platform, world.time, member.id);
  return { world, vm, repository, platform, now };
}

describe('SubscriptionMemberViewModel', () => {
  it('shows an active member with the status and the renewal in N days, and messages them by username', async () => {
    const { vm, platform, now } = setup({ userName: 'bob_follower' });
    await vm.load();
    expect(vm.state.status).toBe('ready');
    expect(vm.detail?.user.firstName).toBe('Bob');
    expect(vm.statusKey).toBe('members.status.active');
    expect(vm.endRow).toEqual({ kind: 'renews', at: now + 20 * DAY, days: 20 });
    expect(vm.username).toBe('bob_follower');
    vm.message();
    expect(platform.telegramLinks).toEqual(['https://t.me/bob_follower']);
  });

  it('hides the status of a cancelled member, who expires instead of renewing', async () => {
    const { vm, now } = setup({ member: { status: 'cancelled' } });
    await vm.load();
    expect(vm.statusKey).toBeNull();
    expect(vm.endRow).toEqual(expect.objectContaining({ kind: 'expires', at: now + 20 * DAY }));
  });

  it('labels a failed renewal "renewal failed, retrying", and a past expiry as expired', async () => {
    const failing = setup({ member: { renewalFailed: true } });
    await failing.vm.load();
    expect(failing.vm.statusKey).toBe('members.renewalRetry.status');
    expect(failing.vm.endRow?.kind).toBe('expires');

    const lapsed = setup();
    lapsed.world.time.advance(40 * DAY * 1000);
    await lapsed.vm.load();
    expect(lapsed.vm.statusKey).toBe('members.status.expired');
    expect(lapsed.vm.endRow?.kind).toBe('expired');
  });

  it('a member of a deleted subscription does not renew', async () => {
    const { vm } = setup({ deleted: true });
    await vm.load();
    expect(vm.endRow?.kind).toBe('expires');
  });

  it('hides the status and the end date of one-time members, and the message button without a username', async () => {
    const { vm, platform } = setup({ period: 'onetime' });
    await vm.load();
    expect(vm.statusKey).toBeNull();
    expect(vm.endRow).toBeNull();
    expect(vm.username).toBeNull();
    vm.message();
    expect(platform.telegramLinks).toEqual([]);
  });

  it('is an error state when the member cannot be loaded', async () => {
    const { vm, repository } = setup();
    repository.failNext('member', 'not_found');
    await vm.load();
    expect(vm.state).toEqual({ status: 'error', code: 'not_found' });
    expect(vm.statusKey).toBeNull();
  });
});
