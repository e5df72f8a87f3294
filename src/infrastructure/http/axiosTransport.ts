import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import axiosRetry from 'axios-retry';
import type { Clock } from '../../application/ports/Clock';
import {
  API_ACCEPT_LANGUAGE,
  AUTH_SCHEME,
  ApiRequestError,
  CLIENT_ERROR_CODES,
  type RequestOptions,
} from './HttpClient';
import { responseError, serverErrorCode, serverErrorMessage } from './apiErrors';
import type { AuthTokenProvider } from './authToken';
import { createRetryDelay, isRetryableFailure, type RandomSource, RETRY_COUNT } from './retryPolicy';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'PUT' | 'DELETE' | 'POST';

export interface ApiRequestOptions extends RequestOptions {
  readonly body?: unknown;
}

/** A retry about to wait `delayMs` before attempt `retryNumber + 1`. */
export interface ScheduledRetry {
  readonly retryNumber: number;
  readonly delayMs: number;
  readonly method: string;
  readonly url: string;
}

/** ApiClient's requests over axios (a chunk of its own: see ApiClient.transport). */
export interface AxiosTransport {
  /** Status 200 (or a text or document answer) resolves with the body; anything else rejects with an ApiRequestError. */
  request<T>(method: HttpMethod, url: string, options: ApiRequestOptions): Promise<T>;
}

export interface AxiosTransportOptions {
  readonly baseURL: string;
  readonly withCredentials: boolean;
  readonly timeout: number;
  readonly authToken: AuthTokenProvider;
  readonly clock: Clock;
  readonly random?: RandomSource;
  readonly onRetryScheduled?: (retry: ScheduledRetry) => void;
}

const TEXT_OR_DOCUMENT_CONTENT = /^(text\/|application\/(xhtml\+)?xml|image\/svg\+xml)/i;

function isTextOrDocument(response: AxiosResponse): boolean {
  const requested = response.config.responseType;
  if (requested === 'text' || requested === 'document') return true;
  const contentType = String(response.headers['content-type'] ?? '');
  return TEXT_OR_DOCUMENT_CONTENT.test(contentType);
}

export function createAxiosTransport(options: AxiosTransportOptions): AxiosTransport {
  const http = axios.create({
    baseURL: options.baseURL,
    withCredentials: options.withCredentials,
    timeout: options.timeout,
    headers: { 'Content-Type': 'application/json', 'Accept-Language': API_ACCEPT_LANGUAGE },
  });
  // Runs again on each retry; only headers derived from the session belong here, never per-action ones.
  http.interceptors.request.use((request: InternalAxiosRequestConfig) => {
    const token = options.authToken();
    if (token) request.headers.set('Authorization', `${AUTH_SCHEME} ${token}`);
    // `|| 0` turns -0 (UTC) into 0.
    request.headers.set('Timezone', String(options.clock.timezoneOffsetMinutes() || 0));
    return request;
  });
  const retryDelay = createRetryDelay(options.random);
  axiosRetry(http, {
    retries: RETRY_COUNT,
    retryCondition: isRetryableFailure,
    retryDelay: (retryNumber, error) => {
      const delayMs = retryDelay(retryNumber);
      options.onRetryScheduled?.({
        retryNumber,
        delayMs,
        method: (error.config?.method ?? '').toUpperCase(),
        url: error.config?.url ?? '',
      });
      return delayMs;
    },
  });
  return {
    async request<T>(method: HttpMethod, url: string, request: ApiRequestOptions): Promise<T> {
      let response: AxiosResponse;
      try {
        response = await http.request({
          method,
          url,
          data: request.body,
          headers: request.headers ? { ...request.headers } : undefined,
          signal: request.signal,
        });
      } catch (error) {
        throw toApiRequestError(error);
      }
      if (isTextOrDocument(response) || response.status === 200) return response.data as T;
      throw responseError(response.status, response.data);
    },
  };
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);
const BAD_REQUEST_CODES = new Set([
  'ERR_BAD_REQUEST',
  'ERR_BAD_RESPONSE',
  'ERR_BAD_OPTION',
  'ERR_BAD_OPTION_VALUE',
  'ERR_INVALID_URL',
  'ERR_NOT_SUPPORT',
  'ERR_FR_TOO_MANY_REDIRECTS',
]);

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
    return new ApiRequestError(
      clientErrorCode(error.code, axios.isCancel(error)),
      error.message || 'Request failed',
      undefined,
      error,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiRequestError(CLIENT_ERROR_CODES.unknown, message, undefined, error);
}
