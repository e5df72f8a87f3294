/**
 * Calls from this server to a sandbox double it serves itself (the Bot API double, the card provider's notifications):
 * over real HTTP on the address it listens on, like a call to the outside world; before it listens (scripts that only
 * build the app), through the app itself with `inject`.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { httpRequest } from './httpClient';

/** This server's own origin (loopback for a wildcard address), or null while it is not listening. */
export function listeningOrigin(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return null;
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** The origin used in URLs built before the server listens; selfFetch sends them through `inject`. */
export const NOT_LISTENING_ORIGIN = 'http://backers.self.invalid';

/** A body is a string (JSON) or a stream of bytes (grammY's multipart/form-data uploads). */
export interface SelfFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | AsyncIterable<Uint8Array>;
  signal?: AbortSignal | null;
}
export interface SelfFetchResponse {
  status: number;
  ok: boolean;
  json(): Promise<unknown>;
}

const withoutConnectionHeader = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'connection'));

/**
 * A fetch for text bodies on keep-alive connections (httpClient.ts), minus the `connection` header some clients set
 * (grammY does); other bodies (grammY's file uploads stream) go through Node's fetch.
 */
export function plainFetch(url: string, init: SelfFetchInit = {}): Promise<SelfFetchResponse> {
  const { method = 'GET', body, signal = null } = init;
  const headers = withoutConnectionHeader(init.headers);
  if (body === undefined || typeof body === 'string') return httpRequest(url, { method, headers, body, signal });
  // A streamed body needs duplex 'half' (the fetch standard's only mode for it; undici refuses the call without it).
  return fetch(url, { method, headers, body: body as RequestInit['body'], signal, duplex: 'half' } as RequestInit);
}

/** A fetch for URLs on this server's own origin: real HTTP when listening, `inject` otherwise. */
export function selfFetch(app: FastifyInstance): (url: string, init?: SelfFetchInit) => Promise<SelfFetchResponse> {
  return async (url, init = {}) => {
    if (!url.startsWith(NOT_LISTENING_ORIGIN)) return plainFetch(url, init);
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: url.slice(NOT_LISTENING_ORIGIN.length),
      headers: withoutConnectionHeader(init.headers),
      payload: typeof init.body === 'string' || init.body === undefined ? init.body : Readable.from(init.body),
    });
    return {
      status: answer.statusCode,
      ok: answer.statusCode < 300,
      json: async () => JSON.parse(answer.body) as unknown,
    };
  };
}
