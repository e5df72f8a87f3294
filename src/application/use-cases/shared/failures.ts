/**
 * How use cases report expected failures. `request`: a port rejected with a coded error (server answer or transport
 * failure); `invalid`: a domain rule refused the input before any call. Both carry `code`, which is also the i18n key.
 */
import { type Result, err, ok } from '../../../domain/result';
import { isCodedError } from '../../ports/RepositoryError';

export interface RequestFailure {
  readonly kind: 'request';
  readonly code: string;
  /** The server's message (shown as is for codes without their own text, spec section 8). */
  readonly message: string;
  /** The error body's other fields, e.g. `cardCountry` of error_country_mismatch. */
  readonly details: Readonly<Record<string, unknown>>;
}

export type Invalid<E extends object> = { readonly kind: 'invalid' } & E;

export function invalid<E extends object>(error: E): Invalid<E> {
  return { kind: 'invalid', ...error };
}

export function requestFailure(
  code: string,
  message: string = code,
  details: Readonly<Record<string, unknown>> = {},
): RequestFailure {
  return { kind: 'request', code, message, details };
}

function detailsOf(body: unknown): Readonly<Record<string, unknown>> {
  if (typeof body !== 'object' || body === null) return {};
  const { code: _code, message: _message, ...rest } = body as Record<string, unknown>;
  return rest;
}

/**
 * Runs port calls and turns a coded rejection into a RequestFailure. Anything without a code is a bug and is
 * rethrown.
 */
export async function request<T>(work: () => Promise<T>): Promise<Result<T, RequestFailure>> {
  try {
    return ok(await work());
  } catch (error) {
    if (!isCodedError(error)) throw error;
    return err(requestFailure(error.code, error.message, detailsOf(error.body)));
  }
}
