/**
 * Payout rules (spec sections 3 and 9).
 *
 * Schedule (documented decision): payouts run on the 10th and the 25th at PAYOUT_HOUR:00 in the payout zone
 * (UTC unless told). A payout day counts as "next" only before that time; from PAYOUT_HOUR on, the next payout is
 * the following one. The 10th pays earnings made from the 1st to the end of the 15th of the previous month; the 25th
 * pays earnings from the 16th to the end of the previous month. Windows are half-open [from, to).
 */
import { DateTime } from 'luxon';
import type { PayoutMethod } from './entities';
import { type Currency, type Money, type PayoutCurrency, PAYOUT_CURRENCIES, currencyExponent, money } from './money';

/** Maps the API's method type and system type to a payout method (section 3). */
export function payoutMethodFromApi(methodType: string, systemType?: string | null): PayoutMethod {
  if (methodType !== 'bank_account') return 'bank_card';
  if (systemType === 'global') return 'global_bank_account';
  if (systemType === 'ru') return 'ru_account';
  // No system type means swift. An unknown system type is still a bank account; swift is the generic bank route.
  return 'swift';
}

/** The reverse mapping, for the save request. */
export function payoutMethodToApi(method: PayoutMethod): { methodType: string; systemType: string | null } {
  switch (method) {
    case 'global_bank_account':
      return { methodType: 'bank_account', systemType: 'global' };
    case 'ru_account':
      return { methodType: 'bank_account', systemType: 'ru' };
    case 'swift':
      return { methodType: 'bank_account', systemType: null };
    case 'bank_card':
      return { methodType: 'bank_card', systemType: null };
  }
}

/** Minimum balance for a payout: €100.00 or ₽3,000.00. */
export const PAYOUT_MINIMUM: Readonly<Record<PayoutCurrency, Money>> = {
  eur: money(10000, 'eur'),
  rub: money(300000, 'rub'),
};

/** True when the balance reaches the payout minimum of its currency; balances in other currencies are never paid out. */
export function meetsPayoutMinimum(balance: Money): boolean {
  if (!(PAYOUT_CURRENCIES as readonly string[]).includes(balance.currency)) return false;
  return balance.minor >= PAYOUT_MINIMUM[balance.currency as PayoutCurrency].minor;
}

/** A rate as text: units of the target currency per unit of the source currency, up to 12 decimals ("0.9234"). */
export type ExchangeRate = string;

const RATE = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** True for a positive rate written as a plain decimal. */
export function isExchangeRate(rate: string): boolean {
  return RATE.test(rate) && /[1-9]/.test(rate);
}

/**
 * A sum converted into a payout currency at `rate`, in whole minor units, rounded down (a conversion never pays
 * more than the rate gives). Exact: the rate's decimal digits are taken as an integer fraction, never as a float.
 */
export function convertForPayout(amount: Money, to: PayoutCurrency, rate: ExchangeRate): Money {
  const match = RATE.exec(rate);
  if (match === null || !isExchangeRate(rate)) throw new RangeError(`invalid exchange rate ${rate}`);
  const fraction = match[2] ?? '';
  const numerator = BigInt(`${match[1]}${fraction}`) * 10n ** BigInt(currencyExponent(to));
  const denominator = 10n ** BigInt(fraction.length + currencyExponent(amount.currency));
  return money(Number((BigInt(amount.minor) * numerator) / denominator), to);
}

export interface AnnouncedPayouts {
  /** Exactly what the next payout run takes out of each balance, per currency. */
  readonly next: Money[];
  /** The rest of the payout balance: it waits for a later run. */
  readonly later: Money[];
}

/**
 * What the payout page may promise (the payout job applies the same rule): of the sums the next run's window makes
 * due, those in the payout account's currency that reach its minimum go out; a sum in another currency goes out
 * converted into the account's currency when a rate is known (`rates`: source currency → rate) and the converted
 * sum reaches the minimum (an estimate at today's rate: the run converts at the payout day's); everything else in the
 * payout balance is announced for later.
 */
export function announcePayouts(
  payoutBalances: readonly Money[],
  dueAtNext: readonly Money[],
  accountCurrency: Currency | null,
  rates: ReadonlyMap<Currency, ExchangeRate> = new Map(),
): AnnouncedPayouts {
  const payable = (due: Money): boolean => {
    if (accountCurrency === null || !(PAYOUT_CURRENCIES as readonly string[]).includes(accountCurrency)) return false;
    if (due.currency === accountCurrency) return meetsPayoutMinimum(due);
    const rate = rates.get(due.currency);
    return rate !== undefined && meetsPayoutMinimum(convertForPayout(due, accountCurrency as PayoutCurrency, rate));
  };
  const next = dueAtNext.filter(payable);
  const later = payoutBalances
    .map((balance) =>
      money(balance.minor - (next.find((paid) => paid.currency === balance.currency)?.minor ?? 0), balance.currency),
    )
    .filter((rest) => rest.minor > 0);
  return { next, later };
}

export const PAYOUT_DAYS = [10, 25] as const;
/** Hour of the payout day at which the payout runs, in the payout zone. */
export const PAYOUT_HOUR = 12;
export const DEFAULT_PAYOUT_ZONE = 'UTC';

function inZone(ms: number, zone: string): DateTime {
  const at = DateTime.fromMillis(ms, { zone });
  if (!at.isValid) throw new RangeError(`invalid time zone ${zone}`);
  return at;
}

export function isPayoutDay(nowMs: number, zone: string = DEFAULT_PAYOUT_ZONE): boolean {
  return (PAYOUT_DAYS as readonly number[]).includes(inZone(nowMs, zone).day);
}

/** The instant (epoch ms) of the next payout strictly after now: the 10th or 25th at PAYOUT_HOUR in the zone. */
export function nextPayoutDate(nowMs: number, zone: string = DEFAULT_PAYOUT_ZONE): number {
  const now = inZone(nowMs, zone);
  for (let monthOffset = 0; monthOffset < 2; monthOffset += 1) {
    const month = now.startOf('month').plus({ months: monthOffset });
    for (const day of PAYOUT_DAYS) {
      const payout = month.set({ day, hour: PAYOUT_HOUR });
      if (payout.toMillis() > nowMs) return payout.toMillis();
    }
  }
  throw new Error('unreachable: a payout day always exists within two months');
}

/** The payout date as the API carries it (yyyy-MM-dd in the zone). */
export function payoutDateString(payoutMs: number, zone: string = DEFAULT_PAYOUT_ZONE): string {
  return inZone(payoutMs, zone).toFormat('yyyy-MM-dd');
}

/**
 * The earnings window [fromMs, toMs) a payout on `payoutDateMs` pays out (see the module comment).
 * Throws a RangeError when the date is not a payout day: that is a caller bug.
 */
export function payoutWindowFor(payoutDateMs: number, zone: string = DEFAULT_PAYOUT_ZONE): [number, number] {
  const payout = inZone(payoutDateMs, zone);
  const previousMonth = payout.startOf('month').minus({ months: 1 });
  const midMonth = previousMonth.set({ day: 16 });
  if (payout.day === 10) return [previousMonth.toMillis(), midMonth.toMillis()];
  if (payout.day === 25) return [midMonth.toMillis(), payout.startOf('month').toMillis()];
  throw new RangeError(`not a payout day: ${payout.toISODate() ?? payoutDateMs}`);
}

export type { PayoutProgress } from './entities';

/**
 * When a payout sent at `sentAtMs` is expected on the account: a card the next day, a bank account within three
 * business days (Smart Glocal: "a bank wire takes 1–3 business days"; weekends do not count).
 */
export function expectedPayoutArrival(sentAtMs: number, method: PayoutMethod): number {
  const sent = DateTime.fromMillis(sentAtMs, { zone: 'utc' });
  if (method === 'bank_card') return sent.plus({ days: 1 }).toMillis();
  let day = sent;
  for (let added = 0; added < 3;) {
    day = day.plus({ days: 1 });
    if (day.weekday <= 5) added += 1;
  }
  return day.toMillis();
}
