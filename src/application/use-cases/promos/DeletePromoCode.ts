import type { Result } from '../../../domain/result';
import type { PromoRepository } from '../../ports/PromoRepository';
import { type RequestFailure, request } from '../shared/failures';

/** Deletes a code for good (after the screen's confirmation); who redeemed it keeps the price it promised. */
export class DeletePromoCode {
  constructor(private readonly promos: PromoRepository) {}

  async execute(input: { readonly promoId: number }): Promise<Result<void, RequestFailure>> {
    return request(() => this.promos.remove(input.promoId));
  }
}
