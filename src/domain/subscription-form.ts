/** The subscription form (spec sections 3, 4 and 5). */
import { type AmountErrorCode, checkAmount, parseDecimalAmount } from './amounts';
import type { Period } from './entities';
import { type Currency, type Money, money } from './money';
import { type Result, err, ok } from './result';
import { TEXT_LIMITS, type TextFieldErrorCode, checkText } from './text-limits';

export interface SubscriptionForm {
  /** Set when editing. */
  readonly id?: number;
  readonly channelId: number;
  readonly name: string;
  readonly description: string;
  readonly period: Period;
  /** The period before the last change, used to decide whether the name follows the period. */
  readonly prevPeriod?: Period;
  readonly currency: Currency;
  /** As typed (decimal text). */
  readonly amount: string;
  readonly buttonText: string;
  /** The free trial in days (3, 7, 14 or 30; src/domain/trial.ts), 0 or absent: none. Recurring periods only. */
  readonly trialDays?: number;
  readonly command: string;
  readonly publish: boolean;
  readonly disableNotification: boolean;
  readonly pin: boolean;
}

/** i18n keys of the default name per period ("Monthly Subscription" for monthly). */
export const DEFAULT_SUBSCRIPTION_NAME_KEYS: Readonly<Record<Period, string>> = {
  onetime: 'subscription_default_name_onetime',
  weekly: 'subscription_default_name_weekly',
  monthly: 'subscription_default_name_monthly',
  yearly: 'subscription_default_name_yearly',
};

/** i18n keys of the other default texts. */
export const DEFAULT_SUBSCRIPTION_TEXT_KEYS = {
  description: 'subscription_default_description',
  buttonText: 'subscription_default_button_text',
} as const;

export const DEFAULT_SUBSCRIPTION_PERIOD: Period = 'monthly';
export const DEFAULT_SUBSCRIPTION_CURRENCY: Currency = 'eur';

/**
 * A new form with the spec's defaults. `translate` turns the default keys into the creator's language;
 * the amount starts empty.
 */
export function defaultSubscriptionForm(channelId: number, translate: (key: string) => string): SubscriptionForm {
  return {
    channelId,
    name: translate(DEFAULT_SUBSCRIPTION_NAME_KEYS[DEFAULT_SUBSCRIPTION_PERIOD]),
    description: translate(DEFAULT_SUBSCRIPTION_TEXT_KEYS.description),
    period: DEFAULT_SUBSCRIPTION_PERIOD,
    currency: DEFAULT_SUBSCRIPTION_CURRENCY,
    amount: '',
    buttonText: translate(DEFAULT_SUBSCRIPTION_TEXT_KEYS.buttonText),
    command: '',
    publish: true,
    disableNotification: false,
    pin: true,
  };
}

/**
 * The name after a period change: replaced by the new period's default only while it still holds the old period's
 * default exactly; anything the creator typed (including an emptied field) is kept.
 */
export function renameOnPeriodChange(
  currentName: string,
  prevPeriod: Period,
  nextPeriod: Period,
  defaultNameOf: (period: Period) => string,
): string {
  return currentName === defaultNameOf(prevPeriod) ? defaultNameOf(nextPeriod) : currentName;
}

/** Period and currency are chosen on creation only and are read-only on edit. */
export function periodAndCurrencyEditable(isEdit: boolean): boolean {
  return !isEdit;
}

export type SubscriptionFormField = 'amount' | 'name' | 'description' | 'buttonText';

export type SubscriptionFormError =
  | { readonly field: 'amount'; readonly code: AmountErrorCode; readonly bound?: Money }
  | {
      readonly field: Exclude<SubscriptionFormField, 'amount'>;
      readonly code: TextFieldErrorCode;
      readonly max?: number;
    };

export interface ValidSubscription {
  readonly name: string;
  readonly description: string;
  readonly buttonText: string;
  readonly period: Period;
  readonly price: Money;
}

/**
 * Validates in the spec's order (amount, name, description, button text) and returns the first failing field,
 * which the screen announces with a fail toast and focuses. Text that is not a decimal amount counts as
 * amount_required (the spec has no separate message). On success the texts are trimmed and the price is Money.
 */
export function validateSubscriptionForm(form: SubscriptionForm): Result<ValidSubscription, SubscriptionFormError> {
  const minor = form.amount.trim() === '' ? null : parseDecimalAmount(form.amount, form.currency);
  const amount = checkAmount('subscription', minor === null ? null : money(minor, form.currency));
  if (!amount.ok) return err({ field: 'amount', ...amount.error });

  const texts = [
    ['name', form.name, TEXT_LIMITS.subscription.name],
    ['description', form.description, TEXT_LIMITS.subscription.description],
    ['buttonText', form.buttonText, TEXT_LIMITS.subscription.buttonText],
  ] as const;
  for (const [field, value, max] of texts) {
    const failure = checkText(value, max);
    if (failure !== null) return err({ field, ...failure });
  }
  return ok({
    name: form.name.trim(),
    description: form.description.trim(),
    buttonText: form.buttonText.trim(),
    period: form.period,
    price: amount.value,
  });
}
