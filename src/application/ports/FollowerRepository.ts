import type { Channel, Subscription, SubscriptionMember } from '../../domain/entities';

/** A membership as its follower sees it. */
export interface FollowerMembership {
  readonly member: SubscriptionMember;
  readonly subscription: Subscription;
  readonly channel: Channel;
  /** Set by renew() for an expired membership: nothing was charged, pay the subscription's invoice again. */
  readonly renewal?: { readonly action: 'pay_invoice'; readonly subscriptionId: number } | null;
}

/** The signed-in follower's memberships; other users' memberships answer not_found. */
export interface FollowerRepository {
  member(memberId: number): Promise<FollowerMembership>;
  /** Stops renewal; access stays until expiry. Not for one-time memberships. */
  cancel(memberId: number): Promise<FollowerMembership>;
  /**
   * Resumes a cancelled membership that has not expired; for an expired one answers `renewal: pay_invoice` and
   * changes nothing. Not for one-time memberships (conflict) nor deleted subscriptions (subscription_deleted).
   */
  renew(memberId: number): Promise<FollowerMembership>;
}
