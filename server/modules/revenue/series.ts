/**
 * The revenue series' reads from the sums migrations 0060 and 0061 keep: per creator, channel, currency, line type,
 * source and quarter hour (and per UTC day) the earnings lines' sums, per channel and quarter hour (and UTC day) the
 * memberships activated and expiring. A bucket of the series (a day, week or month in a zone whose offset is a whole
 * number of quarter hours) is whole UTC days plus, at an edge that is not 00:00 UTC, whole quarter hours of the day it
 * cuts: the database reads the day rows of the uncut days and the slots of the cut ones, and sums them per bucket
 * (width_bucket over the bucket starts), answering a row per bucket, currency, source and type. The cost follows the
 * range's days and edges, not its ledger lines or members.
 */
import { sql } from 'drizzle-orm';
import type { TransactionType } from '../../../src/domain/entities';
import type { Currency } from '../../../src/domain/money';
import type { RevenueSource } from '../../../src/domain/revenue';
import { type DbOrTx, rowsOf } from '../../platform/db/db';
import type { RevenueScope } from './repository';

/** The slots' length: every real zone offset is a multiple of it. */
export const REVENUE_SLOT_MS = 15 * 60_000;
const DAY_MS = 24 * 3600_000;

/** 00:00 UTC of the days that the instants cut (fall inside of), without repeats. */
function cutDays(instants: readonly number[]): number[] {
  return [...new Set(instants.filter((at) => at % DAY_MS !== 0).map((at) => Math.floor(at / DAY_MS) * DAY_MS))];
}

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
    const from = starts[0]!;
    const cuts = timestamps(cutDays([...starts, to]));
    const channel = (alias: string) =>
      scope.channelId === null ? sql`` : sql` and ${sql.raw(alias)}.channel_id = ${scope.channelId}`;
    const rows = rowsOf<Record<string, string | number | bigint>>(
      await this.db.execute(sql`
        select width_bucket(e.at, ${timestamps(starts)}::timestamptz[]) - 1 as bucket, e.currency, e.source, e.type,
          sum(e.amount)::int8 as amount, sum(e.stars_minor)::int8 as stars_minor, sum(e.stars)::int8 as stars,
          sum(e.lines)::int8 as lines
        from (
          select d.day as at, d.currency, d.source, d.type, d.amount, d.stars_minor, d.stars, d.lines
          from revenue_days d
          where d.user_id = ${scope.creatorId}${channel('d')} and d.day >= ${at(Math.floor(from / DAY_MS) * DAY_MS)}
            and d.day < ${at(to)} and d.day <> all(${cuts}::timestamptz[])
          union all
          select r.slot, r.currency, r.source, r.type, r.amount, r.stars_minor, r.stars, r.lines
          from unnest(${cuts}::timestamptz[]) c(day)
          join revenue_slots r on r.user_id = ${scope.creatorId}${channel('r')}
            and r.slot >= greatest(c.day, ${at(from)}) and r.slot < least(c.day + interval '24 hours', ${at(to)})
        ) e
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
   * Activations and expiries of the scope's memberships in [starts[0], to): the kept counts per bucket (expiries only
   * of the days and slots before now's slot), and the expiries of now's own slot read from the memberships (the
   * (subscription_id, expires_at) index), as only those up to now are lost.
   */
  async members(scope: RevenueScope, starts: readonly number[], to: number, now: number): Promise<SlotMembers> {
    const from = starts[0]!;
    const nowSlot = Math.floor(now / REVENUE_SLOT_MS) * REVENUE_SLOT_MS;
    // Now's own day read in slots too: its expiries count up to now's slot.
    const cuts = timestamps(cutDays([...starts, to, nowSlot + 1]));
    const channel = scope.channelId === null ? sql`` : sql` and c.id = ${scope.channelId}`;
    const rows = rowsOf<{ bucket: number | string | null; joined: number | string; lost: number | string }>(
      await this.db.execute(sql`
        select width_bucket(e.at, ${timestamps(starts)}::timestamptz[]) - 1 as bucket, sum(e.joined)::int8 as joined,
          coalesce(sum(e.expiring) filter (where e.at < ${at(nowSlot)}), 0)::int8 as lost
        from (
          select d.day as at, d.joined, d.expiring
          from channels c join channel_member_days d on d.channel_id = c.id
          where c.owner_id = ${scope.creatorId}${channel} and d.day >= ${at(Math.floor(from / DAY_MS) * DAY_MS)}
            and d.day < ${at(to)} and d.day <> all(${cuts}::timestamptz[])
          union all
          select k.slot, k.joined, k.expiring
          from channels c cross join unnest(${cuts}::timestamptz[]) u(day)
          join channel_member_slots k on k.channel_id = c.id
            and k.slot >= greatest(u.day, ${at(from)}) and k.slot < least(u.day + interval '24 hours', ${at(to)})
          where c.owner_id = ${scope.creatorId}${channel}
        ) e
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
