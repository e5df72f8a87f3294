/**
 * Stopgap adapters the container needs that src/infrastructure does not provide yet: a timer-based Scheduler
 * and a plain JSON client for the card payment provider (its own base URL, none of the API's session headers).
 * Loaded lazily. Move them to src/infrastructure (clock/, http/) when the adapters land there.
 */
import type { Scheduler } from '../application/ports/Scheduler';
import { ApiRequestError, CLIENT_ERROR_CODES, type HttpClient, type RequestOptions } from '../infrastructure/http/HttpClient';

export class TimerScheduler implements Scheduler {
  delay(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** JSON over fetch against the provider's base URL; failures reject with ApiRequestError like the ApiClient's. */
export class ProviderHttpClient implements HttpClient {
  constructor(private readonly baseUrl: string) {}

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('GET', path, undefined, options);
  }

  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, body, options);
  }

  private async request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const url = new URL(this.baseUrl.replace(/\/+$/, '') + path, globalThis.location?.href ?? 'http://localhost/');
    for (const [name, value] of Object.entries(options.params ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...options.headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      const aborted = options.signal?.aborted ?? false;
      throw new ApiRequestError(aborted ? CLIENT_ERROR_CODES.aborted : CLIENT_ERROR_CODES.network, error instanceof Error ? error.message : 'Load failed', undefined, error);
    }
    const data: unknown = await response.json().catch(() => undefined);
    if (response.status === 200) return data as T;
    const code = (data as { code?: unknown } | undefined)?.code;
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiRequestError(typeof code === 'string' ? code : CLIENT_ERROR_CODES.unknown, typeof message === 'string' ? message : `Request failed with status code ${response.status}`, response.status, data);
  }
}
