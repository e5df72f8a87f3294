import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { formatMessageTime } from '../../../src/domain/format';
import { formatBucketLabel, formatListTime } from '../../../src/domain/format-light';
import { PAGE_LOCALES } from '../../../src/infrastructure/i18n/languages';

/**
 * formatListTime counts in the device's zone, which can't change inside Jest: a child process with TZ set prints its
 * answers (support/listTimesInDeviceZone.ts), with each language's short month names from its page texts, and luxon's
 * formatMessageTime in that zone and language is the reference: the texts' names are luxon's.
 */
const NOW = Date.UTC(2026, 2, 15, 14, 30); // 15 March 2026, 14:30 UTC
const END_OF_YEAR = Date.UTC(2026, 11, 31, 12);
const at = (iso: string): number => Date.parse(iso) / 1000;

function listTimes(zone: string, stamps: readonly number[], locales: readonly string[], now: number): string[][] {
  const output = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(__dirname, 'support', 'listTimesInDeviceZone.ts'),
      JSON.stringify({ stamps, locales, now }),
    ],
    {
      env: { ...process.env, TZ: zone, NODE_OPTIONS: '' },
      encoding: 'utf8',
    },
  );
  return JSON.parse(output) as string[][];
}

describe('formatListTime (device zone, no Intl, for the first screen)', () => {
  it('reads HH:mm today, d MMM this year, dd.MM.yy before', () => {
    const stamps = [
      '2026-03-15T09:05:00Z',
      '2026-03-15T23:59:00Z',
      '2026-03-14T23:59:00Z',
      '2026-01-02T10:00:00Z',
      '2025-12-31T10:00:00Z',
    ].map(at);
    expect(listTimes('UTC', stamps, ['en'], NOW)).toEqual([['09:05', '23:59', '14 Mar', '2 Jan', '31.12.25']]);
  });

  it('counts days in the device zone: 23:30 UTC on the 14th is 00:30 on the 15th in Berlin', () => {
    expect(listTimes('Europe/Berlin', [at('2026-03-14T23:30:00Z')], ['en'], NOW)).toEqual([['00:30']]);
    expect(listTimes('UTC', [at('2026-03-14T23:30:00Z')], ['en'], NOW)).toEqual([['14 Mar']]);
  });

  it.each(['UTC', 'Europe/Berlin', 'Asia/Jakarta', 'America/Los_Angeles', 'Europe/Moscow'])(
    'reads as luxon does in %s, every month of every page language',
    (zone) => {
      const stamps = [
        '2026-03-15T09:05:00Z',
        '2026-03-14T23:30:00Z',
        '2026-03-15T23:59:00Z',
        '2026-01-01T00:30:00Z',
        '2025-12-31T23:30:00Z',
        '2026-12-31T20:00:00Z',
      ]
        .map(at)
        .concat(Array.from({ length: 12 }, (_, month) => Date.UTC(2026, month, 14, 12) / 1000));
      const locales = [...PAGE_LOCALES, 'ru-RU', 'pt-BR'];
      for (const now of [NOW, END_OF_YEAR]) {
        const expected = locales.map((locale) => stamps.map((stamp) => formatMessageTime(stamp, locale, now, zone)));
        expect(listTimes(zone, stamps, locales, now)).toEqual(expected);
      }
    },
  );

  it('names the month with the names it is given', () => {
    const months = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12'];
    expect(formatListTime(at('2026-02-14T12:00:00Z'), months, NOW)).toBe('14 m2');
  });
});

describe("formatBucketLabel (the revenue table's rows, no Intl)", () => {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

  it('reads d MMM for day and week buckets and MMM yyyy for month buckets', () => {
    expect(formatBucketLabel(at('2026-11-27T00:00:00Z'), 0, false, months)).toBe('27 Nov');
    expect(formatBucketLabel(at('2026-11-01T00:00:00Z'), 0, true, months)).toBe('Nov 2026');
  });

  it('reads the bucket in the zone it was cut in, whatever the device zone', () => {
    // Midnight of 1 January in UTC+3 is 21:00 on 31 December in UTC.
    const start = at('2025-12-31T21:00:00Z');
    expect(formatBucketLabel(start, 180, false, months)).toBe('1 Jan');
    expect(formatBucketLabel(start, 180, true, months)).toBe('Jan 2026');
    expect(formatBucketLabel(start, 0, true, months)).toBe('Dec 2025');
    // Midnight of 1 March in UTC-5 is 05:00 on 1 March in UTC.
    expect(formatBucketLabel(at('2026-03-01T05:00:00Z'), -300, false, months)).toBe('1 Mar');
  });

  it('names the month with the names it is given', () => {
    expect(
      formatBucketLabel(at('2026-02-14T00:00:00Z'), 0, false, [
        'm1',
        'm2',
        'm3',
        'm4',
        'm5',
        'm6',
        'm7',
        'm8',
        'm9',
        'm10',
        'm11',
        'm12',
      ]),
    ).toBe('14 m2');
  });
});
