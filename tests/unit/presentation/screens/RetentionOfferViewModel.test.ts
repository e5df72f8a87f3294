import type { CreatorRetention, RetentionRepository } from '../../../../src/application/ports/RetentionRepository';
import { SaveRetentionOffer } from '../../../../src/application/use-cases/retention/SaveRetentionOffer';
import { money } from '../../../../src/domain/money';
import type { RetentionTerms } from '../../../../src/domain/retention';
import { RetentionOfferViewModel } from '../../../../src/presentation/screens/RetentionOffer/RetentionOfferViewModel';
import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { createWorld } from '../../application/support/world';
import { FakePlatform } from '../support/FakePlatform';

/** The creator's retention port kept in memory: one offer, fixed counts, every saved term recorded. */
function fakeRetention(offer: RetentionTerms | null) {
  const saved: RetentionTerms[] = [];
  let current: CreatorRetention = { offer, stats: { offered: 5, stayed: 2, left: 3 } };
  const repository: RetentionRepository = {
    creatorOffer: async () => current,
    setOffer: async (_id, terms) => {
      saved.push(terms);
      current = { ...current, offer: terms };
      return current;
    },
    removeOffer: async () => {
      current = { ...current, offer: null };
      return current;
    },
    offerOnCancel: () => Promise.reject(new Error('not used')),
    accept: () => Promise.reject(new Error('not used')),
    decline: () => Promise.reject(new Error('not used')),
  };
  return { repository, saved };
}

function setup(offer: RetentionTerms | null = null) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const subscription = world.seed.subscription(channel.id, { price: money(500, 'eur'), period: 'monthly' });
  const toasts = new ToastStore(new FakePlatform(), world.time);
  const retention = fakeRetention(offer);
  const vm = new RetentionOfferViewModel(
    retention.repository,
    new SaveRetentionOffer(retention.repository),
    world.as(creator).subscriptions,
    toasts,
    subscription.id,
  );
  return { vm, toasts, retention };
}

describe('RetentionOfferViewModel', () => {
  it('loads the offer into the form with the counts, and previews the price as typed', async () => {
    const { vm } = setup({ percent: 30, renewals: 3 });
    await vm.load();
    expect(vm.state).toEqual({ status: 'ready' });
    expect([vm.percent, vm.renewals]).toEqual(['30', '3']);
    expect(vm.retention?.stats).toEqual({ offered: 5, stayed: 2, left: 3 });
    expect(vm.preview).toEqual({ price: money(500, 'eur'), charged: money(350, 'eur') });
    vm.setPercent('9x5');
    expect(vm.percent).toBe('95');
    expect(vm.preview).toBeNull();
  });

  it('saves valid terms and refuses others with the field’s text before any call', async () => {
    const { vm, toasts, retention } = setup();
    await vm.load();
    vm.setPercent('3');
    vm.setRenewals('2');
    await vm.save();
    expect(toasts.current).toMatchObject({ kind: 'fail', message: { key: 'retention.errorPercent' } });
    vm.setPercent('40');
    vm.setRenewals('13');
    await vm.save();
    expect(toasts.current).toMatchObject({ kind: 'fail', message: { key: 'retention.errorRenewals' } });
    expect(retention.saved).toEqual([]);
    vm.setRenewals('6');
    await vm.save();
    expect(retention.saved).toEqual([{ percent: 40, renewals: 6 }]);
    expect(vm.retention?.offer).toEqual({ percent: 40, renewals: 6 });
    expect(toasts.current).toMatchObject({ kind: 'success', message: { key: 'retention.saved' } });
  });

  it('removes the offer and empties the form', async () => {
    const { vm, toasts } = setup({ percent: 20, renewals: 1 });
    await vm.load();
    await vm.remove();
    expect(vm.retention?.offer).toBeNull();
    expect([vm.percent, vm.renewals]).toEqual(['', '']);
    expect(toasts.current).toMatchObject({ kind: 'success', message: { key: 'retention.removed' } });
  });
});
