/**
 * Telegram Stars between the production gateway (grammY) and the sandbox's Bot API double, over HTTP, as the Bot API
 * reference describes them (https://core.telegram.org/bots/api#payments, https://core.telegram.org/bots/payments-stars):
 * createInvoiceLink with XTR and subscription_period 2592000 only, the payment sheet, pre_checkout_query answered
 * within 10 s, successful_payment (is_recurring, is_first_recurring, subscription_expiration_date), renewals,
 * editUserStarSubscription, refundStarPayment with its refunded_payment message, getStarTransactions, and
 * allowed_updates: Telegram makes no update of a type the bot did not ask for.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { SandboxTelegram, botApiDoublePlugin } from '../../../server/modules/bot/sandbox/BotApiDouble';
import { DEMO_STARS_BALANCE } from '../../../server/modules/bot/sandbox/starsDouble';
import { BotApiError } from '../../../server/modules/bot/BotGateway';
import { TelegramBotGateway } from '../../../server/modules/bot/TelegramBotGateway';
import { ALLOWED_UPDATES } from '../../../server/modules/bot/updateHandler';
import { botTexts } from '../../../server/modules/bot/texts';
import { STARS_SUBSCRIPTION_PERIOD_SECONDS } from '../../../src/domain/stars';
import { type TestServer, startTestServer } from '../support/testServer';

const TOKEN = '1234567890:TEST-sandbox-token-for-tests-only-xx';
const PAYER = { id: 700_001, firstName: 'Petra', languageCode: 'de' };

type Update = Record<string, Record<string, unknown>> & { update_id: number };

/** A double on its own port, a gateway talking to it, and a bot that answers pre-checkout queries as told. */
async function standalone(): Promise<{
  telegram: SandboxTelegram;
  gateway: TelegramBotGateway;
  updates: Update[];
  answer: { ok: boolean };
  clock: { now: number };
  close(): Promise<void>;
}> {
  const clock = { now: Date.UTC(2026, 0, 20, 12) };
  const telegram = new SandboxTelegram(TOKEN, 'StarsBot', () => clock.now);
  const double: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  await double.register(botApiDoublePlugin, { telegram });
  await double.listen({ port: 0, host: '127.0.0.1' });
  const address = double.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const gateway = new TelegramBotGateway({ token: TOKEN, apiRoot: `http://127.0.0.1:${port}` });
  const updates: Update[] = [];
  const answer = { ok: true };
  telegram.connect(async (update) => {
    updates.push(update as Update);
    const query = (update as { pre_checkout_query?: { id: string } }).pre_checkout_query;
    if (query)
      await gateway.answerPreCheckoutQuery(
        query.id,
        answer.ok ? { ok: true } : { ok: false, errorMessage: 'Sold out' },
      );
    return 'applied';
  }, ALLOWED_UPDATES);
  return { telegram, gateway, updates, answer, clock, close: () => double.close() };
}

const payments = (updates: Update[]) =>
  updates.flatMap((update) => {
    const payment = (update.message as { successful_payment?: Record<string, unknown> } | undefined)
      ?.successful_payment;
    return payment ? [payment] : [];
  });

describe('Stars through the production gateway and the double', () => {
  let world: Awaited<ReturnType<typeof standalone>>;
  beforeEach(async () => {
    world = await standalone();
  });
  afterEach(() => world.close());

  test('a monthly subscription: paid, renewed at its expiry, cancelled by the bot, then it ends', async () => {
    const { telegram, gateway, updates, clock } = world;
    const link = await gateway.createStarsInvoiceLink({
      title: 'Gold',
      description: 'Monthly access to the Gold channel',
      payload: 'inv:42',
      stars: 250,
      recurring: true,
    });
    expect(link).toMatch(/^https:\/\/t\.me\/\$[A-Za-z0-9_-]+$/);
    expect(telegram.calls('createInvoiceLink')[0]!.params).toMatchObject({
      currency: 'XTR',
      provider_token: '',
      prices: [{ label: 'Gold', amount: 250 }],
      subscription_period: STARS_SUBSCRIPTION_PERIOD_SECONDS,
    });
    expect(telegram.stars.sheet(link, PAYER.id)).toEqual({
      link,
      title: 'Gold',
      description: 'Monthly access to the Gold channel',
      currency: 'XTR',
      stars: 250,
      subscriptionPeriod: STARS_SUBSCRIPTION_PERIOD_SECONDS,
      balance: DEMO_STARS_BALANCE,
    });

    const paid = await telegram.stars.pay(PAYER, link);
    expect(paid.status).toBe('paid');
    const chargeId = paid.status === 'paid' ? paid.chargeId : '';
    // The query first, with who pays, the payload and the Stars; then the payment, in the payer's private chat.
    expect(updates[0]!.pre_checkout_query).toMatchObject({
      from: { id: PAYER.id, first_name: 'Petra', language_code: 'de' },
      currency: 'XTR',
      total_amount: 250,
      invoice_payload: 'inv:42',
    });
    expect(updates[1]!.message).toMatchObject({ chat: { id: PAYER.id, type: 'private' }, from: { id: PAYER.id } });
    const firstExpiry = Math.floor(clock.now / 1000) + STARS_SUBSCRIPTION_PERIOD_SECONDS;
    expect(payments(updates)).toEqual([
      {
        currency: 'XTR',
        total_amount: 250,
        invoice_payload: 'inv:42',
        telegram_payment_charge_id: chargeId,
        provider_payment_charge_id: '',
        subscription_expiration_date: firstExpiry,
        is_recurring: true,
        is_first_recurring: true,
      },
    ]);
    expect(telegram.stars.balance(PAYER.id)).toBe(DEMO_STARS_BALANCE - 250);

    // Nothing is due before the expiry; at it, the renewal is a new payment with its own charge id.
    clock.now = (firstExpiry - 60) * 1000;
    expect(await telegram.stars.renewDue()).toEqual({ renewed: 0, ended: 0 });
    clock.now = firstExpiry * 1000;
    expect(await telegram.stars.renewDue()).toEqual({ renewed: 1, ended: 0 });
    const renewal = payments(updates)[1]!;
    expect(renewal).toMatchObject({
      total_amount: 250,
      invoice_payload: 'inv:42',
      is_recurring: true,
      subscription_expiration_date: firstExpiry + STARS_SUBSCRIPTION_PERIOD_SECONDS,
    });
    expect(renewal.is_first_recurring).toBeUndefined();
    expect(renewal.telegram_payment_charge_id).not.toBe(chargeId);

    // The bot cancels (by the first payment's charge id): paid to the end of the period, then no renewal.
    await gateway.editStarSubscription(PAYER.id, chargeId, true);
    expect(telegram.calls('editUserStarSubscription')[0]!.params).toEqual({
      user_id: PAYER.id,
      telegram_payment_charge_id: chargeId,
      is_canceled: true,
    });
    clock.now = (firstExpiry + STARS_SUBSCRIPTION_PERIOD_SECONDS) * 1000;
    expect(await telegram.stars.renewDue()).toEqual({ renewed: 0, ended: 1 });
    expect(payments(updates)).toHaveLength(2);
    expect(telegram.stars.subscriptionsOf(PAYER.id)).toEqual([
      expect.objectContaining({ id: chargeId, state: 'ended', canceledByBot: true }),
    ]);
    expect(telegram.stars.balance(PAYER.id)).toBe(DEMO_STARS_BALANCE - 500);

    // Only a charge of that user names a subscription.
    await expect(gateway.editStarSubscription(PAYER.id + 1, chargeId, false)).rejects.toMatchObject({
      errorCode: 400,
    });
  });

  test('a renewal without enough Stars does not come: the subscription ends and the bot hears nothing', async () => {
    const { telegram, gateway, updates, clock } = world;
    const link = await gateway.createStarsInvoiceLink({
      title: 'Silver',
      description: 'Monthly',
      payload: 'inv:7',
      stars: 300,
      recurring: true,
    });
    telegram.stars.setBalance(PAYER.id, 400);
    expect((await telegram.stars.pay(PAYER, link)).status).toBe('paid');
    const before = updates.length;
    clock.now += STARS_SUBSCRIPTION_PERIOD_SECONDS * 1000;
    expect(await telegram.stars.renewDue()).toEqual({ renewed: 0, ended: 1 });
    expect(updates).toHaveLength(before);
    expect(telegram.stars.subscriptionsOf(PAYER.id)[0]).toMatchObject({ state: 'missing_balance' });
    expect(telegram.stars.balance(PAYER.id)).toBe(100);
  });

  test('a refund gives the Stars back once, and the bot gets refunded_payment; transactions list both', async () => {
    const { telegram, gateway, updates } = world;
    const link = await gateway.createStarsInvoiceLink({
      title: 'Coffee',
      description: 'A one-time donation',
      payload: 'inv:9',
      stars: 50,
      recurring: false,
    });
    const paid = await telegram.stars.pay(PAYER, link);
    const chargeId = paid.status === 'paid' ? paid.chargeId : '';
    // A one-time payment carries no subscription fields.
    expect(payments(updates)[0]).toEqual({
      currency: 'XTR',
      total_amount: 50,
      invoice_payload: 'inv:9',
      telegram_payment_charge_id: chargeId,
      provider_payment_charge_id: '',
    });
    await gateway.refundStarPayment(PAYER.id, chargeId);
    expect(telegram.stars.balance(PAYER.id)).toBe(DEMO_STARS_BALANCE);
    expect(updates.at(-1)!.message).toMatchObject({
      chat: { id: PAYER.id, type: 'private' },
      refunded_payment: {
        currency: 'XTR',
        total_amount: 50,
        invoice_payload: 'inv:9',
        telegram_payment_charge_id: chargeId,
      },
    });
    const again = await gateway.refundStarPayment(PAYER.id, chargeId).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(BotApiError);
    expect(again).toMatchObject({ errorCode: 400, message: 'refundStarPayment: Bad Request: CHARGE_ALREADY_REFUNDED' });
    expect(await gateway.refundStarPayment(PAYER.id, 'stxUnknown').catch((error: unknown) => error)).toMatchObject({
      errorCode: 400,
    });

    expect(await gateway.starTransactions(0, 100)).toEqual([
      { id: chargeId, stars: 50, date: expect.any(Number), direction: 'in', userId: PAYER.id, payload: 'inv:9' },
      { id: chargeId, stars: 50, date: expect.any(Number), direction: 'out', userId: PAYER.id, payload: 'inv:9' },
    ]);
    expect(await gateway.starTransactions(1, 1)).toEqual([expect.objectContaining({ direction: 'out' })]);
    await expect(gateway.starTransactions(0, 101)).rejects.toMatchObject({ errorCode: 400 });
  });

  test('a refused pre-checkout query stops the payment: no Stars leave, no successful_payment', async () => {
    const { telegram, gateway, updates, answer } = world;
    answer.ok = false;
    const link = await gateway.createStarsInvoiceLink({
      title: 'Gold',
      description: 'Monthly',
      payload: 'inv:1',
      stars: 10,
      recurring: true,
    });
    expect(await telegram.stars.pay(PAYER, link)).toEqual({
      status: 'failed',
      reason: 'refused',
      errorMessage: 'Sold out',
    });
    expect(payments(updates)).toEqual([]);
    expect(telegram.stars.balance(PAYER.id)).toBe(DEMO_STARS_BALANCE);
    // Not enough Stars: Telegram offers a top-up and never asks the bot.
    telegram.stars.setBalance(PAYER.id, 5);
    const asked = updates.length;
    expect(await telegram.stars.pay(PAYER, link)).toEqual({ status: 'failed', reason: 'not_enough_stars' });
    expect(updates).toHaveLength(asked);
  });

  test("createInvoiceLink holds Telegram's limits", async () => {
    const { gateway, telegram } = world;
    const refused = (request: Parameters<TelegramBotGateway['createStarsInvoiceLink']>[0]) =>
      gateway.createStarsInvoiceLink(request).catch((error: unknown) => error);
    const base = { title: 'Gold', description: 'Monthly', payload: 'inv:1', stars: 10, recurring: true };
    // A subscription at most 10000 Stars; a price at least 1 Star; payload 1-128 bytes; title 1-32 characters.
    expect(await refused({ ...base, stars: 10_001 })).toMatchObject({ errorCode: 400 });
    expect(await gateway.createStarsInvoiceLink({ ...base, stars: 10_000 })).toMatch(/^https:\/\/t\.me\/\$/);
    expect(await refused({ ...base, stars: 0 })).toMatchObject({ errorCode: 400 });
    expect(await refused({ ...base, payload: 'x'.repeat(129) })).toMatchObject({ errorCode: 400 });
    expect(await refused({ ...base, title: 'x'.repeat(33) })).toMatchObject({ errorCode: 400 });
    // Only 30 days, only in XTR, one price item, no provider token (raw calls: the gateway never sends these).
    const raw = (params: Record<string, unknown>) =>
      telegram.handle('createInvoiceLink', {
        title: 'Gold',
        description: 'Monthly',
        payload: 'inv:1',
        currency: 'XTR',
        prices: [{ label: 'Gold', amount: 10 }],
        ...params,
      });
    await expect(raw({ subscription_period: 604_800 })).rejects.toMatchObject({
      description: 'Bad Request: SUBSCRIPTION_PERIOD_INVALID',
    });
    await expect(
      raw({ currency: 'EUR', subscription_period: STARS_SUBSCRIPTION_PERIOD_SECONDS }),
    ).rejects.toMatchObject({ errorCode: 400 });
    await expect(
      raw({
        prices: [
          { label: 'a', amount: 5 },
          { label: 'b', amount: 5 },
        ],
      }),
    ).rejects.toMatchObject({
      errorCode: 400,
    });
    await expect(raw({ provider_token: '284685063:TEST:abc' })).rejects.toMatchObject({ errorCode: 400 });
  });
});

describe('allowed_updates as Telegram honours it', () => {
  test('a long-polling bot that did not ask for pre_checkout_query never gets one, and the payment fails', async () => {
    const telegram = new SandboxTelegram(TOKEN, 'StarsBot', () => Date.now());
    // getUpdates with allowed_updates (as grammY's polling sends it) sets what Telegram makes from then on.
    await telegram.handle('getUpdates', { allowed_updates: ['message'], timeout: 0 });
    const link = (await telegram.handle('createInvoiceLink', {
      title: 'Gold',
      description: 'Monthly',
      payload: 'inv:1',
      currency: 'XTR',
      prices: [{ label: 'Gold', amount: 10 }],
    })) as { result: string };
    expect(await telegram.stars.pay(PAYER, link.result)).toEqual({ status: 'failed', reason: 'no_answer' });
    expect(((await telegram.handle('getUpdates', { timeout: 0 })) as { result: unknown[] }).result).toEqual([]);
    // Asking for it (without allowed_updates the previous setting stays): the query is queued for the poll.
    await telegram.handle('getUpdates', { allowed_updates: ['message', 'pre_checkout_query'], timeout: 0 });
    const paying = telegram.stars.pay(PAYER, link.result);
    let queued: { update_id: number; pre_checkout_query?: { id: string } }[] = [];
    while (queued.length === 0)
      queued = ((await telegram.handle('getUpdates', { timeout: 1 })) as { result: typeof queued }).result;
    await telegram.handle('answerPreCheckoutQuery', {
      pre_checkout_query_id: queued[0]!.pre_checkout_query!.id,
      ok: true,
    });
    expect((await paying).status).toBe('paid');
    // An empty list means Telegram's default: everything but chat_member and reactions.
    await telegram.handle('setWebhook', { url: 'https://bot.example/hook', allowed_updates: [] });
    expect((await telegram.deliver({ chat_member: { chat: { id: -1 } } })).outcome).toBe('not_allowed');
    expect((await telegram.deliver({ pre_checkout_query: { id: 'x' } })).updateId).not.toBeNull();
  });

  describe('the app in the sandbox', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server.close());

    test("asks for pre_checkout_query and refuses a payment it has no invoice for, in the payer's language", async () => {
      const link = await server.app.deps.bot.createStarsInvoiceLink({
        title: 'Gold',
        description: 'Monthly',
        payload: 'unknown:1',
        stars: 25,
        recurring: true,
      });
      const paid = await server.request<{ status: string; reason?: string; errorMessage?: string }>(
        'POST',
        '/sandbox/bot-api/stars/pay',
        { telegramId: PAYER.id, firstName: PAYER.firstName, languageCode: 'de', link },
      );
      expect(paid.body).toEqual({
        status: 'failed',
        reason: 'refused',
        errorMessage: botTexts('de').paymentUnavailable,
      });
      const answers = await server.request<{ calls: { params: Record<string, unknown> }[] }>(
        'GET',
        '/sandbox/bot-api/calls?method=answerPreCheckoutQuery',
      );
      expect(answers.body.calls.map((call) => call.params)).toEqual([
        { pre_checkout_query_id: expect.any(String), ok: false, error_message: botTexts('de').paymentUnavailable },
      ]);
      const balance = await server.request<{ balance: number }>(
        'GET',
        `/sandbox/bot-api/stars/balance?userId=${PAYER.id}`,
      );
      expect(balance.body.balance).toBe(DEMO_STARS_BALANCE);
      // A reaction is no update the app asked for: Telegram makes none.
      const reaction = await server.request<{ updateId: number | null; outcome: string }>(
        'POST',
        '/sandbox/bot-api/updates',
        { message_reaction: { chat: { id: 1, type: 'private' }, message_id: 1, date: 1 } },
      );
      expect(reaction.body).toEqual({ updateId: null, outcome: 'not_allowed' });
    });
  });
});
