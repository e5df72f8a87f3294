import { makeAutoObservable, runInAction } from 'mobx';
import type { KeyValueStorage } from '../../../application/ports/KeyValueStorage';
import type {
  HapticImpactStyle,
  HapticNotificationType,
  MessengerPlatform,
} from '../../../application/ports/MessengerPlatform';
import type { ErrorConsoleStore } from '../../shell/ErrorConsoleStore';
import type { ToastStore } from '../../toasts/ToastStore';

/** Header colours to try: the two theme keys every host accepts, then colours for hosts that take any. */
export const HEADER_COLOR_TESTS = ['bg_color', 'secondary_bg_color', '#e53935', '#43a047', '#1e88e5'] as const;
export const HAPTIC_IMPACT_STYLES: readonly HapticImpactStyle[] = ['light', 'medium', 'heavy', 'rigid', 'soft'];
export const HAPTIC_NOTIFICATION_TYPES: readonly HapticNotificationType[] = ['success', 'warning', 'error'];

/**
 * /debug (spec section 2): header colour tests, haptics, copying the URL and the init data, the error-console
 * switch, a render-time crash (to see the crash boundary) and clearing storage.
 */
export class DebugViewModel {
  headerColor: string | null = null;
  /** Set by the throw-error test: the screen throws while rendering. */
  crashRequested = false;

  constructor(
    private readonly platform: MessengerPlatform,
    private readonly storage: KeyValueStorage,
    private readonly toasts: ToastStore,
    private readonly errorConsole: ErrorConsoleStore,
  ) {
    makeAutoObservable<DebugViewModel, 'platform' | 'storage' | 'toasts' | 'errorConsole'>(
      this,
      { platform: false, storage: false, toasts: false, errorConsole: false },
      { autoBind: true },
    );
  }

  setHeaderColor(color: string): void {
    this.platform.setHeaderColor(color);
    this.headerColor = color;
  }

  impact(style: HapticImpactStyle): void {
    this.platform.hapticImpact(style);
  }

  notification(type: HapticNotificationType): void {
    this.platform.hapticNotification(type);
  }

  selection(): void {
    this.platform.hapticSelection();
  }

  /** The raw signed launch data the API calls carry (empty outside the messenger). */
  get initData(): string {
    return this.platform.launchInfo().rawInitData ?? '';
  }

  get platformSummary(): string {
    const launch = this.platform.launchInfo();
    return `${launch.platform} ${launch.version}`;
  }

  async copy(text: string): Promise<void> {
    const copied = await this.platform.copyToClipboard(text);
    runInAction(() => (copied ? this.toasts.copied() : this.toasts.fail('common.toast.failed')));
  }

  copyInitData(): Promise<void> {
    return this.copy(this.initData);
  }

  get errorConsoleEnabled(): boolean {
    return this.errorConsole.enabled;
  }

  setErrorConsoleEnabled(enabled: boolean): void {
    this.errorConsole.setEnabled(enabled);
  }

  throwError(): void {
    this.crashRequested = true;
  }

  /** Clears local storage (page language, stored token, the error-console switch) and says so. */
  clearStorage(): void {
    this.storage.clear();
    this.errorConsole.setEnabled(false);
    this.toasts.success('devtools.debug.storageCleared');
  }

  dispose(): void {
    // Nothing runs in the background.
  }
}
