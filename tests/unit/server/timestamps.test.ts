/** The timestamptz reader (server/platform/db/timestamps.ts) gives what node-postgres' own parser gives, for every form. */
import pg from 'pg';
import { timestamptzParser } from '../../../server/platform/db/timestamps';

const pgOwn = pg.types.getTypeParser(1184) as (text: string) => unknown;
let fellBack = 0;
const ours = timestamptzParser((text) => {
  fellBack += 1;
  return pgOwn(text);
});

const texts = [
  '2026-11-30 12:34:56+00',
  '2026-11-30 12:34:56.7+00',
  '2026-11-30 12:34:56.78+00',
  '2026-11-30 12:34:56.789+00',
  '2026-11-30 12:34:56.789123+00',
  '2026-11-30 12:34:56.999999+00',
  '2026-02-28 23:59:59.5-03',
  '2024-02-29 00:00:00+05:30',
  '2026-01-01 00:00:00.001-09:30',
  '1900-01-01 00:00:00+00:19:32',
  '2026-03-29 01:59:59.123+01',
  '9999-12-31 23:59:59.999+00',
  '1000-01-01 00:00:00+00',
];
const fallbacks = [
  'infinity',
  '-infinity',
  '0044-03-15 12:00:00+00 BC',
  '0099-01-01 00:00:00+00',
  '10000-01-01 00:00:00+00',
];

test('every ISO form PostgreSQL writes reads as pg reads it, without falling back', () => {
  for (const text of texts) {
    const expected = pgOwn(text) as Date;
    expect(ours(text)).toEqual(expected);
    expect((ours(text) as Date).getTime()).toBe(expected.getTime());
  }
  expect(fellBack).toBe(0);
});

test('the rest goes to the parser it replaces', () => {
  fellBack = 0;
  for (const text of fallbacks) expect(ours(text)).toEqual(pgOwn(text));
  expect(fellBack).toBe(fallbacks.length);
  fellBack = 0;
  for (const text of [
    '2026-11-30 12:34:56.+00',
    '2026-11-30 12:34:56+0',
    '2026-11-30X12:34:56+00',
    '2026-11-30 12:34:5x+00',
  ])
    ours(text);
  expect(fellBack).toBe(4);
});

test("JSON's ISO text (json_build_array of a timestamptz) reads as the same instant as Date's own parse", () => {
  fellBack = 0;
  for (const text of [
    '2026-11-30T12:34:56+00:00',
    '2026-11-30T12:34:56.789+00:00',
    '2026-11-30T12:34:56.789123+00:00',
    '2026-02-28T23:59:59.5-03:00',
    '2024-02-29T00:00:00+05:30',
    '1900-01-01T00:00:00+00:19:32',
  ]) {
    const iso = text.replace(/(\.\d{3})\d+/, '$1').replace(/([+-]\d\d:\d\d):\d\d$/, '$1');
    const expected = text.endsWith(':32') ? new Date(Date.UTC(1900, 0, 1) - (19 * 60 + 32) * 1000) : new Date(iso);
    expect((ours(text) as Date).getTime()).toBe(expected.getTime());
  }
  expect(fellBack).toBe(0);
});
