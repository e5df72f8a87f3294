import { SetChannelLanguage } from '../../../../src/application/use-cases/channels/SetChannelLanguage';
import { createWorld } from '../support/world';

describe('SetChannelLanguage', () => {
  it('saves the language and moves the onboarding past the language step', async () => {
    const world = createWorld();
    const creator = world.seed.user({ verification: 'approved' });
    const channel = world.seed.channel(creator.id, { onboardingStep: 'select_language' });
    const result = await new SetChannelLanguage(world.as(creator).channels).execute({
      channelId: channel.id,
      language: 'id',
    });
    expect(result.ok && result.value).toMatchObject({
      language: { code: 'id' },
      isLanguageSelected: true,
      onboardingStep: 'create_subscription',
    });
  });

  it('refuses a language the product does not offer', async () => {
    const world = createWorld();
    const creator = world.seed.user({ verification: 'approved' });
    const channel = world.seed.channel(creator.id);
    const result = await new SetChannelLanguage(world.as(creator).channels).execute({
      channelId: channel.id,
      language: 'de',
    });
    expect(result).toEqual({ ok: false, error: { kind: 'invalid', code: 'unknown_language' } });
    expect(world.backend.channels.get(channel.id)?.language.code).toBe('en');
  });
});
