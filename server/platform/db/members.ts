/**
 * Who counts as a subscriber, in SQL: the twin of isLiveMember (src/domain/members.ts), used by the live group and
 * by every subscriber count (subscription, channel, dashboard) so none of them can disagree.
 */
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * Not expired, and one-time or still renewing. `table` is how the query names subscription_members (its alias in
 * a subquery); `now` is a Date or a prepared statement's placeholder.
 */
export function liveMemberSql(table: string, now: SQL | Placeholder | Date): SQL {
  const column = (name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
  return sql`((${column('expires_at')} is null or ${column('expires_at')} > ${now}) and ${standingMemberSql(table)})`;
}

/**
 * The lasting part of liveMemberSql: one-time or still renewing ("standing"), whatever the time. Partial indexes
 * carry it as their predicate (migrations 0041, 0064).
 */
export function standingMemberSql(table: string): SQL {
  const column = (name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
  return sql`(${column('period')} = 'onetime' or ${column('status')} = 'active')`;
}

/**
 * A subscription's subscriber count at `now`, from its kept count (migration 0041: the count moved from when it was
 * kept to `now` over the index entries in between), never by counting its members. `id` names the subscription.
 */
export function subscriptionLiveMembersSql(
  id: SQL | SQL.Aliased | AnyColumn,
  now: SQL | Placeholder | Date,
): SQL<number> {
  return sql<number>`subscription_live_members(${id}, ${now}::timestamptz)`;
}

/** A channel's distinct subscribers at `now`, from its kept count likewise (migration 0041). */
export function channelLiveMembersSql(id: SQL | SQL.Aliased | AnyColumn, now: SQL | Placeholder | Date): SQL<number> {
  return sql<number>`channel_live_members(${id}, ${now}::timestamptz)`;
}

/**
 * subscriptionLiveMembersSql written out (the same arithmetic as subscription_live_members, migration 0041) for a
 * prepared statement: its plan is made once, while a call of the SQL function plans the function's body again on
 * every execution. `id` names the subscription.
 */
export function subscriptionLiveMembersInlineSql(
  id: SQL | SQL.Aliased | AnyColumn,
  now: SQL | Placeholder | Date,
): SQL<number> {
  const standing = standingMemberSql('e');
  return sql<number>`coalesce((select k.live
    - (select count(*) from subscription_members e where e.subscription_id = k.subscription_id and ${standing}
        and e.expires_at > k.counted_at and e.expires_at <= ${now}::timestamptz)
    + (select count(*) from subscription_members e where e.subscription_id = k.subscription_id and ${standing}
        and e.expires_at > ${now}::timestamptz and e.expires_at <= k.counted_at)
    from subscription_live_counts k where k.subscription_id = ${id}), 0)`;
}

/** channelLiveMembersSql written out likewise (channel_live_members, migration 0041). */
export function channelLiveMembersInlineSql(
  id: SQL | SQL.Aliased | AnyColumn,
  now: SQL | Placeholder | Date,
): SQL<number> {
  return sql<number>`coalesce((select k.live
    - (select count(*) from channel_member_ends e where e.channel_id = k.channel_id
        and e.ends_at > k.counted_at and e.ends_at <= ${now}::timestamptz)
    + (select count(*) from channel_member_ends e where e.channel_id = k.channel_id
        and e.ends_at > ${now}::timestamptz and e.ends_at <= k.counted_at)
    from channel_live_counts k where k.channel_id = ${id}), 0)`;
}
