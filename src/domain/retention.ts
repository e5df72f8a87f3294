/**
 * Retention offers: a creator's discount, shown once to a follower who cancels a recurring subscription, for the next
 * N renewals. Shared by the server, the in-memory backend and the app.
 *
 * Rules (documented decisions):
 * - One offer per recurring subscription: whole percents RETENTION_MIN_PERCENT–RETENTION_MAX_PERCENT off for the next
 *   1–RETENTION_MAX_RENEWALS renewals.
 * - The price is the promo codes' rule (src/domain/promo.ts `applyPromoDiscount`): the discount is rounded down to a
 *   whole minor unit and capped at the subscription minimum of the currency. A membership already at the minimum gets
 *   no discount, so it is not offered (`no_discount`).
 * - The base is what the membership's next renewal charges now (its price_minor): the screen shows that price as the
 *   "instead of" amount and the discounted one as the new price.
 * - Not offered (the first reason that applies, in this order): no offer, a one-time membership, the subscription
 *   deleted, the channel not able to take payments (deleted, disconnected, not approved, creator banned), a membership
 *   that is not active or has expired, one paid in Telegram Stars (Telegram renews it at its own price), one still on
 *   a promo code's discount (the code wins: it was the price the follower was promised), a follower who already
 *   answered the offer for this subscription (stayed or left: once ever), and no discount left after the minimum.
 */
import { applyPromoDiscount, type PromoPrice } from './promo';
import type { Money } from './money';
import { type Result, err, ok } from './result';

export const RETENTION_MIN_PERCENT = 5;
export const RETENTION_MAX_PERCENT = 90;
export const RETENTION_MAX_RENEWALS = 12;

/** What a creator sets. */
export interface RetentionTerms {
  readonly percent: number;
  readonly renewals: number;
}

export type RetentionTermsError = {
  readonly field: 'percent' | 'renewals';
  readonly reason: 'retention_percent_range' | 'retention_renewals_range';
};

const wholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Whole percents 5–90 for 1–12 renewals. */
export function checkRetentionTerms(input: {
  readonly percent: unknown;
  readonly renewals: unknown;
}): Result<RetentionTerms, RetentionTermsError> {
  if (!wholeIn(input.percent, RETENTION_MIN_PERCENT, RETENTION_MAX_PERCENT))
    return err({ field: 'percent', reason: 'retention_percent_range' });
  if (!wholeIn(input.renewals, 1, RETENTION_MAX_RENEWALS))
    return err({ field: 'renewals', reason: 'retention_renewals_range' });
  return ok({ percent: input.percent, renewals: input.renewals });
}

/** What the offer makes the next renewals cost (promo rounding and minimum: see above). */
export function retentionPrice(price: Money, percent: number): PromoPrice {
  return applyPromoDiscount(price, { kind: 'percent', percent });
}

/** Why the offer is not shown; also the `reason` of 409 retention_offer_unavailable. */
export const RETENTION_REFUSALS = [
  'no_offer',
  'onetime',
  'subscription_deleted',
  'payments_disabled',
  'not_active',
  'stars',
  'promo',
  'answered',
  'no_discount',
  'changed',
] as const;
export type RetentionRefusal = (typeof RETENTION_REFUSALS)[number];

/** The outcomes recorded per follower and subscription: shown and unanswered, accepted, declined. */
export const RETENTION_OUTCOMES = ['offered', 'stayed', 'left'] as const;
export type RetentionOutcome = (typeof RETENTION_OUTCOMES)[number];

export interface RetentionContext {
  readonly offer: RetentionTerms | null;
  readonly subscriptionDeleted: boolean;
  /** The channel can take payments: not deleted, approved, the bot connected, the creator not banned. */
  readonly channelPayable: boolean;
  readonly member: {
    readonly period: string;
    readonly status: string;
    readonly expiresAtMs: number | null;
    readonly paidWithStars: boolean;
    readonly promoCodeId: number | null;
    /** Renewals a code still discounts (null: every one). */
    readonly promoRenewalsLeft: number | null;
    /** What the next renewal charges. */
    readonly price: Money;
  };
  /** The follower's recorded outcome for this subscription, if any. */
  readonly outcome: RetentionOutcome | null;
  readonly nowMs: number;
}

/** An offer as the follower sees it. */
export interface RetentionQuote extends PromoPrice {
  readonly percent: number;
  readonly renewals: number;
}

/** Whether the offer may be shown (and accepted) now; the first reason that applies, in a fixed order. */
export function checkRetention(context: RetentionContext): Result<RetentionQuote, RetentionRefusal> {
  const { offer, member } = context;
  if (offer === null) return err('no_offer');
  if (member.period === 'onetime') return err('onetime');
  if (context.subscriptionDeleted) return err('subscription_deleted');
  if (!context.channelPayable) return err('payments_disabled');
  if (member.status !== 'active' || member.expiresAtMs === null || member.expiresAtMs <= context.nowMs)
    return err('not_active');
  if (member.paidWithStars) return err('stars');
  if (member.promoCodeId !== null && (member.promoRenewalsLeft === null || member.promoRenewalsLeft > 0))
    return err('promo');
  if (context.outcome === 'stayed' || context.outcome === 'left') return err('answered');
  const price = retentionPrice(member.price, offer.percent);
  if (price.discount.minor <= 0) return err('no_discount');
  return ok({ ...price, percent: offer.percent, renewals: offer.renewals });
}

/** Counts the creator sees: followers shown the offer, of them who stayed and who left. */
export interface RetentionStats {
  readonly offered: number;
  readonly stayed: number;
  readonly left: number;
}
