/** Invoice loads (spec sections 4, 7, 8): what the payer sees, or not_found, payments_disabled, already_subscribed. */
import type { DonationInvoiceResponse, SubscriptionInvoiceResponse } from '../../../src/contract/api';
import { ALICE, BOB, type TestServer, newUser, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

describe('GET /invoice/subscription/{id}', () => {
  test("answers the subscription, its channel and the payer's saved cards, without invite links", async () => {
    const answer = await server.api<SubscriptionInvoiceResponse>(BOB, 'GET', '/invoice/subscription/2');
    expect(answer.status).toBe(200);
    expect(answer.body.subscription).toMatchObject({
      id: 2,
      name: 'Yearly Subscription',
      period: 'yearly',
      amount: 50,
      currency: 'eur',
    });
    expect(answer.body.subscription).not.toHaveProperty('inviteLink');
    expect(answer.body.channel).toMatchObject({ id: 1, name: "Alice's Journal" });
    expect(answer.body.cards.map((card) => card.cardLast)).toEqual(['4242', '4444']);
  });

  test('a subscription the payer already has answers 409 already_subscribed', async () => {
    const answer = await server.api(BOB, 'GET', '/invoice/subscription/1');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'already_subscribed' });
    // An expired membership can be bought again.
    expect((await server.api(BOB, 'GET', '/invoice/subscription/3')).status).toBe(200);
  });

  test('missing and removed subscriptions answer 404 not_found', async () => {
    expect((await server.api(BOB, 'GET', '/invoice/subscription/9999')).body).toMatchObject({
      code: 'not_found',
      message: 'Subscription not found',
    });
    expect((await server.api(newUser(), 'GET', '/invoice/subscription/5')).body.code).toBe('not_found');
  });

  test('a disconnected channel or a banned creator answers 403 payments_disabled', async () => {
    await server.request('POST', '/sandbox/bot/channel-removed', { chatId: -1001000000001 });
    const disconnected = await server.api(newUser(), 'GET', '/invoice/subscription/2');
    expect(disconnected.status).toBe(403);
    expect(disconnected.body.code).toBe('payments_disabled');
    await server.request('POST', '/sandbox/bot/channel-added', {
      ownerTelegramId: 1001,
      chatId: -1001000000001,
      title: "Alice's Journal",
    });
    expect((await server.api(newUser(), 'GET', '/invoice/subscription/2')).status).toBe(200);

    await server.request('POST', '/sandbox/users/ban', { telegramId: ALICE.telegramId });
    try {
      expect((await server.api(newUser(), 'GET', '/invoice/subscription/2')).body.code).toBe('payments_disabled');
    } finally {
      await server.request('POST', '/sandbox/users/ban', { telegramId: ALICE.telegramId, banned: false });
    }
  });
});

describe('GET /invoice/donation/{id}', () => {
  test('answers the request, the suggested amount and cards', async () => {
    const answer = await server.api<DonationInvoiceResponse>(BOB, 'GET', '/invoice/donation/2');
    expect(answer.status).toBe(200);
    expect(answer.body.donation).toMatchObject({ id: 2, title: 'Fuel the next trip', amount: 500, currency: 'rub' });
    expect(answer.body.data).toEqual({ amount: 500, currency: 'rub' });
    expect(answer.body.channel).toMatchObject({ id: 2, userName: 'alice_travels' });
    expect(answer.body.cards).toHaveLength(2);
  });

  test('a missing request answers 404 not_found "Donation request not found" (spec section 8), also when paying it', async () => {
    const answer = await server.api(BOB, 'GET', '/invoice/donation/777');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 'not_found', message: 'Donation request not found' });
    const paying = await server.api(
      BOB,
      'POST',
      '/invoice/donation/777/create',
      { paymentMethod: 'smart_glocal', amount: 500 },
      { 'Idempotency-Key': 'missing-donation-1' },
    );
    expect(paying.status).toBe(404);
    expect(paying.body).toMatchObject({ code: 'not_found', message: 'Donation request not found' });
  });
});
