/**
 * The server's clock. Everything time-dependent on the server (init data expiry, KYC token expiry, member expiry,
 * renewals, payouts, created_at of new rows) reads this clock instead of Date.now(), so the sandbox can move time
 * forward (POST /sandbox/clock) and every rule sees the same "now".
 */
export interface ServerClock {
  /** Epoch milliseconds. */
  now(): number;
}

/** A clock the sandbox can move forward (POST /sandbox/clock). */
export interface MovableClock extends ServerClock {
  /** Moves the clock forward by `seconds` and answers the new now (epoch ms). */
  advance(seconds: number): number;
}

/** A clock that follows the system time plus an offset the sandbox can grow (time only ever moves forward). */
export class AdjustableClock implements MovableClock {
  private offsetMs = 0;

  constructor(private readonly source: () => number = Date.now) {}

  now(): number {
    return this.source() + this.offsetMs;
  }

  /** Moves the clock forward; negative values are refused so expiries and ledgers never see time run backwards. */
  advance(seconds: number): number {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('the clock only moves forward');
    this.offsetMs += Math.round(seconds * 1000);
    return this.now();
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
}

/** A clock that stands still unless moved: deterministic tests and seeds. */
export class FixedClock implements MovableClock {
  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  advance(seconds: number): number {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('the clock only moves forward');
    this.current += Math.round(seconds * 1000);
    return this.current;
  }

  set(ms: number): void {
    this.current = ms;
  }
}

export const epochSeconds = (ms: number): number => Math.floor(ms / 1000);
