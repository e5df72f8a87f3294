/**
 * The revenue series' reads from the sums migrations 0060, 0061 and 0067 keep: per creator, channel, currency, line
 * type, source and quarter hour (and per UTC day, and per UTC month) the earnings lines' sums, per channel and quarter
 * hour (and UTC day and month) the memberships activated and expiring. A bucket of the series (a day, week or month in
 * a zone whose offset is a whole number of quarter hours) is whole UTC days plus, at an edge that is not 00:00 UTC,
 * whole quarter hours of the day it cuts: the database reads the slots of the cut days, a past month's row for a month
 * bucket (with the day or two it holds beyond the bucket's whole days taken away) and day rows for the rest, and sums
 * them per bucket, answering a row per bucket, currency, source and type. The cost follows the buckets and their
 * edges, not the range's days, its ledger lines or members.
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

const SHORTEST_MONTH_MS = 28 * DAY_MS;

/** 00:00 UTC of the first day of the UTC month holding `at`, or of the month `ahead` months after it. */
function monthStart(at: number, ahead = 0): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + ahead, 1);
}

/**
 * Which kept rows make up each bucket's whole UTC days (the cut days are read in slots apart): a past UTC month that
 * lies within a day of a bucket's whole days is read from its month row, with the day rows it holds beyond them taken
 * away (`less`); the rest of the whole days are read as day rows (`ranges`, each inside one bucket or spanning
 * whole buckets, bucketed by their own day). Only months that ended by `monthsBefore` count: a month row holds the
 * expiries to come of its later days. Offsets are under a day, so a month bucket is its UTC month give or take a day
 * at each edge; day and week buckets never hold a month, and a month bucket at most one.
 */
export interface SeriesPieces {
  readonly ranges: readonly (readonly [from: number, to: number])[];
  readonly months: readonly { readonly at: number; readonly bucket: number }[];
  readonly less: readonly { readonly at: number; readonly bucket: number }[];
}

export function seriesPieces(
  starts: readonly number[],
  to: number,
  cuts: readonly number[],
  monthsBefore: number,
): SeriesPieces {
  const sortedCuts = [...new Set(cuts)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  const months: { at: number; bucket: number }[] = [];
  const less: { at: number; bucket: number }[] = [];
  const push = (from: number, until: number) => {
    if (until <= from) return;
    const open = ranges[ranges.length - 1];
    if (open !== undefined && open[1] === from) open[1] = until;
    else ranges.push([from, until]);
  };
  // [from, until) as day rows, but for the cut days in it.
  const addDays = (from: number, until: number) => {
    let next = from;
    for (const cut of sortedCuts)
      if (cut >= from && cut < until) {
        push(next, cut);
        next = cut + DAY_MS;
      }
    push(next, until);
  };
  starts.forEach((start, bucket) => {
    const first = Math.ceil(start / DAY_MS) * DAY_MS;
    const last = Math.floor((starts[bucket + 1] ?? to) / DAY_MS) * DAY_MS;
    // The only month that can start within a day of the first whole day; none when its shortest would not fit.
    const month = last - first < SHORTEST_MONTH_MS - 2 * DAY_MS ? NaN : monthStart(first + DAY_MS);
    const monthEnd = monthStart(month, 1);
    if (Number.isNaN(month) || month < first - DAY_MS || monthEnd > last + DAY_MS || monthEnd > monthsBefore) {
      addDays(first, last);
      return;
    }
    months.push({ at: month, bucket });
    addDays(first, Math.min(last, month));
    addDays(Math.max(first, monthEnd), last);
    for (let day = month; day < first; day += DAY_MS) less.push({ at: day, bucket });
    for (const cut of sortedCuts)
      if (cut >= first && cut < last && cut >= month && cut < monthEnd) less.push({ at: cut, bucket });
    for (let day = last; day < monthEnd; day += DAY_MS) less.push({ at: day, bucket });
  });
  return { ranges, months, less };
}

/**
 * The series' reads in one prepared statement per scope (every channel, or one with its owner check), built once per
 * database and prepared once per connection: a row per bucket, currency, source and type of the earnings ('t'), a row
 * per bucket of activations and expiries ('m'), one per expiry in now's own slot ('x') and the channel's ('c'). One
 * round trip, and neither parsing nor drizzle's building on each request.
 * PostgreSQL runs it with a generic plan (planned once per connection, without the values). The day ranges and the
 * slots of each cut day are read in lateral subqueries kept apart by `offset 0`: otherwise that plan joins them to
 * every row of the creator (or channel) and filters after, as it cannot know how few there are.
 */
function seriesStatement(db: Db, oneChannel: boolean) {
  const value = (name: string) => sql.placeholder(name);
  const instant = (name: string) => sql`${value(name)}::timestamptz`;
  const instants = (name: string) => sql`${value(name)}::timestamptz[]`;
  const ints = (name: string) => sql`${value(name)}::int[]`;
  const creator = value('creatorId');
  const byChannel = (column: string) => (oneChannel ? sql` and ${sql.raw(column)} = ${value('channelId')}` : sql``);
  // A branch's own bucket when it names one (months, days taken away), else the bucket its row's instant falls in; one
  // copy of the bucket starts per part, as PostgreSQL parses every copy of an array at each execution.
  const bucket = sql`coalesce(e.bucket, width_bucket(e.at, ${instants('starts')}) - 1)`;
  const lineColumns = (table: string, sign = '') =>
    sql.raw(
      ['currency', 'source', 'type', 'amount', 'stars_minor', 'stars', 'lines']
        .map((column, index) =>
          index < 3 || sign === '' ? `${table}.${column}` : `${sign}${table}.${column} as ${column}`,
        )
        .join(', '),
    );
  // A month row's bucket, from the month's place in the list: the months are read in one index scan each (`= any`), as
  // a probe per month cost more than the rows on small data.
  const monthBucket = (prefix: string, column: string) =>
    sql`(${ints(`${prefix}MonthBuckets`)})[array_position(${instants(`${prefix}Months`)}, ${sql.raw(column)})]`;
  // The months' first and last as a range besides the list: a generic plan takes `= any` of a list as a filter, and
  // would read every month the creator (or channel) ever had; the range bounds the index scan to the series' year.
  const months = (prefix: string, column: string) =>
    sql`${sql.raw(column)} = any(${instants(`${prefix}Months`)}) and ${sql.raw(column)} >= ${instant(`${prefix}MonthsFirst`)}
      and ${sql.raw(column)} <= ${instant(`${prefix}MonthsLast`)}`;
  // Day rows to add (sign 1, bucketed by their day) and to take away (sign -1, in the bucket of the month they
  // correct), in one list of ranges.
  const dayRanges = (prefix: string) =>
    sql`unnest(${instants(`${prefix}From`)}, ${instants(`${prefix}To`)}, ${ints(`${prefix}Signs`)},
      ${ints(`${prefix}Buckets`)}) g(f, t, sign, bucket)`;
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
          select g.bucket, d.day as at, ${lineColumns('d', 'g.sign * ')}
          from ${dayRanges('total')}
          cross join lateral (
            select d.day, ${lineColumns('d')} from revenue_days d
            where d.user_id = ${creator}${byChannel('d.channel_id')} and d.day >= g.f and d.day < g.t
            offset 0
          ) d
          union all
          select ${monthBucket('total', 'm.month')}, null, ${lineColumns('m')}
          from revenue_months m
          where m.user_id = ${creator}${byChannel('m.channel_id')} and ${months('total', 'm.month')}
          union all
          select null, r.slot, ${lineColumns('r')}
          from unnest(${instants('totalCuts')}) c(day)
          cross join lateral (
            select r.slot, ${lineColumns('r')}
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
          select g.bucket, d.day as at, g.sign * d.joined as joined, g.sign * d.expiring as expiring
          from channels c cross join ${dayRanges('member')}
          cross join lateral (
            select d.day, d.joined, d.expiring from channel_member_days d
            where d.channel_id = c.id and d.day >= g.f and d.day < g.t
            offset 0
          ) d
          where c.owner_id = ${creator}${byChannel('c.id')}
          union all
          select ${monthBucket('member', 'k.month')}, k.month, k.joined, k.expiring
          from channels c
          join channel_member_months k on k.channel_id = c.id and ${months('member', 'k.month')}
          where c.owner_id = ${creator}${byChannel('c.id')}
          union all
          select null, k.slot, k.joined, k.expiring
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

/**
 * A statement's values for one part's pieces: the day ranges to add and the days to take away as one list of ranges
 * (`prefix` + From, To, Signs, Buckets: NULL buckets by the day), and the months (Months, MonthBuckets, and the first
 * and last as MonthsFirst and MonthsLast).
 */
function pieceValues(prefix: 'total' | 'member', pieces: SeriesPieces): Record<string, string | null> {
  const list = (values: readonly (number | null)[]) => `{${values.map((value) => value ?? 'NULL').join(',')}}`;
  const less = pieces.less.map(({ at, bucket }) => ({ from: at, to: at + DAY_MS, bucket }));
  const days = [...pieces.ranges.map(([from, to]) => ({ from, to, bucket: null })), ...less];
  return {
    [`${prefix}From`]: timestamps(days.map((day) => day.from)),
    [`${prefix}To`]: timestamps(days.map((day) => day.to)),
    [`${prefix}Signs`]: list(days.map((day) => (day.bucket === null ? 1 : -1))),
    [`${prefix}Buckets`]: list(days.map((day) => day.bucket)),
    [`${prefix}Months`]: timestamps(pieces.months.map((month) => month.at)),
    // NULL without months: the range holds none, and no row is read.
    [`${prefix}MonthsFirst`]: pieces.months.length === 0 ? null : iso(pieces.months[0]!.at),
    [`${prefix}MonthsLast`]: pieces.months.length === 0 ? null : iso(pieces.months[pieces.months.length - 1]!.at),
    [`${prefix}MonthBuckets`]: list(pieces.months.map((month) => month.bucket)),
  };
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
    const totalCuts = cutDays([...starts, to]);
    // Now's own day read in slots too: its expiries count up to now's slot.
    const memberCuts = cutDays([...starts, to, nowSlot + 1]);
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const values = {
      creatorId: scope.creatorId,
      starts: timestamps(starts),
      from: iso(from),
      to: iso(to),
      totalCuts: timestamps(totalCuts),
      memberCuts: timestamps(memberCuts),
      ...pieceValues('total', seriesPieces(starts, to, totalCuts, today)),
      ...pieceValues('member', seriesPieces(starts, to, memberCuts, today)),
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
