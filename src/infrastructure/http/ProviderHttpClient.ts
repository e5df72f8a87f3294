/**
 * A plain JSON HttpClient for calls outside the API: the card payment provider (absolute URLs) and the sandbox
 * control API of the /local build. None of the ApiClient's session headers or retries; failures reject with
 * ApiRequestError like the ApiClient's, so callers read codes the same way.
 */
import { ApiRequestError, CLIENT_ERROR_CODES, type HttpClient, type RequestOptions } from './HttpClient';

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
    // An absolute URL (the tokenize URL the server hands out) is used as is; a path joins the base URL.
    const target = /^https?:\/\//.test(path) ? path : this.baseUrl.replace(/\/+$/, '') + path;
    const url = new URL(target, globalThis.location?.href ?? 'http://localhost/');
    for (const [name, value] of Object.entries(options.params ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...options.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      const aborted = options.signal?.aborted ?? false;
      throw new ApiRequestError(
        aborted ? CLIENT_ERROR_CODES.aborted : CLIENT_ERROR_CODES.network,
        error instanceof Error ? error.message : 'Load failed',
        undefined,
        error,
      );
    }
    const data: unknown = await response.json().catch(() => undefined);
    if (response.status === 200) return data as T;
    const code = (data as { code?: unknown } | undefined)?.code;
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiRequestError(
      typeof code === 'string' ? code : CLIENT_ERROR_CODES.unknown,
      typeof message === 'string' ? message : `Request failed with status code ${response.status}`,
      response.status,
      data,
    );
  }
}
