/** What the sandbox's control routes read and change directly: users by Telegram id, bans, the bot's posts. */
import type { ServerClock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db/db';
import {
  type BotPostRow,
  type ChannelRow,
  type UserRow,
  channels,
  subscriptionMembers,
  subscriptions,
} from '../../platform/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { ModerationState } from '../../../src/domain/entities';
import { notFound } from '../../platform/errors';
import { BotPostsRepository } from '../bot/postsRepository';
import { UsersRepository } from '../users/repository';
import { ChannelsRepository } from '../channels/repository';
import { AccessRepository, type PresenceRow } from '../access/repository';

export class SandboxService {
  private readonly users: UsersRepository;
  private readonly posts: BotPostsRepository;

  constructor(
    private readonly db: DbOrTx,
    private readonly clock: ServerClock,
  ) {
    this.users = new UsersRepository(db);
    this.posts = new BotPostsRepository(db);
  }

  async userByTelegramId(telegramId: number): Promise<UserRow> {
    const user = await this.users.byTelegramId(telegramId);
    if (!user) throw notFound(`No user with telegramId ${telegramId}`);
    return user;
  }

  async setBanned(telegramId: number, banned: boolean): Promise<void> {
    const user = await this.userByTelegramId(telegramId);
    await this.users.setBanned(user.id, banned, new Date(this.clock.now()));
  }

  /**
   * `count` new public channels of the owner, each with a monthly eur 5.00 subscription the follower is an active
   * member of (bought now, no payment): a follower in many subscriptions and a creator with many channels, to see the
   * dashboard's lists page. Every row has the same time, so the lists' order rests on their tie-breaker.
   */
  async manyMemberships(owner: UserRow, follower: UserRow, count: number): Promise<{ chatIds: number[] }> {
    const now = new Date(this.clock.now());
    const expires = new Date(this.clock.now() + 30 * 24 * 3600 * 1000);
    const [existing] = await this.db
      .select({ count: sql<number>`count(*)` })
      .from(channels)
      .where(eq(channels.ownerId, owner.id));
    const first = Number(existing?.count ?? 0);
    const rows = Array.from({ length: count }, (_, index) => {
      const chatId = -(5_000_000_000_000 + owner.id * 1_000_000 + first + index);
      return {
        ownerId: owner.id,
        chatId,
        title: `${owner.firstName} ${first + index + 1}`,
        type: 'public' as const,
        username: `sandbox_${-chatId}`,
        inviteLink: null,
        language: 'en' as const,
        languageSelected: true,
        connected: true,
        moderation: 'approved' as const,
        onboardingStep: 'completed' as const,
        onboardingPassed: true,
        createdAt: now,
        updatedAt: now,
      };
    });
    const added = await this.db.insert(channels).values(rows).returning({ id: channels.id, chatId: channels.chatId });
    const plans = await this.db
      .insert(subscriptions)
      .values(
        added.map((channel) => ({
          channelId: channel.id,
          name: 'Monthly Subscription',
          description: 'Support the channel',
          period: 'monthly' as const,
          priceMinor: 500,
          currency: 'eur' as const,
          buttonText: 'Subscribe',
          deleted: false,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: subscriptions.id });
    await this.db.insert(subscriptionMembers).values(
      plans.map((plan) => ({
        subscriptionId: plan.id,
        userId: follower.id,
        status: 'active' as const,
        period: 'monthly' as const,
        activatedAt: now,
        expiresAt: expires,
        renewalFailed: false,
        paymentMethod: 'smart_glocal' as const,
        priceMinor: 500,
        currency: 'eur' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    return { chatIds: added.map((channel) => channel.chatId) };
  }

  recentUsers(): Promise<UserRow[]> {
    return this.users.recent(50);
  }

  /** A user's channels for the emulator's channel pane (none when the user is unknown): what a creator sees in Telegram. */
  async channelsOf(telegramId: number): Promise<{ chatId: number; title: string; username: string | null }[]> {
    const user = await this.users.byTelegramId(telegramId);
    if (!user) return [];
    const rows = await new ChannelsRepository(this.db).listByOwner(user.id, 200);
    return rows.map((row) => ({ chatId: row.chatId, title: row.title, username: row.username }));
  }

  /** What the sandbox's Telegram knew before a restart: the chats the bot administers and its last message ids. */
  async telegramWorld(): Promise<{ chatId: number; administered: boolean; lastMessageId: number }[]> {
    const [chats, posts] = await Promise.all([
      new ChannelsRepository(this.db).chatStates(),
      this.posts.lastMessageIds(),
    ]);
    const last = new Map(posts.map((post) => [post.chatId, post.lastMessageId]));
    const world = chats.map((chat) => ({
      chatId: chat.chatId,
      administered: chat.connected,
      lastMessageId: last.get(chat.chatId) ?? 0,
    }));
    for (const post of posts)
      if (!chats.some((chat) => chat.chatId === post.chatId))
        world.push({ chatId: post.chatId, administered: false, lastMessageId: post.lastMessageId });
    return world;
  }

  botPosts(chatId: number): Promise<BotPostRow[]> {
    return this.posts.listByChat(chatId);
  }

  /** A channel by its chat id with its owner (404 when the app has no such channel). */
  async channelWithOwner(chatId: number): Promise<{ channel: ChannelRow; owner: UserRow | undefined }> {
    const channel = await new ChannelsRepository(this.db).byChatId(chatId);
    if (!channel) throw notFound('No channel with this chatId');
    return { channel, owner: await this.users.byId(channel.ownerId) };
  }

  /**
   * What only the sandbox decides about a channel the bot was just added to (the update made it): its photo, as the
   * sandbox's Telegram shows it, and a moderation state other than the app's default.
   */
  async applyChannelExtras(
    chatId: number,
    extras: { photoUrl: string | null; moderation?: ModerationState },
  ): Promise<ChannelRow> {
    const channels = new ChannelsRepository(this.db);
    const channel = await channels.byChatId(chatId);
    if (!channel) throw notFound('No channel with this chatId');
    return channels.update(
      channel.id,
      { photoUrl: extras.photoUrl, ...(extras.moderation ? { moderation: extras.moderation } : {}) },
      new Date(this.clock.now()),
    );
  }

  /** Who the app recorded in a channel (chat_member updates, the bot's removals), latest change first. */
  channelMembers(chatId: number): Promise<PresenceRow[]> {
    return new AccessRepository(this.db).presenceIn(chatId);
  }
}
