/**
 * A page of one member group as SQL: the ids and positions (`at`) of a page and the row after it (PAGE_SIZE, or
 * PAIRED_PAGE_SIZE on the subscription page) after an optional cursor, ordered by `at` then id, both descending, for
 * the subscription page (detailReads.ts) and the members list's group pages (membersRepository.ts).
 * - The live group is the standing memberships ("one-time or still renewing", liveMemberSql) not expired at now,
 *   newest first (`at` is created_at): the newest members are the ones who joined lately, so the read passes over
 *   few expired ones.
 * - The inactive group is the memberships not standing and the standing ones expired at now, latest end first (`at`
 *   is the expiry, 'infinity' without one): who left last comes first, as in the expired filter, and each part is one
 *   range of an end-ordered index. Ordered by creation, the standing part passed over every member who joined since
 *   the newest one that lapsed (a month of joiners, thousands for a big creator).
 *
 * Each part is one range of a partial index read from the index alone (migrations 0064, 0069).
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type CursorPosition, END_OF_TIME_MS, PAGE_SIZE } from '../../platform/db/cursor';
import { standingMemberSql } from '../../platform/db/members';
import type { MemberFields } from '../../platform/db/projections';

export type MemberGroup = 'live' | 'inactive';

const STANDING = standingMemberSql('s');
/** A membership's end as the inactive group orders it, the expression of its not-standing index (migration 0069). */
const END = sql`coalesce(s.expires_at, 'infinity'::timestamptz)`;

export interface GroupPageValues {
  readonly subscriptionId: SQL | Placeholder | number;
  /** A timestamptz. */
  readonly now: SQL;
  /** The cursor's position (timestamptz) and id (bigint); null: the first page. */
  readonly after: { readonly at: SQL; readonly id: SQL } | null;
  /** Rows to a page (PAGE_SIZE by default). */
  readonly size?: number;
}

/** Where a member of the group stands in its order: what the next page's cursor holds. */
export function groupPosition(group: MemberGroup): (member: MemberFields) => CursorPosition {
  if (group === 'live') return (member) => ({ t: member.createdAt.getTime(), id: member.id });
  return (member) => ({ t: member.expiresAt?.getTime() ?? END_OF_TIME_MS, id: member.id });
}

/** `(select id, at …)`: a page of the group in its order and the row after it. */
export function groupPageSql(
  group: MemberGroup,
  { subscriptionId, now, after, size = PAGE_SIZE }: GroupPageValues,
): SQL {
  // A literal, so a prepared statement's generic plan knows it.
  const PAGE = sql.raw(String(size + 1));
  const part = (at: SQL, where: SQL) =>
    sql`(select s.id, ${at} as at from subscription_members s where s.subscription_id = ${subscriptionId} and ${where}${
      after === null ? sql`` : sql` and (${at}, s.id) < (${after.at}, ${after.id})`
    } order by ${at} desc, s.id desc limit ${PAGE})`;
  if (group === 'live')
    return part(sql`s.created_at`, sql`${STANDING} and (s.expires_at is null or s.expires_at > ${now})`);
  return sql`(select p.id, p.at from (${part(END, sql`not ${STANDING}`)}
    union all ${part(sql`s.expires_at`, sql`${STANDING} and s.expires_at <= ${now}`)}) p
    order by p.at desc, p.id desc limit ${PAGE})`;
}
