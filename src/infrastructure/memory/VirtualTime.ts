import type { Clock } from '../../application/ports/Clock';
import type { Scheduler } from '../../application/ports/Scheduler';

/**
 * Time that moves only when something waits: `delay(ms)` advances the clock by `ms` and resolves on the next
 * microtask. Tests and demos run polls instantly and can read back every wait in `delays`.
 */
export class VirtualTime implements Clock, Scheduler {
  readonly delays: number[] = [];
  private current: number;

  constructor(
    startMs: number = Date.UTC(2025, 0, 15, 9, 0, 0),
    private readonly offsetMinutes = 0,
  ) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  timezoneOffsetMinutes(): number {
    return this.offsetMinutes;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  async delay(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.delays.push(ms);
    this.current += ms;
    await Promise.resolve();
    signal?.throwIfAborted();
  }
}
