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
  return sql`((${column('expires_at')} is null or ${column('expires_at')} > ${now}) and (${column('period')} = 'onetime' or ${column('status')} = 'active'))`;
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
