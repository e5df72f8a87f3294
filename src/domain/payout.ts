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
import { type Currency, type Money, type PayoutCurrency, PAYOUT_CURRENCIES, money } from './money';

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

export interface AnnouncedPayouts {
  /** Exactly what the next payout run sends, per currency. */
  readonly next: Money[];
  /** The rest of the payout balance: it waits for a later run. */
  readonly later: Money[];
}

/**
 * What the payout page may promise (the payout job applies the same rule): of the sums the next run's window makes
 * due, only those that reach their minimum and are in the payout account's currency go out; everything else in the
 * payout balance is announced for later.
 */
export function announcePayouts(payoutBalances: readonly Money[], dueAtNext: readonly Money[], accountCurrency: Currency | null): AnnouncedPayouts {
  const next = dueAtNext.filter((due) => due.currency === accountCurrency && meetsPayoutMinimum(due));
  const later = payoutBalances
    .map((balance) => money(balance.minor - (next.find((paid) => paid.currency === balance.currency)?.minor ?? 0), balance.currency))
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
