/**
 * seriesPieces (server/modules/revenue/series.ts): the month, day and correction rows the revenue series reads for
 * each bucket's whole UTC days. Whatever the period, zone offset and moment, the rows read must add up to exactly the
 * bucket's whole days that are not cut, each once; past months come from their month row.
 */
import { revenueBucketStarts, revenueRange, type RevenuePeriod } from '../../../src/domain/revenue';
import { seriesPieces } from '../../../server/modules/revenue/series';

const DAY = 24 * 3600_000;
/** Offsets real zones use: both extremes (−12:00, +14:00) and whole, half and quarter hours between. */
const OFFSETS = [-720, -570, -210, -60, 0, 45, 180, 330, 345, 765, 840];
const NOWS = [
  Date.UTC(2026, 10, 30, 9, 41), // mid-month
  Date.UTC(2026, 0, 1, 0, 0), // a year's first instant
  Date.UTC(2026, 1, 28, 23, 59), // February's last minute
  Date.UTC(2028, 1, 29, 12, 0), // a leap day
  Date.UTC(2026, 11, 31, 13, 30),
];

const dayStart = (at: number) => Math.floor(at / DAY) * DAY;

/** Per bucket, each day's count as the pieces read it: +1 per day row or month row holding it, −1 per taken away. */
function countsOf(starts: readonly number[], to: number, cuts: readonly number[], monthsBefore: number) {
  const pieces = seriesPieces(starts, to, cuts, monthsBefore);
  const bucketOf = (at: number) => starts.findLastIndex((start) => start <= at);
  const counts = starts.map(() => new Map<number, number>());
  const add = (bucket: number, day: number, by: number) =>
    counts[bucket]!.set(day, (counts[bucket]!.get(day) ?? 0) + by);
  for (const [from, until] of pieces.ranges) {
    expect(from % DAY).toBe(0);
    expect(until % DAY).toBe(0);
    for (let day = from; day < until; day += DAY) add(bucketOf(day), day, 1);
  }
  for (const month of pieces.months) {
    const date = new Date(month.at);
    expect(date.getUTCDate()).toBe(1);
    expect(month.at % DAY).toBe(0);
    const end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    expect(end).toBeLessThanOrEqual(monthsBefore);
    for (let day = month.at; day < end; day += DAY) add(month.bucket, day, 1);
  }
  for (const day of pieces.less) add(day.bucket, day.at, -1);
  return { pieces, counts };
}

describe('seriesPieces', () => {
  it.each(['day', 'week', 'month'] as RevenuePeriod[])(
    'reads each whole uncut day of every %s bucket exactly once, at every offset',
    (period) => {
      for (const now of NOWS)
        for (const offset of OFFSETS) {
          const starts = revenueBucketStarts(period, now, offset);
          const to = revenueRange(period, now, offset).to;
          const edges = [...starts, to];
          // As the series cuts them: bucket edges off 00:00 UTC, and for the members now's own day as well.
          for (const extraCut of [[], [now]]) {
            const cuts = [
              ...new Set([...edges, ...extraCut].filter((at) => at % DAY !== 0 || extraCut.includes(at)).map(dayStart)),
            ];
            const { pieces, counts } = countsOf(starts, to, cuts, dayStart(now));
            starts.forEach((start, bucket) => {
              const end = edges[bucket + 1]!;
              const expected = new Map<number, number>();
              for (let day = Math.ceil(start / DAY) * DAY; day + DAY <= end; day += DAY)
                if (!cuts.includes(day)) expected.set(day, 1);
              const read = new Map([...counts[bucket]!].filter(([, count]) => count !== 0));
              expect({ period, now, offset, bucket, read }).toEqual({ period, now, offset, bucket, read: expected });
            });
            if (period !== 'month') expect(pieces.months).toEqual([]);
            else {
              // Month buckets read their month rows: all but the current bucket's and, east of UTC early in a month,
              // the last one's (its UTC month holds today); at most a day taken away at each edge.
              expect(pieces.months.length).toBeGreaterThanOrEqual(starts.length - 2);
              expect(pieces.less.length).toBeLessThanOrEqual(2 * pieces.months.length);
            }
          }
        }
    },
  );

  it('reads no month that ends after the given day, so a month row never brings expiries still to come', () => {
    const now = Date.UTC(2026, 10, 30, 9, 41);
    const starts = revenueBucketStarts('month', now, 0);
    const to = revenueRange('month', now, 0).to;
    const { pieces } = countsOf(starts, to, [dayStart(now)], Date.UTC(2026, 9, 1));
    expect(pieces.months.map((month) => new Date(month.at).toISOString().slice(0, 7))).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
    ]);
    // October and November as day rows, up to now's own (cut) day.
    expect(pieces.ranges).toEqual([[Date.UTC(2026, 9, 1), dayStart(now)]]);
  });
});
