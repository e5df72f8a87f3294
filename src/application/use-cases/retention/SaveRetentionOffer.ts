import { type Result, err } from '../../../domain/result';
import { type RetentionTermsError, checkRetentionTerms } from '../../../domain/retention';
import type { CreatorRetention, RetentionRepository } from '../../ports/RetentionRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export type SaveRetentionOfferError = Invalid<{ readonly code: RetentionTermsError['reason'] }> | RequestFailure;

/** Sets or changes a subscription's retention offer after the shared rules accept its terms. */
export class SaveRetentionOffer {
  constructor(private readonly retention: RetentionRepository) {}

  async execute(
    subscriptionId: number,
    input: { readonly percent: number | null; readonly renewals: number | null },
  ): Promise<Result<CreatorRetention, SaveRetentionOfferError>> {
    const checked = checkRetentionTerms(input);
    if (!checked.ok) return err(invalid({ code: checked.error.reason }));
    return request(() => this.retention.setOffer(subscriptionId, checked.value));
  }
}
