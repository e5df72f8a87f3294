import { invoiceDefaultAmount } from '../../domain/amounts';
import type { Channel } from '../../domain/entities';
import { STARS_MAX_AMOUNT, STARS_MIN_AMOUNT, starsAmountProblem, suggestedStarsPrice } from '../../domain/stars';
import { TEXT_LIMITS } from '../../domain/text-limits';
import type {
  Donation,
  DonationRepository,
  DonationRequest,
  UploadedDonationImage,
} from '../../application/ports/DonationRepository';
import type { StarsPrice, StarsRates } from '../../application/ports/SubscriptionRepository';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import { completeOnboardingStep } from './onboarding';
import type { DonationRecord } from './records';
import { requireAmount, requireText } from './validation';
import { channelView, donationView } from './views';
import { validateDonationGoal } from '../../domain/donation-goal';
import { decimalMajor } from '../../domain/money';

const LIMITS = TEXT_LIMITS.donation;

export class InMemoryDonationRepository implements DonationRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  async request(channelId: number, request: DonationRequest): Promise<{ channel: Channel; donation: Donation }> {
    const channel = this.backend.connectedChannel(this.backend.actor(this.session), channelId);
    const record: DonationRecord = {
      id: this.backend.nextId(),
      channelId,
      title: requireText('title', request.title, LIMITS.title),
      description: requireText('description', request.description, LIMITS.description),
      buttonText: requireText('buttonText', request.buttonText, LIMITS.buttonText),
      // Zero means the payer chooses the amount.
      amount: request.amount.minor === 0 ? request.amount : requireAmount('donation', 'amount', request.amount),
      pin: request.pin,
      disableNotification: request.disableNotification,
      imageId: request.imageId ?? null,
      ...this.goalOf(request),
    };
    this.backend.donations.set(record.id, record);
    completeOnboardingStep(channel, 'request_donation', 'completed');
    return { channel: channelView(this.backend, channel), donation: donationView(this.backend, record) };
  }

  async get(donationId: number): Promise<{ channel: Channel; donation: Donation }> {
    const record = this.backend.donations.get(donationId);
    if (record === undefined) fail('not_found', 'Donation request not found');
    const channel = this.backend.ownedChannel(this.backend.actor(this.session), record.channelId);
    return { channel: channelView(this.backend, channel), donation: donationView(this.backend, record) };
  }

  /** The server's goal rules (src/domain/donation-goal.ts), with its error reasons. */
  private goalOf(request: DonationRequest): Pick<DonationRecord, 'goal' | 'endsAt'> {
    const checked = validateDonationGoal(
      {
        goal: request.goal ? decimalMajor(request.goal.minor, request.goal.currency) : null,
        endsAtMs: request.endsAt == null ? null : request.endsAt * 1000,
        currency: request.amount.currency,
      },
      this.backend.nowMs(),
    );
    if (!checked.ok)
      fail('validation_error', `${checked.error.field} is invalid`, {
        field: checked.error.field,
        reason: checked.error.code,
      });
    return { goal: checked.value.goal, endsAt: request.endsAt ?? null };
  }

  /** Keeps no bytes: the in-memory bot posts no photo. Checks the owner and the limits the server checks. */
  async uploadImage(channelId: number, file: Blob): Promise<UploadedDonationImage> {
    this.backend.connectedChannel(this.backend.actor(this.session), channelId);
    if (file.size > 5 * 1024 * 1024) fail('payload_too_large', 'The image must be at most 5 MB');
    if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type))
      fail('validation_error', 'The image must be a JPEG, PNG or WebP file', { field: 'image' });
    return { imageId: `upload:memory-${this.backend.nextId()}`, width: 1, height: 1 };
  }

  /** As the server: the channel's owner only; whole Stars within Telegram's limits, or null. */
  async setStarsPrice(donationId: number, stars: number | null): Promise<StarsPrice> {
    const actor = this.backend.actor(this.session);
    const donation = this.backend.donations.get(donationId);
    const channel = donation === undefined ? undefined : this.backend.channels.get(donation.channelId);
    if (donation === undefined || channel === undefined || channel.ownerId !== actor.user.id)
      fail('not_found', 'Donation request not found');
    if (stars !== null && starsAmountProblem(stars) !== null)
      fail('validation_error', `stars must be whole Stars from ${STARS_MIN_AMOUNT} to ${STARS_MAX_AMOUNT}`, {
        field: 'stars',
      });
    donation.starsPrice = stars;
    const rate = this.backend.config.starsRates?.get(donation.amount.currency) ?? null;
    return {
      stars,
      offer: 'one_time',
      // As the server: a donor-chosen amount is suggested from the amount the invoice offers first.
      suggested: suggestedStarsPrice(
        donation.amount.minor > 0 ? donation.amount : invoiceDefaultAmount(donation.amount.currency),
        rate,
      ),
      rate,
    };
  }

  async starsRates(): Promise<StarsRates> {
    this.backend.actor(this.session);
    return new Map(this.backend.config.starsRates ?? []);
  }
}
