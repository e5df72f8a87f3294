/**
 * A subscription's price in Telegram Stars (GET and POST /subscription/{id}/stars): whole Stars within Telegram's
 * limits (1-10000, the Bot API's createInvoiceLink: src/domain/stars.ts), how Stars sell it (renewing every 30 days
 * only when monthly; weekly and yearly as one period without renewal), and a price suggested from the card price at
 * STARS_RATE_EUR.
 */
import type { NewSubscriptionResponse, StarsPriceResponse, StarsRatesResponse } from '../../../src/contract/api';
import { type TestServer, type TestUser, creatorWithChannel, newUser, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { starsRates: new Map([['eur', '0.012']]) } });
});
afterAll(() => server.close());

async function subscription(period: string, currency = 'eur', amount = 5): Promise<{ user: TestUser; id: number }> {
  const { user, channelId } = await creatorWithChannel(server);
  const created = await server.api<NewSubscriptionResponse>(user, 'POST', '/subscription/new', {
    channelId,
    name: 'Gold',
    description: 'Everything',
    period,
    currency,
    amount,
    buttonText: 'Subscribe',
  });
  expect(created.status).toBe(200);
  return { user, id: created.body.subscription.id };
}

test('a monthly subscription renews in Stars; the suggestion is the card price at the rate, rounded up', async () => {
  const { user, id } = await subscription('monthly');
  const read = await server.api<StarsPriceResponse>(user, 'GET', `/subscription/${id}/stars`);
  // €5 at €0.012 a Star: 416.67, so 417 Stars.
  expect(read.body).toEqual({ stars: null, offer: 'renewing', suggested: 417, rate: '0.012' });
  const set = await server.api<StarsPriceResponse>(user, 'POST', `/subscription/${id}/stars`, { stars: 400 });
  expect(set.status).toBe(200);
  expect(set.body).toMatchObject({ stars: 400, offer: 'renewing' });
  expect((await server.api<StarsPriceResponse>(user, 'GET', `/subscription/${id}/stars`)).body.stars).toBe(400);
  // null: no longer sold in Stars.
  const cleared = await server.api<StarsPriceResponse>(user, 'POST', `/subscription/${id}/stars`, { stars: null });
  expect(cleared.body.stars).toBeNull();
});

test('weekly and yearly sell one period without renewal; one-time once; no rate, no suggestion', async () => {
  for (const [period, offer] of [
    ['weekly', 'one_period'],
    ['yearly', 'one_period'],
    ['onetime', 'one_time'],
  ] as const) {
    const { user, id } = await subscription(period);
    expect((await server.api<StarsPriceResponse>(user, 'GET', `/subscription/${id}/stars`)).body.offer).toBe(offer);
  }
  const { user, id } = await subscription('monthly', 'usd');
  expect((await server.api<StarsPriceResponse>(user, 'GET', `/subscription/${id}/stars`)).body).toMatchObject({
    suggested: null,
    rate: null,
  });
});

test("Telegram's limits answer a validation error naming the field; someone else's subscription is forbidden", async () => {
  const { user, id } = await subscription('monthly');
  for (const stars of [0, 10_001, 2.5, -3]) {
    const refused = await server.api(user, 'POST', `/subscription/${id}/stars`, { stars });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_error', field: 'stars' });
  }
  expect((await server.api(user, 'POST', `/subscription/${id}/stars`, { stars: 10_000 })).status).toBe(200);
  expect((await server.api(user, 'POST', `/subscription/${id}/stars`, { stars: 1 })).status).toBe(200);
  expect((await server.api(user, 'POST', `/subscription/${id}/stars`, { stars: '12' })).status).toBe(400);
  const stranger = newUser('Stranger');
  // As for the subscription's other routes: another creator's subscription is forbidden, an unknown one not found.
  expect((await server.api(stranger, 'GET', `/subscription/${id}/stars`)).status).toBe(403);
  expect((await server.api(stranger, 'POST', `/subscription/${id}/stars`, { stars: 5 })).status).toBe(403);
  expect((await server.api(user, 'GET', '/subscription/999999999/stars')).status).toBe(404);
});

test('the rates set answer GET /stars/rates, for the forms to suggest a price not saved yet', async () => {
  const { user } = await creatorWithChannel(server);
  const rates = await server.api<StarsRatesResponse>(user, 'GET', '/stars/rates');
  expect(rates.status).toBe(200);
  expect(rates.body).toEqual({ rates: [{ currency: 'eur', rate: '0.012' }] });
});
