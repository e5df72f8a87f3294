import { addPeriod, nextExpiry } from '../../../../src/domain/periods';
import {
  latestPayoutAt,
  openWindowStart,
  payoutCutoff,
  payoutRunDate,
} from '../../../../server/modules/payments/ledger/windows';

const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('earnings windows', () => {
  it('the open window starts on the 1st until the end of the 15th, then on the 16th', () => {
    expect(openWindowStart(utc('2030-03-15T23:59:59'))).toBe(utc('2030-03-01T00:00:00'));
    expect(openWindowStart(utc('2030-03-16T00:00:00'))).toBe(utc('2030-03-16T00:00:00'));
    expect(openWindowStart(utc('2030-03-31T23:00:00'))).toBe(utc('2030-03-16T00:00:00'));
    expect(openWindowStart(utc('2030-04-01T00:00:00'))).toBe(utc('2030-04-01T00:00:00'));
  });

  it('finds the latest payout at or before now, across month and year ends', () => {
    expect(latestPayoutAt(utc('2030-03-10T12:00:00'))).toBe(utc('2030-03-10T12:00:00'));
    expect(latestPayoutAt(utc('2030-03-10T11:59:59'))).toBe(utc('2030-02-25T12:00:00'));
    expect(latestPayoutAt(utc('2030-03-24T00:00:00'))).toBe(utc('2030-03-10T12:00:00'));
    expect(latestPayoutAt(utc('2030-03-25T12:00:00'))).toBe(utc('2030-03-25T12:00:00'));
    expect(latestPayoutAt(utc('2030-01-05T00:00:00'))).toBe(utc('2029-12-25T12:00:00'));
  });

  it('the 10th pays earnings before the 16th of the previous month, the 25th those before the 1st', () => {
    expect(payoutCutoff(utc('2030-03-10T12:00:00'))).toBe(utc('2030-02-16T00:00:00'));
    expect(payoutCutoff(utc('2030-03-25T12:00:00'))).toBe(utc('2030-03-01T00:00:00'));
    expect(payoutRunDate(utc('2030-03-25T12:00:00'))).toBe('2030-03-25');
  });
});

describe('membership periods', () => {
  it('adds calendar weeks, months and years', () => {
    expect(addPeriod(utc('2030-01-31T10:00:00'), 'monthly')).toBe(utc('2030-02-28T10:00:00'));
    expect(addPeriod(utc('2030-01-01T10:00:00'), 'weekly')).toBe(utc('2030-01-08T10:00:00'));
    expect(addPeriod(utc('2028-02-29T10:00:00'), 'yearly')).toBe(utc('2029-02-28T10:00:00'));
  });

  it('continues from a future expiry, restarts from now after it passed, and never expires one-time', () => {
    const now = utc('2030-05-10T00:00:00');
    expect(nextExpiry(utc('2030-05-12T00:00:00'), 'monthly', now)).toBe(utc('2030-06-12T00:00:00'));
    expect(nextExpiry(utc('2030-05-09T00:00:00'), 'monthly', now)).toBe(utc('2030-06-10T00:00:00'));
    expect(nextExpiry(null, 'weekly', now)).toBe(utc('2030-05-17T00:00:00'));
    expect(nextExpiry(utc('2030-05-12T00:00:00'), 'onetime', now)).toBeNull();
  });
});
