/**
 * The follower's memberships (cancel, renew, expired renew through a new payment, deleted subscriptions, one-time)
 * and saved cards (list, one, primary switching, removal) over real HTTP.
 */
import type { CardDto, FollowerMemberResponse } from '../../../src/contract/api';
import { type TestServer, type TestUser, newUser, startTestServer } from '../support/testServer';
import { type Shop, expectBalancesMatchLedger, openShop, pay, payWithNewCard } from './support/money';

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

const member = (user: TestUser, id: number, action = '') =>
  server.api<FollowerMemberResponse & { code?: string }>(user, 'GET', `/follower/subscription_member/${id}${action}`);
const cards = async (user: TestUser) =>
  (await server.api<{ cards: CardDto[] }>(user, 'GET', '/follower/cards')).body.cards;

describe('memberships', () => {
  it('cancel keeps access until expiry; renew before expiry reactivates it for free', async () => {
    const follower = newUser('Canceller');
    const paid = await payWithNewCard(server, follower, 'subscription', shop.subscriptions.monthly, '4242424242424242');
    const id = paid.subscriptionMemberId ?? 0;
    const shown = await member(follower, id);
    expect(shown.body).toMatchObject({
      subscriptionMember: { id, status: 'active', period: 'monthly', price: 10, currency: 'eur', renewalFailed: false },
      subscription: { id: shop.subscriptions.monthly, inviteLink: expect.any(String) },
      channel: { id: shop.channelId },
    });
    const expiresAt = shown.body.subscriptionMember.expiresAt;

    const cancelled = await member(follower, id, '/cancel');
    expect(cancelled.body.subscriptionMember).toMatchObject({ status: 'cancelled', expiresAt });
    expect((await member(follower, id, '/cancel')).body.subscriptionMember.status).toBe('cancelled');
    // Still a member with access: paying again is refused, renew is the way back.
    expect(
      (await server.api(follower, 'GET', `/invoice/subscription/${shop.subscriptions.monthly}`)).body,
    ).toMatchObject({ code: 'already_subscribed' });

    const renewed = await member(follower, id, '/renew');
    expect(renewed.body.subscriptionMember).toMatchObject({ status: 'active', expiresAt });
    expect(renewed.body.renewal).toBeUndefined();
  });

  it('renew after expiry charges nothing and asks for the invoice; paying it extends the same membership', async () => {
    const follower = newUser('Lapsed');
    const paid = await payWithNewCard(server, follower, 'subscription', shop.subscriptions.weekly, '4242424242424242');
    const id = paid.subscriptionMemberId ?? 0;
    await member(follower, id, '/cancel');
    await server.request('POST', '/sandbox/clock', { advanceSeconds: 8 * 86_400 });

    const asked = await member(follower, id, '/renew');
    expect(asked.status).toBe(200);
    expect(asked.body.renewal).toEqual({ action: 'pay_invoice', subscriptionId: shop.subscriptions.weekly });
    expect(asked.body.subscriptionMember.status).toBe('cancelled');
    expect(asked.body.subscription.inviteLink).toBeUndefined();

    expect((await server.api(follower, 'GET', `/invoice/subscription/${shop.subscriptions.weekly}`)).status).toBe(200);
    const again = await payWithNewCard(server, follower, 'subscription', shop.subscriptions.weekly, '4242424242424242');
    expect(again.subscriptionMemberId).toBe(id);
    const after = await member(follower, id);
    expect(after.body.subscriptionMember).toMatchObject({ status: 'active', renewalFailed: false });
    expect(after.body.subscriptionMember.expiresAt).toBe(Math.floor(server.clock.now() / 1000) + 7 * 86_400);
    expect(after.body.subscriptionMember.activatedAt).toBe(Math.floor(server.clock.now() / 1000));
  });

  it('one-time memberships can be neither cancelled nor renewed', async () => {
    const follower = newUser('OneTimer');
    const paid = await payWithNewCard(server, follower, 'subscription', shop.subscriptions.onetime, '4242424242424242');
    const shown = await member(follower, paid.subscriptionMemberId ?? 0);
    expect(shown.body.subscriptionMember.expiresAt).toBeUndefined();
    expect(await member(follower, paid.subscriptionMemberId ?? 0, '/cancel')).toMatchObject({
      status: 409,
      body: { code: 'conflict' },
    });
    expect(await member(follower, paid.subscriptionMemberId ?? 0, '/renew')).toMatchObject({
      status: 409,
      body: { code: 'conflict' },
    });
  });

  it('a deleted subscription keeps access until expiry but cannot be renewed', async () => {
    const created = await server.api<{ subscription: { id: number } }>(shop.creator, 'POST', '/subscription/new', {
      channelId: shop.channelId,
      name: 'Soon gone',
      description: 'x',
      period: 'monthly',
      currency: 'eur',
      amount: 4,
      buttonText: 'Go',
    });
    const subscriptionId = created.body.subscription.id;
    const follower = newUser('Orphan');
    const paid = await payWithNewCard(server, follower, 'subscription', subscriptionId, '4242424242424242');
    await member(follower, paid.subscriptionMemberId ?? 0, '/cancel');
    await server.api(shop.creator, 'POST', `/subscription/${subscriptionId}/delete`);
    const shown = await member(follower, paid.subscriptionMemberId ?? 0);
    expect(shown.body.subscription.isDeleted).toBe(true);
    expect(shown.body.subscription.inviteLink).toEqual(expect.any(String));
    expect(await member(follower, paid.subscriptionMemberId ?? 0, '/renew')).toMatchObject({
      status: 409,
      body: { code: 'subscription_deleted' },
    });
  });

  it("someone else's membership answers 404 and is not changed", async () => {
    const owner = newUser('MemberOwner');
    const paid = await payWithNewCard(server, owner, 'subscription', shop.subscriptions.yearly, '4242424242424242');
    const intruder = newUser('Intruder');
    for (const action of ['', '/cancel', '/renew'])
      expect((await member(intruder, paid.subscriptionMemberId ?? 0, action)).status).toBe(404);
    expect((await member(owner, paid.subscriptionMemberId ?? 0)).body.subscriptionMember.status).toBe('active');
  });
});

describe('saved cards', () => {
  it('switches the primary card (one at a time), shows one card, removes cards and promotes the next one', async () => {
    const follower = newUser('Cardholder');
    expect(await cards(follower)).toEqual([]);
    await payWithNewCard(server, follower, 'donation', shop.donationId, '4242424242424242', { saveCard: true });
    await payWithNewCard(server, follower, 'donation', shop.donationId, '5555555555554444', { saveCard: true });
    await payWithNewCard(server, follower, 'donation', shop.donationId, '2200000000000004', { saveCard: false });
    const initial = await cards(follower);
    expect(initial.map((card) => [card.cardLast, card.cardBrand, card.primary])).toEqual([
      ['4242', 'visa', true],
      ['4444', 'mastercard', false],
    ]);
    const [visa, mastercard] = initial;

    const switched = await server.api<{ card: CardDto; cards: CardDto[] }>(
      follower,
      'GET',
      `/follower/cards/${mastercard.id}/primary`,
    );
    expect(switched.body.card).toMatchObject({ id: mastercard.id, primary: true });
    expect(switched.body.cards.map((card) => [card.id, card.primary])).toEqual([
      [mastercard.id, true],
      [visa.id, false],
    ]);
    expect((await server.api(follower, 'GET', `/follower/cards/${mastercard.id}/primary`)).status).toBe(200);
    expect((await cards(follower)).filter((card) => card.primary)).toHaveLength(1);

    expect((await server.api<{ card: CardDto }>(follower, 'GET', `/follower/cards/${visa.id}`)).body.card).toEqual({
      id: visa.id,
      cardBrand: 'visa',
      cardLast: '4242',
      active: true,
      primary: false,
    });

    const removed = await server.api<{ cards: CardDto[] }>(follower, 'GET', `/follower/cards/${mastercard.id}/delete`);
    expect(removed.body.cards).toEqual([expect.objectContaining({ id: visa.id, primary: true })]);
    expect((await server.api(follower, 'GET', `/follower/cards/${mastercard.id}`)).status).toBe(404);
    const paying = await pay(server, follower, 'donation', shop.donationId, {
      paymentMethod: 'smart_glocal_saved_card',
      cardId: mastercard.id,
      amount: 5,
    });
    expect(paying.status).toBe(404);
    await server.api(follower, 'GET', `/follower/cards/${visa.id}/delete`);
    expect(await cards(follower)).toEqual([]);
  });

  it("someone else's card answers 404 for every card call", async () => {
    const owner = newUser('CardOwner');
    await payWithNewCard(server, owner, 'donation', shop.donationId, '4242424242424242', { saveCard: true });
    const [card] = await cards(owner);
    const other = newUser('CardThief');
    for (const action of ['', '/primary', '/delete'])
      expect((await server.api(other, 'GET', `/follower/cards/${card.id}${action}`)).status).toBe(404);
    expect(await cards(owner)).toEqual([card]);
  });
});
