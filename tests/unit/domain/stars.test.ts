import { STARS_MAX_AMOUNT, starsAmountProblem } from '../../../src/domain/stars';

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
