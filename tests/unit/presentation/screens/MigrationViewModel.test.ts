import type { MigrationRepository } from '../../../../src/application/ports/MigrationRepository';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import { ConfirmMigration } from '../../../../src/application/use-cases/migration/ConfirmMigration';
import { RefuseMigration } from '../../../../src/application/use-cases/migration/RefuseMigration';
import type { MigrationChannel } from '../../../../src/domain/entities';
import {
  MIGRATION_REFRESH_MS,
  MigrationViewModel,
} from '../../../../src/presentation/screens/Migration/MigrationViewModel';
import { MemoryStorage } from '../../../../src/infrastructure/storage/MemoryStorage';
import { DashboardSession } from '../../../../src/presentation/screens/Dashboard/DashboardSession';
import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { createWorld, schedulerWith } from '../../application/support/world';
import { FakePlatform } from '../support/FakePlatform';
import { FakeDialogs, FakeLinks } from '../support/fakePorts';

function setup(
  options: { connectFirst?: boolean; repository?: (real: MigrationRepository) => MigrationRepository } = {},
) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const small = world.seed.channel(creator.id, { name: 'Small', connected: options.connectFirst ?? false });
  const big = world.seed.channel(creator.id, { name: 'Big', connected: false });
  const donate: MigrationChannel[] = [
    { chatId: small.chatId, name: 'Small', link: 'https://t.me/small', activeSubscribers: 3 },
    { chatId: big.chatId, name: 'Big', link: 'https://t.me/big', activeSubscribers: 120 },
  ];
  world.seed.migration(creator.id, donate);
  const ports = world.as(creator);
  const repository = options.repository ? options.repository(ports.migration) : ports.migration;
  const platform = new FakePlatform();
  const toasts = new ToastStore(platform, world.time);
  let onDelay: (count: number) => void = () => undefined;
  const scheduler = schedulerWith(world.time, (count) => onDelay(count));
  const dialogs = new FakeDialogs();
  const links = new FakeLinks();
  const session = new DashboardSession(new MemoryStorage());
  const vm = new MigrationViewModel(
    repository,
    new ConfirmMigration(repository),
    new RefuseMigration(repository),
    scheduler,
    toasts,
    dialogs,
    links,
    session,
  );
  return {
    session,
    world,
    vm,
    toasts,
    big,
    small,
    dialogs,
    links,
    record: () => world.backend.userRecord(creator.id).migration,
    onDelay: (handler: (count: number) => void) => (onDelay = handler),
  };
}

describe('MigrationViewModel', () => {
  // Toasts hide themselves on a timer: keep it fake so nothing outlives the test.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  it('starts with the offer and lists donation channels by active subscribers, most first, connected ones marked', async () => {
    const { vm } = setup({ connectFirst: true });
    await vm.load();
    expect(vm.state).toEqual({ status: 'ready' });
    expect(vm.view).toBe('offer');
    expect(vm.channelRows.map((row) => [row.name, row.connected])).toEqual([
      ['Big', false],
      ['Small', true],
    ]);
    expect(vm.connectedCount).toBe(1);
    expect(vm.complete).toBe(false);
  });

  it('shows the error state when the migration cannot be read', async () => {
    const { vm } = setup({
      repository: (real) => ({ ...real, get: () => Promise.reject(new RepositoryError('network_error')) }),
    });
    await vm.load();
    expect(vm.state).toEqual({ status: 'error', code: 'network_error' });
  });

  it('asks to tick the terms before confirming and queues nothing', async () => {
    const { vm, record } = setup();
    await vm.load();
    expect(await vm.confirm()).toBe('terms_required');
    expect(record()?.request).toBeNull();
    expect(vm.view).toBe('offer');
    expect(vm.confirmStatus).toBeNull();
  });

  it('confirming with the terms ticked queues the request and waits with its place in line', async () => {
    const { vm, record } = setup();
    await vm.load();
    vm.setTermsAccepted(true);
    expect(await vm.confirm()).toBe('confirmed');
    expect(record()?.request?.status).toBe('queued');
    expect(vm.confirmStatus).toBe('success');
    expect(vm.view).toBe('waiting');
    expect(vm.positionInQueue).toBe(1);
  });

  it('a failed confirm shows the server message as a fail toast', async () => {
    const { vm, toasts } = setup({
      repository: (real) => ({
        get: () => real.get(),
        refuse: () => real.refuse(),
        confirm: () => Promise.reject(new RepositoryError('conflict', 'There is nothing to migrate')),
      }),
    });
    await vm.load();
    vm.setTermsAccepted(true);
    expect(await vm.confirm()).toBe('failed');
    expect(vm.confirmStatus).toBe('failed');
    expect(toasts.current).toMatchObject({ kind: 'fail', message: { text: 'There is nothing to migrate' } });
  });

  it('refusing clears the request (losing the place in line) and says to leave', async () => {
    const { vm, record } = setup();
    await vm.load();
    vm.setTermsAccepted(true);
    await vm.confirm();
    expect(await vm.refuse()).toBe(true);
    expect(record()?.request).toBeNull();
    expect(record()?.refused).toBe(true);
    expect(vm.refuseStatus).toBe('success');
  });

  it('Not now on a waiting request keeps the place in line and is remembered for the dashboard', async () => {
    const { vm, record, session } = setup();
    session.remember('creator', 7);
    await vm.load();
    vm.setTermsAccepted(true);
    await vm.confirm();
    expect(session.migrationDismissed).toBe(false);
    vm.dismiss();
    expect(session.migrationDismissed).toBe(true);
    expect(record()?.request?.status).toBe('queued');
    expect(record()?.refused).toBe(false);
  });

  it('a failed refuse stays on the screen with a fail toast', async () => {
    const { vm, toasts } = setup({
      repository: (real) => ({
        get: () => real.get(),
        confirm: () => real.confirm(),
        refuse: () => Promise.reject(new RepositoryError('network_error')),
      }),
    });
    await vm.load();
    expect(await vm.refuse()).toBe(false);
    expect(vm.refuseStatus).toBe('failed');
    expect(toasts.current).toMatchObject({ kind: 'fail', message: { key: 'common.toast.failed' } });
  });

  it('is complete only when every donation channel is connected, and re-reads every 5 s until then', async () => {
    const { vm, world, big, small, onDelay } = setup();
    await vm.load();
    vm.setTermsAccepted(true);
    await vm.confirm();
    expect(vm.view).toBe('waiting');

    // The creator adds the bot elsewhere: one channel during the first wait, the other during the second.
    const seenBetween: [number, string][] = [];
    onDelay((count) => {
      if (count === 2) seenBetween.push([vm.connectedCount, vm.view]);
      const channel = world.backend.channels.get(count === 1 ? small.id : big.id);
      if (channel) channel.connected = true;
    });
    const delaysBefore = world.time.delays.length;
    await vm.keepFresh();
    expect(seenBetween).toEqual([[1, 'waiting']]);
    expect(world.time.delays.slice(delaysBefore)).toEqual([MIGRATION_REFRESH_MS, MIGRATION_REFRESH_MS]);
    expect(vm.complete).toBe(true);
    expect(vm.view).toBe('completed');
    expect(vm.channelRows.every((row) => row.connected)).toBe(true);
  });

  it('does not re-read on the offer, nor after dispose', async () => {
    const offer = setup();
    await offer.vm.load();
    const before = offer.world.time.delays.length;
    await offer.vm.keepFresh();
    expect(offer.world.time.delays.length).toBe(before);

    const { vm, world } = setup();
    await vm.load();
    vm.setTermsAccepted(true);
    await vm.confirm();
    vm.dispose();
    const after = world.time.delays.length;
    await vm.keepFresh();
    expect(world.time.delays.length).toBe(after);
    expect(vm.view).toBe('waiting');
  });

  it('alerts with the given text when confirming without the terms, and queues nothing', async () => {
    const { vm, dialogs, record } = setup();
    await vm.load();
    expect(await vm.confirmWithAlert('Accept the terms first')).toBe('terms_required');
    expect(dialogs.alerts).toEqual(['Accept the terms first']);
    expect(record()?.request).toBeNull();
    vm.setTermsAccepted(true);
    expect(await vm.confirmWithAlert('Accept the terms first')).toBe('confirmed');
    expect(dialogs.alerts).toHaveLength(1);
  });

  it('refuses only after the host confirm says yes', async () => {
    const { vm, dialogs, record } = setup();
    await vm.load();
    vm.setTermsAccepted(true);
    await vm.confirm();
    dialogs.confirmAnswer = false;
    expect(await vm.refuseAfterConfirm('Lose your place?')).toBe(false);
    expect(vm.view).toBe('waiting');
    dialogs.confirmAnswer = true;
    expect(await vm.refuseAfterConfirm('Lose your place?')).toBe(true);
    expect(dialogs.confirms).toEqual(['Lose your place?', 'Lose your place?']);
    expect(record()?.request).toBeNull();
  });

  it('opens support in the messenger and the terms in the browser', () => {
    const { vm, links } = setup();
    vm.openSupport();
    vm.openTerms();
    expect(links.opened).toEqual(['tg:https://t.me/BackersSupport', 'https://backers.app/terms']);
  });
});
