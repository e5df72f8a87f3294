import { makeAutoObservable, runInAction } from 'mobx';
import type { Clock } from '../../../application/ports/Clock';
import type { Donation, DonationRepository } from '../../../application/ports/DonationRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { Channel } from '../../../domain/entities';
import { AsyncState } from '../../shell/screenState';

/**
 * The creator's donation request (/channel/:channelId/donation/:donationId): its channel, its text and, with a goal or
 * an end date, the progress the channel post shows. Refresh loads it again (the post is edited as donations arrive).
 */
export class DonationRequestViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  channel: Channel | null = null;
  donation: Donation | null = null;
  refreshing = false;

  constructor(
    private readonly donations: DonationRepository,
    private readonly clock: Clock,
    readonly channelId: number,
    readonly donationId: number,
  ) {
    makeAutoObservable<DonationRequestViewModel, 'donations' | 'clock'>(
      this,
      { donations: false, clock: false, loader: false, channelId: false, donationId: false },
      { autoBind: true },
    );
  }

  get state() {
    return this.loader.state;
  }

  now(): number {
    return this.clock.now();
  }

  async load(): Promise<void> {
    await this.loader.run(
      () => this.donations.get(this.donationId),
      ({ channel, donation }) => {
        this.channel = channel;
        this.donation = donation;
      },
    );
  }

  /** Loads the progress again; the screen stays as it is meanwhile. */
  async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      const { channel, donation } = await this.donations.get(this.donationId);
      runInAction(() => {
        this.channel = channel;
        this.donation = donation;
      });
    } catch {
      // The figures on screen stay; a later refresh tries again.
    } finally {
      runInAction(() => (this.refreshing = false));
    }
  }

  dispose(): void {
    this.loader.dispose();
  }
}
