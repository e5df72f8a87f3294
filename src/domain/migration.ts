/** Migration from the older donation product (spec sections 3 and 4). */
import type { Channel, MigrationChannel } from './entities';

/** Donation channels by active subscribers, most first; ties keep their order. */
export function sortDonateChannels<C extends Pick<MigrationChannel, 'activeSubscribers'>>(channels: readonly C[]): C[] {
  return [...channels].sort((a, b) => b.activeSubscribers - a.activeSubscribers);
}

/** Chat ids of channels that count as connected: the bot is in and the channel is not deleted. */
export function connectedChatIds(channels: readonly Pick<Channel, 'chatId' | 'connected' | 'isDeleted'>[]): Set<number> {
  return new Set(channels.filter((channel) => channel.connected && !channel.isDeleted).map((channel) => channel.chatId));
}

function toIdSet(ids: ReadonlySet<number> | readonly number[]): ReadonlySet<number> {
  return 'has' in ids ? ids : new Set(ids);
}

/**
 * Complete when every channel of the donation list is connected. An empty list is complete: there is nothing to
 * connect.
 */
export function isMigrationComplete(
  donateChannels: readonly Pick<MigrationChannel, 'chatId'>[],
  connected: ReadonlySet<number> | readonly number[],
): boolean {
  const ids = toIdSet(connected);
  return donateChannels.every((channel) => ids.has(channel.chatId));
}

/** The donation list sorted for display with each channel marked connected or not. */
export function markConnected<C extends MigrationChannel>(
  donateChannels: readonly C[],
  connected: ReadonlySet<number> | readonly number[],
): (C & { connected: boolean })[] {
  const ids = toIdSet(connected);
  return sortDonateChannels(donateChannels).map((channel) => ({ ...channel, connected: ids.has(channel.chatId) }));
}
