/** The subscriptions a `$command` sent to the bot names: live ones in connected channels. */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db';
import { channels, subscriptions } from '../../platform/db/schema';

export interface CommandOffer {
  readonly subscriptionId: number;
  readonly name: string;
  readonly channelTitle: string;
  /** The channel's language: the bot answers about a channel in it (bot/texts.ts). */
  readonly channelLanguage: string;
}

export class CommandsRepository {
  constructor(private readonly db: DbOrTx) {}

  async offersFor(command: string, limit = 5): Promise<CommandOffer[]> {
    return this.db
      .select({
        subscriptionId: subscriptions.id,
        name: subscriptions.name,
        channelTitle: channels.title,
        channelLanguage: channels.language,
      })
      .from(subscriptions)
      .innerJoin(channels, eq(channels.id, subscriptions.channelId))
      .where(
        and(
          eq(subscriptions.command, command),
          eq(subscriptions.deleted, false),
          eq(channels.deleted, false),
          eq(channels.connected, true),
        ),
      )
      .orderBy(asc(subscriptions.id))
      .limit(limit);
  }
}
