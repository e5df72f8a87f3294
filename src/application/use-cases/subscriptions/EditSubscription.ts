import type { Subscription } from '../../../domain/entities';
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

/** Period and currency are chosen on creation only. */
export interface ReadOnlyFieldChanged {
  readonly field: 'period' | 'currency';
  readonly code: 'read_only';
}

export type EditSubscriptionError =
  | MalformedInput
  | Invalid<SubscriptionFormError>
  | Invalid<ReadOnlyFieldChanged>
  | Invalid<StarsPriceError>
  | RequestFailure;

export interface EditSubscriptionInput {
  /** The subscription as loaded: its period and currency are fixed. */
  readonly subscription: Subscription;
  readonly form: SubscriptionForm;
  /** The Stars price as typed (empty: not sold in Stars) and as saved; omitted: left as it is. */
  readonly stars?: { readonly text: string; readonly saved: number | null };
}

/**
 * Validates like creation, refuses a changed period or currency, then saves name, description, price and button, and
 * the Stars price when it changed.
 */
export class EditSubscription {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute({
    subscription,
    form,
    stars,
  }: EditSubscriptionInput): Promise<Result<Subscription, EditSubscriptionError>> {
    const shaped = checkInput(SubscriptionFormInput, form);
    if (!shaped.ok) return shaped;
    if (form.period !== subscription.period) return err(invalid({ field: 'period', code: 'read_only' } as const));
    if (form.currency !== subscription.price.currency)
      return err(invalid({ field: 'currency', code: 'read_only' } as const));
    const valid = validateSubscriptionForm(form);
    if (!valid.ok) return err(invalid(valid.error));
    const starsPrice = stars === undefined ? null : parseStarsPrice(stars.text);
    if (starsPrice !== null && !starsPrice.ok) return err(invalid(starsPrice.error));
    const { name, description, price, buttonText } = valid.value;
    // The trial setting when the form has one (0: off); a one-time subscription never has one.
    const trial =
      form.trialDays === undefined
        ? {}
        : { trialDays: subscription.period === 'onetime' || form.trialDays === 0 ? null : form.trialDays };
    const edited = await request(() =>
      this.subscriptions.edit(subscription.id, { name, description, price, buttonText, ...trial }),
    );
    if (!edited.ok || starsPrice === null || starsPrice.value === stars?.saved) return edited;
    const newStars = starsPrice.value;
    const saved = await request(() => this.subscriptions.setStarsPrice(subscription.id, newStars));
    return saved.ok ? ok(edited.value) : saved;
  }
}
