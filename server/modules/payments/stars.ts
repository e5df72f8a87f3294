/**
 * Telegram Stars terms of a creator: what their Stars earnings are credited in. A creator is credited in their payout
 * account's currency; without an account, in the price's currency when it is a payout currency, else in euros (an
 * account added later is in its own currency from then on; balances are per currency). The rate is STARS_RATE_<that
 * currency>: without one, nothing is sold in Stars (a checkout is refused up front, never credited at a guessed rate).
 */
import { eq } from 'drizzle-orm';
import { PAYOUT_CURRENCIES, type PayoutCurrency } from '../../../src/domain/money';
import type { DbOrTx } from '../../platform/db/moneyDb';
import { payoutAccounts } from '../../platform/db/schema';

export interface StarsCreditTerms {
  readonly currency: PayoutCurrency;
  /** What one Star earns, a plain decimal in the currency's major units (STARS_RATE_*). */
  readonly rate: string;
}

const isPayoutCurrency = (value: string): value is PayoutCurrency =>
  (PAYOUT_CURRENCIES as readonly string[]).includes(value);

/** The currency a creator's Stars earnings are credited in (see above). */
export async function starsCreditCurrency(
  db: DbOrTx,
  creatorId: number,
  priceCurrency: string,
): Promise<PayoutCurrency> {
  const [account] = await db
    .select({ currency: payoutAccounts.currency })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, creatorId));
  if (account !== undefined && isPayoutCurrency(account.currency)) return account.currency;
  return isPayoutCurrency(priceCurrency) ? priceCurrency : 'eur';
}

/** The creator's credit currency and its configured rate, or null when that currency has no STARS_RATE_*. */
export async function starsCreditTerms(
  db: DbOrTx,
  rates: ReadonlyMap<string, string>,
  creatorId: number,
  priceCurrency: string,
): Promise<StarsCreditTerms | null> {
  const currency = await starsCreditCurrency(db, creatorId, priceCurrency);
  const rate = rates.get(currency);
  return rate === undefined ? null : { currency, rate };
}
