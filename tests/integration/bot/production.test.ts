/**
 * SANDBOX=0 against a Bot API double on its own port (BOT_API_URL), as against Telegram: the start-up calls (getMe,
 * setMyCommands in en/ru/id, setChatMenuButton, then setWebhook with a secret, or long polling by getUpdates), the
 * username from getMe in deep links, and updates taken by long polling.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { SandboxTelegram, botApiDoublePlugin } from '../../../server/modules/bot/sandbox/BotApiDouble';
import { connectBot } from '../../../server/modules/bot/startup';
import { eventually } from '../support/eventually';
import { ALICE, newUser, startTestServer } from '../support/testServer';

const TOKEN = '1234567890:TEST-sandbox-token-for-tests-only-xx';
let telegram: SandboxTelegram;
let double: FastifyInstance;
let doubleUrl: string;

beforeAll(async () => {
  telegram = new SandboxTelegram(TOKEN, 'RealBackersBot', () => Date.now());
  double = Fastify({ logger: false, forceCloseConnections: true });
  await double.register(botApiDoublePlugin, { telegram });
  await double.listen({ port: 0, host: '127.0.0.1' });
  const address = double.server.address();
  doubleUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
});
afterAll(() => double.close());

const methods = (since: number) => telegram.calls().slice(since).map((call) => call.method);

it('with a webhook secret: getMe, commands in three languages, the menu button, then setWebhook with the secret', async () => {
  const before = telegram.calls().length;
  const server = await startTestServer({ config: { sandbox: false, botApiUrl: doubleUrl, botWebhookSecret: 'hook-secret', publicUrl: 'https://backers.example' } });
  try {
    const connection = await connectBot(server.app);
    expect(connection).toMatchObject({ username: 'RealBackersBot', updates: 'webhook' });
    expect(methods(before)).toEqual(['getMe', 'setMyCommands', 'setMyCommands', 'setMyCommands', 'setChatMenuButton', 'setWebhook']);
    const calls = telegram.calls().slice(before);
    expect(calls.filter((call) => call.method === 'setMyCommands').map((call) => call.params.language_code)).toEqual([undefined, 'ru', 'id']);
    expect(calls.find((call) => call.method === 'setChatMenuButton')!.params).toEqual({ menu_button: { type: 'web_app', text: 'Open', web_app: { url: 'https://backers.example/' } } });
    expect(calls.find((call) => call.method === 'setWebhook')!.params).toEqual({
      url: 'https://backers.example/telegram/webhook', secret_token: 'hook-secret', allowed_updates: ['message', 'my_chat_member', 'chat_member', 'chat_join_request'],
    });
    // The connect-bot screen names the real bot.
    const status = await server.api<{ botUsername: string }>(newUser('Creator'), 'GET', '/verification/status');
    expect(status.body.botUsername).toBe('RealBackersBot');
    expect((await server.request('POST', '/telegram/webhook', { update_id: 1 })).status).toBe(401);
    await connection.stop();
  } finally {
    await server.close();
  }
});

it('without one: long polling takes the updates (a channel added by its owner appears), and stops with the server', async () => {
  const server = await startTestServer({ seed: true, config: { sandbox: false, botApiUrl: doubleUrl } });
  const connection = await connectBot(server.app);
  try {
    expect(connection.updates).toBe('polling');
    await eventually(async () => expect(telegram.calls('getUpdates').length).toBeGreaterThan(0));
    expect(telegram.calls('deleteWebhook').length).toBeGreaterThan(0);
    const owner = ALICE;
    await telegram.deliver({
      my_chat_member: {
        chat: { id: -1007770001, title: 'Polled channel', username: 'polled_channel', type: 'channel' }, date: 1,
        from: { id: owner.telegramId, is_bot: false, first_name: 'Alice' },
        old_chat_member: { status: 'left', user: { id: 1234567890, is_bot: true, first_name: 'bot' } },
        new_chat_member: { status: 'administrator', user: { id: 1234567890, is_bot: true, first_name: 'bot' }, can_promote_members: true, can_change_info: true },
      },
    });
    await eventually(async () => {
      const channels = (await server.api<{ channels: { name: string; connected: boolean }[] }>(owner, 'GET', '/dashboard?mode=creator')).body.channels;
      expect(channels.map((channel) => [channel.name, channel.connected])).toContainEqual(['Polled channel', true]);
    });
  } finally {
    await connection.stop();
    await server.close();
  }
}, 30_000);
