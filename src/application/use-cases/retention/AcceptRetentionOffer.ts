import type { Result } from '../../../domain/result';
import type { FollowerMembership } from '../../ports/FollowerRepository';
import type { RetentionOfferQuote, RetentionRepository } from '../../ports/RetentionRepository';
import { type RequestFailure, request } from '../shared/failures';

/**
 * Accepts the offer shown: the membership stays and its next renewals charge the offered price. `idempotencyKey` is
 * made once per tap. A removed or changed offer fails with retention_offer_unavailable: confirm a plain cancel then.
 */
export class AcceptRetentionOffer {
  constructor(private readonly retention: RetentionRepository) {}

  execute(
    memberId: number,
    offer: Pick<RetentionOfferQuote, 'percent' | 'renewals'>,
    idempotencyKey: string,
  ): Promise<Result<FollowerMembership, RequestFailure>> {
    return request(() =>
      this.retention.accept(memberId, { percent: offer.percent, renewals: offer.renewals }, idempotencyKey),
    );
  }
}
