import { canPublish } from '../../../domain/channel';
import type { Channel, Subscription } from '../../../domain/entities';
import { type Result, err } from '../../../domain/result';
import type { SubscriptionRepository } from '../../ports/SubscriptionRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export interface PublishSubscriptionInput {
  readonly subscription: Pick<Subscription, 'id' | 'isDeleted'>;
  readonly channel: Pick<Channel, 'type' | 'userName' | 'connected'>;
  /** Pin the post in the channel. */
  readonly pin: boolean;
  /** Post without sound. */
  readonly disableNotification: boolean;
}

export type PublishRefusal = { readonly code: 'channel_not_public' | 'channel_disconnected' | 'subscription_deleted' };
export type PublishSubscriptionError = Invalid<PublishRefusal> | RequestFailure;

/**
 * Posts a subscription into its channel with the creator's pin and sound choices. Only channels with a public
 * handle and a connected bot; the server checks again.
 */
export class PublishSubscription {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute(input: PublishSubscriptionInput): Promise<Result<Channel, PublishSubscriptionError>> {
    if (!canPublish(input.channel)) return err(invalid({ code: 'channel_not_public' } as const));
    if (!input.channel.connected) return err(invalid({ code: 'channel_disconnected' } as const));
    if (input.subscription.isDeleted) return err(invalid({ code: 'subscription_deleted' } as const));
    const { pin, disableNotification } = input;
    return request(() => this.subscriptions.publish(input.subscription.id, { pin, disableNotification }));
  }
}
