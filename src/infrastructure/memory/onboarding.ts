/** The channel onboarding steps as the sandbox server moves them (rules in src/domain/channel.ts). */
import { canSkipOnboardingStep, stepAfterSkip } from '../../domain/channel';
import type { OnboardingStep } from '../../domain/entities';
import { fail } from './InMemoryBackend';
import type { ChannelRecord } from './records';

export function moveOnboarding(channel: ChannelRecord, step: OnboardingStep): void {
  channel.onboardingStep = step;
  if (step === 'completed') {
    channel.onboardingPassed = true;
    channel.isOnboarding = false;
  }
}

/** Skipping a completed onboarding changes nothing; choosing the language cannot be skipped. */
export function skipOnboarding(channel: ChannelRecord): void {
  if (channel.onboardingStep === 'completed') return;
  if (!canSkipOnboardingStep(channel.onboardingStep)) fail('conflict', 'This onboarding step cannot be skipped');
  moveOnboarding(channel, stepAfterSkip(channel.onboardingStep));
}

/** Moves on only when the channel is at `from` (doing the step's action outside onboarding changes nothing). */
export function completeOnboardingStep(channel: ChannelRecord, from: OnboardingStep, to: OnboardingStep): void {
  if (channel.onboardingStep === from) moveOnboarding(channel, to);
}
