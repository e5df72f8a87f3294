import axios from 'axios';
import { ApiRequestError, CLIENT_ERROR_CODES } from './HttpClient';

/** The server's error code in a `{ code, message }` body, if there is one. */
export function serverErrorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code } = body as { code?: unknown };
  if (typeof code === 'string' && code !== '') return code;
  if (typeof code === 'number') return String(code);
  return undefined;
}

function serverErrorMessage(body: unknown): string | undefined {
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

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);
const BAD_REQUEST_CODES = new Set(['ERR_BAD_REQUEST', 'ERR_BAD_RESPONSE', 'ERR_BAD_OPTION', 'ERR_BAD_OPTION_VALUE', 'ERR_INVALID_URL', 'ERR_NOT_SUPPORT', 'ERR_FR_TOO_MANY_REDIRECTS']);

/** The client error code (spec section 8) of a failure that produced no answer. */
function clientErrorCode(code: string | undefined, cancelled: boolean): string {
  if (cancelled || code === 'ERR_CANCELED') return CLIENT_ERROR_CODES.aborted;
  if (code !== undefined && TIMEOUT_CODES.has(code)) return CLIENT_ERROR_CODES.timeout;
  if (code !== undefined && BAD_REQUEST_CODES.has(code)) return CLIENT_ERROR_CODES.badRequest;
  return CLIENT_ERROR_CODES.network;
}

/**
 * Turns whatever axios rejected with into an ApiRequestError: the server's code (or `error_unknown`)
 * and body when an answer arrived, else a client error code with the raw error as the body.
 */
export function toApiRequestError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (axios.isAxiosError(error) || axios.isCancel(error)) {
    const response = axios.isAxiosError(error) ? error.response : undefined;
    if (response) {
      const hasBody = response.data !== undefined && response.data !== null && response.data !== '';
      return new ApiRequestError(
        serverErrorCode(response.data) ?? CLIENT_ERROR_CODES.unknown,
        serverErrorMessage(response.data) ?? error.message,
        response.status,
        hasBody ? response.data : error,
      );
    }
    return new ApiRequestError(clientErrorCode(error.code, axios.isCancel(error)), error.message || 'Request failed', undefined, error);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiRequestError(CLIENT_ERROR_CODES.unknown, message, undefined, error);
}
