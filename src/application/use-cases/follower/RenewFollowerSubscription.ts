import { followerSubscriptionView } from '../../../domain/follower-subscription';
import { type Result, err } from '../../../domain/result';
import type { Clock } from '../../ports/Clock';
import type { FollowerMembership, FollowerRepository } from '../../ports/FollowerRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export type RenewFollowerSubscriptionError = Invalid<{ readonly code: 'cannot_renew' }> | RequestFailure;

/**
 * Renews a cancelled or expired membership; not one-time ones and not when the subscription was deleted. A cancelled
 * membership that has not expired simply renews again; for an expired one the answer carries
 * `renewal: { action: 'pay_invoice', subscriptionId }` and the caller opens that subscription's invoice.
 */
export class RenewFollowerSubscription {
  constructor(
    private readonly follower: FollowerRepository,
    private readonly clock: Clock,
  ) {}

  async execute(
    membership: Pick<FollowerMembership, 'member' | 'subscription'>,
  ): Promise<Result<FollowerMembership, RenewFollowerSubscriptionError>> {
    const view = followerSubscriptionView(membership.member, membership.subscription, this.clock.now());
    if (!view.canRenew) return err(invalid({ code: 'cannot_renew' } as const));
    return request(() => this.follower.renew(membership.member.id));
  }
}
