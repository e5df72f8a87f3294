// The SDK's functions one by one, not its component objects (miniApp, viewport, ...): an object keeps every member
// it holds, so importing `viewport` for `expand` alone would ship the whole viewport component.
import {
  bindMiniAppCssVars,
  bindThemeParamsCssVars,
  closeMiniApp,
  disableClosingConfirmation,
  disableVerticalSwipes,
  downloadFile as sdkDownloadFile,
  enableClosingConfirmation,
  enableVerticalSwipes,
  expandViewport,
  hapticFeedbackImpactOccurred,
  hapticFeedbackNotificationOccurred,
  hapticFeedbackSelectionChanged,
  hideBackButton,
  init as initSdk,
  isColorDark,
  isMiniAppCssVarsBound,
  isThemeParamsCssVarsBound,
  miniAppReady,
  mountBackButton,
  mountClosingBehavior,
  mountMainButton,
  mountMiniAppSync,
  mountSwipeBehavior,
  mountThemeParamsSync,
  onBackButtonClick,
  onMainButtonClick,
  openLink as sdkOpenLink,
  openPopup,
  openTelegramLink as sdkOpenTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  setMainButtonParams,
  setMiniAppBackgroundColor,
  setMiniAppHeaderColor,
  showBackButton,
  targetOrigin,
  themeParamsState,
  toRGB,
  unmountBackButton,
  unmountClosingBehavior,
  unmountMainButton,
  unmountMiniApp,
  unmountSwipeBehavior,
  unmountThemeParams,
  type RetrieveLPResult,
  type MainButtonState as SdkMainButtonState,
  type ShowPopupOptionsButton,
} from '@telegram-apps/sdk';
import type {
  HapticImpactStyle,
  HapticNotificationType,
  LaunchInfo,
  MainButtonState,
  MessengerPlatform,
  PlatformName,
  PopupButton,
  PopupOptions,
  ThemeColors,
  Unsubscribe,
} from '../../application/ports/MessengerPlatform';
import { compareVersions } from './versions';

export interface TelegramPlatformOptions {
  /**
   * Origin of the frame hosting the app when it runs in an iframe (web clients, the sandbox host
   * emulator). The SDK posts to https://web.telegram.org unless told otherwise.
   */
  readonly hostOrigin?: string;
}

const KNOWN_PLATFORMS: readonly PlatformName[] = ['ios', 'android', 'android_x', 'macos', 'tdesktop', 'web', 'weba', 'webk'];

/** The colours the app uses; the host names each in snake case (`bgColor` → `bg_color`). */
const THEME_COLORS: readonly (keyof ThemeColors)[] = [
  'bgColor',
  'textColor',
  'hintColor',
  'linkColor',
  'buttonColor',
  'buttonTextColor',
  'secondaryBgColor',
  'headerBgColor',
  'accentTextColor',
  'sectionBgColor',
  'sectionHeaderTextColor',
  'subtitleTextColor',
  'destructiveTextColor',
];
const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Header colour keys the host resolves itself and keeps in sync with its theme. */
const HEADER_COLOR_KEYS = ['bg_color', 'secondary_bg_color'] as const;
type HeaderColorKey = (typeof HEADER_COLOR_KEYS)[number];

type RgbColor = `#${string}`;
const noop: Unsubscribe = () => undefined;

/** `#rrggbb` for any colour notation the SDK understands (`#RGB`, `rgb(...)`), else undefined. */
function toRgbColor(color: string): RgbColor | undefined {
  try {
    return toRGB(color);
  } catch {
    return undefined;
  }
}

function readTheme(): ThemeColors {
  const state = themeParamsState();
  const theme: Partial<Record<keyof ThemeColors, string>> = {};
  for (const name of THEME_COLORS) {
    const value = state[snakeCase(name)];
    if (value) theme[name] = value;
  }
  return theme;
}

/** Dark when the background is dark; the device preference when the host gave no background. */
function isDarkTheme(theme: ThemeColors): boolean {
  return theme.bgColor ? isColorDark(theme.bgColor) : prefersDarkScheme();
}

function prefersDarkScheme(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** What the app knows when it runs in a plain browser. */
function browserLaunchInfo(): LaunchInfo {
  return { platform: 'unknown', version: '0.0', isDark: prefersDarkScheme(), theme: {} };
}

function toSdkButton(button: PopupButton): ShowPopupOptionsButton {
  if (button.type === 'default' || button.type === 'destructive') {
    return { id: button.id, type: button.type, text: button.text ?? '' };
  }
  return { id: button.id, type: button.type };
}

/**
 * MessengerPlatform over @telegram-apps/sdk 3: every call becomes a real Mini Apps protocol event
 * (web_app_setup_main_button, web_app_open_popup, ...), so the sandbox host emulator sees what
 * Telegram would. Outside Telegram `isAvailable()` is false and calls fall back to the browser.
 */
export class TelegramPlatform implements MessengerPlatform {
  private available = false;
  private closeGuardMounted = false;
  private staticInfo: Omit<LaunchInfo, 'isDark' | 'theme'> = { platform: 'unknown', version: '0.0' };
  private starting?: Promise<LaunchInfo>;
  private readonly cleanups: (() => void)[] = [];

  constructor(private readonly options: TelegramPlatformOptions = {}) {}

  init(): Promise<LaunchInfo> {
    this.starting ??= Promise.resolve().then(() => {
      this.start();
      return this.launchInfo();
    });
    return this.starting;
  }

  launchInfo(): LaunchInfo {
    if (!this.available) return { ...browserLaunchInfo(), ...this.staticInfo };
    const theme = readTheme();
    return { ...this.staticInfo, isDark: isDarkTheme(theme), theme };
  }

  isAvailable(): boolean {
    return this.available;
  }

  isVersionAtLeast(version: string): boolean {
    return this.available && compareVersions(this.staticInfo.version, version) >= 0;
  }

  onThemeChanged(listener: (theme: ThemeColors, isDark: boolean) => void): Unsubscribe {
    if (!this.available) return noop;
    // Read the state itself: derived signals may not be recomputed yet while subscribers run.
    const notify = (): void => {
      const theme = readTheme();
      listener(theme, isDarkTheme(theme));
    };
    return this.track(themeParamsState.sub(notify));
  }

  setMainButton(state: Partial<MainButtonState>): void {
    if (!this.available) return;
    const updates: Partial<SdkMainButtonState> = {};
    // The SDK sends nothing while the text is empty, so an empty text keeps the previous one.
    if (state.text) updates.text = state.text;
    if (state.visible !== undefined) updates.isVisible = state.visible;
    if (state.enabled !== undefined) updates.isEnabled = state.enabled;
    if (state.loading !== undefined) updates.isLoaderVisible = state.loading;
    const backgroundColor = state.color === undefined ? undefined : toRgbColor(state.color);
    if (backgroundColor) updates.backgroundColor = backgroundColor;
    const textColor = state.textColor === undefined ? undefined : toRgbColor(state.textColor);
    if (textColor) updates.textColor = textColor;
    setMainButtonParams.ifAvailable(updates);
  }

  onMainButtonClick(listener: () => void): Unsubscribe {
    if (!this.available) return noop;
    const [subscribed, unsubscribe] = onMainButtonClick.ifAvailable(() => listener());
    return subscribed ? this.track(unsubscribe) : noop;
  }

  showBackButton(visible: boolean): void {
    if (!this.available) return;
    if (visible) showBackButton.ifAvailable();
    else hideBackButton.ifAvailable();
  }

  onBackButtonClick(listener: () => void): Unsubscribe {
    if (!this.available) return noop;
    const [subscribed, unsubscribe] = onBackButtonClick.ifAvailable(() => listener());
    return subscribed ? this.track(unsubscribe) : noop;
  }

  /** A `#rrggbb` colour (Mini Apps 6.9+) or a theme key `bg_color` / `secondary_bg_color` (6.1+). */
  setHeaderColor(color: string): void {
    if (!this.available) return;
    if ((HEADER_COLOR_KEYS as readonly string[]).includes(color)) {
      setMiniAppHeaderColor.ifAvailable(color as HeaderColorKey);
      return;
    }
    const rgb = toRgbColor(color);
    // Older hosts accept only the theme keys; sending a colour there would throw.
    if (rgb && setMiniAppHeaderColor.supports.rgb()) setMiniAppHeaderColor.ifAvailable(rgb);
  }

  setBackgroundColor(color: string): void {
    if (!this.available) return;
    const rgb = toRgbColor(color);
    if (rgb) setMiniAppBackgroundColor.ifAvailable(rgb);
  }

  hapticImpact(style: HapticImpactStyle): void {
    if (this.available) hapticFeedbackImpactOccurred.ifAvailable(style);
  }

  hapticNotification(type: HapticNotificationType): void {
    if (this.available) hapticFeedbackNotificationOccurred.ifAvailable(type);
  }

  hapticSelection(): void {
    if (this.available) hapticFeedbackSelectionChanged.ifAvailable();
  }

  async showPopup(options: PopupOptions): Promise<string | null> {
    const buttons = options.buttons ?? [];
    if (!this.available || !openPopup.isAvailable()) return (await import('./browserFallbacks')).browserPopup(options);
    const pressed = await openPopup({
      title: options.title,
      message: options.message,
      buttons: buttons.length ? buttons.map(toSdkButton) : undefined,
    });
    // The host reports the implicit close button (and a dismissal) with an empty or missing id.
    return pressed === null || pressed === '' ? null : pressed;
  }

  async showAlert(message: string): Promise<void> {
    if (!this.available || !openPopup.isAvailable()) {
      window.alert(message);
      return;
    }
    await openPopup({ message, buttons: [{ id: 'close', type: 'close' }] });
  }

  async showConfirm(message: string): Promise<boolean> {
    if (!this.available || !openPopup.isAvailable()) return window.confirm(message);
    const pressed = await openPopup({ message, buttons: [{ id: 'ok', type: 'ok' }, { id: 'cancel', type: 'cancel' }] });
    return pressed === 'ok';
  }

  /** A relative `url` (e.g. the sandbox's verification page) is taken against the page: the host needs an absolute one. */
  openLink(url: string): void {
    const absolute = new URL(url, window.location.href).toString();
    if (!this.available || !sdkOpenLink.ifAvailable(absolute)[0]) window.open(absolute, '_blank', 'noopener,noreferrer');
  }

  openTelegramLink(url: string): void {
    const link = url.replace(/^(?:https?:\/\/)?t\.me\//, 'https://t.me/');
    if (!/^https:\/\/t\.me\/./.test(link)) {
      this.openLink(url);
      return;
    }
    if (!this.available || !sdkOpenTelegramLink.ifAvailable(link)[0]) window.open(link, '_blank', 'noopener,noreferrer');
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
    if (!this.available || !closeMiniApp.ifAvailable()[0]) window.close();
  }

  protectUnsavedChanges(unsaved: boolean): void {
    if (!this.available) return;
    // Mounted on first use: mounting swipeBehavior without a stored state sends allow_vertical_swipe false at once.
    if (!this.closeGuardMounted) {
      if (!unsaved) return;
      this.closeGuardMounted = true;
      if (mountClosingBehavior.ifAvailable()[0]) this.cleanups.push(() => unmountClosingBehavior());
      if (mountSwipeBehavior.ifAvailable()[0]) this.cleanups.push(() => unmountSwipeBehavior());
    }
    if (unsaved) {
      enableClosingConfirmation.ifAvailable();
      disableVerticalSwipes.ifAvailable();
    } else {
      disableClosingConfirmation.ifAvailable();
      enableVerticalSwipes.ifAvailable();
    }
  }

  downloadFile(url: string, fileName: string): void {
    const absolute = new URL(url, window.location.href).toString();
    if (this.available && sdkDownloadFile.isAvailable()) {
      // The host asks the user and downloads; a refusal or an older host's error falls back to the browser.
      sdkDownloadFile(absolute, fileName).catch(() => this.openLink(absolute));
      return;
    }
    this.openLink(absolute);
  }

  /** Removes this adapter's listeners and unmounts the SDK components (tests, hot reload). */
  dispose(): void {
    for (const cleanup of this.cleanups.splice(0).reverse()) cleanup();
    this.available = false;
    this.closeGuardMounted = false;
    this.starting = undefined;
  }

  private start(): void {
    const launchParams = readLaunchParams();
    if (!launchParams) return;
    try {
      if (this.options.hostOrigin) targetOrigin.set(this.options.hostOrigin);
      // Throws when there is neither a parent frame nor a native bridge to talk to. The launch parameters just read
      // are handed over: without them the SDK reads and validates the URL twice more (milliseconds of a phone's start).
      this.cleanups.push(initSdk({ launchParams }));
    } catch {
      return;
    }
    this.available = true;
    this.staticInfo = {
      platform: KNOWN_PLATFORMS.find((known) => known === launchParams.tgWebAppPlatform) ?? 'unknown',
      version: launchParams.tgWebAppVersion,
      rawInitData: retrieveRawInitData(),
      startParam: launchParams.tgWebAppStartParam ?? launchParams.tgWebAppData?.start_param,
      user: toUser(launchParams),
    };
    this.mountComponents();
    expandViewport.ifAvailable();
    miniAppReady.ifAvailable();
  }

  private mountComponents(): void {
    // mountMiniAppSync mounts the theme too; its colours come from the launch parameters.
    if (mountMiniAppSync.ifAvailable()[0]) this.cleanups.push(() => unmountMiniApp());
    else if (mountThemeParamsSync.ifAvailable()[0]) this.cleanups.push(() => unmountThemeParams());
    // Telegram's colours as CSS variables (--tg-theme-bg-color, --tg-header-color, ...) for the UI kit.
    if (!isThemeParamsCssVarsBound()) this.trackCall(bindThemeParamsCssVars.ifAvailable());
    if (!isMiniAppCssVarsBound()) this.trackCall(bindMiniAppCssVars.ifAvailable());
    if (mountMainButton.ifAvailable()[0]) this.cleanups.push(() => unmountMainButton());
    if (mountBackButton.ifAvailable()[0]) this.cleanups.push(() => unmountBackButton());
  }

  private track(unsubscribe: () => void): Unsubscribe {
    let active = true;
    const once = (): void => {
      if (!active) return;
      active = false;
      unsubscribe();
    };
    this.cleanups.push(once);
    return once;
  }

  private trackCall(result: [true, () => void] | [false]): void {
    if (result[0]) this.track(result[1]);
  }
}

/** Where SDK 3 keeps the launch parameters it found (its third source, after the URL and the navigation entry). */
const SDK_LAUNCH_PARAMS_KEY = 'tapps/launchParams';

function readLaunchParams(): RetrieveLPResult | undefined {
  // Telegram sends tgWebAppStartParam both in the query and in the hash; SDK 3 reads them as one list, sees the
  // parameter twice and rejects the URL, then falls back to the launch parameters it stored in session storage,
  // which may be an earlier launch's (another start parameter, even another user). The hash of this load is
  // complete and authoritative: store it first, so every read of the SDK (ours and its own) gets this launch.
  storeLaunchParamsFromHash();
  try {
    // As the SDK reads them itself (snake-case fields), so that init() can take them instead of reading them again.
    return retrieveLaunchParams();
  } catch {
    // No (valid) launch parameters in the URL or session storage: not opened by the messenger.
    return undefined;
  }
}

function storeLaunchParamsFromHash(): void {
  if (typeof window === 'undefined' || typeof window.sessionStorage === 'undefined') return;
  const hash = window.location.hash.replace(/^#/, '');
  if (!hash.includes('tgWebAppData=')) return;
  // Stored unchecked: retrieveLaunchParams parses it right after (each parse is milliseconds of a phone's first
  // screen), and a malformed one fails there, as the URL it came from would.
  try {
    window.sessionStorage.setItem(SDK_LAUNCH_PARAMS_KEY, JSON.stringify(hash));
  } catch {
    // storage full or denied: the SDK still reads the URL
  }
}

function toUser(launchParams: RetrieveLPResult): LaunchInfo['user'] {
  const user = launchParams.tgWebAppData?.user;
  if (!user) return undefined;
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    username: user.username,
    languageCode: user.language_code,
    photoUrl: user.photo_url,
  };
}
