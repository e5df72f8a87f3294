import type { Currency } from '../../../domain/money';
import { type PromoDraft, type PromoFormError, validatePromoDraft } from '../../../domain/promo-form';
import { type Result, err } from '../../../domain/result';
import type { PromoCode, PromoRepository } from '../../ports/PromoRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export type CreatePromoCodeError = Invalid<PromoFormError> | RequestFailure;

/**
 * Checks the creator's form (first wrong field) and creates the code for the subscription; the server refuses a code
 * taken in the channel, the channel's 100th code and an end in the past (RequestFailure with `details.reason`).
 */
export class CreatePromoCode {
  constructor(private readonly promos: PromoRepository) {}

  async execute(input: {
    readonly subscriptionId: number;
    readonly currency: Currency;
    readonly draft: PromoDraft;
  }): Promise<Result<PromoCode, CreatePromoCodeError>> {
    const valid = validatePromoDraft(input.draft, input.currency);
    if (!valid.ok) return err(invalid(valid.error));
    return request(() => this.promos.create(input.subscriptionId, valid.value));
  }
}
