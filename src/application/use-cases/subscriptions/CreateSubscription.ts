import { afterSubscriptionCreated } from '../../../domain/channel';
import type { Channel, Subscription } from '../../../domain/entities';
import { type Result, err, ok } from '../../../domain/result';
import {
  type SubscriptionForm,
  type SubscriptionFormError,
  validateSubscriptionForm,
} from '../../../domain/subscription-form';
import type { SubscriptionRepository } from '../../ports/SubscriptionRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';
import { type MalformedInput, checkInput } from '../../inputs/checkInput';
import { SubscriptionFormInput } from '../../inputs/forms';

export interface CreatedSubscription {
  readonly channel: Channel;
  readonly subscription: Subscription;
  /** Where the form goes next and whether it shows the success toast (spec section 4). */
  readonly next: ReturnType<typeof afterSubscriptionCreated>;
}

export type CreateSubscriptionError = MalformedInput | Invalid<SubscriptionFormError> | RequestFailure;

/** Checks the form's shape, validates it (amount, name, description, button text; first failing field) and creates the subscription. */
export class CreateSubscription {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute(form: SubscriptionForm): Promise<Result<CreatedSubscription, CreateSubscriptionError>> {
    const shaped = checkInput(SubscriptionFormInput, form);
    if (!shaped.ok) return shaped;
    const valid = validateSubscriptionForm(form);
    if (!valid.ok) return err(invalid(valid.error));
    const { name, description, period, price, buttonText } = valid.value;
    const created = await request(() =>
      this.subscriptions.create({ channelId: form.channelId, name, description, period, price, buttonText }),
    );
    if (!created.ok) return created;
    return ok({ ...created.value, next: afterSubscriptionCreated(created.value.channel) });
  }
}
