import axios, { type AxiosError } from 'axios';
import { isNetworkError } from 'axios-retry';

/** Automatic retry rules of spec section 7. */
export const RETRY_COUNT = 3;
export const RETRY_BASE_DELAY_MS = 100;
/** Up to 20% of the delay is added as jitter so that clients do not retry in lockstep. */
export const RETRY_JITTER_RATIO = 0.2;
/** Only idempotent methods are retried: a retried POST could create a payment twice. */
export const RETRYABLE_METHODS: readonly string[] = ['get', 'head', 'options', 'put', 'delete'];

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

/** Network errors and 5xx answers of idempotent requests; never POST, never a cancelled request. */
export function isRetryableFailure(error: AxiosError): boolean {
  if (axios.isCancel(error) || error.code === 'ERR_CANCELED') return false;
  const method = (error.config?.method ?? '').toLowerCase();
  if (!RETRYABLE_METHODS.includes(method)) return false;
  const status = error.response?.status;
  if (status !== undefined) return status >= 500 && status <= 599;
  // axios-retry's check: no response, a code, not a timeout, and not an error retrying cannot fix.
  return isNetworkError(error);
}
