/**
 * A dashboard view kept in this process's memory, answered again while nothing it shows has changed.
 *
 * Correct across processes: an entry is keyed by the user's dashboard version (migrations 0004 and 0014), which
 * triggers bump in the same database transaction as every change of the user's own rows the dashboard shows, whoever
 * writes it; the auth hook reads the version with the user on every request, so a write committed by any process makes
 * every copy miss. A fill reads the version first and the data after, so an entry is never older than its version (at worst
 * newer, which only makes the next version miss). Version 0 (no row yet) is never cached.
 * Time-driven changes need no write: an entry ends at the next earnings window (active → payout balances), and the
 * subscriber counts, which move with every member's expiry (often, with a big audience), are read again on each hit
 * rather than ending the entry (DashboardService.cachedCreator).
 * The follower view shows other owners' subscriptions and channels: its entry also holds their row versions, checked
 * on every hit with their counts (DashboardService.cachedFollower), so an owner's write ends only the entries that
 * show the row it changed.
 * What is read fresh on every request stays out: the user row (profile, verification, migration refusal, ban).
 */
export interface CachedEntry<T> {
  readonly version: number;
  /** Server time of the fill: the clock only moves forward, but a different clock must not reuse it. */
  readonly computedAtMs: number;
  /** Exclusive end of validity (epoch ms). */
  readonly validUntilMs: number;
  readonly value: T;
}

export class DashboardCache<T> {
  private readonly entries = new Map<number, CachedEntry<T>>();

  constructor(private readonly maxEntries = 10_000) {}

  get(userId: number, version: number, nowMs: number): T | undefined {
    const entry = this.entries.get(userId);
    if (entry === undefined || version === 0 || entry.version !== version) return undefined;
    if (nowMs < entry.computedAtMs || nowMs >= entry.validUntilMs) return undefined;
    return entry.value;
  }

  set(userId: number, entry: CachedEntry<T>): void {
    if (entry.version === 0 || entry.validUntilMs <= entry.computedAtMs) return;
    const current = this.entries.get(userId);
    // A slow fill of an older version must not replace a newer one.
    if (current !== undefined && current.version > entry.version) return;
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
