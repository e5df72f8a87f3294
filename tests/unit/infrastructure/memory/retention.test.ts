/** Retention offers in the in-memory backend follow the shared rules (src/domain/retention.ts) as the server does. */
import { money } from '../../../../src/domain/money';
import { createWorld } from '../../application/support/world';

const DAY = 86_400;

function setup(options: { paidWith?: 'card' | 'stars' } = {}) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const subscription = world.seed.subscription(channel.id, { price: money(500, 'eur'), period: 'monthly' });
  const follower = world.seed.user();
  const now = world.backend.nowSeconds();
  const member = world.seed.member(subscription.id, follower.id, {
    status: 'active',
    activatedAt: now - DAY,
    expiresAt: now + 20 * DAY,
  });
  // The seed makes card memberships; a Stars one is the same record paid in Stars.
  if (options.paidWith === 'stars') world.backend.members.get(member.id)!.paidWith = 'stars';
  return { creator: world.as(creator).retention, follower: world.as(follower).retention, subscription, member };
}

describe('in-memory retention offers', () => {
  it('quotes the offer once it is set, and accepting lowers the price; a second accept finds it answered', async () => {
    const { creator, follower, subscription, member } = setup();
    expect(await follower.offerOnCancel(member.id)).toBeNull();
    await creator.setOffer(subscription.id, { percent: 30, renewals: 3 });
    expect(await follower.offerOnCancel(member.id)).toEqual({
      percent: 30,
      renewals: 3,
      price: money(500, 'eur'),
      charged: money(350, 'eur'),
      capped: false,
    });
    const stayed = await follower.accept(member.id, { percent: 30, renewals: 3 }, 'key-1');
    expect(stayed.member).toMatchObject({ status: 'active', price: money(350, 'eur') });
    await expect(follower.accept(member.id, { percent: 30, renewals: 3 }, 'key-2')).rejects.toMatchObject({
      code: 'retention_offer_unavailable',
    });
    expect(await follower.offerOnCancel(member.id)).toBeNull();
    expect((await creator.creatorOffer(subscription.id)).stats).toEqual({ offered: 1, stayed: 1, left: 0 });
  });

  it('declining cancels and counts; a changed offer is refused; Stars memberships are not offered', async () => {
    const { creator, follower, subscription, member } = setup();
    await creator.setOffer(subscription.id, { percent: 50, renewals: 1 });
    await follower.offerOnCancel(member.id);
    await expect(follower.accept(member.id, { percent: 40, renewals: 1 }, 'key')).rejects.toMatchObject({
      code: 'retention_offer_unavailable',
    });
    expect((await follower.decline(member.id)).member.status).toBe('cancelled');
    expect((await creator.creatorOffer(subscription.id)).stats).toEqual({ offered: 1, stayed: 0, left: 1 });

    const stars = setup({ paidWith: 'stars' });
    await stars.creator.setOffer(stars.subscription.id, { percent: 50, renewals: 1 });
    expect(await stars.follower.offerOnCancel(stars.member.id)).toBeNull();
  });
});
