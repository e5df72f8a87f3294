import axios, { type AxiosError } from 'axios';
import { isNetworkError } from 'axios-retry';
import {
  RETRY_BASE_DELAY_MS,
  RETRY_COUNT,
  RETRY_JITTER_RATIO,
  type RandomSource,
  createRetryDelay,
} from './retrySchedule';

/** Automatic retry rules of spec section 7 (the schedule is in retrySchedule.ts, which needs no axios). */
export { RETRY_BASE_DELAY_MS, RETRY_COUNT, RETRY_JITTER_RATIO, type RandomSource, createRetryDelay };
/** Only idempotent methods are retried: a retried POST could create a payment twice. */
export const RETRYABLE_METHODS: readonly string[] = ['get', 'head', 'options', 'put', 'delete'];

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
