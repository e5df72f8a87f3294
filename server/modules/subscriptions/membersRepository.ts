/**
 * Subscription members. The filters follow src/domain/members.ts (expired: expiry reached; expiring: not expired
 * but will not renew; active: the rest; one-time memberships are always active) and are evaluated in SQL at the
 * server clock's `now`. Each list is a keyset scan of one index range (migration 0046): `all` (with or without a
 * group) newest first; `expired` latest expiry first; `expiring` and `active` soonest end first (no expiry last), so
 * a filter that depends on now reads only rows that pass it.
 */
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { MemberFilter } from '../../../src/domain/entities';
import { type CursorPosition, END_OF_TIME_MS, PAGE_SIZE, afterCursor } from '../../platform/db/cursor';
import type { DbOrTx } from '../../platform/db/db';
import { liveMemberSql } from '../../platform/db/members';
import { type MemberFields, memberFieldColumns } from '../../platform/db/projections';
import { type MemberRow, type UserRow, subscriptionMembers as m, users } from '../../platform/db/schema';

/** What member lists show of a member's user. */
export type MemberUser = Pick<UserRow, 'id' | 'telegramId' | 'firstName' | 'lastName' | 'username' | 'photoUrl'>;

export type MemberGroup = 'live' | 'inactive';

/** What a members page reads: each membership with the member's user (pageWithUsers and the subscription page). */
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

/** A cursor's time as the end it stands for (END_OF_TIME_MS: no expiry). */
const endOf = (t: number): SQL =>
  t >= END_OF_TIME_MS ? sql`'infinity'::timestamptz` : sql`${new Date(t).toISOString()}::timestamptz`;

/** The position of a member in its list's order (see the file's comment): what the next page's cursor holds. */
export function memberPositionFor(filter: MemberFilter): (member: MemberFields) => CursorPosition {
  if (filter === 'all') return (member) => ({ t: member.createdAt.getTime(), id: member.id });
  return (member) => ({ t: member.expiresAt?.getTime() ?? END_OF_TIME_MS, id: member.id });
}

/** The filter's condition, its cursor and its order: each an index range (migration 0046). */
function filterPage(
  filter: MemberFilter,
  now: Date,
  cursor: CursorPosition | null,
): { where: (SQL | undefined)[]; order: SQL[] } {
  switch (filter) {
    case 'all':
      return { where: [afterCursor(m.createdAt, m.id, cursor)], order: [desc(m.createdAt), desc(m.id)] };
    case 'expired':
      return {
        where: [
          memberFilterSql('expired', now),
          cursor === null ? undefined : sql`(${m.expiresAt}, ${m.id}) < (${endOf(cursor.t)}, ${cursor.id})`,
        ],
        order: [desc(m.expiresAt), desc(m.id)],
      };
    case 'expiring':
    case 'active':
      return {
        where: [
          filter === 'expiring' ? notRenewing : renewing,
          sql`${endsAt} > ${now.toISOString()}::timestamptz`,
          cursor === null ? undefined : sql`(${endsAt}, ${m.id}) > (${endOf(cursor.t)}, ${cursor.id})`,
        ],
        order: [asc(endsAt), asc(m.id)],
      };
  }
}

export function memberFilterSql(filter: MemberFilter, now: Date): SQL | undefined {
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
export function memberGroupSql(group: MemberGroup | undefined, now: Date): SQL | undefined {
  if (group === undefined) return undefined;
  const live = liveMemberSql('subscription_members', now);
  return group === 'live' ? live : not(live);
}

export class MembersRepository {
  constructor(private readonly db: DbOrTx) {}

  async byId(id: number): Promise<MemberRow | undefined> {
    const [row] = await this.db.select().from(m).where(eq(m.id, id));
    return row;
  }

  /**
   * A page of the subscription's members (filter, group, keyset cursor from memberPositionFor) with each one's user,
   * in one round trip.
   */
  async pageWithUsers(
    subscriptionId: number,
    options: { filter: MemberFilter; group?: MemberGroup; cursor: CursorPosition | null; now: Date },
    size = PAGE_SIZE,
  ): Promise<{ member: MemberFields; user: MemberUser }[]> {
    return this.pageQuery(subscriptionId, options, size);
  }

  /** pageWithUsers's statement, unsent (bench:scale explains it). */
  pageQuery(
    subscriptionId: number,
    options: { filter: MemberFilter; group?: MemberGroup; cursor: CursorPosition | null; now: Date },
    size = PAGE_SIZE,
  ) {
    const page = filterPage(options.filter, options.now, options.cursor);
    return this.db
      .select(memberWithUserColumns)
      .from(m)
      .innerJoin(users, eq(users.id, m.userId))
      .where(and(eq(m.subscriptionId, subscriptionId), memberGroupSql(options.group, options.now), ...page.where))
      .orderBy(...page.order)
      .limit(size + 1);
  }

  async byUserAndSubscription(userId: number, subscriptionId: number): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(m)
      .where(and(eq(m.userId, userId), eq(m.subscriptionId, subscriptionId)));
    return row;
  }
}
