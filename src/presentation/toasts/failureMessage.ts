import type { ToastMessage } from './ToastStore';

/** Anything that failed: a use case's failure, a repository error, a flow's outcome. */
export interface Failure {
  readonly code: string;
  /** The server's words, when it had any (validation failures have none). */
  readonly message?: string | null;
}

/**
 * The fail toast of a failed call (spec section 8): the server's own words, or `fallback` (the generic "Failed")
 * when it said nothing of its own: no message, just the code, or an error without a code of ours (error_unknown,
 * whose text is the transport's, e.g. "Request failed with status code 502"); the connection-trouble text when
 * rate limited.
 */
export function failureMessage(
  failure: Failure,
  fallback: string | ToastMessage = 'common.toast.failed',
): string | ToastMessage {
  // Rate limited (429): the connection-trouble text, not the server's English words.
  if (failure.code === 'rate_limited') return { key: 'common.connectionTrouble.text' };
  const text = failure.message?.trim() ?? '';
  return text === '' || text === failure.code || failure.code === 'error_unknown' ? fallback : { text };
}
