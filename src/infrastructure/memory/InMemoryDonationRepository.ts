import type { Channel } from '../../domain/entities';
import { TEXT_LIMITS } from '../../domain/text-limits';
import type {
  Donation,
  DonationRepository,
  DonationRequest,
  UploadedDonationImage,
} from '../../application/ports/DonationRepository';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import { completeOnboardingStep } from './onboarding';
import type { DonationRecord } from './records';
import { requireAmount, requireText } from './validation';
import { channelView } from './views';

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
    };
    this.backend.donations.set(record.id, record);
    completeOnboardingStep(channel, 'request_donation', 'completed');
    const { pin: _pin, disableNotification: _quiet, imageId: _image, ...donation } = record;
    return { channel: channelView(this.backend, channel), donation };
  }

  /** Keeps no bytes: the in-memory bot posts no photo. Checks the owner and the limits the server checks. */
  async uploadImage(channelId: number, file: Blob): Promise<UploadedDonationImage> {
    this.backend.connectedChannel(this.backend.actor(this.session), channelId);
    if (file.size > 5 * 1024 * 1024) fail('payload_too_large', 'The image must be at most 5 MB');
    if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type))
      fail('validation_error', 'The image must be a JPEG, PNG or WebP file', { field: 'image' });
    return { imageId: `upload:memory-${this.backend.nextId()}`, width: 1, height: 1 };
  }
}
