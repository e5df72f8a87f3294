import type {
  Dashboard,
  DashboardRepository,
  DashboardTransactionsQuery,
  MembershipsPage,
} from '../../../../src/application/ports/DashboardRepository';
import type { Cursor, Page } from '../../../../src/application/ports/Page';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import type { Channel, Role, Subscription, SubscriptionMember, Transaction } from '../../../../src/domain/entities';
import { money } from '../../../../src/domain/money';
import { MemoryStorage } from '../../../../src/infrastructure/storage/MemoryStorage';
import { DashboardSession } from '../../../../src/presentation/screens/Dashboard/DashboardSession';
import { DashboardViewModel } from '../../../../src/presentation/screens/Dashboard/DashboardViewModel';
import { LOADING } from '../../../../src/presentation/shell/screenState';
import { FakeLinks } from '../support/fakePorts';

const NOW = Date.UTC(2026, 5, 15, 12);
const DAY_S = 86_400;
const clock = { now: () => NOW, timezoneOffsetMinutes: () => 0 };

function transaction(id: number): Transaction {
  return {
    id,
    type: 'sell_subscription',
    createdAt: NOW / 1000 - id,
    total: money(500, 'eur'),
    amount: money(450, 'eur'),
  };
}

function channel(id: number, extra: Partial<Channel> = {}): Channel {
  return {
    id,
    chatId: -100 - id,
    name: `Channel ${id}`,
    type: 'private',
    language: { code: 'en', name: 'English' },
    isLanguageSelected: true,
    connected: true,
    moderation: 'approved',
    onboardingStep: 'completed',
    onboardingPassed: true,
    isOnboarding: false,
    activeSubscribers: 3,
    isDeleted: false,
    ...extra,
  };
}

function dashboard(mode: Role, extra: Partial<Dashboard> = {}): Dashboard {
  return {
    mode,
    isCreator: mode === 'creator',
    user: { id: 1, telegramId: 1001, firstName: 'Alice' },
    balances: [],
    channels: [],
    channelsNextFrom: null,
    transactions: { items: [transaction(1), transaction(2)], nextFrom: 'c2' },
    withdrawalAccount: null,
    migrationAvailable: false,
    subscriptionMembers: [],
    subscriptionMembersNextFrom: null,
    subscriptions: [],
    channelsOfSubscriptions: [],
    cards: [],
    ...extra,
  };
}

/** A scripted DashboardRepository that records its calls. */
class FakeDashboards implements DashboardRepository {
  readonly loads: (Role | undefined)[] = [];
  readonly pages: DashboardTransactionsQuery[] = [];
  answer: (mode: Role | undefined) => Promise<Dashboard> = async (mode) => dashboard(mode ?? 'creator');
  page: (query: DashboardTransactionsQuery) => Promise<Page<Transaction>> = async () => ({
    items: [transaction(3), transaction(4)],
    nextFrom: null,
  });

  load(mode?: Role): Promise<Dashboard> {
    this.loads.push(mode);
    return this.answer(mode);
  }

  transactions(query: DashboardTransactionsQuery): Promise<Page<Transaction>> {
    this.pages.push(query);
    return this.page(query);
  }

  readonly channelReads: Cursor[] = [];
  channelPage: (startFrom: Cursor) => Promise<Page<Channel>> = async () => ({ items: [], nextFrom: null });
  channels(startFrom: Cursor): Promise<Page<Channel>> {
    this.channelReads.push(startFrom);
    return this.channelPage(startFrom);
  }

  readonly membershipReads: Cursor[] = [];
  membershipPage: (startFrom: Cursor) => Promise<MembershipsPage> = async () => ({
    subscriptionMembers: [],
    subscriptions: [],
    channelsOfSubscriptions: [],
    nextFrom: null,
  });
  subscriptions(startFrom: Cursor): Promise<MembershipsPage> {
    this.membershipReads.push(startFrom);
    return this.membershipPage(startFrom);
  }
}

function setup(storage = new MemoryStorage()) {
  const repository = new FakeDashboards();
  const session = new DashboardSession(storage);
  const links = new FakeLinks();
  const make = (mode?: Role) => new DashboardViewModel(repository, session, clock, links, mode);
  return { repository, session, links, make };
}

describe('DashboardViewModel: loading and redirects', () => {
  it('is pending while loading, then success', async () => {
    const { repository, make } = setup();
    let release!: (value: Dashboard) => void;
    repository.answer = () => new Promise((resolve) => (release = resolve));
    const vm = make('creator');
    expect(vm.loadStatus).toBeNull();
    const loading = vm.load();
    expect(vm.loadStatus).toBe('pending');
    expect(vm.state).toEqual({ status: 'loading' });
    release(dashboard('creator'));
    await loading;
    expect(vm.loadStatus).toBe('success');
    expect(vm.state).toEqual({ status: 'ready' });
    expect(vm.redirect).toBeNull();
  });

  it('on / lets the server pick the mode, then redirects to /dashboard/{mode} and hands the data over', async () => {
    const { repository, make } = setup();
    repository.answer = async () => dashboard('follower');
    const root = make(undefined);
    await root.load();
    expect(repository.loads).toEqual([undefined]);
    expect(root.redirect).toBe('/dashboard/follower');
    expect(root.state).toEqual({ status: 'loading' });

    const follower = make('follower');
    await follower.load();
    expect(repository.loads).toEqual([undefined]); // no second request
    expect(follower.redirect).toBeNull();
    expect(follower.dashboard?.mode).toBe('follower');
    // The hand-over is used once: the next visit loads fresh data.
    await make('follower').load();
    expect(repository.loads).toEqual([undefined, 'follower']);
  });

  it('sets the initial mode once and reopens /dashboard in the mode shown last', async () => {
    const { repository, session, make } = setup();
    await make('follower').load();
    await make('creator').load();
    expect(session.initialMode).toBe('follower');
    expect(session.lastMode).toBe('creator');
    await make(undefined).load();
    expect(repository.loads.at(-1)).toBe('creator');
  });

  it('redirects a creator with a migration under way to /migration', async () => {
    const { repository, make } = setup();
    repository.answer = async () => dashboard('creator', { migrationAvailable: true });
    const vm = make('creator');
    await vm.load();
    expect(vm.redirect).toBe('/migration');
  });

  it('stops sending the creator to an optional migration after Not now, on this device and for this user only', async () => {
    const storage = new MemoryStorage();
    const first = setup(storage);
    first.repository.answer = async () => dashboard('creator', { migrationAvailable: true });
    await first.make('creator').load();
    first.session.dismissMigration();
    const again = first.make('creator');
    await again.load();
    expect(again.redirect).toBeNull();

    // The next app start on the device remembers it.
    const restarted = setup(storage);
    restarted.repository.answer = async () => dashboard('creator', { migrationAvailable: true });
    const vm = restarted.make('creator');
    await vm.load();
    expect(vm.redirect).toBeNull();

    // Another account on the same device still gets the offer.
    const other = setup(storage);
    other.repository.answer = async () => ({
      ...dashboard('creator', { migrationAvailable: true }),
      user: { id: 2, telegramId: 1002, firstName: 'Bob' },
    });
    const bob = other.make('creator');
    await bob.load();
    expect(bob.redirect).toBe('/migration');
  });

  it('does not redirect a follower to /migration', async () => {
    const { repository, make } = setup();
    repository.answer = async () => dashboard('follower', { migrationAvailable: true });
    const vm = make('follower');
    await vm.load();
    expect(vm.redirect).toBeNull();
  });

  it.each([
    ['migration_required', '/migration'],
    ['verification_required', '/verification'],
  ] as const)('keeps loading on %s while the shell replaces the route with %s', async (code, _target) => {
    const { repository, make } = setup();
    repository.answer = async () => Promise.reject(new RepositoryError(code));
    const vm = make('creator');
    await vm.load();
    expect(vm.loadStatus).toBe(code);
    expect(vm.redirect).toBeNull();
    expect(vm.state).toBe(LOADING);
  });

  it('shows other failures as the error state with the code, and Retry loads again', async () => {
    const { repository, make } = setup();
    repository.answer = async () => Promise.reject(new RepositoryError('network_error'));
    const vm = make('creator');
    await vm.load();
    expect(vm.redirect).toBeNull();
    expect(vm.loadStatus).toBe('failed');
    expect(vm.state).toEqual({ status: 'error', code: 'network_error' });
    repository.answer = async () => dashboard('creator');
    await vm.load();
    expect(vm.state).toEqual({ status: 'ready' });
  });

  it('ignores an answer that arrives after dispose', async () => {
    const { repository, make } = setup();
    let release!: (value: Dashboard) => void;
    repository.answer = () => new Promise((resolve) => (release = resolve));
    const vm = make(undefined);
    const loading = vm.load();
    vm.dispose();
    release(dashboard('creator'));
    await loading;
    expect(vm.dashboard).toBeNull();
    expect(vm.redirect).toBeNull();
  });
});

describe('DashboardViewModel: transactions', () => {
  it('loads the next page with the mode and cursor, appends it and stops at the last page', async () => {
    const { repository, make } = setup();
    const vm = make('creator');
    await vm.load();
    expect(vm.hasMoreTransactions).toBe(true);
    await vm.loadMoreTransactions();
    expect(repository.pages).toEqual([{ mode: 'creator', list: 'all', startFrom: 'c2' }]);
    expect(vm.transactions.map((t) => t.id)).toEqual([1, 2, 3, 4]);
    expect(vm.hasMoreTransactions).toBe(false);
    await vm.loadMoreTransactions();
    expect(repository.pages).toHaveLength(1);
  });

  it('shows a failed page as an error and retries it', async () => {
    const { repository, make } = setup();
    repository.page = async () => Promise.reject(new RepositoryError('network_error'));
    const vm = make('follower');
    await vm.load();
    await vm.loadMoreTransactions();
    expect(vm.moreStatus).toBe('error');
    expect(vm.transactions).toHaveLength(2);
    repository.page = async () => ({ items: [transaction(5)], nextFrom: 'c5' });
    await vm.loadMoreTransactions();
    expect(vm.moreStatus).toBe('idle');
    expect(vm.transactions.map((t) => t.id)).toEqual([1, 2, 5]);
    expect(vm.nextFrom).toBe('c5');
  });

  it('asks for one page at a time', async () => {
    const { repository, make } = setup();
    let release!: (page: Page<Transaction>) => void;
    repository.page = () => new Promise((resolve) => (release = resolve));
    const vm = make('creator');
    await vm.load();
    const first = vm.loadMoreTransactions();
    void vm.loadMoreTransactions();
    expect(repository.pages).toHaveLength(1);
    release({ items: [], nextFrom: null });
    await first;
  });
});

describe('DashboardViewModel: creator view', () => {
  it('groups balances per currency with eur first', async () => {
    const { repository, make } = setup();
    repository.answer = async () =>
      dashboard('creator', {
        balances: [
          { kind: 'active', amount: money(30000, 'rub') },
          { kind: 'payout', amount: money(1250, 'eur') },
          { kind: 'active', amount: money(500, 'eur') },
        ],
      });
    const vm = make('creator');
    await vm.load();
    expect(vm.balances).toEqual([
      { currency: 'eur', active: money(500, 'eur'), payout: money(1250, 'eur') },
      { currency: 'rub', active: money(30000, 'rub'), payout: money(0, 'rub') },
    ]);
  });

  it('shows zero euros without balances, the payout-details row without an account, and hides deleted channels', async () => {
    const { repository, make } = setup();
    repository.answer = async () => dashboard('creator', { channels: [channel(1), channel(2, { isDeleted: true })] });
    const vm = make('creator');
    await vm.load();
    expect(vm.balances).toEqual([{ currency: 'eur', active: money(0, 'eur'), payout: money(0, 'eur') }]);
    expect(vm.needsPayoutDetails).toBe(true);
    expect(vm.channels.map((c) => c.id)).toEqual([1]);
  });

  it('hides the payout-details row once an account exists', async () => {
    const { repository, make } = setup();
    repository.answer = async () =>
      dashboard('creator', {
        withdrawalAccount: { country: 'DE', methodType: 'bank_card', currency: 'eur', params: {} },
      });
    const vm = make('creator');
    await vm.load();
    expect(vm.needsPayoutDetails).toBe(false);
  });
});

describe('DashboardViewModel: channel pages', () => {
  it('appends the next pages of channels by cursor until the last, skipping a channel already shown', async () => {
    const { repository, make } = setup();
    repository.answer = async () =>
      dashboard('creator', { channels: [channel(1), channel(2)], channelsNextFrom: 'ch2' });
    repository.channelPage = async (startFrom) =>
      startFrom === 'ch2'
        ? { items: [channel(2), channel(3), channel(4, { isDeleted: true })], nextFrom: 'ch4' }
        : { items: [channel(5)], nextFrom: null };
    const vm = make('creator');
    await vm.load();
    expect(vm.channels.map((c) => c.id)).toEqual([1, 2]);
    expect(vm.hasMoreChannels).toBe(true);
    await vm.loadMoreChannels();
    expect(vm.channels.map((c) => c.id)).toEqual([1, 2, 3]);
    await vm.loadMoreChannels();
    expect(vm.channels.map((c) => c.id)).toEqual([1, 2, 3, 5]);
    expect(vm.hasMoreChannels).toBe(false);
    await vm.loadMoreChannels();
    expect(repository.channelReads).toEqual(['ch2', 'ch4']);
  });

  it('asks for one page at a time, shows a failure and retries the same cursor', async () => {
    const { repository, make } = setup();
    repository.answer = async () => dashboard('creator', { channels: [channel(1)], channelsNextFrom: 'ch1' });
    let fail!: (error: unknown) => void;
    repository.channelPage = () => new Promise((_resolve, reject) => (fail = reject));
    const vm = make('creator');
    await vm.load();
    const first = vm.loadMoreChannels();
    void vm.loadMoreChannels();
    expect(vm.listStatus.channels).toBe('loading');
    expect(repository.channelReads).toEqual(['ch1']);
    fail(new RepositoryError('network_error'));
    await first;
    expect(vm.listStatus.channels).toBe('error');
    expect(vm.channels.map((c) => c.id)).toEqual([1]);
    repository.channelPage = async () => ({ items: [channel(2)], nextFrom: null });
    await vm.loadMoreChannels();
    expect(repository.channelReads).toEqual(['ch1', 'ch1']);
    expect(vm.listStatus.channels).toBe('idle');
    expect(vm.channels.map((c) => c.id)).toEqual([1, 2]);
  });

  it('drops a page that arrives after the dashboard was loaded again', async () => {
    const { repository, make } = setup();
    repository.answer = async () => dashboard('creator', { channels: [channel(1)], channelsNextFrom: 'ch1' });
    let release!: (page: Page<Channel>) => void;
    repository.channelPage = () => new Promise((resolve) => (release = resolve));
    const vm = make('creator');
    await vm.load();
    const late = vm.loadMoreChannels();
    await vm.load();
    release({ items: [channel(2)], nextFrom: null });
    await late;
    expect(vm.channels.map((c) => c.id)).toEqual([1]);
    expect(vm.hasMoreChannels).toBe(true);
    expect(vm.listStatus.channels).toBe('idle');
  });
});

describe('DashboardViewModel: follower view', () => {
  const subscription = (id: number, extra: Partial<Subscription> = {}): Subscription => ({
    id,
    channelId: 10,
    name: `Plan ${id}`,
    description: '',
    period: 'monthly',
    price: money(500, 'eur'),
    buttonText: 'Subscribe',
    activeSubscribers: 1,
    isDeleted: false,
    ...extra,
  });
  const member = (id: number, subscriptionId: number, extra: Partial<SubscriptionMember> = {}): SubscriptionMember => ({
    id,
    subscriptionId,
    userId: 1,
    status: 'active',
    period: 'monthly',
    activatedAt: NOW / 1000 - 10 * DAY_S,
    expiresAt: NOW / 1000 + 20 * DAY_S,
    price: money(500, 'eur'),
    ...extra,
  });

  it('splits memberships into active and inactive (cancelled, expired or of a deleted subscription)', async () => {
    const { repository, make } = setup();
    repository.answer = async () =>
      dashboard('follower', {
        subscriptions: [subscription(1), subscription(2, { period: 'onetime' }), subscription(3, { isDeleted: true })],
        channelsOfSubscriptions: [channel(10)],
        subscriptionMembers: [
          member(101, 1),
          member(102, 2, { period: 'onetime', expiresAt: undefined }),
          member(103, 1, { status: 'cancelled' }),
          member(104, 1, { expiresAt: NOW / 1000 - DAY_S }),
          member(105, 3),
          member(106, 1, { renewalFailed: true }),
        ],
      });
    const vm = make('follower');
    await vm.load();
    expect(vm.activeSubscriptions.map((row) => row.member.id)).toEqual([101, 102, 106]);
    expect(vm.inactiveSubscriptions.map((row) => row.member.id)).toEqual([103, 104, 105]);
    expect(vm.activeSubscriptions[2].view.label).toBe('expiring');
    expect(vm.activeSubscriptions[0].channel?.id).toBe(10);
  });

  it('appends membership pages with their subscriptions and channels, splitting each page into both lists', async () => {
    const { repository, make } = setup();
    repository.answer = async () =>
      dashboard('follower', {
        subscriptions: [subscription(1)],
        channelsOfSubscriptions: [channel(10)],
        subscriptionMembers: [member(101, 1)],
        subscriptionMembersNextFrom: 'm101',
      });
    repository.membershipPage = async (startFrom) =>
      startFrom === 'm101'
        ? {
            subscriptions: [subscription(2, { channelId: 11 }), subscription(3, { channelId: 10 })],
            channelsOfSubscriptions: [channel(11), channel(10)],
            // 101 again (a row seen twice) shows once.
            subscriptionMembers: [member(101, 1), member(102, 2, { status: 'cancelled' }), member(103, 3)],
            nextFrom: 'm103',
          }
        : {
            subscriptions: [subscription(4, { channelId: 12 })],
            channelsOfSubscriptions: [channel(12)],
            subscriptionMembers: [member(104, 4)],
            nextFrom: null,
          };
    const vm = make('follower');
    await vm.load();
    expect(vm.activeSubscriptions.map((row) => row.member.id)).toEqual([101]);
    expect(vm.hasMoreSubscriptions).toBe(true);
    await vm.loadMoreSubscriptions();
    expect(vm.activeSubscriptions.map((row) => row.member.id)).toEqual([101, 103]);
    expect(vm.inactiveSubscriptions.map((row) => row.member.id)).toEqual([102]);
    expect(vm.inactiveSubscriptions[0].channel?.id).toBe(11);
    await vm.loadMoreSubscriptions();
    expect(vm.activeSubscriptions.map((row) => [row.member.id, row.subscription?.id, row.channel?.id])).toEqual([
      [101, 1, 10],
      [103, 3, 10],
      [104, 4, 12],
    ]);
    expect(vm.hasMoreSubscriptions).toBe(false);
    await vm.loadMoreSubscriptions();
    expect(repository.membershipReads).toEqual(['m101', 'm103']);
  });

  it('shows a failed membership page as an error and retries it', async () => {
    const { repository, make } = setup();
    repository.answer = async () =>
      dashboard('follower', {
        subscriptions: [subscription(1)],
        subscriptionMembers: [member(101, 1)],
        subscriptionMembersNextFrom: 'm101',
      });
    repository.membershipPage = async () => Promise.reject(new RepositoryError('network_error'));
    const vm = make('follower');
    await vm.load();
    await vm.loadMoreSubscriptions();
    expect(vm.listStatus.subscriptions).toBe('error');
    expect(vm.hasMoreSubscriptions).toBe(true);
    repository.membershipPage = async () => ({
      subscriptions: [subscription(2)],
      channelsOfSubscriptions: [],
      subscriptionMembers: [member(102, 2)],
      nextFrom: null,
    });
    await vm.loadMoreSubscriptions();
    expect(vm.listStatus.subscriptions).toBe('idle');
    expect(vm.activeSubscriptions.map((row) => row.member.id)).toEqual([101, 102]);
    expect(repository.membershipReads).toEqual(['m101', 'm101']);
  });

  it('names the primary card and counts the cards', async () => {
    const { repository, make } = setup();
    repository.answer = async () =>
      dashboard('follower', {
        cards: [
          { id: 1, cardBrand: 'mastercard', cardLast: '4444', active: true, primary: false },
          { id: 2, cardBrand: 'visa', cardLast: '4242', active: true, primary: true },
        ],
      });
    const vm = make('follower');
    await vm.load();
    expect(vm.primaryCard?.id).toBe(2);
    expect(vm.cardCount).toBe(2);
  });

  it('offers the creator switch to creators and the earn link to everyone else', async () => {
    const { repository, make } = setup();
    repository.answer = async () => dashboard('follower', { isCreator: true });
    const creator = make('follower');
    await creator.load();
    expect([creator.showsCreatorSwitch, creator.showsEarnLink]).toEqual([true, false]);

    repository.answer = async () => dashboard('follower', { isCreator: false });
    const follower = make('follower');
    await follower.load();
    expect([follower.showsCreatorSwitch, follower.showsEarnLink]).toEqual([false, true]);
  });
});

describe('DashboardViewModel: links and time', () => {
  it('opens the news channel inside the messenger and the help pages in the browser, and reads the time from the clock', async () => {
    const { links, make } = setup();
    const vm = make('creator');
    await vm.openNews();
    await vm.openHelp();
    expect(links.opened).toEqual(['tg:https://t.me/BackersNews', 'https://backers.app/help']);
    expect(vm.now()).toBe(clock.now());
  });
});

describe('DashboardViewModel: back to the dashboard', () => {
  it('shows the lists as they were left, every page loaded, and scrolls back to where the user was', async () => {
    const { repository, make } = setup();
    const left = make('creator');
    await left.open(false);
    await left.loadMoreTransactions();
    left.leave(640);
    left.dispose();

    // Meanwhile a sale came in: the kept view shows at once, and its check in the background adds the new row on top.
    repository.answer = async () =>
      dashboard('creator', { transactions: { items: [transaction(5), transaction(1)], nextFrom: 'c1' } });
    const back = make('creator');
    await back.open(true);
    expect(back.state).toEqual({ status: 'ready' });
    expect(back.scrollToRestore).toBe(640);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the background check's answer
    expect(repository.loads).toEqual(['creator', 'creator']);
    expect(back.transactions.map((row) => row.id)).toEqual([5, 1, 2, 3, 4]);
    expect(back.hasMoreTransactions).toBe(false);
    expect(back.scrollToRestore).toBe(640);
    back.scrollRestored();
    expect(back.scrollToRestore).toBeNull();
  });

  it('loads afresh when not coming back, for another mode, or once the kept lists were used', async () => {
    const { repository, make } = setup();
    const first = make('creator');
    await first.open(false);
    first.leave(100);
    await make('creator').open(false);
    expect(repository.loads).toEqual(['creator', 'creator']);

    make('creator').leave(0); // never loaded: nothing kept
    const loaded = make('creator');
    await loaded.open(false);
    loaded.leave(200);
    await make('follower').open(true);
    expect(repository.loads).toEqual(['creator', 'creator', 'creator', 'follower']);
    const again = make('creator');
    await again.open(true);
    expect(repository.loads).toHaveLength(5);
    expect(again.scrollToRestore).toBeNull();
  });
});
