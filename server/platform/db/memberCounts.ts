/**
 * The member-counts job (migration 0041): subscriber counts are kept by a trigger on every membership write, and
 * expiry, which writes nothing, is read as the ends between when a count was kept and now. This job takes the ends
 * passed off the kept counts and moves their time up to now, each count in the same transaction as its ends, so the
 * ends a read has to pass over stay few. Bounded batches: each call settles at most SETTLE_BATCH subscriptions and
 * SETTLE_BATCH channels in one transaction.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './db';

const SETTLE_BATCH = 100;

export async function settleMemberCounts(db: Db, nowMs: number): Promise<{ settled: number }> {
  let settled = 0;
  for (;;) {
    const [row] = rowsOf<{ moved: number }>(
      await db.execute(
        sql`select member_counts_settle(${new Date(nowMs).toISOString()}::timestamptz, ${SETTLE_BATCH}) as moved`,
      ),
    );
    const moved = Number(row?.moved ?? 0);
    settled += moved;
    if (moved < SETTLE_BATCH) return { settled };
  }
}
