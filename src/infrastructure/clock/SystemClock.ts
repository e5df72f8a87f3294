import type { Clock } from '../../application/ports/Clock';

/** The device clock and time zone. */
export class SystemClock implements Clock {
  /** `currentDate` exists for tests; the app uses the real date. */
  constructor(private readonly currentDate: () => Pick<Date, 'getTime' | 'getTimezoneOffset'> = () => new Date()) {}

  now(): number {
    return this.currentDate().getTime();
  }

  /** `getTimezoneOffset` counts minutes west of UTC; the port wants minutes east (Moscow is 180). */
  timezoneOffsetMinutes(): number {
    const minutesWest = this.currentDate().getTimezoneOffset();
    return minutesWest === 0 ? 0 : -minutesWest;
  }
}
