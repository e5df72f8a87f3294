/** Subscriptions of a channel. Period and currency are fixed at creation. */
import { type Placeholder, and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Period } from '../../../src/domain/entities';
import type { Currency } from '../../../src/domain/money';
import { type CursorPosition, PAGE_SIZE, afterCursor } from '../../platform/db/cursor';
import type { Db, DbOrTx } from '../../platform/db/db';
import { subscriptionLiveMembersSql } from '../../platform/db/members';
import { type ChannelRow, type SubscriptionRow, channels, subscriptions } from '../../platform/db/schema';

export interface NewSubscription {
  readonly channelId: number;
  readonly name: string;
  readonly description: string;
  readonly period: Period;
  readonly priceMinor: number;
  readonly currency: Currency;
  readonly buttonText: string;
  /** The free trial it offers (null: none). */
  readonly trialDays?: number | null;
}

export type SubscriptionPatch = Partial<{
  name: string;
  description: string;
  priceMinor: number;
  buttonText: string;
  command: string | null;
  starsPrice: number | null;
  deleted: boolean;
  restoredAt: Date;
  publishedPostId: number | null;
  trialDays: number | null;
}>;

/** A subscription with its channel, by id (a number, or a placeholder for a prepared statement). */
const withChannelQuery = (db: DbOrTx, id: number | Placeholder) =>
  db
    .select({ subscription: subscriptions, channel: channels })
    .from(subscriptions)
    .innerJoin(channels, eq(channels.id, subscriptions.channelId))
    .where(eq(subscriptions.id, id));

/**
 * SubscriptionsRepository.byIdWithChannel as a statement prepared once per connection (built once per database), for
 * reads outside transactions on hot paths: on PostgreSQL it rides a pipelined connection instead of taking one of the
 * pool's, and is not parsed and planned at each call.
 */
export function subscriptionWithChannelRead(db: Db) {
  const statement = withChannelQuery(db, sql.placeholder('id')).prepare('subscription_with_channel');
  return async (id: number): Promise<{ subscription: SubscriptionRow; channel: ChannelRow } | undefined> =>
    (await statement.execute({ id }))[0];
}

export class SubscriptionsRepository {
  constructor(private readonly db: DbOrTx) {}

  async byId(id: number): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row;
  }

  /** The subscription with its channel, in one round trip (every subscription call checks the channel's owner). */
  async byIdWithChannel(id: number): Promise<{ subscription: SubscriptionRow; channel: ChannelRow } | undefined> {
    const [row] = await withChannelQuery(this.db, id);
    return row;
  }

  async create(input: NewSubscription, now: Date): Promise<SubscriptionRow> {
    const [row] = await this.db
      .insert(subscriptions)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  }

  async update(id: number, patch: SubscriptionPatch, now: Date): Promise<SubscriptionRow> {
    const [row] = await this.db
      .update(subscriptions)
      .set({ ...patch, updatedAt: now })
      .where(eq(subscriptions.id, id))
      .returning();
    return row!;
  }

  /** A page of the channel's subscriptions, newest first, deleted ones included (the client shows them as removed). */
  async pageByChannel(channelId: number, cursor: CursorPosition | null, size = PAGE_SIZE): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.channelId, channelId), afterCursor(subscriptions.createdAt, subscriptions.id, cursor)),
      )
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(size + 1);
  }

  /** Whether another subscription of the channel that is not deleted has this command. */
  async commandTaken(channelId: number, command: string, exceptId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.channelId, channelId),
          eq(subscriptions.command, command),
          eq(subscriptions.deleted, false),
          ne(subscriptions.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Members who count as subscribers (liveMemberSql) per subscription, from the kept counts. */
  async activeSubscribers(subscriptionIds: readonly number[], now: Date): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (subscriptionIds.length === 0) return counts;
    const rows = await this.db
      .select({ subscriptionId: subscriptions.id, count: subscriptionLiveMembersSql(subscriptions.id, now) })
      .from(subscriptions)
      .where(inArray(subscriptions.id, [...new Set(subscriptionIds)]));
    for (const row of rows) counts.set(Number(row.subscriptionId), Number(row.count));
    return counts;
  }
}
