/** Telegram init data auth on /api/v2 (spec section 7, issue: tampered, expired, missing, repeated key → 401). */
import { ALICE, BOB, CAROL, type TestServer, newUser, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

const withAuth = (value: string) => ({ authorization: value });
const dashboard = (headers: Record<string, string>) =>
  server.api(null, 'GET', '/dashboard?mode=follower', undefined, headers);

describe('Authorization: TgAuth <init data>', () => {
  test('valid init data is accepted and creates the user on the first call', async () => {
    const user = newUser('Fresh');
    const answer = await dashboard(withAuth(`TgAuth ${server.initData(user)}`));
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ telegramId: user.telegramId, firstName: 'Fresh' });
  });

  test('the profile is refreshed from later init data', async () => {
    const user = newUser('Before');
    await dashboard(withAuth(`TgAuth ${server.initData(user)}`));
    const answer = await dashboard(
      withAuth(`TgAuth ${server.initData({ ...user, firstName: 'After', username: 'after_name' })}`),
    );
    expect(answer.body.user).toMatchObject({ firstName: 'After', userName: 'after_name' });
  });

  test.each([
    ['missing header', {}],
    ['another scheme', withAuth('Bearer abc')],
    ['empty init data', withAuth('TgAuth ')],
  ])('%s answers 401 unauthorized', async (_name, headers) => {
    const answer = await dashboard(headers);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('unauthorized');
    expect(typeof answer.body.message).toBe('string');
  });

  test('tampered data (changed user) answers 401', async () => {
    const raw = new URLSearchParams(server.initData(ALICE));
    const user = JSON.parse(raw.get('user')!);
    raw.set('user', JSON.stringify({ ...user, id: 2001 }));
    const answer = await dashboard(withAuth(`TgAuth ${raw.toString()}`));
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('unauthorized');
  });

  test('a wrong hash and a missing hash answer 401', async () => {
    const raw = new URLSearchParams(server.initData(ALICE));
    raw.set('hash', '0'.repeat(64));
    expect((await dashboard(withAuth(`TgAuth ${raw.toString()}`))).status).toBe(401);
    raw.delete('hash');
    const missing = await dashboard(withAuth(`TgAuth ${raw.toString()}`));
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/hash/);
  });

  test('data signed with another bot token answers 401', async () => {
    const { signInitData } = await import('../../../server/modules/sandbox/initData');
    const foreign = signInitData(ALICE, '999:another-bot-token', server.clock.now());
    expect((await dashboard(withAuth(`TgAuth ${foreign}`))).status).toBe(401);
  });

  test('a repeated key answers 401 even when the first copy is the signed one', async () => {
    const raw = server.initData(ALICE);
    const answer = await dashboard(withAuth(`TgAuth ${raw}&auth_date=${Math.floor(server.clock.now() / 1000)}`));
    expect(answer.status).toBe(401);
    expect(answer.body.message).toMatch(/repeats/);
  });

  test('init data older than 24 hours answers 401; just under 24 hours is accepted', async () => {
    const now = server.clock.now();
    const fresh = await dashboard(withAuth(`TgAuth ${server.initData(ALICE, now - 86_400_000 + 1000)}`));
    expect(fresh.status).toBe(200);
    const expired = await dashboard(withAuth(`TgAuth ${server.initData(ALICE, now - 86_401_000)}`));
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
  });

  test('expiry follows the server clock: moving the sandbox clock ages init data', async () => {
    const initData = server.initData(ALICE);
    expect((await dashboard(withAuth(`TgAuth ${initData}`))).status).toBe(200);
    const moved = await server.request('POST', '/sandbox/clock', { advanceSeconds: 86_401 });
    expect(moved.status).toBe(200);
    expect((await dashboard(withAuth(`TgAuth ${initData}`))).status).toBe(401);
  });

  test('concurrent calls of different users (one batched user lookup) each answer their own user, new users included', async () => {
    const users = [ALICE, BOB, CAROL, newUser('Batch one'), newUser('Batch two')];
    const callers = Array.from({ length: 30 }, (_, index) => users[index % users.length]!);
    const answers = await Promise.all(callers.map((user) => dashboard(withAuth(`TgAuth ${server.initData(user)}`))));
    expect(answers.map((answer) => answer.status)).toEqual(callers.map(() => 200));
    expect(answers.map((answer) => (answer.body as { user: { telegramId: number } }).user.telegramId)).toEqual(
      callers.map((user) => user.telegramId),
    );
  });

  test('the OpenAPI document needs no auth', async () => {
    const answer = await server.request('GET', '/api/v2/openapi.json');
    expect(answer.status).toBe(200);
  });
});
