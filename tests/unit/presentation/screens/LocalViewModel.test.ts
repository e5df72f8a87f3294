import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import type { SandboxUser, SandboxUsers } from '../../../../src/application/ports/SandboxUsers';
import { LocalViewModel, launchLocation } from '../../../../src/presentation/screens/Local/LocalViewModel';
import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { FakePlatform } from '../support/FakePlatform';

const clock = { now: () => 1_700_000_000_000, timezoneOffsetMinutes: () => 0 };
const alice: SandboxUser = {
  telegramId: 1001,
  firstName: 'Alice',
  lastName: 'Creator',
  userName: 'alice_creator',
  demo: true,
  banned: false,
};

/** A sandbox of fixed users whose launch links carry the user id. */
class FakeSandbox implements SandboxUsers {
  launches: number[] = [];
  failLaunch = false;
  constructor(private readonly users: SandboxUser[] | Error) {}
  async list(): Promise<SandboxUser[]> {
    if (this.users instanceof Error) throw this.users;
    return this.users;
  }
  async launch(telegramId: number): Promise<{ launchUrl: string }> {
    this.launches.push(telegramId);
    if (this.failLaunch) throw new RepositoryError('not_found');
    return { launchUrl: `https://public.example/#tgWebAppData=user%3D${telegramId}&tgWebAppVersion=8.0` };
  }
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('LocalViewModel', () => {
  it('lists the sandbox users', async () => {
    const vm = new LocalViewModel(new FakeSandbox([alice]), new ToastStore(new FakePlatform(), clock));
    await vm.load();
    expect(vm.state).toEqual({ status: 'ready' });
    expect(vm.users).toEqual([alice]);
  });

  it('shows the error state when the sandbox does not answer', async () => {
    const vm = new LocalViewModel(
      new FakeSandbox(new RepositoryError('network_error')),
      new ToastStore(new FakePlatform(), clock),
    );
    await vm.load();
    expect(vm.state).toEqual({ status: 'error', code: 'network_error' });
  });

  it("answers the picked user's launch link, or null with a fail toast", async () => {
    const sandbox = new FakeSandbox([alice]);
    const toasts = new ToastStore(new FakePlatform(), clock);
    const vm = new LocalViewModel(sandbox, toasts);
    expect(await vm.launch(1001)).toContain('user%3D1001');
    expect(vm.launching).toBeNull();
    sandbox.failLaunch = true;
    expect(await vm.launch(1001)).toBeNull();
    expect(toasts.current?.kind).toBe('fail');
  });
});

describe('launchLocation', () => {
  it("keeps the link's launch parameters on the current origin", () => {
    expect(
      launchLocation('https://public.example/?tgWebAppStartParam=x#tgWebAppData=abc', 'http://localhost:5173'),
    ).toBe('http://localhost:5173/?tgWebAppStartParam=x#tgWebAppData=abc');
  });
});
