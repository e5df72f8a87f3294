import type { ChannelRepository } from '../../src/application/ports/ChannelRepository';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';

export function describeChannelRepositoryContract(name: string, make: MakeContractSubject<ChannelRepository>): void {
  describe(`${name} (ChannelRepository contract)`, () => {
    const subject = useContractSubject(make);

    it('loads an own channel with languages, first pages and the onboarding flag', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator, { onboardingStep: 'create_subscription' });
      const subscription = await fixture.seedSubscription(channel.id);

      const detail = await subject().as(creator).get(channel.id);

      expect(detail.channel).toMatchObject({
        id: channel.id,
        name: channel.name,
        onboardingStep: 'create_subscription',
        isDeleted: false,
      });
      expect(detail.isOnboarding).toBe(true);
      expect(detail.languages.map((l) => l.code).sort()).toEqual(['en', 'id', 'ru']);
      expect(detail.subscriptions.items.map((s) => s.id)).toEqual([subscription.id]);
      expect(detail.subscriptions.nextFrom).toBeNull();
    });

    it("answers not_found for another creator's channel and for unknown ids", async () => {
      const { fixture } = subject();
      const owner = await fixture.asCreator();
      const stranger = await fixture.asCreator();
      const channel = await fixture.seedChannel(owner);
      await expectCode(subject().as(stranger).get(channel.id), 'not_found');
      await expectCode(subject().as(stranger).delete(channel.id), 'not_found');
      await expectCode(subject().as(owner).get(987_654_321), 'not_found');
    });

    it.each([
      ['in_progress', 'moderation_in_progress'],
      ['rejected', 'moderation_rejected'],
    ] as const)('answers the moderation state %s as %s', async (moderation, code) => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator, { moderation });
      await expectCode(subject().as(creator).get(channel.id), code);
    });

    it('sets the language and leaves the select-language step', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator, { onboardingStep: 'select_language' });
      const updated = await subject().as(creator).setLanguage(channel.id, 'ru');
      expect(updated.language.code).toBe('ru');
      expect(updated.isLanguageSelected).toBe(true);
      expect(updated.onboardingStep).toBe('create_subscription');
      expect((await subject().as(creator).get(channel.id)).channel.language.code).toBe('ru');
    });

    it('lists the three channel languages', async () => {
      const creator = await subject().fixture.asCreator();
      const languages = await subject().as(creator).languages();
      expect(languages.map((l) => l.code).sort()).toEqual(['en', 'id', 'ru']);
      for (const language of languages) expect(language.englishName.length).toBeGreaterThan(0);
    });

    it('skips create-subscription to request-donation, then completes the onboarding', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator, { onboardingStep: 'create_subscription' });
      const channels = subject().as(creator);
      expect((await channels.skipOnboardingStep(channel.id)).onboardingStep).toBe('request_donation');
      const done = await channels.skipOnboardingStep(channel.id);
      expect(done).toMatchObject({ onboardingStep: 'completed', onboardingPassed: true, isOnboarding: false });
    });

    it('refuses to delete a channel that still has a subscription, and deletes it once there is none', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      await fixture.seedSubscription(channel.id);
      await fixture.seedSubscription(channel.id, { isDeleted: true });
      const channels = subject().as(creator);
      await expectCode(channels.delete(channel.id), 'channel_has_subscriptions');

      const empty = await fixture.seedChannel(creator);
      await fixture.seedSubscription(empty.id, { isDeleted: true });
      await channels.delete(empty.id);
      // A deleted channel still opens for its owner, marked deleted ("Channel deleted"); changes answer not_found.
      expect((await channels.get(empty.id)).channel.isDeleted).toBe(true);
      await expectCode(channels.delete(empty.id), 'not_found');
      await expect(channels.get(channel.id)).resolves.toBeDefined();
    });

    it('pages the subscriptions by cursor, each once', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      const seeded = [];
      for (let i = 0; i <= fixture.pageSize; i += 1) seeded.push((await fixture.seedSubscription(channel.id)).id);
      const channels = subject().as(creator);

      // The page opens with half a page of each of its lists; the list's own pages go on from its cursor, whole.
      const opening = (await channels.get(channel.id)).subscriptions;
      expect(opening.items).toHaveLength(Math.ceil(fixture.pageSize / 2));
      const rest = await channels.subscriptions(channel.id, opening.nextFrom);
      expect(rest.items).toHaveLength(fixture.pageSize + 1 - opening.items.length);
      expect(rest.nextFrom).toBeNull();
      const first = await channels.subscriptions(channel.id, null);
      expect(first.items).toHaveLength(fixture.pageSize);
      expect(first.nextFrom).not.toBeNull();
      const second = await channels.subscriptions(channel.id, first.nextFrom);
      expect(second.nextFrom).toBeNull();
      const all = [...first.items, ...second.items].map((s) => s.id);
      expect([...all].sort((a, b) => a - b)).toEqual(seeded);
      expect([...opening.items, ...rest.items].map((s) => s.id)).toEqual(all);
    });

    it("lists only this channel's transactions", async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      const other = await fixture.seedChannel(creator);
      const mine = await fixture.seedTransaction(creator, { type: 'sell_subscription', channelId: channel.id });
      await fixture.seedTransaction(creator, { type: 'sell_subscription', channelId: other.id });
      const page = await subject().as(creator).transactions(channel.id, null);
      expect(page.items.map((t) => t.id)).toEqual([mine.id]);
      expect(page.nextFrom).toBeNull();
    });
  });
}
