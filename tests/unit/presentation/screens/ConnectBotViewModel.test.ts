import type { PlatformName, PopupOptions } from '../../../../src/application/ports/MessengerPlatform';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import type { VerificationRepository } from '../../../../src/application/ports/VerificationRepository';
import type { VerificationState } from '../../../../src/domain/entities';
import type {
  Dashboard,
  DashboardRepository,
  MembershipsPage,
} from '../../../../src/application/ports/DashboardRepository';
import type { Cursor, Page } from '../../../../src/application/ports/Page';
import type { Scheduler } from '../../../../src/application/ports/Scheduler';
import type { Channel, Transaction } from '../../../../src/domain/entities';
import { ConnectBotViewModel } from '../../../../src/presentation/screens/ConnectBot/ConnectBotViewModel';
import { FakePlatform } from '../support/FakePlatform';

/** A platform with a client version, recording links, copies and popups. */
class RecordingPlatform extends FakePlatform {
  readonly telegramLinks: string[] = [];
  readonly links: string[] = [];
  readonly copied: string[] = [];
  readonly popups: PopupOptions[] = [];
  popupAnswer: string | null = 'close';

  constructor(
    platform: PlatformName,
    private readonly version: string,
  ) {
    super();
    this.launch = { ...this.launch, platform, version };
  }

  // The base fake takes no arguments: optional parameters keep the overrides assignable.
  override isVersionAtLeast(wanted = '0.0'): boolean {
    const [major, minor] = this.version.split('.').map(Number);
    const [wantedMajor, wantedMinor] = wanted.split('.').map(Number);
    return major > wantedMajor || (major === wantedMajor && minor >= wantedMinor);
  }
  override openTelegramLink(url = ''): void {
    this.telegramLinks.push(url);
  }
  override openLink(url = ''): void {
    this.links.push(url);
  }
  override async copyToClipboard(text = ''): Promise<boolean> {
    this.copied.push(text);
    return true;
  }
  override async showPopup(options: PopupOptions): Promise<string | null> {
    this.popups.push(options);
    return this.popupAnswer;
  }
}

function verificationAnswering(state: Promise<VerificationState>): VerificationRepository {
  return { status: () => state, start: async () => ({ token: 't' }) };
}

/** The creator's channels as POST /dashboard/channels answers them, oldest first, `pageSize` a page. */
class ChannelList implements DashboardRepository {
  ids: number[] = [];
  failing = false;
  loads = 0;
  pageSize = 20;
  /** The startFrom of every read. */
  readonly reads: Cursor[] = [];
  load(): Promise<Dashboard> {
    throw new Error('not used');
  }
  transactions(): Promise<Page<Transaction>> {
    throw new Error('not used');
  }
  subscriptions(): Promise<MembershipsPage> {
    throw new Error('not used');
  }
  async channels(startFrom: Cursor): Promise<Page<Channel>> {
    this.loads += 1;
    this.reads.push(startFrom);
    if (this.failing) throw new RepositoryError('network_error');
    const from = startFrom === null ? 0 : Number(startFrom.slice(1));
    const end = from + this.pageSize;
    return {
      items: this.ids.slice(from, end).map((id) => ({ id, isDeleted: false }) as Channel),
      nextFrom: end < this.ids.length ? `o${end}` : null,
    };
  }
}

/** Delays that end only when the test says so. */
class StepScheduler implements Scheduler {
  private readonly waiting: (() => void)[] = [];
  delay(_ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push(resolve);
      signal?.addEventListener('abort', () => reject(new Error('aborted')));
    });
  }
  get pending(): number {
    return this.waiting.length;
  }
  async tick(): Promise<void> {
    this.waiting.shift()?.();
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
  }
}

function watchPorts(channels = new ChannelList(), scheduler: Scheduler = new StepScheduler()) {
  return [channels, scheduler] as const;
}

const texts = (username: string) => ({ title: 'Copied', message: `@${username} copied`, help: 'How to' });

async function loaded(platform: RecordingPlatform, botUsername = 'BackersSandboxBot') {
  const vm = new ConnectBotViewModel(
    verificationAnswering(Promise.resolve({ status: 'approved', botUsername })),
    platform,
    ...watchPorts(),
  );
  await vm.load();
  return vm;
}

describe('ConnectBotViewModel', () => {
  it('reads the bot username from the verification status', async () => {
    const vm = await loaded(new RecordingPlatform('ios', '8.0'), '@BackersSandboxBot');
    expect(vm.state).toEqual({ status: 'ready' });
    expect(vm.botUsername).toBe('BackersSandboxBot');
  });

  it('fails the screen when the status has no bot username or cannot be read', async () => {
    const missing = new ConnectBotViewModel(
      verificationAnswering(Promise.resolve({ status: 'approved' })),
      new RecordingPlatform('ios', '8.0'),
      ...watchPorts(),
    );
    await missing.load();
    expect(missing.state).toEqual({ status: 'error', code: 'bad_response' });
    const failing = new ConnectBotViewModel(
      verificationAnswering(Promise.reject(new RepositoryError('network_error'))),
      new RecordingPlatform('ios', '8.0'),
      ...watchPorts(),
    );
    await failing.load();
    expect(failing.state).toEqual({ status: 'error', code: 'network_error' });
  });

  it.each([
    ['android', '6.7'],
    ['android', '7.10'],
    ['android_x', '8.0'],
  ] as const)('on %s %s opens the channel picker asking for the admin rights', async (name, version) => {
    const platform = new RecordingPlatform(name, version);
    const vm = await loaded(platform);
    expect(vm.usesChannelPicker).toBe(true);
    await vm.connect(texts);
    expect(platform.telegramLinks).toEqual([
      'https://t.me/BackersSandboxBot?startchannel&admin=promote_members+change_info',
    ]);
    expect(platform.copied).toEqual([]);
    expect(platform.popups).toEqual([]);
  });

  it.each([
    ['android', '6.6'],
    ['ios', '8.0'],
    ['tdesktop', '8.0'],
  ] as const)('on %s %s copies the username and shows the copied popup', async (name, version) => {
    const platform = new RecordingPlatform(name, version);
    const vm = await loaded(platform);
    expect(vm.usesChannelPicker).toBe(false);
    await vm.connect(texts);
    expect(platform.telegramLinks).toEqual([]);
    expect(platform.copied).toEqual(['@BackersSandboxBot']);
    expect(platform.popups).toEqual([
      {
        title: 'Copied',
        message: '@BackersSandboxBot copied',
        buttons: [
          { id: 'help', type: 'default', text: 'How to' },
          { id: 'close', type: 'close' },
        ],
      },
    ]);
    expect(platform.haptics).toContain('notification:success');
    expect(platform.links).toEqual([]);
  });

  it.each([
    ['ios', 'https://backers.app/help/connect-bot/ios'],
    ['android', 'https://backers.app/help/connect-bot/android'],
    ['tdesktop', 'https://backers.app/help/connect-bot/desktop'],
  ] as const)('help in the popup opens the %s how-to page', async (name, url) => {
    const platform = new RecordingPlatform(name, '6.0');
    platform.popupAnswer = 'help';
    const vm = await loaded(platform);
    await vm.connect(texts);
    expect(platform.links).toEqual([url]);
  });

  it('does nothing before the username is known', async () => {
    const platform = new RecordingPlatform('android', '7.10');
    const vm = new ConnectBotViewModel(verificationAnswering(new Promise(() => undefined)), platform, ...watchPorts());
    void vm.load();
    await vm.connect(texts);
    expect(platform.telegramLinks).toEqual([]);
  });

  it('notes the channels, then moves on to the one the bot was added to once the server has it', async () => {
    const channels = new ChannelList();
    channels.ids = [1];
    const scheduler = new StepScheduler();
    const vm = new ConnectBotViewModel(
      verificationAnswering(Promise.resolve({ status: 'approved', botUsername: 'Bot' })),
      new RecordingPlatform('android', '7.10'),
      channels,
      scheduler,
    );
    const watching = vm.watch();
    await scheduler.tick();
    expect(vm.arrived).toBeNull();
    // A failed read in between changes nothing.
    channels.failing = true;
    await scheduler.tick();
    expect(vm.arrived).toBeNull();
    channels.failing = false;
    channels.ids = [1, 7];
    await scheduler.tick();
    await watching;
    expect(vm.arrived).toBe(7);
    expect(scheduler.pending).toBe(0);
  });

  it('finds a new channel past the first page, and reads again from the last page only', async () => {
    const channels = new ChannelList();
    channels.pageSize = 2;
    channels.ids = [1, 2, 3, 4, 5];
    const scheduler = new StepScheduler();
    const vm = new ConnectBotViewModel(
      verificationAnswering(Promise.resolve({ status: 'approved', botUsername: 'Bot' })),
      new RecordingPlatform('android', '7.10'),
      channels,
      scheduler,
    );
    const watching = vm.watch();
    await scheduler.tick();
    expect(vm.arrived).toBeNull();
    channels.ids = [1, 2, 3, 4, 5, 9];
    await scheduler.tick();
    await watching;
    expect(vm.arrived).toBe(9);
    // Every page once, then from the last page on.
    expect(channels.reads).toEqual([null, 'o2', 'o4', 'o4']);
  });

  it('stops re-reading when the screen goes away', async () => {
    const channels = new ChannelList();
    const scheduler = new StepScheduler();
    const vm = new ConnectBotViewModel(
      verificationAnswering(Promise.resolve({ status: 'approved', botUsername: 'Bot' })),
      new RecordingPlatform('ios', '8.0'),
      channels,
      scheduler,
    );
    const watching = vm.watch();
    await scheduler.tick();
    vm.dispose();
    await watching;
    const reads = channels.loads;
    await scheduler.tick();
    expect(channels.loads).toBe(reads);
    expect(vm.arrived).toBeNull();
  });
});
