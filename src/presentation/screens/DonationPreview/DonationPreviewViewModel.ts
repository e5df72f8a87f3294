import { makeAutoObservable, runInAction } from 'mobx';
import type { ChannelRepository } from '../../../application/ports/ChannelRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { RequestDonation } from '../../../application/use-cases/donations/RequestDonation';
import { type DonationForm, validateDonationForm } from '../../../domain/donation-form';
import type { Channel } from '../../../domain/entities';
import type { Donation } from '../../../application/ports/DonationRepository';
import type { Money } from '../../../domain/money';
import { AsyncState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';
import type { DonationDraftStore, DraftImage } from '../../shared/DonationDraftStore';
import { donationFormErrorMessage } from '../../shared/donationMessages';
import { failureMessage } from '../../toasts/failureMessage';

/** i18n key of the publish button: it says what will happen (pin, without sound). */
export function donationPublishButtonKey(pin: boolean, disableNotification: boolean): string {
  if (pin && disableNotification) return 'donation.preview.publishPinnedSilently';
  if (pin) return 'donation.preview.publishAndPin';
  if (disableNotification) return 'donation.preview.publishSilently';
  return 'donation.preview.publish';
}

/**
 * The donation preview (spec section 2): the channel, the post as the bot will send it (title, description, the
 * Donate button), pin (default on) and sound-off (default off) switches, and publishing through RequestDonation.
 * The form comes from the draft store; without a draft there is nothing to preview.
 */
export class DonationPreviewViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  channel: Channel | null = null;
  publishing = false;
  /** Posted: the draft is forgotten when the screen goes away (not before, so the preview stays on screen meanwhile). */
  published = false;
  /** The request as posted (its id opens the creator's request screen when it has a goal). */
  posted: Donation | null = null;

  constructor(
    private readonly channels: ChannelRepository,
    private readonly requestDonation: RequestDonation,
    private readonly drafts: DonationDraftStore,
    private readonly toasts: ToastStore,
    readonly channelId: number,
  ) {
    makeAutoObservable<DonationPreviewViewModel, 'channels' | 'requestDonation' | 'drafts' | 'toasts'>(
      this,
      { channels: false, requestDonation: false, drafts: false, toasts: false, loader: false, channelId: false },
      { autoBind: true },
    );
  }

  get state() {
    return this.loader.state;
  }

  get form(): DonationForm | null {
    return this.drafts.find(this.channelId);
  }

  /** The suggested amount as it will be offered, or null when the donor chooses (0 or empty). */
  get suggestedAmount(): Money | null {
    const form = this.form;
    if (form === null) return null;
    const valid = validateDonationForm(form);
    return valid.ok && valid.value.amount.minor > 0 ? valid.value.amount : null;
  }

  async load(): Promise<void> {
    await this.loader.run(
      () => this.channels.get(this.channelId),
      ({ channel }) => (this.channel = channel),
    );
  }

  get pin(): boolean {
    return this.form?.pin ?? true;
  }

  get disableNotification(): boolean {
    return this.form?.disableNotification ?? false;
  }

  get publishButtonKey(): string {
    return donationPublishButtonKey(this.pin, this.disableNotification);
  }

  get canPublish(): boolean {
    return this.form !== null && this.channel !== null && this.channel.connected;
  }

  setPin(pin: boolean): void {
    const form = this.form;
    if (form !== null && !this.publishing) this.drafts.update({ ...form, pin });
  }

  setSilent(disableNotification: boolean): void {
    const form = this.form;
    if (form !== null && !this.publishing) this.drafts.update({ ...form, disableNotification });
  }

  /** The image the form uploaded, posted as a photo with the text as its caption. */
  get image(): DraftImage | null {
    return this.drafts.imageOf(this.channelId);
  }

  /** Publishes the request; true when it was posted (the screen goes back to the channel). */
  async publish(): Promise<boolean> {
    const form = this.form;
    if (this.publishing || this.published || form === null) return false;
    this.publishing = true;
    const result = await this.requestDonation.execute(form, this.image?.imageId ?? null);
    runInAction(() => {
      this.publishing = false;
      if (result.ok) {
        this.channel = result.value.channel;
        this.posted = result.value.donation;
      }
    });
    if (!result.ok) {
      this.toasts.fail(
        result.error.kind === 'invalid' ? donationFormErrorMessage(result.error) : failureMessage(result.error),
      );
      return false;
    }
    runInAction(() => (this.published = true));
    // Posted without its Stars amount: it says so (the request takes cards only).
    if (result.value.starsFailure !== undefined) this.toasts.fail('donation.form.stars.notSaved');
    else this.toasts.success('donation.preview.published');
    return true;
  }

  dispose(): void {
    this.loader.dispose();
    if (this.published) this.drafts.clear(this.channelId);
  }
}
