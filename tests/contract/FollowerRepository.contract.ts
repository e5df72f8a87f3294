import type { FollowerRepository } from '../../src/application/ports/FollowerRepository';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';
import type { SeedMemberOptions, SeedSubscriptionOptions } from './fixture';

const DAY = 24 * 60 * 60;

export function describeFollowerRepositoryContract(name: string, make: MakeContractSubject<FollowerRepository>): void {
  describe(`${name} (FollowerRepository contract)`, () => {
    const subject = useContractSubject(make);

    async function membership(
      subscriptionOptions: SeedSubscriptionOptions = {},
      memberOptions: SeedMemberOptions = {},
    ) {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      const subscription = await fixture.seedSubscription(channel.id, subscriptionOptions);
      const follower = await fixture.asFollower();
      const member = await fixture.seedMember(subscription.id, follower, memberOptions);
      return { follower, member, subscription, channel, repository: subject().as(follower) };
    }

    it("shows the follower's membership with its subscription and channel", async () => {
      const { member, subscription, channel, repository } = await membership();
      const view = await repository.member(member.id);
      expect(view.member).toMatchObject({ id: member.id, status: 'active', subscriptionId: subscription.id });
      expect(view.subscription.id).toBe(subscription.id);
      expect(view.channel.id).toBe(channel.id);
    });

    it("hides other followers' memberships", async () => {
      const { member } = await membership();
      const stranger = subject().as(await subject().fixture.asFollower());
      await expectCode(stranger.member(member.id), 'not_found');
      await expectCode(stranger.cancel(member.id), 'not_found');
    });

    it('cancels, idempotently, keeping the expiry', async () => {
      const { member, repository } = await membership();
      const cancelled = await repository.cancel(member.id);
      expect(cancelled.member).toMatchObject({ status: 'cancelled', expiresAt: member.expiresAt });
      expect((await repository.cancel(member.id)).member.status).toBe('cancelled');
    });

    it('has nothing to cancel or renew on a one-time membership', async () => {
      const { member, repository } = await membership({ period: 'onetime' });
      await expectCode(repository.cancel(member.id), 'conflict');
      await expectCode(repository.renew(member.id), 'conflict');
    });

    it('renews a cancelled membership that has not expired', async () => {
      const { member, repository } = await membership({}, { status: 'cancelled' });
      const renewed = await repository.renew(member.id);
      expect(renewed.member).toMatchObject({ status: 'active', expiresAt: member.expiresAt });
      expect(renewed.renewal ?? null).toBeNull();
    });

    it('sends an expired membership to pay the invoice again, charging nothing', async () => {
      const { fixture } = subject();
      const now = Math.floor((await fixture.nowMs()) / 1000);
      const { follower, member, subscription, repository } = await membership(
        {},
        { status: 'cancelled', activatedAt: now - 40 * DAY, expiresAt: now - 10 * DAY },
      );
      await fixture.seedCard(follower);
      const renewed = await repository.renew(member.id);
      expect(renewed.renewal).toEqual({ action: 'pay_invoice', subscriptionId: subscription.id });
      expect(renewed.member).toMatchObject({ status: 'cancelled', expiresAt: member.expiresAt });
      expect((await repository.member(member.id)).member.status).toBe('cancelled');
    });

    it('refuses to renew when the subscription was deleted', async () => {
      const { member, repository } = await membership({ isDeleted: true }, { status: 'cancelled' });
      await expectCode(repository.renew(member.id), 'subscription_deleted');
    });
  });
}
