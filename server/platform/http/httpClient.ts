/**
 * A small HTTP client for calls whose body is text (JSON APIs: the card provider, webhooks of the sandbox's doubles):
 * node:http/https on keep-alive agents, one pool per origin. Node's `fetch` (undici, web streams) costs several times
 * more CPU per call, and a payment makes four such calls. Never retries: a POST is sent once, a failure rejects.
 */
import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

export interface HttpRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal | null;
}
export interface HttpResponse {
  status: number;
  ok: boolean;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

/**
 * Idle connections close after 4 s (undici's default too), sooner than servers drop them (Node's 5 s, Fastify's 72 s),
 * so a request is not sent on a connection the server is closing.
 */
const IDLE_MS = 4_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
};

/** Larger decoded answers are refused: the APIs called here answer in kilobytes, and a small compressed body can unpack to gigabytes. */
const MAX_DECODED_BYTES = 16 * 1024 * 1024;

/**
 * The answer's bytes with its content codings undone. A server may compress even when the request names no coding (a
 * request without Accept-Encoding accepts any, RFC 9110 section 12.5.3), and a proxy in front of a vendor's API may do
 * so: gzip, deflate and br are decoded, anything else is an error rather than garbled JSON.
 */
export function decodeBody(body: Buffer, contentEncoding: string | undefined): Buffer {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  const limit = { maxOutputLength: MAX_DECODED_BYTES };
  // Listed in the order they were applied: undone from the last.
  return codings.reduceRight((data, coding) => {
    switch (coding) {
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(data, limit);
      case 'deflate':
        // zlib-wrapped as the RFC says; some servers send the raw stream.
        try {
          return inflateSync(data, limit);
        } catch {
          return inflateRawSync(data, limit);
        }
      case 'br':
        return brotliDecompressSync(data, limit);
      default:
        throw new Error(`The answer is in a content coding this client cannot read: ${coding}`);
    }
  }, body);
}

/** One request; resolves with the whole answer read, rejects on a network failure or when `signal` aborts (with its reason). */
export function httpRequest(url: string, init: HttpRequestInit = {}): Promise<HttpResponse> {
  const target = new URL(url);
  const protocol = target.protocol === 'https:' ? 'https:' : target.protocol === 'http:' ? 'http:' : null;
  if (protocol === null) return Promise.reject(new TypeError(`Unsupported protocol ${target.protocol}`));
  const signal = init.signal ?? null;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const headers: Record<string, string | number> = { ...init.headers };
  if (init.body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) {
    headers['content-length'] = Buffer.byteLength(init.body);
  }
  return new Promise<HttpResponse>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      // As fetch: an aborted call rejects with the signal's reason (a TimeoutError for AbortSignal.timeout).
      reject(signal?.aborted ? signal.reason : error);
    };
    const request = (protocol === 'https:' ? https : http).request(
      target,
      { method: init.method ?? 'GET', headers, agent: agents[protocol] },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('close', () => {
          if (!response.complete) fail(new Error('The connection closed before the answer was complete'));
        });
        response.on('end', () => {
          if (settled) return;
          let text: string;
          try {
            text = decodeBody(Buffer.concat(chunks), response.headers['content-encoding']).toString('utf8');
          } catch (error) {
            fail(error);
            return;
          }
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          const status = response.statusCode ?? 0;
          resolve({
            status,
            ok: status >= 200 && status < 300,
            json: async () => JSON.parse(text) as unknown,
            text: async () => text,
          });
        });
      },
    );
    function onAbort(): void {
      request.destroy();
      fail(signal!.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', fail);
    request.end(init.body);
  });
}
