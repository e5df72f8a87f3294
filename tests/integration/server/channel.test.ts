/** /channel/... (spec sections 4, 6, 7): page, languages, language, onboarding, delete, paging, moderation. */
import type {
  ChannelOnlyResponse,
  ChannelResponse,
  SubscriptionsPage,
  TransactionsPage,
} from '../../../src/contract/api';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/platform/db/db';
import { ALICE, type TestServer, creatorWithChannel, newUser, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

const newSubscription = (channelId: number, extra: Record<string, unknown> = {}) => ({
  channelId,
  name: 'Monthly Subscription',
  description: 'Support the channel',
  period: 'monthly',
  currency: 'eur',
  amount: '5',
  buttonText: 'Subscribe',
  ...extra,
});

describe('GET /channel/{id}', () => {
  test("answers the owner's channel with languages, first pages and onboarding state", async () => {
    const answer = await server.api<ChannelResponse>(ALICE, 'GET', '/channel/2');
    expect(answer.status).toBe(200);
    expect(answer.body.channel).toMatchObject({
      id: 2,
      name: 'Alice Travels',
      type: 'public',
      userName: 'alice_travels',
      language: { code: 'en', name: 'English' },
    });
    expect(answer.body.languages.map((l) => l.code)).toEqual(['en', 'ru', 'id']);
    expect(answer.body.subscriptions.map((s) => s.name)).toEqual([
      'Old Monthly',
      'One-time Access',
      'Weekly Subscription',
    ]);
    expect(answer.body.subscriptions[0]).toMatchObject({
      isDeleted: true,
      activeSubscribers: 1,
      publicChannelInviteLink: 'https://t.me/alice_travels',
    });
    expect(answer.body.subscriptionsNextFrom).toBeNull();
    expect(
      answer.body.transactions.every(
        (t) => t.channel?.id === 2 && ['sell_subscription', 'get_donation'].includes(t.type),
      ),
    ).toBe(true);
    expect(answer.body.isOnboarding).toBe(false);
  });

  test('GET /channel/languages answers ru, en and id with names', async () => {
    const answer = await server.api(ALICE, 'GET', '/channel/languages');
    expect(answer.body).toEqual({
      languages: [
        { code: 'en', name: 'English', englishName: 'English' },
        { code: 'ru', name: 'Русский', englishName: 'Russian' },
        { code: 'id', name: 'Bahasa Indonesia', englishName: 'Indonesian' },
      ],
    });
  });

  test('a non-numeric id answers 400, a missing id 404', async () => {
    expect((await server.api(ALICE, 'GET', '/channel/abc')).body).toMatchObject({
      code: 'validation_error',
      field: 'id',
    });
    expect((await server.api(ALICE, 'GET', '/channel/99999')).body).toMatchObject({ code: 'not_found' });
  });

  test('moderation in progress and rejected answer 403 with their codes, on the page and the ledger list', async () => {
    const { user } = await creatorWithChannel(server);
    for (const [moderation, code, chatId] of [
      ['in_progress', 'moderation_in_progress', -5001],
      ['rejected', 'moderation_rejected', -5002],
    ] as const) {
      const added = await server.request<{ channel: { id: number; moderation: string; connected: boolean } }>(
        'POST',
        '/sandbox/bot/channel-added',
        {
          ownerTelegramId: user.telegramId,
          chatId,
          title: 'Under review',
          moderation,
        },
      );
      expect(added.body.channel).toMatchObject({ moderation, connected: true });
      const answer = await server.api(user, 'GET', `/channel/${added.body.channel.id}`);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(code);
      const ledger = await server.api(user, 'POST', `/channel/${added.body.channel.id}/transactions`, {});
      expect({ status: ledger.status, code: ledger.body.code }).toEqual({ status: 403, code });
    }
  });
});

describe('onboarding', () => {
  test('a new channel walks select_language → create_subscription → subscription_created → request_donation → completed', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const get = async () => (await server.api<ChannelResponse>(user, 'GET', `/channel/${channelId}`)).body.channel;
    expect(await get()).toMatchObject({
      onboardingStep: 'select_language',
      isOnboarding: true,
      isLanguageSelected: false,
      onboardingPassed: false,
    });

    // Choosing the language cannot be skipped.
    const noSkip = await server.api(user, 'POST', `/channel/${channelId}/onboarding/skip_step`);
    expect(noSkip.status).toBe(409);

    const language = await server.api<ChannelOnlyResponse>(user, 'POST', `/channel/${channelId}/language`, {
      language: 'ru',
    });
    expect(language.body.channel).toMatchObject({
      language: { code: 'ru', name: 'Русский' },
      isLanguageSelected: true,
      onboardingStep: 'create_subscription',
    });

    const created = await server.api<{ channel: { onboardingStep: string } }>(
      user,
      'POST',
      '/subscription/new',
      newSubscription(channelId),
    );
    expect(created.status).toBe(200);
    expect(created.body.channel.onboardingStep).toBe('subscription_created');

    const skipped = await server.api<ChannelOnlyResponse>(user, 'POST', `/channel/${channelId}/onboarding/skip_step`);
    expect(skipped.body.channel.onboardingStep).toBe('request_donation');
    const done = await server.api<ChannelOnlyResponse>(user, 'POST', `/channel/${channelId}/onboarding/skip_step`);
    expect(done.body.channel).toMatchObject({
      onboardingStep: 'completed',
      onboardingPassed: true,
      isOnboarding: false,
    });
    // Changing the language later does not move the onboarding.
    const later = await server.api<ChannelOnlyResponse>(user, 'POST', `/channel/${channelId}/language`, {
      language: 'id',
    });
    expect(later.body.channel).toMatchObject({ language: { code: 'id' }, onboardingStep: 'completed' });
  });

  test('skipping subscription creation goes straight to the donation request', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    await server.api(user, 'POST', `/channel/${channelId}/language`, { language: 'en' });
    const skipped = await server.api<ChannelOnlyResponse>(user, 'POST', `/channel/${channelId}/onboarding/skip_step`);
    expect(skipped.body.channel.onboardingStep).toBe('request_donation');
  });

  test('the language must be ru, en or id', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const answer = await server.api(user, 'POST', `/channel/${channelId}/language`, { language: 'de' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', field: 'language' });
  });
});

describe('POST /channel/{id}/delete', () => {
  test('refuses a channel with subscriptions, deletes it once they are removed', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const created = await server.api<{ subscription: { id: number } }>(
      user,
      'POST',
      '/subscription/new',
      newSubscription(channelId),
    );
    const refused = await server.api(user, 'POST', `/channel/${channelId}/delete`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('channel_has_subscriptions');
    await server.api(user, 'POST', `/subscription/${created.body.subscription.id}/delete`);
    const deleted = await server.api<ChannelOnlyResponse>(user, 'POST', `/channel/${channelId}/delete`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.channel.isDeleted).toBe(true);
    // Gone from the dashboard; its page shows it deleted; changes answer not_found.
    const dashboard = await server.api<{ channels: unknown[] }>(user, 'GET', '/dashboard?mode=creator');
    expect(dashboard.body.channels).toEqual([]);
    expect((await server.api<ChannelResponse>(user, 'GET', `/channel/${channelId}`)).body.channel.isDeleted).toBe(true);
    expect((await server.api(user, 'POST', `/channel/${channelId}/language`, { language: 'en' })).status).toBe(404);
  });

  test('adding the bot again brings a deleted channel back', async () => {
    const { user, channelId, chatId } = await creatorWithChannel(server);
    await server.api(user, 'POST', `/channel/${channelId}/delete`);
    await server.request('POST', '/sandbox/bot/channel-added', {
      ownerTelegramId: user.telegramId,
      chatId,
      title: 'Back again',
    });
    const answer = await server.api<ChannelResponse>(user, 'GET', `/channel/${channelId}`);
    expect(answer.body.channel).toMatchObject({ isDeleted: false, name: 'Back again', connected: true });
  });
});

describe('paged lists', () => {
  test('subscriptions page 20 at a time, newest first, without repeats', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    for (let i = 0; i < 23; i += 1) {
      const answer = await server.api(
        user,
        'POST',
        '/subscription/new',
        newSubscription(channelId, { name: `Plan ${i}` }),
      );
      expect(answer.status).toBe(200);
      server.clock.advance(1);
    }
    const first = await server.api<SubscriptionsPage>(user, 'POST', `/channel/${channelId}/subscriptions`, {
      startFrom: null,
    });
    expect(first.body.subscriptions).toHaveLength(20);
    expect(first.body.subscriptions[0]!.name).toBe('Plan 22');
    const second = await server.api<SubscriptionsPage>(user, 'POST', `/channel/${channelId}/subscriptions`, {
      startFrom: first.body.nextFrom,
    });
    expect(second.body.subscriptions.map((s) => s.name)).toEqual(['Plan 2', 'Plan 1', 'Plan 0']);
    expect(second.body.nextFrom).toBeNull();
    // The channel page opens with half a page (it holds two lists), its cursor going on to the rest.
    const page = await server.api<ChannelResponse>(user, 'GET', `/channel/${channelId}`);
    expect(page.body.subscriptions.map((s) => s.name)).toEqual(
      first.body.subscriptions.slice(0, 10).map((s) => s.name),
    );
    const rest = await server.api<SubscriptionsPage>(user, 'POST', `/channel/${channelId}/subscriptions`, {
      startFrom: page.body.subscriptionsNextFrom,
    });
    expect(rest.body.subscriptions.map((s) => s.name)).toEqual(
      [...first.body.subscriptions.slice(10), ...second.body.subscriptions].map((s) => s.name).slice(0, 20),
    );
  });

  test("channel transactions list only that channel's earnings and page with a cursor", async () => {
    // 25 more sales of the channel at one time: more than a page, and ties the cursor's id must break.
    await server.database.db.execute(sql`
      insert into transactions (type, user_id, counterparty_id, channel_id, subscription_id, currency, price, amount,
        provider_fee, service_fee, payout_amount, payment_method, created_at, window_at)
      select t.type, t.user_id, t.counterparty_id, t.channel_id, t.subscription_id, t.currency, t.price, t.amount,
        t.provider_fee, t.service_fee, t.payout_amount, t.payment_method, t.created_at, t.window_at
      from (select * from transactions where channel_id = 1 and type = 'sell_subscription' order by id limit 1) t
      cross join generate_series(1, 25)`);
    const expected = rowsOf<{ id: number }>(
      await server.database.db.execute(sql`select t.id from transactions t join channels c on c.id = t.channel_id
        where t.channel_id = 1 and t.user_id = c.owner_id and t.type in ('sell_subscription', 'get_donation')
        order by t.created_at desc, t.id desc`),
    ).map((row) => Number(row.id));
    const seen: TransactionsPage['transactions'] = [];
    let startFrom: string | null = null;
    do {
      const answer: { status: number; body: TransactionsPage } = await server.api<TransactionsPage>(
        ALICE,
        'POST',
        '/channel/1/transactions',
        { startFrom },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.transactions.length).toBeLessThanOrEqual(20);
      seen.push(...answer.body.transactions);
      startFrom = answer.body.nextFrom;
    } while (startFrom !== null);
    expect(expected.length).toBeGreaterThan(20);
    expect(seen.map((transaction) => transaction.id)).toEqual(expected);
    for (const transaction of seen) {
      expect(transaction.channel).toMatchObject({ id: 1, name: "Alice's Journal" });
      expect(['sell_subscription', 'get_donation']).toContain(transaction.type);
    }
    // Someone else's channel is as missing as a missing one.
    const other = await server.api(ALICE, 'POST', '/channel/999999/transactions', {});
    expect(other.status).toBe(404);
  });
});

describe('unverified users', () => {
  test('creator calls answer verification_required', async () => {
    const answer = await server.api(newUser(), 'GET', '/channel/1');
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('verification_required');
  });
});
