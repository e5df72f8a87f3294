import { performance } from 'node:perf_hooks';

/** How long a remembered value is used, and how many are kept. */
export const RECENT_MS = 5_000;
export const RECENT_ENTRIES = 1_000;

/**
 * What this process wrote moments ago, by id: the payment rows of PaymentService (with their row version) and the
 * Smart Glocal double's sessions. A write that follows within milliseconds (the provider's answers and notifications
 * follow our calls; the double's confirmation follows its own insert) starts from the remembered value instead of
 * reading it again. Only where being stale is safe: a state that brings no news to a remembered payment brings none
 * to the row as it is now (states only move forward), and a write made from a remembered value is a compare-and-set
 * that another writer's change refuses. Entries older than RECENT_MS are not used (another process may have moved the
 * row on since), and at most RECENT_ENTRIES are kept.
 */
export class RecentlyWritten<T> {
  private readonly entries = new Map<string, { readonly value: T; readonly at: number }>();

  /** `now`: a monotonic clock in milliseconds (the real one; not the server's, which tests may stop). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  remember(id: string, value: T): void {
    this.entries.delete(id);
    this.entries.set(id, { value, at: this.now() });
    if (this.entries.size > RECENT_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(id: string): void {
    this.entries.delete(id);
  }

  get(id: string): T | undefined {
    const entry = this.entries.get(id);
    return entry !== undefined && this.now() - entry.at <= RECENT_MS ? entry.value : undefined;
  }
}
