import { DeleteChannel } from '../../../../src/application/use-cases/channels/DeleteChannel';
import { SetChannelLanguage } from '../../../../src/application/use-cases/channels/SetChannelLanguage';
import { SkipOnboardingStep } from '../../../../src/application/use-cases/channels/SkipOnboardingStep';
import type { SeedChannelOptions } from '../../../../src/infrastructure/memory/InMemorySeeder';
import { ChannelViewModel } from '../../../../src/presentation/screens/Channel/ChannelViewModel';
import { type World, createWorld } from '../../application/support/world';
import {
  FlakyChannels,
  ManualScheduler,
  RecordingPlatform,
  flush,
  recordingDialogs,
  toastClock,
  toastStore,
} from './support/channelFakes';

interface Setup {
  readonly world: World;
  readonly vm: ChannelViewModel;
  readonly channels: FlakyChannels;
  readonly scheduler: ManualScheduler;
  readonly platform: RecordingPlatform;
  readonly toasts: ReturnType<typeof toastStore>;
  readonly channelId: number;
  readonly ownerId: number;
}

function setup(
  options: SeedChannelOptions = {},
  failures: string[] = [],
  prepare?: (world: World, channelId: number, ownerId: number) => void,
): Setup {
  const world = createWorld();
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id, options);
  prepare?.(world, channel.id, owner.id);
  const repositories = world.as(owner);
  const channels = new FlakyChannels(repositories.channels, failures);
  const scheduler = new ManualScheduler();
  const platform = new RecordingPlatform();
  const toasts = toastStore(platform);
  const vm = new ChannelViewModel(
    channels,
    new SetChannelLanguage(channels),
    new SkipOnboardingStep(channels),
    new DeleteChannel(channels),
    scheduler,
    platform,
    toasts,
    toastClock,
    channel.id,
  );
  return { world, vm, channels, scheduler, platform, toasts, channelId: channel.id, ownerId: owner.id };
}

afterEach(() => jest.useRealTimers());
beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));

describe('ChannelViewModel: loading and its failures', () => {
  it('shows the loader until the channel arrives, then the main view of a channel past onboarding', async () => {
    const { vm } = setup({ name: 'Cooking' }, [], (world, channelId) =>
      world.seed.subscription(channelId, { name: 'Monthly' }),
    );
    const loading = vm.load();
    expect(vm.view).toEqual({ kind: 'loading' });
    await loading;
    expect(vm.view).toEqual({ kind: 'main' });
    expect(vm.channel?.name).toBe('Cooking');
    expect(vm.subscriptions.map((subscription) => subscription.name)).toEqual(['Monthly']);
    expect(vm.actionsEnabled).toBe(true);
    expect(vm.isDisconnected).toBe(false);
  });

  it('retries a failed load after 3 s through the Scheduler and shows the error meanwhile', async () => {
    const { vm, scheduler, channels } = setup({}, ['error_unknown', 'network_error']);
    const loading = vm.load();
    await flush();
    expect(vm.view).toEqual({ kind: 'error', code: 'error_unknown' });
    expect(scheduler.requested).toEqual([3000]);
    expect(channels.getCalls).toBe(1);

    scheduler.elapse();
    await flush();
    expect(vm.view).toEqual({ kind: 'error', code: 'network_error' });
    expect(scheduler.requested).toEqual([3000, 3000]);

    scheduler.elapse();
    await loading;
    expect(channels.getCalls).toBe(3);
    expect(vm.view).toEqual({ kind: 'main' });
  });

  it.each([
    ['moderation_in_progress', 'in_progress'],
    ['moderation_rejected', 'rejected'],
  ] as const)('shows the %s placeholder and never retries', async (_code, state) => {
    const { vm, scheduler, channels } = setup({ moderation: state });
    await vm.load();
    expect(vm.view).toEqual({ kind: 'moderation', state });
    expect(scheduler.requested).toEqual([]);
    expect(channels.getCalls).toBe(1);
  });

  it('sends the user to /verification or /migration instead of retrying', async () => {
    const verification = setup({}, ['verification_required']);
    await verification.vm.load();
    expect(verification.vm.view).toEqual({ kind: 'redirect', to: '/verification' });
    expect(verification.scheduler.requested).toEqual([]);

    const migration = setup({}, ['migration_required']);
    await migration.vm.load();
    expect(migration.vm.view).toEqual({ kind: 'redirect', to: '/migration' });
  });

  it('stops retrying once disposed', async () => {
    const { vm, scheduler, channels } = setup({}, ['error_unknown', 'error_unknown']);
    const loading = vm.load();
    await flush();
    expect(scheduler.waiting).toBe(1);
    vm.dispose();
    await loading;
    expect(scheduler.waiting).toBe(0);
    scheduler.elapse();
    await flush();
    expect(channels.getCalls).toBe(1);
  });

  it('a manual retry loads at once and cancels the pending automatic one', async () => {
    const { vm, scheduler, channels } = setup({}, ['error_unknown']);
    void vm.load();
    await flush();
    expect(scheduler.waiting).toBe(1);
    await vm.load();
    expect(scheduler.waiting).toBe(0);
    expect(channels.getCalls).toBe(2);
    expect(vm.view).toEqual({ kind: 'main' });
  });

  it('shows "Channel deleted" for a deleted channel', async () => {
    const { vm, world, channelId, channels } = setup();
    const original = channels.get.bind(channels);
    channels.get = async (id: number) => {
      const detail = await original(id);
      return { ...detail, channel: { ...detail.channel, isDeleted: true } };
    };
    await vm.load();
    expect(vm.view).toEqual({ kind: 'deleted' });
    expect(world.backend.channels.has(channelId)).toBe(true);
  });

  it('disables the creator actions of a disconnected channel', async () => {
    const { vm } = setup({ connected: false });
    await vm.load();
    expect(vm.view).toEqual({ kind: 'main' });
    expect(vm.isDisconnected).toBe(true);
    expect(vm.actionsEnabled).toBe(false);
  });
});

describe('ChannelViewModel: onboarding', () => {
  it('select language: offers the languages from GET /channel/languages and saves the choice, moving to create subscription', async () => {
    const { vm, channels, world, channelId } = setup({ onboardingStep: 'select_language', language: 'en' });
    await vm.load();
    expect(channels.languageCalls).toBe(1);
    expect(vm.view).toEqual({ kind: 'onboarding', step: 'select_language' });
    expect(vm.languages.map((language) => language.code).sort()).toEqual(['en', 'id', 'ru']);
    expect(vm.selectedLanguage).toBe('en');

    vm.selectLanguage('ru');
    const saving = vm.saveLanguage();
    expect(vm.busy).toBe(true);
    await saving;
    expect(vm.busy).toBe(false);
    expect(vm.view).toEqual({ kind: 'onboarding', step: 'create_subscription' });
    expect(world.backend.channels.get(channelId)?.language.code).toBe('ru');
  });

  it('skipping walks create subscription → request donation → main view, updating the channel each time', async () => {
    const { vm, world, channelId } = setup({ onboardingStep: 'create_subscription' });
    await vm.load();
    expect(vm.view).toEqual({ kind: 'onboarding', step: 'create_subscription' });
    await vm.skipStep();
    expect(vm.view).toEqual({ kind: 'onboarding', step: 'request_donation' });
    expect(world.backend.channels.get(channelId)?.onboardingStep).toBe('request_donation');
    await vm.skipStep();
    expect(vm.view).toEqual({ kind: 'main' });
    expect(vm.channel?.onboardingPassed).toBe(true);
  });

  it('subscription created, public channel: publishing is offered for the newest live subscription', async () => {
    const { vm } = setup({ onboardingStep: 'subscription_created' }, [], (world, channelId) => {
      world.seed.subscription(channelId, { name: 'Old' });
      world.seed.subscription(channelId, { name: 'New' });
      world.seed.subscription(channelId, { name: 'Gone', isDeleted: true });
    });
    await vm.load();
    expect(vm.view).toEqual({ kind: 'onboarding', step: 'subscription_created' });
    expect(vm.isPublic).toBe(true);
    expect(vm.createdSubscription?.name).toBe('New');
  });

  it('subscription created, private channel: copies the subscription link with the copied toast, then continues', async () => {
    let id = 0;
    const { vm, platform, toasts } = setup(
      { onboardingStep: 'subscription_created', private: true },
      [],
      (world, channelId) => {
        id = world.seed.subscription(channelId).id;
      },
    );
    await vm.load();
    expect(vm.isPublic).toBe(false);
    // The payment page in the mini-app, never a link into the channel itself.
    const link = vm.shareLink ?? '';
    expect(link).toMatch(new RegExp(`^https://t\\.me/\\w+/\\w+\\?startapp=subscription_${id}$`));
    await vm.copyShareLink();
    expect(platform.copied).toEqual([link]);
    expect(toasts.current?.kind).toBe('copied');
    await vm.skipStep();
    expect(vm.view).toEqual({ kind: 'onboarding', step: 'request_donation' });
  });

  it('a failed copy shows a fail toast instead', async () => {
    const { vm, platform, toasts } = setup(
      { onboardingStep: 'subscription_created', private: true },
      [],
      (world, channelId) => world.seed.subscription(channelId),
    );
    await vm.load();
    platform.copyResult = false;
    await vm.copyShareLink();
    expect(toasts.current?.kind).toBe('fail');
  });
});

describe('ChannelViewModel: lists', () => {
  it('resumed by Back, keeps every loaded page and its view, then merges the fresh first page in', async () => {
    let ids = { channel: 0, owner: 0 };
    const { vm, world, channels } = setup({}, [], (w, channelId, ownerId) => {
      ids = { channel: channelId, owner: ownerId };
      for (let i = 0; i < 6; i += 1)
        w.seed.transaction(ownerId, { type: 'sell_subscription', channelId, createdAt: 1_700_000_000 + i });
    });
    await vm.load();
    await vm.loadMoreTransactions();
    const shown = vm.transactions.map((transaction) => transaction.id);
    expect(shown).toHaveLength(6);
    const sold = world.seed.transaction(ids.owner, {
      type: 'sell_subscription',
      channelId: ids.channel,
      createdAt: 1_700_000_100,
    });
    const gets = channels.getCalls;

    vm.resume();
    // Shown as it was at once: no loading state, every page still there.
    expect(vm.view).toEqual({ kind: 'main' });
    expect(vm.transactions.map((transaction) => transaction.id)).toEqual(shown);
    await flush();
    expect(channels.getCalls).toBe(gets + 1);
    // The newest comes in at the top; the second page is still there.
    expect(vm.transactions.map((transaction) => transaction.id)).toEqual([sold.id, ...shown]);
    expect(vm.view).toEqual({ kind: 'main' });
  });

  it('pages subscriptions with POST /channel/{id}/subscriptions until the last page', async () => {
    const { vm } = setup({}, [], (world, channelId) => {
      for (let i = 1; i <= 7; i += 1) world.seed.subscription(channelId, { name: `S${i}` });
    });
    await vm.load();
    // The page opens with half a page of each list (pages of 5: 3); the list's own pages are whole.
    expect(vm.subscriptions).toHaveLength(3);
    expect(vm.hasMoreSubscriptions).toBe(true);
    const more = vm.loadMoreSubscriptions();
    expect(vm.subscriptionsStatus).toBe('loading');
    await more;
    expect(vm.subscriptions.map((subscription) => subscription.name)).toEqual([
      'S1',
      'S2',
      'S3',
      'S4',
      'S5',
      'S6',
      'S7',
    ]);
    expect(vm.hasMoreSubscriptions).toBe(false);
    expect(vm.subscriptionsStatus).toBe('idle');
  });

  it('loads more transactions, and shows an error row when a page fails', async () => {
    const { vm, channels } = setup({}, [], (world, channelId, ownerId) => {
      for (let i = 0; i < 6; i += 1)
        world.seed.transaction(ownerId, { type: 'sell_subscription', channelId, createdAt: 1_700_000_000 + i });
    });
    await vm.load();
    expect(vm.transactions).toHaveLength(3);
    expect(vm.hasMoreTransactions).toBe(true);

    const realTransactions = channels.transactions.bind(channels);
    channels.transactions = async () => {
      throw new Error('offline');
    };
    await vm.loadMoreTransactions();
    expect(vm.transactionsStatus).toBe('error');
    expect(vm.transactions).toHaveLength(3);

    channels.transactions = realTransactions;
    await vm.loadMoreTransactions();
    expect(vm.transactionsStatus).toBe('idle');
    expect(vm.transactions).toHaveLength(6);
    expect(vm.hasMoreTransactions).toBe(false);
  });
});

describe('ChannelViewModel: delete', () => {
  it('with subscriptions: shows "Can\'t Delete a Channel" and deletes nothing', async () => {
    const { vm, world, channelId } = setup({}, [], (w, id) => w.seed.subscription(id));
    await vm.load();
    const dialogs = recordingDialogs(true);
    expect(await vm.deleteChannel(dialogs)).toEqual({ kind: 'blocked' });
    expect(dialogs.shown).toEqual(['blocked']);
    expect(world.backend.channels.get(channelId)?.isDeleted).toBe(false);
  });

  it('deleted subscriptions do not block; the creator must confirm first', async () => {
    const { vm, world, channelId } = setup({}, [], (w, id) => w.seed.subscription(id, { isDeleted: true }));
    await vm.load();
    const declined = recordingDialogs(false);
    expect(await vm.deleteChannel(declined)).toEqual({ kind: 'cancelled' });
    expect(declined.shown).toEqual(['confirm']);
    expect(world.backend.channels.get(channelId)?.isDeleted).toBe(false);

    const confirmed = recordingDialogs(true);
    expect(await vm.deleteChannel(confirmed)).toEqual({ kind: 'deleted' });
    expect(world.backend.channels.get(channelId)?.isDeleted).toBe(true);
  });

  it('a subscription the screen did not know of: the server refuses and the blocked popup shows', async () => {
    const { vm, world, channelId } = setup();
    await vm.load();
    world.seed.subscription(channelId); // created elsewhere after the page loaded
    const dialogs = recordingDialogs(true);
    expect(await vm.deleteChannel(dialogs)).toEqual({ kind: 'blocked' });
    expect(dialogs.shown).toEqual(['confirm', 'blocked']);
    expect(world.backend.channels.get(channelId)?.isDeleted).toBe(false);
  });
});

describe('ChannelViewModel: popups, links and time', () => {
  it('deletes an empty channel after the host confirmation and says so; opens the guidelines; reads the time from the clock', async () => {
    const { vm, platform, toasts } = setup();
    await vm.load();
    platform.popupAnswer = 'delete';
    const texts = {
      blockedTitle: 'Cannot delete',
      blockedText: 'Delete subscriptions first',
      confirmTitle: 'Delete?',
      confirmText: 'Sure?',
      confirmButton: 'Delete',
    };
    expect(await vm.deleteWithPopups(texts)).toEqual({ kind: 'deleted' });
    expect(platform.popups.map((popup) => popup.title)).toEqual(['Delete?']);
    expect(toasts.current).toMatchObject({ kind: 'success', message: { key: 'channel.delete.done' } });
    vm.openGuidelines();
    expect(platform.links).toEqual(['https://telegram.org/tos']);
    expect(vm.now()).toBe(toastClock.now());
  });
});
