/** Donation requests: validated with the shared form rules, stored, and posted into the channel by the bot. */
import type { DonationGoalRequest, DonationRequestRequest } from '../../../src/contract/api';
import { validateDonationForm } from '../../../src/domain/donation-form';
import {
  type DonationGoalError,
  type DonationTotals,
  donationProgress,
  hasGoal,
  validateDonationGoal,
} from '../../../src/domain/donation-goal';
import { currencyExponent, toMajor } from '../../../src/domain/money';
import { goalLine, withGoalLine } from '../bot/goalText';
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
import { AppError, notFound, validationError } from '../../platform/errors';
import { invoiceDefaultAmount } from '../../../src/domain/amounts';
import { STARS_MAX_AMOUNT, STARS_MIN_AMOUNT, starsAmountProblem, suggestStars } from '../../../src/domain/stars';
import type { StarsPriceView } from '../subscriptions/service';
import { fitsTelegramPhoto, imageInfo } from '../../platform/imageInfo';

export class DonationService {
  private readonly publisher: Publisher;

  constructor(private readonly deps: ServiceDeps) {
    this.publisher = new Publisher(deps);
  }

  /** Its Stars price (the whole Stars its invoice offers first) and one suggested from its amount at STARS_RATE_*. */
  async starsPrice(user: UserRow, donationId: number): Promise<StarsPriceView> {
    return this.starsView(await this.owned(user, donationId, false));
  }

  /** Sets (whole Stars, within Telegram's limits) or clears (null: not payable in Stars) the Stars price. */
  async setStarsPrice(user: UserRow, donationId: number, stars: number | null): Promise<StarsPriceView> {
    const donation = await this.owned(user, donationId, true);
    if (stars !== null) {
      const problem = starsAmountProblem(stars);
      if (problem !== null)
        throw validationError(
          'stars',
          problem === 'stars_not_whole'
            ? 'stars must be whole Stars'
            : `stars must be from ${STARS_MIN_AMOUNT} to ${STARS_MAX_AMOUNT} (Telegram's limits)`,
        );
    }
    return this.starsView(await new DonationsRepository(this.deps.db).setStarsPrice(donation.id, stars));
  }

  /** The caller's own donation request (another's, a missing or a deleted one: not_found). */
  private async owned(user: UserRow, donationId: number, write: boolean): Promise<DonationRow> {
    const donation = await new DonationsRepository(this.deps.db).byId(donationId);
    if (donation === undefined || donation.deleted) throw notFound('Donation request not found');
    await ownedChannel(this.deps.db, user, donation.channelId, { write });
    return donation;
  }

  private starsView(donation: DonationRow): StarsPriceView {
    const rate = this.deps.config.starsRates.get(donation.currency);
    const offered = donation.amountMinor > 0 ? donation.amountMinor : invoiceDefaultAmount(donation.currency).minor;
    const suggested = rate === undefined ? null : suggestStars(offered, currencyExponent(donation.currency), rate);
    return {
      stars: donation.starsPrice,
      offer: 'one_time',
      suggested: suggested === null ? null : Math.min(Math.max(suggested, STARS_MIN_AMOUNT), STARS_MAX_AMOUNT),
      rate: rate ?? null,
    };
  }

  async request(
    user: UserRow,
    channelId: number,
    input: DonationRequestRequest,
  ): Promise<{ channel: ChannelView; donation: DonationRow; totals: DonationTotals }> {
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
    const nowMs = this.deps.clock.now();
    const goal = validateDonationGoal(
      {
        goal: input.goal == null ? null : amountText(input.goal),
        endsAtMs: input.endsAt == null ? null : input.endsAt * 1000,
        currency: valid.value.amount.currency,
      },
      nowMs,
    );
    if (!goal.ok) throw goalError(goal.error);
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
        goalMinor: goal.value.goal?.minor ?? null,
        endsAt: goal.value.endsAtMs === null ? null : new Date(goal.value.endsAtMs),
      },
      now,
    );
    const withGoal = hasGoal({ goalMinor: donation.goalMinor, endsAtMs: goal.value.endsAtMs });
    if (withGoal) await donations.startProgress(donation.id);
    const text = postText(donation.title, donation.description);
    // The request needs its id for the post's link, so it is stored first; if the bot cannot post, it is withdrawn
    // again, so a failed call leaves no request behind.
    const post = await this.publisher
      .post({
        channel,
        kind: 'donation',
        refId: donation.id,
        text: withGoal
          ? withGoalLine(
              text,
              goalLine(
                { goalMinor: donation.goalMinor, endsAt: donation.endsAt, currency: donation.currency },
                donationProgress({ ...goal.value, goalMinor: donation.goalMinor, raisedMinor: 0, donations: 0 }, nowMs),
                channel.language,
              ),
            )
          : text,
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
      totals: { raisedMinor: 0, donations: 0 },
    };
  }

  /** The owner's view of a request: its channel, the request and its totals (somebody else's id: not found). */
  async view(
    user: UserRow,
    donationId: number,
  ): Promise<{ channel: ChannelView; donation: DonationRow; totals: DonationTotals }> {
    const repository = new DonationsRepository(this.deps.db);
    const donation = await repository.byId(donationId);
    if (donation === undefined || donation.deleted) throw notFound('Donation request not found');
    const channel = await ownedChannel(this.deps.db, user, donation.channelId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'not_found' ? notFound('Donation request not found') : error;
    });
    const counts = await new ChannelsRepository(this.deps.db).activeSubscribers([channel.id], nowDate(this.deps.clock));
    return {
      channel: { channel, activeSubscribers: counts.get(channel.id) ?? 0 },
      donation,
      totals: await repository.totals(donation.id),
    };
  }

  /**
   * Sets the request's goal and end date (the rules of creation; at least one stays). The post shows the change on
   * the donation-posts job's next run; a changed goal or end date may be announced again, once.
   */
  async editGoal(
    user: UserRow,
    donationId: number,
    input: DonationGoalRequest,
  ): Promise<{ channel: ChannelView; donation: DonationRow; totals: DonationTotals }> {
    const repository = new DonationsRepository(this.deps.db);
    const donation = await repository.byId(donationId);
    if (donation === undefined || donation.deleted) throw notFound('Donation request not found');
    await ownedChannel(this.deps.db, user, donation.channelId, { write: true, needsBot: true }).catch(
      (error: unknown) => {
        throw error instanceof AppError && error.code === 'not_found' ? notFound('Donation request not found') : error;
      },
    );
    const endsAtMs = input.endsAt === null ? null : input.endsAt * 1000;
    const unchangedEnd = endsAtMs !== null && endsAtMs === donation.endsAt?.getTime();
    const goal = validateDonationGoal(
      {
        goal: input.goal === null ? null : amountText(input.goal),
        // An end date kept as it was may have passed already.
        endsAtMs: unchangedEnd ? null : endsAtMs,
        currency: donation.currency,
      },
      this.deps.clock.now(),
    );
    if (!goal.ok) throw goalError(goal.error);
    const goalMinor = goal.value.goal?.minor ?? null;
    if (!hasGoal({ goalMinor, endsAtMs }))
      throw new AppError('validation_error', 'A request keeps a goal or an end date once it has one', {
        field: 'goal',
        reason: 'goal_invalid',
      });
    const updated = await repository.setGoal(donation, goalMinor, endsAtMs === null ? null : new Date(endsAtMs));
    return { ...(await this.view(user, donationId)), donation: updated };
  }

  /** The request's totals (kept with the ledger): what its progress is computed from. */
  totals(donationId: number): Promise<DonationTotals> {
    return new DonationsRepository(this.deps.db).totals(donationId);
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

/** A goal or end date the rules refused: 400 validation_error naming the field and the reason (and the bound). */
function goalError(error: DonationGoalError): AppError {
  const bound = error.bound ? toMajor(error.bound.minor, error.bound.currency) : undefined;
  const messages: Record<DonationGoalError['code'], string> = {
    goal_invalid: 'goal must be an amount above zero in the currency of the request',
    goal_below: `goal must be at least ${bound} ${error.bound?.currency}`,
    goal_above: `goal must be at most ${bound} ${error.bound?.currency}`,
    end_date_past: 'endsAt must be in the future',
    end_date_too_far: 'endsAt must be at most 366 days ahead',
  };
  return new AppError('validation_error', messages[error.code], {
    field: error.field,
    reason: error.code,
    ...(bound !== undefined ? { bound } : {}),
  });
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
