import { ApiRequestError, CLIENT_ERROR_CODES } from './HttpClient';

/** The server's `{ code, message }` errors as ApiRequestErrors (no axios here: the entry uses these). */

/** The server's error code in a `{ code, message }` body, if there is one. */
export function serverErrorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code } = body as { code?: unknown };
  if (typeof code === 'string' && code !== '') return code;
  if (typeof code === 'number') return String(code);
  return undefined;
}

export function serverErrorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** A rejection for an answer that arrived (an error status, or a success status other than 200). */
export function responseError(status: number, body: unknown): ApiRequestError {
  return new ApiRequestError(
    serverErrorCode(body) ?? CLIENT_ERROR_CODES.unknown,
    serverErrorMessage(body) ?? `Request failed with status code ${status}`,
    status,
    body,
  );
}
