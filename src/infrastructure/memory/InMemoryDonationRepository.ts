import type { Channel } from '../../domain/entities';
import { TEXT_LIMITS } from '../../domain/text-limits';
import type { Donation, DonationRepository, DonationRequest } from '../../application/ports/DonationRepository';
import type { InMemoryBackend, InMemorySession } from './InMemoryBackend';
import { completeOnboardingStep } from './onboarding';
import type { DonationRecord } from './records';
import { requireAmount, requireText } from './validation';
import { channelView } from './views';

const LIMITS = TEXT_LIMITS.donation;

export class InMemoryDonationRepository implements DonationRepository {
  constructor(private readonly backend: InMemoryBackend, private readonly session: InMemorySession = backend.session) {}

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
}
