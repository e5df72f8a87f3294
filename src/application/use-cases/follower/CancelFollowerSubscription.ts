import { followerSubscriptionView } from '../../../domain/follower-subscription';
import { type Result, err } from '../../../domain/result';
import type { Clock } from '../../ports/Clock';
import type { FollowerMembership, FollowerRepository } from '../../ports/FollowerRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export type CancelFollowerSubscriptionError = Invalid<{ readonly code: 'cannot_cancel' }> | RequestFailure;

/** Cancels renewal (after the screen's confirmation): only active, recurring memberships; access stays until expiry. */
export class CancelFollowerSubscription {
  constructor(
    private readonly follower: FollowerRepository,
    private readonly clock: Clock,
  ) {}

  async execute(
    membership: Pick<FollowerMembership, 'member' | 'subscription'>,
  ): Promise<Result<FollowerMembership, CancelFollowerSubscriptionError>> {
    const view = followerSubscriptionView(membership.member, membership.subscription, this.clock.now());
    if (!view.canCancel) return err(invalid({ code: 'cannot_cancel' } as const));
    return request(() => this.follower.cancel(membership.member.id));
  }
}
