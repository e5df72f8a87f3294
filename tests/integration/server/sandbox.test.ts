/** The sandbox control API, bans, and SANDBOX=0 (issue: those paths answer 404). */
import { eventually } from '../support/eventually';
import { validate } from '@telegram-apps/init-data-node';
import { findSandboxEmulator } from '../../../src/infrastructure/http/sandboxEmulator';
import { ALICE, BOB, type TestServer, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

describe('POST /sandbox/launch', () => {
  test('answers init data signed with the bot token and a launch URL with the launch parameters in the hash', async () => {
    const answer = await server.request<{ initData: string; launchUrl: string }>('POST', '/sandbox/launch', {
      telegramId: 4242,
      firstName: 'Launch',
      username: 'launcher',
      languageCode: 'ru',
      startParam: 'subscription_3',
      platform: 'ios',
    });
    expect(answer.status).toBe(200);
    const { initData, launchUrl } = answer.body;
    expect(() => validate(initData, server.config.botToken, { expiresIn: 0 })).not.toThrow();
    const params = new URLSearchParams(initData);
    expect(JSON.parse(params.get('user')!)).toMatchObject({
      id: 4242,
      first_name: 'Launch',
      username: 'launcher',
      language_code: 'ru',
    });
    expect(params.get('start_param')).toBe('subscription_3');
    expect(Number(params.get('auth_date'))).toBe(Math.floor(server.clock.now() / 1000));
    const url = new URL(launchUrl);
    expect(`${url.origin}/`).toBe(`${server.config.publicUrl}/`);
    const hash = new URLSearchParams(url.hash.slice(1));
    expect(hash.get('tgWebAppData')).toBe(initData);
    expect(hash.get('tgWebAppPlatform')).toBe('ios');
    expect(hash.get('tgWebAppVersion')).toMatch(/^\d+\.\d+$/);
    expect(hash.get('tgWebAppStartParam')).toBe('subscription_3');
    expect(JSON.parse(hash.get('tgWebAppThemeParams')!)).toMatchObject({
      bg_color: expect.any(String),
      button_color: expect.any(String),
    });
    // The init data works against the API.
    const api = await server.api(null, 'GET', '/dashboard?mode=follower', undefined, {
      authorization: `TgAuth ${initData}`,
    });
    expect(api.status).toBe(200);
  });

  test('demo accounts launch with their names; telegramId is required', async () => {
    const answer = await server.request<{ initData: string }>('POST', '/sandbox/launch', { telegramId: 1001 });
    expect(JSON.parse(new URLSearchParams(answer.body.initData).get('user')!)).toMatchObject({
      first_name: 'Alice',
      last_name: 'Creator',
    });
    const bad = await server.request('POST', '/sandbox/launch', { firstName: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_error', field: 'telegramId' });
  });
});

describe('the host emulator for a page opened outside the messenger', () => {
  test('the app finds the emulator at /sandbox/ (HEAD) on a sandbox server', async () => {
    expect(await findSandboxEmulator(server.baseUrl)).toBe(`${server.baseUrl}/sandbox/`);
  });
});

describe('bot simulation', () => {
  test('channel-added without moderation is approved and connected; channel-removed disconnects', async () => {
    const added = await server.request<{ channel: Record<string, unknown> }>('POST', '/sandbox/bot/channel-added', {
      ownerTelegramId: 5555,
      chatId: -777,
      title: 'Fresh channel',
      username: 'fresh_channel',
      photoUrl: 'https://example.com/p.png',
    });
    expect(added.status).toBe(200);
    expect(added.body.channel).toMatchObject({
      chatId: -777,
      name: 'Fresh channel',
      type: 'public',
      userName: 'fresh_channel',
      photoUrl: 'https://example.com/p.png',
      moderation: 'approved',
      connected: true,
      onboardingStep: 'select_language',
    });
    const removed = await server.request<{ channel: Record<string, unknown> }>('POST', '/sandbox/bot/channel-removed', {
      chatId: -777,
    });
    expect(removed.body.channel).toMatchObject({ connected: false });
    expect((await server.request('POST', '/sandbox/bot/channel-removed', { chatId: -778 })).status).toBe(404);
  });

  test("channel-added and channel-removed reach the app as Telegram's my_chat_member updates, each applied once through the update handler", async () => {
    const { botUpdates } = server.app.deps;
    const before = await botUpdates.lastAppliedId();
    const added = await server.request<{ channel: Record<string, unknown> }>('POST', '/sandbox/bot/channel-added', {
      ownerTelegramId: ALICE.telegramId,
      chatId: -779,
      title: 'Picked channel',
      photoUrl: 'https://example.com/q.png',
      moderation: 'in_progress',
    });
    expect(added.body.channel).toMatchObject({
      chatId: -779,
      type: 'private',
      photoUrl: 'https://example.com/q.png',
      moderation: 'in_progress',
      connected: true,
    });
    expect(await botUpdates.lastAppliedId()).toBe(before + 1);
    // The owner is the user Telegram named in the update (Alice, seeded): the channel is on her dashboard.
    const dashboard = await server.api<{ channels: { name: string }[] }>(ALICE, 'GET', '/dashboard?mode=creator');
    expect(dashboard.body.channels.map((channel) => channel.name)).toContain('Picked channel');
    // Telegram's side knows the bot administers it: the bot may make invite links there until it is removed.
    const administered = async () =>
      (
        await server.request<{ ok: boolean }>(
          'POST',
          `/sandbox/bot-api/bot${server.config.botToken}/createChatInviteLink`,
          { chat_id: -779 },
        )
      ).body.ok;
    expect(await administered()).toBe(true);
    const removed = await server.request<{ channel: Record<string, unknown> }>('POST', '/sandbox/bot/channel-removed', {
      chatId: -779,
    });
    expect(removed.body.channel).toMatchObject({ connected: false });
    expect(await botUpdates.lastAppliedId()).toBe(before + 2);
    expect(await administered()).toBe(false);
  });

  test('GET /sandbox/bot/posts lists what the bot posted in a chat with pinned and silent flags', async () => {
    const answer = await server.request<{
      posts: { kind: string; pinned: boolean; silent: boolean; buttons: unknown[] }[];
    }>('GET', '/sandbox/bot/posts?chatId=-1001000000002');
    expect(answer.status).toBe(200);
    expect(answer.body.posts.map((p) => [p.kind, p.pinned])).toEqual([
      ['subscription', true],
      ['donation', false],
    ]);
    expect((await server.request('GET', '/sandbox/bot/posts')).status).toBe(400);
  });

  test('GET /sandbox/users lists the demo accounts and known users', async () => {
    const answer = await server.request<{
      demo: { telegramId: number; role: string }[];
      users: { telegramId: number }[];
    }>('GET', '/sandbox/users');
    expect(answer.body.demo.map((d) => [d.telegramId, d.role])).toEqual([
      [1001, 'creator'],
      [2001, 'follower'],
      [3001, 'migration'],
    ]);
    expect(answer.body.users.map((u) => u.telegramId)).toEqual(expect.arrayContaining([1001, 2001, 3001]));
  });

  test('POST /sandbox/clock moves the clock forward and reports the jobs it ran', async () => {
    const before = server.clock.now();
    const answer = await server.request<{ now: number; jobs: unknown[] }>('POST', '/sandbox/clock', {
      advanceSeconds: 60,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.now).toBe(before + 60_000);
    expect(Array.isArray(answer.body.jobs)).toBe(true);
    expect((await server.request('POST', '/sandbox/clock', { advanceSeconds: -5 })).status).toBe(400);
  });
});

describe('bans', () => {
  test('a banned user gets 403 banned on every call; lifting the ban restores access', async () => {
    await server.request('POST', '/sandbox/users/ban', { telegramId: BOB.telegramId });
    for (const [method, path] of [
      ['GET', '/dashboard?mode=follower'],
      ['GET', '/verification/status'],
      ['GET', '/invoice/subscription/2'],
      ['POST', '/migration/refuse'],
      ['GET', '/channel/languages'],
    ] as const) {
      const answer = await server.api(BOB, method, path);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'banned' });
    }
    await server.request('POST', '/sandbox/users/ban', { telegramId: BOB.telegramId, banned: false });
    expect((await server.api(BOB, 'GET', '/dashboard?mode=follower')).status).toBe(200);
    expect((await server.request('POST', '/sandbox/users/ban', { telegramId: 31337 })).status).toBe(404);
  });
});

describe('SANDBOX=0', () => {
  test('every sandbox path answers 404 while the API keeps working', async () => {
    const production = await startTestServer({
      seed: true,
      config: { sandbox: false, botWebhookSecret: 'webhook-secret' },
    });
    try {
      for (const [method, path] of [
        ['POST', '/sandbox/launch'],
        ['GET', '/sandbox/'],
        ['GET', '/sandbox/users'],
        ['POST', '/sandbox/clock'],
        ['GET', '/websdk/websdk.html'],
        ['POST', '/resources/applicants?levelName=basic-kyc-level'],
        ['POST', '/provider/api/v1/session/status'],
        ['POST', '/provider/cds/v1/tokenize/card'],
      ] as const) {
        const answer = await production.request(method, path, method === 'POST' ? {} : undefined);
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ code: 'not_found' });
      }
      expect((await production.api(ALICE, 'GET', '/dashboard?mode=creator')).status).toBe(200);
      // A page opened outside the messenger offers no emulator here.
      expect(await findSandboxEmulator(production.baseUrl)).toBeNull();
      // Without an identity-check provider, verification is a manual review (tests/integration/server/verificationProduction.test.ts).
      const start = await production.api({ telegramId: 1234, firstName: 'New' }, 'GET', '/verification/start');
      expect(start.body).toEqual({ manualReview: true });

      // The bot's webhook: my_chat_member promotion connects a channel to whoever added the bot.
      const update = {
        update_id: 1,
        my_chat_member: {
          chat: { id: -1009999, title: 'Webhook channel', username: 'webhook_channel', type: 'channel' },
          from: { id: 1001, is_bot: false, first_name: 'Alice' },
          date: 1,
          new_chat_member: { status: 'administrator', can_promote_members: true, can_change_info: true },
        },
      };
      const refused = await production.request('POST', '/telegram/webhook', update, {
        'x-telegram-bot-api-secret-token': 'wrong',
      });
      expect(refused.status).toBe(401);
      const accepted = await production.request('POST', '/telegram/webhook', update, {
        'x-telegram-bot-api-secret-token': 'webhook-secret',
      });
      expect(accepted.status).toBe(200);
      // The webhook answers first and applies the update after its answer.
      const channelsNow = async () =>
        (
          await production.api<{ channels: { name: string; connected: boolean }[] }>(
            ALICE,
            'GET',
            '/dashboard?mode=creator',
          )
        ).body.channels.map((c) => [c.name, c.connected]);
      await eventually(async () => expect(await channelsNow()).toContainEqual(['Webhook channel', true]));
      const kicked = {
        ...update,
        update_id: 2,
        my_chat_member: { ...update.my_chat_member, new_chat_member: { status: 'kicked' } },
      };
      await production.request('POST', '/telegram/webhook', kicked, {
        'x-telegram-bot-api-secret-token': 'webhook-secret',
      });
      await eventually(async () => expect(await channelsNow()).toContainEqual(['Webhook channel', false]));
      // Telegram redelivering update 1 changes nothing: each update is applied once.
      await production.request('POST', '/telegram/webhook', update, {
        'x-telegram-bot-api-secret-token': 'webhook-secret',
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await channelsNow()).toContainEqual(['Webhook channel', false]);
      // A malformed update gets its 200 too.
      expect(
        (
          await production.request(
            'POST',
            '/telegram/webhook',
            { hello: 'world' },
            { 'x-telegram-bot-api-secret-token': 'webhook-secret' },
          )
        ).status,
      ).toBe(200);
    } finally {
      await production.close();
    }
  });
});
