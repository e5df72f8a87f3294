import type { NewSubscription, SubscriptionRepository } from '../../src/application/ports/SubscriptionRepository';
import { money } from '../../src/domain/money';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';

const DAY = 24 * 60 * 60;

function newSubscription(channelId: number, overrides: Partial<NewSubscription> = {}): NewSubscription {
  return {
    channelId,
    name: 'Monthly Subscription',
    description: 'Keeps the channel going',
    period: 'monthly',
    price: money(500, 'eur'),
    buttonText: 'Subscribe',
    ...overrides,
  };
}

export function describeSubscriptionRepositoryContract(
  name: string,
  make: MakeContractSubject<SubscriptionRepository>,
): void {
  describe(`${name} (SubscriptionRepository contract)`, () => {
    const subject = useContractSubject(make);

    async function creatorWithChannel(
      options: Parameters<ReturnType<typeof subject>['fixture']['seedChannel']>[1] = {},
    ) {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator, options);
      return { creator, channel, subscriptions: subject().as(creator) };
    }

    describe('create', () => {
      it('creates with the price in minor units and moves the onboarding to subscription-created', async () => {
        const { channel, subscriptions } = await creatorWithChannel({ onboardingStep: 'create_subscription' });
        const created = await subscriptions.create(
          newSubscription(channel.id, { price: money(1999, 'eur'), period: 'yearly' }),
        );
        expect(created.subscription).toMatchObject({
          channelId: channel.id,
          period: 'yearly',
          price: money(1999, 'eur'),
          isDeleted: false,
          activeSubscribers: 0,
        });
        expect(created.channel.onboardingStep).toBe('subscription_created');
        expect((await subscriptions.detail(created.subscription.id)).subscription.name).toBe('Monthly Subscription');
      });

      it.each([
        ['below the eur minimum', { price: money(99, 'eur') }],
        ['above the rub maximum', { price: money(6_000_001, 'rub') }],
        ['a name longer than 32', { name: 'n'.repeat(33) }],
        ['an empty description', { description: '   ' }],
        ['a button text longer than 20', { buttonText: 'b'.repeat(21) }],
      ])('rejects %s with validation_error', async (_case, overrides) => {
        const { channel, subscriptions } = await creatorWithChannel();
        await expectCode(subscriptions.create(newSubscription(channel.id, overrides)), 'validation_error');
      });

      it('accepts the bounds themselves (eur 1 and 1000)', async () => {
        const { channel, subscriptions } = await creatorWithChannel();
        await expect(
          subscriptions.create(newSubscription(channel.id, { price: money(100, 'eur') })),
        ).resolves.toBeDefined();
        await expect(
          subscriptions.create(newSubscription(channel.id, { price: money(100_000, 'eur') })),
        ).resolves.toBeDefined();
      });

      it('needs a connected bot and an own channel', async () => {
        const { fixture } = subject();
        const { channel, subscriptions } = await creatorWithChannel({ connected: false });
        await expectCode(subscriptions.create(newSubscription(channel.id)), 'channel_disconnected');
        const stranger = await fixture.asCreator();
        const connected = await fixture.seedChannel(await fixture.asCreator());
        await expectCode(subject().as(stranger).create(newSubscription(connected.id)), 'not_found');
      });
    });

    describe('edit', () => {
      it('changes texts and price but keeps period and currency', async () => {
        const { fixture } = subject();
        const { channel, subscriptions } = await creatorWithChannel();
        const seeded = await fixture.seedSubscription(channel.id, { period: 'weekly', price: money(300, 'eur') });
        const edited = await subscriptions.edit(seeded.id, {
          name: 'VIP',
          description: 'More',
          buttonText: 'Join',
          price: money(700, 'eur'),
        });
        expect(edited).toMatchObject({
          id: seeded.id,
          name: 'VIP',
          description: 'More',
          buttonText: 'Join',
          price: money(700, 'eur'),
          period: 'weekly',
        });
        await expectCode(
          subscriptions.edit(seeded.id, {
            name: 'VIP',
            description: 'More',
            buttonText: 'Join',
            price: money(70000, 'rub'),
          }),
          'validation_error',
        );
      });

      it('rejects a deleted subscription', async () => {
        const { fixture } = subject();
        const { channel, subscriptions } = await creatorWithChannel();
        const deleted = await fixture.seedSubscription(channel.id, { isDeleted: true });
        await expectCode(
          subscriptions.edit(deleted.id, { name: 'A', description: 'B', buttonText: 'C', price: money(500, 'eur') }),
          'subscription_deleted',
        );
      });
    });

    describe('publish', () => {
      it('publishes into a public channel and moves the onboarding on', async () => {
        const { fixture } = subject();
        const { channel, subscriptions } = await creatorWithChannel({ onboardingStep: 'subscription_created' });
        const seeded = await fixture.seedSubscription(channel.id);
        const updated = await subscriptions.publish(seeded.id, { pin: true, disableNotification: false });
        expect(updated.id).toBe(channel.id);
        expect(updated.onboardingStep).toBe('request_donation');
      });

      it.each([
        ['a private channel', { private: true }, {}, 'channel_not_public'],
        ['a disconnected channel', { connected: false }, {}, 'channel_disconnected'],
        ['a deleted subscription', {}, { isDeleted: true }, 'subscription_deleted'],
      ] as const)('refuses %s', async (_case, channelOptions, subscriptionOptions, code) => {
        const { fixture } = subject();
        const { channel, subscriptions } = await creatorWithChannel(channelOptions);
        const seeded = await fixture.seedSubscription(channel.id, subscriptionOptions);
        await expectCode(subscriptions.publish(seeded.id, { pin: false, disableNotification: true }), code);
      });
    });

    it('deletes and restores', async () => {
      const { fixture } = subject();
      const { channel, subscriptions } = await creatorWithChannel();
      const seeded = await fixture.seedSubscription(channel.id);
      await subscriptions.delete(seeded.id);
      expect((await subscriptions.detail(seeded.id)).subscription.isDeleted).toBe(true);
      expect((await subscriptions.restore(seeded.id)).isDeleted).toBe(false);
      expect((await subscriptions.detail(seeded.id)).subscription.isDeleted).toBe(false);
    });

    it('sets a "$" command of a-z only', async () => {
      const { fixture } = subject();
      const { channel, subscriptions } = await creatorWithChannel();
      const seeded = await fixture.seedSubscription(channel.id);
      expect((await subscriptions.setCommand(seeded.id, '$vip')).command).toBe('$vip');
      await expectCode(subscriptions.setCommand(seeded.id, 'vip'), 'validation_error');
      await expectCode(subscriptions.setCommand(seeded.id, '$Vip1'), 'validation_error');
    });

    it('clears the command with "", and keeps a command to one subscription of the channel', async () => {
      const { fixture } = subject();
      const { channel, subscriptions } = await creatorWithChannel();
      const first = await fixture.seedSubscription(channel.id);
      const second = await fixture.seedSubscription(channel.id);
      await subscriptions.setCommand(first.id, '$vip');
      await expectCode(subscriptions.setCommand(second.id, '$vip'), 'conflict');
      expect((await subscriptions.detail(second.id)).subscription.command).toBeUndefined();
      expect((await subscriptions.setCommand(first.id, '')).command).toBeUndefined();
      expect((await subscriptions.detail(first.id)).subscription.command).toBeUndefined();
      expect((await subscriptions.setCommand(second.id, '$vip')).command).toBe('$vip');
    });

    it('refuses to restore a subscription whose command another live one took meanwhile, and changes nothing', async () => {
      const { fixture } = subject();
      const { channel, subscriptions } = await creatorWithChannel();
      const first = await fixture.seedSubscription(channel.id);
      const second = await fixture.seedSubscription(channel.id);
      await subscriptions.setCommand(first.id, '$vip');
      await subscriptions.delete(first.id);
      await subscriptions.setCommand(second.id, '$vip');
      await expectCode(subscriptions.restore(first.id), 'conflict');
      expect((await subscriptions.detail(first.id)).subscription).toMatchObject({ isDeleted: true, command: '$vip' });
      await subscriptions.setCommand(second.id, '');
      expect((await subscriptions.restore(first.id)).isDeleted).toBe(false);
    });

    describe('members', () => {
      it('groups members into live (active or one-time) and inactive, with their users', async () => {
        const { fixture } = subject();
        const { channel, subscriptions } = await creatorWithChannel();
        const monthly = await fixture.seedSubscription(channel.id);
        const activeUser = await fixture.asFollower();
        const cancelledUser = await fixture.asFollower();
        const active = await fixture.seedMember(monthly.id, activeUser);
        const cancelled = await fixture.seedMember(monthly.id, cancelledUser, { status: 'cancelled' });

        const detail = await subscriptions.detail(monthly.id);
        expect(detail.members.live.items.map((m) => m.id)).toEqual([active.id]);
        expect(detail.members.inactive.items.map((m) => m.id)).toEqual([cancelled.id]);
        expect(detail.users.map((u) => u.id).sort((a, b) => a - b)).toEqual(
          [activeUser.id, cancelledUser.id].sort((a, b) => a - b),
        );

        const onetime = await fixture.seedSubscription(channel.id, { period: 'onetime' });
        const buyer = await fixture.seedMember(onetime.id, await fixture.asFollower(), { status: 'cancelled' });
        expect((await subscriptions.detail(onetime.id)).members.live.items.map((m) => m.id)).toEqual([buyer.id]);
      });

      it('counts exactly the live group: an expired, an active, a cancelled-not-yet-expired and a one-time member', async () => {
        const { fixture } = subject();
        const { channel, subscriptions } = await creatorWithChannel();
        const monthly = await fixture.seedSubscription(channel.id);
        const now = Math.floor((await fixture.nowMs()) / 1000);
        const active = await fixture.seedMember(monthly.id, await fixture.asFollower(), { expiresAt: now + 10 * DAY });
        // Still marked active (its renewal has not run) but expired: shown as Expired, so it is not live.
        await fixture.seedMember(monthly.id, await fixture.asFollower(), {
          activatedAt: now - 40 * DAY,
          expiresAt: now - 10 * DAY,
        });
        await fixture.seedMember(monthly.id, await fixture.asFollower(), {
          status: 'cancelled',
          expiresAt: now + 5 * DAY,
        });
        const onetime = await fixture.seedSubscription(channel.id, { period: 'onetime' });
        const buyer = await fixture.seedMember(onetime.id, await fixture.asFollower());

        const detail = await subscriptions.detail(monthly.id);
        expect(detail.members.live.items.map((m) => m.id)).toEqual([active.id]);
        expect(detail.members.inactive.items).toHaveLength(2);
        expect(detail.subscription.activeSubscribers).toBe(1);
        const onetimeDetail = await subscriptions.detail(onetime.id);
        expect(onetimeDetail.members.live.items.map((m) => m.id)).toEqual([buyer.id]);
        expect(onetimeDetail.subscription.activeSubscribers).toBe(1);
        expect(onetimeDetail.channel.activeSubscribers).toBe(2);
      });

      it('filters by active, expiring and expired', async () => {
        const { fixture } = subject();
        const { channel, subscriptions } = await creatorWithChannel();
        const seeded = await fixture.seedSubscription(channel.id);
        const now = Math.floor((await fixture.nowMs()) / 1000);
        const active = await fixture.seedMember(seeded.id, await fixture.asFollower(), { expiresAt: now + 10 * DAY });
        const expiring = await fixture.seedMember(seeded.id, await fixture.asFollower(), {
          status: 'cancelled',
          expiresAt: now + 5 * DAY,
        });
        const expired = await fixture.seedMember(seeded.id, await fixture.asFollower(), {
          status: 'cancelled',
          activatedAt: now - 40 * DAY,
          expiresAt: now - 10 * DAY,
        });

        const ids = async (filter: 'all' | 'active' | 'expiring' | 'expired') =>
          (await subscriptions.members(seeded.id, { filter, startFrom: null })).items
            .map((m) => m.id)
            .sort((a, b) => a - b);
        expect(await ids('active')).toEqual([active.id]);
        expect(await ids('expiring')).toEqual([expiring.id]);
        expect(await ids('expired')).toEqual([expired.id]);
        expect(await ids('all')).toEqual([active.id, expiring.id, expired.id].sort((a, b) => a - b));
      });

      it('pages members by cursor within a group', async () => {
        const { fixture } = subject();
        const { channel, subscriptions } = await creatorWithChannel();
        const seeded = await fixture.seedSubscription(channel.id);
        const ids: number[] = [];
        for (let i = 0; i <= fixture.pageSize; i += 1)
          ids.push((await fixture.seedMember(seeded.id, await fixture.asFollower())).id);

        const first = await subscriptions.members(seeded.id, { filter: 'all', group: 'live', startFrom: null });
        expect(first.items).toHaveLength(fixture.pageSize);
        expect(first.users.length).toBeGreaterThan(0);
        const second = await subscriptions.members(seeded.id, {
          filter: 'all',
          group: 'live',
          startFrom: first.nextFrom,
        });
        expect(second.nextFrom).toBeNull();
        expect([...first.items, ...second.items].map((m) => m.id).sort((a, b) => a - b)).toEqual(ids);

        // The subscription page opens each group with half a page (one group is shown at a time); its cursor goes on
        // through the members list to the rest of the group.
        const detail = await subscriptions.detail(seeded.id);
        expect(detail.members.live.items).toHaveLength(Math.ceil(fixture.pageSize / 2));
        const rest: number[] = [];
        let startFrom = detail.members.live.nextFrom;
        while (startFrom !== null) {
          const page = await subscriptions.members(seeded.id, { filter: 'all', group: 'live', startFrom });
          rest.push(...page.items.map((m) => m.id));
          startFrom = page.nextFrom;
        }
        expect([...detail.members.live.items.map((m) => m.id), ...rest]).toEqual(
          [...first.items, ...second.items].map((m) => m.id),
        );
      });

      it('shows one member with its user to the owner only', async () => {
        const { fixture } = subject();
        const { channel, subscriptions } = await creatorWithChannel();
        const seeded = await fixture.seedSubscription(channel.id);
        const follower = await fixture.asFollower();
        const member = await fixture.seedMember(seeded.id, follower);
        const detail = await subscriptions.member(member.id);
        expect(detail.member).toMatchObject({ id: member.id, userId: follower.id, subscriptionId: seeded.id });
        expect(detail.user.id).toBe(follower.id);
        expect(detail.channel.id).toBe(channel.id);
        await expectCode(
          subject()
            .as(await fixture.asCreator())
            .member(member.id),
          'not_found',
        );
      });
    });

    describe('free trial setting and gift counts', () => {
      it('creates with a free trial, keeps it on an edit that leaves it out, and turns it off with null', async () => {
        const { channel, subscriptions } = await creatorWithChannel();
        const { subscription } = await subscriptions.create(newSubscription(channel.id, { trialDays: 7 }));
        expect(subscription.trialDays).toBe(7);
        const texts = { name: 'VIP', description: 'More', buttonText: 'Join', price: money(500, 'eur') };
        expect((await subscriptions.edit(subscription.id, texts)).trialDays).toBe(7);
        expect((await subscriptions.edit(subscription.id, { ...texts, trialDays: 30 })).trialDays).toBe(30);
        const off = await subscriptions.edit(subscription.id, { ...texts, trialDays: null });
        expect(off.trialDays).toBeUndefined();
        expect((await subscriptions.detail(subscription.id)).subscription.trialDays).toBeUndefined();
      });

      it.each([
        ['5 days', { trialDays: 5 }],
        ['a one-time subscription', { trialDays: 7, period: 'onetime' as const }],
      ])('refuses a free trial of %s with validation_error', async (_case, overrides) => {
        const { channel, subscriptions } = await creatorWithChannel();
        await expectCode(subscriptions.create(newSubscription(channel.id, overrides)), 'validation_error');
      });

      it("counts no gifts for a new subscription, and shows the counts only to the subscription's creator", async () => {
        const { fixture } = subject();
        const { channel, subscriptions } = await creatorWithChannel();
        const seeded = await fixture.seedSubscription(channel.id);
        expect(await subscriptions.giftStats(seeded.id)).toEqual({ sold: 0, redeemed: 0, open: 0, refunded: 0 });
        const stranger = subject().as(await fixture.asCreator());
        await expectCode(stranger.giftStats(seeded.id), 'not_found');
        await expectCode(subscriptions.giftStats(987_654_321), 'not_found');
        const deleted = await fixture.seedSubscription(channel.id, { isDeleted: true });
        await expectCode(subscriptions.giftStats(deleted.id), 'not_found');
      });
    });

    describe('stars price', () => {
      it('is empty until set; set, read back and cleared; monthly renews, weekly sells one period', async () => {
        const { channel, subscriptions } = await creatorWithChannel();
        const monthly = (await subscriptions.create(newSubscription(channel.id))).subscription;
        // Neither backend has a STARS_RATE_* set here: no suggestion.
        expect(await subscriptions.starsPrice(monthly.id)).toEqual({
          stars: null,
          offer: 'renewing',
          suggested: null,
          rate: null,
        });
        expect((await subscriptions.setStarsPrice(monthly.id, 400)).stars).toBe(400);
        expect((await subscriptions.starsPrice(monthly.id)).stars).toBe(400);
        expect((await subscriptions.setStarsPrice(monthly.id, null)).stars).toBeNull();
        const weekly = (await subscriptions.create(newSubscription(channel.id, { period: 'weekly' }))).subscription;
        expect(await subscriptions.setStarsPrice(weekly.id, 50)).toMatchObject({ stars: 50, offer: 'one_period' });
        expect((await subscriptions.starsRates()).size).toBe(0);
      });

      it.each([0, 10_001, 2.5])("refuses %s Stars (Telegram's limits) with validation_error", async (stars) => {
        const { channel, subscriptions } = await creatorWithChannel();
        const { subscription } = await subscriptions.create(newSubscription(channel.id));
        await expectCode(subscriptions.setStarsPrice(subscription.id, stars), 'validation_error');
      });
    });
  });
}
