/**
 * A subscription's member lists page by keyset cursor through every filter over HTTP (POST /subscription/{id}/members):
 * each member the filter takes is reachable, once, in the order its list promises (server/modules/subscriptions/
 * membersRepository.ts: `all` newest first; `expired` latest expiry first; `expiring` and `active` soonest end first,
 * no expiry last; ties by id), and the three filters split `all` without overlap (src/domain/members.ts).
 * The members are rows written in SQL (a big audience through payments would take minutes), many sharing one time so
 * the order rests on the id too; the one-time subscription's members without expiry all share "never".
 * The subscription page (GET /subscription/{id}) shows each group's first page in its list's order: the live group (who
 * counts, isLiveMember) newest first, the inactive one (cancelled, or expired) latest end first, each read in parts
 * along partial indexes (memberGroups.ts); the lapsed subscription's newest members are live, its expired ones older.
 */
import { sql } from 'drizzle-orm';
import type { MemberFilter } from '../../../src/domain/entities';
import type { MembersPage, NewSubscriptionResponse, SubscriptionDetailResponse } from '../../../src/contract/api';
import { isLiveMember, memberFilterMatches } from '../../../src/domain/members';
import { rowsOf } from '../../../server/platform/db/db';
import { type TestServer, type TestUser, creatorWithChannel, startTestServer } from '../support/testServer';

jest.setTimeout(120_000);

const PAGE = 20;
/** The subscription page's first page of each group (PAIRED_PAGE_SIZE: one group is shown at a time). */
const PAIRED_PAGE = 10;
const FILTERS: readonly MemberFilter[] = ['all', 'active', 'expiring', 'expired'];

let server: TestServer;
let creator: TestUser;
const subscriptionIds = { monthly: 0, onetime: 0, lapsed: 0 };

interface Row {
  id: number;
  period: 'monthly' | 'onetime';
  status: 'active' | 'cancelled';
  renewalFailed: boolean;
  expiresAtMs: number | null;
  createdAtMs: number;
}

async function newSubscription(channelId: number, period: string): Promise<number> {
  const answer = await server.api<NewSubscriptionResponse>(creator, 'POST', '/subscription/new', {
    channelId,
    name: `Plan ${period}`,
    description: 'For the paging test',
    period,
    currency: 'eur',
    amount: 5,
    buttonText: 'Subscribe',
  });
  expect(answer.status).toBe(200);
  return answer.body.subscription.id;
}

/**
 * `count` members of the subscription from new users: the i-th one's state, expiry (hours from now, many equal) and
 * creation time (two distinct times) from `shape`.
 */
async function addMembers(
  subscriptionId: number,
  period: Row['period'],
  count: number,
  base: number,
  shape: string,
): Promise<void> {
  const now = new Date(server.clock.now()).toISOString();
  await server.database.db.execute(
    sql.raw(`
    with people as (
      insert into users (telegram_id, first_name, language_code, created_at, updated_at)
      select ${base} + i, 'Member ' || i, 'en', '${now}'::timestamptz, '${now}'::timestamptz
      from generate_series(1, ${count}) i
      returning id, telegram_id - ${base} as i
    )
    insert into subscription_members (subscription_id, user_id, status, period, activated_at, expires_at,
      renewal_failed, payment_method, price_minor, currency, created_at, updated_at)
    select ${subscriptionId}, p.id, s.status, '${period}', s.created, s.expires, s.renewal_failed, 'smart_glocal', 500, 'eur',
      s.created, s.created
    from people p cross join lateral (${shape}) s`),
  );
}

async function rowsOfSubscription(subscriptionId: number): Promise<Row[]> {
  const rows = rowsOf<{
    id: number;
    period: Row['period'];
    status: Row['status'];
    renewal_failed: boolean;
    expires_at: Date | string | null;
    created_at: Date | string;
  }>(
    await server.database.db.execute(
      sql`select id, period, status, renewal_failed, expires_at, created_at from subscription_members
          where subscription_id = ${subscriptionId}`,
    ),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    period: row.period,
    status: row.status,
    renewalFailed: row.renewal_failed,
    expiresAtMs: row.expires_at === null ? null : new Date(row.expires_at).getTime(),
    createdAtMs: new Date(row.created_at).getTime(),
  }));
}

/** The ids the filter takes, in its list's promised order. */
function expectedIds(rows: readonly Row[], filter: MemberFilter, nowMs: number): number[] {
  const end = (row: Row) => row.expiresAtMs ?? Number.POSITIVE_INFINITY;
  const order: Record<MemberFilter, (a: Row, b: Row) => number> = {
    all: (a, b) => b.createdAtMs - a.createdAtMs || b.id - a.id,
    expired: (a, b) => end(b) - end(a) || b.id - a.id,
    expiring: (a, b) => (end(a) === end(b) ? a.id - b.id : end(a) < end(b) ? -1 : 1),
    active: (a, b) => (end(a) === end(b) ? a.id - b.id : end(a) < end(b) ? -1 : 1),
  };
  return rows
    .filter((row) =>
      memberFilterMatches(
        filter,
        {
          status: row.status,
          period: row.period,
          renewalFailed: row.renewalFailed,
          ...(row.expiresAtMs === null ? {} : { expiresAt: row.expiresAtMs / 1000 }),
        },
        nowMs,
      ),
    )
    .sort(order[filter])
    .map((row) => row.id);
}

/** Every page of the filter's list from the first. */
async function allPages(subscriptionId: number, filter: MemberFilter): Promise<MembersPage[]> {
  const pages: MembersPage[] = [];
  let startFrom: string | null = null;
  do {
    const answer: { status: number; body: MembersPage } = await server.api<MembersPage>(
      creator,
      'POST',
      `/subscription/${subscriptionId}/members`,
      {
        filter,
        startFrom,
      },
    );
    expect(answer.status).toBe(200);
    pages.push(answer.body);
    startFrom = answer.body.nextFrom;
    if (pages.length > 50) throw new Error('paging does not end');
  } while (startFrom !== null);
  return pages;
}

beforeAll(async () => {
  server = await startTestServer();
  const made = await creatorWithChannel(server);
  creator = made.user;
  subscriptionIds.monthly = await newSubscription(made.channelId, 'monthly');
  subscriptionIds.onetime = await newSubscription(made.channelId, 'onetime');
  subscriptionIds.lapsed = await newSubscription(made.channelId, 'monthly');
  const base = 900_000_000 + (creator.telegramId % 1_000_000) * 1_000;
  const hours = (expression: string) =>
    `'${new Date(server.clock.now()).toISOString()}'::timestamptz + (${expression}) * interval '1 hour'`;
  // Monthly: by i % 5 active, cancelled, renewal failed (the two expiring), expired while active, expired cancelled;
  // expiries a whole number of days from now, seven values shared by many; two creation times.
  await addMembers(
    subscriptionIds.monthly,
    'monthly',
    130,
    base,
    `select case when i % 5 in (1, 4) then 'cancelled' else 'active' end as status, i % 5 = 2 as renewal_failed,
       case when i % 5 >= 3 then ${hours('-1 - 24 * (i % 7)')} else ${hours('1 + 24 * (i % 7)')} end as expires,
       ${hours('-100 - i % 2')} as created`,
  );
  // Lapsed: monthly, most expired while still active, and the live ones the newest; three creation times.
  await addMembers(
    subscriptionIds.lapsed,
    'monthly',
    260,
    base + 600,
    `select 'active' as status, false as renewal_failed,
       case when i % 9 = 0 then ${hours('1 + i % 7')} else ${hours('-1 - i % 7')} end as expires,
       case when i % 9 = 0 then ${hours('-150 - i % 3')} else ${hours('-200 - i % 3')} end as created`,
  );
  // One-time: most without expiry (all "never", 2 pages of ties), a few ended by a refund.
  await addMembers(
    subscriptionIds.onetime,
    'onetime',
    50,
    base + 500,
    `select 'active' as status, false as renewal_failed,
       case when i % 6 = 0 then ${hours('-2 - i % 3')} end as expires, ${hours('-50')} as created`,
  );
}, 180_000);
afterAll(() => server.close());

describe.each(['monthly', 'onetime', 'lapsed'] as const)('the %s subscription', (kind) => {
  test.each(FILTERS)(
    'filter %s: every member it takes, once, in its order, full pages but the last',
    async (filter) => {
      const id = subscriptionIds[kind];
      const pages = await allPages(id, filter);
      const expected = expectedIds(await rowsOfSubscription(id), filter, server.clock.now());
      for (const page of pages.slice(0, -1)) expect(page.members).toHaveLength(PAGE);
      expect(pages[pages.length - 1]!.members.length).toBeLessThanOrEqual(PAGE);
      const ids = pages.flatMap((page) => page.members.map((member) => member.id));
      expect(ids).toEqual(expected);
      // Each page names the users of its members.
      for (const page of pages)
        expect(new Set(page.users.map((user) => user.id))).toEqual(new Set(page.members.map((m) => m.userId)));
    },
  );

  test('the three filters split all without overlap; each filter spans more than one page', async () => {
    const id = subscriptionIds[kind];
    const lists = new Map<MemberFilter, number[]>();
    for (const filter of FILTERS)
      lists.set(
        filter,
        (await allPages(id, filter)).flatMap((page) => page.members.map((member) => member.id)),
      );
    const parts = [...lists.get('active')!, ...lists.get('expiring')!, ...lists.get('expired')!];
    expect(new Set(parts).size).toBe(parts.length);
    expect([...parts].sort((a, b) => a - b)).toEqual([...lists.get('all')!].sort((a, b) => a - b));
    const spans =
      kind === 'monthly'
        ? FILTERS
        : kind === 'lapsed'
          ? (['all', 'active', 'expired'] as const)
          : (['all', 'active'] as const);
    for (const filter of spans) expect(lists.get(filter)!.length).toBeGreaterThan(PAGE);
  });
});

describe.each(['monthly', 'onetime', 'lapsed'] as const)('the %s subscription page', (kind) => {
  test('GET /subscription/{id}: each group is its first members in order, its cursor reaches the rest of the group', async () => {
    const id = subscriptionIds[kind];
    const nowMs = server.clock.now();
    const answer = await server.api<SubscriptionDetailResponse>(creator, 'GET', `/subscription/${id}`);
    expect(answer.status).toBe(200);
    const rows = await rowsOfSubscription(id);
    // Live: newest first; inactive: latest end first (no end first of all); ties by id.
    const end = (row: Row) => row.expiresAtMs ?? Number.POSITIVE_INFINITY;
    const order = {
      live: (a: Row, b: Row) => b.createdAtMs - a.createdAtMs || b.id - a.id,
      inactive: (a: Row, b: Row) => (end(a) === end(b) ? b.id - a.id : end(a) < end(b) ? 1 : -1),
    };
    for (const group of ['live', 'inactive'] as const) {
      const expected = rows
        .filter(
          (row) =>
            isLiveMember(
              {
                status: row.status,
                period: row.period,
                ...(row.expiresAtMs === null ? {} : { expiresAt: row.expiresAtMs / 1000 }),
              },
              nowMs,
            ) ===
            (group === 'live'),
        )
        .sort(order[group])
        .map((row) => row.id);
      expect(expected.length).toBeGreaterThan(0);
      const first = answer.body.membersGrouped[group];
      expect(first.map((member) => member.id)).toEqual(expected.slice(0, PAIRED_PAGE));
      // The rest of the group through the members list from the page's cursor.
      const ids = first.map((member) => member.id);
      let startFrom = answer.body.membersGroupedNextFrom[group];
      expect(startFrom === null).toBe(expected.length <= PAIRED_PAGE);
      while (startFrom !== null) {
        const page: { status: number; body: MembersPage } = await server.api<MembersPage>(
          creator,
          'POST',
          `/subscription/${id}/members`,
          { filter: 'all', group, startFrom },
        );
        expect(page.status).toBe(200);
        ids.push(...page.body.members.map((member) => member.id));
        startFrom = page.body.nextFrom;
        if (ids.length > rows.length) throw new Error('paging does not end');
      }
      expect(ids).toEqual(expected);
    }
    const shown = [...answer.body.membersGrouped.live, ...answer.body.membersGrouped.inactive];
    expect(new Set(answer.body.users.map((user) => user.id))).toEqual(new Set(shown.map((member) => member.userId)));
  });
});

test('a filter that takes none of a group (expired of the live, active of the inactive) answers an empty page, to its owner only', async () => {
  const other = await creatorWithChannel(server, { chatId: -(2_000_000_000_000 + 92) });
  for (const [filter, group] of [
    ['expired', 'live'],
    ['active', 'inactive'],
  ] as const) {
    const id = subscriptionIds.monthly;
    const rows = await rowsOfSubscription(id);
    // The subscription has members of the filter, and of the group: only their meeting is empty.
    expect(expectedIds(rows, filter, server.clock.now()).length).toBeGreaterThan(0);
    const mine = await server.api<MembersPage>(creator, 'POST', `/subscription/${id}/members`, { filter, group });
    expect({ status: mine.status, members: mine.body.members, nextFrom: mine.body.nextFrom }).toEqual({
      status: 200,
      members: [],
      nextFrom: null,
    });
    const theirs = await server.api<{ code: string }>(other.user, 'POST', `/subscription/${id}/members`, {
      filter,
      group,
    });
    expect({ status: theirs.status, code: theirs.body.code }).toEqual({ status: 404, code: 'not_found' });
  }
});

test('a made-up cursor is a validation error', async () => {
  const bad = await server.api(creator, 'POST', `/subscription/${subscriptionIds.monthly}/members`, {
    filter: 'active',
    startFrom: 'not-a-cursor',
  });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ code: 'validation_error', field: 'startFrom' });
});

describe('a members page asked for with a cursor this server did not issue, or by someone else', () => {
  const cursorOf = (t: number, id: number) => Buffer.from(JSON.stringify([t, id])).toString('base64url');

  test.each(FILTERS)(
    'filter %s: a malformed cursor, or one beyond any date, is a 400 with a clear error',
    async (filter) => {
      const id = subscriptionIds.monthly;
      // Year 275760 (the last time a JavaScript Date holds), which PostgreSQL reads as malformed, and a non-cursor.
      for (const startFrom of [cursorOf(8_639_999_999_999_999, 1), 'not-a-cursor']) {
        const answer = await server.api<{ code: string; message: string }>(
          creator,
          'POST',
          `/subscription/${id}/members`,
          { filter, startFrom },
        );
        expect({ startFrom, status: answer.status, code: answer.body.code }).toEqual({
          startFrom,
          status: 400,
          code: 'validation_error',
        });
        expect(answer.body.message).toEqual(expect.any(String));
      }
    },
  );

  test("someone else's subscription is not found, with or without a cursor, whatever its members", async () => {
    const other = await creatorWithChannel(server, { chatId: -(2_000_000_000_000 + 91) });
    for (const startFrom of [undefined, cursorOf(Date.now(), 1)]) {
      const answer = await server.api<{ code: string; members?: unknown }>(
        other.user,
        'POST',
        `/subscription/${subscriptionIds.monthly}/members`,
        { filter: 'all', ...(startFrom === undefined ? {} : { startFrom }) },
      );
      expect({ status: answer.status, code: answer.body.code, members: answer.body.members }).toEqual({
        status: 404,
        code: 'not_found',
        members: undefined,
      });
    }
  });
});
