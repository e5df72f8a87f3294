/** POST /donation/request/channel/{channelId} (spec sections 5, 7, 9): validated, stored, posted by the bot. */
import type { DonationRequestResponse } from '../../../src/contract/api';
import { type TestServer, botApiCalls, creatorWithChannel, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const body = (extra: Record<string, unknown> = {}) => ({
  title: 'Buy me a coffee',
  description: 'Thank you!',
  currency: 'eur',
  amount: 0,
  buttonText: 'Donate',
  pin: true,
  disableNotification: false,
  ...extra,
});
const request = (user: { telegramId: number }, channelId: number, extra: Record<string, unknown> = {}) =>
  server.api<DonationRequestResponse>(user, 'POST', `/donation/request/channel/${channelId}`, body(extra));

describe('donation requests', () => {
  test('creates the request, posts it with a donation deep link and completes onboarding', async () => {
    const { user, channelId, chatId } = await creatorWithChannel(server, { private: true });
    await server.api(user, 'POST', `/channel/${channelId}/language`, { language: 'en' });
    await server.api(user, 'POST', `/channel/${channelId}/onboarding/skip_step`);
    const answer = await request(user, channelId, { amount: '10.50', pin: true, disableNotification: true });
    expect(answer.status).toBe(200);
    expect(answer.body.donation).toMatchObject({
      channelId,
      title: 'Buy me a coffee',
      description: 'Thank you!',
      buttonText: 'Donate',
      amount: 10.5,
      currency: 'eur',
    });
    expect(answer.body.channel).toMatchObject({ id: channelId, onboardingStep: 'completed', onboardingPassed: true });
    const posts = (await server.request<{ posts: unknown[] }>('GET', `/sandbox/bot/posts?chatId=${chatId}`)).body.posts;
    expect(posts).toEqual([
      expect.objectContaining({
        kind: 'donation',
        refId: answer.body.donation.id,
        pinned: true,
        silent: true,
        text: 'Buy me a coffee\n\nThank you!',
        buttons: [
          { text: 'Donate', url: `https://t.me/BackersSandboxBot/app?startapp=donation_${answer.body.donation.id}` },
        ],
      }),
    ]);
  });

  test('with an imageId the bot posts a photo (sendPhoto) with the text as caption and the donate button', async () => {
    const { user, channelId, chatId } = await creatorWithChannel(server);
    const imageId = 'https://images.example/coffee.jpg';
    const answer = await request(user, channelId, { imageId, disableNotification: true });
    expect(answer.status).toBe(200);
    const link = `https://t.me/BackersSandboxBot/app?startapp=donation_${answer.body.donation.id}`;
    const photos = (await botApiCalls<Record<string, unknown>>(server, 'sendPhoto')).filter(
      (call) => String(call.params.chat_id) === String(chatId),
    );
    expect(photos).toHaveLength(1);
    expect(photos[0]!.params).toMatchObject({
      photo: imageId,
      caption: 'Buy me a coffee\n\nThank you!',
      disable_notification: true,
      reply_markup: { inline_keyboard: [[{ text: 'Donate', url: link }]] },
    });
    expect(
      (await botApiCalls<Record<string, unknown>>(server, 'sendMessage')).filter(
        (call) => String(call.params.chat_id) === String(chatId),
      ),
    ).toEqual([]);
    const posts = (await server.request<{ posts: unknown[] }>('GET', `/sandbox/bot/posts?chatId=${chatId}`)).body.posts;
    expect(posts).toEqual([
      expect.objectContaining({
        kind: 'donation',
        refId: answer.body.donation.id,
        buttons: [{ text: 'Donate', url: link }],
      }),
    ]);
    // A Telegram file_id works too; anything else is refused before posting.
    expect((await request(user, channelId, { imageId: 'AgACAgIAAxkBAAIBY2Zf_file-id' })).status).toBe(200);
    const refused = await request(user, channelId, { imageId: 'not an image' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_error', field: 'imageId' });
  });

  test('amount 0 lets the payer choose; the invoice then suggests the default (eur 5, else 200)', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const eur = (await request(user, channelId)).body.donation;
    expect(eur.amount).toBe(0);
    const rub = (await request(user, channelId, { currency: 'rub' })).body.donation;
    const payer = { telegramId: 777_001, firstName: 'Payer' };
    expect((await server.api<{ data: unknown }>(payer, 'GET', `/invoice/donation/${eur.id}`)).body.data).toEqual({
      amount: 5,
      currency: 'eur',
    });
    expect((await server.api<{ data: unknown }>(payer, 'GET', `/invoice/donation/${rub.id}`)).body.data).toEqual({
      amount: 200,
      currency: 'rub',
    });
  });

  test.each([
    ['title empty', { title: '' }, 'title', 'required'],
    ['title 33 characters', { title: 't'.repeat(33) }, 'title', 'too_long'],
    ['description 141 characters', { description: 'd'.repeat(141) }, 'description', 'too_long'],
    ['button 21 characters', { buttonText: 'b'.repeat(21) }, 'buttonText', 'too_long'],
    ['eur above 2000', { amount: 2000.01 }, 'amount', 'amount_above'],
    ['rub below 200', { currency: 'rub', amount: '150' }, 'amount', 'amount_below'],
    ['rub above 150000', { currency: 'rub', amount: 150001 }, 'amount', 'amount_above'],
    ['amount not a number', { amount: 'ten' }, 'amount', 'amount_required'],
  ])('%s answers 400 naming the field, and nothing is posted', async (_name, extra, field, reason) => {
    const { user, channelId, chatId } = await creatorWithChannel(server);
    const answer = await request(user, channelId, extra);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', field, reason });
    expect(
      (await server.request<{ posts: unknown[] }>('GET', `/sandbox/bot/posts?chatId=${chatId}`)).body.posts,
    ).toEqual([]);
  });

  test('the limits themselves pass: title 32, description 140, button 20, eur 2000, rub 150000', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const limits = { title: 't'.repeat(32), description: 'd'.repeat(140), buttonText: 'b'.repeat(20) };
    expect((await request(user, channelId, { ...limits, amount: 2000 })).status).toBe(200);
    expect((await request(user, channelId, { ...limits, currency: 'rub', amount: 150000 })).status).toBe(200);
  });

  test('pin and disableNotification are required; a disconnected channel answers channel_disconnected', async () => {
    const { user, channelId, chatId } = await creatorWithChannel(server);
    const { pin: _pin, ...withoutPin } = body();
    const missing = await server.api(user, 'POST', `/donation/request/channel/${channelId}`, withoutPin);
    expect(missing.body).toMatchObject({ code: 'validation_error', field: 'pin' });
    await server.request('POST', '/sandbox/bot/channel-removed', { chatId });
    expect((await request(user, channelId)).body.code).toBe('channel_disconnected');
  });
});

describe('when the bot cannot post', () => {
  // The sandbox's Bot API double refuses the next sendMessage like Telegram does: 403 (not in the channel any more) or 500.
  test.each([
    [403, 409, 'channel_disconnected', false],
    [500, 502, 'error_unknown', true],
  ])(
    'Bot API %i: answers %i %s, withdraws the request, marks the channel connected=%s',
    async (botError, status, code, stillConnected) => {
      const failing = await startTestServer();
      try {
        const { user, channelId } = await creatorWithChannel(failing);
        const description =
          botError === 403 ? 'Forbidden: bot is not a member of the channel chat' : 'Internal Server Error';
        expect(
          (
            await failing.request('POST', '/sandbox/bot-api/failures', {
              method: 'sendMessage',
              errorCode: botError,
              description,
            })
          ).status,
        ).toBe(200);
        const answer = await failing.api<DonationRequestResponse>(
          user,
          'POST',
          `/donation/request/channel/${channelId}`,
          body(),
        );
        expect(answer.status).toBe(status);
        expect(answer.body.code).toBe(code);
        const channel = (await failing.api<{ channel: { connected: boolean } }>(user, 'GET', `/channel/${channelId}`))
          .body.channel;
        expect(channel.connected).toBe(stillConnected);
        // The request that could not be posted is gone: its invoice is not found.
        expect(
          (await failing.api({ telegramId: 4321, firstName: 'Payer' }, 'GET', '/invoice/donation/1')).body.code,
        ).toBe('not_found');
      } finally {
        await failing.close();
      }
    },
  );
});
