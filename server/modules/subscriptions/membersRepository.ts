/**
 * Subscription members. The filters follow src/domain/members.ts (expired: expiry reached; expiring: not expired
 * but will not renew; active: the rest; one-time memberships are always active) and are evaluated in SQL at the
 * server clock's `now`, so paging stays a keyset scan.
 */
import { and, desc, eq, gt, isNotNull, isNull, lte, ne, not, or, type SQL } from 'drizzle-orm';
import type { MemberFilter } from '../../../src/domain/entities';
import { type CursorPosition, PAGE_SIZE, afterCursor } from '../../platform/db/cursor';
import type { DbOrTx } from '../../platform/db/db';
import { liveMemberSql } from '../../platform/db/members';
import { type MemberRow, type UserRow, subscriptionMembers as m, users } from '../../platform/db/schema';

/** What member lists show of a member's user. */
export type MemberUser = Pick<UserRow, 'id' | 'telegramId' | 'firstName' | 'lastName' | 'username' | 'photoUrl'>;

export type MemberGroup = 'live' | 'inactive';

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

  /** A page of the subscription's members (filter, group, keyset cursor) with each one's user, in one round trip. */
  async pageWithUsers(
    subscriptionId: number,
    options: { filter: MemberFilter; group?: MemberGroup; cursor: CursorPosition | null; now: Date },
    size = PAGE_SIZE,
  ): Promise<{ member: MemberRow; user: MemberUser }[]> {
    return this.db
      .select({
        member: m,
        user: {
          id: users.id,
          telegramId: users.telegramId,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          photoUrl: users.photoUrl,
        },
      })
      .from(m)
      .innerJoin(users, eq(users.id, m.userId))
      .where(
        and(
          eq(m.subscriptionId, subscriptionId),
          memberFilterSql(options.filter, options.now),
          memberGroupSql(options.group, options.now),
          afterCursor(m.createdAt, m.id, options.cursor),
        ),
      )
      .orderBy(desc(m.createdAt), desc(m.id))
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
