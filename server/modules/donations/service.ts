/** Donation requests: validated with the shared form rules, stored, and posted into the channel by the bot. */
import type { DonationRequestRequest } from '../../../src/contract/api';
import { validateDonationForm } from '../../../src/domain/donation-form';
import { ChannelsRepository } from '../channels/repository';
import { DonationsRepository } from './repository';
import type { DonationRow, UserRow } from '../../platform/db/schema';
import { ownedChannel } from '../channels/access';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import type { ChannelView } from '../../platform/views';
import { Publisher, postText } from '../bot/publishing';
import { amountText, formError } from '../subscriptions/service';
import { validationError } from '../../platform/errors';

export class DonationService {
  private readonly publisher: Publisher;

  constructor(private readonly deps: ServiceDeps) {
    this.publisher = new Publisher(deps);
  }

  async request(user: UserRow, channelId: number, input: DonationRequestRequest): Promise<{ channel: ChannelView; donation: DonationRow }> {
    const channel = await ownedChannel(this.deps.db, user, channelId, { write: true, needsBot: true });
    const valid = validateDonationForm({
      channelId: channel.id, title: input.title, description: input.description, currency: input.currency,
      amount: amountText(input.amount), buttonText: input.buttonText,
      pin: input.pin, disableNotification: input.disableNotification,
    });
    if (!valid.ok) throw formError(valid.error);
    if (input.imageId != null && !isImageId(input.imageId)) throw validationError('imageId', 'imageId must be a Telegram file_id or an http(s) URL of the image');
    const now = nowDate(this.deps.clock);
    const donations = new DonationsRepository(this.deps.db);
    const donation = await donations.create({
      channelId: channel.id, title: valid.value.title, description: valid.value.description, amountMinor: valid.value.amount.minor,
      currency: valid.value.amount.currency, buttonText: valid.value.buttonText, imageId: input.imageId ?? null,
    }, now);
    // The request needs its id for the post's link, so it is stored first; if the bot cannot post, it is withdrawn
    // again, so a failed call leaves no request behind.
    const post = await this.publisher.post({
      channel, kind: 'donation', refId: donation.id, text: postText(donation.title, donation.description),
      buttonText: donation.buttonText, pin: valid.value.pin, silent: valid.value.disableNotification, imageId: donation.imageId,
    }).catch(async (error: unknown) => {
      await donations.setDeleted(donation.id);
      throw error;
    });
    await donations.setPost(donation.id, post.id);
    const channels = new ChannelsRepository(this.deps.db);
    const updated = channel.onboardingStep === 'request_donation'
      ? await channels.update(channel.id, { onboardingStep: 'completed', onboardingPassed: true }, now)
      : channel;
    const counts = await channels.activeSubscribers([channel.id], now);
    return { channel: { channel: updated, activeSubscribers: counts.get(channel.id) ?? 0 }, donation: { ...donation, postId: post.id } };
  }
}

/**
 * What sendPhoto takes as a photo without an upload: a Telegram file_id (URL-safe base64) or an http(s) URL Telegram
 * fetches the image from (server/README.md "Gaps of the spec", donation images).
 */
export function isImageId(value: string): boolean {
  return /^[A-Za-z0-9_-]{16,256}$/.test(value) || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value);
}
