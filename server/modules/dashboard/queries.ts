/**
 * The dashboard's reads as prepared statements, built once per database (and prepared once per connection on
 * PostgreSQL): GET /dashboard is the hottest call, and building drizzle queries and sending each one costs more CPU
 * than the database spends answering them. All of a view's statements go out at once:
 * - creator: the user's flags with the payout account and the balance totals; the first page of channels with their
 *   subscriber counts; the first transactions page;
 * - follower: the flags with the saved cards; the first page of memberships with their subscription, channel and both
 *   subscriber counts; the first transactions page.
 * Every list is prepared twice, first page and later pages (keyset after a cursor): POST /dashboard/channels,
 * /dashboard/subscriptions and /dashboard/transactions answer the later ones.
 * For kept views: the row versions and subscriber counts of the subscriptions and channels they show (shownRows),
 * read on every hit.
 * The shapes and rules match ChannelsRepository.listByOwnerWithCounts, SubscriptionsRepository/ChannelsRepository
 * activeSubscribers, CardsRepository.listByUser and TransactionsRepository.pageForUser, which other calls use.
 */
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  type BalanceTotalsRow,
  type Balances,
  balanceBoundary,
  balanceTotalsQuery,
  balancesFromTotals,
} from '../payments/ledger/ledger';
import type { Db } from '../../platform/db/db';
import { keptChannelCount, keptSubscriptionCount } from '../../platform/db/members';
import type { Role, TransactionType } from '../../../src/domain/entities';
import { primaryFirst } from '../cards/repository';
import type { UserFlags } from '../users/repository';
import {
  type TransactionList,
  TYPES_BY_MODE,
  type TransactionView,
  preparedLedgerPages,
  typeIn,
} from '../transactions/repository';
import { prepareShaped } from '../../platform/db/rowShapes';
import { type CursorPosition, PAGE_SIZE, PAIRED_PAGE_SIZE } from '../../platform/db/cursor';
import {
  type ChannelFields,
  type OwnMemberFields,
  type SubscriptionFields,
  channelFieldColumns,
  ownMemberColumns,
  subscriptionFieldColumns,
} from '../../platform/db/projections';
import {
  type PayoutAccountRow,
  type SavedCardRow,
  channels,
  payoutAccounts,
  subscriptionMembers,
  subscriptions,
  transactions as t,
  users,
} from '../../platform/db/schema';

export type WithdrawalAccountFields = Pick<PayoutAccountRow, 'countryIso2' | 'methodType' | 'currency' | 'params'>;

/** What the follower view shows of a saved card. */
export type CardFields = Pick<SavedCardRow, 'id' | 'brand' | 'last4' | 'active' | 'primary'>;

export interface DashboardHead {
  readonly flags: UserFlags;
  readonly account: WithdrawalAccountFields | null;
  readonly balances: Balances;
  /** The follower view's saved cards (not deleted), the primary first, then oldest first; none in the creator view's. */
  readonly cards: CardFields[];
}

/** A follower's membership with what the follower view shows of it. */
export interface Membership {
  readonly member: OwnMemberFields;
  readonly subscription: SubscriptionFields;
  /** Members of the subscription with access now. */
  readonly subscribers: number;
  readonly channel: ChannelFields;
  /** Distinct members of the channel's subscriptions with access now. */
  readonly channelSubscribers: number;
  /** The subscription's and the channel's row versions as read (xmin). */
  readonly subscriptionStamp: string;
  readonly channelStamp: string;
}

/** A subscription (key `s<id>`) or channel (`c<id>`) a kept view shows: its row version and subscriber count. */
export interface ShownRow {
  readonly key: string;
  readonly stamp: string;
  readonly live: number;
}

const shownColumns = {
  kind: sql<'s' | 'c'>`shown.kind`,
  id: sql<number>`shown.id`,
  stamp: sql<string>`shown.stamp`,
  live: sql<number>`shown.live`,
};

export function dashboardQueries(db: Db) {
  const userId = sql.placeholder('userId');
  const now = sql.placeholder('now');

  // The creator's channels, oldest first, a page at a time (PAGE_SIZE + 1 rows: one more says another page follows).
  // Keyset on (created_at, id), the id breaking ties, along the index channels_owner.
  const channelCount = keptChannelCount(channels.id, now);
  const subscriptionCount = keptSubscriptionCount(subscriptions.id, now);
  const channelsPage = (afterCursor: boolean, name: string, size = PAGE_SIZE) =>
    db
      .select({
        channel: channelFieldColumns,
        activeSubscribers: channelCount.count,
      })
      .from(channels)
      .leftJoin(channelCount.table, channelCount.on)
      .where(
        and(
          eq(channels.ownerId, userId),
          eq(channels.deleted, false),
          afterCursor
            ? (sql`(${channels.createdAt}, ${channels.id}) > (${sql.placeholder('afterAt')}, ${sql.placeholder('afterId')})` as SQL)
            : undefined,
        ),
      )
      .orderBy(asc(channels.createdAt), asc(channels.id))
      .limit(size + 1)
      .prepare(name);
  const channelPages = {
    opening: channelsPage(false, 'dashboard_channels_opening', PAIRED_PAGE_SIZE),
    first: channelsPage(false, 'dashboard_channels'),
    after: channelsPage(true, 'dashboard_channels_after'),
  };

  // A page of the user's ledger lines of the given types, newest first, from the start or after a cursor.
  const transactionsPage = (types: readonly TransactionType[], name: string) =>
    preparedLedgerPages(db, name, and(eq(t.userId, userId), typeIn(types))!);
  const pageLists = {
    creator: TYPES_BY_MODE.creator,
    follower: TYPES_BY_MODE.follower,
    withdrawals: ['withdrawal'] as const,
  };
  const pages = Object.fromEntries(
    Object.entries(pageLists).map(([list, types]) => [list, transactionsPage(types, `dashboard_transactions_${list}`)]),
  ) as Record<keyof typeof pageLists, ReturnType<typeof transactionsPage>>;

  // The follower's memberships, newest first, a page at a time (PAGE_SIZE + 1 rows); keyset on (created_at, id) along
  // the index subscription_members_user. The counts are the kept counts joined (members.ts, KeptCount).
  const membershipColumns = {
    member: ownMemberColumns,
    subscription: subscriptionFieldColumns,
    subscribers: subscriptionCount.count,
    channel: channelFieldColumns,
    channelSubscribers: channelCount.count,
    // The row versions shown (xmin, changed by every update), read with the rows: see shownRows.
    subscriptionStamp: sql<string>`${subscriptions}.xmin::text`,
    channelStamp: sql<string>`${channels}.xmin::text`,
  };
  const membershipsPage = (afterCursor: boolean, name: string, size = PAGE_SIZE) =>
    prepareShaped(db, name, membershipColumns, (fields) =>
      db
        .select(fields)
        .from(subscriptionMembers)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
        .innerJoin(channels, eq(channels.id, subscriptions.channelId))
        .leftJoin(subscriptionCount.table, subscriptionCount.on)
        .leftJoin(channelCount.table, channelCount.on)
        .where(
          and(
            eq(subscriptionMembers.userId, userId),
            afterCursor
              ? (sql`(${subscriptionMembers.createdAt}, ${subscriptionMembers.id}) < (${sql.placeholder('afterAt')}, ${sql.placeholder('afterId')})` as SQL)
              : undefined,
          ),
        )
        .orderBy(desc(subscriptionMembers.createdAt), desc(subscriptionMembers.id))
        .limit(size + 1),
    );
  const membershipPages = {
    opening: membershipsPage(false, 'dashboard_follower_memberships_opening', PAIRED_PAGE_SIZE),
    first: membershipsPage(false, 'dashboard_follower_memberships'),
    after: membershipsPage(true, 'dashboard_follower_memberships_after'),
  };

  // The flags, and for the creator view the payout account and the balance totals, for the follower view the saved
  // cards (CardsRepository.listByUser's rows, oldest first): one row, one round trip.
  const headQuery = (withCreatorFields: boolean, name: string) =>
    db
      .select({
        hasChannels: sql<boolean>`exists(select 1 from channels where owner_id = ${users.id})`,
        hasDonateChannels: sql<boolean>`exists(select 1 from donate_channels where user_id = ${users.id})`,
        migrationStatus: sql<
          UserFlags['migrationStatus']
        >`(select status from migration_requests where user_id = ${users.id})`,
        account: withCreatorFields
          ? {
              countryIso2: payoutAccounts.countryIso2,
              methodType: payoutAccounts.methodType,
              currency: payoutAccounts.currency,
              params: payoutAccounts.params,
            }
          : sql<null>`null`,
        totals: withCreatorFields
          ? sql<
              BalanceTotalsRow[] | null
            >`(select json_agg(totals) from (${balanceTotalsQuery(sql`${users.id}`, sql`${sql.placeholder('boundary')}`)}) totals)`
          : sql<null>`null`,
        cards: withCreatorFields
          ? sql<null>`null`
          : sql<CardFields[] | null>`(select json_agg(json_build_object('id', c.id, 'brand', c.brand, 'last4', c.last4,
              'active', c.active, 'primary', c.is_primary) order by c.created_at, c.id)
              from saved_cards c where c.user_id = ${users.id} and not c.deleted)`,
      })
      .from(users)
      .leftJoin(payoutAccounts, withCreatorFields ? eq(payoutAccounts.userId, users.id) : sql`false`)
      .where(eq(users.id, userId))
      .prepare(name);
  const creatorHead = headQuery(true, 'dashboard_creator_head');
  const followerHead = headQuery(false, 'dashboard_follower_head');

  const head = async (id: number, nowMs: number, withCreatorFields: boolean): Promise<DashboardHead> => {
    const [row] = await (withCreatorFields ? creatorHead : followerHead).execute({
      userId: id,
      boundary: balanceBoundary(nowMs),
      now: new Date(nowMs),
    });
    return {
      flags: {
        hasChannels: row?.hasChannels === true,
        hasDonateChannels: row?.hasDonateChannels === true,
        migrationStatus: row?.migrationStatus ?? null,
      },
      account: row?.account ?? null,
      balances: balancesFromTotals(row?.totals ?? []),
      cards: primaryFirst(row?.cards ?? []),
    };
  };

  // For kept views: the row versions (xmin) and subscriber counts at now of the subscriptions and channels they show,
  // one row each (a deleted row: none). The counts are the kept counts joined, as in the memberships page.
  const shownSubscriptionCount = keptSubscriptionCount(sql`s.id`, now);
  const shownChannelCount = keptChannelCount(sql`c.id`, now);
  const shown = prepareShaped(db, 'dashboard_shown_rows', shownColumns, (fields) =>
    db.select(fields).from(
      sql`(select 's' as kind, s.id, s.xmin::text as stamp, ${shownSubscriptionCount.count} as live
          from subscriptions s left join ${shownSubscriptionCount.table} on ${shownSubscriptionCount.on}
          where s.id = any(${sql.placeholder('subscriptionIds')}::bigint[])
          union all
          select 'c', c.id, c.xmin::text, ${shownChannelCount.count}
          from channels c left join ${shownChannelCount.table} on ${shownChannelCount.on}
          where c.id = any(${sql.placeholder('channelIds')}::bigint[])) shown`,
    ),
  );

  return {
    head,
    /**
     * Row versions and subscriber counts at `at` of the subscriptions (`s<id>`) and channels (`c<id>`) named by `keys`;
     * a row that is gone has none.
     */
    shownRows: async (keys: readonly string[], at: Date): Promise<ShownRow[]> => {
      const subscriptionIds: number[] = [];
      const channelIds: number[] = [];
      for (const key of keys) (key[0] === 's' ? subscriptionIds : channelIds).push(Number(key.slice(1)));
      return (await shown.execute({ subscriptionIds, channelIds, now: at })).map((row) => ({
        key: `${row.kind}${row.id}`,
        stamp: row.stamp,
        live: Number(row.live),
      }));
    },
    /**
     * PAGE_SIZE + 1 of the creator's channels, oldest first, after the cursor when given; PAIRED_PAGE_SIZE + 1 when
     * `opens` (the dashboard's own first page, beside its transactions).
     */
    channelsWithCounts: async (
      id: number,
      at: Date,
      cursor: CursorPosition | null,
      opens = false,
    ): Promise<{ channel: ChannelFields; activeSubscribers: number }[]> =>
      (cursor === null
        ? await (opens ? channelPages.opening : channelPages.first).execute({ userId: id, now: at })
        : await channelPages.after.execute({
            userId: id,
            now: at,
            afterAt: new Date(cursor.t),
            afterId: cursor.id,
          })
      ).map((row) => ({
        channel: row.channel,
        activeSubscribers: Number(row.activeSubscribers),
      })),
    /**
     * PAGE_SIZE + 1 rows of the mode's lines ('all') or of the withdrawals, after the cursor when given;
     * PAIRED_PAGE_SIZE + 1 when `opens` (the dashboard's own first page).
     */
    transactions: (
      id: number,
      mode: Role,
      list: TransactionList,
      cursor: CursorPosition | null,
      opens = false,
    ): Promise<TransactionView[]> => {
      return pages[list === 'withdrawals' ? 'withdrawals' : mode]({ userId: id }, cursor, opens);
    },
    /**
     * PAGE_SIZE + 1 of the follower's memberships, newest first, after the cursor when given; PAIRED_PAGE_SIZE + 1
     * when `opens` (the dashboard's own first page).
     */
    memberships: async (id: number, at: Date, cursor: CursorPosition | null, opens = false): Promise<Membership[]> =>
      (cursor === null
        ? await (opens ? membershipPages.opening : membershipPages.first).execute({ userId: id, now: at })
        : await membershipPages.after.execute({
            userId: id,
            now: at,
            afterAt: new Date(cursor.t),
            afterId: cursor.id,
          })
      ).map((row) => ({
        ...row,
        subscribers: Number(row.subscribers),
        channelSubscribers: Number(row.channelSubscribers),
      })),
  };
}

export type DashboardQueries = ReturnType<typeof dashboardQueries>;
