/**
 * The revenue series' reads from the slots migration 0060 keeps: per creator, channel, currency, line type, source
 * and quarter hour the earnings lines' sums, per channel and quarter hour the memberships activated and expiring.
 * A bucket of the series (a day, week or month in a zone whose offset is a whole number of quarter hours) is a whole
 * number of slots, so the database sums the slots per bucket (width_bucket over the bucket starts) and answers a row
 * per bucket, currency, source and type: the cost follows the range's slots, not its ledger lines or members.
 */
import { sql } from 'drizzle-orm';
import type { TransactionType } from '../../../src/domain/entities';
import type { Currency } from '../../../src/domain/money';
import type { RevenueSource } from '../../../src/domain/revenue';
import { type DbOrTx, rowsOf } from '../../platform/db/db';
import type { RevenueScope } from './repository';

/** The slots' length: every real zone offset is a multiple of it. */
export const REVENUE_SLOT_MS = 15 * 60_000;

/** One bucket's sums of one currency, source and line type (amounts unsigned, as the ledger stores them). */
export interface SlotTotal {
  /** Index into the bucket starts given. */
  readonly bucket: number;
  readonly currency: Currency;
  readonly source: RevenueSource;
  readonly type: TransactionType;
  readonly amount: number;
  /** The part of `amount` from Telegram Stars lines, and their Stars. */
  readonly starsMinor: number;
  readonly stars: number;
  readonly lines: number;
}

export interface SlotMembers {
  /** Per bucket: activations, and expiries in slots that ended by now's slot. */
  readonly counts: readonly { readonly bucket: number; readonly joined: number; readonly lost: number }[];
  /** Epoch ms of the expiries in now's slot up to now (the series counts only those at or before now). */
  readonly expiriesNow: readonly number[];
}

const timestamps = (values: readonly number[]) => `{${values.map((value) => new Date(value).toISOString()).join(',')}}`;
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

export class RevenueSlotsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The earnings in [starts[0], to), summed per bucket, currency, source and type. */
  async totals(scope: RevenueScope, starts: readonly number[], to: number): Promise<SlotTotal[]> {
    const rows = rowsOf<Record<string, string | number | bigint>>(
      await this.db.execute(sql`
        select width_bucket(r.slot, ${timestamps(starts)}::timestamptz[]) - 1 as bucket, r.currency, r.source, r.type,
          sum(r.amount)::int8 as amount, sum(r.stars_minor)::int8 as stars_minor, sum(r.stars)::int8 as stars,
          sum(r.lines)::int8 as lines
        from revenue_slots r
        where r.user_id = ${scope.creatorId}${scope.channelId === null ? sql`` : sql` and r.channel_id = ${scope.channelId}`}
          and r.slot >= ${at(starts[0]!)} and r.slot < ${at(to)}
        group by 1, 2, 3, 4`),
    );
    return rows.map((row) => ({
      bucket: Number(row.bucket),
      currency: row.currency as Currency,
      source: row.source as RevenueSource,
      type: row.type as TransactionType,
      amount: Number(row.amount),
      starsMinor: Number(row.stars_minor),
      stars: Number(row.stars),
      lines: Number(row.lines),
    }));
  }

  /**
   * Activations and expiries of the scope's memberships in [starts[0], to): the slots' counts per bucket, and the
   * expiries of now's own slot read from the memberships (the (subscription_id, expires_at) index), as only those up
   * to now are lost.
   */
  async members(scope: RevenueScope, starts: readonly number[], to: number, now: number): Promise<SlotMembers> {
    const nowSlot = Math.floor(now / REVENUE_SLOT_MS) * REVENUE_SLOT_MS;
    const channel = scope.channelId === null ? sql`` : sql` and c.id = ${scope.channelId}`;
    const rows = rowsOf<{ bucket: number | string | null; joined: number | string; lost: number | string }>(
      await this.db.execute(sql`
        select width_bucket(k.slot, ${timestamps(starts)}::timestamptz[]) - 1 as bucket, sum(k.joined)::int8 as joined,
          coalesce(sum(k.expiring) filter (where k.slot < ${at(nowSlot)}), 0)::int8 as lost
        from channels c join channel_member_slots k on k.channel_id = c.id
        where c.owner_id = ${scope.creatorId}${channel} and k.slot >= ${at(starts[0]!)} and k.slot < ${at(to)}
        group by 1
        union all
        select null, floor(extract(epoch from m.expires_at) * 1000)::int8, 0
        from channels c join subscriptions s on s.channel_id = c.id join subscription_members m on m.subscription_id = s.id
        where c.owner_id = ${scope.creatorId}${channel}
          and m.expires_at >= ${at(nowSlot)} and m.expires_at < ${at(now + 1)}`),
    );
    return {
      counts: rows
        .filter((row) => row.bucket !== null)
        .map((row) => ({ bucket: Number(row.bucket), joined: Number(row.joined), lost: Number(row.lost) })),
      expiriesNow: rows.filter((row) => row.bucket === null).map((row) => Number(row.joined)),
    };
  }
}
