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
 * A kept count (migration 0041) joined to the rows it counts for, for a prepared statement: the statement left-joins
 * `table` on `on` and selects `count`, the subscriber count at `now` (subscription_live_members' result, written
 * out: a SQL function's body is planned again at every call). A join, not a subquery in the select list: the kept
 * counts are a small table beside the rows read, so PostgreSQL planned the subquery as a scan of the whole table for
 * each row (300 kept counts read for each of a follower's 21 memberships, half the statement's time), where a join
 * is planned once for the page: one descent of the key per row, or the table hashed once. Without a kept count
 * (a subscription nobody joined yet) the count is 0. `alias` names the joined table, unique in the statement.
 */
export interface KeptCount {
  readonly table: SQL;
  readonly on: SQL;
  readonly count: SQL<number>;
}

/**
 * The ends between the kept count's counted_at and `now` are read in one range of the index, whichever comes first:
 * ends passed since counted_at are taken off (the count is behind now), ends not yet reached are added back (a clock
 * behind counted_at). One index range per count, not one each way.
 */
const direction = (k: ReturnType<typeof sql.identifier>, now: SQL | Placeholder | Date): SQL =>
  sql`(case when ${k}.counted_at <= ${now}::timestamptz then -1 else 1 end)`;

/** A subscription's kept subscriber count, joined; `id` names the subscription. */
export function keptSubscriptionCount(
  id: SQL | SQL.Aliased | AnyColumn,
  now: SQL | Placeholder | Date,
  alias = 'ks',
): KeptCount {
  const k = sql.identifier(alias);
  const standing = standingMemberSql('e');
  return {
    table: sql`subscription_live_counts ${k}`,
    on: sql`${k}.subscription_id = ${id}`,
    count: sql<number>`coalesce(${k}.live + ${direction(k, now)}
    * (select count(*) from subscription_members e where e.subscription_id = ${k}.subscription_id and ${standing}
        and e.expires_at > least(${k}.counted_at, ${now}::timestamptz)
        and e.expires_at <= greatest(${k}.counted_at, ${now}::timestamptz)), 0)`,
  };
}

/** A channel's kept count of distinct subscribers, joined likewise (channel_live_members, migration 0041). */
export function keptChannelCount(
  id: SQL | SQL.Aliased | AnyColumn,
  now: SQL | Placeholder | Date,
  alias = 'kc',
): KeptCount {
  const k = sql.identifier(alias);
  return {
    table: sql`channel_live_counts ${k}`,
    on: sql`${k}.channel_id = ${id}`,
    count: sql<number>`coalesce(${k}.live + ${direction(k, now)}
    * (select count(*) from channel_member_ends e where e.channel_id = ${k}.channel_id
        and e.ends_at > least(${k}.counted_at, ${now}::timestamptz)
        and e.ends_at <= greatest(${k}.counted_at, ${now}::timestamptz)), 0)`,
  };
}
