/** The ledger and memberships read for revenue at a glance: a creator's earnings lines and member joins and expiries. */
import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { REVENUE_TRANSACTION_TYPES } from '../../../src/domain/revenue';
import type { Currency } from '../../../src/domain/money';
import type { TransactionType } from '../../../src/domain/entities';
import type { DbOrTx } from '../../platform/db/db';
import { channels, donations, subscriptionMembers, subscriptions, transactions as t } from '../../platform/db/schema';

/** When a line counts: a refund in its sale's earnings window, any other line when it was written. */
const countsAt = sql<Date>`coalesce(${t.windowAt}, ${t.createdAt})`;

export interface RevenueLineRow {
  readonly id: number;
  readonly type: TransactionType;
  readonly createdAt: Date;
  readonly countsAt: Date;
  readonly amount: number;
  readonly currency: Currency;
  readonly channelTitle: string | null;
  readonly subscriptionName: string | null;
  readonly donationTitle: string | null;
  readonly subscriptionId: number | null;
  /** A Telegram Stars sale's line (or its refund's): the Stars paid; null for card sales. */
  readonly starsAmount: number | null;
}

export interface RevenueScope {
  readonly creatorId: number;
  /** null: every channel of the creator. */
  readonly channelId: number | null;
}

export class RevenueRepository {
  constructor(private readonly db: DbOrTx) {}

  private lineFilter(scope: RevenueScope, from: Date, to: Date): SQL | undefined {
    return and(
      eq(t.userId, scope.creatorId),
      inArray(t.type, REVENUE_TRANSACTION_TYPES),
      scope.channelId === null ? undefined : eq(t.channelId, scope.channelId),
      sql`${countsAt} >= ${from.toISOString()}::timestamptz`,
      sql`${countsAt} < ${to.toISOString()}::timestamptz`,
    );
  }

  /** The creator's earnings lines counting in [from, to), oldest first; `currency` null: every currency. */
  async lines(scope: RevenueScope, from: Date, to: Date, currency: Currency | null): Promise<RevenueLineRow[]> {
    const rows = await this.db
      .select({
        id: t.id,
        type: t.type,
        createdAt: t.createdAt,
        countsAt: sql<string>`${countsAt}`,
        amount: t.amount,
        currency: t.currency,
        channelTitle: channels.title,
        subscriptionName: subscriptions.name,
        donationTitle: donations.title,
        subscriptionId: t.subscriptionId,
        starsAmount: t.starsAmount,
      })
      .from(t)
      .leftJoin(channels, eq(channels.id, t.channelId))
      .leftJoin(subscriptions, eq(subscriptions.id, t.subscriptionId))
      .leftJoin(donations, eq(donations.id, t.donationId))
      .where(and(this.lineFilter(scope, from, to), currency === null ? undefined : eq(t.currency, currency)))
      .orderBy(countsAt, t.id);
    // Raw SQL columns skip drizzle's timestamp mapping (and PGlite and pg answer them differently): parse here.
    // Earnings lines are in the creator's currencies (a Stars sale is credited in one): never xtr, a payer's.
    return rows.map((row) => ({ ...row, currency: row.currency as Currency, countsAt: new Date(row.countsAt) }));
  }

  /** Activations and expiries of the scope's memberships falling in [from, to). */
  async memberEvents(scope: RevenueScope, from: Date, to: Date): Promise<{ joins: Date[]; expiries: Date[] }> {
    const owned = and(
      eq(channels.ownerId, scope.creatorId),
      scope.channelId === null ? undefined : eq(channels.id, scope.channelId),
    );
    const base = () =>
      this.db
        .select({ activatedAt: subscriptionMembers.activatedAt, expiresAt: subscriptionMembers.expiresAt })
        .from(subscriptionMembers)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
        .innerJoin(channels, eq(channels.id, subscriptions.channelId));
    const [joined, expired] = await Promise.all([
      base().where(and(owned, gte(subscriptionMembers.activatedAt, from), lt(subscriptionMembers.activatedAt, to))),
      base().where(
        and(
          owned,
          isNotNull(subscriptionMembers.expiresAt),
          gte(subscriptionMembers.expiresAt, from),
          lt(subscriptionMembers.expiresAt, to),
        ),
      ),
    ]);
    return { joins: joined.map((row) => row.activatedAt), expiries: expired.map((row) => row.expiresAt!) };
  }
}
