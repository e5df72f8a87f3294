/**
 * A page of one member group as SQL, newest first (created_at, then id): the ids and creation times of PAGE_SIZE + 1
 * memberships after an optional cursor, for the subscription page (detailReads.ts) and the members list's group pages
 * (membersRepository.ts). The live group is the standing memberships ("one-time or still renewing", liveMemberSql)
 * not expired at now; the inactive group is the memberships not standing, and the standing ones expired at now.
 *
 * Each part is one range of a partial index read from the index alone (migrations 0064, 0068). Expiry depends on now,
 * which no index holds, so the live part passes over standing memberships expired at now as index entries. The
 * inactive group's standing part is read by expiry when it is small (at most FEW_EXPIRED memberships: a one-time
 * subscription, a new one, where walking the standing memberships by creation passed over every one of them to find
 * none), and by creation, passing over the live ones, when it is not (the first page is then found among the newest).
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '../../platform/db/cursor';
import { standingMemberSql } from '../../platform/db/members';

export type MemberGroup = 'live' | 'inactive';

/** Up to this many standing memberships expired at now are read all, by expiry, and sorted. */
export const FEW_EXPIRED = 200;

/** A page and the row after it: a literal, so a prepared statement's generic plan knows it. */
const PAGE = sql.raw(String(PAGE_SIZE + 1));
const FEW = sql.raw(String(FEW_EXPIRED));
const MORE_THAN_FEW = sql.raw(String(FEW_EXPIRED + 1));
const STANDING = standingMemberSql('s');

export interface GroupPageValues {
  readonly subscriptionId: SQL | Placeholder | number;
  /** A timestamptz. */
  readonly now: SQL;
  /** The cursor's created_at and id (timestamptz, bigint); null: the first page. */
  readonly after: { readonly at: SQL; readonly id: SQL } | null;
}

/** `(select id, created_at …)`: a page of the group, newest first, PAGE_SIZE + 1 rows. */
export function groupPageSql(group: MemberGroup, { subscriptionId, now, after }: GroupPageValues): SQL {
  const cursor = (table: string) =>
    after === null
      ? sql``
      : sql` and (${sql.raw(table)}.created_at, ${sql.raw(table)}.id) < (${after.at}, ${after.id})`;
  const part = (lasting: SQL, when: SQL | null) =>
    sql`(select s.id, s.created_at from subscription_members s where s.subscription_id = ${subscriptionId}
      and ${lasting}${when === null ? sql`` : sql` and ${when}`}${cursor('s')}
      order by s.created_at desc, s.id desc limit ${PAGE})`;
  if (group === 'live') return part(STANDING, sql`(s.expires_at is null or s.expires_at > ${now})`);
  // The standing memberships expired at now, up to one more than FEW_EXPIRED, along the expiry index: all of them
  // when they are few, and a sign that they are not.
  const expiredStanding = sql`(with e as (select s.id, s.created_at from subscription_members s
      where s.subscription_id = ${subscriptionId} and ${STANDING} and s.expires_at <= ${now}
      order by s.expires_at desc limit ${MORE_THAN_FEW})
    (select e.id, e.created_at from e where (select count(*) from e) <= ${FEW}${cursor('e')}
      order by e.created_at desc, e.id desc limit ${PAGE})
    union all
    ${part(STANDING, sql`s.expires_at <= ${now} and (select count(*) from e) > ${FEW}`)})`;
  return sql`(select p.id, p.created_at from (${part(sql`not ${STANDING}`, null)} union all ${expiredStanding}) p
    order by p.created_at desc, p.id desc limit ${PAGE})`;
}
