import { STARS_MAX_AMOUNT, starsAmountProblem, starsOffer, suggestStars } from '../../../src/domain/stars';

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
