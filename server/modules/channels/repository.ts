/** Channels: connected by the bot (my_chat_member), owned by one creator. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ChannelType, LanguageCode, ModerationState, OnboardingStep } from '../../../src/domain/entities';
import type { DbOrTx } from '../../platform/db/db';
import { channelLiveMembersSql } from '../../platform/db/members';
import { type ChannelRow, channels, subscriptions } from '../../platform/db/schema';

export interface ChannelFromBot {
  readonly ownerId: number;
  readonly chatId: number;
  readonly title: string;
  readonly username?: string | null;
  readonly photoUrl?: string | null;
  /** A new channel's moderation state. */
  readonly moderation: ModerationState;
  /** A channel the bot is added to again keeps its decision (a rejection stands) unless this says otherwise. */
  readonly keepModeration?: boolean;
  readonly inviteLink?: string | null;
}

export type ChannelPatch = Partial<{
  language: LanguageCode;
  languageSelected: boolean;
  onboardingStep: OnboardingStep;
  onboardingPassed: boolean;
  deleted: boolean;
  connected: boolean;
  moderation: ModerationState;
  photoUrl: string | null;
}>;

export class ChannelsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Every channel's chat and whether the bot is connected there (the sandbox's Telegram rebuilds itself from it). */
  async chatStates(): Promise<{ chatId: number; connected: boolean }[]> {
    return this.db
      .select({ chatId: channels.chatId, connected: channels.connected })
      .from(channels)
      .where(eq(channels.deleted, false));
  }

  async byId(id: number): Promise<ChannelRow | undefined> {
    const [row] = await this.db.select().from(channels).where(eq(channels.id, id));
    return row;
  }

  async byChatId(chatId: number): Promise<ChannelRow | undefined> {
    const [row] = await this.db.select().from(channels).where(eq(channels.chatId, chatId));
    return row;
  }

  /** The owner's channels that are not deleted, oldest first (the dashboard's channel list). */
  async listByOwner(ownerId: number, limit = 100): Promise<ChannelRow[]> {
    return this.db
      .select()
      .from(channels)
      .where(and(eq(channels.ownerId, ownerId), eq(channels.deleted, false)))
      .orderBy(asc(channels.createdAt), asc(channels.id))
      .limit(limit);
  }

  /** The owner's channels (not deleted, oldest first) with their subscriber counts (kept, channelLiveMembersSql): one query. */
  async listByOwnerWithCounts(
    ownerId: number,
    now: Date,
    limit = 100,
  ): Promise<{ channel: ChannelRow; activeSubscribers: number }[]> {
    const rows = await this.db
      .select({
        channel: channels,
        activeSubscribers: channelLiveMembersSql(channels.id, now),
      })
      .from(channels)
      .where(and(eq(channels.ownerId, ownerId), eq(channels.deleted, false)))
      .orderBy(asc(channels.createdAt), asc(channels.id))
      .limit(limit);
    return rows.map((row) => ({ channel: row.channel, activeSubscribers: Number(row.activeSubscribers) }));
  }

  /**
   * The bot became an administrator of the chat: create the channel, or reconnect it (also after a delete) and
   * hand it to whoever added the bot. Type follows the public handle.
   */
  async upsertFromBot(input: ChannelFromBot, now: Date): Promise<ChannelRow> {
    const type: ChannelType = input.username ? 'public' : 'private';
    const common = {
      ownerId: input.ownerId,
      title: input.title,
      username: input.username ?? null,
      photoUrl: input.photoUrl ?? null,
      type,
      connected: true,
      deleted: false,
      updatedAt: now,
    };
    const [row] = await this.db
      .insert(channels)
      .values({
        ...common,
        moderation: input.moderation,
        chatId: input.chatId,
        inviteLink: input.inviteLink ?? null,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: channels.chatId,
        set: input.keepModeration ? common : { ...common, moderation: input.moderation },
      })
      .returning();
    return row!;
  }

  async setConnectedByChatId(chatId: number, connected: boolean, now: Date): Promise<ChannelRow | undefined> {
    const [row] = await this.db
      .update(channels)
      .set({ connected, updatedAt: now })
      .where(eq(channels.chatId, chatId))
      .returning();
    return row;
  }

  async update(id: number, patch: ChannelPatch, now: Date): Promise<ChannelRow> {
    const [row] = await this.db
      .update(channels)
      .set({ ...patch, updatedAt: now })
      .where(eq(channels.id, id))
      .returning();
    return row!;
  }

  async countLiveSubscriptions(channelId: number): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)` })
      .from(subscriptions)
      .where(and(eq(subscriptions.channelId, channelId), eq(subscriptions.deleted, false)));
    return Number(row?.count ?? 0);
  }

  /** Distinct people who count as subscribers (liveMemberSql) per channel, from the kept counts. */
  async activeSubscribers(channelIds: readonly number[], now: Date): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (channelIds.length === 0) return counts;
    const rows = await this.db
      .select({ channelId: channels.id, count: channelLiveMembersSql(channels.id, now) })
      .from(channels)
      .where(inArray(channels.id, [...new Set(channelIds)]));
    for (const row of rows) counts.set(Number(row.channelId), Number(row.count));
    return counts;
  }
}
