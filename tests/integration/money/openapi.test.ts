/** The money routes in the OpenAPI document, and the sandbox provider only with the sandbox on. */
import { type TestServer, startTestServer } from '../support/testServer';

jest.setTimeout(30_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => server.close());

it('documents every money route in the OpenAPI document', async () => {
  const doc = await server.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/v2/openapi.json');
  expect(doc.status).toBe(200);
  const expected: [string, string][] = [
    ['/invoice/donation/{id}/create', 'post'],
    ['/invoice/subscription/{id}/create', 'post'],
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
}, 60_000);
