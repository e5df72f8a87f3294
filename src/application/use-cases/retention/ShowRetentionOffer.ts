import { followerSubscriptionView } from '../../../domain/follower-subscription';
import { type Result, ok } from '../../../domain/result';
import type { Clock } from '../../ports/Clock';
import type { FollowerMembership } from '../../ports/FollowerRepository';
import type { RetentionOfferQuote, RetentionRepository } from '../../ports/RetentionRepository';
import { type RequestFailure, request } from '../shared/failures';

/**
 * The retention offer to show when a follower taps Cancel, before the cancel is confirmed (rules:
 * src/domain/retention.ts); null when there is none or the membership cannot be cancelled: confirm a plain cancel.
 */
export class ShowRetentionOffer {
  constructor(
    private readonly retention: RetentionRepository,
    private readonly clock: Clock,
  ) {}

  async execute(
    membership: Pick<FollowerMembership, 'member' | 'subscription'>,
  ): Promise<Result<RetentionOfferQuote | null, RequestFailure>> {
    const view = followerSubscriptionView(membership.member, membership.subscription, this.clock.now());
    if (!view.canCancel || membership.member.paidWith === 'stars') return ok(null);
    return request(() => this.retention.offerOnCancel(membership.member.id));
  }
}
