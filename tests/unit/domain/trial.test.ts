import {
  TRIAL_DAYS,
  conversionPercent,
  isTrialDays,
  trialConversionDeadlineMs,
  trialEndMs,
  trialOutcome,
  trialRefusal,
  trialReminderDueMs,
  trialSettingError,
} from '../../../src/domain/trial';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 29, 14, 30, 15, 250);

describe('trial lengths', () => {
  it('offers 3, 7, 14 and 30 days only', () => {
    expect(TRIAL_DAYS).toEqual([3, 7, 14, 30]);
    expect(TRIAL_DAYS.every(isTrialDays)).toBe(true);
    for (const other of [0, 1, 5, 31, 7.5, '7', null]) expect(isTrialDays(other)).toBe(false);
  });

  it('checks the creator setting: off with null or 0, recurring subscriptions only', () => {
    expect(trialSettingError(null, 'monthly')).toBeNull();
    expect(trialSettingError(0, 'onetime')).toBeNull();
    expect(trialSettingError(7, 'weekly')).toBeNull();
    expect(trialSettingError(10, 'monthly')).toBe('trial_days_invalid');
    expect(trialSettingError(7, 'onetime')).toBe('trial_not_recurring');
  });
});

describe('trial end', () => {
  it('adds calendar days in UTC to the millisecond of the start', () => {
    expect(trialEndMs(NOW, 7)).toBe(NOW + 7 * DAY);
    expect(trialEndMs(Date.UTC(2026, 1, 27, 23, 59), 3)).toBe(Date.UTC(2026, 2, 2, 23, 59));
    expect(trialEndMs(Date.UTC(2028, 1, 27), 30)).toBe(Date.UTC(2028, 2, 28));
  });

  it('reminds a day before the end and counts payments up to three days after it', () => {
    const end = trialEndMs(NOW, 7);
    expect(trialReminderDueMs(end)).toBe(end - DAY);
    expect(trialConversionDeadlineMs(end)).toBe(end + 3 * DAY);
  });
});

describe('eligibility', () => {
  const base = {
    trialDays: 7,
    period: 'monthly' as const,
    cardPayable: true,
    currentMember: false,
    everMember: false,
  };

  it('lets a newcomer start', () => {
    expect(trialRefusal(base)).toBeNull();
  });

  it('refuses in order: not offered, not recurring, Stars only, member, used before', () => {
    expect(trialRefusal({ ...base, trialDays: null, period: 'onetime' })).toBe('not_offered');
    expect(trialRefusal({ ...base, trialDays: 5 })).toBe('not_offered');
    expect(trialRefusal({ ...base, period: 'onetime', cardPayable: false })).toBe('not_recurring');
    expect(trialRefusal({ ...base, cardPayable: false, currentMember: true })).toBe('stars_only');
    expect(trialRefusal({ ...base, currentMember: true, everMember: true })).toBe('member');
    expect(trialRefusal({ ...base, everMember: true })).toBe('used_before');
  });
});

describe('outcome and conversion', () => {
  const end = trialEndMs(NOW, 7);

  it('converts when paid by three days after the end, else lapses after that', () => {
    expect(trialOutcome(end, null, end - 1)).toBeNull();
    expect(trialOutcome(end, null, end + 3 * DAY)).toBeNull();
    expect(trialOutcome(end, end + 2 * DAY, end + 10 * DAY)).toBe('converted');
    expect(trialOutcome(end, end + 3 * DAY, end + 10 * DAY)).toBe('converted');
    expect(trialOutcome(end, end + 3 * DAY + 1, end + 10 * DAY)).toBe('lapsed');
    expect(trialOutcome(end, null, end + 3 * DAY + 1)).toBe('lapsed');
  });

  it('rounds the conversion share down and has none before a trial ended', () => {
    expect(conversionPercent({ onTrial: 12, ended: 0, converted: 0 })).toBeNull();
    expect(conversionPercent({ onTrial: 12, ended: 9, converted: 5 })).toBe(55);
    expect(conversionPercent({ onTrial: 0, ended: 3, converted: 2 })).toBe(66);
    expect(conversionPercent({ onTrial: 0, ended: 3, converted: 3 })).toBe(100);
  });
});
