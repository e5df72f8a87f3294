/**
 * Promo codes: a creator's discount on a subscription (or on every subscription of a channel), shared by the server,
 * the in-memory backend and the app.
 *
 * Rules (documented decisions):
 * - A code is 3 to 24 letters, digits or inner hyphens, compared without case and surrounding spaces: it is stored
 *   and matched upper-case (`normalizePromoCode`).
 * - Percent discounts are whole percents 1 to 100; fixed discounts are integer minor units of the subscription's
 *   currency (a channel-wide fixed code names its currency and applies only to subscriptions priced in it).
 * - Rounding: a percent discount is rounded DOWN to a whole minor unit (`price × percent / 100`, floored), so the
 *   price charged is never below the exact discounted price and the screen shows exactly what is charged.
 * - Minimum charge: the discounted price is capped at the subscription minimum of its currency (src/domain/amounts.ts;
 *   one minor unit where the spec names none): the discount shrinks, the code is still accepted, and the invoice shows
 *   the capped discount.
 * - Duration: the first period only, N periods (the first included) or for good. Renewals charge the discounted price
 *   while periods remain, then the full price of the day the code was redeemed.
 * - A redemption holds a slot of `maxRedemptions` from the payment's creation; a payment that fails, or a paid one
 *   refunded, frees it. So the count shown is the redemptions paid and not refunded.
 * - Pausing or deleting a code stops new redemptions only: who redeemed it keeps the price the invoice promised.
 */
import { amountBounds } from './amounts';
import type { Currency, Money } from './money';
import { money } from './money';
import { type Result, err, ok } from './result';

export const PROMO_CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{1,22})[A-Z0-9]$/;
export const PROMO_CODE_MAX_LENGTH = 24;

export type PromoDiscount =
  { readonly kind: 'percent'; readonly percent: number } | { readonly kind: 'fixed'; readonly amount: Money };

export const PROMO_DURATIONS = ['first', 'periods', 'forever'] as const;
export type PromoDuration = (typeof PROMO_DURATIONS)[number];
/** At most this many discounted periods for the 'periods' duration. */
export const PROMO_MAX_PERIODS = 36;

/** Why a code cannot be used; also the i18n keys `promo_reason_<reason>`. */
export const PROMO_REFUSALS = [
  'unknown',
  'expired',
  'used_up',
  'paused',
  'not_applicable',
  'new_members_only',
] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

/** Upper-case, without surrounding spaces; null when it is not a well-formed code. */
export function normalizePromoCode(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const code = text.trim().toUpperCase();
  return PROMO_CODE_PATTERN.test(code) ? code : null;
}

export interface PromoPrice {
  /** The subscription's price. */
  readonly price: Money;
  /** What the code takes off (capped so `charged` stays at or above the minimum). */
  readonly discount: Money;
  /** What is charged for a discounted period: price − discount. */
  readonly charged: Money;
  /** True when the minimum charge capped the discount. */
  readonly capped: boolean;
}

/** The discount a code gives on `price` (see the rounding and minimum rules above). */
export function applyPromoDiscount(price: Money, discount: PromoDiscount): PromoPrice {
  const raw =
    discount.kind === 'percent'
      ? Math.floor((price.minor * discount.percent) / 100)
      : discount.amount.currency === price.currency
        ? discount.amount.minor
        : 0;
  const minimum = Math.min(amountBounds('subscription', price.currency).min.minor, price.minor);
  const most = Math.max(0, price.minor - minimum);
  const taken = Math.max(0, Math.min(raw, most));
  return {
    price,
    discount: money(taken, price.currency),
    charged: money(price.minor - taken, price.currency),
    capped: taken < raw,
  };
}

/**
 * How many renewals after the first (discounted) payment are charged at the discounted price: 0 for the first period
 * only, N − 1 for N periods, null for good.
 */
export function discountedRenewals(duration: PromoDuration, periods: number | null): number | null {
  if (duration === 'forever') return null;
  if (duration === 'first') return 0;
  return Math.max(0, (periods ?? 1) - 1);
}

/** What a code is, as the rules need it. */
export interface PromoTerms {
  readonly channelId: number;
  /** null: every subscription of the channel. */
  readonly subscriptionId: number | null;
  readonly discount: PromoDiscount;
  readonly paused: boolean;
  readonly deleted: boolean;
  /** Epoch ms after which it no longer redeems; null: no end. */
  readonly endsAtMs: number | null;
  readonly maxRedemptions: number | null;
  readonly newMembersOnly: boolean;
}

export interface PromoContext {
  readonly channelId: number;
  readonly subscriptionId: number;
  readonly currency: Currency;
  readonly nowMs: number;
  /** Redemptions holding a slot now (open or paid payments, not refunded). */
  readonly redemptions: number;
  /** The payer ever had a membership of a subscription of this channel. */
  readonly wasMember: boolean;
}

/** Whether a code may be redeemed now for this subscription; the first reason that applies, in a fixed order. */
export function checkPromo(terms: PromoTerms | null, context: PromoContext): Result<PromoTerms, PromoRefusal> {
  if (terms === null || terms.deleted || terms.channelId !== context.channelId) return err('unknown');
  if (terms.subscriptionId !== null && terms.subscriptionId !== context.subscriptionId) return err('not_applicable');
  if (terms.discount.kind === 'fixed' && terms.discount.amount.currency !== context.currency)
    return err('not_applicable');
  if (terms.paused) return err('paused');
  if (terms.endsAtMs !== null && context.nowMs >= terms.endsAtMs) return err('expired');
  if (terms.maxRedemptions !== null && context.redemptions >= terms.maxRedemptions) return err('used_up');
  if (terms.newMembersOnly && context.wasMember) return err('new_members_only');
  return ok(terms);
}

/** What the invoice shows: the price, the discount and what is charged now and at the renewals. */
export interface PromoQuote extends PromoPrice {
  readonly code: string;
  /** Renewals charged at `charged` after this payment (null: every renewal). */
  readonly discountedRenewals: number | null;
}

export function promoQuote(
  code: string,
  price: Money,
  discount: PromoDiscount,
  duration: PromoDuration,
  periods: number | null,
): PromoQuote {
  return { code, ...applyPromoDiscount(price, discount), discountedRenewals: discountedRenewals(duration, periods) };
}

/** The start parameter a code's share link carries: subscription_<id>_<CODE> (Telegram: up to 64 of A-Za-z0-9_-). */
export function promoStartParam(subscriptionId: number, code: string): string {
  return `subscription_${subscriptionId}_${code}`;
}
