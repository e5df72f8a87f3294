import type { Money } from '../../domain/money';
import type { Channel } from '../../domain/entities';
import type { StarsPrice, StarsRates } from './SubscriptionRepository';

/** A donation request posted into a channel; followers pay it through /invoice/donation/{id}. */
export interface Donation {
  readonly id: number;
  readonly channelId: number;
  readonly title: string;
  readonly description: string;
  readonly buttonText: string;
  /** The amount the creator fixed (charged exactly), or zero: the donor chooses within the currency bounds. */
  readonly amount: Money;
  /** The goal (absent or null: none; src/domain/donation-goal.ts). */
  readonly goal?: Money | null;
  /** The end date, epoch seconds (absent or null: none); the request stays payable after it. */
  readonly endsAt?: number | null;
  /** With a goal or an end date: the progress, as the channel post shows it. */
  readonly progress?: DonationGoalProgress | null;
}

/** What donors gave so far (less refunds) towards a request's goal or end date. */
export interface DonationGoalProgress {
  readonly raised: Money;
  readonly donations: number;
  /** Rounded down; null without a goal; may pass 100. */
  readonly percent: number | null;
  readonly reached: boolean;
  readonly ended: boolean;
}

export interface DonationRequest {
  readonly title: string;
  readonly description: string;
  readonly amount: Money;
  readonly buttonText: string;
  readonly pin: boolean;
  readonly disableNotification: boolean;
  readonly imageId?: string | null;
  /** The goal, in the request's currency (null: none). */
  readonly goal?: Money | null;
  /** The end date, epoch seconds (null: none). */
  readonly endsAt?: number | null;
}

/** An image uploaded for a channel's donation requests: the imageId a request carries, and its pixel size. */
export interface UploadedDonationImage {
  readonly imageId: string;
  readonly width: number;
  readonly height: number;
}

/** Donation requests of the signed-in creator's channels. */
export interface DonationRepository {
  /** Posts a donation request into the channel (needs a connected bot). */
  request(
    channelId: number,
    request: DonationRequest,
  ): Promise<{ readonly channel: Channel; readonly donation: Donation }>;
  /** The signed-in creator's request with its progress. */
  get(donationId: number): Promise<{ readonly channel: Channel; readonly donation: Donation }>;
  /** Uploads the image file (JPEG, PNG or WebP, at most 5 MB) the bot posts with the channel's donation requests. */
  uploadImage(channelId: number, file: Blob): Promise<UploadedDonationImage>;
  /**
   * Sets the whole Stars a donor paying in Telegram Stars is offered first (they may change them; within Telegram's
   * limits), or clears it (null: not payable in Stars).
   */
  setStarsPrice(donationId: number, stars: number | null): Promise<StarsPrice>;
  /** The rates Stars amounts are suggested at, for amounts not saved yet. */
  starsRates(): Promise<StarsRates>;
}
