/**
 * ApiClient against a real HTTP server on 127.0.0.1 (spec section 7): headers, status handling,
 * error codes, and which failures are retried how often and after which delays.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, type ApiClientDependencies, type ScheduledRetry } from '../../../src/infrastructure/http/ApiClient';
import { ApiRequestError } from '../../../src/infrastructure/http/HttpClient';
import type { Clock } from '../../../src/application/ports/Clock';
import { isConnectionTrouble } from '../../../src/domain/errors';

interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly receivedAt: number;
}

/** Answers the n-th attempt (from 1) of a request; `'drop'` destroys the socket (a network error), `'hold'` never answers. */
type Reply = { status: number; body?: unknown; contentType?: string } | 'drop' | 'hold';
type Script = (attempt: number, request: ReceivedRequest) => Reply;

let server: http.Server;
let origin: string;
let received: ReceivedRequest[] = [];
let script: Script = () => ({ status: 200, body: {} });

function answer(res: ServerResponse, req: IncomingMessage, reply: Reply): void {
  if (reply === 'hold') return;
  if (reply === 'drop') {
    req.socket.destroy();
    return;
  }
  const isJson = reply.contentType === undefined;
  const payload = reply.body === undefined ? '' : isJson ? JSON.stringify(reply.body) : String(reply.body);
  res.writeHead(reply.status, payload === '' ? {} : { 'Content-Type': reply.contentType ?? 'application/json' });
  res.end(payload);
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: performance.now(),
      };
      received.push(request);
      answer(res, req, script(received.length, request));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  script = () => ({ status: 200, body: {} });
});

const clock: Clock = { now: () => Date.UTC(2025, 0, 15), timezoneOffsetMinutes: () => 180 };

function createClient(overrides: Partial<ApiClientDependencies> = {}): {
  client: ApiClient;
  retries: ScheduledRetry[];
  errors: ApiRequestError[];
} {
  const retries: ScheduledRetry[] = [];
  const client = new ApiClient({
    config: { baseUrl: origin },
    authToken: () => 'query_id=AAH&user=%7B%22id%22%3A42%7D&auth_date=1736899200&signature=s1g&hash=abc123',
    clock,
    random: () => 0,
    onRetryScheduled: (retry) => retries.push(retry),
    ...overrides,
  });
  const errors: ApiRequestError[] = [];
  client.onApiError((error) => errors.push(error));
  return { client, retries, errors };
}

async function failureOf(call: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiRequestError);
    return error as ApiRequestError;
  }
  throw new Error('the call resolved, a rejection was expected');
}

const serviceUnavailable: Reply = { status: 503, body: { code: 'service_unavailable', message: 'Try later' } };

describe('ApiClient request shape', () => {
  it('sends every call under <base URL>/api/v2 with the fixed headers and the TgAuth token', async () => {
    const { client } = createClient();
    script = () => ({ status: 200, body: { ok: true } });

    await client.post('/subscription/new', { name: 'Monthly Subscription', amount: 5 });

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v2/subscription/new');
    expect(request.headers.authorization).toBe(
      'TgAuth query_id=AAH&user=%7B%22id%22%3A42%7D&auth_date=1736899200&signature=s1g&hash=abc123',
    );
    expect(request.headers['accept-language']).toBe('en');
    expect(request.headers.timezone).toBe('180');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ name: 'Monthly Subscription', amount: 5 });
  });

  it('sends the same headers on a GET, with query parameters', async () => {
    const { client } = createClient({ clock: { now: () => 0, timezoneOffsetMinutes: () => -300 } });

    await client.get('/verification/status', { params: { first_call: true, skipped: undefined } });

    const [request] = received;
    expect(request.url).toBe('/api/v2/verification/status?first_call=true');
    expect(request.headers.authorization).toMatch(/^TgAuth query_id=AAH&/);
    expect(request.headers['accept-language']).toBe('en');
    expect(request.headers.timezone).toBe('-300');
  });

  it('sends Timezone 0 (not -0) for UTC and no Authorization header when there is no token', async () => {
    const { client } = createClient({
      authToken: () => undefined,
      clock: { now: () => 0, timezoneOffsetMinutes: () => -0 },
    });

    await client.get('/dashboard');

    expect(received[0].headers.timezone).toBe('0');
    expect(received[0].headers.authorization).toBeUndefined();
  });

  it('reads the token for every call, so a token that appears later is used', async () => {
    let token: string | undefined = undefined;
    const { client } = createClient({ authToken: () => token });

    await client.get('/dashboard');
    token = 'auth_date=1&hash=later';
    await client.get('/dashboard');

    expect(received.map((request) => request.headers.authorization)).toEqual([
      undefined,
      'TgAuth auth_date=1&hash=later',
    ]);
  });

  it('passes an Idempotency-Key given for one call through, and only on that call', async () => {
    const { client } = createClient();

    await client.post(
      '/invoice/donation/7/create',
      { paymentMethod: 'smart_glocal', amount: 5 },
      { headers: { 'Idempotency-Key': 'pay-7f3a' } },
    );
    await client.post('/invoice/donation/7/create', { paymentMethod: 'smart_glocal', amount: 5 });

    expect(received[0].headers['idempotency-key']).toBe('pay-7f3a');
    expect(received[1].headers['idempotency-key']).toBeUndefined();
  });

  it('keeps the Idempotency-Key of a PUT across its retries', async () => {
    const { client } = createClient();
    script = (attempt) => (attempt < 2 ? serviceUnavailable : { status: 200, body: {} });

    await client.put('/payout/account', { currency: 'eur' }, { headers: { 'Idempotency-Key': 'k-1' } });

    expect(received.map((request) => request.headers['idempotency-key'])).toEqual(['k-1', 'k-1']);
    expect(received.map((request) => request.body)).toEqual(['{"currency":"eur"}', '{"currency":"eur"}']);
  });

  it('includes credentials, has no timeout and strips a trailing slash from the base URL', () => {
    const { client } = createClient({ config: { baseUrl: `${origin}/` } });

    expect(client.settings).toEqual({ baseURL: `${origin}/api/v2`, withCredentials: true, timeout: 0 });
  });
});

describe('ApiClient answers', () => {
  it('resolves status 200 with the body', async () => {
    const { client, errors } = createClient();
    script = () => ({ status: 200, body: { token: 't', status: 'approved' } });

    await expect(client.get('/verification/status')).resolves.toEqual({ token: 't', status: 'approved' });
    expect(errors).toEqual([]);
  });

  it('rejects any other success status with the body', async () => {
    const { client } = createClient();
    script = () => ({ status: 201, body: { id: 9 } });

    const failure = await failureOf(client.post('/subscription/new', {}));

    expect(failure.status).toBe(201);
    expect(failure.body).toEqual({ id: 9 });
    expect(failure.code).toBe('error_unknown');
  });

  it('rejects 204 No Content', async () => {
    const { client } = createClient();
    script = () => ({ status: 204 });

    const failure = await failureOf(client.post('/migration/refuse'));

    expect(failure.status).toBe(204);
  });

  it('returns a text answer as is', async () => {
    const { client } = createClient();
    script = () => ({ status: 200, body: 'plain words, not {json}', contentType: 'text/plain; charset=utf-8' });

    await expect(client.get('/snippet/subscription/5')).resolves.toBe('plain words, not {json}');
  });

  it('returns an HTML document answer as is', async () => {
    const { client } = createClient();
    script = () => ({ status: 200, body: '<html><body>ok</body></html>', contentType: 'text/html' });

    await expect(client.get('/snippet/subscription/5')).resolves.toBe('<html><body>ok</body></html>');
  });

  it('surfaces the server {code, message} as the ApiRequestError code, with status and body', async () => {
    const { client, errors } = createClient();
    script = () => ({ status: 403, body: { code: 'banned', message: 'Account banned' } });

    const failure = await failureOf(client.get('/dashboard'));

    expect(failure.code).toBe('banned');
    expect(failure.message).toBe('Account banned');
    expect(failure.status).toBe(403);
    expect(failure.body).toEqual({ code: 'banned', message: 'Account banned' });
    expect(errors.map((error) => error.code)).toEqual(['banned']);
  });

  it('uses error_unknown and the raw error when a failed answer has no body', async () => {
    const { client } = createClient();
    script = () => ({ status: 400 });

    const failure = await failureOf(client.get('/channel/1'));

    expect(failure.code).toBe('error_unknown');
    expect(failure.status).toBe(400);
    expect(failure.body).toBeInstanceOf(Error);
  });

  it('stops notifying a listener after it unsubscribes', async () => {
    const { client } = createClient();
    const codes: string[] = [];
    const unsubscribe = client.onApiError((error) => codes.push(error.code));
    script = () => ({ status: 404, body: { code: 'not_found' } });

    await failureOf(client.get('/invoice/donation/1'));
    unsubscribe();
    await failureOf(client.get('/invoice/donation/1'));

    expect(codes).toEqual(['not_found']);
  });
});

describe('ApiClient retries', () => {
  it('retries a GET answered 503 three times, then fails once with the server code', async () => {
    const { client, retries, errors } = createClient();
    script = () => serviceUnavailable;

    const failure = await failureOf(client.get('/dashboard'));

    expect(received).toHaveLength(4);
    expect(failure.code).toBe('service_unavailable');
    expect(failure.status).toBe(503);
    expect(retries.map((retry) => [retry.retryNumber, retry.method])).toEqual([
      [1, 'GET'],
      [2, 'GET'],
      [3, 'GET'],
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0].code).toBe('service_unavailable');
  });

  it('resolves a GET that succeeds on the third attempt', async () => {
    const { client, errors } = createClient();
    script = (attempt) =>
      attempt < 3 ? { status: 502, body: { code: 'bad_gateway' } } : { status: 200, body: { channels: [] } };

    await expect(client.get('/dashboard')).resolves.toEqual({ channels: [] });
    expect(received).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  it('retries a GET after network errors (socket destroyed)', async () => {
    const { client, errors } = createClient();
    script = () => 'drop';

    const failure = await failureOf(client.get('/dashboard'));

    expect(received).toHaveLength(4);
    expect(failure.code).toBe('network_error');
    expect(failure.status).toBeUndefined();
    expect(errors.map((error) => error.code)).toEqual(['network_error']);
  });

  it('recovers a GET after one network error', async () => {
    const { client } = createClient();
    script = (attempt) => (attempt === 1 ? 'drop' : { status: 200, body: { ok: 1 } });

    await expect(client.get('/payout')).resolves.toEqual({ ok: 1 });
    expect(received).toHaveLength(2);
  });

  it('never retries a POST answered 429', async () => {
    const { client, retries } = createClient();
    script = () => ({ status: 429, body: { code: 'rate_limited', message: 'Too many payments' } });

    const failure = await failureOf(
      client.post(
        '/invoice/donation/1/create',
        { paymentMethod: 'smart_glocal', amount: 5 },
        { headers: { 'Idempotency-Key': 'k' } },
      ),
    );

    expect(received).toHaveLength(1);
    expect(retries).toEqual([]);
    expect({ code: failure.code, status: failure.status }).toEqual({ code: 'rate_limited', status: 429 });
    // The screens show their connection-trouble text and retry on their own timers (spec section 8).
    expect(isConnectionTrouble(failure)).toBe(true);
  });

  it('never retries a POST answered 503', async () => {
    const { client, retries, errors } = createClient();
    script = () => serviceUnavailable;

    const failure = await failureOf(
      client.post(
        '/invoice/subscription/3/create',
        { paymentMethod: 'smart_glocal' },
        { headers: { 'Idempotency-Key': 'once' } },
      ),
    );

    expect(received).toHaveLength(1);
    expect(retries).toEqual([]);
    expect(failure.code).toBe('service_unavailable');
    expect(errors).toHaveLength(1);
  });

  it('never retries a POST after a network error', async () => {
    const { client } = createClient();
    script = () => 'drop';

    const failure = await failureOf(client.post('/pay/smart_glocal/check', { paymentId: 'p1' }));

    // Give a wrongly scheduled retry time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(received).toHaveLength(1);
    expect(failure.code).toBe('network_error');
  });

  it.each(['PUT', 'DELETE', 'HEAD', 'OPTIONS'] as const)('retries a %s answered 503 three times', async (method) => {
    const { client } = createClient();
    script = () => ({ status: 503 });

    const failure = await failureOf(client.request(method, '/resource/1'));

    expect(received.map((request) => request.method)).toEqual([method, method, method, method]);
    expect(failure.status).toBe(503);
  });

  it('retries a DELETE after network errors', async () => {
    const { client } = createClient();
    script = (attempt) => (attempt <= 3 ? 'drop' : { status: 200, body: { deleted: true } });

    await expect(client.delete('/resource/1')).resolves.toEqual({ deleted: true });
    expect(received).toHaveLength(4);
  });

  it.each([400, 401, 403, 404, 409, 422, 429])('never retries a GET answered %i', async (status) => {
    const { client, retries } = createClient();
    script = () => ({ status, body: { code: `code_${status}` } });

    const failure = await failureOf(client.get('/dashboard'));

    expect(received).toHaveLength(1);
    expect(retries).toEqual([]);
    expect(failure.code).toBe(`code_${status}`);
  });

  it('waits 100, 200 and 400 ms plus nothing when the jitter source gives 0', async () => {
    const { client, retries } = createClient({ random: () => 0 });
    script = () => serviceUnavailable;

    await failureOf(client.get('/dashboard'));

    expect(retries.map((retry) => retry.delayMs)).toEqual([100, 200, 400]);
    // The waits really happen: each attempt arrives no sooner than its delay after the previous one.
    const gaps = received.slice(1).map((request, index) => request.receivedAt - received[index].receivedAt);
    gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual([100, 200, 400][index] - 2));
  });

  it('adds at most 20% jitter: delays stay within [100,120], [200,240], [400,480] ms', async () => {
    const { client, retries } = createClient({ random: () => 0.999999 });
    script = () => ({ status: 500 });

    await failureOf(client.get('/dashboard'));

    const delays = retries.map((retry) => retry.delayMs);
    expect(delays).toHaveLength(3);
    [
      [100, 120],
      [200, 240],
      [400, 480],
    ].forEach(([min, max], index) => {
      expect(delays[index]).toBeGreaterThanOrEqual(min);
      expect(delays[index]).toBeLessThanOrEqual(max);
      expect(delays[index]).toBeCloseTo(max, 1);
    });
  });

  it('scales the jitter with the random source (half gives 10%)', async () => {
    const { client, retries } = createClient({ random: () => 0.5 });
    script = () => ({ status: 500 });

    await failureOf(client.get('/dashboard'));

    expect(retries.map((retry) => retry.delayMs)).toEqual([110, 220, 440]);
  });
});

describe('ApiClient aborted calls', () => {
  it('gives request_aborted, is not retried and does not notify listeners', async () => {
    const { client, retries, errors } = createClient();
    script = () => 'hold';
    const controller = new AbortController();

    const call = client.get('/dashboard', { signal: controller.signal });
    await waitFor(() => received.length === 1);
    controller.abort();
    const failure = await failureOf(call);

    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(failure.code).toBe('request_aborted');
    expect(received).toHaveLength(1);
    expect(retries).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('stops retrying when aborted while waiting for a retry', async () => {
    const controller = new AbortController();
    const { client, errors } = createClient({ onRetryScheduled: () => controller.abort() });
    script = () => serviceUnavailable;

    const failure = await failureOf(client.get('/dashboard', { signal: controller.signal }));

    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(failure.code).toBe('request_aborted');
    expect(received).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('does not send a call whose signal is already aborted', async () => {
    const { client } = createClient();
    const controller = new AbortController();
    controller.abort();

    const failure = await failureOf(client.get('/dashboard', { signal: controller.signal }));

    expect(failure.code).toBe('request_aborted');
    expect(received).toHaveLength(0);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const startedAt = Date.now();
  while (!condition()) {
    if (Date.now() - startedAt > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
