/**
 * SANDBOX=0 against a Bot API double on its own port (BOT_API_URL), as against Telegram: the start-up calls (getMe,
 * setMyCommands in every page language, setChatMenuButton, then setWebhook with a secret, or long polling by getUpdates), the
 * username from getMe on the connect-bot screen, and with long polling: a channel added by its owner, a post through a
 * 429, a join request declined, a member removed after their access ran out; and with "Smart Glocal" (another
 * server's double on its own port) a real payment that lets a follower into a private channel and, once the cancelled
 * membership ran out, out again.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { SandboxTelegram, botApiDoublePlugin } from '../../../server/modules/bot/sandbox/BotApiDouble';
import { BOT_POLLING_LEASE, connectBot } from '../../../server/modules/bot/startup';
import { botTexts } from '../../../server/modules/bot/texts';
import { COMPLETE_LOCALES } from '../../../src/domain/languages';
import { eventually } from '../support/eventually';
import { eq } from 'drizzle-orm';
import type { FollowerMemberResponse, PaymentCheckResponse } from '../../../src/contract/api';
import { jobLeases, subscriptionMembers, users } from '../../../server/platform/db/schema';
import { ALICE, BOB, type TestServer, newUser, startTestServer } from '../support/testServer';
import { startSmartGlocalDouble } from '../support/smartGlocalDouble';
import { check, payWithNewCard } from '../money/support/money';

// Three servers start here on a busy machine (the money helpers' import lowers Jest's timeout to 30 s).
jest.setTimeout(180_000);

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

const methods = (since: number) =>
  telegram
    .calls()
    .slice(since)
    .map((call) => call.method);

it('with a webhook secret: getMe, commands in every page language, the menu button, then setWebhook with the secret', async () => {
  const before = telegram.calls().length;
  const server = await startTestServer({
    config: {
      sandbox: false,
      botApiUrl: doubleUrl,
      botWebhookSecret: 'hook-secret',
      publicUrl: 'https://backers.example',
    },
  });
  try {
    const connection = await connectBot(server.app);
    expect(connection).toMatchObject({ username: 'RealBackersBot', updates: 'webhook' });
    expect(methods(before)).toEqual([
      'getMe',
      ...COMPLETE_LOCALES.map(() => 'setMyCommands'),
      'setChatMenuButton',
      'setWebhook',
    ]);
    const calls = telegram.calls().slice(before);
    const commands = calls.filter((call) => call.method === 'setMyCommands');
    // English for everyone without a language of their own, and each other page language by its code.
    expect(commands.map((call) => call.params.language_code ?? 'default').sort()).toEqual(
      COMPLETE_LOCALES.map((code) => (code === 'en' ? 'default' : code)).sort(),
    );
    expect(commands.find((call) => call.params.language_code === 'de')!.params.commands).toEqual([
      { command: 'start', description: botTexts('de').commandStart },
      { command: 'help', description: botTexts('de').commandHelp },
    ]);
    expect(botTexts('de').commandStart).not.toBe(botTexts('en').commandStart);
    expect(calls.find((call) => call.method === 'setChatMenuButton')!.params).toEqual({
      menu_button: { type: 'web_app', text: 'Open', web_app: { url: 'https://backers.example/' } },
    });
    expect(calls.find((call) => call.method === 'setWebhook')!.params).toEqual({
      url: 'https://backers.example/telegram/webhook',
      secret_token: 'hook-secret',
      allowed_updates: ['message', 'my_chat_member', 'chat_member', 'chat_join_request', 'pre_checkout_query'],
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

it('without one: long polling takes the updates; posts, join requests and removals go to the Bot API; a 429 is waited out', async () => {
  const server = await startTestServer({ seed: true, config: { sandbox: false, botApiUrl: doubleUrl } });
  const connection = await connectBot(server.app);
  const chatId = -1007770001;
  const since = telegram.calls().length;
  const calls = (method: string) => telegram.calls(method).filter((call) => telegram.calls().indexOf(call) >= since);
  try {
    expect(connection.updates).toBe('polling');
    await eventually(async () => expect(telegram.calls('getUpdates').length).toBeGreaterThan(0));
    expect(telegram.calls('deleteWebhook').length).toBeGreaterThan(0);

    const channelId = await alicesPrivateChannel(server, chatId, 'Polled channel');

    // A post, through a 429 that Telegram asks to wait out.
    telegram.failNext({
      method: 'sendMessage',
      errorCode: 429,
      description: 'Too Many Requests: retry after 1',
      retryAfter: 1,
      chatId,
    });
    const posted = await server.api(ALICE, 'POST', `/donation/request/channel/${channelId}`, {
      title: 'Tips',
      description: 'Thanks',
      currency: 'eur',
      amount: 0,
      buttonText: 'Donate',
      pin: false,
      disableNotification: true,
    });
    expect(posted.status).toBe(200);
    expect(calls('sendMessage').map((call) => call.params.chat_id)).toEqual([chatId, chatId]);

    // A join request from someone without access is declined.
    await telegram.deliver({
      chat_join_request: {
        chat: { id: chatId, type: 'channel', title: 'Polled channel' },
        from: { id: 555_000_001, is_bot: false, first_name: 'Nobody' },
        user_chat_id: 555_000_001,
        date: 1,
      },
    });
    await eventually(async () =>
      expect(calls('declineChatJoinRequest').map((call) => call.params)).toEqual([
        { chat_id: chatId, user_id: 555_000_001 },
      ]),
    );

    // A member the bot let in (their personal link) whose weekly access ran out is removed by the channel-access job.
    const created = await server.api<{ subscription: { id: number } }>(ALICE, 'POST', '/subscription/new', {
      channelId,
      name: 'Weekly',
      description: 'Posts',
      period: 'weekly',
      currency: 'eur',
      amount: 5,
      buttonText: 'Join',
    });
    const [bob] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.telegramId, BOB.telegramId));
    const past = new Date(server.app.deps.clock.now() - 86_400_000);
    await server.database.db.insert(subscriptionMembers).values({
      subscriptionId: created.body.subscription.id,
      userId: bob!.id,
      status: 'cancelled',
      period: 'weekly',
      activatedAt: new Date(past.getTime() - 7 * 86_400_000),
      expiresAt: past,
      priceMinor: 500,
      currency: 'eur',
      inviteLink: 'https://t.me/+bobslink',
      createdAt: past,
      updatedAt: past,
    });
    const { db, clock, config } = server.app.deps;
    await server.app.deps.jobs.run({ db, clock, config, log: { info: () => {}, error: () => {} } });
    expect(calls('banChatMember').map((call) => call.params)).toEqual([{ chat_id: chatId, user_id: BOB.telegramId }]);
    expect(calls('unbanChatMember').map((call) => call.params)).toEqual([
      { chat_id: chatId, user_id: BOB.telegramId, only_if_banned: true },
    ]);
  } finally {
    await connection.stop();
    await server.close();
  }
}, 180_000);

it('long polling by one instance at a time: a second one on the same database waits, and takes over when the first stops', async () => {
  const server = await startTestServer({ config: { sandbox: false, botApiUrl: doubleUrl } });
  const other = await buildApp({
    database: server.database,
    config: server.config,
    clock: server.clock,
    logger: false,
  });
  const polls = (app: FastifyInstance) => app.deps.botUpdates.bot.isRunning();
  try {
    const first = await connectBot(server.app, { pollingRetryMs: 100 });
    await eventually(async () => expect(polls(server.app)).toBe(true));
    const second = await connectBot(other, { pollingRetryMs: 100 });
    expect(second.updates).toBe('polling');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(polls(other)).toBe(false);
    expect(await server.database.db.select().from(jobLeases).where(eq(jobLeases.name, BOT_POLLING_LEASE))).toHaveLength(
      1,
    );
    await first.stop();
    await eventually(async () => expect(polls(other)).toBe(true));
    expect(polls(server.app)).toBe(false);
    await second.stop();
  } finally {
    await other.close();
    await server.close();
  }
}, 180_000);

/** Alice makes the bot an administrator of her private channel in Telegram; Telegram tells the server. Answers its id. */
async function alicesPrivateChannel(server: TestServer, chatId: number, title: string): Promise<number> {
  telegram.botPromoted(chatId);
  const bot = { id: 1234567890, is_bot: true, first_name: 'bot' };
  await telegram.deliver({
    my_chat_member: {
      chat: { id: chatId, title, type: 'channel' },
      date: 1,
      from: { id: ALICE.telegramId, is_bot: false, first_name: 'Alice' },
      old_chat_member: { status: 'left', user: bot },
      new_chat_member: { status: 'administrator', user: bot, can_promote_members: true, can_change_info: true },
    },
  });
  const find = async () =>
    (
      await server.api<{ channels: { id: number; name: string; connected: boolean }[] }>(
        ALICE,
        'GET',
        '/dashboard?mode=creator',
      )
    ).body.channels.find((channel) => channel.name === title);
  await eventually(async () => expect(await find()).toMatchObject({ connected: true }));
  return (await find())!.id;
}

it("with Smart Glocal: a paid membership gets the bot's personal link; once the cancelled period ran out the bot removes the member", async () => {
  const smartGlocal = await startSmartGlocalDouble();
  const server = await startTestServer({
    seed: true,
    config: { sandbox: false, botApiUrl: doubleUrl, smartGlocal: smartGlocal.smartGlocal },
  });
  const connection = await connectBot(server.app);
  const chatId = -1007770002;
  const since = telegram.calls().length;
  const calls = (method: string) =>
    telegram
      .calls(method)
      .filter((call) => telegram.calls().indexOf(call) >= since)
      .map((call) => call.params);
  try {
    const channelId = await alicesPrivateChannel(server, chatId, 'Paid channel');
    const created = await server.api<{ subscription: { id: number } }>(ALICE, 'POST', '/subscription/new', {
      channelId,
      name: 'Weekly',
      description: 'Posts',
      period: 'weekly',
      currency: 'eur',
      amount: 5,
      buttonText: 'Join',
    });
    expect(created.status).toBe(200);

    // The follower pays with a new card at "Smart Glocal"; no webhook reaches the server, its checks settle the payment.
    const follower = newUser('RealMember');
    const payment = await payWithNewCard(
      server,
      follower,
      'subscription',
      created.body.subscription.id,
      '4242424242424242',
    );
    let paid: PaymentCheckResponse = await check(server, follower, payment.paymentId);
    await eventually(async () => {
      paid = await check(server, follower, payment.paymentId);
      expect(paid.status).toBe('paid');
    });
    expect(calls('createChatInviteLink')).toEqual([
      { chat_id: chatId, name: `Backers member ${paid.subscriptionMemberId}`, member_limit: 1 },
    ]);
    const link = paid.inviteLink!;
    expect(link).toMatch(/^https:\/\/t\.me\/\+/);
    const memberPath = `/follower/subscription_member/${paid.subscriptionMemberId}`;
    expect((await server.api<FollowerMemberResponse>(follower, 'GET', memberPath)).body.subscription).toMatchObject({
      inviteLink: link,
      privateChannelInviteLink: link,
    });

    // Cancelled, then past the paid week: the channel-access job removes the member (ban, then unban), once.
    expect((await server.api(follower, 'GET', `${memberPath}/cancel`)).status).toBe(200);
    const { db, clock, config, jobs } = server.app.deps;
    const runJobs = () => jobs.run({ db, clock, config, log: { info: () => {}, error: () => {} } });
    server.clock.advance(6 * 86_400);
    await runJobs();
    expect(calls('banChatMember')).toEqual([]);
    server.clock.advance(2 * 86_400);
    await runJobs();
    await runJobs();
    expect(calls('banChatMember')).toEqual([{ chat_id: chatId, user_id: follower.telegramId }]);
    expect(calls('unbanChatMember')).toEqual([{ chat_id: chatId, user_id: follower.telegramId, only_if_banned: true }]);
    expect(
      (await server.api<FollowerMemberResponse>(follower, 'GET', memberPath)).body.subscription.inviteLink,
    ).toBeUndefined();
  } finally {
    await connection.stop();
    await server.close();
    await smartGlocal.server.close();
  }
}, 180_000);
