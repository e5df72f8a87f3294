import { makeAutoObservable, runInAction } from 'mobx';
import type { DonationRepository } from '../../../application/ports/DonationRepository';
import type { StarsRates } from '../../../application/ports/SubscriptionRepository';
import type { UnsavedChanges } from '../../../application/ports/UnsavedChanges';
import {
  type DonationForm,
  type DonationFormField,
  defaultDonationForm,
  donationStarsBase,
  validateDonationForm,
  validateDonationFormGoal,
} from '../../../domain/donation-form';
import { parseStarsPrice, sanitizeStarsInput, suggestedStarsPrice } from '../../../domain/stars';
import { GOAL_MAX_DAYS } from '../../../domain/donation-goal';
import type { Clock } from '../../../application/ports/Clock';
import { CURRENCIES, type Currency, compareCurrencies } from '../../../domain/money';
import { TEXT_LIMITS } from '../../../domain/text-limits';
import type { ToastStore } from '../../toasts/ToastStore';
import type { DonationDraftStore, DraftImage } from '../../shared/DonationDraftStore';
import type { UploadDonationImage } from '../../../application/use-cases/donations/UploadDonationImage';
import { failureMessage } from '../../toasts/failureMessage';
import { donationFormErrorMessage } from '../../shared/donationMessages';
import { guardUnsavedChanges } from '../../shared/unsavedChangesGuard';

export const DONATION_CURRENCIES: readonly Currency[] = [...CURRENCIES].sort(compareCurrencies);
export const DONATION_TEXT_LIMITS = TEXT_LIMITS.donation;

/** The form's fields: the request's own and the Stars amount offered to donors paying in Telegram Stars. */
export type DonationFormFieldOrStars = DonationFormField | 'stars';

/**
 * The donation request form (spec sections 2, 3, 5): title, description, button text, currency (eur first) and a
 * suggested amount (0 or empty: the donor chooses). Continue validates in the order title, description, button
 * text, amount; the first failing field gets a fail toast and focus. The form lives in the draft store, so the
 * preview and a return from it see the same values.
 */
export class DonationFormViewModel {
  /** The field to focus; `seq` changes on every request so the same field can be focused twice. */
  focusRequest: { readonly field: DonationFormFieldOrStars; readonly seq: number } | null = null;
  /** What one Star earns per currency, for the suggestion; empty when no rate is set or it could not be read. */
  starsRates: StarsRates = new Map();
  /** True while a picked image is being uploaded. */
  uploadingImage = false;
  /** A fresh draft in the page language: the draft holds changes while it differs from it. */
  private blank: DonationForm | null = null;
  private readonly releaseUnsavedGuard: () => void;

  constructor(
    private readonly drafts: DonationDraftStore,
    private readonly toasts: ToastStore,
    unsavedChanges: UnsavedChanges,
    private readonly uploadDonationImage: UploadDonationImage,
    private readonly donations: DonationRepository,
    private readonly clock: Clock,
    readonly channelId: number,
  ) {
    makeAutoObservable<
      DonationFormViewModel,
      'drafts' | 'toasts' | 'blank' | 'releaseUnsavedGuard' | 'uploadDonationImage' | 'donations' | 'clock'
    >(
      this,
      {
        drafts: false,
        toasts: false,
        channelId: false,
        releaseUnsavedGuard: false,
        blank: true,
        uploadDonationImage: false,
        donations: false,
        clock: false,
      },
      { autoBind: true },
    );
    this.releaseUnsavedGuard = guardUnsavedChanges(unsavedChanges, () => this.hasUnsavedChanges);
  }

  /** Starts the draft with the defaults in the page language (the button text "Donate"), or resumes it. */
  start(translate: (key: string) => string): void {
    this.blank = defaultDonationForm(this.channelId, translate);
    this.drafts.draftFor(this.channelId, translate);
  }

  /** Reads the Stars rates for the suggestion; without them the form only suggests no Stars amount. */
  async loadStarsRates(): Promise<void> {
    const rates = await this.donations.starsRates().catch((): StarsRates => new Map());
    runInAction(() => (this.starsRates = rates));
  }

  /** True while the draft differs from a fresh one (it is cleared once published). */
  get hasUnsavedChanges(): boolean {
    const form = this.form;
    const blank = this.blank;
    if (form === null || blank === null) return false;
    return (
      form.title !== blank.title ||
      form.description !== blank.description ||
      form.buttonText !== blank.buttonText ||
      form.currency !== blank.currency ||
      form.amount !== blank.amount ||
      (form.stars ?? '') !== (blank.stars ?? '') ||
      form.goal !== blank.goal ||
      form.endsOn !== blank.endsOn ||
      this.image !== null
    );
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

  /** The Stars amount as the input cleaned it (digits only); empty: not payable in Stars. */
  setStars(stars: string): void {
    this.patch({ stars: sanitizeStarsInput(stars) });
  }

  /** Whether a rate is set for the chosen currency, so a Stars amount can be suggested. */
  get canSuggestStars(): boolean {
    const form = this.form;
    return form !== null && this.starsRates.has(form.currency);
  }

  /** The suggested amount (or the invoice's first offer when the donor chooses) at the rate, in whole Stars. */
  get suggestedStars(): number | null {
    const form = this.form;
    if (form === null) return null;
    const base = donationStarsBase(form);
    return base === null ? null : suggestedStarsPrice(base, this.starsRates.get(form.currency));
  }

  suggestStars(): void {
    const suggested = this.suggestedStars;
    if (suggested !== null) this.setStars(String(suggested));
  }

  /** The goal as the number input cleaned it (empty: none). */
  setGoal(goal: string): void {
    this.patch({ goal });
  }

  /** The last day ("2026-12-15", empty: no end date). */
  setEndsOn(endsOn: string): void {
    this.patch({ endsOn });
  }

  /** The earliest and latest day the date input offers: tomorrow and GOAL_MAX_DAYS from now, in the device's zone. */
  get endsOnRange(): { readonly min: string; readonly max: string } {
    const offsetMs = this.clock.timezoneOffsetMinutes() * 60_000;
    const day = (ms: number) => new Date(ms + offsetMs).toISOString().slice(0, 10);
    const now = this.clock.now();
    return { min: day(now + 86_400_000), max: day(now + (GOAL_MAX_DAYS - 1) * 86_400_000) };
  }

  /** The uploaded image the request will carry (shown as a thumbnail), or null. */
  get image(): DraftImage | null {
    return this.drafts.imageOf(this.channelId);
  }

  /**
   * Uploads a picked image file; `previewUrl` is a local URL of it to show. On failure (a type or size the bot
   * cannot post, or the upload refused) a fail toast says why and the previous image stays.
   * Answers the preview URL no longer shown (the replaced image's, or this one's on failure) for the view to release.
   */
  async pickImage(file: Blob, previewUrl: string): Promise<string | null> {
    if (this.uploadingImage) return previewUrl;
    this.uploadingImage = true;
    const result = await this.uploadDonationImage.execute(this.channelId, file);
    const replaced = this.image?.previewUrl ?? null;
    runInAction(() => {
      this.uploadingImage = false;
      if (result.ok) this.drafts.setImage(this.channelId, { imageId: result.value.imageId, previewUrl });
    });
    if (result.ok) return replaced;
    const error = result.error;
    if (error.kind === 'invalid') this.toasts.fail(`donation.image.errors.${error.code}`);
    else if (error.code === 'payload_too_large') this.toasts.fail('donation.image.errors.image_too_large');
    else if (error.code === 'validation_error') this.toasts.fail('donation.image.errors.image_type');
    else this.toasts.fail(failureMessage(error));
    return previewUrl;
  }

  /** Drops the image; answers its preview URL for the view to release. */
  removeImage(): string | null {
    const image = this.image;
    this.drafts.setImage(this.channelId, null);
    return image?.previewUrl ?? null;
  }

  /** Validates the form; true when the screen may go on to the preview. */
  continueToPreview(): boolean {
    const form = this.form;
    if (form === null) return false;
    const valid = validateDonationForm(form);
    const stars = parseStarsPrice(form.stars ?? '');
    const goal = validateDonationFormGoal(form, this.clock.now(), this.clock.timezoneOffsetMinutes());
    const error = !valid.ok ? valid.error : !stars.ok ? stars.error : !goal.ok ? goal.error : null;
    if (error === null) return true;
    this.toasts.fail(donationFormErrorMessage(error));
    this.focusRequest = { field: error.field, seq: (this.focusRequest?.seq ?? 0) + 1 };
    return false;
  }

  /** The draft outlives the screen on purpose (the preview shows it); the host's guard goes with the form. */
  dispose(): void {
    this.releaseUnsavedGuard();
  }
}
