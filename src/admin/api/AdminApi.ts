/** The console's one HTTP client: same-origin calls to /admin/api with the session cookie; failures as AdminApiError. */
import type { AdminMe, AdminPage } from '../../contract/admin';

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type Query = Readonly<Record<string, string | number | undefined>>;

/** What the console's view models need from the server (AdminApi over HTTP; an in-memory double in unit tests). */
export interface AdminPort {
  me(): Promise<AdminMe>;
  signOut(): Promise<unknown>;
  /** One page of a queue; fails with AdminApiError. */
  list<T>(path: string, query: Query): Promise<AdminPage<T>>;
  /**
   * An action (POST) under the Idempotency-Key of the operator's action: the server does it once per key, so a
   * repeated send (a double click, a retry after a lost answer) changes nothing twice. Fails with AdminApiError.
   */
  act(path: string, body: unknown, idempotencyKey: string): Promise<unknown>;
  /** Where a file download is fetched. */
  url(path: string): string;
}

export class AdminApi implements AdminPort {
  constructor(private readonly base = '/admin/api') {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed: unknown = text === '' ? null : JSON.parse(text);
    if (!response.ok) {
      const error = (parsed ?? {}) as { code?: string; message?: string };
      throw new AdminApiError(response.status, error.code ?? 'error_unknown', error.message ?? response.statusText);
    }
    return parsed as T;
  }

  me(): Promise<AdminMe> {
    return this.call('GET', '/me');
  }

  signOut(): Promise<unknown> {
    return this.call('POST', '/signout', {});
  }

  list<T>(path: string, query: Query): Promise<AdminPage<T>> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== '') params.set(key, String(value));
    return this.call('GET', `${path}?${params.toString()}`);
  }

  act(path: string, body: unknown, idempotencyKey: string): Promise<unknown> {
    return this.call('POST', path, body, idempotencyKey);
  }

  /** Where a file download (the payout CSV) is fetched; the browser sends the cookie. */
  url(path: string): string {
    return `${this.base}${path}`;
  }
}
