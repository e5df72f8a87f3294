/**
 * The creator dashboard's reads as prepared statements, built once per database (and prepared once per connection
 * on PostgreSQL): GET /dashboard is the hottest call, and building drizzle queries and sending each one costs more
 * CPU than the database spends answering them. Three round trips: the user's flags with the payout account and the
 * balance totals; the channels with their subscriber counts; the first transactions page.
 * The shapes match ChannelsRepository.listByOwnerWithCounts and TransactionsRepository.pageForUser('creator', 'all').
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type BalanceTotalsRow, type Balances, balanceBoundary, balanceTotalsQuery, balancesFromTotals } from '../ledger/ledger';
import type { Db } from '../store/db';
import type { UserFlags } from '../store/repositories/users';
import { TYPES_BY_MODE, type TransactionView } from '../store/repositories/transactions';
import { PAGE_SIZE } from '../store/cursor';
import { type ChannelRow, type PayoutAccountRow, channels, payoutAccounts, subscriptionMembers, subscriptions, transactions as t, users } from '../store/schema';

const CHANNELS_LIMIT = 100;
const counterparty = alias(users, 'counterparty');

export type WithdrawalAccountFields = Pick<PayoutAccountRow, 'countryIso2' | 'methodType' | 'currency' | 'params'>;

export interface DashboardHead {
  readonly flags: UserFlags;
  readonly account: WithdrawalAccountFields | null;
  readonly balances: Balances;
  /** The earliest member expiry after now among the creator's subscriptions (a subscriber count changes then). */
  readonly nextExpiryMs: number | null;
}

export function dashboardQueries(db: Db) {
  const userId = sql.placeholder('userId');
  const now = sql.placeholder('now');

  const channelsWithCounts = db.select({
    channel: channels,
    activeSubscribers: sql<number>`(
      select count(distinct m.user_id) from ${subscriptionMembers} m
      join ${subscriptions} s on s.id = m.subscription_id
      where s.channel_id = "channels"."id" and (m.expires_at is null or m.expires_at > ${now})
    )`,
  }).from(channels)
    .where(and(eq(channels.ownerId, userId), eq(channels.deleted, false)))
    .orderBy(asc(channels.createdAt), asc(channels.id))
    .limit(CHANNELS_LIMIT)
    .prepare('dashboard_channels');

  const creatorFirstPage = db.select({
    transaction: t,
    counterparty: {
      id: counterparty.id,
      telegramId: counterparty.telegramId,
      firstName: counterparty.firstName,
      lastName: counterparty.lastName,
      username: counterparty.username,
      photoUrl: counterparty.photoUrl,
    },
    channel: { id: channels.id, title: channels.title, photoUrl: channels.photoUrl, username: channels.username },
    subscription: { id: subscriptions.id, name: subscriptions.name, period: subscriptions.period },
  }).from(t)
    .leftJoin(counterparty, eq(counterparty.id, t.counterpartyId))
    .leftJoin(channels, eq(channels.id, t.channelId))
    .leftJoin(subscriptions, eq(subscriptions.id, t.subscriptionId))
    .where(and(eq(t.userId, userId), inArray(t.type, [...TYPES_BY_MODE.creator])))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(PAGE_SIZE + 1)
    .prepare('dashboard_creator_transactions');

  // The flags, and for the creator view the payout account and the balance totals: one row, one round trip.
  const headQuery = (withCreatorFields: boolean, name: string) => db.select({
    hasChannels: sql<boolean>`exists(select 1 from channels where owner_id = ${users.id})`,
    hasDonateChannels: sql<boolean>`exists(select 1 from donate_channels where user_id = ${users.id})`,
    migrationStatus: sql<UserFlags['migrationStatus']>`(select status from migration_requests where user_id = ${users.id})`,
    account: withCreatorFields
      ? { countryIso2: payoutAccounts.countryIso2, methodType: payoutAccounts.methodType, currency: payoutAccounts.currency, params: payoutAccounts.params }
      : sql<null>`null`,
    totals: withCreatorFields
      ? sql<BalanceTotalsRow[] | null>`(select json_agg(totals) from (${balanceTotalsQuery(sql`${users.id}`, sql`${sql.placeholder('boundary')}`)}) totals)`
      : sql<null>`null`,
    nextExpiryMs: withCreatorFields
      ? sql<number | null>`(select (extract(epoch from min(m.expires_at)) * 1000)::float8 from ${subscriptionMembers} m
          join ${subscriptions} s on s.id = m.subscription_id join ${channels} c on c.id = s.channel_id
          where c.owner_id = ${users.id} and m.expires_at > ${now})`
      : sql<null>`null`,
  }).from(users)
    .leftJoin(payoutAccounts, withCreatorFields ? eq(payoutAccounts.userId, users.id) : sql`false`)
    .where(eq(users.id, userId))
    .prepare(name);
  const creatorHead = headQuery(true, 'dashboard_creator_head');
  const followerHead = headQuery(false, 'dashboard_follower_head');

  const head = async (id: number, nowMs: number, withCreatorFields: boolean): Promise<DashboardHead> => {
    const [row] = await (withCreatorFields ? creatorHead : followerHead).execute({ userId: id, boundary: balanceBoundary(nowMs), now: new Date(nowMs) });
    return {
      flags: {
        hasChannels: row?.hasChannels === true,
        hasDonateChannels: row?.hasDonateChannels === true,
        migrationStatus: row?.migrationStatus ?? null,
      },
      account: row?.account ?? null,
      balances: balancesFromTotals(row?.totals ?? []),
      nextExpiryMs: row?.nextExpiryMs === null || row?.nextExpiryMs === undefined ? null : Number(row.nextExpiryMs),
    };
  };

  return {
    head,
    channelsWithCounts: async (id: number, at: Date): Promise<{ channel: ChannelRow; activeSubscribers: number }[]> =>
      (await channelsWithCounts.execute({ userId: id, now: at })).map((row) => ({ channel: row.channel, activeSubscribers: Number(row.activeSubscribers) })),
    creatorFirstPage: (id: number): Promise<TransactionView[]> => creatorFirstPage.execute({ userId: id }),
  };
}

export type DashboardQueries = ReturnType<typeof dashboardQueries>;
