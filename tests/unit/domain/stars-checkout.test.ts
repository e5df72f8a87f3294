import { STARS_CONFIRM_DELAYS_MS, checkStarsAmountInput, formatStarsCount } from '../../../src/domain/stars-checkout';

describe('checkStarsAmountInput', () => {
  it('takes whole Stars within Telegram limits (1 to 10000)', () => {
    expect(checkStarsAmountInput('1')).toEqual({ ok: true, value: 1 });
    expect(checkStarsAmountInput('250')).toEqual({ ok: true, value: 250 });
    expect(checkStarsAmountInput('0250')).toEqual({ ok: true, value: 250 });
    expect(checkStarsAmountInput('10000')).toEqual({ ok: true, value: 10000 });
  });

  it('asks for an amount when none is typed', () => {
    expect(checkStarsAmountInput('')).toEqual({ ok: false, error: { code: 'stars_required' } });
    expect(checkStarsAmountInput('  ')).toEqual({ ok: false, error: { code: 'stars_required' } });
    expect(checkStarsAmountInput('1.5')).toEqual({ ok: false, error: { code: 'stars_required' } });
  });

  it('names the bound crossed', () => {
    expect(checkStarsAmountInput('0')).toEqual({ ok: false, error: { code: 'stars_too_small', bound: 1 } });
    expect(checkStarsAmountInput('10001')).toEqual({ ok: false, error: { code: 'stars_too_large', bound: 10000 } });
    expect(checkStarsAmountInput('99999999999999999999')).toEqual({
      ok: false,
      error: { code: 'stars_too_large', bound: 10000 },
    });
  });
});

describe('formatStarsCount', () => {
  it("groups digits the page language's way", () => {
    expect(formatStarsCount(1250, 'en')).toBe('1,250');
    expect(formatStarsCount(1250, 'de')).toBe('1.250');
    expect(formatStarsCount(12500, 'ru')).toBe('12\u00a0500');
  });
});

describe('STARS_CONFIRM_DELAYS_MS', () => {
  it('waits about a minute in all, growing', () => {
    const total = STARS_CONFIRM_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeGreaterThanOrEqual(45_000);
    expect(total).toBeLessThanOrEqual(90_000);
    expect([...STARS_CONFIRM_DELAYS_MS].sort((a, b) => a - b)).toEqual(STARS_CONFIRM_DELAYS_MS);
  });
});
