/**
 * The dashboard request index.html starts before the app's code, against a real HTTP server: it sends
 * what the ApiClient sends (spec section 7), retries like it, and the ApiClient answers its first call with it, so
 * the dashboard is requested once; anything else leaves the call to the ApiClient.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, type ApiClientDependencies } from '../../../src/infrastructure/http/ApiClient';
import { ApiRequestError } from '../../../src/infrastructure/http/HttpClient';
import {
  type EarlyRequestEnvironment,
  startEarlyDashboardRequest,
} from '../../../src/infrastructure/http/earlyDashboardRequest';

interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}
/** The n-th request's answer (from 1); `'drop'` destroys the socket (a network error). */
type Reply = { status: number; body?: unknown } | 'drop';

let server: http.Server;
let origin: string;
let received: ReceivedRequest[] = [];
let reply: (attempt: number) => Reply = () => ({ status: 200, body: {} });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      const answer = reply(received.length);
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
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
  reply = () => ({ status: 200, body: {} });
});

const INIT_DATA = 'query_id=AAH&user=%7B%22id%22%3A42%7D&auth_date=1736899200&signature=s1g&hash=abc123';
const launchHash = (initData = INIT_DATA, extra = '') =>
  `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=7.10&tgWebAppPlatform=ios${extra}`;
const waits: number[] = [];

function environment(
  overrides: Partial<EarlyRequestEnvironment> & { pathname?: string; hash?: string; search?: string } = {},
): EarlyRequestEnvironment {
  const { pathname = '/dashboard/creator', hash = launchHash(), search = '', ...rest } = overrides;
  return {
    location: { pathname, hash, search },
    fetch,
    apiBaseUrl: origin,
    timezoneOffsetMinutes: 180,
    random: () => 0,
    wait: async (ms) => void waits.push(ms),
    ...rest,
  };
}

function client(overrides: Partial<ApiClientDependencies> = {}): { client: ApiClient; errors: ApiRequestError[] } {
  const api = new ApiClient({
    config: { baseUrl: origin },
    authToken: () => INIT_DATA,
    clock: { now: () => 0, timezoneOffsetMinutes: () => 180 },
    random: () => 0,
    ...overrides,
  });
  const errors: ApiRequestError[] = [];
  api.onApiError((error) => errors.push(error));
  return { client: api, errors };
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

describe('the early dashboard request', () => {
  it('sends the request the ApiClient would send: path, query, Authorization, Timezone, Accept-Language, Accept', async () => {
    const early = startEarlyDashboardRequest(environment());
    expect(early?.path).toBe('/dashboard?mode=creator');
    await early?.answer;
    await client().client.get('/dashboard', { params: { mode: 'creator' } });

    expect(received).toHaveLength(2);
    const [fromPage, fromClient] = received;
    expect(fromPage.method).toBe('GET');
    expect(fromPage.url).toBe(fromClient.url);
    expect(fromPage.url).toBe('/api/v2/dashboard?mode=creator');
    for (const header of ['authorization', 'timezone', 'accept-language', 'accept']) {
      expect([header, fromPage.headers[header]]).toEqual([header, fromClient.headers[header]]);
    }
    expect(fromPage.headers.authorization).toBe(`TgAuth ${INIT_DATA}`);
  });

  it('answers the ApiClient’s first call when it is the same request: the dashboard is requested once', async () => {
    reply = () => ({ status: 200, body: { mode: 'creator', balances: [] } });
    const { client: api } = client({ earlyRequest: startEarlyDashboardRequest(environment()) });

    await expect(api.get('/dashboard', { params: { mode: 'creator' } })).resolves.toEqual({
      mode: 'creator',
      balances: [],
    });
    expect(received).toHaveLength(1);
    // Only the first call may take it: the next one asks the server.
    await api.get('/dashboard', { params: { mode: 'creator' } });
    expect(received).toHaveLength(2);
  });

  it('asks without a mode on / and /dashboard, where the server decides', async () => {
    const early = startEarlyDashboardRequest(environment({ pathname: '/' }));
    const { client: api } = client({ earlyRequest: early });
    await api.get('/dashboard');
    const onDashboard = startEarlyDashboardRequest(environment({ pathname: '/dashboard' }));
    await onDashboard?.answer;
    expect(onDashboard?.path).toBe('/dashboard');
    expect(received.map((request) => request.url)).toEqual(['/api/v2/dashboard', '/api/v2/dashboard']);
  });

  it('retries network errors and 5xx like the ApiClient (100, 200, 400 ms) and hands over the last answer', async () => {
    waits.length = 0;
    reply = (attempt) =>
      attempt === 1
        ? 'drop'
        : attempt < 4
          ? { status: 503, body: { code: 'service_unavailable', message: 'Try later' } }
          : { status: 200, body: { ok: 1 } };
    const { client: api } = client({ earlyRequest: startEarlyDashboardRequest(environment()) });
    await expect(api.get('/dashboard', { params: { mode: 'creator' } })).resolves.toEqual({ ok: 1 });
    expect(received).toHaveLength(4);
    expect(waits).toEqual([100, 200, 400]);
  });

  it('rejects the first call as the ApiClient would when the retries run out, and tells the error listeners', async () => {
    reply = () => ({ status: 503, body: { code: 'service_unavailable', message: 'Try later' } });
    const { client: api, errors } = client({ earlyRequest: startEarlyDashboardRequest(environment()) });
    const failure = await failureOf(api.get('/dashboard', { params: { mode: 'creator' } }));
    expect(received).toHaveLength(4); // one request and 3 retries, none again by the ApiClient
    expect([failure.code, failure.status, failure.message]).toEqual(['service_unavailable', 503, 'Try later']);
    expect(errors).toEqual([failure]);

    received = [];
    reply = () => 'drop';
    const offline = client({ earlyRequest: startEarlyDashboardRequest(environment()) });
    const networkFailure = await failureOf(offline.client.get('/dashboard', { params: { mode: 'creator' } }));
    expect(received).toHaveLength(4);
    expect([networkFailure.code, networkFailure.status]).toEqual(['network_error', undefined]);
    expect(offline.errors).toEqual([networkFailure]);
  });

  it('hands over a 4xx answer at once (the server’s code), never asking twice', async () => {
    reply = () => ({ status: 403, body: { code: 'verification_required', message: 'Verify first' } });
    const { client: api, errors } = client({ earlyRequest: startEarlyDashboardRequest(environment()) });
    const failure = await failureOf(api.get('/dashboard', { params: { mode: 'creator' } }));
    expect(received).toHaveLength(1);
    expect([failure.code, failure.status]).toEqual(['verification_required', 403]);
    expect(errors.map((error) => error.code)).toEqual(['verification_required']);
  });

  it('is not used when the first call differs (another query, another token): that call asks the server', async () => {
    const early = startEarlyDashboardRequest(environment());
    const other = client({ earlyRequest: early });
    await other.client.get('/dashboard', { params: { mode: 'follower' } });
    await early?.answer;
    expect(received.map((request) => request.url).sort()).toEqual([
      '/api/v2/dashboard?mode=creator',
      '/api/v2/dashboard?mode=follower',
    ]);

    received = [];
    const forAnotherUser = startEarlyDashboardRequest(environment());
    const anotherUser = client({ earlyRequest: forAnotherUser, authToken: () => 'stored-token' });
    await anotherUser.client.get('/dashboard', { params: { mode: 'creator' } });
    await forAnotherUser?.answer;
    expect(received.map((request) => request.headers.authorization).sort()).toEqual([
      `TgAuth ${INIT_DATA}`,
      'TgAuth stored-token',
    ]);
  });

  it('starts nothing without launch data, off the first screen, or with a start parameter (the app decides where to go)', () => {
    expect(startEarlyDashboardRequest(environment({ hash: '' }))).toBeUndefined();
    expect(startEarlyDashboardRequest(environment({ pathname: '/payout' }))).toBeUndefined();
    expect(
      startEarlyDashboardRequest(environment({ hash: launchHash(INIT_DATA, '&tgWebAppStartParam=subscription_7') })),
    ).toBeUndefined();
    expect(
      startEarlyDashboardRequest(environment({ hash: launchHash(`${INIT_DATA}&start_param=donation_3`) })),
    ).toBeUndefined();
    expect(received).toHaveLength(0);
  });
});
