import type { DashboardRepository } from '../../../../src/application/ports/DashboardRepository';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import { money } from '../../../../src/domain/money';
import {
  PayoutViewModel,
  balanceRows,
  payoutDateSeconds,
} from '../../../../src/presentation/screens/Payout/PayoutViewModel';
import {
  PayoutSettingsViewModel,
  savedFields,
} from '../../../../src/presentation/screens/PayoutSettings/PayoutSettingsViewModel';
import { createWorld } from '../../application/support/world';
import { FakeLinks } from '../support/fakePorts';

function setup(withdrawals = 0) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved', country: 'DE' });
  for (let index = 0; index < withdrawals; index += 1)
    world.seed.transaction(creator.id, { type: 'withdrawal', createdAt: 1_700_000_000 + index });
  world.seed.transaction(creator.id, { type: 'get_donation' });
  const repositories = world.as(creator);
  return { world, creator, repositories };
}

/** A dashboard port that fails its next transactions call, then delegates. */
function failingOnce(real: DashboardRepository): DashboardRepository {
  let failed = false;
  return {
    load: (mode) => real.load(mode),
    channels: (startFrom) => real.channels(startFrom),
    subscriptions: (startFrom) => real.subscriptions(startFrom),
    transactions: async (query) => {
      if (!failed) {
        failed = true;
        throw new RepositoryError('network_error');
      }
      return real.transactions(query);
    },
  };
}

describe('PayoutViewModel', () => {
  it('joins active and payout balances per currency, eur first, filling a missing side with zero', () => {
    expect(
      balanceRows({ activeBalances: [money(500, 'rub')], payoutBalances: [money(10000, 'eur'), money(300, 'rub')] }),
    ).toEqual([
      { currency: 'eur', active: money(0, 'eur'), payout: money(10000, 'eur') },
      { currency: 'rub', active: money(500, 'rub'), payout: money(300, 'rub') },
    ]);
    expect(balanceRows({ activeBalances: [], payoutBalances: [] })).toEqual([]);
  });

  it('reads the next payout date as the start of that day (UTC)', () => {
    expect(payoutDateSeconds('2026-12-10')).toBe(Date.UTC(2026, 11, 10) / 1000);
    expect(payoutDateSeconds('10.12.2026')).toBeNull();
  });

  it('loads balances, the next payout date and the first page of withdrawals only', async () => {
    const { world, creator, repositories } = setup(3);
    world.seed.balance(creator.id, 'active', money(4500, 'eur'));
    world.seed.balance(creator.id, 'payout', money(12000, 'eur'));
    const vm = new PayoutViewModel(repositories.payouts, repositories.dashboard, world.time, new FakeLinks());
    await vm.load();
    expect(vm.state.status).toBe('ready');
    expect(vm.balances).toEqual([{ currency: 'eur', active: money(4500, 'eur'), payout: money(12000, 'eur') }]);
    expect(vm.nextPayoutSeconds).not.toBeNull();
    expect([10, 25]).toContain(new Date(vm.nextPayoutSeconds! * 1000).getUTCDate());
    expect(vm.withdrawals.map((t) => t.type)).toEqual(['withdrawal', 'withdrawal', 'withdrawal']);
    expect(vm.hasMore).toBe(false);
    expect(vm.hasAccount).toBe(false);
  });

  it('pages the withdrawals (list withdrawals), keeps the cursor after a failure and retries', async () => {
    const { world, repositories } = setup(12);
    const vm = new PayoutViewModel(
      repositories.payouts,
      failingOnce(repositories.dashboard),
      world.time,
      new FakeLinks(),
    );
    await vm.load();
    expect(vm.withdrawals).toHaveLength(5);
    expect(vm.hasMore).toBe(true);
    await vm.loadMore();
    expect(vm.moreStatus).toBe('error');
    expect(vm.withdrawals).toHaveLength(5);
    await vm.loadMore();
    await vm.loadMore();
    expect(vm.moreStatus).toBe('idle');
    expect(vm.withdrawals).toHaveLength(12);
    expect(new Set(vm.withdrawals.map((t) => t.id)).size).toBe(12);
    expect(vm.withdrawals.every((t) => t.type === 'withdrawal')).toBe(true);
    expect(vm.hasMore).toBe(false);
  });

  it('resumed by Back, keeps every page of withdrawals shown and merges a new one in at the top', async () => {
    const { world, creator, repositories } = setup(7);
    const vm = new PayoutViewModel(repositories.payouts, repositories.dashboard, world.time, new FakeLinks());
    await vm.load();
    await vm.loadMore();
    const shown = vm.withdrawals.map((t) => t.id);
    expect(shown).toHaveLength(7);
    const newest = world.seed.transaction(creator.id, { type: 'withdrawal', createdAt: 1_700_000_100 });
    vm.resume();
    expect(vm.state.status).toBe('ready');
    expect(vm.withdrawals.map((t) => t.id)).toEqual(shown);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(vm.withdrawals.map((t) => t.id)).toEqual([newest.id, ...shown]);
    expect(vm.state.status).toBe('ready');
  });

  it('fails with the code for an unverified user', async () => {
    const world = createWorld();
    const follower = world.seed.user();
    const vm = new PayoutViewModel(
      world.as(follower).payouts,
      world.as(follower).dashboard,
      world.time,
      new FakeLinks(),
    );
    await vm.load();
    expect(vm.state.status).toBe('error');
  });
});

describe('PayoutSettingsViewModel', () => {
  it('orders the saved fields as section 3 lists them and drops empty ones', () => {
    expect(
      savedFields({
        country: 'FR',
        methodType: 'swift',
        currency: 'eur',
        params: { iban: 'FR14', city: 'Paris', postal_code: '', custom: 'x' },
      }),
    ).toEqual([
      { name: 'iban', known: true, value: 'FR14' },
      { name: 'city', known: true, value: 'Paris' },
      { name: 'custom', known: false, value: 'x' },
    ]);
  });

  it('shows no account until one is saved, then the account, its card and fields', async () => {
    const { repositories } = setup();
    const vm = new PayoutSettingsViewModel(repositories.payouts);
    await vm.load();
    expect(vm.state.status).toBe('ready');
    expect(vm.account).toBeNull();
    const parameters = await repositories.payouts.parameters();
    const token = await repositories.provider.tokenizeCard(
      { number: '4242424242424242' },
      { publicToken: parameters.token, tokenizeUrl: parameters.tokenizeUrl },
    );
    await repositories.payouts.saveAccount({
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'bank_card',
      params: {},
      card: { token: token.token, network: token.network, type: token.type, maskedNumber: token.maskedNumber },
    });
    await vm.load();
    expect(vm.account).toEqual(expect.objectContaining({ country: 'DE', methodType: 'bank_card', currency: 'eur' }));
    expect(vm.card).toEqual(expect.objectContaining({ brand: 'visa', last4: '4242' }));
    expect(vm.fields).toEqual([]);
  });
});

describe('PayoutViewModel links and time', () => {
  it('opens the payout help page in the browser and reads the time from the clock', () => {
    const { world, repositories } = setup(0);
    const links = new FakeLinks();
    const vm = new PayoutViewModel(repositories.payouts, repositories.dashboard, world.time, links);
    vm.openHelp();
    expect(links.opened).toEqual(['https://backers.app/help/payouts']);
    expect(vm.now()).toBe(world.time.now());
  });
});
