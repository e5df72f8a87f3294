import { formatStars } from '../../../src/domain/format-light';
import { money } from '../../../src/domain/money';
import {
  STARS_MAX_AMOUNT,
  parseStarsPrice,
  sanitizeStarsInput,
  starsAmountProblem,
  starsCreditMinor,
  starsOffer,
  suggestStars,
  suggestedStarsPrice,
} from '../../../src/domain/stars';

describe('a Stars price', () => {
  test('is whole Stars from 1 to 10000 (the Bot API: a subscription at most 10000 Stars)', () => {
    expect(starsAmountProblem(1)).toBeNull();
    expect(starsAmountProblem(STARS_MAX_AMOUNT)).toBeNull();
    expect(starsAmountProblem(0)).toBe('stars_too_small');
    expect(starsAmountProblem(-5)).toBe('stars_too_small');
    expect(starsAmountProblem(10_001)).toBe('stars_too_large');
    expect(starsAmountProblem(1.5)).toBe('stars_not_whole');
    expect(starsAmountProblem(Number.NaN)).toBe('stars_not_whole');
  });
});

describe('a suggested Stars price', () => {
  test('is the card price divided by the rate, rounded up to whole Stars, in exact decimals', () => {
    expect(suggestStars(500, 2, '0.012')).toBe(417);
    expect(suggestStars(120, 2, '0.012')).toBe(100);
    expect(suggestStars(30_000, 2, '1.2')).toBe(250);
    expect(suggestStars(1000, 0, '2')).toBe(500);
    expect(suggestStars(500, 2, '0')).toBeNull();
    expect(suggestStars(500, 2, '-1')).toBeNull();
  });

  test('only a monthly subscription renews in Stars (Telegram renews every 30 days only)', () => {
    expect(starsOffer('monthly')).toBe('renewing');
    expect(starsOffer('weekly')).toBe('one_period');
    expect(starsOffer('yearly')).toBe('one_period');
    expect(starsOffer('onetime')).toBe('one_time');
  });
});

describe("a Stars price in the creator's forms", () => {
  test('is suggested from the price not saved yet at its rate, within the limits; none without a rate', () => {
    expect(suggestedStarsPrice(money(500, 'eur'), '0.012')).toBe(417);
    expect(suggestedStarsPrice(money(1, 'eur'), '100')).toBe(1);
    expect(suggestedStarsPrice(money(100_000_00, 'eur'), '0.012')).toBe(STARS_MAX_AMOUNT);
    expect(suggestedStarsPrice(money(500, 'eur'), null)).toBeNull();
    expect(suggestedStarsPrice(money(500, 'eur'), 'abc')).toBeNull();
  });

  test('keeps only digits while typing, without leading zeros', () => {
    expect(sanitizeStarsInput('1 2a3')).toBe('123');
    expect(sanitizeStarsInput('12.5')).toBe('125');
    expect(sanitizeStarsInput('007')).toBe('7');
    expect(sanitizeStarsInput('0')).toBe('0');
    expect(sanitizeStarsInput('12345678901')).toBe('123456789');
  });

  test('is empty for not sold in Stars, else whole Stars within the limits', () => {
    expect(parseStarsPrice('')).toEqual({ ok: true, value: null });
    expect(parseStarsPrice('  ')).toEqual({ ok: true, value: null });
    expect(parseStarsPrice('250')).toEqual({ ok: true, value: 250 });
    expect(parseStarsPrice('10000')).toEqual({ ok: true, value: 10_000 });
    const limits = { field: 'stars', min: 1, max: STARS_MAX_AMOUNT };
    expect(parseStarsPrice('0')).toEqual({ ok: false, error: { ...limits, code: 'stars_too_small' } });
    expect(parseStarsPrice('10001')).toEqual({ ok: false, error: { ...limits, code: 'stars_too_large' } });
    expect(parseStarsPrice('2.5')).toEqual({ ok: false, error: { ...limits, code: 'stars_not_whole' } });
  });
});

test('a count of Stars reads like an amount, grouped en-US, the star after it', () => {
  expect(formatStars(417)).toBe('417\u00a0⭐');
  expect(formatStars(10_000)).toBe('10,000\u00a0⭐');
  expect(formatStars(-1500)).toBe('-1,500\u00a0⭐');
});
describe("a Stars sale's credit", () => {
  test('is the Stars times the rate in minor units, rounded down once, in exact decimals', () => {
    expect(starsCreditMinor(250, 2, '0.012')).toBe(300);
    expect(starsCreditMinor(777, 2, '0.013')).toBe(1010); // 10.101 € → 10.10 €
    expect(starsCreditMinor(777, 2, '1.17')).toBe(90_909); // 909.09 ₽
    expect(starsCreditMinor(1, 2, '0.0049')).toBe(0);
    expect(starsCreditMinor(3, 0, '0.5')).toBe(1);
    expect(starsCreditMinor(10_000, 2, '0.1')).toBe(100_000);
  });

  test('is null for a rate that is no positive decimal', () => {
    expect(starsCreditMinor(100, 2, '0')).toBeNull();
    expect(starsCreditMinor(100, 2, '-0.1')).toBeNull();
    expect(starsCreditMinor(100, 2, '1e-2')).toBeNull();
  });
});
