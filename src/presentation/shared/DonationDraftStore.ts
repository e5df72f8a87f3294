import { makeAutoObservable } from 'mobx';
import { type DonationForm, defaultDonationForm } from '../../domain/donation-form';

/**
 * The donation request being written, per channel, kept for the app session (a DI singleton) so the form and its
 * preview (two routes) share it and going back from the preview finds the form as it was.
 */
/** An image picked and uploaded for the draft: the imageId the request carries and a local URL to show it. */
export interface DraftImage {
  readonly imageId: string;
  readonly previewUrl: string;
}

export class DonationDraftStore {
  private readonly drafts = new Map<number, DonationForm>();
  private readonly images = new Map<number, DraftImage>();

  constructor() {
    makeAutoObservable<DonationDraftStore, 'drafts' | 'images'>(
      this,
      { drafts: true, images: true },
      { autoBind: true },
    );
  }

  /** The image of the channel's draft, if one was uploaded. */
  imageOf(channelId: number): DraftImage | null {
    return this.images.get(channelId) ?? null;
  }

  setImage(channelId: number, image: DraftImage | null): void {
    if (image === null) this.images.delete(channelId);
    else this.images.set(channelId, image);
  }

  /** The channel's draft, if one was started. */
  find(channelId: number): DonationForm | null {
    return this.drafts.get(channelId) ?? null;
  }

  /** The channel's draft, starting one with the defaults (button text in the page language) when there is none. */
  draftFor(channelId: number, translate: (key: string) => string): DonationForm {
    const existing = this.drafts.get(channelId);
    if (existing !== undefined) return existing;
    const created = defaultDonationForm(channelId, translate);
    this.drafts.set(channelId, created);
    return created;
  }

  update(form: DonationForm): void {
    this.drafts.set(form.channelId, form);
  }

  /** Forgets the draft once it is published. */
  clear(channelId: number): void {
    this.drafts.delete(channelId);
    this.images.delete(channelId);
  }
}
