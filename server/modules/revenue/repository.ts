/** The ledger read for the revenue export: a creator's earnings lines, a page at a time. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { REVENUE_TRANSACTION_TYPES } from '../../../src/domain/revenue';
import type { Currency } from '../../../src/domain/money';
import type { TransactionType } from '../../../src/domain/entities';
import type { DbOrTx } from '../../platform/db/db';
import { typeIn } from '../transactions/repository';
import { channels, donations, subscriptions, transactions as t } from '../../platform/db/schema';

/** When a line counts: a refund in its sale's earnings window, any other line when it was written. */
const countsAt = sql<Date>`coalesce(${t.windowAt}, ${t.createdAt})`;

export interface RevenueLineRow {
  readonly id: number;
  readonly type: TransactionType;
  readonly createdAt: Date;
  /** When it counts, as the database writes the instant (to the microsecond): the next page starts after it. */
  readonly countsAt: string;
  readonly amount: number;
  readonly currency: Currency;
  readonly channelTitle: string | null;
  readonly subscriptionName: string | null;
  readonly donationTitle: string | null;
  readonly subscriptionId: number | null;
}

/** Where an export page ended: its last line's countsAt (the database's text) and id. */
export interface LinePosition {
  readonly countsAt: string;
  readonly id: number;
}

export interface RevenueScope {
  readonly creatorId: number;
  /** null: every channel of the creator. */
  readonly channelId: number | null;
}

export class RevenueRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * A page of the creator's earnings lines counting in [from, to) and written by `writtenBy`, in the export's order
   * (when each counts, then id), after `after` (the last line of the page before; null: from the start): one range of
   * the index kept for it (migration 0071), whatever the creator's size. The ledger only grows, so the pages of one
   * export given one `writtenBy` make up the ledger at that moment: without it, a sale written during the download
   * could be in the file while a refund written before that sale, counting on a day already sent, was not.
   */
  async linePage(
    scope: RevenueScope,
    from: Date,
    to: Date,
    writtenBy: Date,
    after: LinePosition | null,
    limit: number,
  ): Promise<RevenueLineRow[]> {
    // The page's ids first, in a subquery with the limit ("transactions" there is its own), then their joins: the
    // plan cannot join a whole range and sort it after (transactions/repository.ts transactionViewsQuery).
    const page = this.db
      .select({ id: t.id })
      .from(t)
      .where(
        and(
          eq(t.userId, scope.creatorId),
          typeIn(REVENUE_TRANSACTION_TYPES),
          scope.channelId === null ? undefined : eq(t.channelId, scope.channelId),
          sql`${countsAt} >= ${from.toISOString()}::timestamptz`,
          sql`${countsAt} < ${to.toISOString()}::timestamptz`,
          sql`${t.createdAt} <= ${writtenBy.toISOString()}::timestamptz`,
          after === null ? undefined : sql`(${countsAt}, ${t.id}) > (${after.countsAt}::timestamptz, ${after.id})`,
        ),
      )
      .orderBy(countsAt, t.id)
      .limit(limit);
    const rows = await this.db
      .select({
        id: t.id,
        type: t.type,
        createdAt: t.createdAt,
        countsAt: sql<string>`${countsAt}::text`,
        amount: t.amount,
        currency: t.currency,
        channelTitle: channels.title,
        subscriptionName: subscriptions.name,
        donationTitle: donations.title,
        subscriptionId: t.subscriptionId,
      })
      .from(t)
      .leftJoin(channels, eq(channels.id, t.channelId))
      .leftJoin(subscriptions, eq(subscriptions.id, t.subscriptionId))
      .leftJoin(donations, eq(donations.id, t.donationId))
      .where(inArray(t.id, page))
      .orderBy(countsAt, t.id);
    // Earnings lines are in the creator's currencies (a Stars sale is credited in one): never xtr, a payer's.
    return rows.map((row) => ({ ...row, currency: row.currency as Currency }));
  }
}
