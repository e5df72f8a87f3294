import type { Result } from '../../../domain/result';
import type { SubscriptionRepository } from '../../ports/SubscriptionRepository';
import { type RequestFailure, request } from '../shared/failures';

/** Removes a subscription (after the screen's confirmation): members keep access until expiry but cannot renew. */
export class DeleteSubscription {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute(input: { readonly subscriptionId: number }): Promise<Result<void, RequestFailure>> {
    return request(() => this.subscriptions.delete(input.subscriptionId));
  }
}
