import { canSkipOnboardingStep } from '../../../domain/channel';
import type { Channel } from '../../../domain/entities';
import { type Result, err } from '../../../domain/result';
import type { ChannelRepository } from '../../ports/ChannelRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export type SkipOnboardingStepError = Invalid<{ readonly code: 'step_not_skippable' }> | RequestFailure;

/** Skips the channel's current onboarding step and answers the updated channel (the screen replaces its copy). */
export class SkipOnboardingStep {
  constructor(private readonly channels: ChannelRepository) {}

  async execute(channel: Pick<Channel, 'id' | 'onboardingStep'>): Promise<Result<Channel, SkipOnboardingStepError>> {
    if (!canSkipOnboardingStep(channel.onboardingStep)) return err(invalid({ code: 'step_not_skippable' } as const));
    return request(() => this.channels.skipOnboardingStep(channel.id));
  }
}
