/** One error shape for everything (issue: 4xx { code, message }, never a 500 for bad input) and the OpenAPI document. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { AppError } from '../../../server/platform/errors';
import { installErrorHandler } from '../../../server/platform/http/errorHandler';
import { ALICE, type TestServer, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

describe('error answers', () => {
  test('unknown routes answer 404 not_found as JSON, also outside /api', async () => {
    for (const url of ['/api/v2/nope', '/api/v1/dashboard', '/provider/nope', '/sandbox/nope', '/some/app/route']) {
      const answer = await server.request('GET', url);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'not_found', message: expect.any(String) });
    }
  });

  test('malformed JSON answers 400; a wrong content type 415; a huge body 413', async () => {
    const auth = { authorization: `TgAuth ${server.initData(ALICE)}` };
    const broken = await server.request('POST', '/api/v2/subscription/new', '{"name":', {
      ...auth,
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'validation_error' });
    const text = await server.request('POST', '/api/v2/subscription/new', '<x/>', {
      ...auth,
      'content-type': 'application/xml',
    });
    expect(text.status).toBe(415);
    expect(text.body.code).toEqual(expect.any(String));
    const huge = await server.request(
      'POST',
      '/api/v2/subscription/new',
      JSON.stringify({ name: 'x'.repeat(300_000) }),
      { ...auth, 'content-type': 'application/json' },
    );
    expect(huge.status).toBe(413);
  });

  test('ids beyond the safe range and negative ids answer 400, not 500', async () => {
    for (const id of ['9007199254740993', '-1', '0', '1.5', 'abc']) {
      const answer = await server.api(ALICE, 'GET', `/channel/${id}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_error', field: 'id' });
    }
  });

  test('a failed request leaves no partial write', async () => {
    // A subscription with an invalid button text after a valid amount and name: nothing is stored.
    const before = await server.api<{ subscriptions: unknown[] }>(ALICE, 'POST', '/channel/1/subscriptions', {});
    const answer = await server.api(ALICE, 'POST', '/subscription/new', {
      channelId: 1,
      name: 'Ok',
      description: 'Ok',
      period: 'weekly',
      currency: 'eur',
      amount: 3,
      buttonText: '',
    });
    expect(answer.status).toBe(400);
    const after = await server.api<{ subscriptions: unknown[] }>(ALICE, 'POST', '/channel/1/subscriptions', {});
    expect(after.body.subscriptions).toEqual(before.body.subscriptions);
  });
});

describe('the error handler', () => {
  async function appThrowing(error: unknown) {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/boom', async () => {
      throw error;
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const answer = await fetch(`${address}/boom`);
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    } finally {
      await app.close();
    }
  }
  const dbError = (code: string) =>
    Object.assign(new Error('Failed query: ...'), { cause: Object.assign(new Error('db'), { code }) });

  test('AppError keeps its status, code and extra fields', async () => {
    expect(
      await appThrowing(new AppError('error_country_mismatch', 'Card country differs', { cardCountry: 'RU' })),
    ).toEqual({
      status: 400,
      body: { code: 'error_country_mismatch', message: 'Card country differs', cardCountry: 'RU' },
    });
    expect((await appThrowing(new AppError('banned', 'no'))).status).toBe(403);
    expect((await appThrowing(new AppError('already_subscribed', 'no'))).status).toBe(409);
  });

  test.each([
    ['23505', 409, 'conflict'],
    ['23503', 409, 'conflict'],
    ['40001', 409, 'conflict'],
    ['22003', 400, 'validation_error'],
    ['22P02', 400, 'validation_error'],
    ['23514', 400, 'validation_error'],
  ])('database error %s (SQLSTATE on cause) answers %i %s', async (sqlState, status, code) => {
    const answer = await appThrowing(dbError(sqlState));
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
  });

  test('anything else is a 500 error_unknown without internals', async () => {
    const answer = await appThrowing(new Error('secret internal detail'));
    expect(answer).toEqual({
      status: 500,
      body: { code: 'error_unknown', message: 'Something went wrong on the server' },
    });
  });
});

describe('GET /api/v2/openapi.json', () => {
  /** Spec section 7 (paths relative to /api/v2) plus the calls the server adds. */
  const CORE = [
    'GET /verification/status',
    'GET /verification/start',
    'GET /dashboard',
    'POST /dashboard/transactions',
    'GET /channel/{id}',
    'GET /channel/languages',
    'POST /channel/{id}/language',
    'POST /channel/{id}/onboarding/skip_step',
    'POST /channel/{id}/delete',
    'POST /channel/{id}/subscriptions',
    'POST /channel/{id}/transactions',
    'POST /subscription/new',
    'POST /subscription/{id}/edit',
    'POST /subscription/{id}/publish',
    'POST /subscription/{id}/delete',
    'POST /subscription/{id}/restore',
    'POST /subscription/{id}/command',
    'POST /subscription/{id}/members',
    'GET /subscription/{id}',
    'GET /subscription_member/{id}',
    'POST /donation/request/channel/{channelId}',
    'GET /invoice/donation/{id}',
    'GET /invoice/subscription/{id}',
    'GET /transaction/{id}',
    'GET /migration',
    'POST /migration/confirm',
    'POST /migration/refuse',
  ];
  /** Section 7 calls of the money engine's route files, checked when those files exist. */
  const MONEY: Record<string, string[]> = {
    invoices: ['POST /invoice/donation/{id}/create', 'POST /invoice/subscription/{id}/create'],
    payments: ['POST /pay/smart_glocal/check'],
    follower: ['GET /follower/subscription_member/{id}'],
    cards: ['GET /follower/cards', 'GET /follower/cards/{id}'],
    payouts: ['GET /payout', 'GET /payout/account/parameters', 'GET /payout/account/banks', 'POST /payout/account'],
  };

  test('documents every route with its answer schema', async () => {
    const answer = await server.request<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    }>('GET', '/api/v2/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(answer.body.paths).flatMap(([route, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
      ),
    );
    const moneyFiles = Object.entries(MONEY).filter(([file]) =>
      existsSync(path.resolve(process.cwd(), `server/modules/${file}/routes.ts`)),
    );
    for (const route of [...CORE, ...moneyFiles.flatMap(([, routes]) => routes)]) expect(documented).toContain(route);
    for (const route of CORE) {
      const [method, url] = route.split(' ');
      expect(answer.body.paths[url!]![method!.toLowerCase()]!.responses['200']).toBeDefined();
    }
    expect(Object.keys(answer.body.components.schemas)).toEqual(
      expect.arrayContaining(['Channel', 'Subscription', 'Transaction', 'Error']),
    );
    // Sandbox and provider routes are not part of the API document.
    expect([...documented].some((route) => route.includes('/sandbox') || route.includes('/provider'))).toBe(false);
  });
});
