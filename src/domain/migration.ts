/** Migration from the older donation product (spec sections 3 and 4). */
import type { Channel, MigrationChannel, MigrationRequestStatus } from './entities';

/** Donation channels by active subscribers, most first; ties keep their order. */
export function sortDonateChannels<C extends Pick<MigrationChannel, 'activeSubscribers'>>(channels: readonly C[]): C[] {
  return [...channels].sort((a, b) => b.activeSubscribers - a.activeSubscribers);
}

/** Chat ids of channels that count as connected: the bot is in and the channel is not deleted. */
export function connectedChatIds(
  channels: readonly Pick<Channel, 'chatId' | 'connected' | 'isDeleted'>[],
): Set<number> {
  return new Set(
    channels.filter((channel) => channel.connected && !channel.isDeleted).map((channel) => channel.chatId),
  );
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

export interface MigrationState {
  readonly required: boolean;
  readonly available: boolean;
}

/**
 * When the migration from the older donation product is due (a "not shown" rule, decided once for the server and the
 * in-memory backend; server/modules/migration/README.md):
 * - due: the older product handed over donation channels, the user did not refuse, and the request is not completed
 *   (a request completes when every donation channel is connected);
 * - required (creator calls answer migration_required, the client opens /migration): due and no request yet;
 * - available (dashboard `migrationAvailable`, the client shows the waiting notice): due with a queued or
 *   importing request.
 */
export function migrationState(input: {
  readonly hasDonateChannels: boolean;
  readonly refused: boolean;
  readonly requestStatus: MigrationRequestStatus | null;
}): MigrationState {
  const due = input.hasDonateChannels && !input.refused && input.requestStatus !== 'completed';
  return { required: due && input.requestStatus === null, available: due && input.requestStatus !== null };
}
