/**
 * The sandbox guard holds for every spelling of a sandbox path: the router decodes percent-encoding, so the guard
 * must judge the route the router matched, not the URL's text. Raw node:http sends each path exactly as written
 * (fetch and URL would normalise `/./`, `/x/../` and `%73`). Each proxied request must answer 403 or 404 and must not
 * sign init data, issue an operator sign-in link, change an identity check or move the clock.
 */
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/platform/db/db';
import { type TestServer, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const VICTIM = 4242;

/** The sandbox's dangerous calls, by their canonical path under /sandbox. */
const TARGETS: ReadonlyArray<{ rest: string; body: unknown }> = [
  { rest: 'launch', body: { telegramId: VICTIM } },
  { rest: 'admin/signin-link', body: {} },
  { rest: 'kyc', body: { telegramId: VICTIM, status: 'approved' } },
  { rest: 'clock', body: { advanceSeconds: 86_400 } },
];

const hex = (char: string): string => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** Spellings of /sandbox/<rest> that a proxy may pass on as they are. */
function spellings(rest: string): string[] {
  const word = 'sandbox';
  const encodedOne = [...word].flatMap((_char, index) => {
    const encoded = hex(word[index]!);
    const spelt = (code: string) => `/${word.slice(0, index)}${code}${word.slice(index + 1)}/${rest}`;
    return [spelt(encoded), spelt(encoded.toUpperCase())];
  });
  return [
    ...encodedOne,
    `/${[...word].map(hex).join('')}/${rest}`,
    `/sandbox%2F${rest}`,
    `/sandbox%2f${rest}`,
    `%2Fsandbox/${rest}`,
    `//sandbox/${rest}`,
    `/sandbox//${rest}`,
    `/./sandbox/${rest}`,
    `/sandbox/./${rest}`,
    `/x/../sandbox/${rest}`,
    `/sandbox/x/../${rest}`,
    `/%2e/sandbox/${rest}`,
    `/SANDBOX/${rest}`,
    `/Sandbox/${rest}`,
    `/sandbox/${rest.toUpperCase()}`,
    `/sandbox/${rest}/`,
    `/sandbox/${rest}.`,
    `/sandbox/${rest}?x=1`,
    `/sandbox/${rest}?`,
    `/sandbox/${rest}#x`,
    `/sandbox/${rest};x`,
    `/sandbox/${rest}`,
  ];
}

const PROXIES: ReadonlyArray<Record<string, string>> = [
  { 'x-forwarded-for': '203.0.113.7' },
  { 'x-real-ip': '203.0.113.7' },
  { forwarded: 'for=203.0.113.7;proto=https' },
  { 'x-forwarded-host': 'sandbox.example.org' },
];

function raw(path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  // A request the server's parser refuses may end with the connection closed: it reached no handler either.
  const url = new URL(server.baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve({ status: 0, text: 'connection closed' }) : reject(error),
    );
    request.end(payload);
  });
}

const signInLinks = async (): Promise<number> =>
  Number(
    rowsOf<{ n: number }>(await server.database.db.execute(sql`select count(*)::int as n from admin_signin_links`))[0]!
      .n,
  );

const victimKyc = async (): Promise<string> =>
  rowsOf<{ status: string }>(
    await server.database.db.execute(
      sql`select verification_status as status from users where telegram_id = ${VICTIM}`,
    ),
  )[0]!.status;

test('no spelling of a sandbox path gets a proxied caller past the guard', async () => {
  // The victim exists, so an identity check that got through would show in their row.
  expect((await server.api({ telegramId: VICTIM, firstName: 'Victim' }, 'GET', '/verification/status')).status).toBe(
    200,
  );
  const before = { now: server.clock.now(), links: await signInLinks(), kyc: await victimKyc() };
  const passed: string[] = [];
  for (const headers of PROXIES) {
    for (const { rest, body } of TARGETS) {
      for (const path of spellings(rest)) {
        const answer = await raw(path, body, headers);
        const refused = [0, 400, 403, 404].includes(answer.status);
        if (!refused || /initData|signin\?token|"status"|"now"/.test(answer.text))
          passed.push(`${Object.keys(headers)[0]} POST ${path} -> ${answer.status} ${answer.text.slice(0, 80)}`);
      }
    }
  }
  expect(passed).toEqual([]);
  expect(server.clock.now()).toBe(before.now);
  expect(await signInLinks()).toBe(before.links);
  expect(await victimKyc()).toBe(before.kyc);
});

test('the canonical spelling from this machine still works (the list above reaches real handlers)', async () => {
  const answer = await raw('/%73andbox/launch', { telegramId: VICTIM }, {});
  expect(answer.status).toBe(200);
  expect(answer.text).toContain('initData');
});
