/**
 * A card's token names the card: Smart Glocal's reference calls `number_hash` the "card number hash" (64 hex
 * characters in its examples; /work/shared/vendors/smart-glocal.md §13), so tokenising the same card twice gives the
 * same value, and the double hashes the number so. What pays once is the tokenisation we issued, for whoever asked.
 */
import { createHash } from 'node:crypto';
import { type TestServer, newUser, startTestServer } from '../support/testServer';
import { type Shop, check, expectBalancesMatchLedger, newCard, openShop, pay } from './support/money';

let server: TestServer;
let shop: Shop;

beforeAll(async () => {
  server = await startTestServer();
  shop = await openShop(server);
}, 180_000);
afterAll(async () => server.close());
afterEach(async () => {
  await expectBalancesMatchLedger(server, shop.creatorId);
});

const donate = (card: { cardToken: string; publicToken: string }, amount: number) => ({
  paymentMethod: 'smart_glocal_form',
  ...card,
  amount,
});

it("the card's token is its number's hash (64 hex characters), the same at every tokenisation", async () => {
  const follower = newUser('Hash');
  const first = await newCard(server, follower, '4242424242424242');
  const second = await newCard(server, follower, '4242424242424242');
  expect(first.cardToken).toMatch(/^[0-9a-f]{64}$/);
  expect(first.cardToken).toBe(createHash('sha256').update('4242424242424242').digest('hex'));
  expect(second.cardToken).toBe(first.cardToken);
  expect(second.publicToken).not.toBe(first.publicToken);
});

it('the same card pays twice for the same follower', async () => {
  const follower = newUser('Returning');
  const first = await pay(
    server,
    follower,
    'donation',
    shop.donationId,
    donate(await newCard(server, follower, '4242424242424242'), 5),
  );
  expect(first).toMatchObject({ status: 200, body: { status: 'paid' } });
  const second = await pay(
    server,
    follower,
    'donation',
    shop.donationId,
    donate(await newCard(server, follower, '4242424242424242'), 6),
  );
  expect(second).toMatchObject({ status: 200, body: { status: 'paid' } });
  expect(second.body.paymentId).not.toBe(first.body.paymentId);
});

it('two users pay with one card', async () => {
  const one = newUser('CardOne');
  const two = newUser('CardTwo');
  const a = await pay(
    server,
    one,
    'donation',
    shop.donationId,
    donate(await newCard(server, one, '5555555555554444'), 4),
  );
  const b = await pay(
    server,
    two,
    'donation',
    shop.donationId,
    donate(await newCard(server, two, '5555555555554444'), 4),
  );
  expect(a).toMatchObject({ status: 200, body: { status: 'paid' } });
  expect(b).toMatchObject({ status: 200, body: { status: 'paid' } });
  expect((await check(server, two, b.body.paymentId)).status).toBe('paid');
});

it('a tokenisation pays once, and only for the user who asked for it', async () => {
  const owner = newUser('TokenOwner');
  const other = newUser('TokenThief');
  const card = await newCard(server, owner, '4242424242424242');
  // Someone else's tokenisation is refused before the provider is asked.
  expect(await pay(server, other, 'donation', shop.donationId, donate(card, 3))).toMatchObject({
    status: 400,
    body: { code: 'validation_error', field: 'publicToken', reason: 'tokenization_unknown' },
  });
  expect(await pay(server, owner, 'donation', shop.donationId, donate(card, 3))).toMatchObject({
    status: 200,
    body: { status: 'paid' },
  });
  // The same tokenisation again, under a new key: refused.
  expect(await pay(server, owner, 'donation', shop.donationId, donate(card, 3))).toMatchObject({
    status: 400,
    body: { code: 'validation_error', field: 'publicToken', reason: 'tokenization_used' },
  });
  // Without one: refused too.
  expect(
    await pay(server, owner, 'donation', shop.donationId, {
      paymentMethod: 'smart_glocal_form',
      cardToken: card.cardToken,
      amount: 3,
    }),
  ).toMatchObject({ status: 400, body: { code: 'validation_error', field: 'publicToken' } });
});
