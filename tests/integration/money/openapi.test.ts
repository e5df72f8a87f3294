/**
 * The OpenAPI document: the money routes in it, what it says of security, bodies, headers and statuses, and the
 * suite's check of every answer against it; the sandbox provider only with the sandbox on.
 */
import { checkRecordedAnswers, checkedAnswers } from '../support/contractCheck';
import { type TestServer, newUser, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => server.close());

it('documents every money route in the OpenAPI document', async () => {
  const doc = await server.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/v2/openapi.json');
  expect(doc.status).toBe(200);
  const expected: [string, string][] = [
    ['/invoice/donation/{id}/create', 'post'],
    ['/invoice/subscription/{id}/create', 'post'],
    ['/invoice/subscription/{id}/trial', 'post'],
    ['/pay/smart_glocal/check', 'post'],
    ['/pay/smart_glocal/webhook', 'post'],
    ['/follower/subscription_member/{id}', 'get'],
    ['/follower/subscription_member/{id}/cancel', 'get'],
    ['/follower/subscription_member/{id}/renew', 'get'],
    ['/follower/cards', 'get'],
    ['/follower/cards/{id}', 'get'],
    ['/follower/cards/{id}/primary', 'get'],
    ['/follower/cards/{id}/delete', 'get'],
    ['/payout', 'get'],
    ['/payout/account/parameters', 'get'],
    ['/payout/account/banks', 'get'],
    ['/payout/account', 'post'],
  ];
  for (const [path, method] of expected) expect(doc.body.paths[path]?.[method]).toBeDefined();
});

it('serves /provider only with the sandbox on', async () => {
  const off = await startTestServer({ config: { sandbox: false } });
  try {
    // The double's API and tokenisation exist only in the sandbox (an unsigned call is refused there, not unknown).
    expect(
      (await off.request('POST', '/provider/cds/v1/tokenize/card', { card: { number: '4242424242424242' } })).status,
    ).toBe(404);
    expect((await off.request('POST', '/provider/api/v1/session/status', { session_id: 'x' })).status).toBe(404);
    expect(
      (await server.request('POST', '/provider/cds/v1/tokenize/card', { card: { number: '4242424242424242' } })).status,
    ).toBe(401);
    expect((await server.request('POST', '/provider/api/v1/session/status', { session_id: 'x' })).status).toBe(401);
  } finally {
    await off.close();
  }
}, 180_000);

interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

it('says what the server does: security, content types, bodies, headers and statuses', async () => {
  const doc = await server.request<{ paths: Record<string, Record<string, Operation>> }>('GET', '/api/v2/openapi.json');
  const op = (path: string, method: string) => doc.body.paths[path]![method]!;
  // The CSV link answers text/csv.
  expect(Object.keys(op('/revenue/export/{token}', 'get').responses['200']!.content!)).toEqual(['text/csv']);
  // Public operations need no TgAuth and answer no 403.
  for (const [path, method] of [
    ['/revenue/export/{token}', 'get'],
    ['/pay/smart_glocal/webhook', 'post'],
    ['/verification/sumsub/webhook', 'post'],
  ] as const) {
    expect(op(path, method).security).toEqual([]);
    expect(op(path, method).responses['403']).toBeUndefined();
  }
  // A create call without an Idempotency-Key is refused: the header is required.
  const key = op('/invoice/donation/{id}/create', 'post').parameters!.find((p) => p.name === 'idempotency-key');
  expect(key).toMatchObject({ in: 'header', required: true });
  const trialKey = op('/invoice/subscription/{id}/trial', 'post').parameters!.find((p) => p.name === 'idempotency-key');
  expect(trialKey).toMatchObject({ in: 'header', required: true });
  // Raw bodies and signature headers.
  expect(Object.keys(op('/donation/image/channel/{channelId}', 'post').requestBody!.content)).toContain('image/png');
  const webhook = op('/pay/smart_glocal/webhook', 'post');
  expect(Object.keys(webhook.requestBody!.content)).toEqual(['application/json']);
  expect(webhook.parameters).toEqual(
    expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'x-partner-sign', required: true })]),
  );
  // Every authenticated operation can answer 401, 403 and 429 (failed sign-ins from the address).
  for (const [path, item] of Object.entries(doc.body.paths))
    for (const [method, operation] of Object.entries(item))
      if (operation.security === undefined)
        expect([path, method, Object.keys(operation.responses)]).toEqual([
          path,
          method,
          expect.arrayContaining(['400', '401', '403', '429']),
        ]);
});

it('checks every answer the suite sees against the served document', async () => {
  const before = checkedAnswers();
  const user = newUser();
  expect((await server.api(user, 'GET', '/dashboard')).status).toBe(200);
  expect((await server.api(null, 'GET', '/dashboard')).status).toBe(401);
  expect((await server.api(user, 'POST', '/invoice/donation/1/create', { paymentMethod: 'smart_glocal' })).status).toBe(
    400,
  );
  await checkRecordedAnswers();
  expect(checkedAnswers()).toBe(before + 3);
});
