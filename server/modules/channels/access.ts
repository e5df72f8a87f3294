/**
 * Authorization of creator calls (spec section 6, issue: every path id is checked against its owner).
 * Someone else's id answers exactly like a missing one (404 not_found). Creator calls need an approved
 * verification; changing a channel needs it approved by moderation and connected to the bot.
 */
import { AppError, notFound } from '../../platform/errors';
import { ChannelsRepository } from './repository';
import type { DbOrTx } from '../../platform/db/db';
import type { ChannelRow, UserRow } from '../../platform/db/schema';

export interface ChannelAccess {
  /** Changing the channel: deleted channels are gone (404). Reading shows a deleted channel to its owner. */
  readonly write?: boolean;
  /** The call makes the bot act or changes what followers can buy: needs the bot connected. */
  readonly needsBot?: boolean;
}

export function requireVerified(user: UserRow): void {
  if (user.verificationStatus !== 'approved')
    throw new AppError('verification_required', 'Verification is required to use creator features');
}

export function assertModerated(channel: Pick<ChannelRow, 'moderation'>): void {
  if (channel.moderation === 'in_progress')
    throw new AppError('moderation_in_progress', 'The channel is being reviewed by moderators');
  if (channel.moderation === 'rejected')
    throw new AppError('moderation_rejected', 'The channel was not approved by moderators');
}

export async function ownedChannel(
  db: DbOrTx,
  user: UserRow,
  channelId: number,
  access: ChannelAccess = {},
): Promise<ChannelRow> {
  requireVerified(user);
  return ownChannel(user, await new ChannelsRepository(db).byId(channelId), access);
}

/**
 * ownedChannel's checks on a channel read already (undefined when there is none): the channel, once the user may see
 * it.
 */
export function ownChannel(user: UserRow, channel: ChannelRow | undefined, access: ChannelAccess = {}): ChannelRow {
  requireVerified(user);
  if (!channel || channel.ownerId !== user.id || (access.write && channel.deleted)) throw notFound('Channel not found');
  assertModerated(channel);
  if (access.needsBot && !channel.connected)
    throw new AppError('channel_disconnected', 'The bot is not an administrator of this channel any more');
  return channel;
}
