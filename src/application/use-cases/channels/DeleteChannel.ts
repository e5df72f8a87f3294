import { canDeleteChannel } from '../../../domain/channel';
import { type Result, err } from '../../../domain/result';
import type { ChannelRepository } from '../../ports/ChannelRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export type DeleteChannelError = Invalid<{ readonly code: 'channel_has_subscriptions' }> | RequestFailure;

export interface DeleteChannelInput {
  readonly channelId: number;
  /** Subscriptions of the channel that are not deleted, as the screen knows them. */
  readonly subscriptionCount: number;
}

/**
 * Deletes a channel that has no subscriptions left; otherwise answers channel_has_subscriptions ("Can't Delete a
 * Channel" popup) without calling the server, which refuses the same way.
 */
export class DeleteChannel {
  constructor(private readonly channels: ChannelRepository) {}

  async execute(input: DeleteChannelInput): Promise<Result<void, DeleteChannelError>> {
    if (!canDeleteChannel(input.subscriptionCount)) return err(invalid({ code: 'channel_has_subscriptions' } as const));
    return request(() => this.channels.delete(input.channelId));
  }
}
