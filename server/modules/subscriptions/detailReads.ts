/**
 * The subscription page's reads (GET /subscription/{id}) as prepared statements, built once per database and prepared
 * once per connection on PostgreSQL, both sent at once: the subscription with its channel and both subscriber
 * counts (whoever owns it: the caller checks the owner and moderation from the row, as ownedSubscription does), and
 * the first page of each member group (PAIRED_PAGE_SIZE: one group is shown at a time) with the members' users, both
 * groups in one statement (not one per group: that spares the database a statement's fixed cost on every page). The
 * member pages are read only for the asking user's own subscription, so someone else's reads nothing of it. Shapes
 * and rules match SubscriptionsRepository byIdWithChannel and activeSubscribers, ChannelsRepository.activeSubscribers
 * and memberPages (membersRepository.ts) (filter 'all', a group, no cursor).
 * Each statement keeps one generic plan: the page size is a literal (a limit the plan cannot see makes PostgreSQL plan
 * every execution again), and the subscriber counts are the kept counts joined (members.ts, KeptCount).
 * A group's page takes its ids from ranges of partial indexes read from the index alone (memberGroups.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { PAIRED_PAGE_SIZE } from '../../platform/db/cursor';
import { prepareShaped } from '../../platform/db/rowShapes';
import type { Db } from '../../platform/db/db';
import { keptChannelCount, keptSubscriptionCount } from '../../platform/db/members';
import {
  type ChannelRow,
  type SubscriptionRow,
  channels,
  subscriptionMembers as m,
  subscriptions,
  users,
} from '../../platform/db/schema';
import { type MemberUser, memberWithUserColumns } from './membersRepository';
import { type MemberGroup, groupPageSql } from './memberGroups';
import type { MemberFields } from '../../platform/db/projections';

export interface SubscriptionDetailReads {
  readonly found:
    | {
        readonly subscription: SubscriptionRow;
        readonly channel: ChannelRow;
        readonly subscribers: number;
        readonly channelSubscribers: number;
      }
    | undefined;
  /**
   * PAIRED_PAGE_SIZE + 1 members of each group in its order (memberGroups.ts); none unless the user owns the
   * subscription.
   */
  readonly live: { member: MemberFields; user: MemberUser }[];
  readonly inactive: { member: MemberFields; user: MemberUser }[];
}

export function subscriptionDetailReads(db: Db) {
  const subscriptionId = sql.placeholder('subscriptionId');
  const userId = sql.placeholder('userId');
  const now = sql.placeholder('now');
  const subscriptionCount = keptSubscriptionCount(subscriptions.id, now);
  const channelCount = keptChannelCount(channels.id, now);
  const headColumns = {
    subscription: subscriptions,
    channel: channels,
    subscribers: subscriptionCount.count,
    channelSubscribers: channelCount.count,
  };
  const head = prepareShaped(db, 'subscription_detail_head', headColumns, (fields) =>
    db
      .select(fields)
      .from(subscriptions)
      .innerJoin(channels, eq(channels.id, subscriptions.channelId))
      .leftJoin(subscriptionCount.table, subscriptionCount.on)
      .leftJoin(channelCount.table, channelCount.on)
      .where(eq(subscriptions.id, subscriptionId)),
  );
  // Both groups' first pages (memberGroups.ts), tagged with the group.
  const groupPage = (group: MemberGroup) =>
    groupPageSql(group, { subscriptionId, now: sql`${now}::timestamptz`, after: null, size: PAIRED_PAGE_SIZE });
  const groups = sql`((select true as live, p.id, p.at from ${groupPage('live')} p)
    union all (select false, p.id, p.at from ${groupPage('inactive')} p)) g`;
  const ownerAsks = sql`exists(select 1 from subscriptions s join channels c on c.id = s.channel_id
    where s.id = ${subscriptionId} and c.owner_id = ${userId})`;
  // Both groups' pages in one statement: the members joined to the ids their group's page chose (one descent of the
  // primary key per member shown, no set to build first), with their users.
  const pageColumns = { live: sql<boolean>`g.live`, ...memberWithUserColumns };
  const pages = prepareShaped(db, 'subscription_detail_members', pageColumns, (fields) =>
    db
      .select(fields)
      .from(m)
      .innerJoin(groups, sql`${m.id} = g.id`)
      .innerJoin(users, eq(users.id, m.userId))
      .where(ownerAsks)
      .orderBy(sql`g.live desc, g.at desc, g.id desc`),
  );

  return async (user: number, id: number, at: Date): Promise<SubscriptionDetailReads> => {
    const [heads, members] = await Promise.all([
      head.execute({ subscriptionId: id, now: at }),
      pages.execute({ subscriptionId: id, userId: user, now: at }),
    ]);
    const [row] = heads;
    const live: SubscriptionDetailReads['live'] = [];
    const inactive: SubscriptionDetailReads['inactive'] = [];
    for (const { live: isLive, member, user: memberUser } of members)
      (isLive ? live : inactive).push({ member, user: memberUser });
    return {
      found: row && {
        subscription: row.subscription,
        channel: row.channel,
        subscribers: Number(row.subscribers),
        channelSubscribers: Number(row.channelSubscribers),
      },
      live,
      inactive,
    };
  };
}
