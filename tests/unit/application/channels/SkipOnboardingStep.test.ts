import { SkipOnboardingStep } from '../../../../src/application/use-cases/channels/SkipOnboardingStep';
import type { OnboardingStep } from '../../../../src/domain/entities';
import { createWorld } from '../support/world';

function setup(onboardingStep: OnboardingStep) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id, { onboardingStep });
  return { world, channel, skip: new SkipOnboardingStep(world.as(creator).channels) };
}

describe('SkipOnboardingStep', () => {
  it.each([
    ['create_subscription', 'request_donation'],
    ['subscription_created', 'request_donation'],
    ['request_donation', 'completed'],
  ] as const)('skips %s to %s', async (from, to) => {
    const { channel, skip } = setup(from);
    const result = await skip.execute(channel);
    expect(result.ok && result.value.onboardingStep).toBe(to);
  });

  it.each(['select_language', 'completed'] as const)('cannot skip %s', async (step) => {
    const { world, channel, skip } = setup(step);
    expect(await skip.execute(channel)).toEqual({ ok: false, error: { kind: 'invalid', code: 'step_not_skippable' } });
    expect(world.backend.channels.get(channel.id)?.onboardingStep).toBe(step);
  });
});
