/**
 * Revenue insights: monthly recurring revenue and members gained and lost per month (the server keeps both as
 * counters, migration 0056; these are the rules they follow, shared with the in-memory backend and the tests).
 *
 * - **MRR** is the sum, over recurring memberships that will renew (status active, not one-time, not expired), of the
 *   price their next renewal charges, normalised to a month: a week counts 52/12, a month 1, a quarter 1/3, a year
 *   1/12. Each membership adds `price × renewals a year` (integers, exact); the month figure is that yearly sum
 *   divided by 12 and rounded once, half up, to a whole minor unit (a Star for Stars). Per currency, never summed
 *   across currencies; memberships paid in Telegram Stars count in Stars (what Telegram renews them for).
 * - **New members** of a month: memberships activated in it, by a first payment (or a gift redeemed: its giver paid)
 *   or by one after the last period had ended (one per subscription: a person in two subscriptions counts twice). A
 *   gift's membership does not renew, so it never counts towards MRR.
 * - **Lost members** of a month: memberships whose access ended in it without a renewal: the end of the paid period
 *   after a cancel or a ban (a ban cancels), after a renewal that failed, or a refund (which ends the membership at
 *   once). A removal from a private channel follows such an end and is not counted again. A membership renewed late
 *   within the same activation, or renewed after a cancel before it ended, is not lost.
 * - **Free trials** are not paid: a membership on trial counts in neither figure; the payment that converts it makes a
 *   new member (in the month of that payment), and a trial that ends unpaid is not lost (trial conversion counts it).
 * - **Months** are calendar months in UTC: the counters are kept as memberships change, before anyone views them, so
 *   they cannot follow each viewer's zone; a month near midnight on the 1st may shift by a few hours' events.
 */
import { DateTime } from 'luxon';
import type { Period } from './entities';

/** Renewals a year of each period; 0: not recurring. The SQL twin is insights_periods_a_year (migration 0056). */
export const PERIODS_A_YEAR: Readonly<Record<Period | 'quarterly', number>> = {
  onetime: 0,
  weekly: 52,
  monthly: 12,
  quarterly: 4,
  yearly: 1,
};

/** How many months the insights show, the current one last. */
export const INSIGHT_MONTHS = 12;

/** A membership's contribution to the yearly run rate: its renewal price × renewals a year (0 if one-time). */
export function yearlyRunRateMinor(priceMinor: number, period: Period | 'quarterly'): number {
  return priceMinor * (PERIODS_A_YEAR[period] ?? 0);
}

/** The monthly figure of a yearly run rate: yearly / 12, rounded half up to a whole minor unit (or Star). */
export function monthlyFromYearly(yearlyMinor: number): number {
  const whole = Math.floor(yearlyMinor / 12);
  const rest = yearlyMinor - whole * 12;
  return rest * 2 >= 12 ? whole + 1 : whole;
}

export interface MrrMembership {
  readonly status: 'active' | 'cancelled';
  readonly period: Period;
  /** Epoch ms; absent: never expires. */
  readonly expiresAtMs?: number;
  /** What the next renewal charges, in minor units of `currency`. */
  readonly priceMinor: number;
  readonly currency: string;
  /** Paid in Telegram Stars: the Stars its renewal costs (then it counts in Stars, currency `xtr`). */
  readonly stars?: number;
  /** A free trial not paid yet. */
  readonly onTrial?: boolean;
}

/** True when the membership counts towards MRR at `nowMs`: it renews and has not expired. */
export function countsForMrr(
  member: Pick<MrrMembership, 'status' | 'period' | 'expiresAtMs' | 'onTrial'>,
  nowMs: number,
): boolean {
  return (
    member.onTrial !== true &&
    member.status === 'active' &&
    PERIODS_A_YEAR[member.period] > 0 &&
    (member.expiresAtMs === undefined || member.expiresAtMs > nowMs)
  );
}

export interface MrrTotal {
  /** An ISO currency in lower case, or `xtr` for Telegram Stars. */
  readonly currency: string;
  readonly yearlyMinor: number;
  readonly members: number;
}

/** MRR per currency (Stars as `xtr`) from the memberships themselves: what the kept counters must equal. */
export function mrrOf(members: readonly MrrMembership[], nowMs: number): MrrTotal[] {
  const totals = new Map<string, { yearlyMinor: number; members: number }>();
  for (const member of members) {
    if (!countsForMrr(member, nowMs)) continue;
    const currency = member.stars !== undefined ? 'xtr' : member.currency;
    const price = member.stars ?? member.priceMinor;
    const total = totals.get(currency) ?? { yearlyMinor: 0, members: 0 };
    total.yearlyMinor += yearlyRunRateMinor(price, member.period);
    total.members += 1;
    totals.set(currency, total);
  }
  return [...totals.entries()]
    .map(([currency, total]) => ({ currency, ...total }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The first instants (epoch ms, UTC) of the last `count` calendar months, oldest first, the last holding `now`. */
export function insightMonthStarts(nowMs: number, count = INSIGHT_MONTHS): number[] {
  const current = DateTime.fromMillis(nowMs, { zone: 'utc' }).startOf('month');
  const starts: number[] = [];
  for (let back = count - 1; back >= 0; back -= 1) starts.push(current.minus({ months: back }).toMillis());
  return starts;
}

/** The UTC month (`YYYY-MM`) an instant falls in. */
export function insightMonthOf(atMs: number): string {
  return DateTime.fromMillis(atMs, { zone: 'utc' }).toFormat('yyyy-MM');
}

export interface MembershipHistory {
  /** Epoch ms of the membership's current activation. */
  readonly activatedAtMs: number;
  /** Epoch ms of its end; absent: it never ends. */
  readonly expiresAtMs?: number;
  /** A free trial not paid yet: neither new nor lost. */
  readonly onTrial?: boolean;
}

/**
 * New and lost members per month from the memberships (their current activation and end), for months in range:
 * what the kept counters must equal when every membership has been activated once.
 */
export function memberMonthsOf(
  members: readonly MembershipHistory[],
  nowMs: number,
  count = INSIGHT_MONTHS,
): { month: string; newMembers: number; lostMembers: number }[] {
  const months = insightMonthStarts(nowMs, count).map((start) => ({
    month: insightMonthOf(start),
    newMembers: 0,
    lostMembers: 0,
  }));
  const byMonth = new Map(months.map((month) => [month.month, month]));
  for (const member of members) {
    if (member.onTrial === true) continue;
    const joined = byMonth.get(insightMonthOf(member.activatedAtMs));
    if (joined && member.activatedAtMs <= nowMs) joined.newMembers += 1;
    if (member.expiresAtMs !== undefined && member.expiresAtMs <= nowMs) {
      const lost = byMonth.get(insightMonthOf(member.expiresAtMs));
      if (lost) lost.lostMembers += 1;
    }
  }
  return months;
}
