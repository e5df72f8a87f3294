import { CancelFollowerSubscription } from '../../../../src/application/use-cases/follower/CancelFollowerSubscription';
import { RenewFollowerSubscription } from '../../../../src/application/use-cases/follower/RenewFollowerSubscription';
import type { FollowerRepository } from '../../../../src/application/ports/FollowerRepository';
import type { RetentionOfferQuote, RetentionRepository } from '../../../../src/application/ports/RetentionRepository';
import { AcceptRetentionOffer } from '../../../../src/application/use-cases/retention/AcceptRetentionOffer';
import { DeclineRetentionOffer } from '../../../../src/application/use-cases/retention/DeclineRetentionOffer';
import { ShowRetentionOffer } from '../../../../src/application/use-cases/retention/ShowRetentionOffer';
import { money } from '../../../../src/domain/money';
import type { Period } from '../../../../src/domain/entities';
import { FollowerSubscriptionViewModel } from '../../../../src/presentation/screens/FollowerSubscription/FollowerSubscriptionViewModel';
import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { createWorld } from '../../application/support/world';
import { FakePlatform } from '../support/FakePlatform';
import { FakeDialogs } from '../support/fakePorts';

const DAY = 86_400;

/**
 * A retention port over the in-memory follower port: `offer` is what a cancel is shown (null: none); accepting lowers
 * the membership's price, declining cancels; `unavailable` makes accept answer as a removed offer does.
 */
function fakeRetention(follower: FollowerRepository, offer: RetentionOfferQuote | null, unavailable = false) {
  const calls: string[] = [];
  const repository: RetentionRepository = {
    creatorOffer: () => Promise.reject(new Error('not used')),
    setOffer: () => Promise.reject(new Error('not used')),
    removeOffer: () => Promise.reject(new Error('not used')),
    offerOnCancel: async () => {
      calls.push('shown');
      return offer;
    },
    accept: async (memberId, terms, key) => {
      calls.push(`accept ${terms.percent} ${terms.renewals} ${key.length > 0}`);
      if (unavailable)
        throw Object.assign(new Error('gone'), { code: 'retention_offer_unavailable', body: { reason: 'no_offer' } });
      const membership = await follower.member(memberId);
      return { ...membership, member: { ...membership.member, price: offer!.charged } };
    },
    decline: async (memberId) => {
      calls.push('decline');
      return follower.cancel(memberId);
    },
  };
  return { repository, calls };
}

function setup(
  options: {
    period?: Period;
    status?: 'active' | 'cancelled';
    expiresInDays?: number;
    deleted?: boolean;
    offer?: RetentionOfferQuote | null;
    unavailable?: boolean;
  } = {},
) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const subscription = world.seed.subscription(channel.id, {
    price: money(500, 'eur'),
    period: options.period ?? 'monthly',
    isDeleted: options.deleted,
  });
  const follower = world.seed.user();
  const nowSeconds = world.backend.nowSeconds();
  const member = world.seed.member(subscription.id, follower.id, {
    status: options.status ?? 'active',
    activatedAt: nowSeconds - 10 * DAY,
    expiresAt: nowSeconds + (options.expiresInDays ?? 20) * DAY,
  });
  const ports = world.as(follower);
  const toasts = new ToastStore(new FakePlatform(), world.time);
  const dialogs = new FakeDialogs();
  const retention = fakeRetention(ports.follower, options.offer ?? null, options.unavailable);
  const vm = new FollowerSubscriptionViewModel(
    ports.follower,
    new CancelFollowerSubscription(ports.follower, world.time),
    new RenewFollowerSubscription(ports.follower, world.time),
    new ShowRetentionOffer(retention.repository, world.time),
    new AcceptRetentionOffer(retention.repository),
    new DeclineRetentionOffer(retention.repository),
    toasts,
    world.time,
    dialogs,
    member.id,
  );
  return { world, vm, toasts, dialogs, member, subscription, nowSeconds, retention };
}

describe('FollowerSubscriptionViewModel', () => {
  it('shows the renews-on line of an active membership and cancels it, keeping access until the same date', async () => {
    const { vm, toasts, nowSeconds } = setup();
    await vm.load();
    expect(vm.lineKey).toBe('follower.line.renews_on');
    expect(vm.view).toMatchObject({
      canCancel: true,
      canRenew: false,
      label: 'active',
      line: { at: nowSeconds + 20 * DAY, deletedSuffix: false },
    });
    await vm.cancel();
    expect(toasts.current).toMatchObject({ kind: 'success', message: { key: 'follower.cancelled' } });
    expect(vm.lineKey).toBe('follower.line.expires_on');
    expect(vm.view).toMatchObject({
      cancelled: true,
      canCancel: false,
      canRenew: true,
      renewShowsPrice: false,
      label: 'cancelled',
      line: { at: nowSeconds + 20 * DAY },
    });
  });

  it('renews a cancelled, unexpired membership in place', async () => {
    const { vm, toasts } = setup({ status: 'cancelled' });
    await vm.load();
    expect(await vm.renew()).toBeNull();
    expect(toasts.current).toMatchObject({ kind: 'success', message: { key: 'follower.renewed' } });
    expect(vm.view).toMatchObject({ label: 'active', canCancel: true });
  });

  it('an expired membership shows the expired-on line, renews with price and period, and goes to the invoice', async () => {
    const { vm, subscription } = setup({ status: 'cancelled', expiresInDays: -3 });
    await vm.load();
    expect(vm.lineKey).toBe('follower.line.expired_on');
    expect(vm.view).toMatchObject({ expired: true, canRenew: true, renewShowsPrice: true, label: 'expired' });
    expect(await vm.renew()).toBe(`/invoice/subscription/${subscription.id}`);
    expect(vm.busy).toBeNull();
  });

  it('a deleted subscription adds the suffix and cannot be renewed; one-time has neither renew nor cancel', async () => {
    const deleted = setup({ deleted: true });
    await deleted.vm.load();
    expect(deleted.vm.lineKey).toBe('follower.line.expires_on');
    expect(deleted.vm.view).toMatchObject({ canRenew: false, canCancel: false, line: { deletedSuffix: true } });
    expect(await deleted.vm.renew()).toBeNull();
    expect(deleted.toasts.current?.kind).toBe('fail');

    const oneTime = setup({ period: 'onetime' });
    await oneTime.vm.load();
    expect(oneTime.vm.view).toMatchObject({ canRenew: false, canCancel: false, line: null });
    expect(oneTime.vm.lineKey).toBeNull();
  });

  it('an unknown membership fails to load with its code', async () => {
    const { world, toasts } = setup();
    const stranger = world.seed.user();
    const ports = world.as(stranger);
    const retention = fakeRetention(ports.follower, null).repository;
    const vm = new FollowerSubscriptionViewModel(
      ports.follower,
      new CancelFollowerSubscription(ports.follower, world.time),
      new RenewFollowerSubscription(ports.follower, world.time),
      new ShowRetentionOffer(retention, world.time),
      new AcceptRetentionOffer(retention),
      new DeclineRetentionOffer(retention),
      toasts,
      world.time,
      new FakeDialogs(),
      424242,
    );
    await vm.load();
    expect(vm.state).toEqual({ status: 'error', code: 'not_found' });
  });

  it('cancels only once the host popup is answered with cancel, and reads the time from the clock', async () => {
    const { vm, dialogs, world } = setup();
    await vm.load();
    const texts = {
      title: 'Cancel subscription?',
      message: 'You keep access until May 1.',
      confirm: 'Cancel subscription',
      keep: 'Keep subscription',
    };
    await vm.confirmCancel(texts);
    expect(dialogs.popups).toEqual([
      {
        ...{ title: texts.title, message: texts.message },
        buttons: [
          { id: 'cancel-subscription', type: 'destructive', text: texts.confirm },
          // Both buttons say what they do: a bare "Cancel" beside "Cancel subscription" reads as the same action.
          { id: 'keep', type: 'default', text: texts.keep },
        ],
      },
    ]);
    expect(vm.view).toMatchObject({ label: 'active' });
    dialogs.popupAnswer = 'cancel-subscription';
    await vm.confirmCancel(texts);
    expect(vm.view).toMatchObject({ label: 'cancelled' });
    expect(vm.now()).toBe(world.time.now());
  });
  describe('the retention offer in the cancel flow', () => {
    const texts = { title: 'Cancel subscription?', message: 'Until May 1.', confirm: 'Cancel', keep: 'Keep' };
    const offer: RetentionOfferQuote = {
      percent: 30,
      renewals: 3,
      price: money(500, 'eur'),
      charged: money(350, 'eur'),
      capped: false,
    };

    it('without an offer, Cancel asks the plain confirmation as before', async () => {
      const { vm, dialogs, retention } = setup();
      await vm.load();
      await vm.startCancel(texts);
      expect(retention.calls).toEqual(['shown']);
      expect(vm.offer).toBeNull();
      expect(dialogs.popups).toHaveLength(1);
    });

    it('shows the offer instead of the confirmation; accepting keeps the membership at the offered price', async () => {
      const { vm, dialogs, toasts, retention } = setup({ offer });
      await vm.load();
      await vm.startCancel(texts);
      expect(vm.offer).toEqual(offer);
      expect(dialogs.popups).toEqual([]);
      await vm.accept(texts);
      expect(retention.calls).toEqual(['shown', 'accept 30 3 true']);
      expect(vm.offer).toBeNull();
      expect(vm.membership?.member.price).toEqual(money(350, 'eur'));
      expect(vm.view).toMatchObject({ label: 'active' });
      expect(toasts.current).toMatchObject({ kind: 'success', message: { key: 'retention.stayedToast' } });
    });

    it('"No, cancel" cancels as the confirmation does', async () => {
      const { vm, dialogs, retention } = setup({ offer });
      await vm.load();
      await vm.startCancel(texts);
      await vm.decline();
      expect(retention.calls).toEqual(['shown', 'decline']);
      expect(dialogs.popups).toEqual([]);
      expect(vm.offer).toBeNull();
      expect(vm.view).toMatchObject({ label: 'cancelled' });
    });

    it('an offer gone meanwhile falls back to the plain confirmation', async () => {
      const { vm, dialogs } = setup({ offer, unavailable: true });
      await vm.load();
      await vm.startCancel(texts);
      dialogs.popupAnswer = 'cancel-subscription';
      await vm.accept(texts);
      expect(vm.offer).toBeNull();
      expect(dialogs.popups).toHaveLength(1);
      expect(vm.view).toMatchObject({ label: 'cancelled' });
    });
  });
});
