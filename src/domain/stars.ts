/**
 * Telegram Stars (currency XTR): the limits Telegram sets on what a bot may sell for Stars. The server's Bot API
 * adapter, the sandbox's Bot API double and the price rules all read them from here.
 *
 * References (Bot API, https://core.telegram.org/bots/api#payments, and https://core.telegram.org/bots/payments-stars):
 * - createInvoiceLink: currency "XTR", `prices` exactly one item, `provider_token` empty; `subscription_period` only
 *   with XTR and "currently, it must always be 2592000 (30 days) if specified"; the subscription price "must not
 *   exceed 10000 Telegram Stars". title 1-32 characters, description 1-255, payload 1-128 bytes.
 * - answerPreCheckoutQuery: "the Bot API must receive an answer within 10 seconds after the pre-checkout query was
 *   sent"; Telegram fails the payment otherwise.
 * - Stars are whole: XTR has no minor unit (an amount is a count of Stars), and a price is at least 1 Star.
 * Assumed (the Bot API reference names no figure): a one-time Stars invoice is held to the same 10000 Stars as a
 * subscription; Telegram refuses a larger one with an error the server reports as a refused payment.
 */
import { type Money, currencyExponent } from './money';
import { type Result, err, ok } from './result';

export const STARS_CURRENCY = 'XTR';

/** The only subscription period Telegram accepts (createInvoiceLink's subscription_period): 30 days in seconds. */
export const STARS_SUBSCRIPTION_PERIOD_SECONDS = 2_592_000;

export const STARS_MIN_AMOUNT = 1;
export const STARS_MAX_AMOUNT = 10_000;

/** How long Telegram waits for answerPreCheckoutQuery before it fails the payment. */
export const PRE_CHECKOUT_ANSWER_MS = 10_000;

export const INVOICE_TITLE_MAX = 32;
export const INVOICE_DESCRIPTION_MAX = 255;
export const INVOICE_PAYLOAD_MAX_BYTES = 128;

export type StarsAmountProblem = 'stars_not_whole' | 'stars_too_small' | 'stars_too_large';

/** Why a Stars price cannot be sold (whole Stars between the minimum and the maximum), or null when it can. */
export function starsAmountProblem(stars: number): StarsAmountProblem | null {
  if (!Number.isSafeInteger(stars)) return 'stars_not_whole';
  if (stars < STARS_MIN_AMOUNT) return 'stars_too_small';
  if (stars > STARS_MAX_AMOUNT) return 'stars_too_large';
  return null;
}

/**
 * How a subscription of a period is sold in Stars: monthly renews every 30 days (Telegram's only subscription
 * period); weekly and yearly, which Telegram cannot renew, as one period paid once without renewal; one-time access
 * once. A creator who does not want the one-period payment leaves the Stars price empty.
 */
export const STARS_OFFERS = ['renewing', 'one_period', 'one_time'] as const;
export type StarsOffer = (typeof STARS_OFFERS)[number];

export function starsOffer(period: 'weekly' | 'monthly' | 'yearly' | 'onetime'): StarsOffer {
  if (period === 'monthly') return 'renewing';
  return period === 'onetime' ? 'one_time' : 'one_period';
}

const RATE = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/**
 * The Stars that earn a card price at `rate` (what one Star is worth, a plain decimal in the price's major units,
 * e.g. "0.012" euro): the price divided by the rate, rounded up to whole Stars. Exact decimal arithmetic. Null when
 * the rate is not a positive decimal.
 */
export function suggestStars(priceMinor: number, exponent: number, rate: string): number | null {
  const match = RATE.exec(rate);
  if (match === null || !/[1-9]/.test(rate)) return null;
  const fraction = match[2] ?? '';
  const rateUnits = BigInt(`${match[1]}${fraction}`);
  const numerator = BigInt(priceMinor) * 10n ** BigInt(fraction.length);
  const denominator = rateUnits * 10n ** BigInt(exponent);
  return Number((numerator + denominator - 1n) / denominator);
}

/**
 * The Stars price suggested for a card price at its currency's rate, held to Telegram's limits; null without a rate.
 * The server's suggestion and the creator's forms (for a price not saved yet) both come from here.
 */
export function suggestedStarsPrice(price: Money, rate: string | null | undefined): number | null {
  if (rate === null || rate === undefined) return null;
  const stars = suggestStars(price.minor, currencyExponent(price.currency), rate);
  return stars === null ? null : Math.min(Math.max(stars, STARS_MIN_AMOUNT), STARS_MAX_AMOUNT);
}

/** Typing in a Stars field: digits only (Stars are whole), no leading zeros, at most nine digits. */
export function sanitizeStarsInput(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 9);
}

/** Why a typed Stars price cannot be saved, with Telegram's limits for the message. */
export interface StarsPriceError {
  readonly field: 'stars';
  readonly code: StarsAmountProblem;
  readonly min: number;
  readonly max: number;
}

/**
 * The Stars price a form's text asks for: empty means not sold in Stars (null); otherwise whole Stars within
 * Telegram's limits.
 */
export function parseStarsPrice(text: string): Result<number | null, StarsPriceError> {
  const trimmed = text.trim();
  if (trimmed === '') return ok(null);
  const stars = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const problem = starsAmountProblem(stars);
  if (problem !== null) return err({ field: 'stars', code: problem, min: STARS_MIN_AMOUNT, max: STARS_MAX_AMOUNT });
  return ok(stars);
}

/**
 * What a Stars payment credits its creator before commission: `stars` × `rate` (what one Star is worth in the payout
 * currency's major units, STARS_RATE_*), in that currency's minor units, rounded down to a whole minor unit. This is
 * the one rounding of a Stars sale: the credit never exceeds what the rate gives; the service fee is then split off it
 * exactly as from a card price (src/domain/fees.ts). Exact decimal arithmetic. Null when the rate is not a positive
 * decimal.
 */
export function starsCreditMinor(stars: number, exponent: number, rate: string): number | null {
  const match = RATE.exec(rate);
  if (match === null || !/[1-9]/.test(rate) || !Number.isSafeInteger(stars) || stars < 0) return null;
  const fraction = match[2] ?? '';
  const rateUnits = BigInt(`${match[1]}${fraction}`);
  return Number((BigInt(stars) * rateUnits * 10n ** BigInt(exponent)) / 10n ** BigInt(fraction.length));
}
