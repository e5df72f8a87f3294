/**
 * Waiting, for polls and delayed steps (payment session every 1 s, verification every 5 s). Use cases wait
 * through this port so tests drive time with a fake instead of sleeping.
 */
export interface Scheduler {
  /** Resolves after `ms` milliseconds; rejects with the signal's reason when aborted first. */
  delay(ms: number, signal?: AbortSignal): Promise<void>;
}
