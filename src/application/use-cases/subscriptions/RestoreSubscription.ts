import type { Subscription } from '../../../domain/entities';
import type { Result } from '../../../domain/result';
import type { SubscriptionRepository } from '../../ports/SubscriptionRepository';
import { type RequestFailure, request } from '../shared/failures';

export class RestoreSubscription {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute(input: { readonly subscriptionId: number }): Promise<Result<Subscription, RequestFailure>> {
    return request(() => this.subscriptions.restore(input.subscriptionId));
  }
}
