/**
 * The dashboard's channel and membership lists page by keyset cursor over HTTP: GET /dashboard answers the first page
 * and the cursor of the next, POST /dashboard/channels and /dashboard/subscriptions the following ones. Every row is
 * reachable, once, in the order the lists promise ((created_at, id), ties by id), also when rows arrive while paging.
 * The rows come from the sandbox control API (POST /sandbox/memberships), many with the same time.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DashboardChannelsPage, DashboardResponse, DashboardSubscriptionsPage } from '../../../src/contract/api';
import { channels, subscriptionMembers, users } from '../../../server/platform/db/schema';
import { type TestServer, type TestUser, newUser, startTestServer } from '../support/testServer';

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PAGE = 20;
/** The dashboard's own first page of each list: half a page (PAIRED_PAGE_SIZE). */
const OPENING = 10;

async function userIdOf(user: TestUser): Promise<number> {
  // The first signed call creates the user.
  expect((await server.api(user, 'GET', '/dashboard?mode=follower')).status).toBe(200);
  const [row] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.telegramId, user.telegramId));
  return row!.id;
}

async function addMemberships(owner: TestUser, follower: TestUser, count: number): Promise<void> {
  const answer = await server.request('POST', '/sandbox/memberships', {
    ownerTelegramId: owner.telegramId,
    followerTelegramId: follower.telegramId,
    count,
  });
  expect(answer.status).toBe(200);
}

interface MembershipsPage {
  members: DashboardResponse['subscriptionMembers'];
  subscriptions: DashboardResponse['subscriptions'];
  channels: DashboardResponse['channelsOfSubscriptions'];
  nextFrom: string | null;
}

async function firstMembershipsPage(follower: TestUser): Promise<MembershipsPage> {
  const answer = await server.api<DashboardResponse>(follower, 'GET', '/dashboard?mode=follower');
  expect(answer.status).toBe(200);
  const body = answer.body;
  return {
    members: body.subscriptionMembers,
    subscriptions: body.subscriptions,
    channels: body.channelsOfSubscriptions,
    nextFrom: body.subscriptionMembersNextFrom,
  };
}

async function nextMembershipsPage(follower: TestUser, startFrom: string): Promise<MembershipsPage> {
  const answer = await server.api<DashboardSubscriptionsPage>(follower, 'POST', '/dashboard/subscriptions', {
    startFrom,
  });
  expect(answer.status).toBe(200);
  const body = answer.body;
  return {
    members: body.subscriptionMembers,
    subscriptions: body.subscriptions,
    channels: body.channelsOfSubscriptions,
    nextFrom: body.nextFrom,
  };
}

/** Every page from the first; `between` runs after each page (rows arriving while the user scrolls). */
async function allMembershipPages(
  follower: TestUser,
  between: (pageIndex: number) => Promise<void> = async () => {},
): Promise<MembershipsPage[]> {
  const pages = [await firstMembershipsPage(follower)];
  while (pages[pages.length - 1]!.nextFrom !== null) {
    await between(pages.length - 1);
    pages.push(await nextMembershipsPage(follower, pages[pages.length - 1]!.nextFrom!));
    if (pages.length > 100) throw new Error('paging does not end');
  }
  return pages;
}

/** The follower's membership ids in the list's promised order, newest first, ties by the larger id. */
async function membershipIdsInOrder(followerId: number): Promise<number[]> {
  const rows = await server.database.db
    .select({ id: subscriptionMembers.id })
    .from(subscriptionMembers)
    .where(eq(subscriptionMembers.userId, followerId))
    .orderBy(sql`${subscriptionMembers.createdAt} desc, ${subscriptionMembers.id} desc`);
  return rows.map((row) => row.id);
}

describe("the follower's memberships", () => {
  const follower = newUser('Many');
  const owner = newUser('Owner');
  let followerId = 0;

  beforeAll(async () => {
    followerId = await userIdOf(follower);
    await userIdOf(owner);
    // Two batches a second apart, each of rows with one time: the order rests on the time and on the id.
    await addMemberships(owner, follower, 150);
    server.clock.advance(1);
    await addMemberships(owner, follower, 150);
  });

  test('all 300 are reachable page by page, each once, newest first, with their subscriptions and channels', async () => {
    const pages = await allMembershipPages(follower);
    for (const page of pages) expect(page.members.length).toBeLessThanOrEqual(PAGE);
    expect(pages[0]!.members).toHaveLength(OPENING);
    for (const page of pages.slice(1, -1)) expect(page.members).toHaveLength(PAGE);
    const ids = pages.flatMap((page) => page.members.map((member) => member.id));
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
    expect(ids).toEqual(await membershipIdsInOrder(followerId));
    for (const page of pages) {
      // A page carries the subscription and the channel of each of its memberships, and no others.
      expect(page.subscriptions.map((s) => s.id)).toEqual(page.members.map((m) => m.subscriptionId));
      expect(new Set(page.channels.map((c) => c.id))).toEqual(new Set(page.subscriptions.map((s) => s.channelId)));
    }
  });

  test('the pages stay the same when read again', async () => {
    const once = (await allMembershipPages(follower)).map((page) => page.members.map((m) => m.id));
    const again = (await allMembershipPages(follower)).map((page) => page.members.map((m) => m.id));
    expect(again).toEqual(once);
  });

  test('a membership added while paging neither repeats nor hides a row', async () => {
    const before = await membershipIdsInOrder(followerId);
    const pages = await allMembershipPages(follower, async (pageIndex) => {
      // New rows sort first: an offset would show the last row of the page read again.
      if (pageIndex === 2) await addMemberships(owner, follower, 3);
    });
    const ids = pages.flatMap((page) => page.members.map((member) => member.id));
    expect(ids).toEqual(before);
    const after = await membershipIdsInOrder(followerId);
    expect(after).toHaveLength(before.length + 3);
    // The next read from the top shows them first.
    const fresh = await allMembershipPages(follower);
    expect(fresh.flatMap((page) => page.members.map((member) => member.id))).toEqual(after);
  });

  test('a cursor the server did not issue answers 400 validation_error on startFrom', async () => {
    const answer = await server.api(follower, 'POST', '/dashboard/subscriptions', { startFrom: 'bm90LWEtY3Vyc29y' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', field: 'startFrom' });
  });
});

describe("the creator's channels", () => {
  const creator = newUser('Wide');
  const follower = newUser('Reader');
  let creatorId = 0;

  beforeAll(async () => {
    creatorId = await userIdOf(creator);
    await userIdOf(follower);
    expect(
      (await server.request('POST', '/sandbox/kyc', { telegramId: creator.telegramId, status: 'approved' })).status,
    ).toBe(200);
    await addMemberships(creator, follower, 30);
    server.clock.advance(1);
    await addMemberships(creator, follower, 25);
  });

  const channelPages = async (): Promise<DashboardChannelsPage[]> => {
    const answer = await server.api<DashboardResponse>(creator, 'GET', '/dashboard?mode=creator');
    expect(answer.status).toBe(200);
    const pages: DashboardChannelsPage[] = [{ channels: answer.body.channels, nextFrom: answer.body.channelsNextFrom }];
    while (pages[pages.length - 1]!.nextFrom !== null) {
      const next = await server.api<DashboardChannelsPage>(creator, 'POST', '/dashboard/channels', {
        startFrom: pages[pages.length - 1]!.nextFrom,
      });
      expect(next.status).toBe(200);
      pages.push(next.body);
      if (pages.length > 100) throw new Error('paging does not end');
    }
    return pages;
  };

  test('more channels than a page: every one once, oldest first, deleted ones left out', async () => {
    const [deleted] = await server.database.db
      .update(channels)
      .set({ deleted: true })
      .where(and(eq(channels.ownerId, creatorId), eq(channels.title, 'Wide 7')))
      .returning({ id: channels.id });
    expect(deleted).toBeDefined();

    const pages = await channelPages();
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]!.channels).toHaveLength(OPENING);
    for (const page of pages.slice(1, -1)) expect(page.channels).toHaveLength(PAGE);
    const ids = pages.flatMap((page) => page.channels.map((channel) => channel.id));
    const expected = await server.database.db
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.ownerId, creatorId), eq(channels.deleted, false)))
      .orderBy(sql`${channels.createdAt} asc, ${channels.id} asc`);
    expect(expected).toHaveLength(54);
    expect(ids).toEqual(expected.map((row) => row.id));
    expect(ids).not.toContain(deleted!.id);
    for (const channel of pages.flatMap((page) => page.channels)) expect(channel.activeSubscribers).toBe(1);
  });

  test('an unverified user gets 403 verification_required for the channel pages', async () => {
    const answer = await server.api(follower, 'POST', '/dashboard/channels', {});
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'verification_required' });
  });

  test('a short list answers one page with no next cursor', async () => {
    const answer = await server.api<DashboardResponse>(newUser(), 'GET', '/dashboard?mode=follower');
    expect(answer.body).toMatchObject({
      subscriptionMembers: [],
      subscriptionMembersNextFrom: null,
      channelsNextFrom: null,
    });
    const empty = await server.api<DashboardSubscriptionsPage>(newUser(), 'POST', '/dashboard/subscriptions', {});
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      subscriptionMembers: [],
      subscriptions: [],
      channelsOfSubscriptions: [],
      nextFrom: null,
    });
  });
});
