/**
 * Subscription members. The filters follow src/domain/members.ts (expired: expiry reached; expiring: not expired
 * but will not renew; active: the rest; one-time memberships are always active) and are evaluated in SQL at the
 * server clock's `now`. Each list is a keyset scan of one index range (migration 0046): `all` newest first (a group's
 * page in its group's order: memberGroups.ts); `expired` latest expiry first; `expiring` and `active` soonest end
 * first (no expiry last), so a filter that depends on now reads only rows that pass it.
 */
import {
  type Placeholder,
  and,
  asc,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { MemberFilter } from '../../../src/domain/entities';
import { type CursorPosition, END_OF_TIME_MS, PAGE_SIZE } from '../../platform/db/cursor';
import type { Db, DbOrTx } from '../../platform/db/db';
import { liveMemberSql } from '../../platform/db/members';
import { prepareShaped } from '../../platform/db/rowShapes';
import { type MemberFields, memberFieldColumns } from '../../platform/db/projections';
import { type MemberRow, type UserRow, subscriptionMembers as m, users } from '../../platform/db/schema';
import { type MemberGroup, groupPageSql, groupPosition } from './memberGroups';

/** What member lists show of a member's user. */
export type MemberUser = Pick<UserRow, 'id' | 'telegramId' | 'firstName' | 'lastName' | 'username' | 'photoUrl'>;

export type { MemberGroup } from './memberGroups';

/** What a members page reads: each membership with the member's user (memberPages and the subscription page). */
export const memberWithUserColumns = {
  member: memberFieldColumns,
  user: {
    id: users.id,
    telegramId: users.telegramId,
    firstName: users.firstName,
    lastName: users.lastName,
    username: users.username,
    photoUrl: users.photoUrl,
  },
};

/** A membership's end as the filtered lists order it: its expiry, 'infinity' when it has none (index expressions). */
const endsAt = sql`coalesce(${m.expiresAt}, 'infinity'::timestamptz)`;
/** The lasting part of `expiring` and `active`: the predicates of their partial indexes, word for word. */
const notRenewing = sql`(${m.period} <> 'onetime' and (${m.status} = 'cancelled' or ${m.renewalFailed}))`;
const renewing = sql`((${m.status} = 'active' and not ${m.renewalFailed}) or (${m.period} = 'onetime' and ${m.expiresAt} is null))`;

/** A page's instants and position as SQL: placeholders in the prepared statements, values in pageQuery's. */
interface PageValues {
  readonly subscriptionId: SQL | Placeholder | number;
  readonly now: SQL;
  /** The cursor's time (its list's order) and id; null: the first page. */
  readonly after: { readonly at: SQL; readonly id: SQL } | null;
}

/** A cursor's time as the instant it stands for: END_OF_TIME_MS is a membership without an end. */
const cursorTime = (t: number): string => (t >= END_OF_TIME_MS ? 'infinity' : new Date(t).toISOString());

/** The position of a member in its list's order (see the file's comment): what the next page's cursor holds. */
export function memberPositionFor(
  filter: MemberFilter,
  group: MemberGroup | undefined,
): (member: MemberFields) => CursorPosition {
  if (filter === 'all' && group !== undefined) return groupPosition(group);
  if (filter === 'all') return (member) => ({ t: member.createdAt.getTime(), id: member.id });
  return (member) => ({ t: member.expiresAt?.getTime() ?? END_OF_TIME_MS, id: member.id });
}

/** The filter's condition, its cursor and its order: each an index range (migration 0046). */
function filterPage(filter: MemberFilter, { now, after }: PageValues): { where: (SQL | undefined)[]; order: SQL[] } {
  switch (filter) {
    case 'all':
      return {
        where: [after === null ? undefined : sql`(${m.createdAt}, ${m.id}) < (${after.at}, ${after.id})`],
        order: [desc(m.createdAt), desc(m.id)],
      };
    case 'expired':
      return {
        where: [
          memberFilterSql('expired', now),
          after === null ? undefined : sql`(${m.expiresAt}, ${m.id}) < (${after.at}, ${after.id})`,
        ],
        order: [desc(m.expiresAt), desc(m.id)],
      };
    case 'expiring':
    case 'active':
      return {
        where: [
          filter === 'expiring' ? notRenewing : renewing,
          sql`${endsAt} > ${now}`,
          after === null ? undefined : sql`(${endsAt}, ${m.id}) > (${after.at}, ${after.id})`,
        ],
        order: [asc(endsAt), asc(m.id)],
      };
  }
}

export function memberFilterSql(filter: MemberFilter, now: SQL): SQL | undefined {
  // A one-time membership has no expiry unless a refund ended it (src/domain/members.ts).
  const oneTime = and(eq(m.period, 'onetime'), isNull(m.expiresAt))!;
  const expired = and(isNotNull(m.expiresAt), lte(m.expiresAt, now))!;
  const notExpired = or(isNull(m.expiresAt), gt(m.expiresAt, now))!;
  switch (filter) {
    case 'all':
      return undefined;
    case 'expired':
      return expired;
    case 'expiring':
      return and(notExpired, ne(m.period, 'onetime'), or(eq(m.status, 'cancelled'), eq(m.renewalFailed, true)));
    case 'active':
      return or(oneTime, and(notExpired, eq(m.status, 'active'), eq(m.renewalFailed, false)));
  }
}

/** Live group: who counts as a subscriber (src/domain/members.ts isLiveMember, liveMemberSql). */
export function memberGroupSql(group: MemberGroup | undefined, now: SQL): SQL | undefined {
  if (group === undefined) return undefined;
  const live = liveMemberSql('subscription_members', now);
  return group === 'live' ? live : not(live);
}

/**
 * A members page with each member's user: PAGE_SIZE + 1 rows of one filter (and group), after a cursor or not.
 * `fields` is the select list, which prepareShaped (rowShapes.ts) replaces with one JSON array of the same columns.
 */
function pageSelect(
  db: DbOrTx,
  filter: MemberFilter,
  group: MemberGroup | undefined,
  values: PageValues,
  fields: typeof memberWithUserColumns = memberWithUserColumns,
) {
  if (filter === 'all' && group !== undefined) {
    // A group's page (memberGroups.ts): the memberships joined to the ids it chose, with their users.
    const ids = groupPageSql(group, values);
    return db
      .select(fields)
      .from(m)
      .innerJoin(sql`${ids} g`, sql`${m.id} = g.id`)
      .innerJoin(users, eq(users.id, m.userId))
      .orderBy(sql`g.at desc, g.id desc`)
      .limit(PAGE_SIZE + 1);
  }
  const page = filterPage(filter, values);
  return db
    .select(fields)
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(eq(m.subscriptionId, values.subscriptionId), memberGroupSql(group, values.now), ...page.where))
    .orderBy(...page.order)
    .limit(PAGE_SIZE + 1);
}

export interface MemberPageOptions {
  readonly filter: MemberFilter;
  readonly group?: MemberGroup;
  readonly cursor: CursorPosition | null;
  readonly now: Date;
}

/**
 * POST /subscription/{id}/members's reads as prepared statements, one per filter, group and first or later page (24
 * at most), each made on first use and prepared once per connection on PostgreSQL: built and planned on every request,
 * a page cost about three times a subscription page, which reads two. Rows as pageQuery's.
 */
export function memberPages(db: Db) {
  const statements = new Map<string, ReturnType<typeof prepare>>();
  const prepare = (filter: MemberFilter, group: MemberGroup | undefined, after: boolean) =>
    prepareShaped(
      db,
      `members_page_${filter}_${group ?? 'any'}_${after ? 'after' : 'first'}`,
      memberWithUserColumns,
      (fields) =>
        pageSelect(
          db,
          filter,
          group,
          {
            subscriptionId: sql.placeholder('subscriptionId'),
            now: sql`${sql.placeholder('now')}::timestamptz`,
            after: after
              ? { at: sql`${sql.placeholder('afterAt')}::timestamptz`, id: sql`${sql.placeholder('afterId')}` }
              : null,
          },
          fields,
        ),
    );
  return (subscriptionId: number, { filter, group, cursor, now }: MemberPageOptions) => {
    const key = `${filter} ${group ?? ''} ${cursor === null ? 'first' : 'after'}`;
    let statement = statements.get(key);
    if (statement === undefined) {
      statement = prepare(filter, group, cursor !== null);
      statements.set(key, statement);
    }
    return statement.execute({
      subscriptionId,
      now: now.toISOString(),
      ...(cursor === null ? {} : { afterAt: cursorTime(cursor.t), afterId: cursor.id }),
    });
  };
}

export class MembersRepository {
  constructor(private readonly db: DbOrTx) {}

  async byId(id: number): Promise<MemberRow | undefined> {
    const [row] = await this.db.select().from(m).where(eq(m.id, id));
    return row;
  }

  /** memberPages's statement for these values, unprepared and unsent (bench:scale explains it). */
  pageQuery(subscriptionId: number, { filter, group, cursor, now }: MemberPageOptions) {
    return pageSelect(this.db, filter, group, {
      subscriptionId,
      now: sql`${now.toISOString()}::timestamptz`,
      after: cursor === null ? null : { at: sql`${cursorTime(cursor.t)}::timestamptz`, id: sql`${cursor.id}` },
    });
  }

  async byUserAndSubscription(userId: number, subscriptionId: number): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(m)
      .where(and(eq(m.userId, userId), eq(m.subscriptionId, subscriptionId)));
    return row;
  }
}
