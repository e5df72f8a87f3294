/** The donation request form (spec sections 3 and 5). A donation is always one-time. */
import { type AmountErrorCode, checkAmount, invoiceDefaultAmount, parseDecimalAmount } from './amounts';
import { type Currency, type Money, money } from './money';
import { type Result, err, ok } from './result';
import { TEXT_LIMITS, type TextFieldErrorCode, checkText } from './text-limits';
import { type DonationGoalErrorCode, endOfDay, validateDonationGoal } from './donation-goal';

export interface DonationForm {
  readonly channelId: number;
  readonly title: string;
  readonly description: string;
  readonly currency: Currency;
  /** Suggested amount as typed (decimal text); "0" or empty means the payer chooses. */
  readonly amount: string;
  readonly buttonText: string;
  readonly pin: boolean;
  readonly disableNotification: boolean;
  /**
   * The whole Stars a donor paying in Telegram Stars is offered first, as typed; empty or absent: not payable in
   * Stars (src/domain/stars.ts parseStarsPrice).
   */
  readonly stars?: string;
  /** The goal as typed (decimal text); empty: none (src/domain/donation-goal.ts). */
  readonly goal: string;
  /** The last day as a date input gives it ("2026-12-15"); empty: no end date. The request ends at that day's end. */
  readonly endsOn: string;
}

export const DEFAULT_DONATION_BUTTON_TEXT_KEY = 'donation_default_button_text';
export const DEFAULT_DONATION_CURRENCY: Currency = 'eur';

/** Defaults: eur, amount 0, button text "Donate" (translated from its key), pin on, sound on. */
export function defaultDonationForm(channelId: number, translate: (key: string) => string): DonationForm {
  return {
    channelId,
    title: '',
    description: '',
    currency: DEFAULT_DONATION_CURRENCY,
    amount: '0',
    buttonText: translate(DEFAULT_DONATION_BUTTON_TEXT_KEY),
    pin: true,
    disableNotification: false,
    stars: '',
    goal: '',
    endsOn: '',
  };
}

export type DonationFormField = 'title' | 'description' | 'buttonText' | 'amount' | 'goal' | 'endsOn';
export type DonationFormError =
  | { readonly field: 'amount'; readonly code: AmountErrorCode; readonly bound?: Money }
  | { readonly field: 'goal' | 'endsOn'; readonly code: DonationGoalErrorCode; readonly bound?: Money }
  | {
      readonly field: Exclude<DonationFormField, 'amount' | 'goal' | 'endsOn'>;
      readonly code: TextFieldErrorCode;
      readonly max?: number;
    };

export interface ValidDonationRequest {
  readonly title: string;
  readonly description: string;
  readonly buttonText: string;
  /** Zero minor units when the payer chooses the amount. */
  readonly amount: Money;
  readonly pin: boolean;
  readonly disableNotification: boolean;
}

/**
 * Validates title (required, max 32), description (required, max 140), button text (required, max 20), then the
 * suggested amount, returning the first failing field. The default amount 0 means "payer chooses" and is valid;
 * any other amount must sit within the donation bounds. Text that is not a decimal is amount_required.
 */
export function validateDonationForm(
  form: Omit<DonationForm, 'goal' | 'endsOn'>,
): Result<ValidDonationRequest, DonationFormError> {
  const texts = [
    ['title', form.title, TEXT_LIMITS.donation.title],
    ['description', form.description, TEXT_LIMITS.donation.description],
    ['buttonText', form.buttonText, TEXT_LIMITS.donation.buttonText],
  ] as const;
  for (const [field, value, max] of texts) {
    const failure = checkText(value, max);
    if (failure !== null) return err({ field, ...failure });
  }

  const text = form.amount.trim() === '' ? '0' : form.amount;
  const minor = parseDecimalAmount(text, form.currency);
  if (minor === null) return err({ field: 'amount', code: 'amount_required' });
  let amount = money(minor, form.currency);
  if (minor !== 0) {
    const checked = checkAmount('donation', amount);
    if (!checked.ok) return err({ field: 'amount', ...checked.error });
    amount = checked.value;
  }
  return ok({
    title: form.title.trim(),
    description: form.description.trim(),
    buttonText: form.buttonText.trim(),
    amount,
    pin: form.pin,
    disableNotification: form.disableNotification,
  });
}

/** The amount a Stars amount is suggested from: the suggested amount, or the invoice's first offer when the donor chooses. */
export function donationStarsBase(form: DonationForm): Money | null {
  const text = form.amount.trim() === '' ? '0' : form.amount;
  const minor = parseDecimalAmount(text, form.currency);
  if (minor === null) return null;
  return minor > 0 ? money(minor, form.currency) : invoiceDefaultAmount(form.currency);
}

/**
 * The form's goal and end date at `nowMs` (the creator's zone `offsetMinutes` east of UTC: the end date is the end of
 * that day there), by the rules of src/domain/donation-goal.ts; `endsAt` in epoch seconds.
 */
export function validateDonationFormGoal(
  form: Pick<DonationForm, 'goal' | 'endsOn' | 'currency'>,
  nowMs: number,
  offsetMinutes: number,
): Result<{ readonly goal: Money | null; readonly endsAt: number | null }, DonationFormError> {
  const endsOn = form.endsOn.trim();
  const endsAtMs = endsOn === '' ? null : endOfDay(endsOn, offsetMinutes);
  if (endsOn !== '' && endsAtMs === null) return err({ field: 'endsOn', code: 'end_date_past' });
  const checked = validateDonationGoal({ goal: form.goal, endsAtMs, currency: form.currency }, nowMs);
  if (!checked.ok) {
    const { field, ...rest } = checked.error;
    return err({ field: field === 'endsAt' ? 'endsOn' : 'goal', ...rest });
  }
  return ok({
    goal: checked.value.goal,
    endsAt: checked.value.endsAtMs === null ? null : Math.floor(checked.value.endsAtMs / 1000),
  });
}
