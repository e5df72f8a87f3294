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
import type { ModerationState, TransactionType } from '../../../src/domain/entities';
import type { Currency } from '../../../src/domain/money';
import type { RevenueSource } from '../../../src/domain/revenue';
import type { Db } from '../../platform/db/db';
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

export interface SeriesReads {
  readonly totals: SlotTotal[];
  readonly members: SlotMembers;
  /** The channel asked about (one channel's scope): its owner and moderation, read in the same round trip. */
  readonly channel: { readonly ownerId: number; readonly moderation: ModerationState } | null;
}

const timestamps = (values: readonly number[]) => `{${values.map((value) => new Date(value).toISOString()).join(',')}}`;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The series' reads in one prepared statement per scope (every channel, or one with its owner check), built once per
 * database and prepared once per connection: a row per bucket, currency, source and type of the earnings ('t'), a row
 * per bucket of activations and expiries ('m'), one per expiry in now's own slot ('x') and the channel's ('c'). One
 * round trip, and neither parsing nor drizzle's building on each request.
 * PostgreSQL runs it with a generic plan (planned once per connection, without the values). The slots of each cut day
 * are read in a lateral subquery kept apart by `offset 0`: otherwise that plan joins the cut days to every slot of
 * the creator (or channel) and filters after, as it cannot know how few days are cut.
 */
function seriesStatement(db: Db, oneChannel: boolean) {
  const value = (name: string) => sql.placeholder(name);
  const instant = (name: string) => sql`${value(name)}::timestamptz`;
  const instants = (name: string) => sql`${value(name)}::timestamptz[]`;
  const creator = value('creatorId');
  const byChannel = (column: string) => (oneChannel ? sql` and ${sql.raw(column)} = ${value('channelId')}` : sql``);
  const bucket = sql`width_bucket(e.at, ${instants('starts')}) - 1`;
  return db
    .select({
      kind: sql<'t' | 'm' | 'x' | 'c'>`f.kind`,
      bucket: sql<number | string | null>`f.bucket`,
      currency: sql<string | null>`f.currency`,
      source: sql<string | null>`f.source`,
      type: sql<string | null>`f.type`,
      a: sql<number | string>`f.a`,
      b: sql<number | string>`f.b`,
      c: sql<number | string>`f.c`,
      d: sql<number | string>`f.d`,
    })
    .from(
      sql`(
        select 't' as kind, ${bucket} as bucket, e.currency, e.source, e.type, sum(e.amount)::int8 as a,
          sum(e.stars_minor)::int8 as b, sum(e.stars)::int8 as c, sum(e.lines)::int8 as d
        from (
          select d.day as at, d.currency, d.source, d.type, d.amount, d.stars_minor, d.stars, d.lines
          from revenue_days d
          where d.user_id = ${creator}${byChannel('d.channel_id')} and d.day >= ${instant('fromDay')}
            and d.day < ${instant('to')} and d.day <> all(${instants('totalCuts')})
          union all
          select r.slot, r.currency, r.source, r.type, r.amount, r.stars_minor, r.stars, r.lines
          from unnest(${instants('totalCuts')}) c(day)
          cross join lateral (
            select r.slot, r.currency, r.source, r.type, r.amount, r.stars_minor, r.stars, r.lines
            from revenue_slots r
            where r.user_id = ${creator}${byChannel('r.channel_id')} and r.slot >= greatest(c.day, ${instant('from')})
              and r.slot < least(c.day + interval '24 hours', ${instant('to')})
            offset 0
          ) r
        ) e
        group by 2, 3, 4, 5
        union all
        select 'm', ${bucket}, null, null, null, sum(e.joined)::int8,
          coalesce(sum(e.expiring) filter (where e.at < ${instant('nowSlot')}), 0)::int8, 0, 0
        from (
          select d.day as at, d.joined, d.expiring
          from channels c join channel_member_days d on d.channel_id = c.id
          where c.owner_id = ${creator}${byChannel('c.id')} and d.day >= ${instant('fromDay')}
            and d.day < ${instant('to')} and d.day <> all(${instants('memberCuts')})
          union all
          select k.slot, k.joined, k.expiring
          from channels c cross join unnest(${instants('memberCuts')}) u(day)
          cross join lateral (
            select k.slot, k.joined, k.expiring
            from channel_member_slots k
            where k.channel_id = c.id and k.slot >= greatest(u.day, ${instant('from')})
              and k.slot < least(u.day + interval '24 hours', ${instant('to')})
            offset 0
          ) k
          where c.owner_id = ${creator}${byChannel('c.id')}
        ) e
        group by 2
        union all
        select 'x', null, null, null, null, floor(extract(epoch from m.expires_at) * 1000)::int8, 0, 0, 0
        from channels c join subscriptions s on s.channel_id = c.id join subscription_members m on m.subscription_id = s.id
        where c.owner_id = ${creator}${byChannel('c.id')}
          and m.expires_at >= ${instant('nowSlot')} and m.expires_at < ${instant('nowEnd')}${
            oneChannel
              ? sql`
        union all
        select 'c', null, c.moderation, null, null, c.owner_id, 0, 0, 0 from channels c where c.id = ${value('channelId')}`
              : sql``
          }
      ) f`,
    )
    .prepare(oneChannel ? 'revenue_series_channel' : 'revenue_series_all');
}

export class RevenueSeriesRepository {
  private readonly all: ReturnType<typeof seriesStatement>;
  private readonly one: ReturnType<typeof seriesStatement>;

  constructor(db: Db) {
    this.all = seriesStatement(db, false);
    this.one = seriesStatement(db, true);
  }

  /**
   * Earnings in [starts[0], to) per bucket, currency, source and type; activations and expiries per bucket (the
   * kept counts; expiries only of the days and slots before now's slot) and the expiries of now's own slot read from
   * the memberships (the (subscription_id, expires_at) index), as only those up to now are lost.
   */
  async read(scope: RevenueScope, starts: readonly number[], to: number, now: number): Promise<SeriesReads> {
    const from = starts[0]!;
    const nowSlot = Math.floor(now / REVENUE_SLOT_MS) * REVENUE_SLOT_MS;
    const values = {
      creatorId: scope.creatorId,
      starts: timestamps(starts),
      from: iso(from),
      fromDay: iso(Math.floor(from / DAY_MS) * DAY_MS),
      to: iso(to),
      totalCuts: timestamps(cutDays([...starts, to])),
      // Now's own day read in slots too: its expiries count up to now's slot.
      memberCuts: timestamps(cutDays([...starts, to, nowSlot + 1])),
      nowSlot: iso(nowSlot),
      nowEnd: iso(now + 1),
    };
    const rows =
      scope.channelId === null
        ? await this.all.execute(values)
        : await this.one.execute({ ...values, channelId: scope.channelId });
    const totals: SlotTotal[] = [];
    const counts: { bucket: number; joined: number; lost: number }[] = [];
    const expiriesNow: number[] = [];
    let channel: SeriesReads['channel'] = null;
    for (const row of rows) {
      if (row.kind === 't')
        totals.push({
          bucket: Number(row.bucket),
          currency: row.currency as Currency,
          source: row.source as RevenueSource,
          type: row.type as TransactionType,
          amount: Number(row.a),
          starsMinor: Number(row.b),
          stars: Number(row.c),
          lines: Number(row.d),
        });
      else if (row.kind === 'm')
        counts.push({ bucket: Number(row.bucket), joined: Number(row.a), lost: Number(row.b) });
      else if (row.kind === 'x') expiriesNow.push(Number(row.a));
      else channel = { ownerId: Number(row.a), moderation: row.currency as ModerationState };
    }
    return { totals, members: { counts, expiriesNow }, channel };
  }
}
