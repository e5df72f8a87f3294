/**
 * Expected failures of the server's services, answered as HTTP 4xx `{ code, message, ...extra }` by the one error
 * handler (server/platform/http/errorHandler.ts). Codes are the shared ones of src/domain/errors.ts (spec section 8), so the
 * client maps them to screens and toasts without a second list.
 */
import type { ErrorCode } from '../../src/domain/errors';

/** HTTP status per code; anything unlisted is 400. */
const STATUS: Readonly<Partial<Record<ErrorCode, number>>> = {
  unauthorized: 401,
  banned: 403,
  forbidden: 403,
  verification_required: 403,
  migration_required: 403,
  moderation_in_progress: 403,
  moderation_rejected: 403,
  payments_disabled: 403,
  not_found: 404,
  conflict: 409,
  already_subscribed: 409,
  channel_has_subscriptions: 409,
  channel_disconnected: 409,
  channel_not_public: 409,
  subscription_deleted: 409,
  stars_unavailable: 409,
  idempotency_key_reused: 422,
  promo_code_invalid: 422,
  gift_invalid: 422,
  retention_offer_unavailable: 409,
  trial_unavailable: 422,
  provider_unavailable: 503,
  payload_too_large: 413,
  rate_limited: 429,
};

export function statusOf(code: ErrorCode): number {
  return STATUS[code] ?? 400;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra answer fields, e.g. `{ cardCountry }` with error_country_mismatch or `{ field }` with validation_error. */
    readonly extra: Readonly<Record<string, unknown>> = {},
    status?: number,
  ) {
    super(message);
    this.status = status ?? statusOf(code);
  }

  toBody(): { code: ErrorCode; message: string } & Record<string, unknown> {
    return { ...this.extra, code: this.code, message: this.message };
  }
}

/** The one answer for a missing id and for somebody else's id (no existence leak). */
export const notFound = (what = 'Not found'): AppError => new AppError('not_found', what);

export const validationError = (field: string, message: string): AppError =>
  new AppError('validation_error', message, { field });
