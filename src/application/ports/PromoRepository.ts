import type { Money } from '../../domain/money';
import type { PromoDiscount, PromoDuration } from '../../domain/promo';
import type { PromoCodeSpec } from '../../domain/promo-form';

/** A creator's promo code with what it brought (rules: src/domain/promo.ts). */
export interface PromoCode {
  readonly id: number;
  readonly channelId: number;
  /** null: every subscription of the channel. */
  readonly subscriptionId: number | null;
  readonly code: string;
  readonly discount: PromoDiscount;
  readonly duration: PromoDuration;
  readonly periods: number | null;
  readonly maxRedemptions: number | null;
  /** Epoch seconds; null: no end. */
  readonly endsAt: number | null;
  readonly newMembersOnly: boolean;
  readonly paused: boolean;
  /** Paid redemptions, not refunded. */
  readonly redemptions: number;
  /** What its payments brought, net of refunds, per currency. */
  readonly revenue: readonly Money[];
  /** Opens the subscription's invoice with the code applied. */
  readonly shareLink: string | null;
}

/** A checked new code (src/domain/promo-form.ts). */
export type NewPromoCode = PromoCodeSpec;

/** The creator's promo codes of a subscription (its own and its channel's). */
export interface PromoRepository {
  list(subscriptionId: number): Promise<PromoCode[]>;
  /** Rejects validation_error (field code, amount, endsAt) and conflict (reason promo_code_taken, promo_limit). */
  create(subscriptionId: number, input: NewPromoCode): Promise<PromoCode>;
  setPaused(promoId: number, paused: boolean): Promise<PromoCode>;
  remove(promoId: number): Promise<void>;
}
