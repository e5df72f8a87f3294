import { isValidCommand } from '../../../domain/command';
import type { Subscription } from '../../../domain/entities';
import { type Result, err } from '../../../domain/result';
import type { SubscriptionRepository } from '../../ports/SubscriptionRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export type SetSubscriptionCommandError =
  Invalid<{ readonly field: 'command'; readonly code: 'invalid_command' }> | RequestFailure;

/** Saves the bot command, "$" followed by a-z only (spec section 5), or clears it with "". */
export class SetSubscriptionCommand {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute(input: {
    readonly subscriptionId: number;
    readonly command: string;
  }): Promise<Result<Subscription, SetSubscriptionCommandError>> {
    if (input.command !== '' && !isValidCommand(input.command))
      return err(invalid({ field: 'command', code: 'invalid_command' } as const));
    return request(() => this.subscriptions.setCommand(input.subscriptionId, input.command));
  }
}
