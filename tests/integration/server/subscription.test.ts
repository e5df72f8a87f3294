/** The creator's subscriptions (spec sections 4, 5, 6, 7): create, edit, publish, delete, restore, command, members. */
import type {
  ChannelResponse,
  DashboardResponse,
  MembersPage,
  NewSubscriptionResponse,
  SubscriptionDetailResponse,
  SubscriptionMemberResponse,
  SubscriptionOnlyResponse,
} from '../../../src/contract/api';
import { eq } from 'drizzle-orm';
import { channels } from '../../../server/platform/db/schema';
import { ALICE, type TestServer, creatorWithChannel, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

const form = (channelId: number, extra: Record<string, unknown> = {}) => ({
  channelId,
  name: 'Monthly Subscription',
  description: 'Your contribution fuels the channel',
  period: 'monthly',
  currency: 'eur',
  amount: 5,
  buttonText: 'Subscribe',
  ...extra,
});
const create = (user: typeof ALICE, body: Record<string, unknown>) =>
  server.api<NewSubscriptionResponse>(user, 'POST', '/subscription/new', body);
const posts = async (chatId: number) =>
  (
    await server.request<{
      posts: {
        text: string;
        buttons: { text: string; url: string }[];
        pinned: boolean;
        silent: boolean;
        kind: string;
        refId: number;
      }[];
    }>('GET', `/sandbox/bot/posts?chatId=${chatId}`)
  ).body.posts;

describe('POST /subscription/new', () => {
  test.each([5, '5', '5.00', '5.0'])('the amount %p means five euros (500 minor units)', async (amount) => {
    const { user, channelId } = await creatorWithChannel(server);
    const answer = await create(user, form(channelId, { amount }));
    expect(answer.status).toBe(200);
    expect(answer.body.subscription).toMatchObject({
      amount: 5,
      currency: 'eur',
      period: 'monthly',
      isDeleted: false,
      activeSubscribers: 0,
      channelId,
    });
    expect(answer.body.channel.id).toBe(channelId);
  });

  test.each([
    ['amount missing', { amount: '' }, 'amount', 'amount_required'],
    ['amount not a number', { amount: '5,00,0' }, 'amount', 'amount_required'],
    ['amount not plain decimals', { amount: ' 5.0 ' }, 'amount', 'amount_required'],
    ['amount with three decimals', { amount: '5.001' }, 'amount', 'amount_required'],
    ['eur below 1', { amount: 0.99 }, 'amount', 'amount_below'],
    ['eur above 1000', { amount: '1000.01' }, 'amount', 'amount_above'],
    ['rub below 200', { currency: 'rub', amount: 199 }, 'amount', 'amount_below'],
    ['rub above 60000', { currency: 'rub', amount: 60001 }, 'amount', 'amount_above'],
    ['name empty', { name: '  ' }, 'name', 'required'],
    ['name 33 characters', { name: 'n'.repeat(33) }, 'name', 'too_long'],
    ['description 301 characters', { description: 'd'.repeat(301) }, 'description', 'too_long'],
    ['button text 21 characters', { buttonText: 'b'.repeat(21) }, 'buttonText', 'too_long'],
  ])('%s answers 400 validation_error naming the field', async (_name, extra, field, reason) => {
    const { user, channelId } = await creatorWithChannel(server);
    const answer = await create(user, form(channelId, extra));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', field, reason });
    expect(String(answer.body.message)).toContain(field);
  });

  test('the bounds themselves are accepted (eur 1 and 1000, rub 200 and 60000) and the limits exactly', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    for (const extra of [
      { amount: 1 },
      { amount: 1000 },
      { currency: 'rub', amount: 200 },
      { currency: 'rub', amount: '60000' },
    ]) {
      expect(
        (
          await create(
            user,
            form(channelId, {
              ...extra,
              name: 'n'.repeat(32),
              description: 'd'.repeat(300),
              buttonText: 'b'.repeat(20),
            }),
          )
        ).status,
      ).toBe(200);
    }
  });

  test('the first failing field wins in the order amount, name, description, button text', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const all = await create(user, form(channelId, { amount: '', name: '', description: '', buttonText: '' }));
    expect(all.body.field).toBe('amount');
    const rest = await create(user, form(channelId, { name: '', description: '', buttonText: '' }));
    expect(rest.body.field).toBe('name');
  });

  test('schema failures: unknown period or currency, missing fields, wrong types', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    expect((await create(user, form(channelId, { period: 'daily' }))).body).toMatchObject({
      code: 'validation_error',
      field: 'period',
    });
    expect((await create(user, form(channelId, { currency: 'xxx' }))).body).toMatchObject({
      code: 'validation_error',
      field: 'currency',
    });
    const { name: _name, ...withoutName } = form(channelId);
    expect((await create(user, withoutName)).body).toMatchObject({ code: 'validation_error', field: 'name' });
    expect((await create(user, form(channelId, { amount: { value: 5 } }))).status).toBe(400);
    expect((await create(user, form(0))).body).toMatchObject({ code: 'validation_error', field: 'channelId' });
  });

  test('a disconnected channel answers channel_disconnected and nothing is created', async () => {
    const { user, channelId, chatId } = await creatorWithChannel(server);
    await server.request('POST', '/sandbox/bot/channel-removed', { chatId });
    const answer = await create(user, form(channelId));
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('channel_disconnected');
    const list = await server.api<{ subscriptions: unknown[] }>(
      user,
      'POST',
      `/channel/${channelId}/subscriptions`,
      {},
    );
    expect(list.body.subscriptions).toEqual([]);
  });
});

describe('edit, delete, restore, command', () => {
  test('edit changes texts and amount; period and currency cannot change', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const { subscription } = (await create(user, form(channelId))).body;
    const edited = await server.api<SubscriptionOnlyResponse>(user, 'POST', `/subscription/${subscription.id}/edit`, {
      name: 'Gold',
      description: 'More',
      amount: '7.50',
      buttonText: 'Join',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.subscription).toMatchObject({
      name: 'Gold',
      description: 'More',
      amount: 7.5,
      buttonText: 'Join',
      period: 'monthly',
      currency: 'eur',
    });
    const period = await server.api(user, 'POST', `/subscription/${subscription.id}/edit`, {
      name: 'Gold',
      description: 'More',
      amount: 8,
      buttonText: 'Join',
      period: 'yearly',
    });
    expect(period.body).toMatchObject({ code: 'validation_error', field: 'period' });
    const currency = await server.api(user, 'POST', `/subscription/${subscription.id}/edit`, {
      name: 'Gold',
      description: 'More',
      amount: 8,
      buttonText: 'Join',
      currency: 'rub',
    });
    expect(currency.body).toMatchObject({ code: 'validation_error', field: 'currency' });
    // Same values are fine, and nothing changed by the refused edits.
    const same = await server.api<SubscriptionOnlyResponse>(user, 'POST', `/subscription/${subscription.id}/edit`, {
      name: 'Gold',
      description: 'More',
      amount: 8,
      buttonText: 'Join',
      period: 'monthly',
      currency: 'eur',
    });
    expect(same.body.subscription.amount).toBe(8);
    const invalid = await server.api(user, 'POST', `/subscription/${subscription.id}/edit`, {
      name: 'Gold',
      description: 'More',
      amount: 2000,
      buttonText: 'Join',
    });
    expect(invalid.body).toMatchObject({ field: 'amount', reason: 'amount_above' });
  });

  test('delete keeps members, restore brings it back; a removed subscription cannot be edited or published', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const { subscription } = (await create(user, form(channelId))).body;
    const deleted = await server.api<SubscriptionOnlyResponse>(user, 'POST', `/subscription/${subscription.id}/delete`);
    expect(deleted.body.subscription.isDeleted).toBe(true);
    expect(
      (
        await server.api(user, 'POST', `/subscription/${subscription.id}/edit`, {
          name: 'x',
          description: 'y',
          amount: 5,
          buttonText: 'z',
        })
      ).body.code,
    ).toBe('subscription_deleted');
    expect(
      (
        await server.api(user, 'POST', `/subscription/${subscription.id}/publish`, {
          pin: true,
          disableNotification: false,
        })
      ).body.code,
    ).toBe('subscription_deleted');
    const restored = await server.api<SubscriptionOnlyResponse>(
      user,
      'POST',
      `/subscription/${subscription.id}/restore`,
    );
    expect(restored.body.subscription.isDeleted).toBe(false);
  });

  test('the removed seeded subscription keeps its member with access', async () => {
    const answer = await server.api<SubscriptionDetailResponse>(ALICE, 'GET', '/subscription/5');
    expect(answer.body.subscription).toMatchObject({ name: 'Old Monthly', isDeleted: true, activeSubscribers: 1 });
    expect(answer.body.membersGrouped.live).toHaveLength(1);
  });

  test('command: $ and a-z only, "" clears', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const { subscription } = (await create(user, form(channelId))).body;
    const set = await server.api<SubscriptionOnlyResponse>(user, 'POST', `/subscription/${subscription.id}/command`, {
      command: '$vip',
    });
    expect(set.body.subscription.command).toBe('$vip');
    for (const command of ['vip', '$VIP', '$v p', '$', '$v1']) {
      const bad = await server.api(user, 'POST', `/subscription/${subscription.id}/command`, { command });
      expect(bad.body).toMatchObject({ code: 'validation_error', field: 'command' });
    }
    const cleared = await server.api<SubscriptionOnlyResponse>(
      user,
      'POST',
      `/subscription/${subscription.id}/command`,
      { command: '' },
    );
    expect(cleared.body.subscription).not.toHaveProperty('command');
  });
});

describe('POST /subscription/{id}/publish', () => {
  test('posts into a public channel with a deep-link button, pinned and silent as asked', async () => {
    const { user, channelId, chatId } = await creatorWithChannel(server);
    await server.api(user, 'POST', `/channel/${channelId}/language`, { language: 'en' });
    const { subscription } = (await create(user, form(channelId))).body;
    const answer = await server.api<{ channel: { onboardingStep: string } }>(
      user,
      'POST',
      `/subscription/${subscription.id}/publish`,
      { pin: true, disableNotification: true },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.channel.onboardingStep).toBe('request_donation');
    const [post] = await posts(chatId);
    expect(post).toMatchObject({
      kind: 'subscription',
      refId: subscription.id,
      pinned: true,
      silent: true,
      text: 'Monthly Subscription\n\nYour contribution fuels the channel',
      buttons: [
        { text: 'Subscribe', url: `https://t.me/BackersSandboxBot/app?startapp=subscription_${subscription.id}` },
      ],
    });
    await server.api(user, 'POST', `/subscription/${subscription.id}/publish`, {
      pin: false,
      disableNotification: false,
    });
    expect((await posts(chatId))[1]).toMatchObject({ pinned: false, silent: false });
  });

  test('a private channel answers channel_not_public and nothing is posted', async () => {
    const { user, channelId, chatId } = await creatorWithChannel(server, { private: true });
    const { subscription } = (await create(user, form(channelId))).body;
    const answer = await server.api(user, 'POST', `/subscription/${subscription.id}/publish`, {
      pin: true,
      disableNotification: false,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('channel_not_public');
    expect(await posts(chatId)).toEqual([]);
  });

  test('pin and disableNotification are required booleans', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const { subscription } = (await create(user, form(channelId))).body;
    const answer = await server.api(user, 'POST', `/subscription/${subscription.id}/publish`, { pin: true });
    expect(answer.body).toMatchObject({ code: 'validation_error', field: 'disableNotification' });
  });
});

describe('members', () => {
  const members = (id: number, body: Record<string, unknown>) =>
    server.api<MembersPage>(ALICE, 'POST', `/subscription/${id}/members`, body);
  const names = (page: MembersPage) =>
    page.members.map((m) => page.users.find((u) => u.id === m.userId)!.firstName).sort();

  test('filters of the seeded monthly subscription: active, expiring (cancelled or renewal failed), expired', async () => {
    expect(names((await members(1, { filter: 'all', startFrom: null })).body)).toEqual(['Bob', 'Dana', 'Eve', 'Frank']);
    expect(names((await members(1, { filter: 'active' })).body)).toEqual(['Bob']);
    expect(names((await members(1, { filter: 'expiring' })).body)).toEqual(['Dana', 'Eve']);
    expect(names((await members(1, { filter: 'expired' })).body)).toEqual(['Frank']);
    // Live group: not expired and renewing (Bob, Eve); inactive: cancelled (Dana) and expired (Frank).
    expect(names((await members(1, { filter: 'all', group: 'live' })).body)).toEqual(['Bob', 'Eve']);
    expect(names((await members(1, { filter: 'all', group: 'inactive' })).body)).toEqual(['Dana', 'Frank']);
  });

  test('one rule for who counts: every count equals its live groups (expired, active, cancelled, one-time)', async () => {
    // The journal: monthly has Bob (active), Dana (cancelled, not yet expired), Eve (renewal failed, not yet
    // expired) and Frank (expired, still marked active); yearly has Grace. The travels channel adds a one-time one.
    const liveUsers = async (subscriptionId: number) => {
      const detail = (await server.api<SubscriptionDetailResponse>(ALICE, 'GET', `/subscription/${subscriptionId}`))
        .body;
      expect(detail.membersGroupedNextFrom.live).toBeNull();
      expect(detail.subscription.activeSubscribers).toBe(detail.membersGrouped.live.length);
      return detail.membersGrouped.live.map((member) => member.userId);
    };
    const dashboard = (await server.api<DashboardResponse>(ALICE, 'GET', '/dashboard?mode=creator')).body;
    for (const channel of dashboard.channels) {
      const page = (await server.api<ChannelResponse>(ALICE, 'GET', `/channel/${channel.id}`)).body;
      const people = new Set(
        (await Promise.all(page.subscriptions.map((subscription) => liveUsers(subscription.id)))).flat(),
      );
      expect(page.channel.activeSubscribers).toBe(people.size);
      expect(channel.activeSubscribers).toBe(people.size);
    }
    expect(dashboard.channels.map((channel) => channel.activeSubscribers)).toEqual([3, 4]);
    expect(names((await members(4, { filter: 'all', group: 'live' })).body)).toEqual(['Bob', 'Eve']);
  });

  test('filters follow the clock: two days later Eve has expired too', async () => {
    const at = server.clock.now();
    server.clock.advance(2 * 86_400);
    try {
      expect(names((await members(1, { filter: 'expired' })).body)).toEqual(['Eve', 'Frank']);
    } finally {
      server.clock.set(at);
    }
  });

  test('one-time members are always active and live', async () => {
    expect(names((await members(4, { filter: 'active', group: 'live' })).body)).toEqual(['Bob', 'Eve']);
    expect((await members(4, { filter: 'expired' })).body.members).toEqual([]);
  });

  test('GET /subscription/{id}: detail with both groups and their cursors', async () => {
    const answer = await server.api<SubscriptionDetailResponse>(ALICE, 'GET', '/subscription/1');
    expect(answer.status).toBe(200);
    expect(answer.body.subscription).toMatchObject({
      id: 1,
      name: 'Monthly Subscription',
      shareLink: expect.stringMatching(/^https:\/\/t\.me\/\w+\/\w+\?startapp=subscription_1$/),
      activeSubscribers: 2,
    });
    // The channel is private: its own invite link would let anyone in, so not even its owner is handed it.
    expect(answer.body.subscription).not.toHaveProperty('inviteLink');
    expect(answer.body.subscription).not.toHaveProperty('privateChannelInviteLink');
    expect(answer.body.channel.id).toBe(1);
    expect(answer.body.membersGrouped.live).toHaveLength(2);
    expect(answer.body.membersGrouped.inactive).toHaveLength(2);
    expect(answer.body.membersGroupedNextFrom).toEqual({ live: null, inactive: null });
    expect(answer.body.users.map((u) => u.firstName).sort()).toEqual(['Bob', 'Dana', 'Eve', 'Frank']);
  });

  test("a channel under moderation or rejected: its subscription's page and members answer the moderation codes", async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const created = await create(user, form(channelId));
    expect(created.status).toBe(200);
    const id = created.body.subscription.id;
    for (const [moderation, code] of [
      ['in_progress', 'moderation_in_progress'],
      ['rejected', 'moderation_rejected'],
    ] as const) {
      await server.database.db.update(channels).set({ moderation }).where(eq(channels.id, channelId));
      for (const answer of [
        await server.api(user, 'GET', `/subscription/${id}`),
        await server.api(user, 'POST', `/subscription/${id}/members`, { filter: 'all' }),
      ]) {
        expect({ status: answer.status, code: (answer.body as { code?: string }).code }).toEqual({ status: 403, code });
      }
    }
    await server.database.db.update(channels).set({ moderation: 'approved' }).where(eq(channels.id, channelId));
    expect((await server.api(user, 'GET', `/subscription/${id}`)).status).toBe(200);
    expect((await server.api(user, 'POST', `/subscription/${id}/members`, { filter: 'all' })).status).toBe(200);
  });

  test('the filter is required and must be known', async () => {
    expect((await members(1, {})).body).toMatchObject({ code: 'validation_error', field: 'filter' });
    expect((await members(1, { filter: 'gone' })).body).toMatchObject({ code: 'validation_error', field: 'filter' });
  });

  test("GET /subscription_member/{id}: the creator's view of one subscriber", async () => {
    const page = (await members(1, { filter: 'expired' })).body;
    const answer = await server.api<SubscriptionMemberResponse>(
      ALICE,
      'GET',
      `/subscription_member/${page.members[0]!.id}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.user.firstName).toBe('Frank');
    expect(answer.body.subscriptionMember).toMatchObject({
      status: 'active',
      renewalFailed: true,
      period: 'monthly',
      price: 5,
      currency: 'eur',
    });
    expect(answer.body.subscription.id).toBe(1);
    expect(answer.body.channel.id).toBe(1);
  });
});
