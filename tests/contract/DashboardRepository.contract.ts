import type { DashboardRepository } from '../../src/application/ports/DashboardRepository';
import { money } from '../../src/domain/money';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';

export function describeDashboardRepositoryContract(
  name: string,
  make: MakeContractSubject<DashboardRepository>,
): void {
  describe(`${name} (DashboardRepository contract)`, () => {
    const subject = useContractSubject(make);

    it('loads the follower view with memberships, their subscriptions and channels, and own cards', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const follower = await fixture.asFollower();
      const channel = await fixture.seedChannel(creator);
      const subscription = await fixture.seedSubscription(channel.id);
      const member = await fixture.seedMember(subscription.id, follower);
      const card = await fixture.seedCard(follower);
      await fixture.seedCard(creator);

      const dashboard = await subject().as(follower).load('follower');

      expect(dashboard.mode).toBe('follower');
      expect(dashboard.user.id).toBe(follower.id);
      expect(dashboard.isCreator).toBe(false);
      expect(dashboard.subscriptionMembers.map((m) => m.id)).toEqual([member.id]);
      expect(dashboard.subscriptions.map((s) => s.id)).toEqual([subscription.id]);
      expect(dashboard.channelsOfSubscriptions.map((c) => c.id)).toEqual([channel.id]);
      expect(dashboard.cards.map((c) => c.id)).toEqual([card.id]);
      expect(dashboard.channels).toEqual([]);
    });

    it('loads the creator view with own channels only and balances in minor units', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const other = await fixture.asCreator();
      const own = await fixture.seedChannel(creator);
      await fixture.seedChannel(other);
      await fixture.seedBalance(creator, 'active', money(1250, 'eur'));

      const dashboard = await subject().as(creator).load('creator');

      expect(dashboard.mode).toBe('creator');
      expect(dashboard.isCreator).toBe(true);
      expect(dashboard.channels.map((c) => c.id)).toEqual([own.id]);
      expect(dashboard.balances).toContainEqual({ kind: 'active', amount: money(1250, 'eur') });
    });

    it('picks the creator mode by default for a creator', async () => {
      const creator = await subject().fixture.asCreator();
      expect((await subject().as(creator).load()).mode).toBe('creator');
    });

    it('asks an unverified user to verify before the creator view', async () => {
      const follower = await subject().fixture.asFollower();
      await expectCode(subject().as(follower).load('creator'), 'verification_required');
    });

    it('pages the creator transactions by cursor, newest first, without the follower ones', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const now = Math.floor((await fixture.nowMs()) / 1000);
      const seeded = [];
      for (let i = 0; i <= fixture.pageSize; i += 1) {
        seeded.push(await fixture.seedTransaction(creator, { type: 'sell_subscription', createdAt: now - 60 * i }));
      }
      await fixture.seedTransaction(creator, { type: 'buy_subscription', createdAt: now });
      const dashboards = subject().as(creator);

      // The dashboard opens with half a page of each of its lists; the list's own pages are whole.
      const half = Math.ceil(fixture.pageSize / 2);
      const opening = (await dashboards.load('creator')).transactions;
      expect(opening.items.map((t) => t.id)).toEqual(seeded.slice(0, half).map((t) => t.id));
      const rest = await dashboards.transactions({ mode: 'creator', startFrom: opening.nextFrom });
      expect(rest.items.map((t) => t.id)).toEqual(seeded.slice(half).map((t) => t.id));
      expect(rest.nextFrom).toBeNull();
      const first = await dashboards.transactions({ mode: 'creator', startFrom: null });
      expect(first.items.map((t) => t.id)).toEqual(seeded.slice(0, fixture.pageSize).map((t) => t.id));
      expect(first.nextFrom).not.toBeNull();
      const second = await dashboards.transactions({ mode: 'creator', startFrom: first.nextFrom });
      expect(second.items.map((t) => t.id)).toEqual([seeded[fixture.pageSize].id]);
      expect(second.nextFrom).toBeNull();
    });

    it("pages the follower's memberships by cursor, newest first, each with its subscription and channel", async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const follower = await fixture.asFollower();
      const channel = await fixture.seedChannel(creator);
      const seeded = [];
      for (let i = 0; i <= fixture.pageSize; i += 1) {
        const subscription = await fixture.seedSubscription(channel.id);
        seeded.push(await fixture.seedMember(subscription.id, follower));
      }
      const dashboards = subject().as(follower);

      // The dashboard opens with half a page; the list's pages go on from its cursor, each whole.
      const opening = await dashboards.load('follower');
      expect(opening.subscriptionMembers).toHaveLength(Math.ceil(fixture.pageSize / 2));
      const rest = await dashboards.subscriptions(opening.subscriptionMembersNextFrom);
      expect(rest.nextFrom).toBeNull();
      const first = await dashboards.subscriptions(null);
      expect(first.subscriptionMembers).toHaveLength(fixture.pageSize);
      expect(first.nextFrom).not.toBeNull();
      const second = await dashboards.subscriptions(first.nextFrom);
      expect(second.nextFrom).toBeNull();
      const ids = [...first.subscriptionMembers, ...second.subscriptionMembers].map((m) => m.id);
      // Every membership once (seeded at one time: the order between them is the backend's tie-breaker).
      expect([...ids].sort((a, b) => a - b)).toEqual(seeded.map((m) => m.id).sort((a, b) => a - b));
      expect([...opening.subscriptionMembers, ...rest.subscriptionMembers].map((m) => m.id)).toEqual(ids);
      expect(second.subscriptions.map((s) => s.id)).toEqual(second.subscriptionMembers.map((m) => m.subscriptionId));
      expect(second.channelsOfSubscriptions.map((c) => c.id)).toEqual([channel.id]);
      expect(opening.subscriptions).toEqual(first.subscriptions.slice(0, opening.subscriptionMembers.length));
    });

    it("pages the creator's channels by cursor in the order they were added, without deleted ones", async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const seeded = [];
      for (let i = 0; i <= fixture.pageSize; i += 1) seeded.push(await fixture.seedChannel(creator));
      const dashboards = subject().as(creator);

      // The dashboard opens with half a page; the list's pages go on from its cursor, each whole.
      const half = Math.ceil(fixture.pageSize / 2);
      const opening = await dashboards.load('creator');
      expect(opening.channels.map((c) => c.id)).toEqual(seeded.slice(0, half).map((c) => c.id));
      const rest = await dashboards.channels(opening.channelsNextFrom);
      expect(rest.items.map((c) => c.id)).toEqual(seeded.slice(half).map((c) => c.id));
      expect(rest.nextFrom).toBeNull();
      const first = await dashboards.channels(null);
      expect(first.items.map((c) => c.id)).toEqual(seeded.slice(0, fixture.pageSize).map((c) => c.id));
      expect(first.nextFrom).not.toBeNull();
      const second = await dashboards.channels(first.nextFrom);
      expect(second.items.map((c) => c.id)).toEqual([seeded[fixture.pageSize]!.id]);
      expect(second.nextFrom).toBeNull();
    });

    it('asks an unverified user to verify before the channel pages', async () => {
      const follower = await subject().fixture.asFollower();
      await expectCode(subject().as(follower).channels(null), 'verification_required');
    });

    it('lists only the follower purchases in follower mode and only withdrawals in the withdrawals list', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const purchase = await fixture.seedTransaction(creator, { type: 'send_donation' });
      const withdrawal = await fixture.seedTransaction(creator, { type: 'withdrawal' });
      await fixture.seedTransaction(creator, { type: 'get_donation' });
      const dashboards = subject().as(creator);

      const follower = await dashboards.transactions({ mode: 'follower', startFrom: null });
      expect(follower.items.map((t) => t.id)).toEqual([purchase.id]);
      const withdrawals = await dashboards.transactions({ mode: 'creator', list: 'withdrawals', startFrom: null });
      expect(withdrawals.items.map((t) => t.id)).toEqual([withdrawal.id]);
    });

    it('answers migration_required in creator mode while the migration offer has no request; follower mode still loads', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      expect((await subject().as(creator).load('creator')).migrationAvailable).toBe(false);
      await fixture.seedMigration(creator, [
        { chatId: -100123, name: 'Old', link: 'https://t.me/old', activeSubscribers: 3 },
      ]);
      await expectCode(subject().as(creator).load('creator'), 'migration_required');
      const follower = await subject().as(creator).load('follower');
      expect(follower.mode).toBe('follower');
      expect(follower.migrationAvailable).toBe(false);
    });

    it('rejects banned accounts with banned', async () => {
      const banned = await subject().fixture.asUser({ banned: true });
      await expectCode(subject().as(banned).load(), 'banned');
    });
  });
}
