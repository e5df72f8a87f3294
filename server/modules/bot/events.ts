/**
 * What the bot's my_chat_member updates do (from Telegram, or from the sandbox's Telegram for /sandbox/bot/channel-added|removed):
 * being made an administrator connects the channel to the user who did it; losing it disconnects the channel.
 * A new channel added without a moderation state waits for an operator with CHANNEL_MODERATION=pre (or the console's
 * setting), and is approved at once with `off`; a channel the bot is added to again keeps its moderation decision.
 */
import { randomBytes } from 'node:crypto';
import type { ModerationState } from '../../../src/domain/entities';
import { ChannelsRepository } from '../channels/repository';
import { type TelegramProfile, UsersRepository } from '../users/repository';
import type { ChannelRow, UserRow } from '../../platform/db/schema';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import { MigrationService } from '../migration/service';
import { channelModerationMode } from '../../platform/settings';

export interface ChannelAdded {
  readonly owner: UserRow;
  readonly chatId: number;
  readonly title: string;
  readonly username?: string | null;
  readonly photoUrl?: string | null;
  readonly moderation?: ModerationState;
  /** A private channel's invite link; the sandbox makes one up when absent. */
  readonly inviteLink?: string | null;
}

export class BotEventsService {
  constructor(private readonly deps: ServiceDeps) {}

  async ownerFromProfile(profile: TelegramProfile): Promise<UserRow> {
    const users = new UsersRepository(this.deps.db);
    return (await users.byTelegramId(profile.telegramId)) ?? users.upsertProfile(profile, nowDate(this.deps.clock));
  }

  async channelAdded(event: ChannelAdded): Promise<ChannelRow> {
    const isPrivate = !event.username;
    const inviteLink =
      event.inviteLink ??
      (isPrivate && this.deps.config.sandbox ? `https://t.me/+${randomBytes(12).toString('base64url')}` : null);
    const moderation =
      event.moderation ??
      ((await channelModerationMode(this.deps.db, this.deps.config)) === 'pre' ? 'in_progress' : 'approved');
    const channel = await new ChannelsRepository(this.deps.db).upsertFromBot(
      {
        ownerId: event.owner.id,
        chatId: event.chatId,
        title: event.title,
        username: event.username ?? null,
        photoUrl: event.photoUrl ?? null,
        moderation,
        keepModeration: event.moderation === undefined,
        inviteLink,
      },
      nowDate(this.deps.clock),
    );
    await new MigrationService(this.deps).refreshCompletion(event.owner.id);
    return channel;
  }

  async channelRemoved(chatId: number): Promise<ChannelRow | undefined> {
    return new ChannelsRepository(this.deps.db).setConnectedByChatId(chatId, false, nowDate(this.deps.clock));
  }
}
