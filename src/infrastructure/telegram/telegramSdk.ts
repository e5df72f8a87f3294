// Loaded by TelegramPlatform.connect(), after the first screen is painted: nothing here is needed to paint it.
// The SDK's functions one by one, not its component objects (miniApp, viewport, ...): an object keeps every member
// it holds, so importing `viewport` for `expand` alone would ship the whole viewport component.
import {
  bindMiniAppCssVars,
  bindThemeParamsCssVars,
  closeMiniApp,
  disableClosingConfirmation,
  disableVerticalSwipes,
  downloadFile as sdkDownloadFile,
  isAccessDeniedError,
  enableClosingConfirmation,
  enableVerticalSwipes,
  expandViewport,
  hapticFeedbackImpactOccurred,
  hapticFeedbackNotificationOccurred,
  hapticFeedbackSelectionChanged,
  hideBackButton,
  init as initSdk,
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
  openInvoice as sdkOpenInvoice,
  openLink as sdkOpenLink,
  openPopup,
  openTelegramLink as sdkOpenTelegramLink,
  retrieveLaunchParams,
  setMainButtonParams,
  setMiniAppBackgroundColor,
  setMiniAppHeaderColor,
  showBackButton,
  targetOrigin,
  themeParamsState,
  unmountBackButton,
  unmountClosingBehavior,
  unmountMainButton,
  unmountMiniApp,
  unmountSwipeBehavior,
  unmountThemeParams,
  type MainButtonState as SdkMainButtonState,
  type ShowPopupOptionsButton,
} from '@telegram-apps/sdk';
import type {
  HapticImpactStyle,
  InvoiceStatus,
  HapticNotificationType,
  MainButtonState,
  PopupButton,
  PopupOptions,
  ThemeColors,
} from '../../application/ports/MessengerPlatform';
import { themeColorsFrom, toRgbColor } from './launchParams';

/** Host events the session forwards (one SDK subscription each, however many listeners the app has). */
export interface HostEvents {
  mainButtonPressed(): void;
  backButtonPressed(): void;
  themeChanged(theme: ThemeColors): void;
}

/** Header colour keys the host resolves itself and keeps in sync with its theme. */
const HEADER_COLOR_KEYS = ['bg_color', 'secondary_bg_color'] as const;
type HeaderColorKey = (typeof HEADER_COLOR_KEYS)[number];

function toSdkButton(button: PopupButton): ShowPopupOptionsButton {
  if (button.type === 'default' || button.type === 'destructive') {
    return { id: button.id, type: button.type, text: button.text ?? '' };
  }
  return { id: button.id, type: button.type };
}

/** The SDK started on this page: every call becomes a Mini Apps protocol event (web_app_setup_main_button, ...). */
export class TelegramSdkSession {
  private closeGuardMounted = false;
  private readonly cleanups: (() => void)[] = [];

  private constructor(events: HostEvents) {
    // mountMiniAppSync mounts the theme too; its colours come from the launch parameters.
    if (mountMiniAppSync.ifAvailable()[0]) this.cleanups.push(() => unmountMiniApp());
    else if (mountThemeParamsSync.ifAvailable()[0]) this.cleanups.push(() => unmountThemeParams());
    // Telegram's colours as CSS variables (--tg-theme-bg-color, --tg-header-color, ...) for the UI kit.
    if (!isThemeParamsCssVarsBound()) this.trackCall(bindThemeParamsCssVars.ifAvailable());
    if (!isMiniAppCssVarsBound()) this.trackCall(bindMiniAppCssVars.ifAvailable());
    if (mountMainButton.ifAvailable()[0]) this.cleanups.push(() => unmountMainButton());
    if (mountBackButton.ifAvailable()[0]) this.cleanups.push(() => unmountBackButton());
    this.trackCall(onMainButtonClick.ifAvailable(() => events.mainButtonPressed()));
    this.trackCall(onBackButtonClick.ifAvailable(() => events.backButtonPressed()));
    // Read the state itself: derived signals may not be recomputed yet while subscribers run.
    this.cleanups.push(themeParamsState.sub(() => events.themeChanged(this.theme())));
  }

  /**
   * Starts the SDK with the launch parameters it finds (as validated by its own schema), or undefined when it finds
   * none or there is no host to talk to (its `init` throws without a parent frame or a native bridge).
   */
  static start(hostOrigin: string | undefined, events: HostEvents): TelegramSdkSession | undefined {
    let stopSdk: () => void;
    try {
      if (hostOrigin) targetOrigin.set(hostOrigin);
      stopSdk = initSdk({ launchParams: retrieveLaunchParams() });
    } catch {
      return undefined;
    }
    const session = new TelegramSdkSession(events);
    session.cleanups.unshift(stopSdk);
    expandViewport.ifAvailable();
    miniAppReady.ifAvailable();
    return session;
  }

  theme(): ThemeColors {
    return themeColorsFrom(themeParamsState());
  }

  setMainButton(state: Partial<MainButtonState>): void {
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

  showBackButton(visible: boolean): void {
    if (visible) showBackButton.ifAvailable();
    else hideBackButton.ifAvailable();
  }

  /** A `#rrggbb` colour (Mini Apps 6.9+) or a theme key `bg_color` / `secondary_bg_color` (6.1+). */
  setHeaderColor(color: string): void {
    if ((HEADER_COLOR_KEYS as readonly string[]).includes(color)) {
      setMiniAppHeaderColor.ifAvailable(color as HeaderColorKey);
      return;
    }
    const rgb = toRgbColor(color);
    // Older hosts accept only the theme keys; sending a colour there would throw.
    if (rgb && setMiniAppHeaderColor.supports.rgb()) setMiniAppHeaderColor.ifAvailable(rgb);
  }

  setBackgroundColor(color: string): void {
    const rgb = toRgbColor(color);
    if (rgb) setMiniAppBackgroundColor.ifAvailable(rgb);
  }

  hapticImpact(style: HapticImpactStyle): void {
    hapticFeedbackImpactOccurred.ifAvailable(style);
  }

  hapticNotification(type: HapticNotificationType): void {
    hapticFeedbackNotificationOccurred.ifAvailable(type);
  }

  hapticSelection(): void {
    hapticFeedbackSelectionChanged.ifAvailable();
  }

  /** The pressed button's id (null when dismissed), or undefined when this host has no popups. */
  async showPopup(options: PopupOptions): Promise<string | null | undefined> {
    if (!openPopup.isAvailable()) return undefined;
    const buttons = options.buttons ?? [];
    const pressed = await openPopup({
      title: options.title,
      message: options.message,
      buttons: buttons.length ? buttons.map(toSdkButton) : undefined,
    });
    // The host reports the implicit close button (and a dismissal) with an empty or missing id.
    return pressed === null || pressed === '' ? null : pressed;
  }

  /** False when the host could not take it (the caller opens it in the browser). */
  openLink(url: string): boolean {
    return sdkOpenLink.ifAvailable(url)[0];
  }

  openTelegramLink(url: string): boolean {
    return sdkOpenTelegramLink.ifAvailable(url)[0];
  }

  close(): boolean {
    return closeMiniApp.ifAvailable()[0];
  }

  protectUnsavedChanges(unsaved: boolean): void {
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

  /**
   * False when this host cannot download files (before Mini Apps 8.0). Else `done` hears `host` once the user let the
   * host download, `cancelled` when they said no, `failed` when the host could not.
   */
  downloadFile(url: string, fileName: string, done: (outcome: 'host' | 'cancelled' | 'failed') => void): boolean {
    if (!sdkDownloadFile.isAvailable()) return false;
    sdkDownloadFile(url, fileName).then(
      () => done('host'),
      (error: unknown) => done(isAccessDeniedError(error) ? 'cancelled' : 'failed'),
    );
    return true;
  }

  /**
   * The host's payment sheet for an invoice link, or undefined when this host has no invoices (before Mini Apps 6.1).
   * A status the protocol may add later is read as `failed`: the app then asks the server what happened.
   */
  async openInvoice(url: string): Promise<InvoiceStatus | undefined> {
    if (!sdkOpenInvoice.isAvailable()) return undefined;
    const status = await sdkOpenInvoice(url, 'url');
    return status === 'paid' || status === 'cancelled' || status === 'pending' ? status : 'failed';
  }

  /** Removes the session's subscriptions and unmounts the SDK components (tests, hot reload). */
  dispose(): void {
    for (const cleanup of this.cleanups.splice(0).reverse()) cleanup();
    this.closeGuardMounted = false;
  }

  private trackCall(result: [true, () => void] | [false]): void {
    if (result[0]) this.cleanups.push(result[1]);
  }
}
