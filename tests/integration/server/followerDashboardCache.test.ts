/**
 * The follower dashboard, asked again of a long-running server, must equal a freshly read one (a second app on the
 * same database) after every kind of change it shows: the follower's payments, renewals, cancellations, refunds, card
 * changes and profile; other followers joining (subscriber counts); the creator's edits and profile; plain SQL writes
 * (another process); and time alone (expiry). The view is kept in memory while its dashboard version and the row
 * versions of what it shows hold (server/modules/dashboard/service.ts): each test reads it twice first, changes one
 * thing, and checks the change is visible, so an entry kept past a change would show the earlier view. The last test
 * shows that the view is kept: a write that fires no trigger stays unseen until the version moves.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DashboardResponse } from '../../../src/contract/api';
import { buildApp } from '../../../server/app';
import { RENEWAL_LEAD_MS } from '../../../server/modules/payments/renewals';
import { savedCards } from '../../../server/platform/db/schema';
import { type TestServer, type TestUser, newUser, startTestServer } from '../support/testServer';
import { type Shop, advanceTo, openShop, pay, payWithNewCard, userId } from '../money/support/money';

// Each check starts a second app; a payment scenario makes a dozen calls: slow on a busy machine and on PostgreSQL.
jest.setTimeout(90_000);

let server: TestServer;
let shop: Shop;
const follower = newUser('Follower');
beforeAll(async () => {
  server = await startTestServer();
  shop = await openShop(server);
}, 180_000);
afterAll(() => server.close());

/** The follower dashboard from the long-running server (asked before) and from a new process-like app. */
async function bothViews(user: TestUser = follower): Promise<{ cached: DashboardResponse; fresh: DashboardResponse }> {
  const cached = await server.api<DashboardResponse>(user, 'GET', '/dashboard?mode=follower');
  expect(cached.status).toBe(200);
  const other = await buildApp({
    database: server.database,
    config: server.config,
    clock: server.clock,
    logger: false,
  });
  try {
    const origin = await other.listen({ port: 0, host: '127.0.0.1' });
    const answer = await fetch(`${origin}/api/v2/dashboard?mode=follower`, {
      headers: { authorization: `TgAuth ${server.initData(user)}` },
    });
    expect(answer.status).toBe(200);
    return { cached: cached.body, fresh: (await answer.json()) as DashboardResponse };
  } finally {
    await other.close();
  }
}

/** The follower dashboard from the long-running server only. */
async function cachedView(user: TestUser = follower): Promise<DashboardResponse> {
  const answer = await server.api<DashboardResponse>(user, 'GET', '/dashboard?mode=follower');
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Reads the view twice, then after `change` checks the long-running server's view equals a fresh read. */
async function afterChange(
  change: () => Promise<unknown>,
  user: TestUser = follower,
): Promise<{ before: DashboardResponse; after: DashboardResponse }> {
  const before = await cachedView(user);
  expect(await cachedView(user)).toEqual(before);
  await change();
  const { cached, fresh } = await bothViews(user);
  expect(cached).toEqual(fresh);
  return { before, after: cached };
}

const subscriptionOf = (view: DashboardResponse, id: number) =>
  view.subscriptions.find((subscription) => subscription.id === id);
const memberOf = (view: DashboardResponse, subscriptionId: number) =>
  view.subscriptionMembers.find((member) => member.subscriptionId === subscriptionId);

let monthlyPayment = '';
let cardId = 0;

test('a payment shows the membership, the saved card and the ledger line; a repeated call answers the same', async () => {
  const { before, after } = await afterChange(async () => {
    monthlyPayment = (
      await payWithNewCard(server, follower, 'subscription', shop.subscriptions.monthly, '4242424242424242', {
        saveCard: true,
      })
    ).paymentId;
  });
  expect(before.subscriptionMembers).toEqual([]);
  expect(memberOf(after, shop.subscriptions.monthly)).toMatchObject({ status: 'active' });
  expect(after.cards).toHaveLength(1);
  expect(after.transactions.map((line) => line.type)).toEqual(['buy_subscription']);
  cardId = after.cards[0]!.id;
  const again = await bothViews();
  expect(again.cached).toEqual(after);
});

test("another follower's payment changes the subscriber counts", async () => {
  const { before, after } = await afterChange(() =>
    payWithNewCard(server, newUser('Other'), 'subscription', shop.subscriptions.monthly, '4242424242424242'),
  );
  expect(subscriptionOf(after, shop.subscriptions.monthly)?.activeSubscribers).toBe(
    (subscriptionOf(before, shop.subscriptions.monthly)?.activeSubscribers ?? 0) + 1,
  );
  expect(after.channelsOfSubscriptions[0]?.activeSubscribers).toBe(
    (before.channelsOfSubscriptions[0]?.activeSubscribers ?? 0) + 1,
  );
});

test('the creator renames the subscription (API) and the channel (SQL, as another process would)', async () => {
  const { after } = await afterChange(async () => {
    const edited = await server.api(shop.creator, 'POST', `/subscription/${shop.subscriptions.monthly}/edit`, {
      name: 'Renamed plan',
      description: 'Support the channel',
      amount: 10,
      buttonText: 'Subscribe',
    });
    expect(edited.status).toBe(200);
    await server.database.db.execute(sql`update channels set title = 'Renamed channel' where id = ${shop.channelId}`);
  });
  expect(subscriptionOf(after, shop.subscriptions.monthly)?.name).toBe('Renamed plan');
  expect(after.channelsOfSubscriptions.map((channel) => channel.name)).toEqual(['Renamed channel']);
  expect(after.transactions[0]?.channel?.name).toBe('Renamed channel');
});

test("the creator's new name shows on the follower's ledger lines; the follower's own new name shows at once", async () => {
  const { after } = await afterChange(() =>
    server.api({ ...shop.creator, firstName: 'Renamed Creator' }, 'GET', '/dashboard?mode=creator'),
  );
  expect(after.transactions[0]?.user?.firstName).toBe('Renamed Creator');
  expect((await cachedView()).user.firstName).toBe('Follower');
  const { cached, fresh } = await bothViews({ ...follower, firstName: 'Renamed Follower' });
  expect(cached).toEqual(fresh);
  expect(cached.user.firstName).toBe('Renamed Follower');
});

test('a renewal charged by the job extends the membership and adds its ledger line', async () => {
  const { after: paid } = await afterChange(async () => {
    const answer = await pay(
      server,
      follower,
      'subscription',
      shop.subscriptions.weekly,
      { paymentMethod: 'smart_glocal_saved_card', cardId },
      randomUUID(),
    );
    expect(answer.body).toMatchObject({ status: 'paid' });
  });
  const weeklyExpiry = memberOf(paid, shop.subscriptions.weekly)?.expiresAt ?? 0;
  const { before, after } = await afterChange(() => advanceTo(server, weeklyExpiry * 1000 - RENEWAL_LEAD_MS + 60_000));
  expect(memberOf(after, shop.subscriptions.weekly)?.expiresAt).toBeGreaterThan(weeklyExpiry);
  expect(after.transactions.length).toBe(before.transactions.length + 1);
});

test('a card made primary, and a membership changed in SQL by another process', async () => {
  const second = await payWithNewCard(server, follower, 'donation', shop.donationId, '5555555555554444', {
    saveCard: true,
  });
  expect(second.status).toBe('paid');
  const cards = await server.database.db
    .select()
    .from(savedCards)
    .where(eq(savedCards.userId, await userId(server, follower)));
  // Whichever of the two cards is not the primary one becomes it.
  const other = cards.find((card) => !card.primary)!;
  let { after } = await afterChange(async () => {
    expect((await server.api(follower, 'GET', `/follower/cards/${other.id}/primary`)).status).toBe(200);
  });
  expect(after.cards.find((card) => card.primary)?.id).toBe(other.id);

  ({ after } = await afterChange(() =>
    server.database.db.execute(sql`
    update subscription_members set renewal_failed = true where user_id = ${other.userId} and subscription_id = ${shop.subscriptions.weekly}`),
  ));
  expect(memberOf(after, shop.subscriptions.weekly)?.renewalFailed).toBe(true);
});

test('a cancellation shows at once', async () => {
  const id = memberOf(await cachedView(), shop.subscriptions.weekly)!.id;
  const { after } = await afterChange(async () => {
    expect((await server.api(follower, 'GET', `/follower/subscription_member/${id}/cancel`)).status).toBe(200);
  });
  expect(memberOf(after, shop.subscriptions.weekly)?.status).toBe('cancelled');
});

test('a refund ends the membership and shows the refund line', async () => {
  const { before, after } = await afterChange(async () => {
    expect(
      (await server.request('POST', `/sandbox/payments/${monthlyPayment}/refund`, { reason: 'Asked by the follower' }))
        .status,
    ).toBe(200);
  });
  expect(after.transactions[0]?.type).toBe('refund_received');
  expect(memberOf(after, shop.subscriptions.monthly)).not.toEqual(memberOf(before, shop.subscriptions.monthly));
});

test("a donation to another creator's channel, then that channel renamed in SQL (the ledger line's channel)", async () => {
  const elsewhere = await openShop(server);
  await afterChange(() => payWithNewCard(server, follower, 'donation', elsewhere.donationId, '4242424242424242'));
  const { after } = await afterChange(() =>
    server.database.db.execute(sql`update channels set title = 'Elsewhere renamed' where id = ${elsewhere.channelId}`),
  );
  expect(after.transactions[0]).toMatchObject({ type: 'send_donation', channel: { name: 'Elsewhere renamed' } });
});

test('expiry by time alone, without any write, ends access (and the view equals a fresh read)', async () => {
  const before = await cachedView();
  const member = memberOf(before, shop.subscriptions.weekly)!;
  expect(member.status).toBe('cancelled');
  expect(subscriptionOf(before, shop.subscriptions.weekly)?.inviteLink).toEqual(expect.any(String));
  // The server's clock alone (the sandbox clock call would also run the jobs, which write).
  server.clock.advance((member.expiresAt ?? 0) - server.clock.now() / 1000 + 1);
  const { cached, fresh } = await bothViews();
  expect(cached).toEqual(fresh);
  expect(subscriptionOf(cached, shop.subscriptions.weekly)?.inviteLink).toBeUndefined();
  // A cancelled member stopped counting when they cancelled (live = active or one-time, and not expired).
  expect(subscriptionOf(cached, shop.subscriptions.weekly)?.activeSubscribers).toBe(
    subscriptionOf(before, shop.subscriptions.weekly)?.activeSubscribers,
  );
});

test('a repeated call is answered from memory: a write that fires no trigger stays unseen until the version moves', async () => {
  const before = await cachedView();
  expect(await cachedView()).toEqual(before);
  const id = await userId(server, follower);
  const price = (view: DashboardResponse) => memberOf(view, shop.subscriptions.monthly)?.price;
  const write = (delta: number) =>
    server.database.db.transaction(async (tx) => {
      // Replica mode skips triggers (the version bump included): what the cache cannot see, by construction.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update subscription_members set price_minor = price_minor + ${delta}
            where user_id = ${id} and subscription_id = ${shop.subscriptions.monthly}`,
      );
    });
  await write(100);
  try {
    const { cached, fresh } = await bothViews();
    expect(cached).toEqual(before);
    expect(price(fresh)).toBe((price(before) ?? 0) + 1);
    await server.database.db.execute(sql`select dashboard_bump(${id}::bigint)`);
    const again = await bothViews();
    expect(again.cached).toEqual(again.fresh);
    expect(price(again.cached)).toBe(price(fresh));
  } finally {
    await write(-100);
    await server.database.db.execute(sql`select dashboard_bump(${id}::bigint)`);
  }
});
