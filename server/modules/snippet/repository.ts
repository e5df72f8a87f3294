/** What the public snippet page of a subscription shows: only published subscriptions of live, approved channels. */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { LanguageCode, Period } from '../../../src/domain/entities';
import type { Currency } from '../../../src/domain/money';
import type { DbOrTx } from '../../platform/db/db';
import { channels, subscriptions } from '../../platform/db/schema';

export interface SnippetSubscription {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly period: Period;
  readonly priceMinor: number;
  readonly currency: Currency;
  readonly channelTitle: string;
  readonly channelLanguage: LanguageCode;
}

export async function findSnippetSubscription(db: DbOrTx, id: number): Promise<SnippetSubscription | null> {
  const [row] = await db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      description: subscriptions.description,
      period: subscriptions.period,
      priceMinor: subscriptions.priceMinor,
      currency: subscriptions.currency,
      channelTitle: channels.title,
      channelLanguage: channels.language,
    })
    .from(subscriptions)
    .innerJoin(channels, eq(channels.id, subscriptions.channelId))
    .where(
      and(
        eq(subscriptions.id, id),
        eq(subscriptions.deleted, false),
        isNotNull(subscriptions.publishedPostId),
        eq(channels.deleted, false),
        eq(channels.moderation, 'approved'),
      ),
    );
  return row ?? null;
}
