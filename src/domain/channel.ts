/** Channel rules: onboarding, moderation, permissions (spec sections 2, 4 and 6). */
import type { Channel, OnboardingStep } from './entities';

/** The onboarding steps in the order a channel goes through them. */
export const ONBOARDING_ORDER: readonly OnboardingStep[] = [
  'select_language',
  'create_subscription',
  'subscription_created',
  'request_donation',
  'completed',
];

/** The step that follows when a step is done. */
export function nextOnboardingStep(step: OnboardingStep): OnboardingStep {
  const index = ONBOARDING_ORDER.indexOf(step);
  return ONBOARDING_ORDER[Math.min(index + 1, ONBOARDING_ORDER.length - 1)];
}

/**
 * The first onboarding step a channel has not done, from what it already has: a chosen language, subscriptions. A
 * channel that comes with subscriptions (imported from the older product, where they were already sold) has nothing
 * left to create or publish: it goes on with the donation request.
 */
export function firstStepNotDone(done: { languageSelected: boolean; hasSubscriptions: boolean }): OnboardingStep {
  if (!done.languageSelected) return 'select_language';
  return done.hasSubscriptions ? 'request_donation' : 'create_subscription';
}

/** The later of two steps: onboarding only goes forward. */
export const laterStep = (a: OnboardingStep, b: OnboardingStep): OnboardingStep =>
  ONBOARDING_ORDER.indexOf(a) >= ONBOARDING_ORDER.indexOf(b) ? a : b;

/** Steps with a skip button: choosing the language cannot be skipped. */
export function canSkipOnboardingStep(step: OnboardingStep): boolean {
  return step === 'create_subscription' || step === 'subscription_created' || step === 'request_donation';
}

/**
 * The step after skipping. Skipping subscription creation also skips "subscription created" (there is none to
 * publish), so both lead to the donation request; skipping that completes onboarding.
 */
export function stepAfterSkip(step: OnboardingStep): OnboardingStep {
  switch (step) {
    case 'create_subscription':
    case 'subscription_created':
      return 'request_donation';
    case 'request_donation':
    case 'completed':
      return 'completed';
    case 'select_language':
      return 'select_language';
  }
}

/**
 * After creating a subscription: on the "subscription created" step the form goes back (to the onboarding), otherwise
 * to the new subscription's page. The success toast shows only once onboarding is passed.
 */
export function afterSubscriptionCreated(channel: Pick<Channel, 'onboardingStep' | 'onboardingPassed'>): {
  navigation: 'back' | 'subscription_page';
  showSuccessToast: boolean;
} {
  return {
    navigation: channel.onboardingStep === 'subscription_created' ? 'back' : 'subscription_page',
    showSuccessToast: channel.onboardingPassed,
  };
}

/** A channel can be deleted only when it has no subscriptions left (deleted ones do not count). */
export function canDeleteChannel(activeSubscriptionCount: number): boolean {
  return activeSubscriptionCount === 0;
}

/** Publishing a subscription post needs a public handle. */
export function canPublish(channel: Pick<Channel, 'type' | 'userName'>): boolean {
  return channel.type === 'public' && typeof channel.userName === 'string' && channel.userName !== '';
}

export type ChannelBlockedState = 'moderation_in_progress' | 'moderation_rejected';

/** Moderation blocks a channel: the page shows a placeholder instead of the channel. */
export function channelBlockedState(channel: Pick<Channel, 'moderation'>): ChannelBlockedState | null {
  if (channel.moderation === 'in_progress') return 'moderation_in_progress';
  if (channel.moderation === 'rejected') return 'moderation_rejected';
  return null;
}

/**
 * Creator actions (donation and subscription buttons, publish, ...) need the bot connected, the channel not deleted
 * and not blocked by moderation.
 */
export function creatorActionsEnabled(channel: Pick<Channel, 'connected' | 'isDeleted' | 'moderation'>): boolean {
  return channel.connected && !channel.isDeleted && channelBlockedState(channel) === null;
}

/** Error codes after which reloading the channel is pointless: moderation states and redirects. */
const NO_RETRY_CODES: ReadonlySet<string> = new Set([
  'moderation_in_progress',
  'moderation_rejected',
  'banned',
  'verification_required',
  'migration_required',
]);

/**
 * Channel load errors are retried after 3 s, except moderation states (shown as the channel's state) and the codes
 * that redirect the user away (banned, verification, migration).
 */
export function shouldRetryChannelLoad(code: string): boolean {
  return !NO_RETRY_CODES.has(code);
}
