import type {
  DownloadOutcome,
  HapticImpactStyle,
  HapticNotificationType,
  InvoiceStatus,
  LaunchInfo,
  MainButtonState,
  MessengerPlatform,
  PlatformName,
  PopupOptions,
  ThemeColors,
  Unsubscribe,
} from '../../application/ports/MessengerPlatform';
import {
  hasHostBridge,
  isColorDark,
  type LaunchParameters,
  readLaunchParameters,
  themeColorsFrom,
} from './launchParams';
import type { TelegramSdkSession } from './telegramSdk';
import { compareVersions } from './versions';

export interface TelegramPlatformOptions {
  /**
   * Origin of the frame hosting the app when it runs in an iframe (web clients, the sandbox host
   * emulator). The SDK posts to https://web.telegram.org unless told otherwise.
   */
  readonly hostOrigin?: string;
}

const KNOWN_PLATFORMS: readonly PlatformName[] = [
  'ios',
  'android',
  'android_x',
  'macos',
  'tdesktop',
  'web',
  'weba',
  'webk',
];

/** Dark when the background is dark; the device preference when the host gave no background. */
function isDarkTheme(theme: ThemeColors): boolean {
  return theme.bgColor ? isColorDark(theme.bgColor) : prefersDarkScheme();
}

function prefersDarkScheme(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches
  );
}

/** What the host should show once the SDK is connected: the last of each setting made before. */
interface PendingHostState {
  mainButton?: Partial<MainButtonState>;
  backButtonVisible?: boolean;
  headerColor?: string;
  backgroundColor?: string;
  unsavedChanges?: boolean;
}

/**
 * MessengerPlatform over @telegram-apps/sdk 3, in two steps. `init()` reads the launch parameters by hand
 * (launchParams.ts): the first screen needs nothing else. `connect()` loads the SDK (telegramSdk.ts) and starts it,
 * which mounts the host components and tells the host the app is ready; the composition root calls it once the first
 * screen is painted, and the calls that need the host (popups, links, closing) call it themselves. Settings made
 * before it (main and back button, colours, the unsaved-changes guard) are applied when it connects; listeners added
 * before it hear the host from then on; haptics before it are dropped (they belong to a moment that has passed).
 * Every call becomes a real Mini Apps protocol event, so the sandbox host emulator sees what Telegram would. Outside
 * Telegram `isAvailable()` is false and calls fall back to the browser.
 */
export class TelegramPlatform implements MessengerPlatform {
  private launch?: LaunchParameters;
  private available = false;
  private theme: ThemeColors = {};
  private starting?: Promise<LaunchInfo>;
  private connecting?: Promise<void>;
  private session?: TelegramSdkSession;
  private pending: PendingHostState = {};
  private readonly mainButtonListeners = new Set<() => void>();
  private readonly backButtonListeners = new Set<() => void>();
  private readonly themeListeners = new Set<(theme: ThemeColors, isDark: boolean) => void>();

  constructor(private readonly options: TelegramPlatformOptions = {}) {}

  init(): Promise<LaunchInfo> {
    this.starting ??= Promise.resolve().then(() => {
      const launch = readLaunchParameters();
      // With no parent frame and no native bridge the SDK could send nothing: not inside the messenger.
      if (launch && hasHostBridge()) {
        this.launch = launch;
        this.available = true;
        this.theme = themeColorsFrom(launch.themeParams);
      }
      return this.launchInfo();
    });
    return this.starting;
  }

  connect(): Promise<void> {
    this.connecting ??= this.init().then(async () => {
      if (!this.available) return;
      const { TelegramSdkSession } = await import('./telegramSdk');
      if (!this.available) return; // disposed while loading
      const session = TelegramSdkSession.start(this.options.hostOrigin, {
        mainButtonPressed: () => [...this.mainButtonListeners].forEach((listener) => listener()),
        backButtonPressed: () => [...this.backButtonListeners].forEach((listener) => listener()),
        themeChanged: (theme) => {
          this.theme = theme;
          const isDark = isDarkTheme(theme);
          [...this.themeListeners].forEach((listener) => listener(theme, isDark));
        },
      });
      if (!session) {
        // The SDK refused the launch parameters or found no host after all: browser fallbacks from now on.
        this.available = false;
        return;
      }
      this.session = session;
      this.theme = session.theme();
      const { mainButton, backButtonVisible, headerColor, backgroundColor, unsavedChanges } = this.pending;
      this.pending = {};
      if (mainButton) session.setMainButton(mainButton);
      if (backButtonVisible !== undefined) session.showBackButton(backButtonVisible);
      if (headerColor !== undefined) session.setHeaderColor(headerColor);
      if (backgroundColor !== undefined) session.setBackgroundColor(backgroundColor);
      if (unsavedChanges) session.protectUnsavedChanges(true);
    });
    return this.connecting;
  }

  launchInfo(): LaunchInfo {
    const launch = this.available ? this.launch : undefined;
    if (!launch) return { platform: 'unknown', version: '0.0', isDark: prefersDarkScheme(), theme: {} };
    return {
      platform: KNOWN_PLATFORMS.find((known) => known === launch.platform) ?? 'unknown',
      version: launch.version,
      rawInitData: launch.rawInitData,
      startParam: launch.startParam,
      user: launch.user,
      isDark: isDarkTheme(this.theme),
      theme: this.theme,
    };
  }

  isAvailable(): boolean {
    return this.available;
  }

  isVersionAtLeast(version: string): boolean {
    return this.available && this.launch !== undefined && compareVersions(this.launch.version, version) >= 0;
  }

  onThemeChanged(listener: (theme: ThemeColors, isDark: boolean) => void): Unsubscribe {
    return this.listen(this.themeListeners, listener);
  }

  setMainButton(state: Partial<MainButtonState>): void {
    if (!this.available) return;
    if (this.session) this.session.setMainButton(state);
    else this.pending.mainButton = { ...this.pending.mainButton, ...state };
  }

  onMainButtonClick(listener: () => void): Unsubscribe {
    return this.listen(this.mainButtonListeners, listener);
  }

  showBackButton(visible: boolean): void {
    if (!this.available) return;
    if (this.session) this.session.showBackButton(visible);
    else this.pending.backButtonVisible = visible;
  }

  onBackButtonClick(listener: () => void): Unsubscribe {
    return this.listen(this.backButtonListeners, listener);
  }

  /** A `#rrggbb` colour (Mini Apps 6.9+) or a theme key `bg_color` / `secondary_bg_color` (6.1+). */
  setHeaderColor(color: string): void {
    if (!this.available) return;
    if (this.session) this.session.setHeaderColor(color);
    else this.pending.headerColor = color;
  }

  setBackgroundColor(color: string): void {
    if (!this.available) return;
    if (this.session) this.session.setBackgroundColor(color);
    else this.pending.backgroundColor = color;
  }

  hapticImpact(style: HapticImpactStyle): void {
    this.session?.hapticImpact(style);
  }

  hapticNotification(type: HapticNotificationType): void {
    this.session?.hapticNotification(type);
  }

  hapticSelection(): void {
    this.session?.hapticSelection();
  }

  async showPopup(options: PopupOptions): Promise<string | null> {
    const pressed = await this.withSession((session) => session.showPopup(options));
    return pressed === undefined ? (await import('./browserFallbacks')).browserPopup(options) : pressed;
  }

  async showAlert(message: string): Promise<void> {
    const shown = await this.withSession((session) =>
      session.showPopup({ message, buttons: [{ id: 'close', type: 'close' }] }),
    );
    if (shown === undefined) window.alert(message);
  }

  async showConfirm(message: string): Promise<boolean> {
    const pressed = await this.withSession((session) =>
      session.showPopup({
        message,
        buttons: [
          { id: 'ok', type: 'ok' },
          { id: 'cancel', type: 'cancel' },
        ],
      }),
    );
    return pressed === undefined ? window.confirm(message) : pressed === 'ok';
  }

  /** A relative `url` (e.g. the sandbox's verification page) is taken against the page: the host needs an absolute one. */
  openLink(url: string): void {
    const absolute = new URL(url, window.location.href).toString();
    this.throughHost(
      (session) => session.openLink(absolute),
      () => window.open(absolute, '_blank', 'noopener,noreferrer'),
    );
  }

  openTelegramLink(url: string): void {
    const link = url.replace(/^(?:https?:\/\/)?t\.me\//, 'https://t.me/');
    if (!/^https:\/\/t\.me\/./.test(link)) {
      this.openLink(url);
      return;
    }
    this.throughHost(
      (session) => session.openTelegramLink(link),
      () => window.open(link, '_blank', 'noopener,noreferrer'),
    );
  }

  /** The Mini Apps protocol cannot write the clipboard: the browser's Clipboard API, else the copy command. */
  async copyToClipboard(text: string): Promise<boolean> {
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(text);
        return true;
      }
    } catch {
      // Denied (no user gesture, webview policy): try the older way.
    }
    return (await import('./browserFallbacks')).copyWithCommand(text);
  }

  close(): void {
    this.throughHost(
      (session) => session.close(),
      () => window.close(),
    );
  }

  protectUnsavedChanges(unsaved: boolean): void {
    if (!this.available) return;
    if (this.session) this.session.protectUnsavedChanges(unsaved);
    else this.pending.unsavedChanges = unsaved;
  }

  downloadFile(url: string, fileName: string): Promise<DownloadOutcome> {
    const absolute = new URL(url, window.location.href).toString();
    // The host asks the user and downloads; an older host, or one that fails, falls back to the browser. A user who
    // said no to the host's question is not asked again by the browser.
    return new Promise((resolve) => {
      const inBrowser = (): void => {
        this.openLink(absolute);
        resolve('browser');
      };
      this.throughHost(
        (session) =>
          session.downloadFile(absolute, fileName, (outcome) =>
            outcome === 'failed' ? inBrowser() : resolve(outcome),
          ),
        inBrowser,
      );
    });
  }

  /**
   * The host's payment sheet; a host without one (or the browser) gets the link opened instead, and `pending`: the
   * caller learns the outcome from the server.
   */
  async openInvoice(url: string): Promise<InvoiceStatus> {
    const status = await this.withSession((session) => session.openInvoice(url));
    if (status !== undefined) return status;
    this.openTelegramLink(url);
    return 'pending';
  }

  /** Removes this adapter's listeners and unmounts the SDK components (tests, hot reload). */
  dispose(): void {
    this.session?.dispose();
    this.session = undefined;
    this.available = false;
    this.launch = undefined;
    this.pending = {};
    this.starting = undefined;
    this.connecting = undefined;
    this.mainButtonListeners.clear();
    this.backButtonListeners.clear();
    this.themeListeners.clear();
  }

  private listen<Listener>(listeners: Set<Listener>, listener: Listener): Unsubscribe {
    if (!this.available) return () => undefined;
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  /** Runs `call` with the connected session, or gives undefined outside the messenger. */
  private async withSession<T>(call: (session: TelegramSdkSession) => Promise<T | undefined>): Promise<T | undefined> {
    if (this.available && !this.session) await this.connect();
    return this.session ? call(this.session) : undefined;
  }

  /** `call` through the host (connecting first if need be); `fallback` outside it, or when the host cannot take it. */
  private throughHost(call: (session: TelegramSdkSession) => boolean, fallback: () => void): void {
    if (this.session) {
      if (!call(this.session)) fallback();
      return;
    }
    if (!this.available) {
      fallback();
      return;
    }
    void this.connect().then(() => {
      if (!this.session || !call(this.session)) fallback();
    });
  }
}
