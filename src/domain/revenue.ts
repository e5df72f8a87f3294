/**
 * Revenue at a glance: a creator's earnings per day, week or month, split into subscriptions and donations, with the
 * members gained and lost, bucketed in the creator's time zone (the app's Timezone header: minutes east of UTC).
 * The server builds the series from the ledger; the rules live here so the in-memory backend and tests share them.
 *
 * - Earnings are the creator's ledger amounts: sell_subscription and get_donation count plus, refund_issued minus.
 *   A refund counts when its sale counts (its earnings window, `countsAt`), so a period's figure never changes sign
 *   because a refund came later in another period.
 * - A member is new in the bucket of their activation and lost in the bucket where their paid period ran out
 *   (expiry passed without a renewal; a later renewal moves the expiry, so the member is not lost).
 * - Weeks start on Monday (ISO); the last bucket holds `now`.
 */
import { FixedOffsetZone } from 'luxon';
import type { TransactionType } from './entities';
import { REVENUE_PERIODS, type RevenuePeriod } from './revenue-periods';

export { REVENUE_PERIODS, type RevenuePeriod };

/** How many buckets each period shows: a month of days, a quarter of weeks, a year of months. */
export const REVENUE_BUCKET_COUNTS: Readonly<Record<RevenuePeriod, number>> = { day: 30, week: 13, month: 12 };

/** Ledger types that make up a creator's earnings, with their sign. */
export const REVENUE_TRANSACTION_SIGNS: Readonly<Partial<Record<TransactionType, 1 | -1>>> = {
  sell_subscription: 1,
  get_donation: 1,
  refund_issued: -1,
};
export const REVENUE_TRANSACTION_TYPES = Object.keys(REVENUE_TRANSACTION_SIGNS) as TransactionType[];

export type RevenueSource = 'subscription' | 'donation';

/** One creator ledger line as the series reads it. */
export interface RevenueLine {
  readonly type: TransactionType;
  /** Epoch ms of the earnings window the line counts in (a refund: its sale's). */
  readonly countsAt: number;
  /** Unsigned minor units, as the ledger stores them. */
  readonly amountMinor: number;
  readonly source: RevenueSource;
  /** A Telegram Stars sale's line (or its refund's): the Stars paid; absent for card sales. */
  readonly stars?: number;
}

export interface RevenueBucket {
  /** Epoch ms of the bucket's first instant in the creator's zone, and of the next bucket's. */
  readonly start: number;
  readonly end: number;
  readonly subscriptionsMinor: number;
  readonly donationsMinor: number;
  readonly totalMinor: number;
  readonly newMembers: number;
  readonly lostMembers: number;
  /** The part of totalMinor earned from Telegram Stars sales (credited in the series' currency). */
  readonly starsMinor: number;
  /** The Stars those sales were paid with (refunds taken off). */
  readonly stars: number;
}

export interface RevenueRange {
  readonly from: number;
  readonly to: number;
}

/** A fixed-offset zone for `offsetMinutes` east of UTC; out-of-range offsets (beyond ±14 h) fall back to UTC. */
export function revenueZone(offsetMinutes: number): FixedOffsetZone {
  const valid = Number.isInteger(offsetMinutes) && Math.abs(offsetMinutes) <= 14 * 60;
  return FixedOffsetZone.instance(valid ? offsetMinutes : 0);
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;

/** The zone's offset in minutes (revenueZone's rule: beyond ±14 h, or not whole minutes, is UTC). */
function validOffset(offsetMinutes: number): number {
  return Number.isInteger(offsetMinutes) && Math.abs(offsetMinutes) <= 14 * 60 ? offsetMinutes : 0;
}

/**
 * The zone's offset on the quarter-hour grid, the nearest whole number of quarter hours: every real zone's offset is
 * one, and the kept revenue sums are cut on that grid (an offset off it would need every line read).
 */
export function quarterHourOffset(offsetMinutes: number): number {
  return Math.round(validOffset(offsetMinutes) / 15) * 15 || 0;
}

/**
 * An instant in ISO 8601 at a fixed offset, as luxon writes it in revenueZone (`toISO({ suppressMilliseconds: true })`:
 * "2026-01-01T05:30:00+05:30", milliseconds only when not 0, "Z" at UTC) by arithmetic: the export writes two per line.
 */
export function isoAtOffset(ms: number, offsetMinutes: number): string {
  const offset = validOffset(offsetMinutes);
  const local = new Date(ms + offset * MINUTE_MS).toISOString();
  const time = local.endsWith('.000Z') ? local.slice(0, -5) : local.slice(0, -1);
  if (offset === 0) return `${time}Z`;
  const minutes = Math.abs(offset);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${time}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** The calendar date of an instant at a fixed offset ("2026-01-01"), as luxon's toISODate in revenueZone. */
export function dateAtOffset(ms: number, offsetMinutes: number): string {
  return new Date(ms + validOffset(offsetMinutes) * MINUTE_MS).toISOString().slice(0, 10);
}

/**
 * Bucket edges by arithmetic on the fixed offset (what luxon's startOf/minus in a FixedOffsetZone answer, without a
 * DateTime per bucket: the series computes them on every request). Days and weeks are fixed lengths in a fixed
 * offset; months are calendar months of the zone's wall clock, shifted back by the offset.
 */
function bucketStart(period: RevenuePeriod, now: number, offsetMs: number, back: number): number {
  const wallDay = Math.floor((now + offsetMs) / DAY_MS) * DAY_MS;
  if (period === 'day') return wallDay - back * DAY_MS - offsetMs;
  if (period === 'week') {
    // ISO weeks: Monday is day 0 (getUTCDay's Sunday is 0).
    const sinceMonday = (new Date(wallDay).getUTCDay() + 6) % 7;
    return wallDay - (sinceMonday + 7 * back) * DAY_MS - offsetMs;
  }
  const wall = new Date(wallDay);
  return Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() - back, 1) - offsetMs;
}

/** The bucket starts (epoch ms) of the last `count` periods, oldest first, the last holding `now`. */
export function revenueBucketStarts(
  period: RevenuePeriod,
  now: number,
  offsetMinutes: number,
  count = REVENUE_BUCKET_COUNTS[period],
): number[] {
  const offsetMs = validOffset(offsetMinutes) * MINUTE_MS;
  const starts: number[] = [];
  for (let back = count - 1; back >= 0; back -= 1) starts.push(bucketStart(period, now, offsetMs, back));
  return starts;
}

/** The span the series covers: the first bucket's start to the end of the current one. */
export function revenueRange(
  period: RevenuePeriod,
  now: number,
  offsetMinutes: number,
  count = REVENUE_BUCKET_COUNTS[period],
): RevenueRange {
  const offsetMs = validOffset(offsetMinutes) * MINUTE_MS;
  return { from: bucketStart(period, now, offsetMs, count - 1), to: bucketStart(period, now, offsetMs, -1) };
}

/** The signed minor units a ledger line adds to the creator's earnings (0 for lines that are not earnings). */
export function signedRevenueMinor(line: Pick<RevenueLine, 'type' | 'amountMinor'>): number {
  return (REVENUE_TRANSACTION_SIGNS[line.type] ?? 0) * line.amountMinor;
}

export interface RevenueSeriesInput {
  readonly period: RevenuePeriod;
  readonly now: number;
  readonly offsetMinutes: number;
  readonly lines: readonly RevenueLine[];
  /** Epoch ms of member activations. */
  readonly joins: readonly number[];
  /** Epoch ms of expiries (only those at or before `now` count as lost). */
  readonly expiries: readonly number[];
  /**
   * Members counted ahead (kept counts): per instant (any instant of its bucket), activations and expiries already
   * known to be at or before `now`.
   */
  readonly memberCounts?: readonly { readonly at: number; readonly joined: number; readonly lost: number }[];
  readonly count?: number;
}

/** The buckets, oldest first; events outside the range are ignored. */
export function buildRevenueSeries(input: RevenueSeriesInput): RevenueBucket[] {
  const starts = revenueBucketStarts(input.period, input.now, input.offsetMinutes, input.count);
  const ends = [...starts.slice(1), revenueRange(input.period, input.now, input.offsetMinutes, 1).to];
  const buckets = starts.map((start, index) => ({
    start,
    end: ends[index]!,
    subscriptionsMinor: 0,
    donationsMinor: 0,
    newMembers: 0,
    lostMembers: 0,
    starsMinor: 0,
    stars: 0,
  }));
  const indexOf = (at: number): number => {
    if (at < starts[0]! || at >= ends[ends.length - 1]!) return -1;
    let index = starts.length - 1;
    while (starts[index]! > at) index -= 1;
    return index;
  };
  for (const line of input.lines) {
    const bucket = buckets[indexOf(line.countsAt)];
    if (!bucket) continue;
    const signed = signedRevenueMinor(line);
    if (line.source === 'subscription') bucket.subscriptionsMinor += signed;
    else bucket.donationsMinor += signed;
    if (line.stars !== undefined) {
      bucket.starsMinor += signed;
      bucket.stars += (REVENUE_TRANSACTION_SIGNS[line.type] ?? 0) * line.stars;
    }
  }
  for (const at of input.joins) {
    const bucket = buckets[indexOf(at)];
    if (bucket) bucket.newMembers += 1;
  }
  for (const at of input.expiries) {
    const bucket = at <= input.now ? buckets[indexOf(at)] : undefined;
    if (bucket) bucket.lostMembers += 1;
  }
  for (const counted of input.memberCounts ?? []) {
    const bucket = buckets[indexOf(counted.at)];
    if (!bucket) continue;
    bucket.newMembers += counted.joined;
    bucket.lostMembers += counted.lost;
  }
  return buckets.map((bucket) => ({ ...bucket, totalMinor: bucket.subscriptionsMinor + bucket.donationsMinor }));
}
