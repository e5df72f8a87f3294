import {
  firstStepNotDone,
  laterStep,
  afterSubscriptionCreated,
  canDeleteChannel,
  canPublish,
  canSkipOnboardingStep,
  channelBlockedState,
  creatorActionsEnabled,
  nextOnboardingStep,
  shouldRetryChannelLoad,
  stepAfterSkip,
} from '../../../src/domain/channel';

describe('channel onboarding', () => {
  it('walks the steps in order', () => {
    expect(nextOnboardingStep('select_language')).toBe('create_subscription');
    expect(nextOnboardingStep('create_subscription')).toBe('subscription_created');
    expect(nextOnboardingStep('subscription_created')).toBe('request_donation');
    expect(nextOnboardingStep('request_donation')).toBe('completed');
    expect(nextOnboardingStep('completed')).toBe('completed');
  });

  it('skipping subscription creation jumps to the donation request', () => {
    expect(stepAfterSkip('create_subscription')).toBe('request_donation');
    expect(stepAfterSkip('subscription_created')).toBe('request_donation');
    expect(stepAfterSkip('request_donation')).toBe('completed');
    expect(canSkipOnboardingStep('select_language')).toBe(false);
    expect(canSkipOnboardingStep('request_donation')).toBe(true);
  });

  it('after creating a subscription goes back on the subscription-created step, toasts only once onboarding passed', () => {
    expect(afterSubscriptionCreated({ onboardingStep: 'subscription_created', onboardingPassed: false })).toEqual({
      navigation: 'back',
      showSuccessToast: false,
    });
    expect(afterSubscriptionCreated({ onboardingStep: 'completed', onboardingPassed: true })).toEqual({
      navigation: 'subscription_page',
      showSuccessToast: true,
    });
  });
});

describe('the first onboarding step not done (an imported channel)', () => {
  it('asks the language first, then a subscription unless it has some, then the donation request', () => {
    expect(firstStepNotDone({ languageSelected: false, hasSubscriptions: true })).toBe('select_language');
    expect(firstStepNotDone({ languageSelected: true, hasSubscriptions: false })).toBe('create_subscription');
    expect(firstStepNotDone({ languageSelected: true, hasSubscriptions: true })).toBe('request_donation');
  });

  it('only goes forward', () => {
    expect(laterStep('completed', 'request_donation')).toBe('completed');
    expect(laterStep('select_language', 'request_donation')).toBe('request_donation');
  });
});

describe('channel permissions', () => {
  it('deletes only without subscriptions', () => {
    expect(canDeleteChannel(0)).toBe(true);
    expect(canDeleteChannel(1)).toBe(false);
  });

  it('publishes only with a public handle', () => {
    expect(canPublish({ type: 'public', userName: 'mychannel' })).toBe(true);
    expect(canPublish({ type: 'private', userName: undefined })).toBe(false);
    expect(canPublish({ type: 'public', userName: '' })).toBe(false);
  });

  it('maps moderation to a blocked state', () => {
    expect(channelBlockedState({ moderation: 'in_progress' })).toBe('moderation_in_progress');
    expect(channelBlockedState({ moderation: 'rejected' })).toBe('moderation_rejected');
    expect(channelBlockedState({ moderation: 'approved' })).toBeNull();
  });

  it('needs a connected bot for creator actions', () => {
    const ok = { connected: true, isDeleted: false, moderation: 'approved' as const };
    expect(creatorActionsEnabled(ok)).toBe(true);
    expect(creatorActionsEnabled({ ...ok, connected: false })).toBe(false);
    expect(creatorActionsEnabled({ ...ok, isDeleted: true })).toBe(false);
    expect(creatorActionsEnabled({ ...ok, moderation: 'in_progress' })).toBe(false);
  });

  it('retries channel loads except for moderation and redirects', () => {
    expect(shouldRetryChannelLoad('error_unknown')).toBe(true);
    expect(shouldRetryChannelLoad('network_error')).toBe(true);
    expect(shouldRetryChannelLoad('moderation_in_progress')).toBe(false);
    expect(shouldRetryChannelLoad('moderation_rejected')).toBe(false);
    expect(shouldRetryChannelLoad('banned')).toBe(false);
  });
});
