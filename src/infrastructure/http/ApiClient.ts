import axios, { type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import axiosRetry from 'axios-retry';
import type { Clock } from '../../application/ports/Clock';
import { API_ACCEPT_LANGUAGE, API_PATH, AUTH_SCHEME, ApiRequestError, CLIENT_ERROR_CODES, type HttpClient, type RequestOptions } from './HttpClient';
import { responseError, toApiRequestError } from './apiErrors';
import type { AuthTokenProvider } from './authToken';
import type { EarlyRequest } from './earlyDashboardRequest';
import { createRetryDelay, isRetryableFailure, type RandomSource, RETRY_COUNT } from './retryPolicy';

export { API_PATH, AUTH_SCHEME };

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
  /** The dashboard request index.html started (earlyDashboardRequest.ts): answers the first call if it is the same. */
  readonly earlyRequest?: EarlyRequest;
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
 * `?a=1&b=x` of the defined parameters ('' for none). The client writes its query itself (the same string the early
 * dashboard request is compared by), so the app build needs none of axios's parameter and form serialisers.
 */
function queryString(params: RequestOptions['params']): string {
  const defined = Object.entries(params ?? {}).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined);
  return defined.length ? `?${new URLSearchParams(defined.map(([name, value]) => [name, String(value)]))}` : '';
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
  private earlyRequest: EarlyRequest | undefined;

  constructor(private readonly dependencies: ApiClientDependencies) {
    this.earlyRequest = dependencies.earlyRequest;
    this.http = axios.create({
      baseURL: dependencies.config.baseUrl.replace(/\/+$/, '') + API_PATH,
      withCredentials: true,
      timeout: 0,
      headers: { 'Content-Type': 'application/json', 'Accept-Language': API_ACCEPT_LANGUAGE },
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
    // Only the first call may take the page's early request, and only when it is the same request for the same user.
    const early = this.earlyRequest;
    this.earlyRequest = undefined;
    const url = path + queryString(options.params);
    if (early && method === 'GET' && !options.headers && early.path === url && early.token === this.dependencies.authToken()) {
      const { status, data } = await early.answer;
      if (status === 200) return data as T;
      // The same rejection as below: the server's answer, or no answer after the retries.
      const failure = status ? responseError(status, data) : new ApiRequestError(CLIENT_ERROR_CODES.network, 'Network Error', undefined, undefined);
      this.notify(failure);
      throw failure;
    }
    let response: AxiosResponse;
    try {
      response = await this.http.request({
        method,
        url,
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
