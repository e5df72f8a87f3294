/** A creator's own subscription, checked like its channel (server/modules/channels/access.ts): someone else's is a 404. */
import { AppError, notFound } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db/db';
import type { ChannelRow, SubscriptionRow, UserRow } from '../../platform/db/schema';
import { type ChannelAccess, assertModerated, requireVerified } from '../channels/access';
import { SubscriptionsRepository } from './repository';

export async function ownedSubscription(
  db: DbOrTx,
  user: UserRow,
  subscriptionId: number,
  access: ChannelAccess = {},
): Promise<{ subscription: SubscriptionRow; channel: ChannelRow }> {
  requireVerified(user);
  return ownSubscription(user, await new SubscriptionsRepository(db).byIdWithChannel(subscriptionId), access);
}

/**
 * ownedSubscription's checks on a subscription read already (with its channel, and whatever else was read with them;
 * undefined when there is none): what was read, once the user may see it.
 */
export function ownSubscription<F extends { subscription: SubscriptionRow; channel: ChannelRow }>(
  user: UserRow,
  found: F | undefined,
  access: ChannelAccess = {},
): F {
  requireVerified(user);
  if (!found) throw notFound('Subscription not found');
  const { channel } = found;
  if (channel.ownerId !== user.id || (access.write && channel.deleted)) throw notFound('Subscription not found');
  assertModerated(channel);
  if (access.needsBot && !channel.connected)
    throw new AppError('channel_disconnected', 'The bot is not an administrator of this channel any more');
  return found;
}
