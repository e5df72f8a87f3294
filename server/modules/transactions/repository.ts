/**
 * Reading the ledger as users see it: a creator's and a follower's lines, withdrawals, one transaction (a channel's
 * pages are prepared statements: channels/pageReads.ts). Each page is one query: the ledger rows with their
 * counterparty, channel and subscription joined.
 * Writing the ledger is the money engine's (server/modules/payments).
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role, TransactionType } from '../../../src/domain/entities';
import { TRANSACTION_TYPES_BY_MODE } from '../../../src/domain/transactions';
import { type CursorPosition, PAGE_SIZE, PAIRED_PAGE_SIZE, afterCursor } from '../../platform/db/cursor';
import type { Db, DbOrTx } from '../../platform/db/db';
import { prepareShaped } from '../../platform/db/rowShapes';
import { type TransactionFields, transactionFieldColumns } from '../../platform/db/projections';
import {
  type ChannelRow,
  type SubscriptionRow,
  type UserRow,
  channels,
  subscriptions,
  transactions as t,
  users,
} from '../../platform/db/schema';

export type TransactionList = 'all' | 'withdrawals';

/** Which ledger lines each mode shows (src/domain/transactions.ts). */
export const TYPES_BY_MODE = TRANSACTION_TYPES_BY_MODE;

export interface TransactionView {
  readonly transaction: TransactionFields;
  readonly counterparty: Pick<UserRow, 'id' | 'telegramId' | 'firstName' | 'lastName' | 'username' | 'photoUrl'> | null;
  readonly channel: Pick<ChannelRow, 'id' | 'title' | 'photoUrl' | 'username'> | null;
  readonly subscription: Pick<SubscriptionRow, 'id' | 'name' | 'period'> | null;
  /** The row versions of channel and subscription (null: none joined). */
  readonly channelStamp?: string | null;
  readonly subscriptionStamp?: string | null;
}

const counterparty = alias(users, 'counterparty');

/** What a ledger line's view selects; the counterparty, channel and subscription are left joined (null when absent). */
export const transactionViewColumns = {
  transaction: transactionFieldColumns,
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
  // Which version of the channel and subscription rows the line shows (their xmin, changed by every update), read
  // with them: the follower dashboard keeps a view while these stay the same (server/modules/dashboard/service.ts).
  channelStamp: sql<string | null>`${channels}.xmin::text`,
  subscriptionStamp: sql<string | null>`${subscriptions}.xmin::text`,
};
/** The left-joined parts of transactionViewColumns (rowShapes.ts's `nullable`). */
export const TRANSACTION_VIEW_JOINED = ['counterparty', 'channel', 'subscription'] as const;

/**
 * Ledger lines as users see them (with their counterparty, channel and subscription), newest first: the query under
 * every transaction page, `limit` lines where `where` holds. `fields` is the select list, which prepareShaped
 * (rowShapes.ts) replaces with one JSON array of the same columns.
 *
 * The page's ids are chosen first, in a subquery with the limit (`where` names "transactions", which there is the
 * subquery's own), and the joins read only those: a prepared statement keeps one generic plan, which can cost a range
 * at one line, join it by hash and sort after, reading every line of the range (a creator's million) for a page.
 */
export function transactionViewsQuery(
  db: DbOrTx,
  where: SQL | undefined,
  limit: number,
  fields: typeof transactionViewColumns = transactionViewColumns,
) {
  const page = db.select({ id: t.id }).from(t).where(where).orderBy(desc(t.createdAt), desc(t.id)).limit(limit);
  return db
    .select(fields)
    .from(t)
    .leftJoin(counterparty, eq(counterparty.id, t.counterpartyId))
    .leftJoin(channels, eq(channels.id, t.channelId))
    .leftJoin(subscriptions, eq(subscriptions.id, t.subscriptionId))
    .where(inArray(t.id, page))
    .orderBy(desc(t.createdAt), desc(t.id));
}

/**
 * `type` is one of `types`, written with the types as literals (they are the domain's constants): a prepared
 * statement's generic plan proves from them the predicate of the partial index of its list (migration 0070), as it
 * cannot from placeholders.
 */
export function typeIn(types: readonly TransactionType[]): SQL {
  return sql.raw(`"transactions"."type" in (${types.map((type) => `'${type}'`).join(', ')})`);
}

/** A ledger line's place in its list, newest first: what the next page's cursor holds. */
export const ledgerPosition = (view: TransactionView): CursorPosition => ({
  t: view.transaction.createdAt.getTime(),
  id: view.transaction.id,
});

/**
 * A ledger page as prepared statements (rowShapes.ts): PAGE_SIZE + 1 lines where `where` holds, newest first, from
 * the start or after a cursor (keyset on (created_at, id), a row comparison the index range can use), or
 * PAIRED_PAGE_SIZE + 1 from the start when `opens` (the first page of a screen's answer that holds two lists).
 * `name` names the statements; the answer runs the one for the cursor with the values of `where`'s placeholders.
 */
export function preparedLedgerPages(db: Db, name: string, where: SQL) {
  const page = (afterCursor: boolean, statement: string, size = PAGE_SIZE) =>
    prepareShaped(
      db,
      statement,
      transactionViewColumns,
      (fields) =>
        transactionViewsQuery(
          db,
          and(
            where,
            afterCursor
              ? sql`(${t.createdAt}, ${t.id}) < (${sql.placeholder('afterAt')}, ${sql.placeholder('afterId')})`
              : undefined,
          ),
          size + 1,
          fields,
        ),
      TRANSACTION_VIEW_JOINED,
    );
  const first = page(false, name);
  const opening = page(false, `${name}_opening`, PAIRED_PAGE_SIZE);
  const after = page(true, `${name}_after`);
  return (values: Record<string, unknown>, cursor: CursorPosition | null, opens = false): Promise<TransactionView[]> =>
    cursor !== null
      ? after.execute({ ...values, afterAt: new Date(cursor.t), afterId: cursor.id })
      : (opens ? opening : first).execute(values);
}

export class TransactionsRepository {
  constructor(private readonly db: DbOrTx) {}

  private select(where: SQL | undefined, limit: number): Promise<TransactionView[]> {
    return transactionViewsQuery(this.db, where, limit);
  }

  /** A page of the user's ledger for a mode ('all') or only the payouts ('withdrawals'). */
  async pageForUser(
    userId: number,
    mode: Role,
    list: TransactionList,
    cursor: CursorPosition | null,
    size = PAGE_SIZE,
  ): Promise<TransactionView[]> {
    const types = list === 'withdrawals' ? (['withdrawal'] as const) : TYPES_BY_MODE[mode];
    return this.select(and(eq(t.userId, userId), typeIn(types), afterCursor(t.createdAt, t.id, cursor)), size + 1);
  }

  /** One of the user's own ledger lines (someone else's is as missing as a missing one). */
  async getForUser(userId: number, id: number): Promise<TransactionView | undefined> {
    const [row] = await this.select(and(eq(t.id, id), eq(t.userId, userId)), 1);
    return row;
  }
}
