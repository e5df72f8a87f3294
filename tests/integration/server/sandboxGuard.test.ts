/**
 * No sandbox by accident: a server on 127.0.0.1 behind a reverse proxy must not serve the sandbox's control
 * API to the world, and the sandbox signs with a BOT_TOKEN it did not generate only with SANDBOX=1 explicit.
 * (Starting with BOT_TOKEN and no SANDBOX is refused by loadConfig: tests/unit/server/config.test.ts.)
 */
import { type TestServer, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PROXY_HEADERS: ReadonlyArray<Record<string, string>> = [
  { 'x-forwarded-for': '203.0.113.7' },
  { forwarded: 'for=203.0.113.7;proto=https' },
];

describe('proxied requests never reach the sandbox', () => {
  test.each(PROXY_HEADERS)(
    'with %p: launch, kyc, clock, users, the Bot API double and the emulator answer 403 forbidden',
    async (headers) => {
      const calls: Array<[string, string, unknown?]> = [
        ['POST', '/sandbox/launch', { telegramId: 1001 }],
        ['POST', '/sandbox/kyc', { telegramId: 1001, status: 'approved' }],
        ['POST', '/sandbox/clock', { advanceSeconds: 86_400 }],
        ['GET', '/sandbox/clock'],
        ['GET', '/sandbox/users'],
        ['POST', '/sandbox/bot-api/join', { telegramId: 1001, link: 'x' }],
        ['GET', '/sandbox/'],
        ['GET', '/sandbox'],
      ];
      const before = server.clock.now();
      for (const [method, url, body] of calls) {
        const answer = await server.request(method, url, body, headers);
        expect({ url, status: answer.status, code: answer.body?.code }).toEqual({
          url,
          status: 403,
          code: 'forbidden',
        });
      }
      expect(server.clock.now()).toBe(before);
    },
  );

  test('the same calls from this machine still work', async () => {
    expect((await server.request('POST', '/sandbox/launch', { telegramId: 1001 })).status).toBe(200);
    expect((await server.request('GET', '/sandbox/clock')).status).toBe(200);
    expect((await server.request('GET', '/sandbox/')).status).toBe(200);
  });

  test('the API itself still answers proxied requests', async () => {
    const answer = await server.request('GET', '/api/v2/openapi.json', undefined, { 'x-forwarded-for': '203.0.113.7' });
    expect(answer.status).toBe(200);
  });
});

describe('signing with a BOT_TOKEN the sandbox did not generate', () => {
  test('needs SANDBOX=1: without it /sandbox/launch answers 403 and signs nothing', async () => {
    const implicit = await startTestServer({ config: { sandboxExplicit: false, botTokenGenerated: false } });
    try {
      const answer = await implicit.request('POST', '/sandbox/launch', { telegramId: 1001 });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'forbidden' });
      expect(answer.body).not.toHaveProperty('initData');
    } finally {
      await implicit.close();
    }
  });

  test('a token the sandbox generated itself is used without SANDBOX=1; SANDBOX_PUBLIC=1 answers proxies', async () => {
    // SANDBOX_PUBLIC=1 (a public sandbox, asked for) also lets proxied requests through.
    const generated = await startTestServer({
      config: { sandboxExplicit: false, botTokenGenerated: true, sandboxPublic: true },
    });
    try {
      const answer = await generated.request<{ initData: string }>(
        'POST',
        '/sandbox/launch',
        { telegramId: 1001 },
        { 'x-forwarded-for': '203.0.113.7' },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.initData).toContain('hash=');
    } finally {
      await generated.close();
    }
  });
});
