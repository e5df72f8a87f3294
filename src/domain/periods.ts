/**
 * Membership periods: how far a payment moves the expiry (the server's settlement and the in-memory backend both).
 *
 * - A first payment starts the period now.
 * - Paying again (a renewal, or a new invoice payment of an expired or cancelled membership) continues from the old
 *   expiry while it is in the future, so no paid day is lost; once it has passed, the new period starts now: the
 *   payer is never charged for days already gone by (this is also how renewals catch up after downtime: one charge,
 *   one period from now).
 * - Renewals follow the same rule: charged a day before expiry, the new period follows the old expiry; charged at or
 *   after expiry (the final attempt, or catching up after downtime), it starts at the charge.
 * Months and years are calendar months and years in UTC (31 January + 1 month = 28/29 February).
 */
import { DateTime } from 'luxon';
import type { Period } from './entities';

export type RecurringPeriod = Exclude<Period, 'onetime'>;

export function isRecurring(period: Period): period is RecurringPeriod {
  return period !== 'onetime';
}

export function addPeriod(fromMs: number, period: RecurringPeriod): number {
  const from = DateTime.fromMillis(fromMs, { zone: 'utc' });
  switch (period) {
    case 'weekly':
      return from.plus({ weeks: 1 }).toMillis();
    case 'monthly':
      return from.plus({ months: 1 }).toMillis();
    case 'yearly':
      return from.plus({ years: 1 }).toMillis();
  }
}

/** The new expiry (epoch ms) after a payment for `period`; null for one-time memberships, which never expire. */
export function nextExpiry(currentExpiryMs: number | null, period: Period, nowMs: number): number | null {
  if (!isRecurring(period)) return null;
  const start = currentExpiryMs !== null && currentExpiryMs > nowMs ? currentExpiryMs : nowMs;
  return addPeriod(start, period);
}
