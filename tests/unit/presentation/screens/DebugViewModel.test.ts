import { MemoryStorage } from '../../../../src/infrastructure/storage/MemoryStorage';
import {
  DebugViewModel,
  HAPTIC_IMPACT_STYLES,
  HAPTIC_NOTIFICATION_TYPES,
} from '../../../../src/presentation/screens/Debug/DebugViewModel';
import { ERROR_CONSOLE_STORAGE_KEY, ErrorConsoleStore } from '../../../../src/presentation/shell/ErrorConsoleStore';
import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { FakePlatform } from '../support/FakePlatform';

class CopyingPlatform extends FakePlatform {
  readonly copied: string[] = [];
  copyWorks = true;
  override async copyToClipboard(text?: string): Promise<boolean> {
    if (this.copyWorks) this.copied.push(text ?? '');
    return this.copyWorks;
  }
}

const clock = { now: () => 1_700_000_000_000, timezoneOffsetMinutes: () => 0 };

function setup() {
  const platform = new CopyingPlatform();
  const storage = new MemoryStorage();
  const toasts = new ToastStore(platform, clock);
  const errorConsole = new ErrorConsoleStore(storage, clock, { listen: () => () => undefined });
  const vm = new DebugViewModel(platform, storage, toasts, errorConsole);
  return { platform, storage, toasts, errorConsole, vm };
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('DebugViewModel', () => {
  it('sets the header colour through the platform', () => {
    const { platform, vm } = setup();
    vm.setHeaderColor('#e53935');
    expect(platform.headerColor).toBe('#e53935');
    expect(vm.headerColor).toBe('#e53935');
    vm.setHeaderColor('secondary_bg_color');
    expect(platform.headerColor).toBe('secondary_bg_color');
  });

  it('triggers every haptic kind', () => {
    const { platform, vm } = setup();
    HAPTIC_IMPACT_STYLES.forEach(vm.impact);
    HAPTIC_NOTIFICATION_TYPES.forEach(vm.notification);
    vm.selection();
    expect(platform.haptics).toEqual([
      'impact:light',
      'impact:medium',
      'impact:heavy',
      'impact:rigid',
      'impact:soft',
      'notification:success',
      'notification:warning',
      'notification:error',
      'selection',
    ]);
  });

  it('copies the URL and the init data with the copied toast, and says when copying failed', async () => {
    const { platform, toasts, vm } = setup();
    await vm.copy('https://app.example/debug');
    expect(toasts.current?.kind).toBe('copied');
    await vm.copyInitData();
    expect(platform.copied).toEqual(['https://app.example/debug', 'query_id=1&hash=x']);

    platform.copyWorks = false;
    await vm.copy('x');
    expect(toasts.current?.kind).toBe('fail');
  });

  it('switches the error console, which persists in storage', () => {
    const { storage, errorConsole, vm } = setup();
    vm.setErrorConsoleEnabled(true);
    expect(vm.errorConsoleEnabled).toBe(true);
    expect(errorConsole.enabled).toBe(true);
    expect(storage.get(ERROR_CONSOLE_STORAGE_KEY)).toBe('1');
  });

  it('asks the screen to crash only when told', () => {
    const { vm } = setup();
    expect(vm.crashRequested).toBe(false);
    vm.throwError();
    expect(vm.crashRequested).toBe(true);
  });

  it('clears storage, turns the error console off and says so', () => {
    const { storage, errorConsole, toasts, vm } = setup();
    storage.set('i18nextLng', 'ru');
    vm.setErrorConsoleEnabled(true);
    vm.clearStorage();
    expect(storage.get('i18nextLng')).toBeNull();
    expect(storage.get(ERROR_CONSOLE_STORAGE_KEY)).toBeNull();
    expect(errorConsole.enabled).toBe(false);
    expect(toasts.current).toMatchObject({ kind: 'success', message: { key: 'devtools.debug.storageCleared' } });
  });
});
