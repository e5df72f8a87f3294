import { makeAutoObservable } from 'mobx';
import { type DonationForm, type DonationFormField, validateDonationForm } from '../../../domain/donation-form';
import { CURRENCIES, type Currency, compareCurrencies } from '../../../domain/money';
import { TEXT_LIMITS } from '../../../domain/text-limits';
import type { ToastStore } from '../../toasts/ToastStore';
import type { DonationDraftStore } from '../../shared/DonationDraftStore';
import { donationFormErrorMessage } from '../../shared/donationMessages';

export const DONATION_CURRENCIES: readonly Currency[] = [...CURRENCIES].sort(compareCurrencies);
export const DONATION_TEXT_LIMITS = TEXT_LIMITS.donation;

/**
 * The donation request form (spec sections 2, 3, 5): title, description, button text, currency (eur first) and a
 * suggested amount (0 or empty: the donor chooses). Continue validates in the order title, description, button
 * text, amount; the first failing field gets a fail toast and focus. The form lives in the draft store, so the
 * preview and a return from it see the same values.
 */
export class DonationFormViewModel {
  /** The field to focus; `seq` changes on every request so the same field can be focused twice. */
  focusRequest: { readonly field: DonationFormField; readonly seq: number } | null = null;

  constructor(
    private readonly drafts: DonationDraftStore,
    private readonly toasts: ToastStore,
    readonly channelId: number,
  ) {
    makeAutoObservable<DonationFormViewModel, 'drafts' | 'toasts'>(this, { drafts: false, toasts: false, channelId: false }, { autoBind: true });
  }

  /** Starts the draft with the defaults in the page language (the button text "Donate"), or resumes it. */
  start(translate: (key: string) => string): void {
    this.drafts.draftFor(this.channelId, translate);
  }

  get form(): DonationForm | null {
    return this.drafts.find(this.channelId);
  }

  private patch(change: Partial<DonationForm>): void {
    const form = this.form;
    if (form !== null) this.drafts.update({ ...form, ...change });
  }

  setTitle(title: string): void {
    this.patch({ title });
  }

  setDescription(description: string): void {
    this.patch({ description });
  }

  setButtonText(buttonText: string): void {
    this.patch({ buttonText });
  }

  setCurrency(currency: Currency): void {
    this.patch({ currency });
  }

  /** The amount as the number input cleaned it. */
  setAmount(amount: string): void {
    this.patch({ amount });
  }

  /** Validates the form; true when the screen may go on to the preview. */
  continueToPreview(): boolean {
    const form = this.form;
    if (form === null) return false;
    const result = validateDonationForm(form);
    if (result.ok) return true;
    this.toasts.fail(donationFormErrorMessage(result.error));
    this.focusRequest = { field: result.error.field, seq: (this.focusRequest?.seq ?? 0) + 1 };
    return false;
  }

  dispose(): void {
    // Nothing to release: the draft outlives the screen on purpose.
  }
}
