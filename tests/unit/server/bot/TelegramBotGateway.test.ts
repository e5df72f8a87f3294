/** The production bot gateway against recorded Bot API answers (no network). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BotApiError, miniAppLink } from '../../../../server/modules/bot/BotGateway';
import { TelegramBotGateway } from '../../../../server/modules/bot/TelegramBotGateway';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(__dirname, 'fixtures', `${name}.json`), 'utf8'));

interface Call {
  url: string;
  body: Record<string, unknown>;
}

function gatewayAnswering(...answers: unknown[]) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: { body: string | AsyncIterable<Uint8Array> }) => {
    calls.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return { status: (answer as { ok: boolean }).ok ? 200 : 400, json: async () => answer };
  };
  const gateway = new TelegramBotGateway({ token: '123:secret', apiRoot: 'https://bot.example/', fetch });
  return { gateway, calls };
}

describe('TelegramBotGateway', () => {
  test('sendMessage posts text, the inline URL button and disable_notification, and answers the message id', async () => {
    const { gateway, calls } = gatewayAnswering(fixture('sendMessage.ok'));
    const url = miniAppLink('BackersBot', 'app', 'subscription_7');
    const answer = await gateway.sendMessage({
      chatId: -1001234567890,
      text: 'Monthly Subscription\n\nYour contribution fuels the channel',
      button: { text: 'Subscribe', url },
      silent: true,
    });
    expect(answer).toEqual({ messageId: 2817 });
    expect(calls[0]).toEqual({
      url: 'https://bot.example/bot123:secret/sendMessage',
      body: {
        chat_id: -1001234567890,
        text: 'Monthly Subscription\n\nYour contribution fuels the channel',
        disable_notification: true,
        reply_markup: {
          inline_keyboard: [[{ text: 'Subscribe', url: 'https://t.me/BackersBot/app?startapp=subscription_7' }]],
        },
      },
    });
  });

  test('pinChatMessage carries disable_notification', async () => {
    const { gateway, calls } = gatewayAnswering(fixture('pinChatMessage.ok'));
    await gateway.pinMessage(-1001234567890, 2817, false);
    expect(calls[0]!.url).toMatch(/\/pinChatMessage$/);
    expect(calls[0]!.body).toEqual({ chat_id: -1001234567890, message_id: 2817, disable_notification: false });
  });

  test("a refusal becomes a BotApiError with Telegram's code and description", async () => {
    const { gateway } = gatewayAnswering(fixture('sendMessage.forbidden'), fixture('sendMessage.chatNotFound'));
    await expect(gateway.sendMessage({ chatId: 1, text: 'x', silent: false })).rejects.toMatchObject({
      name: 'BotApiError',
      errorCode: 403,
      message: 'sendMessage: Forbidden: bot is not a member of the channel chat',
    });
    await expect(gateway.sendMessage({ chatId: 1, text: 'x', silent: false })).rejects.toMatchObject({
      errorCode: 400,
    });
  });

  test('a network failure never leaks the token-bearing URL', async () => {
    const { gateway } = gatewayAnswering(new TypeError('fetch failed https://bot.example/bot123:secret/sendMessage'));
    const error = await gateway.sendMessage({ chatId: 1, text: 'x', silent: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BotApiError);
    expect(String((error as Error).message)).not.toContain('secret');
  });

  test('getChatMember reads status and the rights the app needs', async () => {
    const { gateway, calls } = gatewayAnswering(fixture('getChatMember.administrator'), fixture('getChatMember.left'));
    expect(await gateway.getChatMember(-1001234567890, 7000000001)).toEqual({
      status: 'administrator',
      canPromoteMembers: true,
      canChangeInfo: true,
      canPostMessages: true,
    });
    expect(calls[0]!.body).toEqual({ chat_id: -1001234567890, user_id: 7000000001 });
    expect(await gateway.getChatMember(-1001234567890, 7000000001)).toEqual({
      status: 'left',
      canPromoteMembers: false,
      canChangeInfo: false,
      canPostMessages: false,
    });
  });

  test('a 429 is waited out for retry_after seconds and tried again; a longer wait than the cap fails at once', async () => {
    const slept: number[] = [];
    const calls: string[] = [];
    const answers: unknown[] = [
      { ok: false, error_code: 429, description: 'Too Many Requests: retry after 3', parameters: { retry_after: 3 } },
      fixture('sendMessage.ok'),
      {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 600',
        parameters: { retry_after: 600 },
      },
    ];
    const fetch = async (url: string) => {
      calls.push(url);
      const answer = answers.shift();
      return { json: async () => answer };
    };
    const gateway = new TelegramBotGateway({
      token: '123:secret',
      apiRoot: 'https://bot.example',
      fetch,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    expect(await gateway.sendMessage({ chatId: 1, text: 'x', silent: false })).toEqual({ messageId: 2817 });
    expect(slept).toEqual([3000]);
    expect(calls).toHaveLength(2);
    await expect(gateway.sendMessage({ chatId: 1, text: 'x', silent: false })).rejects.toMatchObject({
      errorCode: 429,
      retryAfterSeconds: 600,
    });
    expect(slept).toEqual([3000]);
  });

  test('deleteMessage and setWebhook send what Telegram expects', async () => {
    const { gateway, calls } = gatewayAnswering({ ok: true, result: true }, { ok: true, result: true });
    await gateway.deleteMessage(-100, 5);
    await gateway.setWebhook('https://app.example/telegram/webhook', 's3cret', ['my_chat_member']);
    expect(calls.map((call) => [call.url.split('/').pop(), call.body])).toEqual([
      ['deleteMessage', { chat_id: -100, message_id: 5 }],
      [
        'setWebhook',
        { url: 'https://app.example/telegram/webhook', secret_token: 's3cret', allowed_updates: ['my_chat_member'] },
      ],
    ]);
  });
});
