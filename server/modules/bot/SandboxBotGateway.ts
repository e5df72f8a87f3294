/**
 * The sandbox bot: nothing is sent anywhere. Message ids are allocated per chat from what the app has recorded
 * in bot_posts (the services record every post, pin and delete there for both gateways), and the bot counts as
 * an administrator with full rights in every connected channel.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/db';
import { botPosts, channels } from '../../platform/db/schema';
import type { BotGateway, ChatMemberInfo, SendMessageRequest } from './BotGateway';

export class SandboxBotGateway implements BotGateway {
  /** Ids handed out but not yet recorded (two posts into one chat at once). */
  private readonly lastIssued = new Map<number, number>();

  constructor(private readonly db: Db) {}

  async sendMessage(request: SendMessageRequest): Promise<{ messageId: number }> {
    const [row] = await this.db
      .select({ max: sql<number>`coalesce(max(${botPosts.messageId}), 0)` })
      .from(botPosts)
      .where(eq(botPosts.chatId, request.chatId));
    const messageId = Math.max(Number(row?.max ?? 0), this.lastIssued.get(request.chatId) ?? 0) + 1;
    this.lastIssued.set(request.chatId, messageId);
    return { messageId };
  }

  async pinMessage(): Promise<void> {
    // Recorded by the caller in bot_posts.pinned.
  }

  async deleteMessage(): Promise<void> {
    // Recorded by the caller in bot_posts.deleted.
  }

  async getChatMember(chatId: number): Promise<ChatMemberInfo> {
    const [channel] = await this.db
      .select({ connected: channels.connected })
      .from(channels)
      .where(and(eq(channels.chatId, chatId), eq(channels.deleted, false)));
    const isAdmin = channel?.connected === true;
    return { status: isAdmin ? 'administrator' : 'left', canPromoteMembers: isAdmin, canChangeInfo: isAdmin, canPostMessages: isAdmin };
  }
}
