/**
 * The subscription page's reads (GET /subscription/{id}) as prepared statements, built once per database and prepared
 * once per connection on PostgreSQL, all three sent at once: the subscription with its channel and both subscriber
 * counts (whoever owns it: the caller checks the owner and moderation from the row, as ownedSubscription does), and
 * the first page of each member group with the members' users. The member pages are read only for the asking user's
 * own subscription, so someone else's reads nothing of it. Shapes and rules match SubscriptionsRepository
 * byIdWithChannel and activeSubscribers, ChannelsRepository.activeSubscribers and MembersRepository.pageWithUsers
 * (filter 'all', a group, no cursor).
 */
import { and, desc, eq, not, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '../../platform/db/cursor';
import type { Db } from '../../platform/db/db';
import { channelLiveMembersSql, liveMemberSql, subscriptionLiveMembersSql } from '../../platform/db/members';
import {
  type ChannelRow,
  type MemberRow,
  type SubscriptionRow,
  channels,
  subscriptionMembers as m,
  subscriptions,
  users,
} from '../../platform/db/schema';
import { type MemberGroup, type MemberUser, memberWithUserColumns } from './membersRepository';

export interface SubscriptionDetailReads {
  readonly found:
    | {
        readonly subscription: SubscriptionRow;
        readonly channel: ChannelRow;
        readonly subscribers: number;
        readonly channelSubscribers: number;
      }
    | undefined;
  /** PAGE_SIZE + 1 members of each group, newest first; none unless the user owns the subscription. */
  readonly live: { member: MemberRow; user: MemberUser }[];
  readonly inactive: { member: MemberRow; user: MemberUser }[];
}

export function subscriptionDetailReads(db: Db) {
  const subscriptionId = sql.placeholder('subscriptionId');
  const userId = sql.placeholder('userId');
  const now = sql.placeholder('now');
  const head = db
    .select({
      subscription: subscriptions,
      channel: channels,
      subscribers: subscriptionLiveMembersSql(subscriptions.id, now),
      channelSubscribers: channelLiveMembersSql(channels.id, now),
    })
    .from(subscriptions)
    .innerJoin(channels, eq(channels.id, subscriptions.channelId))
    .where(eq(subscriptions.id, subscriptionId))
    .prepare('subscription_detail_head');
  const membersPage = (group: MemberGroup) => {
    const live = liveMemberSql('subscription_members', now);
    return db
      .select(memberWithUserColumns)
      .from(m)
      .innerJoin(users, eq(users.id, m.userId))
      .where(
        and(
          eq(m.subscriptionId, subscriptionId),
          group === 'live' ? live : not(live),
          sql`exists(select 1 from subscriptions s join channels c on c.id = s.channel_id
            where s.id = ${subscriptionId} and c.owner_id = ${userId})`,
        ),
      )
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(PAGE_SIZE + 1)
      .prepare(`subscription_detail_${group}`);
  };
  const livePage = membersPage('live');
  const inactivePage = membersPage('inactive');

  return async (user: number, id: number, at: Date): Promise<SubscriptionDetailReads> => {
    const [heads, live, inactive] = await Promise.all([
      head.execute({ subscriptionId: id, now: at }),
      livePage.execute({ subscriptionId: id, userId: user, now: at }),
      inactivePage.execute({ subscriptionId: id, userId: user, now: at }),
    ]);
    const [row] = heads;
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
