/**
 * The console's forgery check (server/modules/admin/csrf.ts) lets the console's own pages act where they are really
 * served: behind a proxy that passes the request on to 127.0.0.1 without TRUST_PROXY, the Host the server sees is
 * not the one the operator's browser used, and the browser's Origin is PUBLIC_URL's. Other spellings of an origin
 * that is not ours stay refused.
 */
import { type TestServer, startTestServer } from '../support/testServer';
import { consoleSignIn } from '../support/admin';

const OPERATOR = { telegramId: 7_700_001, firstName: 'Opal' };
const PUBLIC_URL = 'https://console.backers.example';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ config: { adminTelegramIds: [OPERATOR.telegramId], publicUrl: PUBLIC_URL } });
  cookie = await consoleSignIn(server, OPERATOR);
});
afterAll(() => server.close());

/** A state-changing console call with no effect beyond the session: signing out. */
const signOut = (origin: string, sessionCookie = cookie) =>
  fetch(`${server.baseUrl}/admin/api/signout`, {
    method: 'POST',
    headers: { cookie: sessionCookie, origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: '{}',
  });

test.each([
  ['another subdomain', 'https://evil.backers.example'],
  ['http instead of https', 'http://console.backers.example'],
  ['another port', 'https://console.backers.example:8443'],
  ['a longer host', 'https://console.backers.example.evil.test'],
  ['an opaque origin', 'null'],
])('refuses an action from %s (%s)', async (_name, origin) => {
  const answer = await signOut(origin);
  expect(answer.status).toBe(403);
  expect(await answer.json()).toMatchObject({ code: 'forbidden' });
});

test("accepts an action whose Origin is PUBLIC_URL's, in any letter case, while Host is the proxy's upstream", async () => {
  const me = await fetch(`${server.baseUrl}/admin/api/me`, { headers: { cookie } });
  expect(me.status).toBe(200);
  const answer = await signOut('HTTPS://Console.Backers.Example');
  expect(answer.status).toBeLessThan(300);
  // The action ran: the session is gone.
  expect((await fetch(`${server.baseUrl}/admin/api/me`, { headers: { cookie } })).status).toBe(401);
});
