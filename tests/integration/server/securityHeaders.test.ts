/**
 * Security headers over real HTTP: a Content-Security-Policy that lets only Telegram's web clients (and, in
 * the sandbox, the host emulator on this origin) frame the app, nosniff, a referrer policy, no-store on private API
 * answers, and no CORS for foreign origins.
 */
import { ALICE, type TestServer, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

const csp = (headers: Headers): Map<string, string[]> =>
  new Map(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((part) => part[0] !== '')
      .map(([name, ...values]) => [name!, values]),
  );

describe('every answer', () => {
  test.each(['/api/v2/dashboard', '/api/v2/openapi.json', '/', '/some/app/route', '/sandbox/'])(
    '%s carries the CSP, nosniff and the referrer policy',
    async (url) => {
      const answer = url.startsWith('/api/v2/dashboard')
        ? await server.api(ALICE, 'GET', '/dashboard')
        : await server.request('GET', url);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('x-frame-options')).toBeNull();
      const policy = csp(answer.headers);
      expect(policy.get('frame-ancestors')).toEqual(["'self'", 'https://web.telegram.org', 'https://*.telegram.org']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-src')).toEqual(expect.arrayContaining(["'self'", 'https:']));
    },
  );

  test('errors and unknown API routes carry them too (no HSTS over plain http)', async () => {
    for (const answer of [
      await server.api(null, 'GET', '/dashboard'),
      await server.request('GET', '/api/v2/no-such-route'),
    ]) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
      expect(csp(answer.headers).get('script-src')).toEqual(["'self'"]);
    }
  });

  test('the app allows scripts of this origin only; the sandbox pages also inline ones', async () => {
    const app = csp((await server.request('GET', '/')).headers);
    expect(app.get('script-src')).toEqual(["'self'"]);
    expect(app.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(app.get('connect-src')).toEqual(["'self'"]);
    for (const url of ['/sandbox/', '/websdk/websdk.html']) {
      const page = csp((await server.request('GET', url)).headers);
      expect(page.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(page.get('frame-ancestors')).toEqual(app.get('frame-ancestors'));
    }
  });
});

describe('caching', () => {
  test('private API answers, errors included, are no-store; the public OpenAPI document is not', async () => {
    expect((await server.api(ALICE, 'GET', '/dashboard')).headers.get('cache-control')).toBe('no-store');
    expect((await server.api(ALICE, 'GET', '/channel/777')).headers.get('cache-control')).toBe('no-store');
    expect((await server.api(null, 'GET', '/dashboard')).headers.get('cache-control')).toBe('no-store');
    expect((await server.api(null, 'GET', '/openapi.json')).headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('CORS', () => {
  test('a preflight from another origin gets no Access-Control-Allow-Origin', async () => {
    for (const url of ['/api/v2/dashboard', '/api/v2/invoice/donation/1/create', '/sandbox/launch']) {
      const preflight = await fetch(`${server.baseUrl}${url}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect({ url, allowOrigin: preflight.headers.get('access-control-allow-origin') }).toEqual({
        url,
        allowOrigin: null,
      });
    }
  });

  test('a cross-origin call answers without Access-Control-Allow-Origin (the browser keeps the answer from the page)', async () => {
    const answer = await server.api(ALICE, 'GET', '/dashboard', undefined, { origin: 'https://evil.example' });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});
