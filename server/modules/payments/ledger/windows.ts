/**
 * Earnings windows and balance kinds, built on the payout schedule of src/domain/payout.ts.
 *
 * A creator's earnings (payout amounts of sell_subscription and get_donation) fall into half-month windows
 * [1st, 16th) and [16th, 1st of the next month) in the payout zone. A window closes at its end; its earnings are paid
 * on the next payout day that covers it (the 10th pays the previous month's first half, the 25th its second half).
 *
 * Balance kinds, per currency, derived from the ledger only:
 * - payout balance = earnings made before the start of the open window − every withdrawal so far: money of closed
 *   windows still waiting to be paid out (including amounts carried over because they were below the minimum);
 * - active balance = earnings made in the open window, not yet payable.
 * active + payout = all earnings − refunds issued − all withdrawals = the creator's ledger sum. A refund counts in the
 * window of the sale it reverses. A withdrawal only ever takes earnings before its payout's window end, which is never
 * later than the open window's start, so the payout balance is negative only when a sale already paid out is refunded:
 * later earnings net it out before anything more is paid.
 */
import { DateTime } from 'luxon';
import { DEFAULT_PAYOUT_ZONE, PAYOUT_DAYS, PAYOUT_HOUR, payoutWindowFor } from '../../../../src/domain/payout';

/** Start (epoch ms) of the window that is still open at `nowMs`: the 16th or the 1st, whichever came last. */
export function openWindowStart(nowMs: number, zone: string = DEFAULT_PAYOUT_ZONE): number {
  const now = DateTime.fromMillis(nowMs, { zone });
  const month = now.startOf('month');
  return (now.day >= 16 ? month.set({ day: 16 }) : month).toMillis();
}

/** Start (epoch ms) of the window after the one open at `nowMs`: when today's active earnings become payable. */
export function nextWindowStart(nowMs: number, zone: string = DEFAULT_PAYOUT_ZONE): number {
  const open = DateTime.fromMillis(openWindowStart(nowMs, zone), { zone });
  return (open.day === 16 ? open.startOf('month').plus({ months: 1 }) : open.set({ day: 16 })).toMillis();
}

/** The latest payout instant (10th or 25th at PAYOUT_HOUR) at or before `nowMs`. */
export function latestPayoutAt(nowMs: number, zone: string = DEFAULT_PAYOUT_ZONE): number {
  const now = DateTime.fromMillis(nowMs, { zone });
  for (let monthOffset = 0; monthOffset <= 1; monthOffset += 1) {
    const month = now.startOf('month').minus({ months: monthOffset });
    for (const day of [...PAYOUT_DAYS].reverse()) {
      const payout = month.set({ day, hour: PAYOUT_HOUR }).toMillis();
      if (payout <= nowMs) return payout;
    }
  }
  throw new Error('unreachable: a payout day always exists within two months');
}

/** Earnings made before this instant are payable by the payout at `payoutAtMs`. */
export function payoutCutoff(payoutAtMs: number, zone: string = DEFAULT_PAYOUT_ZONE): number {
  return payoutWindowFor(payoutAtMs, zone)[1];
}

/** yyyy-MM-dd of a payout instant: identifies one payout run per creator and currency. */
export function payoutRunDate(payoutAtMs: number, zone: string = DEFAULT_PAYOUT_ZONE): string {
  return DateTime.fromMillis(payoutAtMs, { zone }).toFormat('yyyy-MM-dd');
}
