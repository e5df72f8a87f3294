import { DateTime } from 'luxon';
import {
  avatarGradientIndex,
  COLLAPSIBLE_TEXT_LIMIT,
  daysUntil,
  formatAmount,
  formatDate,
  formatMemberDate,
  formatMessageTime,
  formatMoney,
  formatSignedMoney,
  truncateForCollapse,
} from '../../../src/domain/format';
import { PAGE_LOCALES } from '../../../src/domain/languages';
import { type Money, money } from '../../../src/domain/money';

const seconds = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).toSeconds();
const NOW = DateTime.fromISO('2025-06-15T12:00:00Z', { zone: 'utc' }).toMillis();
const NBSP = '\u00a0';

describe('money', () => {
  it.each([
    [money(1500, 'eur'), '15'],
    [money(1550, 'eur'), '15.50'],
    [money(1505, 'eur'), '15.05'],
    [money(123450, 'eur'), '1,234.50'],
    [money(100000000, 'eur'), '1,000,000'],
    [money(1, 'eur'), '0.01'],
    [money(0, 'eur'), '0'],
    [money(-1250, 'eur'), '-12.50'],
    [money(1500, 'jpy'), '1,500'],
    [money(100050, 'rub'), '1,000.50'],
  ])('formatAmount(%p) = %p: whole amounts without decimals, others with all of the currency', (value, text) => {
    expect(formatAmount(value)).toBe(text);
  });

  it("shows a Stars payer's ledger lines (xtr, whole Stars) with the star", () => {
    const stars = { minor: 2500, currency: 'xtr' } as unknown as Money;
    expect(formatMoney(stars)).toBe(`2,500${NBSP}⭐`);
    expect(formatSignedMoney({ ...stars, minor: -250 })).toBe(`-250${NBSP}⭐`);
  });

  it('uses symbols only for eur and rub', () => {
    expect(formatMoney(money(500, 'eur'))).toBe('€5');
    expect(formatMoney(money(123450, 'eur'))).toBe('€1,234.50');
    expect(formatMoney(money(20000, 'rub'))).toBe(`200${NBSP}₽`);
    expect(formatMoney(money(1099, 'usd'))).toBe(`10.99${NBSP}USD`);
    expect(formatMoney(money(500, 'jpy'))).toBe(`500${NBSP}JPY`);
    expect(formatMoney(money(-500, 'eur'))).toBe('-€5');
  });

  it('signs positive amounts explicitly', () => {
    expect(formatSignedMoney(money(500, 'eur'))).toBe('+€5');
    expect(formatSignedMoney(money(-500, 'eur'))).toBe('-€5');
    expect(formatSignedMoney(money(0, 'eur'))).toBe('€0');
  });

  it('shows whole amounts without decimals on details too (one rule everywhere)', () => {
    expect(formatMoney(money(1500, 'eur'))).toBe('€15');
    expect(formatMoney(money(100050, 'rub'))).toBe(`1,000.50${NBSP}₽`);
    expect(formatMoney(money(100, 'jpy'))).toBe(`100${NBSP}JPY`);
  });
});

describe('dates', () => {
  it.each([
    ['ru', '2025-03-05T10:00:00Z', '5 марта'],
    ['uk', '2025-03-05T10:00:00Z', '5 березня'],
    ['be', '2025-03-05T10:00:00Z', '5 сакавіка'],
    ['ru-RU', '2025-03-05T10:00:00Z', '5 марта'],
    ['en', '2025-03-05T10:00:00Z', 'March 5'],
    ['de', '2025-03-05T10:00:00Z', '5. März'],
    ['ru', '2024-03-05T10:00:00Z', '5 марта 2024 г.'],
    ['en', '2024-03-05T10:00:00Z', 'March 5, 2024'],
    ['en', '2026-01-02T10:00:00Z', 'January 2, 2026'],
  ])('%s %s → %p', (locale, isoDate, text) => {
    // ICU's no-break spaces (U+00A0, U+202F, by version) compared as spaces.
    expect(formatDate(seconds(isoDate), locale, NOW).replace(/[\u00a0\u202f]/g, ' ')).toBe(text);
  });

  it('decides the year in the given zone', () => {
    const newYearInMoscow = seconds('2024-12-31T22:00:00Z');
    const jan2025 = DateTime.fromISO('2025-01-10T00:00:00Z', { zone: 'utc' }).toMillis();
    expect(formatDate(newYearInMoscow, 'en', jan2025, 'Europe/Moscow')).toBe('January 1');
    expect(formatDate(newYearInMoscow, 'en', jan2025)).toBe('December 31, 2024');
  });

  it('formats member dates as dd MMM yyyy', () => {
    expect(formatMemberDate(seconds('2025-03-05T10:00:00Z'))).toBe('05 Mar 2025');
  });

  it.each([
    ['2025-06-15T08:05:00Z', '08:05'],
    ['2025-06-15T00:00:00Z', '00:00'],
    ['2025-06-14T23:59:00Z', '14 Jun'],
    ['2025-01-01T00:00:00Z', '1 Jan'],
    ['2024-12-31T23:59:00Z', '31.12.24'],
  ])('message time %s → %p', (isoDate, text) => {
    expect(formatMessageTime(seconds(isoDate), 'en', NOW)).toBe(text);
  });

  it.each([
    ['cs', '5 led', '05 led 2025'],
    ['fi', '5 tammi', '05 tammi 2025'],
    ['sk', '5 jan', '05 jan 2025'],
    ['de', '5 Jan.', '05 Jan. 2025'],
    ['ru', '5 янв.', '05 янв. 2025'],
  ])('%s names the month where ICU has only its number inside a date (%p, %p)', (locale, messageTime, memberDate) => {
    const fifthOfJanuary = seconds('2025-01-05T10:00:00Z');
    expect(formatMessageTime(fifthOfJanuary, locale, NOW)).toBe(messageTime);
    expect(formatMemberDate(fifthOfJanuary, locale)).toBe(memberDate);
  });

  it('names every month in every page language, never by its number alone', () => {
    const unnamed = PAGE_LOCALES.flatMap((locale) =>
      Array.from({ length: 12 }, (_, month) => {
        const stamp = DateTime.utc(2025, month + 1, 5, 10).toSeconds();
        return [formatMessageTime(stamp, locale, NOW), formatMemberDate(stamp, locale)]
          .filter((text) => !/\p{L}/u.test(text))
          .map((text) => `${locale}: ${text}`);
      }).flat(),
    );
    expect(unnamed).toEqual([]);
  });

  it.each([
    ['2025-06-15T23:59:00Z', 0],
    ['2025-06-16T00:10:00Z', 1],
    ['2025-06-25T00:00:00Z', 10],
    ['2025-06-14T12:00:00Z', 0],
  ])('days until %s: %i', (isoDate, days) => {
    expect(daysUntil(seconds(isoDate), NOW)).toBe(days);
  });
});

describe('avatars and collapsible text', () => {
  it.each([
    [0, 0],
    [6, 6],
    [7, 0],
    [8, 1],
    [-8, 1],
    [-1001234567890, 1001234567890 % 7],
  ])('id %p uses gradient %p', (id, index) => {
    expect(avatarGradientIndex(id)).toBe(index);
  });

  it('collapses text above 100 characters', () => {
    expect(COLLAPSIBLE_TEXT_LIMIT).toBe(100);
    const exact = 'a'.repeat(100);
    expect(truncateForCollapse(exact)).toEqual({ text: exact, truncated: false });
    expect(truncateForCollapse('a'.repeat(101))).toEqual({ text: `${'a'.repeat(100)}…`, truncated: true });
    expect(truncateForCollapse(`${'a'.repeat(99)} b`)).toEqual({ text: `${'a'.repeat(99)}…`, truncated: true });
    expect(truncateForCollapse('😀'.repeat(101)).text).toBe(`${'😀'.repeat(100)}…`);
  });
});
