import { CancelFollowerSubscription } from '../../../../src/application/use-cases/follower/CancelFollowerSubscription';
import { RenewFollowerSubscription } from '../../../../src/application/use-cases/follower/RenewFollowerSubscription';
import type { SeedMemberOptions, SeedSubscriptionOptions } from '../../../../src/infrastructure/memory/InMemorySeeder';
import { createWorld } from '../support/world';

const DAY = 24 * 60 * 60;

async function setup(
  subscriptionOptions: SeedSubscriptionOptions = {},
  memberOptions: (now: number) => SeedMemberOptions = () => ({}),
) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const subscription = world.seed.subscription(world.seed.channel(creator.id).id, subscriptionOptions);
  const follower = world.seed.user();
  const member = world.seed.member(subscription.id, follower.id, memberOptions(world.backend.nowSeconds()));
  const ports = world.as(follower);
  const membership = await ports.follower.member(member.id);
  return {
    world,
    follower,
    membership,
    stored: () => world.backend.members.get(member.id),
    cancel: new CancelFollowerSubscription(ports.follower, world.time),
    renew: new RenewFollowerSubscription(ports.follower, world.time),
  };
}

describe('CancelFollowerSubscription', () => {
  it('cancels an active recurring membership, keeping access until expiry', async () => {
    const { membership, cancel, stored } = await setup();
    const result = await cancel.execute(membership);
    expect(result.ok && result.value.member.status).toBe('cancelled');
    expect(stored()).toMatchObject({ status: 'cancelled', expiresAt: membership.member.expiresAt });
  });

  it.each([
    ['one-time', { period: 'onetime' as const }, () => ({})],
    ['already cancelled', {}, () => ({ status: 'cancelled' as const })],
    ['of a deleted subscription', { isDeleted: true }, () => ({})],
  ])('offers no cancel for a %s membership', async (_case, subscriptionOptions, memberOptions) => {
    const { membership, cancel, stored } = await setup(subscriptionOptions, memberOptions);
    const before = stored()?.status;
    expect(await cancel.execute(membership)).toEqual({ ok: false, error: { kind: 'invalid', code: 'cannot_cancel' } });
    expect(stored()?.status).toBe(before);
  });
});

describe('RenewFollowerSubscription', () => {
  it('renews a cancelled membership that has not expired', async () => {
    const { membership, renew, stored } = await setup({}, () => ({ status: 'cancelled' }));
    const result = await renew.execute(membership);
    expect(result.ok && result.value.member.status).toBe('active');
    expect(stored()?.expiresAt).toBe(membership.member.expiresAt);
  });

  it('sends an expired membership to its invoice instead of charging', async () => {
    const { world, membership, renew, stored } = await setup({}, (now) => ({
      status: 'cancelled',
      activatedAt: now - 40 * DAY,
      expiresAt: now - 9 * DAY,
    }));
    const result = await renew.execute(membership);
    expect(result.ok && result.value.renewal).toEqual({
      action: 'pay_invoice',
      subscriptionId: membership.subscription.id,
    });
    expect(stored()?.status).toBe('cancelled');
    expect(world.backend.transactions).toEqual([]);
  });

  it.each([
    ['active', {}, () => ({})],
    ['one-time', { period: 'onetime' as const }, () => ({})],
    ['deleted-subscription', { isDeleted: true }, () => ({ status: 'cancelled' as const })],
  ])('offers no renewal for an %s membership', async (_case, subscriptionOptions, memberOptions) => {
    const { membership, renew } = await setup(subscriptionOptions, memberOptions);
    expect(await renew.execute(membership)).toEqual({ ok: false, error: { kind: 'invalid', code: 'cannot_renew' } });
  });
});
