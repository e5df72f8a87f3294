import type { Result } from '../../../domain/result';
import type { PromoCode, PromoRepository } from '../../ports/PromoRepository';
import { type RequestFailure, request } from '../shared/failures';

/** Pauses a code (no new redemptions; who redeemed it keeps the price) or resumes it. */
export class SetPromoCodePaused {
  constructor(private readonly promos: PromoRepository) {}

  async execute(input: {
    readonly promoId: number;
    readonly paused: boolean;
  }): Promise<Result<PromoCode, RequestFailure>> {
    return request(() => this.promos.setPaused(input.promoId, input.paused));
  }
}
