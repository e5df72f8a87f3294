/**
 * Invoice payments over real HTTP on an embedded PostgreSQL: every sandbox test card to its final status, the 3-D
 * Secure challenge (confirm, decline, timeout), saved-card and link payments, provider notifications, the ledger pair
 * with its fees, what the creator sees, and balances equal to the ledger after each scenario.
 */
import { and, asc, eq } from 'drizzle-orm';
import { DrizzleSandboxProviderStore } from '../../../server/modules/payments/sandbox/DrizzleSandboxProviderStore';
import { sandboxKeyPairs } from '../../../server/modules/payments/smartglocal/keys';
import type { MoneyDb } from '../../../server/platform/db/moneyDb';
import { sign } from '../../../server/modules/payments/smartglocal/protocol';
import {
  payments,
  providerEvents,
  providerSessions,
  providerWebhookEvents,
} from '../../../server/platform/db/schema-money';
import { savedCards, subscriptionMembers, transactions } from '../../../server/platform/db/schema';
import { type TestServer, newUser, startTestServer } from '../support/testServer';
import {
  type Shop,
  answerChallenge,
  check,
  expectBalancesMatchLedger,
  openShop,
  pay,
  payWithNewCard,
  newCard,
  userId,
} from './support/money';

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

async function ledgerOf(paymentId: string) {
  return server.database.db.select().from(transactions).where(eq(transactions.paymentId, paymentId));
}

describe('test cards end in their documented status', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2200000000000004', 'mir'],
    ['4000000000000127', 'visa'],
  ])('%s is paid at once (%s)', async (number, brand) => {
    const follower = newUser('Payer');
    const created = await payWithNewCard(server, follower, 'donation', shop.donationId, number, { amount: 7 });
    expect(created).toMatchObject({
      status: 'paid',
      kind: 'donation',
      amount: 7,
      currency: 'eur',
      card: { brand, last4: number.slice(-4) },
      transactionId: expect.any(Number),
    });
    expect(await check(server, follower, created.paymentId)).toMatchObject({
      status: 'paid',
      transactionId: created.transactionId,
    });
    const ledger = await ledgerOf(created.paymentId);
    expect(ledger.map((row) => row.type).sort()).toEqual(['get_donation', 'send_donation']);
  });

  it.each([
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000002', 'do_not_honor'],
    ['4000000000000069', 'expired_card'],
  ])('%s is declined with %s and writes no ledger line', async (number, code) => {
    const follower = newUser('Declined');
    const created = await payWithNewCard(server, follower, 'subscription', shop.subscriptions.monthly, number);
    expect(created).toMatchObject({ status: 'error', errorCode: code, errorDescription: expect.stringMatching(/\w/) });
    expect(await check(server, follower, created.paymentId)).toMatchObject({ status: 'error', errorCode: code });
    expect(await ledgerOf(created.paymentId)).toHaveLength(0);
    const members = await server.database.db
      .select()
      .from(subscriptionMembers)
      .where(eq(subscriptionMembers.userId, await userId(server, follower)));
    expect(members).toHaveLength(0);
  });

  it('4000 0000 0000 3220: action_required with the challenge; Confirm pays and the client sees it', async () => {
    const follower = newUser('Challenged');
    const created = await payWithNewCard(
      server,
      follower,
      'subscription',
      shop.subscriptions.monthly,
      '4000000000003220',
    );
    expect(created.status).toBe('action_required');
    // Smart Glocal's customer_interaction redirect: the bank's 3-D Secure page of this session.
    expect(created.userAction).toEqual({
      type: 'redirect',
      url: expect.stringMatching(new RegExp(`^${server.baseUrl}/provider/v1/3ds/ps_`)),
    });
    expect(await check(server, follower, created.paymentId)).toMatchObject({
      status: 'action_required',
      userAction: created.userAction,
    });

    const page = await server.request<string>('GET', new URL(created.userAction?.url ?? '').pathname);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<button[^>]*>Confirm<\/button>/);
    expect(page.body).toMatch(/<button[^>]*>Decline<\/button>/);
    expect(page.body).toMatch(/id="countdown"[^>]*role="timer"/);
    expect(page.body).toContain('400000******3220');

    const result = await answerChallenge(server, created.userAction?.url ?? '', 'confirm');
    expect(result.status).toBe(200);
    expect(result.body).toContain('data-status="paid"');
    expect(result.body).toContain('postMessage');

    // The notification settled it before the page answered.
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, created.paymentId));
    expect(row.status).toBe('paid');
    expect(await check(server, follower, created.paymentId)).toMatchObject({
      status: 'paid',
      inviteLink: expect.stringMatching(/^https:\/\/t\.me\//),
      subscriptionMemberId: expect.any(Number),
    });
  });

  it('4000 0000 0000 3220 declined on the challenge: error 3ds_declined with the provider description', async () => {
    const follower = newUser('Decliner');
    const created = await payWithNewCard(
      server,
      follower,
      'subscription',
      shop.subscriptions.weekly,
      '4000000000003220',
    );
    const declined = await answerChallenge(server, created.userAction?.url ?? '', 'decline');
    expect(declined.body).toContain('data-status="cancelled"');
    expect(await check(server, follower, created.paymentId)).toMatchObject({
      status: 'error',
      errorCode: '3ds_declined',
      errorDescription: expect.stringMatching(/declined/),
    });
    expect(await ledgerOf(created.paymentId)).toHaveLength(0);
  });

  it('4000 0000 0000 3238: the issuer fails the challenge even when confirmed', async () => {
    const follower = newUser('Failed3ds');
    const created = await payWithNewCard(server, follower, 'donation', shop.donationId, '4000000000003238');
    expect(created.status).toBe('action_required');
    await answerChallenge(server, created.userAction?.url ?? '', 'confirm');
    expect(await check(server, follower, created.paymentId)).toMatchObject({
      status: 'error',
      errorCode: '3ds_failed',
    });
  });

  it('an unanswered challenge is declined when its countdown runs out (3ds_timeout)', async () => {
    const follower = newUser('Slow');
    const created = await payWithNewCard(server, follower, 'donation', shop.donationId, '4000000000003220');
    await server.request('POST', '/sandbox/clock', { advanceSeconds: 181 });
    expect(await check(server, follower, created.paymentId)).toMatchObject({
      status: 'error',
      errorCode: '3ds_timeout',
    });
    // A late Confirm changes nothing.
    await answerChallenge(server, created.userAction?.url ?? '', 'confirm');
    expect((await check(server, follower, created.paymentId)).status).toBe('error');
    expect(await ledgerOf(created.paymentId)).toHaveLength(0);
  });
});

describe('ledger and creator view', () => {
  it('writes the pair with price, 3% provider fee, 10% service fee and payout amount; the creator sees it at once', async () => {
    const follower = newUser('Ledger');
    const before = await server.api<{ activeBalances: { currency: string; amount: number }[] }>(
      shop.creator,
      'GET',
      '/payout',
    );
    const created = await payWithNewCard(server, follower, 'donation', shop.donationId, '4242424242424242', {
      amount: '25.50',
    });
    const ledger = await ledgerOf(created.paymentId);
    const buy = ledger.find((row) => row.type === 'send_donation');
    const sell = ledger.find((row) => row.type === 'get_donation');
    expect(buy).toMatchObject({
      userId: await userId(server, follower),
      counterpartyId: shop.creatorId,
      price: 2550,
      amount: 2550,
      providerFee: 77,
      serviceFee: 255,
      payoutAmount: 2218,
      currency: 'eur',
      cardBrand: 'visa',
      cardLast4: '4242',
      paymentMethod: 'smart_glocal',
    });
    expect(sell).toMatchObject({
      userId: shop.creatorId,
      counterpartyId: await userId(server, follower),
      amount: 2218,
      payoutAmount: 2218,
    });
    expect(buy!.price).toBe(buy!.providerFee + buy!.serviceFee + buy!.payoutAmount);

    const after = await server.api<{ activeBalances: { currency: string; amount: number }[] }>(
      shop.creator,
      'GET',
      '/payout',
    );
    const eur = (answer: typeof before) =>
      answer.body.activeBalances.find((balance) => balance.currency === 'eur')?.amount ?? 0;
    expect(Math.round((eur(after) - eur(before)) * 100)).toBe(2218);
    const channel = await server.api<{ transactions: { id: number }[] }>(
      shop.creator,
      'GET',
      `/channel/${shop.channelId}`,
    );
    expect(channel.body.transactions.map((transaction) => transaction.id)).toContain(sell!.id);
    const dashboard = await server.api<{
      transactions: { id: number }[];
      balances: { active: { currency: string; amount: number }[] };
    }>(shop.creator, 'GET', '/dashboard?mode=creator');
    expect(dashboard.body.transactions.map((transaction) => transaction.id)).toContain(sell!.id);
    expect(dashboard.body.balances.active).toEqual(after.body.activeBalances);
    const followerDashboard = await server.api<{ transactions: { id: number }[] }>(
      follower,
      'GET',
      '/dashboard?mode=follower',
    );
    expect(followerDashboard.body.transactions.map((transaction) => transaction.id)).toEqual([buy!.id]);
    const sold = await server.api<{ transaction: Record<string, unknown> }>(
      shop.creator,
      'GET',
      `/transaction/${sell!.id}`,
    );
    expect(sold.body.transaction).toMatchObject({
      type: 'get_donation',
      price: 25.5,
      providerFee: 0.77,
      serviceFee: 2.55,
      payoutAmount: 22.18,
      total: 22.18,
    });
    const detail = await server.api<{ transaction: Record<string, unknown> }>(
      follower,
      'GET',
      `/transaction/${created.transactionId}`,
    );
    expect(detail.body.transaction).toMatchObject({
      type: 'send_donation',
      total: 25.5,
      price: 25.5,
      card: { brand: 'visa', last4: '4242' },
    });
  });

  it('paying a subscription creates the member the creator sees, with the private channel link for private channels', async () => {
    const privateShop = await openShop(server, { private: true });
    const follower = newUser('Member');
    const created = await payWithNewCard(
      server,
      follower,
      'subscription',
      privateShop.subscriptions.monthly,
      '4242424242424242',
    );
    expect(created.inviteLink).toEqual(expect.stringMatching(/^https:\/\/t\.me\/\+/));
    const detail = await server.api<{ membersGrouped: { live: { id: number; status: string; expiresAt: number }[] } }>(
      privateShop.creator,
      'GET',
      `/subscription/${privateShop.subscriptions.monthly}`,
    );
    expect(detail.body.membersGrouped.live).toEqual([
      expect.objectContaining({ id: created.subscriptionMemberId, status: 'active' }),
    ]);
    const member = detail.body.membersGrouped.live[0];
    // Monthly: one calendar month from now.
    expect(member.expiresAt * 1000).toBe(
      Date.UTC(2026, 1, 20, 12, 0, 0) + (server.clock.now() - Date.UTC(2026, 0, 20, 12, 0, 0)),
    );
    await expectBalancesMatchLedger(server, privateShop.creatorId);
  });

  it('a second payment for a subscription that is still running answers already_subscribed', async () => {
    const follower = newUser('Twice');
    await payWithNewCard(server, follower, 'subscription', shop.subscriptions.onetime, '4242424242424242');
    const again = await pay(server, follower, 'subscription', shop.subscriptions.onetime, {
      paymentMethod: 'smart_glocal_form',
      ...(await newCard(server, follower, '4242424242424242')),
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'already_subscribed' } });
    expect(
      (await server.api(follower, 'GET', `/invoice/subscription/${shop.subscriptions.onetime}`)).body,
    ).toMatchObject({ code: 'already_subscribed' });
  });
});

describe('saved cards and link payments', () => {
  it('saves the card when asked (first card is primary) and pays with it without a challenge', async () => {
    const follower = newUser('Saver');
    const first = await payWithNewCard(
      server,
      follower,
      'subscription',
      shop.subscriptions.monthly,
      '4000000000003220',
      { saveCard: true },
    );
    await answerChallenge(server, first.userAction?.url ?? '', 'confirm');
    expect((await check(server, follower, first.paymentId)).status).toBe('paid');
    const cards = await server.api<{
      cards: { id: number; cardBrand: string; cardLast: string; active: boolean; primary: boolean }[];
    }>(follower, 'GET', '/follower/cards');
    expect(cards.body.cards).toEqual([
      { id: expect.any(Number), cardBrand: 'visa', cardLast: '3220', active: true, primary: true },
    ]);
    const [stored] = await server.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, cards.body.cards[0].id));
    expect(stored.providerToken).toMatch(/^[0-9a-f]{48}$/);
    expect(JSON.stringify(stored)).not.toContain('4000000000003220');

    const saved = await pay(server, follower, 'donation', shop.donationId, {
      paymentMethod: 'smart_glocal_saved_card',
      cardId: cards.body.cards[0].id,
      amount: 10,
    });
    expect(saved.body).toMatchObject({ status: 'paid', card: { brand: 'visa', last4: '3220' } });
    const invoice = await server.api<{ cards: unknown[] }>(follower, 'GET', `/invoice/donation/${shop.donationId}`);
    expect(invoice.body.cards).toHaveLength(1);
  });

  it("refuses someone else's saved card like a missing one", async () => {
    const owner = newUser('Owner');
    await payWithNewCard(server, owner, 'donation', shop.donationId, '4242424242424242', { saveCard: true });
    const [card] = await server.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.userId, await userId(server, owner)));
    const thief = newUser('Thief');
    const answer = await pay(server, thief, 'donation', shop.donationId, {
      paymentMethod: 'smart_glocal_saved_card',
      cardId: card.id,
      amount: 5,
    });
    expect(answer).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it('link payment: the hosted page takes the card and the payment ends paid', async () => {
    const follower = newUser('Linker');
    const created = await pay(server, follower, 'donation', shop.donationId, {
      paymentMethod: 'smart_glocal',
      amount: 15,
    });
    expect(created.body).toMatchObject({
      status: 'pending',
      url: expect.stringMatching(new RegExp(`^${server.baseUrl}/provider/pay/en/payment/[0-9a-f]{64}$`)),
    });
    const path = new URL(created.body.url ?? '').pathname;
    const page = await server.request<string>('GET', path);
    expect(page.body).toContain('name="card_number"');
    expect(page.body).toContain('15.00 EUR');
    const bad = await server.request<string>(
      'POST',
      path,
      'card_number=1234&cardholder_name=A+B&expiry=12%2F35&cvc=123',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('role="alert"');
    expect((await check(server, follower, created.body.paymentId)).status).toBe('pending');
    const paid = await server.request<string>(
      'POST',
      path,
      'card_number=5555+5555+5555+4444&cardholder_name=A+B&expiry=12%2F35&cvc=123',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(paid.body).toContain('data-status="paid"');
    expect(await check(server, follower, created.body.paymentId)).toMatchObject({
      status: 'paid',
      card: { brand: 'mastercard', last4: '4444' },
    });
  });

  it('link payment with a challenge card goes through the 3-D Secure page', async () => {
    const follower = newUser('LinkChallenge');
    const created = await pay(server, follower, 'subscription', shop.subscriptions.yearly, {
      paymentMethod: 'smart_glocal',
    });
    const path = new URL(created.body.url ?? '').pathname;
    const posted = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card_number=4000000000003220&cardholder_name=A+B&expiry=12%2F35&cvc=123',
    });
    expect(posted.status).toBe(303);
    const challenge = posted.headers.get('location') ?? '';
    expect(challenge).toMatch(/\/provider\/v1\/3ds\/ps_/);
    expect((await check(server, follower, created.body.paymentId)).status).toBe('action_required');
    await answerChallenge(server, `${server.baseUrl}${challenge}`, 'confirm');
    expect((await check(server, follower, created.body.paymentId)).status).toBe('paid');
  });
});

describe('validation', () => {
  it('keeps the donation within its bounds (eur 1 to 2000) and needs a payment method, a card token and a key', async () => {
    const follower = newUser('Bounds');
    const card = await newCard(server, follower, '4242424242424242');
    expect(
      (
        await pay(server, follower, 'donation', shop.donationId, {
          paymentMethod: 'smart_glocal_form',
          ...card,
          amount: 0.99,
        })
      ).body,
    ).toMatchObject({ code: 'validation_error', field: 'amount', reason: 'amount_below', bound: 1 });
    expect(
      (
        await pay(server, follower, 'donation', shop.donationId, {
          paymentMethod: 'smart_glocal_form',
          ...card,
          amount: '2000.01',
        })
      ).body,
    ).toMatchObject({ code: 'validation_error', reason: 'amount_above', bound: 2000 });
    expect(
      (
        await pay(server, follower, 'donation', shop.donationId, {
          paymentMethod: 'smart_glocal_form',
          ...card,
          amount: 'abc',
        })
      ).body,
    ).toMatchObject({ code: 'validation_error', field: 'amount' });
    expect(
      (await pay(server, follower, 'donation', shop.donationId, { paymentMethod: 'smart_glocal_form', amount: 5 }))
        .body,
    ).toMatchObject({ code: 'validation_error', field: 'cardToken' });
    expect(
      (await pay(server, follower, 'donation', shop.donationId, { paymentMethod: 'bitcoin', amount: 5 })).status,
    ).toBe(400);
    expect(
      await pay(
        server,
        follower,
        'donation',
        shop.donationId,
        { paymentMethod: 'smart_glocal_form', ...card, amount: 5 },
        null,
      ),
    ).toMatchObject({ status: 400, body: { code: 'validation_error', field: 'Idempotency-Key' } });
    const edge = await pay(server, follower, 'donation', shop.donationId, {
      paymentMethod: 'smart_glocal_form',
      ...card,
      amount: 2000,
    });
    expect(edge.body.status).toBe('paid');
    const [row] = await server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, edge.body.paymentId)));
    expect(row.amount).toBe(200000);
  });

  it("answers not_found for a missing or deleted subscription and for someone else's payment", async () => {
    const follower = newUser('Missing');
    expect(
      (await pay(server, follower, 'subscription', 999_999, { paymentMethod: 'smart_glocal' })).body,
    ).toMatchObject({ code: 'not_found' });
    const gone = await server.api(shop.creator, 'POST', '/subscription/new', {
      channelId: shop.channelId,
      name: 'Gone',
      description: 'x',
      period: 'weekly',
      currency: 'eur',
      amount: 3,
      buttonText: 'Go',
    });
    const goneId = (gone.body as { subscription: { id: number } }).subscription.id;
    await server.api(shop.creator, 'POST', `/subscription/${goneId}/delete`);
    expect((await pay(server, follower, 'subscription', goneId, { paymentMethod: 'smart_glocal' })).body).toMatchObject(
      { code: 'not_found' },
    );
    const mine = await payWithNewCard(server, follower, 'donation', shop.donationId, '4242424242424242');
    expect(
      (await server.api(newUser('Other'), 'POST', '/pay/smart_glocal/check', { paymentId: mine.paymentId })).body,
    ).toMatchObject({ code: 'not_found' });
  });
});

describe('Smart Glocal webhooks', () => {
  /** Signs a body as Smart Glocal does (the double's key in this process) and posts it to our webhook route. */
  async function deliver(body: string, signature: string | null = sign(body, sandboxKeyPairs().provider.privateKey)) {
    return server.request<{ code?: string; result?: string; reason?: string }>(
      'POST',
      '/api/v2/pay/smart_glocal/webhook',
      body,
      {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-partner-sign': signature }),
      },
    );
  }

  async function sessionOf(paymentId: string): Promise<string> {
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    return payment.providerSessionId ?? '';
  }

  async function eventsOf(sessionId: string) {
    return server.database.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.sessionId, sessionId))
      .orderBy(asc(providerEvents.createdAt));
  }

  it('refuses a webhook without a valid signature, or signed by another key', async () => {
    const follower = newUser('Webhook');
    const created = await payWithNewCard(server, follower, 'donation', shop.donationId, '4000000000003220');
    const [pending] = await eventsOf(await sessionOf(created.paymentId));
    // The real ready_to_confirm body, turned into a forged "paid".
    const forgedBody = pending.body.replace('"status":"pending"', '"status":"succeeded"');
    expect(await deliver(forgedBody, 'bm90IGEgc2lnbmF0dXJl')).toMatchObject({
      status: 401,
      body: { code: 'unauthorized' },
    });
    expect(await deliver(forgedBody, null)).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await deliver(forgedBody, sign(forgedBody, sandboxKeyPairs().partner.privateKey))).toMatchObject({
      status: 401,
    });
    expect((await check(server, follower, created.paymentId)).status).toBe('action_required');
  });

  it('a webhook delivered twice is applied once (its event id is recorded with the effect)', async () => {
    const follower = newUser('Redelivered');
    const created = await payWithNewCard(server, follower, 'donation', shop.donationId, '4000000000003220');
    await answerChallenge(server, created.userAction?.url ?? '', 'confirm');
    const events = await eventsOf(await sessionOf(created.paymentId));
    // The test clock stands still, so the three events share a time: compare them as a set.
    expect(events.map((event) => JSON.parse(event.body).type).sort()).toEqual([
      'action_required',
      'payment_finished',
      'ready_to_confirm',
    ]);
    expect(events.every((event) => event.deliveredAt !== null)).toBe(true);
    const finished = events.find((event) => JSON.parse(event.body).type === 'payment_finished')!;
    // As if our acknowledgement got lost: the double sends the same webhook again.
    await server.database.db
      .update(providerEvents)
      .set({ deliveredAt: null })
      .where(eq(providerEvents.id, finished.id));
    await server.request('POST', '/sandbox/clock', { advanceSeconds: 1 });
    const [again] = await server.database.db.select().from(providerEvents).where(eq(providerEvents.id, finished.id));
    expect(again.attempts).toBe(2);
    expect(again.deliveredAt).not.toBeNull();
    expect(await deliver(finished.body)).toMatchObject({ status: 200, body: { result: 'duplicate' } });
    const session = JSON.parse(finished.body).session as { id: string; updated_at: string };
    const [seen] = await server.database.db
      .select()
      .from(providerWebhookEvents)
      .where(eq(providerWebhookEvents.eventId, `payment_finished:${session.id}:${session.updated_at}`));
    expect(seen.paymentId).toBe(created.paymentId);
    expect(await ledgerOf(created.paymentId)).toHaveLength(2);
  });

  it('the double writes webhook attempts that end together in one statement: each counted, delivered if any was', async () => {
    const follower = newUser('Attempts');
    const created = await payWithNewCard(server, follower, 'donation', shop.donationId, '4000000000003220');
    const sessionId = await sessionOf(created.paymentId);
    const store = new DrizzleSandboxProviderStore(server.database.db as unknown as MoneyDb);
    const at = server.clock.now();
    const event = (id: string) => ({ id, sessionId, body: '{}', createdAt: at, attempts: 0, deliveredAt: null });
    await store.insertEvent(event('evt_batch_a'));
    await store.insertEvent(event('evt_batch_b'));
    await store.insertEvent(event('evt_batch_c'));
    // One turn of the event loop: a, failed then delivered; b, delivered; c, failed.
    await Promise.all([
      store.markEventAttempt('evt_batch_a', null),
      store.markEventAttempt('evt_batch_a', at),
      store.markEventAttempt('evt_batch_b', at),
      store.markEventAttempt('evt_batch_c', null),
    ]);
    const rows = new Map((await eventsOf(sessionId)).map((row) => [row.id, row]));
    expect(rows.get('evt_batch_a')).toMatchObject({ attempts: 2, deliveredAt: new Date(at) });
    expect(rows.get('evt_batch_b')).toMatchObject({ attempts: 1, deliveredAt: new Date(at) });
    expect(rows.get('evt_batch_c')).toMatchObject({ attempts: 1, deliveredAt: null });
    // Alone, an attempt is written as before.
    await store.markEventAttempt('evt_batch_c', at + 1000);
    expect((await eventsOf(sessionId)).find((row) => row.id === 'evt_batch_c')).toMatchObject({
      attempts: 2,
      deliveredAt: new Date(at + 1000),
    });
  });

  it('an older webhook arriving after a newer one changes nothing (out of order)', async () => {
    const follower = newUser('OutOfOrder');
    const created = await payWithNewCard(server, follower, 'donation', shop.donationId, '4000000000003220');
    await answerChallenge(server, created.userAction?.url ?? '', 'confirm');
    const actionRequired = (await eventsOf(await sessionOf(created.paymentId))).find(
      (event) => JSON.parse(event.body).type === 'action_required',
    )!;
    // The action_required event, seen again under another change time (a different event) after payment_finished.
    const replayed = actionRequired.body.replace(
      /"updated_at":"[^"]+"/,
      `"updated_at":"${new Date(server.clock.now() + 1000).toISOString()}"`,
    );
    expect(await deliver(replayed)).toMatchObject({ status: 200, body: { result: 'applied' } });
    expect(await check(server, follower, created.paymentId)).toMatchObject({ status: 'paid' });
    expect(await ledgerOf(created.paymentId)).toHaveLength(2);
  });

  it('refuses a webhook whose session changed more than 5 minutes ago, and the check still finds the truth', async () => {
    const follower = newUser('Stale');
    const created = await payWithNewCard(server, follower, 'donation', shop.donationId, '4000000000003220');
    const sessionId = await sessionOf(created.paymentId);
    // The double confirms while our webhook route is unreachable; its webhooks wait.
    await server.database.db
      .update(providerEvents)
      .set({ deliveredAt: new Date(0) })
      .where(eq(providerEvents.sessionId, sessionId));
    await server.database.db
      .update(providerSessions)
      .set({ status: 'paid', challengeExpiresAt: null })
      .where(eq(providerSessions.id, sessionId));
    const finished = JSON.stringify({
      type: 'payment_finished',
      session: {
        ...JSON.parse(
          (await eventsOf(sessionId)).find((event) => JSON.parse(event.body).type === 'ready_to_confirm')!.body,
        ).session,
        status: 'accepted',
        updated_at: new Date(server.clock.now() - 400 * 86_400_000).toISOString(),
      },
    }).replace('"status":"pending"', '"status":"succeeded"');
    expect(await deliver(finished)).toMatchObject({ status: 400, body: { code: 'validation_error', reason: 'stale' } });
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, created.paymentId));
    expect(row.status).toBe('action_required');
    expect(await check(server, follower, created.paymentId)).toMatchObject({ status: 'paid' });
  });

  it('a lost notification is made up for by the check, which asks the provider', async () => {
    const follower = newUser('LostHook');
    const created = await payWithNewCard(
      server,
      follower,
      'subscription',
      shop.subscriptions.weekly,
      '4000000000003220',
    );
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, created.paymentId));
    // Confirm at the provider without delivering anything to us (a notification lost on the way).
    await server.database.db
      .update(providerSessions)
      .set({ status: 'paid', challengeExpiresAt: null })
      .where(eq(providerSessions.id, payment.providerSessionId ?? ''));
    expect(await check(server, follower, created.paymentId)).toMatchObject({
      status: 'paid',
      subscriptionMemberId: expect.any(Number),
    });
    expect(await ledgerOf(created.paymentId)).toHaveLength(2);
  });
});
