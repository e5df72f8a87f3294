import type { Channel, Language, LanguageCode, Subscription, Transaction } from '../../domain/entities';
import type { Cursor, Page } from './Page';

/** A channel page as loaded at once (GET /channel/{id}). */
export interface ChannelDetail {
  readonly channel: Channel;
  readonly languages: readonly Language[];
  readonly subscriptions: Page<Subscription>;
  readonly transactions: Page<Transaction>;
  readonly isOnboarding: boolean;
}

/**
 * Channels of the signed-in creator. Channels of other users answer `not_found`; moderation states answer
 * their own codes (spec section 4).
 */
export interface ChannelRepository {
  get(channelId: number): Promise<ChannelDetail>;
  /** Languages a channel can be set to (ru, en, id). */
  languages(): Promise<readonly Language[]>;
  setLanguage(channelId: number, language: LanguageCode): Promise<Channel>;
  /** Skips the current onboarding step and answers the channel at its next step. */
  skipOnboardingStep(channelId: number): Promise<Channel>;
  /** Deletes a channel; fails while it has subscriptions that are not deleted. */
  delete(channelId: number): Promise<void>;
  subscriptions(channelId: number, startFrom: Cursor): Promise<Page<Subscription>>;
  transactions(channelId: number, startFrom: Cursor): Promise<Page<Transaction>>;
}
