/**
 * The channel page's reads (GET /channel/{id}) as prepared statements, built once per database and prepared once per
 * connection on PostgreSQL, all three sent at once: the channel with its subscriber count (whoever owns it: the
 * caller checks the owner and moderation from the row, as ownedChannel does), and the first pages of its
 * subscriptions (with their counts) and of what it earned its owner. The two pages are read only for the asking
 * user's own channel, so someone else's channel reads nothing of it. Shapes and rules match ChannelsRepository.byId and
 * activeSubscribers, SubscriptionsRepository.pageByChannel and activeSubscribers, TransactionsRepository.pageForChannel.
 * The counts are the kept counts joined (members.ts, KeptCount).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { CHANNEL_TRANSACTION_TYPES } from '../../../src/domain/transactions';
import { PAGE_SIZE } from '../../platform/db/cursor';
import type { Db } from '../../platform/db/db';
import { keptChannelCount, keptSubscriptionCount } from '../../platform/db/members';
import {
  type ChannelRow,
  type SubscriptionRow,
  channels,
  subscriptions,
  transactions as t,
} from '../../platform/db/schema';
import { type TransactionView, transactionViewsQuery } from '../transactions/repository';

export interface ChannelPageReads {
  readonly channel: { readonly channel: ChannelRow; readonly activeSubscribers: number } | undefined;
  /** PAGE_SIZE + 1 rows, newest first; none unless the user owns the channel. */
  readonly subscriptions: { readonly subscription: SubscriptionRow; readonly activeSubscribers: number }[];
  /** PAGE_SIZE + 1 rows, newest first; none unless the user owns the channel. */
  readonly transactions: TransactionView[];
}

export function channelPageReads(db: Db) {
  const channelId = sql.placeholder('channelId');
  const userId = sql.placeholder('userId');
  const now = sql.placeholder('now');
  const channelCount = keptChannelCount(channels.id, now);
  const channel = db
    .select({ channel: channels, activeSubscribers: channelCount.count })
    .from(channels)
    .leftJoin(channelCount.table, channelCount.on)
    .where(eq(channels.id, channelId))
    .prepare('channel_page_channel');
  const subscriptionCount = keptSubscriptionCount(subscriptions.id, now);
  const subscriptionsPage = db
    .select({ subscription: subscriptions, activeSubscribers: subscriptionCount.count })
    .from(subscriptions)
    .leftJoin(subscriptionCount.table, subscriptionCount.on)
    .where(
      and(
        eq(subscriptions.channelId, channelId),
        sql`exists(select 1 from channels c where c.id = ${channelId} and c.owner_id = ${userId})`,
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(PAGE_SIZE + 1)
    .prepare('channel_page_subscriptions');
  const transactionsPage = transactionViewsQuery(
    db,
    and(eq(t.channelId, channelId), eq(t.userId, userId), inArray(t.type, [...CHANNEL_TRANSACTION_TYPES])),
  )
    .limit(PAGE_SIZE + 1)
    .prepare('channel_page_transactions');

  return async (user: number, id: number, at: Date): Promise<ChannelPageReads> => {
    const [channelRows, subscriptionRows, transactionRows] = await Promise.all([
      channel.execute({ channelId: id, now: at }),
      subscriptionsPage.execute({ channelId: id, userId: user, now: at }),
      transactionsPage.execute({ channelId: id, userId: user }),
    ]);
    const [row] = channelRows;
    return {
      channel: row && { channel: row.channel, activeSubscribers: Number(row.activeSubscribers) },
      subscriptions: subscriptionRows.map((r) => ({
        subscription: r.subscription,
        activeSubscribers: Number(r.activeSubscribers),
      })),
      transactions: transactionRows,
    };
  };
}
