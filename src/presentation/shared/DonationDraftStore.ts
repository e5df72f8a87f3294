import { makeAutoObservable } from 'mobx';
import { type DonationForm, defaultDonationForm } from '../../domain/donation-form';

/**
 * The donation request being written, per channel, kept for the app session (a DI singleton) so the form and its
 * preview (two routes) share it and going back from the preview finds the form as it was.
 */
export class DonationDraftStore {
  private readonly drafts = new Map<number, DonationForm>();

  constructor() {
    makeAutoObservable<DonationDraftStore, 'drafts'>(this, { drafts: true }, { autoBind: true });
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
  }
}
