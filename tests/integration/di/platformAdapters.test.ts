import { type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { TimerScheduler } from '../../../src/infrastructure/clock/TimerScheduler';
import { ProviderHttpClient } from '../../../src/infrastructure/http/ProviderHttpClient';
import { ApiRequestError } from '../../../src/infrastructure/http/HttpClient';

describe('TimerScheduler', () => {
  afterEach(() => jest.useRealTimers());

  it('resolves after the delay', async () => {
    jest.useFakeTimers();
    let done = false;
    const waiting = new TimerScheduler().delay(1000).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });

  it('rejects with the reason when aborted first, and at once when already aborted', async () => {
    const controller = new AbortController();
    const waiting = new TimerScheduler().delay(60_000, controller.signal);
    controller.abort(new Error('left the page'));
    await expect(waiting).rejects.toThrow('left the page');
    await expect(new TimerScheduler().delay(10, controller.signal)).rejects.toThrow('left the page');
  });
});

describe('ProviderHttpClient (a plain JSON client on the provider base URL)', () => {
  let server: Server;
  let base: string;
  const seen: { method?: string; url?: string; headers: Record<string, unknown>; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push({ method: request.method, url: request.url, headers: request.headers, body });
        if (request.url?.startsWith('/provider/session/status')) {
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'paid' }));
        } else {
          response
            .writeHead(402, { 'content-type': 'application/json' })
            .end(JSON.stringify({ code: 'card_declined', message: 'Declined' }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/provider/`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('GETs under the base URL with the given headers and no API session headers', async () => {
    const client = new ProviderHttpClient(base);
    await expect(
      client.get('/session/status', { headers: { 'X-Public-Token': 'pub' }, params: { a: 1 } }),
    ).resolves.toEqual({ status: 'paid' });
    const request = seen.at(-1)!;
    expect(request.url).toBe('/provider/session/status?a=1');
    expect(request.headers['x-public-token']).toBe('pub');
    expect(request.headers.authorization).toBeUndefined();
  });

  it('POSTs JSON and rejects a failure with the server code and message', async () => {
    const client = new ProviderHttpClient(base);
    const failure = await client
      .post('/card/tokenize', { card_number: '4000000000000002' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ code: 'card_declined', message: 'Declined', status: 402 });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ card_number: '4000000000000002' });
    expect(seen.at(-1)!.headers['content-type']).toBe('application/json');
  });

  it('takes an absolute URL (the tokenize URL the server hands out) as it is', async () => {
    const client = new ProviderHttpClient('http://127.0.0.1:9/unused');
    const absolute = base.replace(/\/provider\/$/, '/cds/v1/tokenize/card');
    await client.post(absolute, { card: { number: '4242424242424242' } }).catch(() => undefined);
    expect(seen.at(-1)!.url).toBe('/cds/v1/tokenize/card');
  });

  it('reports a connection failure as network_error', async () => {
    const client = new ProviderHttpClient('http://127.0.0.1:9/provider');
    await expect(client.get('/session/status')).rejects.toMatchObject({ code: 'network_error' });
  });
});
