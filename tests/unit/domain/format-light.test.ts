import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { formatMessageTime } from '../../../src/domain/format';
import { formatListTime } from '../../../src/domain/format-light';

const NOW = Date.UTC(2026, 2, 15, 14, 30); // 15 March 2026, 14:30 UTC
const at = (iso: string): number => Date.parse(iso) / 1000;

describe('formatListTime (Intl, for the first screen)', () => {
  it.each([
    ['today', '2026-03-15T09:05:00Z', 'en', '09:05'],
    ['today, late', '2026-03-15T23:59:00Z', 'en', '23:59'],
    ['yesterday', '2026-03-14T23:59:00Z', 'en', '14 Mar'],
    ['earlier this year', '2026-01-02T10:00:00Z', 'en', '2 Jan'],
    ['last year', '2025-12-31T10:00:00Z', 'en', '31.12.25'],
  ])('%s reads like luxon (%s)', (_name, iso, locale, expected) => {
    expect(formatListTime(at(iso), locale, NOW, 'UTC')).toBe(expected);
    expect(formatListTime(at(iso), locale, NOW, 'UTC')).toBe(formatMessageTime(at(iso), locale, NOW, 'UTC'));
  });

  it('counts days in the given zone', () => {
    // 23:30 UTC on the 14th is already the 15th in Berlin (UTC+1 in March).
    expect(formatListTime(at('2026-03-14T23:30:00Z'), 'en', NOW, 'Europe/Berlin')).toBe('00:30');
    expect(formatListTime(at('2026-03-14T23:30:00Z'), 'en', NOW, 'UTC')).toBe('14 Mar');
  });

  it('names the month in the page language', () => {
    const text = formatListTime(at('2026-01-02T10:00:00Z'), 'ru', NOW, 'UTC');
    expect(text).toBe(formatMessageTime(at('2026-01-02T10:00:00Z'), 'ru', NOW, 'UTC'));
    expect(text.startsWith('2 ')).toBe(true);
  });
});

describe('formatListTime in the device zone (no Intl for en, ru and id)', () => {
  const stamps = ['2026-03-15T09:05:00Z', '2026-03-14T23:30:00Z', '2026-03-15T23:59:00Z', '2026-01-02T10:00:00Z', '2025-12-31T23:30:00Z', '2026-12-31T20:00:00Z']
    .map(at)
    .concat(Array.from({ length: 12 }, (_, month) => Date.UTC(2026, month, 14, 12) / 1000));
  const locales = ['en', 'ru', 'id', 'ru-RU', 'de'];

  /** The device-zone answers of a process whose zone is `zone` (a zone can't change inside Jest). */
  function inDeviceZone(zone: string, now: number): string[][] {
    const output = execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'support', 'listTimesInDeviceZone.ts'), JSON.stringify({ stamps, locales, now })], {
      env: { ...process.env, TZ: zone, NODE_OPTIONS: '' },
      encoding: 'utf8',
    });
    return JSON.parse(output) as string[][];
  }

  it.each(['UTC', 'Europe/Berlin', 'Asia/Jakarta', 'America/Los_Angeles'])('reads as the Intl path does for that zone, %s', (zone) => {
    for (const now of [NOW, Date.UTC(2026, 11, 31, 12)]) {
      const expected = locales.map((locale) => stamps.map((stamp) => formatListTime(stamp, locale, now, zone)));
      expect(inDeviceZone(zone, now)).toEqual(expected);
    }
  });
});
