/**
 * The dashboard's reads as prepared statements, built once per database (and prepared once per connection on
 * PostgreSQL): GET /dashboard is the hottest call, and building drizzle queries and sending each one costs more CPU
 * than the database spends answering them. All of a view's statements go out at once:
 * - creator: the user's flags with the payout account and the balance totals; the first page of channels with their
 *   subscriber counts; the first transactions page;
 * - follower: the flags; the first page of memberships with their subscription, channel and both subscriber counts;
 *   the saved cards; the first transactions page.
 * Every list is prepared twice, first page and later pages (keyset after a cursor): POST /dashboard/channels,
 * /dashboard/subscriptions and /dashboard/transactions answer the later ones.
 * For the follower view's cache: what it depends on beyond the follower's own rows (followerDependencies), and the
 * dashboard versions of those users, read batched (dashboardVersions).
 * The shapes and rules match ChannelsRepository.listByOwnerWithCounts, SubscriptionsRepository/ChannelsRepository
 * activeSubscribers, CardsRepository.listByUser and TransactionsRepository.pageForUser, which other calls use.
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type BalanceTotalsRow,
  type Balances,
  balanceBoundary,
  balanceTotalsQuery,
  balancesFromTotals,
} from '../payments/ledger/ledger';
import { BatchLoader } from '../../platform/db/batchLoader';
import type { Db } from '../../platform/db/db';
import { channelLiveMembersSql, subscriptionLiveMembersSql } from '../../platform/db/members';
import type { Role, TransactionType } from '../../../src/domain/entities';
import { primaryFirst } from '../cards/repository';
import type { UserFlags } from '../users/repository';
import {
  type TransactionList,
  TYPES_BY_MODE,
  type TransactionView,
  transactionViewsQuery,
} from '../transactions/repository';
import { type CursorPosition, PAGE_SIZE } from '../../platform/db/cursor';
import {
  type ChannelRow,
  type MemberRow,
  type PayoutAccountRow,
  type SavedCardRow,
  type SubscriptionRow,
  channels,
  payoutAccounts,
  savedCards,
  subscriptionMembers,
  subscriptions,
  transactions as t,
  users,
} from '../../platform/db/schema';

export type WithdrawalAccountFields = Pick<PayoutAccountRow, 'countryIso2' | 'methodType' | 'currency' | 'params'>;

export interface DashboardHead {
  readonly flags: UserFlags;
  readonly account: WithdrawalAccountFields | null;
  readonly balances: Balances;
  /** The earliest member expiry after now among the creator's subscriptions (a subscriber count changes then). */
  readonly nextExpiryMs: number | null;
}

/** A follower's membership with what the follower view shows of it. */
export interface Membership {
  readonly member: MemberRow;
  readonly subscription: SubscriptionRow;
  /** Members of the subscription with access now. */
  readonly subscribers: number;
  readonly channel: ChannelRow;
  /** Distinct members of the channel's subscriptions with access now. */
  readonly channelSubscribers: number;
}

/** A user's dashboard version (migration 0004) as read: 0 when the user has no row yet. */
export interface UserVersion {
  readonly userId: number;
  readonly version: number;
}

/** What a follower view shows of other users' data, read in one statement before the view itself. */
export interface FollowerDependencies {
  /** The owners of every channel the view can show (memberships and the first ledger page) with their versions. */
  readonly owners: readonly UserVersion[];
  /** The earliest member expiry after now in the channels of the follower's memberships (counts and access change). */
  readonly nextExpiryMs: number | null;
}

export function dashboardQueries(db: Db) {
  const userId = sql.placeholder('userId');
  const now = sql.placeholder('now');

  // The creator's channels, oldest first, a page at a time (PAGE_SIZE + 1 rows: one more says another page follows).
  // Keyset on (created_at, id), the id breaking ties, along the index channels_owner.
  const channelsPage = (afterCursor: boolean, name: string) =>
    db
      .select({
        channel: channels,
        activeSubscribers: channelLiveMembersSql(channels.id, now),
      })
      .from(channels)
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
      .limit(PAGE_SIZE + 1)
      .prepare(name);
  const channelPages = {
    first: channelsPage(false, 'dashboard_channels'),
    after: channelsPage(true, 'dashboard_channels_after'),
  };

  // A page of the user's ledger lines of the given types, newest first, from the start or after a cursor.
  const transactionsPage = (types: readonly TransactionType[], afterCursor: boolean, name: string) =>
    transactionViewsQuery(
      db,
      and(
        eq(t.userId, userId),
        types.length === 1 ? eq(t.type, types[0]!) : inArray(t.type, [...types]),
        // Keyset: the rows after the cursor in (created_at, id) order; a row comparison the index range can use.
        afterCursor
          ? (sql`(${t.createdAt}, ${t.id}) < (${sql.placeholder('afterAt')}, ${sql.placeholder('afterId')})` as SQL)
          : undefined,
      ),
    )
      .limit(PAGE_SIZE + 1)
      .prepare(name);
  const pageLists = {
    creator: TYPES_BY_MODE.creator,
    follower: TYPES_BY_MODE.follower,
    withdrawals: ['withdrawal'] as const,
  };
  const pages = Object.fromEntries(
    Object.entries(pageLists).map(([list, types]) => [
      list,
      {
        first: transactionsPage(types, false, `dashboard_transactions_${list}`),
        after: transactionsPage(types, true, `dashboard_transactions_${list}_after`),
      },
    ]),
  ) as Record<
    keyof typeof pageLists,
    { first: ReturnType<typeof transactionsPage>; after: ReturnType<typeof transactionsPage> }
  >;

  // The follower's memberships, newest first, a page at a time (PAGE_SIZE + 1 rows); keyset on (created_at, id) along
  // the index subscription_members_user.
  const membershipsPage = (afterCursor: boolean, name: string) =>
    db
      .select({
        member: subscriptionMembers,
        subscription: subscriptions,
        subscribers: subscriptionLiveMembersSql(subscriptions.id, now),
        channel: channels,
        channelSubscribers: channelLiveMembersSql(channels.id, now),
      })
      .from(subscriptionMembers)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
      .innerJoin(channels, eq(channels.id, subscriptions.channelId))
      .where(
        and(
          eq(subscriptionMembers.userId, userId),
          afterCursor
            ? (sql`(${subscriptionMembers.createdAt}, ${subscriptionMembers.id}) < (${sql.placeholder('afterAt')}, ${sql.placeholder('afterId')})` as SQL)
            : undefined,
        ),
      )
      .orderBy(desc(subscriptionMembers.createdAt), desc(subscriptionMembers.id))
      .limit(PAGE_SIZE + 1)
      .prepare(name);
  const membershipPages = {
    first: membershipsPage(false, 'dashboard_follower_memberships'),
    after: membershipsPage(true, 'dashboard_follower_memberships_after'),
  };

  const cards = db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.deleted, false)))
    .orderBy(asc(savedCards.createdAt), asc(savedCards.id))
    .prepare('dashboard_follower_cards');

  // The flags, and for the creator view the payout account and the balance totals: one row, one round trip.
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
        nextExpiryMs: withCreatorFields
          ? // Each subscription's first expiry after now is its first index entry there (subscription, expiry).
            sql<number | null>`(select (extract(epoch from min(n.expires_at)) * 1000)::float8
          from ${subscriptions} s join ${channels} c on c.id = s.channel_id
          cross join lateral (
            select m.expires_at from ${subscriptionMembers} m where m.subscription_id = s.id and m.expires_at > ${now}
            order by m.expires_at limit 1
          ) n
          where c.owner_id = ${users.id})`
          : sql<null>`null`,
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
      nextExpiryMs: row?.nextExpiryMs === null || row?.nextExpiryMs === undefined ? null : Number(row.nextExpiryMs),
    };
  };

  // A superset of the channels the follower view shows: every membership's (the view lists the first page of them)
  // and those of the first ledger page (channel and subscription). One statement, so the versions and the expiry
  // are of one snapshot.
  const followerTypes = sql.join(
    TYPES_BY_MODE.follower.map((type) => sql`${type}`),
    sql`, `,
  );
  const followerDependencies = db
    .select({
      ownerId: sql<number>`owners.owner_id`,
      version: sql<number>`coalesce((select version from dashboard_versions where user_id = owners.owner_id), 0)`,
      nextExpiryMs: sql<number | null>`(
      select (extract(epoch from min(next.expires_at)) * 1000)::float8
      from (select distinct s.channel_id from ${subscriptionMembers} m join ${subscriptions} s on s.id = m.subscription_id where m.user_id = ${userId}) mc
      join ${subscriptions} cs on cs.channel_id = mc.channel_id
      cross join lateral (
        select min(e.expires_at) as expires_at from ${subscriptionMembers} e where e.subscription_id = cs.id and e.expires_at > ${now}
      ) next
    )`,
    })
    .from(
      sql`(
    with page as (
      select channel_id, subscription_id from ${t} where user_id = ${userId} and type in (${followerTypes})
      order by created_at desc, id desc limit ${sql.raw(String(PAGE_SIZE + 1))}
    ), shown as (
      select s.channel_id from ${subscriptionMembers} m join ${subscriptions} s on s.id = m.subscription_id where m.user_id = ${userId}
      union select channel_id from page where channel_id is not null
      union select s.channel_id from page join ${subscriptions} s on s.id = page.subscription_id
    )
    select distinct c.owner_id from ${channels} c where c.id in (select channel_id from shown)
  ) owners`,
    )
    .prepare('dashboard_follower_dependencies');

  const versions = db
    .select({ userId: sql<number>`user_id`, version: sql<number>`version` })
    .from(sql`dashboard_versions`)
    .where(sql`user_id = any(${sql.placeholder('userIds')}::bigint[])`)
    .prepare('dashboard_versions_of_users');

  return {
    head,
    followerDependencies: async (id: number, nowMs: number): Promise<FollowerDependencies> => {
      const rows = await followerDependencies.execute({ userId: id, now: new Date(nowMs) });
      const nextExpiryMs = rows[0]?.nextExpiryMs;
      return {
        owners: rows.map((row) => ({ userId: Number(row.ownerId), version: Number(row.version) })),
        nextExpiryMs: nextExpiryMs === null || nextExpiryMs === undefined ? null : Number(nextExpiryMs),
      };
    },
    /**
     * Dashboard versions of users, the lookups of one event-loop turn in one query (users without a row are left
     * out: version 0). A lookup's query starts after it was asked for, so it sees every commit before the request.
     */
    dashboardVersions: new BatchLoader<number, UserVersion>(
      async (userIds) =>
        (await versions.execute({ userIds: [...userIds] })).map((row) => ({
          userId: Number(row.userId),
          version: Number(row.version),
        })),
      (row) => row.userId,
    ),
    /** PAGE_SIZE + 1 of the creator's channels, oldest first, after the cursor when given. */
    channelsWithCounts: async (
      id: number,
      at: Date,
      cursor: CursorPosition | null,
    ): Promise<{ channel: ChannelRow; activeSubscribers: number }[]> =>
      (cursor === null
        ? await channelPages.first.execute({ userId: id, now: at })
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
    /** PAGE_SIZE + 1 rows of the mode's lines ('all') or of the withdrawals, after the cursor when given. */
    transactions: (
      id: number,
      mode: Role,
      list: TransactionList,
      cursor: CursorPosition | null,
    ): Promise<TransactionView[]> => {
      const statements = pages[list === 'withdrawals' ? 'withdrawals' : mode];
      return cursor === null
        ? statements.first.execute({ userId: id })
        : statements.after.execute({ userId: id, afterAt: new Date(cursor.t), afterId: cursor.id });
    },
    /** PAGE_SIZE + 1 of the follower's memberships, newest first, after the cursor when given. */
    memberships: async (id: number, at: Date, cursor: CursorPosition | null): Promise<Membership[]> =>
      (cursor === null
        ? await membershipPages.first.execute({ userId: id, now: at })
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
    cards: async (id: number): Promise<SavedCardRow[]> => primaryFirst(await cards.execute({ userId: id })),
  };
}

export type DashboardQueries = ReturnType<typeof dashboardQueries>;
