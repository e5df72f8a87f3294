/** API version path appended to the configured base URL (spec section 7). */
export const API_PATH = '/api/v2';
export const AUTH_SCHEME = 'TgAuth';
/** The one Accept-Language every call sends (spec section 7). */
export const API_ACCEPT_LANGUAGE = 'en';

/** What HTTP repositories need from the ApiClient (spec section 7); implemented by ApiClient. */
export interface RequestOptions {
  readonly params?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

export interface HttpClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

/** The rejection of a failed call: the server's `code` (or an unknown-error code) and the body. */
export class ApiRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Client-side error codes (spec section 8). */
export const CLIENT_ERROR_CODES = {
  unknown: 'error_unknown',
  network: 'network_error',
  aborted: 'request_aborted',
  timeout: 'timeout',
  badRequest: 'bad_request',
} as const;
