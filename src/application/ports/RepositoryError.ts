/**
 * How repositories fail. Every adapter rejects with an error that carries the server's `code` and `message`
 * and the raw error body (ApiRequestError in HTTP adapters, RepositoryError in the in-memory fakes), so use
 * cases and view models read codes through these helpers without importing infrastructure.
 */
export interface CodedError {
  readonly code: string;
  readonly message: string;
  /** The error body as the server sent it: `{ code, message, ...details }`. */
  readonly body?: unknown;
}

/** The code used when a rejection carries none (spec section 8: "else an unknown-error code"). */
export const UNKNOWN_ERROR_CODE = 'error_unknown';

export class RepositoryError extends Error implements CodedError {
  readonly body: { readonly code: string; readonly message: string } & Readonly<Record<string, unknown>>;

  constructor(
    readonly code: string,
    message: string = code,
    details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'RepositoryError';
    this.body = { ...details, code, message };
  }
}

export function isCodedError(error: unknown): error is CodedError {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

export function errorCodeOf(error: unknown): string {
  return isCodedError(error) ? error.code : UNKNOWN_ERROR_CODE;
}

export function errorMessageOf(error: unknown): string {
  if (isCodedError(error) && typeof error.message === 'string') return error.message;
  if (error instanceof Error) return error.message;
  return UNKNOWN_ERROR_CODE;
}

/** A detail of the error body, e.g. `cardCountry` of error_country_mismatch. */
export function errorDetailOf(error: unknown, key: string): unknown {
  if (!isCodedError(error)) return undefined;
  const body = error.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
}
