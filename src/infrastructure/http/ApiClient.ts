import axios, { type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import axiosRetry from 'axios-retry';
import type { Clock } from '../../application/ports/Clock';
import { type ApiRequestError, CLIENT_ERROR_CODES, type HttpClient, type RequestOptions } from './HttpClient';
import { responseError, toApiRequestError } from './apiErrors';
import type { AuthTokenProvider } from './authToken';
import { createRetryDelay, isRetryableFailure, type RandomSource, RETRY_COUNT } from './retryPolicy';

/** API version path appended to the configured base URL (spec section 7). */
export const API_PATH = '/api/v2';
export const AUTH_SCHEME = 'TgAuth';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'PUT' | 'DELETE' | 'POST';

export interface ApiClientConfig {
  /** Origin (and optional path prefix) of the API server; '' means the page's own origin. */
  readonly baseUrl: string;
}

/** A retry about to wait `delayMs` before attempt `retryNumber + 1`. */
export interface ScheduledRetry {
  readonly retryNumber: number;
  readonly delayMs: number;
  readonly method: string;
  readonly url: string;
}

export interface ApiClientDependencies {
  readonly config: ApiClientConfig;
  readonly authToken: AuthTokenProvider;
  readonly clock: Clock;
  /** Jitter source, `Math.random` by default. */
  readonly random?: RandomSource;
  /** Observes each scheduled retry (diagnostics and tests). */
  readonly onRetryScheduled?: (retry: ScheduledRetry) => void;
}

export interface ApiRequestOptions extends RequestOptions {
  readonly body?: unknown;
}

export type ApiErrorListener = (error: ApiRequestError) => void;

const TEXT_OR_DOCUMENT_CONTENT = /^(text\/|application\/(xhtml\+)?xml|image\/svg\+xml)/i;

function isTextOrDocument(response: AxiosResponse): boolean {
  const requested = response.config.responseType;
  if (requested === 'text' || requested === 'document') return true;
  const contentType = String(response.headers['content-type'] ?? '');
  return TEXT_OR_DOCUMENT_CONTENT.test(contentType);
}

/**
 * The one HTTP client of the app (spec section 7): `/api/v2` under the configured base URL, cookies
 * included, JSON, `Accept-Language: en`, `Authorization: TgAuth <init data>`, `Timezone` in minutes,
 * no timeout, and 3 retries (100, 200, 400 ms plus up to 20%) of network errors and 5xx answers
 * for GET, HEAD, OPTIONS, PUT and DELETE only.
 */
export class ApiClient implements HttpClient {
  private readonly http: AxiosInstance;
  private readonly errorListeners = new Set<ApiErrorListener>();

  constructor(private readonly dependencies: ApiClientDependencies) {
    this.http = axios.create({
      baseURL: dependencies.config.baseUrl.replace(/\/+$/, '') + API_PATH,
      withCredentials: true,
      timeout: 0,
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
    });
    // Runs again on each retry; only headers derived from the session belong here, never per-action ones.
    this.http.interceptors.request.use((request) => this.addSessionHeaders(request));
    const retryDelay = createRetryDelay(dependencies.random);
    axiosRetry(this.http, {
      retries: RETRY_COUNT,
      retryCondition: isRetryableFailure,
      retryDelay: (retryNumber, error) => {
        const delayMs = retryDelay(retryNumber);
        dependencies.onRetryScheduled?.({
          retryNumber,
          delayMs,
          method: (error.config?.method ?? '').toUpperCase(),
          url: error.config?.url ?? '',
        });
        return delayMs;
      },
    });
  }

  /** The fixed request settings, for diagnostics. */
  get settings(): { readonly baseURL: string; readonly withCredentials: boolean; readonly timeout: number } {
    const { baseURL = '', withCredentials = false, timeout = 0 } = this.http.defaults;
    return { baseURL, withCredentials, timeout };
  }

  /** Subscribes to failed calls (after retries; not to aborted ones), e.g. `banned` → /banned. */
  onApiError(listener: ApiErrorListener): () => void {
    this.errorListeners.add(listener);
    return () => {
      this.errorListeners.delete(listener);
    };
  }

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('GET', path, options);
  }

  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }

  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PUT', path, { ...options, body });
  }

  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('DELETE', path, options);
  }

  /**
   * Status 200 resolves with the body; text and document answers resolve with the data as is; any
   * other success status rejects with an ApiRequestError carrying the body.
   */
  async request<T>(method: HttpMethod, path: string, options: ApiRequestOptions = {}): Promise<T> {
    let response: AxiosResponse;
    try {
      response = await this.http.request({
        method,
        url: path,
        params: options.params,
        data: options.body,
        headers: options.headers ? { ...options.headers } : undefined,
        signal: options.signal,
      });
    } catch (error) {
      const failure = toApiRequestError(error);
      if (failure.code !== CLIENT_ERROR_CODES.aborted) this.notify(failure);
      throw failure;
    }
    if (isTextOrDocument(response) || response.status === 200) return response.data as T;
    throw responseError(response.status, response.data);
  }

  private addSessionHeaders(request: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
    const token = this.dependencies.authToken();
    if (token) request.headers.set('Authorization', `${AUTH_SCHEME} ${token}`);
    // `|| 0` turns -0 (UTC) into 0.
    request.headers.set('Timezone', String(this.dependencies.clock.timezoneOffsetMinutes() || 0));
    return request;
  }

  private notify(failure: ApiRequestError): void {
    for (const listener of [...this.errorListeners]) listener(failure);
  }
}
