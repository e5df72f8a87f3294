import { SystemClock } from '../../../../src/infrastructure/clock/SystemClock';

/** A date in a zone `minutesWest` of UTC, as `Date#getTimezoneOffset` reports it. */
function dateIn(minutesWest: number, time = Date.UTC(2025, 5, 1)): () => Pick<Date, 'getTime' | 'getTimezoneOffset'> {
  return () => ({ getTime: () => time, getTimezoneOffset: () => minutesWest });
}

describe('SystemClock', () => {
  it('reads the real current time in epoch milliseconds', () => {
    const before = Date.now();
    const now = new SystemClock().now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('agrees with the real time zone of this process', () => {
    expect(new SystemClock().timezoneOffsetMinutes()).toBe(-new Date().getTimezoneOffset() || 0);
  });

  it.each([
    ['Moscow', -180, 180],
    ['Kolkata', -330, 330],
    ['New York in winter', 300, -300],
  ])('gives minutes east of UTC in %s', (_zone, minutesWest, minutesEast) => {
    expect(new SystemClock(dateIn(minutesWest)).timezoneOffsetMinutes()).toBe(minutesEast);
  });

  it('gives 0, not -0, in UTC', () => {
    expect(Object.is(new SystemClock(dateIn(0)).timezoneOffsetMinutes(), 0)).toBe(true);
  });

  it('reads the time from its date source', () => {
    expect(new SystemClock(dateIn(0, 1_700_000_000_000)).now()).toBe(1_700_000_000_000);
  });
});
