import type {
  DownloadOutcome,
  HapticImpactStyle,
  HapticNotificationType,
  InvoiceStatus,
  LaunchInfo,
  MainButtonState,
  MessengerPlatform,
  PopupOptions,
  ThemeColors,
  Unsubscribe,
} from '../../../../src/application/ports/MessengerPlatform';

/** An in-memory MessengerPlatform that records what the app asked of the host and lets tests press its buttons. */
export class FakePlatform implements MessengerPlatform {
  launch: LaunchInfo = {
    platform: 'android',
    version: '8.0',
    isDark: false,
    theme: {},
    rawInitData: 'query_id=1&hash=x',
  };
  mainButton: Partial<MainButtonState> = { visible: false };
  readonly mainButtonCalls: Partial<MainButtonState>[] = [];
  backButtonVisible = false;
  readonly backButtonCalls: boolean[] = [];
  readonly haptics: string[] = [];
  headerColor: string | undefined;
  backgroundColor: string | undefined;
  private readonly mainClicks = new Set<() => void>();
  private readonly backClicks = new Set<() => void>();
  private readonly themeListeners = new Set<(theme: ThemeColors, isDark: boolean) => void>();

  async init(): Promise<LaunchInfo> {
    return this.launch;
  }
  async connect(): Promise<void> {}
  launchInfo(): LaunchInfo {
    return this.launch;
  }
  available = true;
  isAvailable(): boolean {
    return this.available;
  }
  isVersionAtLeast(): boolean {
    return true;
  }
  onThemeChanged(listener: (theme: ThemeColors, isDark: boolean) => void): Unsubscribe {
    this.themeListeners.add(listener);
    return () => this.themeListeners.delete(listener);
  }
  changeTheme(theme: ThemeColors, isDark: boolean): void {
    for (const listener of this.themeListeners) listener(theme, isDark);
  }
  setMainButton(state: Partial<MainButtonState>): void {
    this.mainButtonCalls.push(state);
    this.mainButton = { ...this.mainButton, ...state };
  }
  onMainButtonClick(listener: () => void): Unsubscribe {
    this.mainClicks.add(listener);
    return () => this.mainClicks.delete(listener);
  }
  pressMainButton(): void {
    for (const listener of [...this.mainClicks]) listener();
  }
  get mainButtonListeners(): number {
    return this.mainClicks.size;
  }
  showBackButton(visible: boolean): void {
    this.backButtonCalls.push(visible);
    this.backButtonVisible = visible;
  }
  onBackButtonClick(listener: () => void): Unsubscribe {
    this.backClicks.add(listener);
    return () => this.backClicks.delete(listener);
  }
  pressBackButton(): void {
    for (const listener of [...this.backClicks]) listener();
  }
  get backButtonListeners(): number {
    return this.backClicks.size;
  }
  setHeaderColor(color: string): void {
    this.headerColor = color;
  }
  setBackgroundColor(color: string): void {
    this.backgroundColor = color;
  }
  hapticImpact(style: HapticImpactStyle): void {
    this.haptics.push(`impact:${style}`);
  }
  hapticNotification(type: HapticNotificationType): void {
    this.haptics.push(`notification:${type}`);
  }
  hapticSelection(): void {
    this.haptics.push('selection');
  }
  async showPopup(_options: PopupOptions): Promise<string | null> {
    return null;
  }
  async showAlert(_message?: string): Promise<void> {}
  async showConfirm(): Promise<boolean> {
    return true;
  }
  openLink(_url?: string): void {}
  openTelegramLink(_url?: string): void {}
  async copyToClipboard(): Promise<boolean> {
    return true;
  }
  close(): void {}
  readonly downloads: { url: string; fileName: string }[] = [];
  /** How the next downloads go. */
  downloadOutcome: DownloadOutcome = 'host';
  async downloadFile(url: string, fileName: string): Promise<DownloadOutcome> {
    this.downloads.push({ url, fileName });
    return this.downloadOutcome;
  }
  /** Invoice links the app opened, and how the next sheets close (in order; `cancelled` once they run out). */
  readonly invoices: string[] = [];
  invoiceStatuses: InvoiceStatus[] = [];
  async openInvoice(url: string): Promise<InvoiceStatus> {
    this.invoices.push(url);
    return this.invoiceStatuses.shift() ?? 'cancelled';
  }
  /** Every value the app sent; `unsavedGuard` is the host's state now. */
  readonly unsavedGuardCalls: boolean[] = [];
  unsavedGuard = false;
  protectUnsavedChanges(unsaved: boolean): void {
    this.unsavedGuardCalls.push(unsaved);
    this.unsavedGuard = unsaved;
  }
}
