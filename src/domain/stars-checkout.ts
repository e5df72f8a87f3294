/**
 * A follower paying in Telegram Stars: what an invoice offers in Stars, the donor's typed Stars amount, and how long
 * the app waits for Telegram's word to reach the server. Telegram's limits themselves live in stars.ts.
 */
import { type Result, err, ok } from './result';
import { STARS_MAX_AMOUNT, STARS_MIN_AMOUNT, type StarsAmountProblem, starsAmountProblem } from './stars';

/** A subscription's price in Stars: renews every 30 days (monthly), or one period paid once without renewal. */
export interface SubscriptionStarsPrice {
  readonly amount: number;
  readonly renews: boolean;
}

/** The Stars amount a donation request suggests; the donor may change it within Telegram's limits. */
export interface DonationStarsPrice {
  readonly amount: number;
}

/** How the payer chooses to pay on an invoice that offers both. */
export type PayMethodChoice = 'card' | 'stars';

export type StarsAmountError =
  { readonly code: 'stars_required' } | { readonly code: StarsAmountProblem; readonly bound?: number };

/**
 * The donor's Stars amount as typed (digits only, whole Stars): empty is stars_required, else Telegram's limits with
 * the bound that was crossed (shown in the error).
 */
export function checkStarsAmountInput(text: string): Result<number, StarsAmountError> {
  const digits = text.trim();
  if (!/^\d+$/.test(digits) || /^0*$/.test(digits)) {
    return digits !== '' && /^0+$/.test(digits)
      ? err({ code: 'stars_too_small', bound: STARS_MIN_AMOUNT })
      : err({ code: 'stars_required' });
  }
  // More digits than any valid amount has: too large, without parsing beyond safe integers.
  const stars = digits.replace(/^0+/, '').length > 9 ? Number.MAX_SAFE_INTEGER : Number(digits);
  const problem = starsAmountProblem(stars);
  if (problem === 'stars_too_small') return err({ code: problem, bound: STARS_MIN_AMOUNT });
  if (problem === 'stars_too_large') return err({ code: problem, bound: STARS_MAX_AMOUNT });
  if (problem !== null) return err({ code: problem });
  return ok(stars);
}

/** A count of Stars in the page's language ("1,250", "1 250", "1.250"): whole numbers, the locale's grouping. */
export function formatStarsCount(stars: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(stars);
  } catch {
    return new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(stars);
  }
}

/** The code of a Stars payment Telegram reported failed (the payer's Telegram said why; nothing was charged). */
export const STARS_PAYMENT_FAILED = 'stars_payment_failed';

/**
 * After Telegram reports a Stars payment paid, the server hears of it through the bot (successful_payment), usually
 * within a second or two. The app asks again after each of these pauses (about a minute in all), then says the
 * payment is still in progress.
 */
export const STARS_CONFIRM_DELAYS_MS: readonly number[] = [
  500, 1000, 1000, 2000, 2000, 3000, 5000, 5000, 8000, 8000, 10_000, 10_000,
];

/** After this long without the server's word, the waiting screen says it is taking longer than usual. */
export const STARS_SLOW_AFTER_MS = 8000;
