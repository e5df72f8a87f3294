/**
 * Telegram updates the bot reads, sent through the sandbox's Telegram (POST /sandbox/bot-api/updates) and
 * applied by the production update handler; what the bot answers is read back from the Bot API double's calls.
 */
import { type TestServer, botApiCalls, newUser, startTestServer } from '../support/testServer';
import { type Shop, openShop, payWithNewCard } from '../money/support/money';
import { botTexts } from '../../../server/modules/bot/texts';

let server: TestServer;
let shop: Shop;
beforeAll(async () => {
  server = await startTestServer();
  shop = await openShop(server, { private: true });
}, 180_000);
afterAll(() => server.close());

const chatId = () => -(1_000_000_000_000 + shop.creator.telegramId);
const deliver = async (update: Record<string, unknown>) =>
  (await server.request<{ updateId: number; outcome: string }>('POST', '/sandbox/bot-api/updates', update)).body;
const calls = (method: string) => botApiCalls(server, method);
const sentTo = async (telegramId: number) =>
  (await calls('sendMessage')).filter((call) => call.params.chat_id === telegramId);
const from = (user: { telegramId: number; firstName?: string }, languageCode = 'en') => ({
  id: user.telegramId,
  is_bot: false,
  first_name: user.firstName ?? 'User',
  language_code: languageCode,
});
const channelChat = () => ({ id: chatId(), type: 'channel', title: 'Private' });
const message = (user: { telegramId: number; firstName?: string }, text: string, languageCode = 'en') => ({
  message: {
    message_id: 1,
    date: 1,
    chat: { id: user.telegramId, type: 'private', first_name: user.firstName ?? 'User' },
    from: from(user, languageCode),
    text,
    ...(text.startsWith('/')
      ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] }
      : {}),
  },
});

describe('join requests', () => {
  it('are approved for a member with access and declined for anyone else', async () => {
    const payer = newUser('Payer');
    await payWithNewCard(server, payer, 'subscription', shop.subscriptions.monthly, '4242424242424242');
    const stranger = newUser('Stranger');
    for (const user of [payer, stranger]) {
      expect(
        (
          await deliver({
            chat_join_request: { chat: channelChat(), from: from(user), user_chat_id: user.telegramId, date: 1 },
          })
        ).outcome,
      ).toBe('applied');
    }
    expect((await calls('approveChatJoinRequest')).map((call) => call.params)).toEqual([
      { chat_id: chatId(), user_id: payer.telegramId },
    ]);
    expect((await calls('declineChatJoinRequest')).map((call) => call.params)).toEqual([
      { chat_id: chatId(), user_id: stranger.telegramId },
    ]);
  });
});

describe('joins', () => {
  it("someone who joins by another member's personal link is removed; the member and leavers are left alone", async () => {
    const payer = newUser('LinkOwner');
    const paid = await payWithNewCard(server, payer, 'subscription', shop.subscriptions.monthly, '4242424242424242');
    const link = paid.inviteLink!;
    const joinBy = (user: { telegramId: number; firstName?: string }, oldStatus: string, newStatus: string) =>
      deliver({
        chat_member: {
          chat: channelChat(),
          from: from(user),
          date: 1,
          old_chat_member: { status: oldStatus, user: from(user) },
          new_chat_member: { status: newStatus, user: from(user) },
          invite_link: {
            invite_link: link,
            creator: { id: 1, is_bot: true, first_name: 'bot' },
            creates_join_request: false,
            is_primary: false,
            is_revoked: false,
            member_limit: 1,
          },
        },
      });
    const forwarded = newUser('Forwarded');
    for (const [user, from, to] of [
      [payer, 'left', 'member'],
      [forwarded, 'left', 'member'],
      [payer, 'member', 'left'],
    ] as const) {
      expect((await joinBy(user, from, to)).outcome).toBe('applied');
    }
    const bans = (await calls('banChatMember'))
      .filter((call) => call.params.chat_id === chatId())
      .map((call) => call.params.user_id);
    expect(bans).toEqual([forwarded.telegramId]);
  });
});

describe('member lists', () => {
  const members = async () =>
    (
      await server.request<{ members: { telegramId: number; firstName: string; status: string }[] }>(
        'GET',
        `/sandbox/bot/members?chatId=${chatId()}`,
      )
    ).body.members;
  const statusOf = async (user: { telegramId: number }) =>
    (await members()).find((member) => member.telegramId === user.telegramId)?.status;
  const change = (
    user: { telegramId: number; firstName?: string },
    by: { id: number; is_bot: boolean; first_name: string },
    oldStatus: string,
    newStatus: string,
  ) =>
    deliver({
      chat_member: {
        chat: channelChat(),
        from: by,
        date: 1,
        old_chat_member: { status: oldStatus, user: from(user) },
        new_chat_member: { status: newStatus, user: from(user) },
      },
    });

  it('record joins, leaves and removals from chat_member updates; a member who leaves keeps their subscription', async () => {
    const payer = newUser('Joiner');
    const paid = await payWithNewCard(server, payer, 'subscription', shop.subscriptions.weekly, '4242424242424242');
    expect(await statusOf(payer)).toBeUndefined();
    // The payer opens their personal link in Telegram: Telegram sends the bot a chat_member update.
    const joined = await server.request('POST', '/sandbox/bot-api/join', {
      telegramId: payer.telegramId,
      firstName: 'Joiner',
      link: paid.inviteLink,
    });
    expect(joined.body).toMatchObject({ status: 'member' });
    expect((await members()).find((member) => member.telegramId === payer.telegramId)).toMatchObject({
      firstName: 'Joiner',
      status: 'member',
    });

    expect((await change(payer, from(payer), 'member', 'left')).outcome).toBe('applied');
    expect(await statusOf(payer)).toBe('left');
    const membership = await server.api<{ subscriptionMember: { status: string } }>(
      payer,
      'GET',
      `/follower/subscription_member/${paid.subscriptionMemberId}`,
    );
    expect(membership.body.subscriptionMember.status).toBe('active');

    // Banned by the creator: kicked. The bot's own ban and unban (Telegram reports both): removed by the bot.
    const banned = newUser('Banned');
    await change(banned, from(banned), 'left', 'member');
    await change(banned, from(shop.creator), 'member', 'kicked');
    expect(await statusOf(banned)).toBe('kicked');
    const bot = { id: 1234567890, is_bot: true, first_name: 'bot' };
    const removed = newUser('Removed');
    await change(removed, from(removed), 'left', 'member');
    await change(removed, bot, 'member', 'kicked');
    await change(removed, bot, 'kicked', 'left');
    expect(await statusOf(removed)).toBe('removed');
  });

  it("someone the bot removes for using another member's link is recorded as removed by the bot", async () => {
    const payer = newUser('Sharer');
    const paid = await payWithNewCard(server, payer, 'subscription', shop.subscriptions.weekly, '4242424242424242');
    const intruder = newUser('Intruder');
    const joined = await server.request('POST', '/sandbox/bot-api/join', {
      telegramId: intruder.telegramId,
      firstName: 'Intruder',
      link: paid.inviteLink,
    });
    expect(joined.body).toMatchObject({ status: 'removed' });
    expect(await statusOf(intruder)).toBe('removed');
  });
});

describe('messages', () => {
  it("/start with a payload answers a button into the mini-app at that deep link, in the sender's language", async () => {
    const user = newUser('Starter');
    expect((await deliver(message(user, '/start subscription_7', 'ru'))).outcome).toBe('applied');
    expect(await sentTo(user.telegramId)).toEqual([
      expect.objectContaining({
        params: expect.objectContaining({
          text: 'Нажмите на кнопку, чтобы продолжить в Backers.',
          reply_markup: {
            inline_keyboard: [
              [{ text: 'Открыть Backers', url: 'https://t.me/BackersSandboxBot/app?startapp=subscription_7' }],
            ],
          },
        }),
      }),
    ]);
    // Every page language of the app, by the base of the sender's language_code (Telegram sends "pt-br" and the like).
    const german = newUser('Starterin');
    expect((await deliver(message(german, '/start', 'de'))).outcome).toBe('applied');
    const brazilian = newUser('Iniciante');
    expect((await deliver(message(brazilian, '/help', 'pt-br'))).outcome).toBe('applied');
    expect((await sentTo(german.telegramId))[0]!.params).toMatchObject({
      text: expect.stringContaining('Öffne die App'),
      reply_markup: { inline_keyboard: [[{ text: 'Backers öffnen' }]] },
    });
    expect((await sentTo(brazilian.telegramId))[0]!.params.text).toBe(botTexts('pt').help);
    expect(botTexts('pt').help).not.toBe(botTexts('en').help);
  });

  it("/help explains; a subscription's $command answers its invoice button; an unknown one says so", async () => {
    const creator = shop.creator;
    expect(
      (await server.api(creator, 'POST', `/subscription/${shop.subscriptions.yearly}/command`, { command: '$vip' }))
        .status,
    ).toBe(200);
    const user = newUser('Asker');
    for (const text of ['/help', '$VIP', '$nosuch'])
      expect((await deliver(message(user, text))).outcome).toBe('applied');
    const sent = await sentTo(user.telegramId);
    expect(sent.map((call) => call.params.text)).toEqual([
      expect.stringContaining('/start opens the app.'),
      expect.stringMatching(/^yearly plan in /),
      "No subscription has this command. Check it with the channel's creator.",
    ]);
    expect(sent[1]!.params.reply_markup).toEqual({
      inline_keyboard: [
        [
          {
            text: 'Subscribe',
            url: `https://t.me/BackersSandboxBot/app?startapp=subscription_${shop.subscriptions.yearly}`,
          },
        ],
      ],
    });
  });

  it("a $command is answered in its channel's language, whatever the asker's", async () => {
    expect(
      (
        await server.api(shop.creator, 'POST', `/subscription/${shop.subscriptions.monthly}/command`, {
          command: '$club',
        })
      ).status,
    ).toBe(200);
    expect(
      (await server.api(shop.creator, 'POST', `/channel/${shop.channelId}/language`, { language: 'ru' })).status,
    ).toBe(200);
    const user = newUser('Visitor');
    expect((await deliver(message(user, '$club'))).outcome).toBe('applied');
    const [offer] = await sentTo(user.telegramId);
    expect(offer!.params.text).toMatch(/^monthly plan в канале /);
    expect(offer!.params.reply_markup).toEqual({
      inline_keyboard: [
        [
          {
            text: 'Подписаться',
            url: `https://t.me/BackersSandboxBot/app?startapp=subscription_${shop.subscriptions.monthly}`,
          },
        ],
      ],
    });
    await server.api(shop.creator, 'POST', `/channel/${shop.channelId}/language`, { language: 'en' });
  });
});

describe("each person's chat with the bot", () => {
  type ChatMessage = { from: 'bot' | 'user'; text: string; buttons: { text: string; url: string }[] };
  const chatOf = async (user: { telegramId: number }) =>
    (await server.request<{ messages: ChatMessage[] }>('GET', `/sandbox/bot-api/chat?userId=${user.telegramId}`)).body
      .messages;
  const write = async (user: { telegramId: number; firstName?: string }, text: string) =>
    server.request<{ outcome: string }>('POST', '/sandbox/bot-api/chat', {
      telegramId: user.telegramId,
      firstName: user.firstName ?? 'User',
      languageCode: 'en',
      text,
    });

  it('holds what the person wrote and what the bot sent them, and nobody else sees it', async () => {
    const writer = newUser('Writer');
    const other = newUser('Other');
    const written = await write(writer, '/start subscription_7');
    expect(written.status).toBe(200);
    expect(written.body.outcome).toBe('applied');
    expect(await chatOf(writer)).toEqual([
      expect.objectContaining({ from: 'user', text: '/start subscription_7', buttons: [] }),
      expect.objectContaining({
        from: 'bot',
        text: botTexts('en').startWithLink,
        buttons: [{ text: botTexts('en').startButton, url: expect.stringMatching(/\?startapp=subscription_7$/) }],
      }),
    ]);
    expect(await chatOf(other)).toEqual([]);

    // A notice the product sends on its own (the operator's decision on an identity check) arrives in the chat too.
    await server.api(other, 'GET', '/dashboard?mode=follower');
    await server.request('POST', '/sandbox/kyc', { telegramId: other.telegramId, status: 'kyc_approved' });
    await server.request('POST', '/sandbox/kyc/decision', { telegramId: other.telegramId, decision: 'approve' });
    expect(await chatOf(other)).toEqual([
      expect.objectContaining({ from: 'bot', text: botTexts('en').identityApproved }),
    ]);
    expect(await chatOf(writer)).toHaveLength(2);
  });
});

describe('after a restart', () => {
  it("the sandbox's Telegram numbers updates on from the last one applied, so none is taken for a repeat", async () => {
    const user = newUser('Restarted');
    const first = await deliver(message(user, '/help'));
    expect(first.outcome).toBe('applied');
    await server.restart();
    const second = await deliver(message(user, '/help'));
    expect(second.updateId).toBeGreaterThan(first.updateId);
    expect(second.outcome).toBe('applied');
  });
});
