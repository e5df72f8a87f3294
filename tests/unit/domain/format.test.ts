import { DateTime } from 'luxon';
import {
  avatarGradientIndex, COLLAPSIBLE_TEXT_LIMIT, daysUntil, formatDate, formatMemberDate, formatMessageTime, formatMoney,
  formatMoneyDetails, formatNumber, formatSignedMoney, truncateForCollapse,
} from '../../../src/domain/format';
import { money } from '../../../src/domain/money';

const seconds = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).toSeconds();
const NOW = DateTime.fromISO('2025-06-15T12:00:00Z', { zone: 'utc' }).toMillis();
const NBSP = '\u00a0';

describe('numbers and money', () => {
  it.each([
    [1234, '1,234'],
    [1234.5, '1,234.5'],
    [1234.567, '1,234.57'],
    [0.1 + 0.2, '0.3'],
    [5.001, '5'],
    [-12.5, '-12.5'],
    [1000000, '1,000,000'],
    [1.005, '1.01'],
    [2.675, '2.68'],
    [-0.004, '-0'],
    [0.996, '1'],
    [999999.995, '1,000,000'],
    [0.05, '0.05'],
    [1e-7, '0'],
    [1.5e15, '1,500,000,000,000,000'],
  ])('formatNumber(%p) = %p', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it('reads exactly like Intl en-US with up to 2 decimals, without using Intl for everyday amounts', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
    let seed = 42;
    const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const values = [0, -0, 0.5, 0.015, 0.125, 10.005, 123.455, 1e-6, 9_999_999_999_999.99];
    for (let index = 0; index < 5000; index += 1) {
      const scale = 10 ** Math.floor(random() * 12 - 3);
      values.push((random() - 0.3) * scale, Math.round(random() * 1e7) / 1000);
    }
    for (const value of values) expect([value, formatNumber(value)]).toEqual([value, intl.format(value)]);
  });

  it('uses symbols only for eur and rub', () => {
    expect(formatMoney(money(500, 'eur'))).toBe('€5');
    expect(formatMoney(money(123450, 'eur'))).toBe('€1,234.5');
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

  it('shows two decimals on details', () => {
    expect(formatMoneyDetails(money(500, 'eur'))).toBe('€5.00');
    expect(formatMoneyDetails(money(100050, 'rub'))).toBe(`1,000.50${NBSP}₽`);
    expect(formatMoneyDetails(money(100, 'jpy'))).toBe(`100${NBSP}JPY`);
  });
});

describe('dates', () => {
  it.each([
    ['ru', '2025-03-05T10:00:00Z', '5 марта'],
    ['uk', '2025-03-05T10:00:00Z', '5 березня'],
    ['be', '2025-03-05T10:00:00Z', '5 сакавіка'],
    ['ru-RU', '2025-03-05T10:00:00Z', '5 марта'],
    ['en', '2025-03-05T10:00:00Z', 'March 5'],
    ['de', '2025-03-05T10:00:00Z', 'März 5'],
    ['ru', '2024-03-05T10:00:00Z', '5 марта 2024'],
    ['en', '2024-03-05T10:00:00Z', 'March 5, 2024'],
    ['en', '2026-01-02T10:00:00Z', 'January 2, 2026'],
  ])('%s %s → %p', (locale, isoDate, text) => {
    expect(formatDate(seconds(isoDate), locale, NOW)).toBe(text);
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
