import { performance } from 'node:perf_hooks';
import type { PaymentRow } from './settlement';

/** How long a remembered row is used, and how many are kept. */
export const RECENT_ROW_MS = 5_000;
export const RECENT_ROWS = 1_000;

/**
 * Payment rows this process committed moments ago, by id. A provider state that brings no news to such a row brings
 * none to the row as it is now (states only move forward), so it is answered without reading the row again: the
 * provider's answer to a call mostly repeats what its notification, handled here while the call waited, just
 * committed. Entries older than RECENT_ROW_MS are not used (another process may have moved the row on since), and
 * at most RECENT_ROWS are kept.
 */
export class RecentRows {
  private readonly rows = new Map<string, { readonly row: PaymentRow; readonly at: number }>();

  /** `now`: a monotonic clock in milliseconds (the real one; not the server's, which tests may stop). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  remember(row: PaymentRow): void {
    this.rows.delete(row.id);
    this.rows.set(row.id, { row, at: this.now() });
    if (this.rows.size > RECENT_ROWS) this.rows.delete(this.rows.keys().next().value!);
  }

  forget(paymentId: string): void {
    this.rows.delete(paymentId);
  }

  get(paymentId: string): PaymentRow | undefined {
    const entry = this.rows.get(paymentId);
    return entry !== undefined && this.now() - entry.at <= RECENT_ROW_MS ? entry.row : undefined;
  }
}
