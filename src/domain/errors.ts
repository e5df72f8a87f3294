/**
 * Error codes of spec section 8. They double as i18n keys and travel as `{ code, message }` from the server.
 * The client-side codes (network_error ... bad_response) name the transport failures section 8 lists.
 */
export const ERROR_CODES = [
  // section 8 catalogue
  'banned',
  'not_found',
  'payments_disabled',
  'already_subscribed',
  'verification_required',
  'migration_required',
  'moderation_in_progress',
  'moderation_rejected',
  'error_fields_required',
  'error_country_mismatch',
  // server-side rules (section 6) and protocol
  'unauthorized',
  'forbidden',
  'validation_error',
  'conflict',
  'channel_has_subscriptions',
  'channel_disconnected',
  'channel_not_public',
  'subscription_deleted',
  /** Not payable in Telegram Stars (409, reason: not_sold, no_rate): the creator set no Stars price, or no rate. */
  'stars_unavailable',
  'idempotency_key_reused',
  /** A promo code that cannot be used here; `reason` is one of src/domain/promo.ts PROMO_REFUSALS (422). */
  'promo_code_invalid',
  /** A gift that cannot be bought or redeemed; `reason` is one of src/domain/gift.ts GIFT_REFUSALS or not_giftable. */
  'gift_invalid',
  /** A retention offer that cannot be accepted now; `reason` is one of src/domain/retention.ts RETENTION_REFUSALS (409). */
  'retention_offer_unavailable',
  /** No free trial for this follower here; `reason` is one of src/domain/trial.ts TRIAL_REFUSALS (422). */
  'trial_unavailable',
  /** The card provider did not answer: nothing was charged; the same Idempotency-Key may be tried again. */
  'provider_unavailable',
  /** The request body is over the server's size limit (413). */
  'payload_too_large',
  /** Too many requests in a short time (429, with Retry-After): the app shows its connection-trouble text. */
  'rate_limited',
  /** The database did not answer (server/platform/http/errorHandler.ts): nothing was written; try again shortly. */
  'database_unavailable',
  /** The server is draining for a restart (server/platform/http/drain.ts): the request was not run; try again. */
  'shutting_down',
  // client transport failures
  'network_error',
  'request_aborted',
  'timeout',
  'bad_response',
  // anything without a code
  'error_unknown',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An expected failure: a code (also the i18n key), optionally the server's message, the field, and message params. */
export interface DomainError<C extends string = ErrorCode> {
  readonly code: C;
  readonly message?: string;
  readonly field?: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

export function domainError<C extends string>(
  code: C,
  extra: { message?: string; field?: string; params?: Record<string, string | number> } = {},
): DomainError<C> {
  return { code, ...extra };
}

/**
 * Reads an error body `{ code, message }` (or anything else) into a DomainError. A body without a string code
 * becomes error_unknown (section 8: "else an unknown-error code"); unknown codes are kept as they are.
 */
export function toDomainError(body: unknown): DomainError<string> {
  if (typeof body === 'object' && body !== null) {
    const { code, message } = body as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && code.length > 0) {
      return typeof message === 'string' ? { code, message } : { code };
    }
    if (typeof message === 'string') return { code: 'error_unknown', message };
  }
  return { code: 'error_unknown' };
}

/** Codes that move the user to another route instead of showing an error in place (section 8). */
const REDIRECTS: Readonly<Partial<Record<ErrorCode, string>>> = {
  banned: '/banned',
  migration_required: '/migration',
  verification_required: '/verification',
};

/** The route to replace to for this code, or null when the screen handles it in place. */
export function redirectForError(code: string): string | null {
  // Own keys only (no isErrorCode): the shell's redirect listener is on the first screen, the code list need not be.
  return Object.prototype.hasOwnProperty.call(REDIRECTS, code) ? (REDIRECTS[code as ErrorCode] ?? null) : null;
}

/** Messages browsers and axios use for a lost connection ("Load failed" is Safari's). */
const CONNECTION_MESSAGES = [
  'load failed',
  'network error',
  'failed to fetch',
  'networkerror when attempting to fetch resource.',
];

/**
 * True for the failures that show the "Connection trouble" blockout (section 8: network error or
 * "Load failed" while saving the payout account), as opposed to a server answer. A 429 (rate_limited) counts too:
 * waiting and trying again is all the user can do.
 */
export function isConnectionTrouble(error: { code?: string; message?: string }): boolean {
  if (error.code === 'network_error' || error.code === 'timeout' || error.code === 'rate_limited') return true;
  return typeof error.message === 'string' && CONNECTION_MESSAGES.includes(error.message.trim().toLowerCase());
}
