import {
  countsForMrr,
  insightMonthOf,
  insightMonthStarts,
  memberMonthsOf,
  monthlyFromYearly,
  mrrOf,
  yearlyRunRateMinor,
} from '../../../src/domain/insights';

const NOW = Date.UTC(2026, 10, 29, 14, 0);
const DAY = 24 * 3600_000;

describe('MRR normalisation', () => {
  it('counts a year as a twelfth, a quarter as a third, a week as 52/12 of a month', () => {
    expect(monthlyFromYearly(yearlyRunRateMinor(12_000, 'yearly'))).toBe(1_000);
    expect(monthlyFromYearly(yearlyRunRateMinor(3_000, 'quarterly'))).toBe(1_000);
    expect(monthlyFromYearly(yearlyRunRateMinor(999, 'monthly'))).toBe(999);
    // 300 a week: 300 × 52 / 12 = 1,300.
    expect(monthlyFromYearly(yearlyRunRateMinor(300, 'weekly'))).toBe(1_300);
    expect(yearlyRunRateMinor(500, 'onetime')).toBe(0);
  });

  it('rounds once, half up, to a whole minor unit', () => {
    expect(monthlyFromYearly(0)).toBe(0);
    expect(monthlyFromYearly(5)).toBe(0); // 0.416…
    expect(monthlyFromYearly(6)).toBe(1); // 0.5 exactly: up
    expect(monthlyFromYearly(17)).toBe(1); // 1.416…
    expect(monthlyFromYearly(18)).toBe(2); // 1.5: up
    expect(monthlyFromYearly(1_000 + 1_000)).toBe(167); // two yearly memberships of 10.00: 166.66… → 167
    // The sum is rounded, never each membership: three 1.00-a-year memberships make 0.25 → 0, not 3 × 0.08 → 0.
    expect(monthlyFromYearly(3 * yearlyRunRateMinor(100, 'yearly'))).toBe(25);
  });

  it('counts renewing, unexpired recurring memberships, per currency, Stars as Stars', () => {
    const totals = mrrOf(
      [
        { status: 'active', period: 'monthly', expiresAtMs: NOW + DAY, priceMinor: 500, currency: 'eur' },
        { status: 'active', period: 'yearly', expiresAtMs: NOW + DAY, priceMinor: 6_000, currency: 'eur' },
        { status: 'active', period: 'monthly', expiresAtMs: NOW + DAY, priceMinor: 30_000, currency: 'rub' },
        { status: 'active', period: 'monthly', expiresAtMs: NOW + DAY, priceMinor: 400, currency: 'eur', stars: 250 },
        // Not counted: cancelled, expired, one-time.
        { status: 'cancelled', period: 'monthly', expiresAtMs: NOW + DAY, priceMinor: 500, currency: 'eur' },
        { status: 'active', period: 'monthly', expiresAtMs: NOW, priceMinor: 500, currency: 'eur' },
        { status: 'active', period: 'onetime', priceMinor: 500, currency: 'eur' },
        {
          status: 'active',
          period: 'monthly',
          expiresAtMs: NOW + DAY,
          priceMinor: 500,
          currency: 'eur',
          onTrial: true,
        },
      ],
      NOW,
    );
    expect(totals).toEqual([
      { currency: 'eur', yearlyMinor: 500 * 12 + 6_000, members: 2 },
      { currency: 'rub', yearlyMinor: 30_000 * 12, members: 1 },
      { currency: 'xtr', yearlyMinor: 250 * 12, members: 1 },
    ]);
    expect(monthlyFromYearly(totals[0]!.yearlyMinor)).toBe(1_000);
    expect(countsForMrr({ status: 'active', period: 'weekly' }, NOW)).toBe(true);
  });
});

describe('months', () => {
  it('are the last 12 calendar months in UTC, the current one last', () => {
    const starts = insightMonthStarts(NOW);
    expect(starts).toHaveLength(12);
    expect(starts[11]).toBe(Date.UTC(2026, 10, 1));
    expect(starts[0]).toBe(Date.UTC(2025, 11, 1));
    expect(insightMonthOf(Date.UTC(2026, 0, 31, 23, 59))).toBe('2026-01');
    expect(insightMonthOf(Date.UTC(2026, 1, 1))).toBe('2026-02');
  });

  it('count a membership new at its activation and lost at an end that has passed', () => {
    const months = memberMonthsOf(
      [
        { activatedAtMs: Date.UTC(2026, 9, 5), expiresAtMs: Date.UTC(2026, 10, 5) },
        { activatedAtMs: Date.UTC(2026, 10, 2), expiresAtMs: NOW + DAY },
        { activatedAtMs: Date.UTC(2026, 10, 3) },
        // A free trial, not paid: neither new nor lost.
        { activatedAtMs: Date.UTC(2026, 10, 4), expiresAtMs: Date.UTC(2026, 10, 11), onTrial: true },
        // Before the range: neither counted.
        { activatedAtMs: Date.UTC(2024, 0, 1), expiresAtMs: Date.UTC(2024, 1, 1) },
      ],
      NOW,
    );
    expect(months.at(-1)).toEqual({ month: '2026-11', newMembers: 2, lostMembers: 1 });
    expect(months.at(-2)).toEqual({ month: '2026-10', newMembers: 1, lostMembers: 0 });
    expect(months.reduce((sum, month) => sum + month.newMembers + month.lostMembers, 0)).toBe(4);
  });
});
