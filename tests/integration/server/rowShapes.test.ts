/**
 * Prepared selects shaped by server/platform/db/rowShapes.ts answer exactly what drizzle's own prepared statements
 * answer for the same query, on the seeded database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): nested
 * objects, left-joined parts that are null, whole tables, SQL fields, every parameter kind, a select list longer than
 * a function's arguments. And a column whose drizzle decoder changes the value is refused when the statement is built.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { prepareShaped } from '../../../server/platform/db/rowShapes';
import {
  channels,
  donationImages,
  subscriptionMembers,
  subscriptions,
  transactions,
  users,
} from '../../../server/platform/db/schema';
import { memberWithUserColumns } from '../../../server/modules/subscriptions/membersRepository';
import {
  TRANSACTION_VIEW_JOINED,
  transactionViewColumns,
  transactionViewsQuery,
} from '../../../server/modules/transactions/repository';
import { ownMemberColumns } from '../../../server/platform/db/projections';
import { keptSubscriptionCount } from '../../../server/platform/db/members';
import { type TestServer, startTestServer } from '../support/testServer';

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 180_000);
afterAll(() => server.close());

let statement = 0;
const name = (label: string) => `row_shapes_test_${label}_${(statement += 1)}`;

test('ledger lines with left-joined parts: null where nothing joins, objects where something does', async () => {
  const { db } = server.database;
  const query = (fields = transactionViewColumns) =>
    transactionViewsQuery(db, eq(transactions.userId, sql.placeholder('userId')), 50, fields);
  const ours = prepareShaped(db, name('ledger'), transactionViewColumns, query, TRANSACTION_VIEW_JOINED);
  const theirs = query().prepare(name('ledger_drizzle'));
  const owners = await db.selectDistinct({ id: transactions.userId }).from(transactions);
  expect(owners.length).toBeGreaterThan(1);
  const seen = { nullPart: false, joinedPart: false, rows: 0 };
  for (const { id } of owners) {
    const mine = await ours.execute({ userId: id });
    expect(mine).toEqual(await theirs.execute({ userId: id }));
    seen.rows += mine.length;
    seen.nullPart ||= mine.some((row) => row.subscription === null || row.counterparty === null);
    seen.joinedPart ||= mine.some((row) => row.subscription !== null && row.channel !== null);
  }
  // The seed has both kinds, so both branches were compared.
  expect(seen).toEqual({ nullPart: true, joinedPart: true, rows: expect.any(Number) });
  expect(seen.rows).toBeGreaterThan(0);
});

test('members with their users, and whole tables with SQL fields, for every subscription', async () => {
  const { db } = server.database;
  const now = sql.placeholder('now');
  const count = keptSubscriptionCount(subscriptions.id, now);
  const head = {
    subscription: subscriptions,
    channel: channels,
    subscribers: count.count,
    label: sql<string>`${channels.title} || ' / ' || ${subscriptions.name}`,
  };
  const headQuery = (fields = head) =>
    db
      .select(fields)
      .from(subscriptions)
      .innerJoin(channels, eq(channels.id, subscriptions.channelId))
      .leftJoin(count.table, count.on)
      .where(eq(subscriptions.id, sql.placeholder('id')));
  const membersQuery = (fields = memberWithUserColumns) =>
    db
      .select(fields)
      .from(subscriptionMembers)
      .innerJoin(users, eq(users.id, subscriptionMembers.userId))
      .where(
        and(
          eq(subscriptionMembers.subscriptionId, sql.placeholder('id')),
          sql`${subscriptionMembers.createdAt} <= ${sql.placeholder('now')}::timestamptz`,
        ),
      )
      .orderBy(desc(subscriptionMembers.createdAt), desc(subscriptionMembers.id));
  const pairs = [
    [prepareShaped(db, name('head'), head, headQuery), headQuery().prepare(name('head_drizzle'))],
    [
      prepareShaped(db, name('members'), memberWithUserColumns, membersQuery),
      membersQuery().prepare(name('members_drizzle')),
    ],
  ] as const;
  const ids = await db.select({ id: subscriptions.id }).from(subscriptions);
  let members = 0;
  for (const { id } of ids) {
    for (const [ours, theirs] of pairs) {
      const values = { id, now: new Date(server.clock.now()) };
      const mine = await ours.execute(values);
      expect(mine).toEqual(await theirs.execute(values));
      if (ours === pairs[1][0]) members += mine.length;
    }
  }
  expect(members).toBeGreaterThan(0);
});

test('an array placeholder and a follower memberships page as the dashboard reads it', async () => {
  const { db } = server.database;
  const selection = { member: ownMemberColumns, subscriptionName: subscriptions.name };
  const query = (fields = selection) =>
    db
      .select(fields)
      .from(subscriptionMembers)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
      .where(
        and(
          sql`${subscriptionMembers.userId} = any(${sql.placeholder('ids')}::bigint[])`,
          isNotNull(subscriptionMembers.activatedAt),
        ),
      )
      .orderBy(desc(subscriptionMembers.createdAt), desc(subscriptionMembers.id));
  const ids = (await db.select({ id: users.id }).from(users)).map((user) => user.id);
  const mine = await prepareShaped(db, name('array'), selection, query).execute({ ids });
  expect(mine.length).toBeGreaterThan(0);
  expect(mine).toEqual(await query().prepare(name('array_drizzle')).execute({ ids }));
  expect(mine[0]!.member.createdAt).toBeInstanceOf(Date);
});

test('refuses a column its decoder would change, and names a missing placeholder', async () => {
  const { db } = server.database;
  const images = { bytes: donationImages.bytes };
  expect(() => prepareShaped(db, name('bytea'), images, (fields) => db.select(fields).from(donationImages))).toThrow(
    /column bytes \(PgCustomColumn\) is not shaped/,
  );
  const selection = { id: users.id };
  const query = (fields: typeof selection) =>
    db
      .select(fields)
      .from(users)
      .where(eq(users.id, sql.placeholder('id')));
  await expect(prepareShaped(db, name('missing'), selection, query).execute({})).rejects.toThrow(/"id"/);
});

test('a select list of more values than a function takes, and values JSON writes its own way', async () => {
  const { db } = server.database;
  // 120 values: more than json_build_array's 100 arguments. Then an int8 beyond JSON's safe integers is refused, and
  // a timestamp before year 1000 and an infinite one read as drizzle reads them.
  const wide = Object.fromEntries(
    Array.from({ length: 120 }, (_, index) => [`v${index}`, index % 2 === 0 ? users.id : users.firstName]),
  );
  const query = (fields: typeof wide) =>
    db
      .select(fields)
      .from(users)
      .where(eq(users.id, sql.placeholder('id')));
  const [someone] = await db.select({ id: users.id }).from(users).limit(1);
  const mine = await prepareShaped(db, name('wide'), wide, query).execute({ id: someone!.id });
  expect(mine).toEqual(await query(wide).prepare(name('wide_drizzle')).execute({ id: someone!.id }));
  expect(Object.keys(mine[0]!)).toHaveLength(120);

  const big = { n: sql<number>`9007199254740993::bigint` };
  await expect(
    prepareShaped(db, name('big'), big, (fields) => db.select(fields).from(users).limit(1)).execute(),
  ).rejects.toThrow(/exceeds the safe integer range/);
  const probe = pgTable('row_shapes_probe', {
    id: integer('id').notNull(),
    at: timestamp('at', { withTimezone: true }),
  });
  await db.execute(sql`create table row_shapes_probe (id integer not null, at timestamptz)`);
  try {
    await db.execute(sql`insert into row_shapes_probe values (1, 'infinity'), (2, '0999-03-15 12:00:00+00'),
      (3, '2026-11-30 12:34:56.789123+05:30'), (4, null)`);
    const times = { id: probe.id, at: probe.at };
    const timesQuery = (fields: typeof times) => db.select(fields).from(probe).orderBy(probe.id);
    const read = await prepareShaped(db, name('times'), times, timesQuery).execute();
    const drizzles = await timesQuery(times).prepare(name('times_drizzle')).execute();
    expect(read.map((row) => row.at?.getTime() ?? null)).toEqual(drizzles.map((row) => row.at?.getTime() ?? null));
    expect(read[2]!.at!.toISOString()).toBe('2026-11-30T07:04:56.789Z');
    expect(read[3]!.at).toBeNull();
  } finally {
    await db.execute(sql`drop table row_shapes_probe`);
  }
});
