/**
 * The retry schedule of spec section 7, without axios: shared by the ApiClient's retry policy (retryPolicy.ts) and
 * the dashboard request index.html starts before the app loads (earlyDashboardRequest.ts).
 */
export const RETRY_COUNT = 3;
export const RETRY_BASE_DELAY_MS = 100;
/** Up to 20% of the delay is added as jitter so that clients do not retry in lockstep. */
export const RETRY_JITTER_RATIO = 0.2;

/** A source of numbers in [0, 1), `Math.random` by default; tests pin it. */
export type RandomSource = () => number;

/**
 * The delay before retry number `retryNumber` (axios-retry counts from 1): 100, 200, 400 ms,
 * each plus up to 20% jitter.
 */
export function createRetryDelay(random: RandomSource = Math.random): (retryNumber: number) => number {
  return (retryNumber) => {
    const base = RETRY_BASE_DELAY_MS * 2 ** Math.max(0, retryNumber - 1);
    const jitterFraction = Math.min(Math.max(random(), 0), 1);
    return base + base * RETRY_JITTER_RATIO * jitterFraction;
  };
}
