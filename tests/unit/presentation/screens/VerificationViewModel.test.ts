import type { PlatformName } from '../../../../src/application/ports/MessengerPlatform';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import type { Scheduler } from '../../../../src/application/ports/Scheduler';
import type {
  VerificationRepository,
  VerificationSession,
} from '../../../../src/application/ports/VerificationRepository';
import { PollVerification } from '../../../../src/application/use-cases/verification/PollVerification';
import { StartVerification } from '../../../../src/application/use-cases/verification/StartVerification';
import type { VerificationState } from '../../../../src/domain/entities';
import { VerificationViewModel } from '../../../../src/presentation/screens/Verification/VerificationViewModel';
import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { FakePlatform } from '../support/FakePlatform';

/** A scheduler whose waits the test releases one by one (no real time passes). */
class ManualScheduler implements Scheduler {
  readonly waits: { ms: number; release: () => void; signal?: AbortSignal }[] = [];

  delay(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      this.waits.push({ ms, release: resolve, signal });
    });
  }

  /** Waits still pending (not aborted). */
  get pending(): number[] {
    return this.waits.filter((wait) => !wait.signal?.aborted).map((wait) => wait.ms);
  }

  async releaseNext(): Promise<void> {
    const next = this.waits.find((wait) => !wait.signal?.aborted);
    if (!next) throw new Error('nothing is waiting');
    this.waits.splice(this.waits.indexOf(next), 1);
    next.release();
    await settle();
  }
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

/** A verification backend the test moves by hand. */
class FakeVerification implements VerificationRepository {
  state: VerificationState = { status: 'none' };
  failReads = 0;
  failStart: string | null = null;
  reads = 0;
  starts = 0;

  async status(): Promise<VerificationState> {
    this.reads += 1;
    if (this.failReads > 0) {
      this.failReads -= 1;
      throw new RepositoryError('network_error');
    }
    return this.state;
  }

  async start(): Promise<VerificationSession> {
    this.starts += 1;
    if (this.failStart) throw new RepositoryError(this.failStart);
    const token = `token-${this.starts}`;
    this.state = { status: 'in_kyc', token, widgetUrl: `/kyc?token=${token}` };
    return { token, widgetUrl: `/kyc?token=${token}` };
  }
}

function setup(platformName: PlatformName = 'android') {
  const backend = new FakeVerification();
  const scheduler = new ManualScheduler();
  const platform = new FakePlatform();
  platform.launch = { ...platform.launch, platform: platformName };
  const toasts = new ToastStore(platform, { now: () => 0, timezoneOffsetMinutes: () => 0 });
  const vm = new VerificationViewModel(
    new PollVerification(backend, scheduler),
    new StartVerification(backend),
    platform,
    toasts,
  );
  return { backend, scheduler, platform, toasts, vm };
}

afterEach(() => jest.useRealTimers());

describe('VerificationViewModel', () => {
  it('loads to the intro for status none and does not poll further', async () => {
    const { vm, scheduler } = setup();
    expect(vm.state).toEqual({ status: 'loading' });
    vm.load();
    await settle();
    expect(vm.view).toBe('intro');
    expect(vm.introStep).toBe('benefits');
    expect(scheduler.pending).toEqual([]);
    vm.showTerms();
    expect(vm.introStep).toBe('terms');
  });

  it('refuses to start before the terms are ticked', async () => {
    const { vm, backend } = setup();
    vm.load();
    await settle();
    await expect(vm.start()).resolves.toBe('terms_required');
    expect(backend.starts).toBe(0);
    expect(vm.view).toBe('intro');
  });

  it('starts after the terms, shows the widget and polls every 5 s until the decision', async () => {
    const { vm, backend, scheduler } = setup();
    vm.load();
    await settle();
    vm.setTermsAccepted(true);
    await expect(vm.start()).resolves.toBe('started');
    await settle();
    expect(vm.view).toBe('widget');
    expect(vm.widgetUrl).toBe('/kyc?token=token-1');
    expect(scheduler.pending).toEqual([5000]);

    await scheduler.releaseNext();
    expect(vm.view).toBe('widget');
    backend.state = { status: 'kyc_approved' };
    await scheduler.releaseNext();
    expect(vm.view).toBe('waiting');
    expect(scheduler.pending).toEqual([5000]);
    backend.state = { status: 'approved' };
    await scheduler.releaseNext();
    expect(vm.view).toBe('success');
    expect(scheduler.pending).toEqual([]);
  });

  it('retries a failed status read after 2 s', async () => {
    const { vm, backend, scheduler } = setup();
    backend.failReads = 1;
    vm.load();
    await settle();
    expect(vm.status).toBeNull();
    expect(scheduler.pending).toEqual([2000]);
    await scheduler.releaseNext();
    expect(vm.view).toBe('intro');
  });

  it('shows a fail toast when the start fails', async () => {
    const { vm, backend, toasts } = setup();
    jest.useFakeTimers();
    backend.failStart = 'conflict';
    vm.setTermsAccepted(true);
    await expect(vm.start()).resolves.toBe('failed');
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'fail', message: { key: 'verification.startFailed' } }),
    );
    expect(vm.starting).toBe(false);
  });

  it.each([
    ['rejected', 'rejected'],
    ['kyc_rejected', 'retry'],
    ['kyc_approved', 'waiting'],
    ['approved', 'success'],
  ] as const)('shows %s as %s', async (status, view) => {
    const { vm, backend } = setup();
    backend.state = { status };
    vm.load();
    await settle();
    expect(vm.view).toBe(view);
  });

  it('fetches a fresh token when the widget reports invalid-token', async () => {
    const { vm, backend } = setup();
    backend.state = { status: 'in_kyc', token: 'old', widgetUrl: '/kyc?token=old' };
    vm.load();
    await settle();
    expect(vm.widgetUrl).toBe('/kyc?token=old');
    await expect(vm.freshToken()).resolves.toBe('token-1');
    expect(backend.starts).toBe(1);
    expect(vm.token).toBe('token-1');
    expect(vm.widgetUrl).toBe('/kyc?token=token-1');
  });

  it('retry after kyc_rejected starts the check again without asking for the terms', async () => {
    const { vm, backend } = setup();
    backend.state = { status: 'kyc_rejected' };
    vm.load();
    await settle();
    await expect(vm.retry()).resolves.toBe('started');
    expect(backend.starts).toBe(1);
    expect(vm.view).toBe('widget');
  });

  it('reads the status at once when the widget reports a decision', async () => {
    const { vm, backend, scheduler } = setup();
    backend.state = { status: 'in_kyc', token: 't', widgetUrl: '/kyc?token=t' };
    vm.load();
    await settle();
    const readsBefore = backend.reads;
    backend.state = { status: 'approved' };
    vm.refreshNow();
    await settle();
    expect(backend.reads).toBe(readsBefore + 1);
    expect(vm.view).toBe('success');
    expect(scheduler.pending).toEqual([]);
  });

  it('on iOS shows the in-progress placeholder and opens the external page once', async () => {
    const { vm, platform } = setup('ios');
    const opened: string[] = [];
    platform.openLink = (url: string) => void opened.push(url);
    vm.load();
    await settle();
    vm.setTermsAccepted(true);
    await vm.start();
    expect(vm.view).toBe('in_progress_external');
    expect(opened).toEqual(['/kyc?token=token-1']);
    vm.openWidgetPage();
    expect(opened).toHaveLength(2);
  });

  it('does not open the external page off iOS; alerts with the given text when the terms are not ticked', async () => {
    const { vm, platform } = setup('android');
    const opened: string[] = [];
    const alerts: string[] = [];
    platform.openLink = (url: string) => void opened.push(url);
    platform.showAlert = async (message: string) => void alerts.push(message);
    vm.load();
    await settle();
    expect(await vm.startWithAlert('Tick the terms')).toBe('terms_required');
    expect(alerts).toEqual(['Tick the terms']);
    vm.setTermsAccepted(true);
    expect(await vm.startWithAlert('Tick the terms')).toBe('started');
    expect(alerts).toHaveLength(1);
    expect(opened).toEqual([]);
  });

  it('stops polling on dispose', async () => {
    const { vm, backend, scheduler } = setup();
    backend.state = { status: 'in_kyc', token: 't' };
    vm.load();
    await settle();
    expect(scheduler.pending).toEqual([5000]);
    vm.dispose();
    await settle();
    expect(scheduler.pending).toEqual([]);
    const reads = backend.reads;
    await settle();
    expect(backend.reads).toBe(reads);
  });
});
