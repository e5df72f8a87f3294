/**
 * The host messenger (Telegram) as the app sees it. The only adapter that talks to the SDK lives in
 * src/infrastructure/telegram; tests and the in-memory backend use a fake.
 */
export type PlatformName = 'ios' | 'android' | 'android_x' | 'macos' | 'tdesktop' | 'web' | 'weba' | 'webk' | 'unknown';
export type HapticImpactStyle = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';
export type HapticNotificationType = 'error' | 'success' | 'warning';

export interface ThemeColors {
  readonly bgColor?: string;
  readonly textColor?: string;
  readonly hintColor?: string;
  readonly linkColor?: string;
  readonly buttonColor?: string;
  readonly buttonTextColor?: string;
  readonly secondaryBgColor?: string;
  readonly headerBgColor?: string;
  readonly accentTextColor?: string;
  readonly sectionBgColor?: string;
  readonly sectionHeaderTextColor?: string;
  readonly subtitleTextColor?: string;
  readonly destructiveTextColor?: string;
}

export interface LaunchInfo {
  readonly platform: PlatformName;
  /** Messenger client version, e.g. "7.10". */
  readonly version: string;
  /** Raw init data to send as `Authorization: TgAuth <raw>`; absent outside the messenger. */
  readonly rawInitData?: string;
  readonly startParam?: string;
  readonly user?: {
    readonly id: number;
    readonly firstName: string;
    readonly lastName?: string;
    readonly username?: string;
    readonly languageCode?: string;
    readonly photoUrl?: string;
  };
  readonly isDark: boolean;
  readonly theme: ThemeColors;
}

export interface MainButtonState {
  readonly text: string;
  readonly visible: boolean;
  readonly enabled: boolean;
  readonly loading: boolean;
  readonly color?: string;
  readonly textColor?: string;
}

export interface PopupButton {
  readonly id: string;
  readonly type: 'default' | 'ok' | 'close' | 'cancel' | 'destructive';
  /** Required for default and destructive buttons. */
  readonly text?: string;
}

export interface PopupOptions {
  readonly title?: string;
  readonly message: string;
  readonly buttons?: readonly PopupButton[];
}

export type Unsubscribe = () => void;

export interface MessengerPlatform {
  /** Reads the launch parameters: all the first screen needs. Talks to no host yet. Idempotent. */
  init(): Promise<LaunchInfo>;
  /**
   * Starts talking to the host: mounts its components and tells it the app is ready. What was set before (main and
   * back button, colours, the unsaved-changes guard) is applied then, and listeners added before hear the host from
   * then on. The composition root calls it once the first screen is painted; calls that need the host at once
   * (popups, links, closing) connect themselves. Idempotent; resolves at once outside the messenger.
   */
  connect(): Promise<void>;
  launchInfo(): LaunchInfo;
  /**
   * False when the app runs outside the messenger (no launch parameters, or no host to talk to):
   * the app then shows its unsupported-environment screen, and every other method is a safe no-op
   * or a browser fallback. Meaningful after `init()` settles.
   */
  isAvailable(): boolean;
  /** True when the host's Mini Apps version is at least `version` (e.g. '6.7' with platform android: the channel picker link). False outside the messenger. */
  isVersionAtLeast(version: string): boolean;
  onThemeChanged(listener: (theme: ThemeColors, isDark: boolean) => void): Unsubscribe;

  setMainButton(state: Partial<MainButtonState>): void;
  onMainButtonClick(listener: () => void): Unsubscribe;
  showBackButton(visible: boolean): void;
  onBackButtonClick(listener: () => void): Unsubscribe;
  setHeaderColor(color: string): void;
  setBackgroundColor(color: string): void;

  hapticImpact(style: HapticImpactStyle): void;
  hapticNotification(type: HapticNotificationType): void;
  hapticSelection(): void;

  /** Resolves with the id of the pressed button, or null when dismissed. */
  showPopup(options: PopupOptions): Promise<string | null>;
  showAlert(message: string): Promise<void>;
  showConfirm(message: string): Promise<boolean>;

  openLink(url: string): void;
  /** Opens a t.me link inside the messenger (e.g. the startchannel picker). */
  openTelegramLink(url: string): void;
  copyToClipboard(text: string): Promise<boolean>;
  close(): void;
  /**
   * While true (a form holds unsaved changes), closing the app asks first and a vertical swipe does not close it;
   * false restores both. Safe to call repeatedly with the same value.
   */
  protectUnsavedChanges(unsaved: boolean): void;
  /**
   * Saves a file from an https URL: the host's download (Mini Apps 8.0 web_app_request_file_download), else the URL
   * opened in the browser (which downloads an attachment). Resolves with how it went: `host` (the host asked the user
   * and downloads), `cancelled` (the user said no to the host), `browser` (the link was opened: nothing of the host's
   * shows, so the app says the download started).
   */
  downloadFile(url: string, fileName: string): Promise<DownloadOutcome>;
  /**
   * Opens a Bot API invoice link (`https://t.me/$<slug>` or `https://t.me/invoice/<slug>`) in the host's payment sheet
   * (Mini Apps 6.1 web_app_open_invoice) and resolves with the status the host reports when the sheet closes
   * (invoice_closed). Outside the messenger the link opens in the browser and the answer is `pending`: nothing is
   * known about the payment until the server says so.
   */
  openInvoice(url: string): Promise<InvoiceStatus>;
}

/**
 * How the host's payment sheet closed (the invoiceClosed event, https://core.telegram.org/bots/webapps): `paid`
 * (the bot gets successful_payment), `cancelled` (closed without paying), `failed` (the payment did not go through),
 * `pending` (still processing).
 */
export type InvoiceStatus = 'paid' | 'cancelled' | 'failed' | 'pending';

/** How a download went (MessengerPlatform.downloadFile). */
export type DownloadOutcome = 'host' | 'cancelled' | 'browser';
