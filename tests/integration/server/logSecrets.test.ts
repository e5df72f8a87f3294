/**
 * Nothing secret in the log: the integration server, logging at info like a deployed one, goes through a typical
 * flow (the bot's Bot API calls through the sandbox's double, a launch, API calls with init data, an operator's
 * sign-in link and session, a revenue export link), and no line of its log may hold the bot token, init data's hash,
 * the one-time sign-in token, the session cookie or the export link's token.
 */
import { Writable } from 'node:stream';
import { ALICE, type TestServer, botApiCalls, creatorWithChannel, startTestServer } from '../support/testServer';

const BOT_TOKEN = '7654321098:AAF-known-log-secret-token_for_tests-q';
const OPERATOR = { telegramId: 7101, firstName: 'Olga' };

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer | string, _encoding, done) {
    lines.push(
      ...String(chunk)
        .split('\n')
        .filter((line) => line !== ''),
    );
    done();
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: { botToken: BOT_TOKEN, adminTelegramIds: [OPERATOR.telegramId] },
    logger: { level: 'debug', stream: capture },
  });
});
afterAll(() => server.close());

test('a typical flow leaves no secret in any log line', async () => {
  const secrets: string[] = [BOT_TOKEN, encodeURIComponent(BOT_TOKEN)];

  // A launch, and the API with the init data it signed (its hash is the credential).
  const launch = await server.request<{ initData: string }>('POST', '/sandbox/launch', {
    telegramId: ALICE.telegramId,
  });
  expect(launch.status).toBe(200);
  secrets.push(new URLSearchParams(launch.body.initData).get('hash')!);
  const dashboard = await server.request('GET', '/api/v2/dashboard', undefined, {
    authorization: `TgAuth ${launch.body.initData}`,
  });
  expect(dashboard.status).toBe(200);
  // A failed sign-in is logged too.
  await server.request('GET', '/api/v2/dashboard', undefined, { authorization: 'TgAuth hash=forged' });

  // The operator asks the bot for a link (the bot answers through the Bot API double, at /bot<token>/sendMessage).
  await server.request('POST', '/sandbox/bot-api/updates', {
    message: {
      message_id: 1,
      date: 1,
      chat: { id: OPERATOR.telegramId, type: 'private', first_name: OPERATOR.firstName },
      from: { id: OPERATOR.telegramId, is_bot: false, first_name: OPERATOR.firstName, language_code: 'en' },
      text: '/admin',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  });
  const sent = (await botApiCalls<{ chat_id: number; text: string }>(server, 'sendMessage'))
    .filter((call) => call.params.chat_id === OPERATOR.telegramId)
    .map((call) => call.params.text);
  const link = /(http\S+\/admin\/signin\?token=\S+)/.exec(sent.at(-1) ?? '')![1]!;
  secrets.push(new URL(link).searchParams.get('token')!);
  const signIn = await fetch(link.replace(server.config.publicUrl, server.baseUrl), { redirect: 'manual' });
  expect(signIn.status).toBe(303);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  secrets.push(cookie.split('=')[1]!);
  expect((await server.request('GET', '/admin/api/me', undefined, { cookie })).status).toBe(200);
  // A used link again: refused, and logged.
  await fetch(link.replace(server.config.publicUrl, server.baseUrl), { redirect: 'manual' });

  // A revenue export link: its path carries a signed token.
  const now = Math.floor(server.clock.now() / 1000);
  const { user: creator } = await creatorWithChannel(server);
  const exported = await server.request<{ url: string }>(
    'POST',
    '/api/v2/revenue/export',
    { from: now - 86_400, to: now },
    { authorization: `TgAuth ${server.initData(creator)}` },
  );
  expect(exported.status).toBe(200);
  const exportPath = new URL(exported.body.url).pathname;
  secrets.push(exportPath.split('/').pop()!);
  expect((await server.request('GET', exportPath)).status).toBe(200);

  // The flow was logged (the Bot API double's calls included), and no line holds a secret.
  expect(lines.some((line) => line.includes('/sandbox/bot-api/bot'))).toBe(true);
  expect(lines.some((line) => line.includes('/admin/signin'))).toBe(true);
  const leaks = lines.filter((line) => secrets.some((secret) => line.includes(secret)));
  expect(leaks).toEqual([]);
});
