/** Load status values of spec section 4; `null` is the default (nothing requested yet). */
export const LOAD_STATUSES = [
  'pending',
  'verification_required',
  'migration_required',
  'moderation_in_progress',
  'moderation_rejected',
  'success',
  'failed',
  'not_found',
  'already_exists',
  'disabled',
  'error_unknown',
  'error_banned',
] as const;
export type LoadStatusValue = (typeof LOAD_STATUSES)[number];
export type LoadStatus = LoadStatusValue | null;

export const DEFAULT_LOAD_STATUS: LoadStatus = null;

const FROM_ERROR_CODE: Readonly<Record<string, LoadStatusValue>> = {
  banned: 'error_banned',
  not_found: 'not_found',
  payments_disabled: 'disabled',
  already_subscribed: 'already_exists',
  verification_required: 'verification_required',
  migration_required: 'migration_required',
  moderation_in_progress: 'moderation_in_progress',
  moderation_rejected: 'moderation_rejected',
  error_unknown: 'error_unknown',
};

/**
 * The load status a failed load ends in. Catalogue codes map to their own status; a missing code is
 * error_unknown; any other server code is the generic `failed` (the screen shows the server message).
 */
export function loadStatusFromErrorCode(code: string | null | undefined): LoadStatusValue {
  if (code === null || code === undefined || code === '') return 'error_unknown';
  return Object.prototype.hasOwnProperty.call(FROM_ERROR_CODE, code) ? FROM_ERROR_CODE[code] : 'failed';
}

/** Still waiting for an answer: the default null status counts, since nothing has been shown yet. */
export function isLoading(status: LoadStatus): boolean {
  return status === null || status === 'pending';
}

export function isLoadFailure(status: LoadStatus): boolean {
  return status !== null && status !== 'pending' && status !== 'success';
}
