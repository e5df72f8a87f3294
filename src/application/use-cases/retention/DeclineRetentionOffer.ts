import type { Result } from '../../../domain/result';
import type { FollowerMembership } from '../../ports/FollowerRepository';
import type { RetentionRepository } from '../../ports/RetentionRepository';
import { type RequestFailure, request } from '../shared/failures';

/** "No, cancel": records the answer and cancels renewal as a plain cancel does (access stays until expiry). */
export class DeclineRetentionOffer {
  constructor(private readonly retention: RetentionRepository) {}

  execute(memberId: number): Promise<Result<FollowerMembership, RequestFailure>> {
    return request(() => this.retention.decline(memberId));
  }
}
