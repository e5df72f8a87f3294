import { DateTime } from 'luxon';
import {
  buildRevenueSeries,
  dateAtOffset,
  isoAtOffset,
  quarterHourOffset,
  revenueBucketStarts,
  revenueRange,
  revenueZone,
  signedRevenueMinor,
  type RevenueLine,
} from '../../../src/domain/revenue';
import { csvDocument, csvField } from '../../../src/domain/csv';
import { decimalMajor } from '../../../src/domain/money';

const at = (iso: string) => DateTime.fromISO(iso, { setZone: true }).toMillis();

describe('revenue buckets', () => {
  it('counts Telegram Stars sales apart too: what they earned and the Stars paid, a refund taking both off', () => {
    const now = at('2026-03-12T10:00:00Z');
    const series = buildRevenueSeries({
      period: 'day',
      now,
      offsetMinutes: 0,
      count: 1,
      lines: [
        {
          type: 'sell_subscription',
          countsAt: at('2026-03-12T01:00:00Z'),
          amountMinor: 450,
          source: 'subscription',
          stars: 417,
        },
        { type: 'sell_subscription', countsAt: at('2026-03-12T02:00:00Z'), amountMinor: 900, source: 'subscription' },
        {
          type: 'get_donation',
          countsAt: at('2026-03-12T03:00:00Z'),
          amountMinor: 1080,
          source: 'donation',
          stars: 1000,
        },
        {
          type: 'refund_issued',
          countsAt: at('2026-03-12T01:00:00Z'),
          amountMinor: 450,
          source: 'subscription',
          stars: 417,
        },
      ],
      joins: [],
      expiries: [],
    });
    expect(series[0]).toMatchObject({ totalMinor: 1980, starsMinor: 1080, stars: 1000 });
  });

  it('adds kept member counts to the bucket of their instant, beside single joins and expiries', () => {
    const now = at('2026-03-12T10:00:00Z');
    const series = buildRevenueSeries({
      period: 'day',
      now,
      offsetMinutes: 330,
      lines: [],
      joins: [at('2026-03-11T20:00:00Z')],
      expiries: [at('2026-03-12T09:59:00Z'), at('2026-03-12T10:01:00Z')],
      memberCounts: [
        { at: at('2026-03-11T18:30:00Z'), joined: 3, lost: 2 },
        { at: at('2026-03-11T18:29:00Z'), joined: 5, lost: 0 },
        { at: at('2020-01-01T00:00:00Z'), joined: 7, lost: 7 },
      ],
    });
    // +5:30: 18:30 UTC on the 11th is midnight of the 12th, where now is; 18:29 is still the 11th.
    expect(series.slice(-2).map((bucket) => [bucket.newMembers, bucket.lostMembers])).toEqual([
      [5, 0],
      [4, 3],
    ]);
    expect(series.reduce((sum, bucket) => sum + bucket.newMembers, 0)).toBe(9);
  });

  it('buckets days in the creator zone: 23:30 UTC is the next day three hours east', () => {
    const now = at('2026-03-10T23:30:00Z');
    const utc = revenueBucketStarts('day', now, 0, 2);
    const moscow = revenueBucketStarts('day', now, 180, 2);
    expect(utc).toEqual([at('2026-03-09T00:00:00Z'), at('2026-03-10T00:00:00Z')]);
    expect(moscow).toEqual([at('2026-03-10T00:00:00+03:00'), at('2026-03-11T00:00:00+03:00')]);
  });

  it('starts weeks on Monday and months on the first, the last bucket holding now', () => {
    const now = at('2026-03-12T10:00:00Z'); // a Thursday
    expect(revenueBucketStarts('week', now, 0, 2)).toEqual([at('2026-03-02T00:00:00Z'), at('2026-03-09T00:00:00Z')]);
    expect(revenueBucketStarts('month', now, 0, 3)).toEqual([
      at('2026-01-01T00:00:00Z'),
      at('2026-02-01T00:00:00Z'),
      at('2026-03-01T00:00:00Z'),
    ]);
    expect(revenueRange('month', now, 0, 3)).toEqual({
      from: at('2026-01-01T00:00:00Z'),
      to: at('2026-04-01T00:00:00Z'),
    });
  });

  it('cuts the same buckets as the calendar in the zone (luxon), for every offset, period and edge of the year', () => {
    // Offsets east and west, off the quarter-hour grid, and beyond ±14 h (UTC); instants around month, year and leap
    // day edges, on every weekday.
    const offsets = [0, 60, 180, 330, 345, 525, 840, -60, -210, -600, -720, 7, 841, -900];
    const nows = [
      '2026-03-01T00:00:00Z',
      '2026-02-28T23:59:59.999Z',
      '2024-02-29T12:00:00Z',
      '2025-12-31T22:30:00Z',
      '2026-01-01T01:15:00Z',
      '2026-11-29T20:35:00Z',
      '1999-12-31T23:59:00Z',
    ].flatMap((iso) => [0, 1, 2, 3, 4, 5, 6].map((days) => at(iso) + days * 86_400_000 + days * 3_600_000));
    const calendar = (period: 'day' | 'week' | 'month', now: number, offset: number, count: number) => {
      const valid = Math.abs(offset) <= 840 ? offset : 0;
      const current = DateTime.fromMillis(now, {
        zone: `UTC${valid >= 0 ? '+' : '-'}${Math.floor(Math.abs(valid) / 60)}:${String(Math.abs(valid) % 60).padStart(2, '0')}`,
      }).startOf(period, { useLocaleWeeks: false });
      const starts = Array.from({ length: count }, (_, index) =>
        current.minus({ [`${period}s`]: count - 1 - index }).toMillis(),
      );
      return { starts, to: current.plus({ [`${period}s`]: 1 }).toMillis() };
    };
    for (const period of ['day', 'week', 'month'] as const)
      for (const offset of offsets)
        for (const now of nows) {
          const expected = calendar(period, now, offset, 14);
          expect(revenueBucketStarts(period, now, offset, 14)).toEqual(expected.starts);
          expect(revenueRange(period, now, offset, 14)).toEqual({ from: expected.starts[0], to: expected.to });
        }
  });

  it('sums subscriptions and donations per bucket, a refund counting against its sale, and ignores other lines', () => {
    const now = at('2026-03-12T10:00:00Z');
    const lines: RevenueLine[] = [
      { type: 'sell_subscription', countsAt: at('2026-03-11T09:00:00Z'), amountMinor: 900, source: 'subscription' },
      { type: 'get_donation', countsAt: at('2026-03-11T20:00:00Z'), amountMinor: 450, source: 'donation' },
      { type: 'refund_issued', countsAt: at('2026-03-11T09:00:00Z'), amountMinor: 900, source: 'subscription' },
      { type: 'sell_subscription', countsAt: at('2026-03-12T01:00:00Z'), amountMinor: 1000, source: 'subscription' },
      { type: 'withdrawal', countsAt: at('2026-03-12T02:00:00Z'), amountMinor: 5000, source: 'subscription' },
      { type: 'sell_subscription', countsAt: at('2026-01-01T00:00:00Z'), amountMinor: 7, source: 'subscription' },
    ];
    const series = buildRevenueSeries({
      period: 'day',
      now,
      offsetMinutes: 0,
      count: 2,
      lines,
      joins: [at('2026-03-11T12:00:00Z'), at('2026-03-12T08:00:00Z'), at('2026-03-12T09:00:00Z')],
      expiries: [at('2026-03-11T13:00:00Z'), at('2026-03-12T11:00:00Z')],
    });
    expect(
      series.map(({ subscriptionsMinor, donationsMinor, totalMinor, newMembers, lostMembers }) => ({
        subscriptionsMinor,
        donationsMinor,
        totalMinor,
        newMembers,
        lostMembers,
      })),
    ).toEqual([
      { subscriptionsMinor: 0, donationsMinor: 450, totalMinor: 450, newMembers: 1, lostMembers: 1 },
      // The expiry at 11:00 is still ahead of now: not lost.
      { subscriptionsMinor: 1000, donationsMinor: 0, totalMinor: 1000, newMembers: 2, lostMembers: 0 },
    ]);
    expect(signedRevenueMinor({ type: 'refund_issued', amountMinor: 5 })).toBe(-5);
  });
});

describe('revenue CSV', () => {
  it('writes instants and dates at the offset as luxon does in the zone, for every offset and edge', () => {
    const offsets = [0, 60, 180, 330, 345, 525, 840, -60, -210, -570, -720, 7, 841, -900];
    const instants = [
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00.120Z',
      '2025-12-31T23:59:59.999Z',
      '2024-02-29T12:00:00.001Z',
      '2026-03-01T05:29:59Z',
      '1969-12-31T23:59:59Z',
      '2038-01-19T03:14:08.500Z',
    ].flatMap((iso) => [0, 1, 7, 13].map((hours) => at(iso) + hours * 3_600_000 + hours * 61_000));
    for (const offset of offsets)
      for (const ms of instants) {
        const luxon = DateTime.fromMillis(ms, { zone: revenueZone(offset) });
        expect({ offset, ms, iso: isoAtOffset(ms, offset), date: dateAtOffset(ms, offset) }).toEqual({
          offset,
          ms,
          iso: luxon.toISO({ suppressMilliseconds: true }),
          date: luxon.toISODate(),
        });
      }
  });

  it('takes an offset off the quarter-hour grid at the nearest quarter hour, and one beyond ±14 h as UTC', () => {
    expect([0, 330, 345, -210, 840, 7, 8, -7, -8, 22, 23, -353, 841, -900, 0.5].map(quarterHourOffset)).toEqual([
      0, 330, 345, -210, 840, 0, 15, 0, -15, 15, 30, -360, 0, 0, 0,
    ]);
    expect(Object.is(quarterHourOffset(-7), 0)).toBe(true);
  });

  it('writes amounts as exact decimals in major units', () => {
    expect(decimalMajor(1550, 'eur')).toBe('15.50');
    expect(decimalMajor(-5, 'eur')).toBe('-0.05');
    expect(decimalMajor(1500, 'jpy')).toBe('1500');
    expect(decimalMajor(0, 'rub')).toBe('0.00');
  });

  it('quotes per RFC 4180 and ends lines with CRLF', () => {
    expect(csvField('Club, "VIP"')).toBe('"Club, ""VIP"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('plain')).toBe('plain');
    expect(
      csvDocument([
        ['a', 'b'],
        [1, 'x,y'],
      ]),
    ).toBe('a,b\r\n1,"x,y"\r\n');
  });
});

describe('CSV formula injection (OWASP)', () => {
  it.each(['=HYPERLINK("https://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'neutralises %p with a leading single quote',
    (text) => {
      const field = csvField(text);
      expect(field.replace(/^"/, '')).toMatch(/^'/);
      expect(csvDocument([[text]])).toContain(`'${text.replace(/"/g, '""')}`);
    },
  );

  it('leaves plain decimals, numbers and other text as they are', () => {
    expect(csvField('-10.50')).toBe('-10.50');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('Alice = Bob')).toBe('Alice = Bob');
  });
});
