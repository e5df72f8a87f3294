/** Ten quick taps (each within 300 ms of the previous) open /dev (spec section 2). */
import { TEN_TAP_COUNT, TEN_TAP_WINDOW_MS } from '../timings';

export interface TapSequence {
  readonly count: number;
  /** Epoch ms of the last tap, null before the first. */
  readonly lastAt: number | null;
}

export const NO_TAPS: TapSequence = { count: 0, lastAt: null };

/**
 * Registers a tap. A tap more than 300 ms after the previous one starts a new sequence. When the tenth tap lands the
 * sequence resets and `open` is true.
 */
export function registerTap(sequence: TapSequence, nowMs: number): { sequence: TapSequence; open: boolean } {
  const continues = sequence.lastAt !== null && nowMs - sequence.lastAt <= TEN_TAP_WINDOW_MS;
  const count = continues ? sequence.count + 1 : 1;
  if (count >= TEN_TAP_COUNT) return { sequence: NO_TAPS, open: true };
  return { sequence: { count, lastAt: nowMs }, open: false };
}
