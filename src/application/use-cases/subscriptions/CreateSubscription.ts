import { afterSubscriptionCreated } from '../../../domain/channel';
import type { Channel, Subscription } from '../../../domain/entities';
import { type Result, err, ok } from '../../../domain/result';
import { type StarsPriceError, parseStarsPrice } from '../../../domain/stars';
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
  /** Why the Stars price was not saved although the subscription was (it can be set again by editing). */
  readonly starsFailure?: RequestFailure;
}

export type CreateSubscriptionError =
  MalformedInput | Invalid<SubscriptionFormError> | Invalid<StarsPriceError> | RequestFailure;

/**
 * Checks the form's shape, validates it (amount, name, description, button text, then the Stars price; first failing
 * field), creates the subscription and then sets its Stars price when one was typed (empty: not sold in Stars).
 */
export class CreateSubscription {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute(form: SubscriptionForm, starsText = ''): Promise<Result<CreatedSubscription, CreateSubscriptionError>> {
    const shaped = checkInput(SubscriptionFormInput, form);
    if (!shaped.ok) return shaped;
    const valid = validateSubscriptionForm(form);
    if (!valid.ok) return err(invalid(valid.error));
    const stars = parseStarsPrice(starsText);
    if (!stars.ok) return err(invalid(stars.error));
    const { name, description, period, price, buttonText } = valid.value;
    // A free trial only for recurring periods (the form hides it for one-time ones).
    const trialDays = period !== 'onetime' && form.trialDays ? form.trialDays : null;
    const created = await request(() =>
      this.subscriptions.create({
        channelId: form.channelId,
        name,
        description,
        period,
        price,
        buttonText,
        ...(trialDays !== null ? { trialDays } : {}),
      }),
    );
    if (!created.ok) return created;
    const result = { ...created.value, next: afterSubscriptionCreated(created.value.channel) };
    if (stars.value === null) return ok(result);
    const starsValue = stars.value;
    const starsSaved = await request(() => this.subscriptions.setStarsPrice(created.value.subscription.id, starsValue));
    return ok(starsSaved.ok ? result : { ...result, starsFailure: starsSaved.error });
  }
}
