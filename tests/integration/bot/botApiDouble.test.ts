/**
 * The bot side runs the production gateway (grammY) against the sandbox's Bot API double over real HTTP: what the
 * server asks of Telegram is what the double records, and the double answers like Telegram (ok/result,
 * error_code/description, parameters.retry_after).
 */
import { type TestServer, creatorWithChannel, startTestServer } from '../support/testServer';

interface Call {
  method: string;
  params: Record<string, unknown>;
  at: number;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TOKEN = '1234567890:TEST-sandbox-token-for-tests-only-xx';
const calls = async (method: string) =>
  (await server.request<{ calls: Call[] }>('GET', `/sandbox/bot-api/calls?method=${method}`)).body.calls;
const donation = {
  title: 'Coffee',
  description: 'Thanks',
  currency: 'eur',
  amount: 0,
  buttonText: 'Donate',
  pin: true,
  disableNotification: false,
};

describe('the Bot API double', () => {
  test('answers like the Bot API: getMe, a wrong token, an unknown method, a chat the bot does not administer', async () => {
    const me = await server.request<{ ok: boolean; result: { username: string; is_bot: boolean } }>(
      'POST',
      `/sandbox/bot-api/bot${TOKEN}/getMe`,
      {},
    );
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ ok: true, result: { username: 'BackersSandboxBot', is_bot: true } });
    const wrongToken = await server.request('POST', '/sandbox/bot-api/bot1:nope/getMe', {});
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.body).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    expect((await server.request('POST', `/sandbox/bot-api/bot${TOKEN}/noSuchMethod`, {})).body).toMatchObject({
      ok: false,
      error_code: 404,
    });
    const notAdmin = await server.request('POST', `/sandbox/bot-api/bot${TOKEN}/sendMessage`, {
      chat_id: -100999,
      text: 'hi',
    });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body).toMatchObject({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot is not a member of the channel chat',
    });
    // Form-encoded parameters work too, as on Telegram.
    const form = await server.request(
      'POST',
      `/sandbox/bot-api/bot${TOKEN}/getChatMember`,
      'chat_id=-100999&user_id=5',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(form.body).toMatchObject({ ok: true, result: { status: 'left' } });
  });

  test('a post goes through sendMessage and pinChatMessage with the deep-link button, and the message id comes from the double', async () => {
    const { user, channelId, chatId } = await creatorWithChannel(server);
    const answer = await server.api<{ donation: { id: number } }>(
      user,
      'POST',
      `/donation/request/channel/${channelId}`,
      { ...donation, disableNotification: true },
    );
    expect(answer.status).toBe(200);
    const sent = (await calls('sendMessage')).filter((call) => call.params.chat_id === chatId);
    expect(sent).toEqual([
      expect.objectContaining({
        params: {
          chat_id: chatId,
          text: 'Coffee\n\nThanks',
          disable_notification: true,
          reply_markup: {
            inline_keyboard: [
              [
                {
                  text: 'Donate',
                  url: `https://t.me/BackersSandboxBot/app?startapp=donation_${answer.body.donation.id}`,
                },
              ],
            ],
          },
        },
      }),
    ]);
    const pinned = (await calls('pinChatMessage')).filter((call) => call.params.chat_id === chatId);
    expect(pinned).toEqual([
      expect.objectContaining({ params: { chat_id: chatId, message_id: 1, disable_notification: true } }),
    ]);
    const posts = (
      await server.request<{ posts: { messageId: number }[] }>('GET', `/sandbox/bot/posts?chatId=${chatId}`)
    ).body.posts;
    expect(posts.map((post) => post.messageId)).toEqual([1]);
  });

  test('a 429 is waited out for retry_after and the post still goes out once', async () => {
    const { user, channelId, chatId } = await creatorWithChannel(server);
    expect(
      (
        await server.request('POST', '/sandbox/bot-api/failures', {
          method: 'sendMessage',
          errorCode: 429,
          retryAfter: 1,
        })
      ).status,
    ).toBe(200);
    const started = Date.now();
    const answer = await server.api(user, 'POST', `/donation/request/channel/${channelId}`, {
      ...donation,
      pin: false,
    });
    expect(answer.status).toBe(200);
    // A lower bound only: the second sendMessage waited the second Telegram asked for.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const sent = (await calls('sendMessage')).filter((call) => call.params.chat_id === chatId);
    expect(sent).toHaveLength(2);
    const posts = (await server.request<{ posts: unknown[] }>('GET', `/sandbox/bot/posts?chatId=${chatId}`)).body.posts;
    expect(posts).toHaveLength(1);
  });
});
