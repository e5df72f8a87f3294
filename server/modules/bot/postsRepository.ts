/** The app's record of what the bot posted: what the emulator shows, and the ids to pin or delete. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db';
import { type BotPostButton, type BotPostRow, botPosts } from '../../platform/db/schema';

export interface NewBotPost {
  readonly chatId: number;
  readonly channelId: number | null;
  readonly kind: BotPostRow['kind'];
  readonly refId: number | null;
  readonly text: string;
  readonly buttons: BotPostButton[];
  readonly silent: boolean;
  readonly messageId: number;
}

export class BotPostsRepository {
  constructor(private readonly db: DbOrTx) {}

  async record(post: NewBotPost, now: Date): Promise<BotPostRow> {
    const [row] = await this.db
      .insert(botPosts)
      .values({ ...post, createdAt: now })
      .returning();
    return row!;
  }

  async setPinned(id: number, pinned: boolean): Promise<void> {
    await this.db.update(botPosts).set({ pinned }).where(eq(botPosts.id, id));
  }

  async setDeleted(id: number): Promise<void> {
    await this.db.update(botPosts).set({ deleted: true }).where(eq(botPosts.id, id));
  }

  /** Posts in a chat, oldest first, deleted ones left out. */
  /** The highest message id the bot posted in each chat. */
  async lastMessageIds(): Promise<{ chatId: number; lastMessageId: number }[]> {
    const rows = await this.db
      .select({ chatId: botPosts.chatId, last: sql<number>`max(${botPosts.messageId})` })
      .from(botPosts)
      .groupBy(botPosts.chatId);
    return rows.map((row) => ({ chatId: row.chatId, lastMessageId: Number(row.last ?? 0) }));
  }

  async listByChat(chatId: number, limit = 200): Promise<BotPostRow[]> {
    return this.db
      .select()
      .from(botPosts)
      .where(and(eq(botPosts.chatId, chatId), eq(botPosts.deleted, false)))
      .orderBy(asc(botPosts.createdAt), asc(botPosts.id))
      .limit(limit);
  }
}
