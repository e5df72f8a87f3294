import type { Clock } from '../../application/ports/Clock';
import {
  API_PATH,
  AUTH_SCHEME,
  ApiRequestError,
  CLIENT_ERROR_CODES,
  type HttpClient,
  type RequestOptions,
} from './HttpClient';
import { responseError } from './apiErrors';
import type { AuthTokenProvider } from './authToken';
import type { ApiRequestOptions, AxiosTransport, HttpMethod, ScheduledRetry } from './axiosTransport';
import type { EarlyRequest } from './earlyDashboardRequest';
import type { RandomSource } from './retrySchedule';

export { API_PATH, AUTH_SCHEME };

export type { ApiRequestOptions, HttpMethod, ScheduledRetry };

export interface ApiClientConfig {
  /** Origin (and optional path prefix) of the API server; '' means the page's own origin. */
  readonly baseUrl: string;
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

export type ApiErrorListener = (error: ApiRequestError) => void;

/**
 * `?a=1&b=x` of the defined parameters ('' for none). The client writes its query itself (the same string the early
 * dashboard request is compared by), so the app build needs none of axios's parameter and form serialisers.
 */
function queryString(params: RequestOptions['params']): string {
  const defined = Object.entries(params ?? {}).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  );
  return defined.length ? `?${new URLSearchParams(defined.map(([name, value]) => [name, String(value)]))}` : '';
}

/**
 * The one HTTP client of the app (spec section 7): `/api/v2` under the configured base URL, cookies
 * included, JSON, `Accept-Language: en`, `Authorization: TgAuth <init data>`, `Timezone` in minutes,
 * no timeout, and 3 retries (100, 200, 400 ms plus up to 20%) of network errors and 5xx answers
 * for GET, HEAD, OPTIONS, PUT and DELETE only.
 */
export class ApiClient implements HttpClient {
  private readonly baseURL: string;
  private readonly errorListeners = new Set<ApiErrorListener>();
  private earlyRequest: EarlyRequest | undefined;
  /**
   * axios and its retries load with the first request the page's early request does not answer: the first screen
   * renders from the early request, so neither is in the entry (the first screen's budget).
   */
  private transport: Promise<AxiosTransport> | undefined;

  constructor(private readonly dependencies: ApiClientDependencies) {
    this.earlyRequest = dependencies.earlyRequest;
    this.baseURL = dependencies.config.baseUrl.replace(/\/+$/, '') + API_PATH;
  }

  /** The fixed request settings, for diagnostics. */
  get settings(): { readonly baseURL: string; readonly withCredentials: boolean; readonly timeout: number } {
    return { baseURL: this.baseURL, withCredentials: true, timeout: 0 };
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
    if (
      early &&
      method === 'GET' &&
      !options.headers &&
      early.path === url &&
      early.token === this.dependencies.authToken()
    ) {
      const { status, data } = await early.answer;
      if (status === 200) return data as T;
      // The same rejection as below: the server's answer, or no answer after the retries.
      const failure = status
        ? responseError(status, data)
        : new ApiRequestError(CLIENT_ERROR_CODES.network, 'Network Error', undefined, undefined);
      this.notify(failure);
      throw failure;
    }
    let transport: AxiosTransport;
    try {
      transport = await this.loadTransport();
    } catch {
      // Its chunk did not load (offline): the same failure as a request that got no answer.
      const failure = new ApiRequestError(CLIENT_ERROR_CODES.network, 'Network Error', undefined, undefined);
      this.notify(failure);
      throw failure;
    }
    try {
      return await transport.request<T>(method, url, options);
    } catch (error) {
      const failure = error as ApiRequestError;
      if (failure.code !== CLIENT_ERROR_CODES.aborted) this.notify(failure);
      throw failure;
    }
  }

  private loadTransport(): Promise<AxiosTransport> {
    this.transport ??= import('./axiosTransport')
      .then(({ createAxiosTransport }) =>
        createAxiosTransport({
          ...this.settings,
          authToken: this.dependencies.authToken,
          clock: this.dependencies.clock,
          random: this.dependencies.random,
          onRetryScheduled: this.dependencies.onRetryScheduled,
        }),
      )
      .catch((error: unknown) => {
        this.transport = undefined; // a later call may load it
        throw error;
      });
    return this.transport;
  }

  private notify(failure: ApiRequestError): void {
    for (const listener of [...this.errorListeners]) listener(failure);
  }
}
