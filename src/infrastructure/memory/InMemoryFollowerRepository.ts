import { isMemberExpired } from '../../domain/members';
import type { FollowerMembership, FollowerRepository } from '../../application/ports/FollowerRepository';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import type { MemberRecord, UserRecord } from './records';
import { channelView, memberView, subscriptionView } from './views';

export class InMemoryFollowerRepository implements FollowerRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  async member(memberId: number): Promise<FollowerMembership> {
    return this.view(this.ownMember(this.backend.actor(this.session), memberId));
  }

  /** Idempotent; one-time memberships have nothing to cancel (conflict). */
  async cancel(memberId: number): Promise<FollowerMembership> {
    const member = this.ownMember(this.backend.actor(this.session), memberId);
    if (member.period === 'onetime') fail('conflict', 'A one-time subscription cannot be cancelled');
    member.status = 'cancelled';
    return this.view(member);
  }

  /** A cancelled membership that has not expired renews again; an expired one is bought again through its invoice. */
  async renew(memberId: number): Promise<FollowerMembership> {
    const member = this.ownMember(this.backend.actor(this.session), memberId);
    const subscription = this.backend.subscriptions.get(member.subscriptionId);
    if (subscription === undefined) fail('not_found', 'Subscription not found');
    if (member.period === 'onetime') fail('conflict', 'A one-time subscription cannot be renewed');
    if (subscription.isDeleted)
      fail('subscription_deleted', 'This subscription was removed by the creator and cannot be renewed');
    if (isMemberExpired(member, this.backend.nowMs()))
      return { ...this.view(member), renewal: { action: 'pay_invoice', subscriptionId: subscription.id } };
    member.status = 'active';
    member.renewalFailed = false;
    return this.view(member);
  }

  private ownMember(actor: UserRecord, memberId: number): MemberRecord {
    const member = this.backend.members.get(memberId);
    if (member === undefined || member.userId !== actor.user.id) fail('not_found', 'Subscription not found');
    return member;
  }

  private view(member: MemberRecord): FollowerMembership {
    const subscription = this.backend.subscriptions.get(member.subscriptionId);
    if (subscription === undefined) fail('not_found', 'Subscription not found');
    return {
      member: memberView(member),
      subscription: subscriptionView(this.backend, subscription),
      channel: channelView(this.backend, this.backend.channelOf(subscription)),
      renewal: null,
    };
  }
}
