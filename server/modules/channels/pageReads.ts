/**
 * The channel page's reads (GET /channel/{id}) as prepared statements, built once per database and prepared once per
 * connection on PostgreSQL, all three sent at once: the channel with its subscriber count (whoever owns it: the
 * caller checks the owner and moderation from the row, as ownedChannel does), and the first pages of its
 * subscriptions (with their counts) and of what it earned its owner (channelLedgerPages). The two pages are read
 * only for the asking user's own channel, so someone else's channel reads nothing of it. Shapes and rules match
 * ChannelsRepository.byId and activeSubscribers, SubscriptionsRepository.pageByChannel and activeSubscribers.
 * The counts are the kept counts joined (members.ts, KeptCount).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { CHANNEL_TRANSACTION_TYPES } from '../../../src/domain/transactions';
import { PAIRED_PAGE_SIZE } from '../../platform/db/cursor';
import type { Db } from '../../platform/db/db';
import { keptChannelCount, keptSubscriptionCount } from '../../platform/db/members';
import {
  type ChannelRow,
  type SubscriptionRow,
  channels,
  subscriptions,
  transactions as t,
} from '../../platform/db/schema';
import { prepareShaped } from '../../platform/db/rowShapes';
import type { CursorPosition } from '../../platform/db/cursor';
import { type TransactionView, preparedLedgerPages, typeIn } from '../transactions/repository';

export interface ChannelPageReads {
  readonly channel: { readonly channel: ChannelRow; readonly activeSubscribers: number } | undefined;
  /** PAIRED_PAGE_SIZE + 1 rows, newest first; none unless the user owns the channel. */
  readonly subscriptions: { readonly subscription: SubscriptionRow; readonly activeSubscribers: number }[];
  /** PAIRED_PAGE_SIZE + 1 rows, newest first; none unless the user owns the channel. */
  readonly transactions: TransactionView[];
}

export function channelPageReads(db: Db, ledger: ChannelLedgerPages) {
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
    // The page opens with two lists: half a page of each (PAIRED_PAGE_SIZE).
    .limit(PAIRED_PAGE_SIZE + 1)
    .prepare('channel_page_subscriptions');

  return async (user: number, id: number, at: Date): Promise<ChannelPageReads> => {
    const [channelRows, subscriptionRows, transactionRows] = await Promise.all([
      channel.execute({ channelId: id, now: at }),
      subscriptionsPage.execute({ channelId: id, userId: user, now: at }),
      ledger(user, id, null, true),
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

/**
 * A page of what the channel earned its owner (the asking user's own ledger lines of the channel, so someone else's
 * channel shows nothing), newest first, from the start or after a cursor: PAGE_SIZE + 1 rows (PAIRED_PAGE_SIZE + 1
 * when `opens`: the channel page's own), as prepared statements (preparedLedgerPages) of the types
 * CHANNEL_TRANSACTION_TYPES.
 */
export function channelLedgerPages(db: Db) {
  const page = preparedLedgerPages(
    db,
    'channel_ledger_page',
    and(
      eq(t.channelId, sql.placeholder('channelId')),
      eq(t.userId, sql.placeholder('userId')),
      typeIn(CHANNEL_TRANSACTION_TYPES),
    )!,
  );
  return (user: number, id: number, cursor: CursorPosition | null, opens = false): Promise<TransactionView[]> =>
    page({ channelId: id, userId: user }, cursor, opens);
}
export type ChannelLedgerPages = ReturnType<typeof channelLedgerPages>;

/**
 * The channel's ledger list (POST /channel/{id}/transactions): the channel (whoever owns it: the caller checks the
 * owner and moderation from the row, as ownedChannel does) read beside the page, one round trip of prepared reads.
 */
export function channelLedgerReads(db: Db, ledger: ChannelLedgerPages) {
  const channel = prepareShaped(db, 'channel_ledger_channel', { channel: channels }, (fields) =>
    db
      .select(fields)
      .from(channels)
      .where(eq(channels.id, sql.placeholder('channelId'))),
  );
  return async (
    user: number,
    id: number,
    cursor: CursorPosition | null,
  ): Promise<{ channel: ChannelRow | undefined; transactions: TransactionView[] }> => {
    const [rows, transactions] = await Promise.all([channel.execute({ channelId: id }), ledger(user, id, cursor)]);
    return { channel: rows[0]?.channel, transactions };
  };
}
