/** Donation requests: validated with the shared form rules, stored, and posted into the channel by the bot. */
import type { DonationRequestRequest } from '../../../src/contract/api';
import { validateDonationForm } from '../../../src/domain/donation-form';
import { ChannelsRepository } from '../channels/repository';
import { randomBytes } from 'node:crypto';
import { DonationImagesRepository, DonationsRepository } from './repository';
import type { DonationRow, UserRow } from '../../platform/db/schema';
import type { DbOrTx } from '../../platform/db/db';
import { ownedChannel } from '../channels/access';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import type { ChannelView } from '../../platform/views';
import { type PhotoSource, Publisher, postText } from '../bot/publishing';
import { amountText, formError } from '../subscriptions/service';
import { AppError, validationError } from '../../platform/errors';
import { fitsTelegramPhoto, imageInfo } from '../../platform/imageInfo';

export class DonationService {
  private readonly publisher: Publisher;

  constructor(private readonly deps: ServiceDeps) {
    this.publisher = new Publisher(deps);
  }

  async request(
    user: UserRow,
    channelId: number,
    input: DonationRequestRequest,
  ): Promise<{ channel: ChannelView; donation: DonationRow }> {
    const channel = await ownedChannel(this.deps.db, user, channelId, { write: true, needsBot: true });
    const valid = validateDonationForm({
      channelId: channel.id,
      title: input.title,
      description: input.description,
      currency: input.currency,
      amount: amountText(input.amount),
      buttonText: input.buttonText,
      pin: input.pin,
      disableNotification: input.disableNotification,
    });
    if (!valid.ok) throw formError(valid.error);
    const photo = input.imageId == null ? null : await this.photo(channel.id, input.imageId);
    const now = nowDate(this.deps.clock);
    const donations = new DonationsRepository(this.deps.db);
    const donation = await donations.create(
      {
        channelId: channel.id,
        title: valid.value.title,
        description: valid.value.description,
        amountMinor: valid.value.amount.minor,
        currency: valid.value.amount.currency,
        buttonText: valid.value.buttonText,
        imageId: input.imageId ?? null,
      },
      now,
    );
    // The request needs its id for the post's link, so it is stored first; if the bot cannot post, it is withdrawn
    // again, so a failed call leaves no request behind.
    const post = await this.publisher
      .post({
        channel,
        kind: 'donation',
        refId: donation.id,
        text: postText(donation.title, donation.description),
        buttonText: donation.buttonText,
        pin: valid.value.pin,
        silent: valid.value.disableNotification,
        photo,
      })
      .catch(async (error: unknown) => {
        await donations.setDeleted(donation.id);
        throw error;
      });
    await donations.setPost(donation.id, post.id);
    const channels = new ChannelsRepository(this.deps.db);
    const updated =
      channel.onboardingStep === 'request_donation'
        ? await channels.update(channel.id, { onboardingStep: 'completed', onboardingPassed: true }, now)
        : channel;
    const counts = await channels.activeSubscribers([channel.id], now);
    return {
      channel: { channel: updated, activeSubscribers: counts.get(channel.id) ?? 0 },
      donation: { ...donation, postId: post.id },
    };
  }

  /**
   * Stores an image the owner uploads for the channel's donation requests (JPEG, PNG or WebP by its bytes, within
   * Telegram's photo rules) and answers the imageId a request carries: "upload:<token>".
   */
  async uploadImage(
    user: UserRow,
    channelId: number,
    bytes: Uint8Array,
  ): Promise<{ imageId: string; width: number; height: number }> {
    const channel = await ownedChannel(this.deps.db, user, channelId, { write: true, needsBot: true });
    if (bytes.length > DONATION_IMAGE_MAX_BYTES)
      throw new AppError('payload_too_large', 'The image must be at most 5 MB');
    const image = imageInfo(bytes);
    if (!image) throw validationError('image', 'The image must be a JPEG, PNG or WebP file');
    if (!fitsTelegramPhoto(image))
      throw validationError('image', 'Width and height must be at most 10000 in total and their ratio at most 20');
    const token = randomBytes(18).toString('base64url');
    await new DonationImagesRepository(this.deps.db).create(
      { token, channelId: channel.id, mime: image.mime, width: image.width, height: image.height, bytes },
      nowDate(this.deps.clock),
    );
    return { imageId: `${UPLOAD_PREFIX}${token}`, width: image.width, height: image.height };
  }

  /** The photo an imageId names: an image uploaded for this channel, or a file_id or URL Telegram resolves itself. */
  private async photo(channelId: number, imageId: string): Promise<PhotoSource> {
    if (imageId.startsWith(UPLOAD_PREFIX)) {
      const image = await new DonationImagesRepository(this.deps.db).ofChannel(
        imageId.slice(UPLOAD_PREFIX.length),
        channelId,
      );
      if (!image)
        throw validationError(
          'imageId',
          'The image is not available (an upload serves its own channel for a day): remove it and pick it again',
        );
      return { bytes: image.bytes, filename: `donation.${image.mime.slice('image/'.length)}` };
    }
    if (!isImageId(imageId))
      throw validationError(
        'imageId',
        'imageId must be an uploaded image, a Telegram file_id or an http(s) URL of the image',
      );
    return imageId;
  }
}

/** Our limit for an uploaded image (Telegram takes photos up to 10 MB; phones' photos are well below 5 MB). */
export const DONATION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Uploaded images are kept for a day (the 'donation-images-purge' job, server/jobs.ts). The app's draft that names
 * one lives only as long as the app is open, and once a request is posted Telegram holds the photo, so an older
 * upload is either posted or abandoned, and at up to 5 MB each they must not pile up.
 */
export const DONATION_IMAGE_RETENTION_SECONDS = 24 * 60 * 60;

/** The job: deletes the uploads older than DONATION_IMAGE_RETENTION_SECONDS at `nowMs`; answers how many. */
export function purgeDonationImages(db: DbOrTx, nowMs: number): Promise<number> {
  return new DonationImagesRepository(db).purgeUploadedBefore(
    new Date(nowMs - DONATION_IMAGE_RETENTION_SECONDS * 1000),
  );
}

const UPLOAD_PREFIX = 'upload:';

/**
 * What sendPhoto takes as a photo without an upload: a Telegram file_id (URL-safe base64) or an http(s) URL Telegram
 * fetches the image from (server/modules/channels/README.md "Donation images").
 */
export function isImageId(value: string): boolean {
  return /^[A-Za-z0-9_-]{16,256}$/.test(value) || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value);
}
