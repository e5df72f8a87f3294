/**
 * Rate limits over real HTTP: payment creation per user, failed sign-ins and webhooks per address answer
 * 429 `{ code: 'rate_limited', message }` with Retry-After; init data age (INIT_DATA_MAX_AGE_S) and the 60 s future
 * tolerance. The limits are set low here so a few calls reach them.
 */
import { ALICE, BOB, type TestServer, newUser, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    config: { rateLimits: { paymentsPerMinute: 3, failedSignInsPerMinute: 3, webhooksPerMinute: 3 } },
  });
});
afterAll(() => server.close());

let keys = 0;
const key = () => `limits-${process.pid}-${(keys += 1)}`;
const donate = (user: typeof BOB) =>
  server.api(
    user,
    'POST',
    '/invoice/donation/1/create',
    { paymentMethod: 'smart_glocal', amount: 5 },
    { 'Idempotency-Key': key() },
  );

function expectRateLimited(answer: {
  status: number;
  body: { code?: string; message?: string };
  headers: Headers;
}): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ code: 'rate_limited', message: expect.any(String) });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

test('payment creation is limited per user, across both invoice calls; other users are not affected', async () => {
  for (let call = 0; call < 3; call += 1) expect((await donate(BOB)).status).toBe(200);
  expectRateLimited(await donate(BOB));
  expectRateLimited(
    await server.api(
      BOB,
      'POST',
      '/invoice/subscription/1/create',
      { paymentMethod: 'smart_glocal' },
      { 'Idempotency-Key': key() },
    ),
  );
  // Reading is not limited, and another user pays as usual.
  expect((await server.api(BOB, 'GET', '/invoice/donation/1')).status).toBe(200);
  expect((await donate(ALICE)).status).toBe(200);
});

test('failed sign-ins are limited per address; a valid sign-in from that address still works', async () => {
  const bad = () =>
    server.api(null, 'GET', '/dashboard', undefined, {
      authorization: 'TgAuth user=%7B%22id%22%3A1%7D&auth_date=1&hash=00',
    });
  for (let call = 0; call < 3; call += 1) expect((await bad()).status).toBe(401);
  expectRateLimited(await bad());
  expectRateLimited(await server.api(null, 'GET', '/dashboard'));
  expect((await server.api(newUser('Valid'), 'GET', '/dashboard')).status).toBe(200);
});

test('webhooks are limited per address', async () => {
  const webhook = () =>
    server.request('POST', '/api/v2/pay/smart_glocal/webhook', '{"type":"session"}', {
      'content-type': 'application/json',
      'x-partner-sign': 'nope',
    });
  for (let call = 0; call < 3; call += 1) {
    const answer = await webhook();
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(429);
  }
  expectRateLimited(await webhook());
});

describe('init data age', () => {
  let aging: TestServer;
  beforeAll(async () => {
    aging = await startTestServer({ config: { initDataMaxAgeSeconds: 3600 } });
  });
  afterAll(() => aging.close());
  const dashboardAt = (authDateMs: number) =>
    aging.request('GET', '/api/v2/dashboard', undefined, {
      authorization: `TgAuth ${aging.initData(ALICE, authDateMs)}`,
    });

  test('INIT_DATA_MAX_AGE_S sets how old init data may be', async () => {
    const now = aging.clock.now();
    expect((await dashboardAt(now - 3_599_000)).status).toBe(200);
    const expired = await dashboardAt(now - 3_601_000);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
  });

  test('init data dated more than 60 s ahead of the server clock is refused', async () => {
    const now = aging.clock.now();
    expect((await dashboardAt(now + 59_000)).status).toBe(200);
    const ahead = await dashboardAt(now + 61_000);
    expect(ahead.status).toBe(401);
    expect(ahead.body.message).toMatch(/future/);
  });
});
