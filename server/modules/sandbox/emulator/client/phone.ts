import { byId, el } from './dom';
import { readableTextOn, type PlatformFamily, type ThemeParams } from './themes';

/** The host-drawn state of a bottom-bar button (web_app_setup_main_button / web_app_setup_secondary_button). */
export interface BarButtonState {
  text: string;
  color?: string;
  textColor?: string;
  isVisible: boolean;
  isActive: boolean;
  isProgressVisible: boolean;
  hasShineEffect: boolean;
  /** secondary button only: left, right, top or bottom of the main button */
  position?: string;
}

export interface PopupButton {
  id: string;
  type: string;
  text: string;
}

export interface PopupRequest {
  title: string;
  message: string;
  buttons: PopupButton[];
}

export type PhoneState = 'idle' | 'running' | 'closed';

const defaultButton = (): BarButtonState => ({
  text: '',
  isVisible: false,
  isActive: true,
  isProgressVisible: false,
  hasShineEffect: false,
});

const builtInButtonText: Record<string, string> = { ok: 'OK', close: 'Close', cancel: 'Cancel' };

export class PhoneView {
  private readonly phone = byId('phone');
  private readonly header = byId('phone-header');
  private readonly frameHost = byId('frame-host');
  private readonly backButton = byId<HTMLButtonElement>('back-button');
  private readonly closeButton = byId<HTMLButtonElement>('close-button');
  private readonly settingsButton = byId<HTMLButtonElement>('settings-button');
  private readonly bottomBar = byId('bottom-bar');
  private readonly mainButton = byId<HTMLButtonElement>('main-button');
  private readonly secondaryButton = byId<HTMLButtonElement>('secondary-button');
  private readonly popupLayer = byId('popup-layer');
  private readonly notice = byId('host-notice');

  private theme: ThemeParams | undefined;
  private headerColor: string | undefined;
  private backgroundColor: string | undefined;
  private bottomBarColor: string | undefined;
  private main = defaultButton();
  private secondary = defaultButton();
  private popupClosed: ((buttonId: string | undefined) => void) | undefined;
  private focusBeforePopup: Element | null = null;
  private noticeTimer: number | undefined;

  constructor(handlers: { back(): void; close(): void; main(): void; secondary(): void; settings(): void }) {
    this.backButton.addEventListener('click', () => handlers.back());
    this.closeButton.addEventListener('click', () => handlers.close());
    this.settingsButton.addEventListener('click', () => handlers.settings());
    this.mainButton.addEventListener('click', () => {
      if (this.main.isActive) handlers.main();
    });
    this.secondaryButton.addEventListener('click', () => {
      if (this.secondary.isActive) handlers.secondary();
    });
    this.popupLayer.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.closePopup(undefined);
      }
    });
  }

  get state(): PhoneState {
    return (this.phone.dataset.state as PhoneState | undefined) ?? 'idle';
  }

  setState(state: PhoneState): void {
    this.phone.dataset.state = state;
    delete this.phone.dataset.ready;
    this.closeButton.disabled = state !== 'running';
    byId('idle-state').hidden = state !== 'idle';
    byId('closed-state').hidden = state !== 'closed';
    if (state !== 'running') {
      this.removeFrame();
      this.resetChrome();
    }
  }

  /** Replaces the iframe (a new element, so a launch always reloads even when only the hash differs). */
  mountFrame(url: string, onLoad: () => void): HTMLIFrameElement {
    this.removeFrame();
    const frame = el('iframe', {
      id: 'app-frame',
      title: 'Mini-app',
      'data-testid': 'app-frame',
      allow: 'clipboard-read; clipboard-write; fullscreen',
    });
    frame.addEventListener('load', onLoad);
    frame.src = url;
    this.frameHost.append(frame);
    return frame;
  }

  removeFrame(): void {
    this.frameHost.replaceChildren();
  }

  /** The app called web_app_ready. */
  setReady(): void {
    this.phone.dataset.ready = 'true';
  }

  /** A haptic impulse: the phone shakes briefly (the event log has the details). */
  pulse(): void {
    this.phone.classList.remove('haptic');
    void this.phone.offsetWidth; // restart the animation
    this.phone.classList.add('haptic');
  }

  /** Back to what Telegram shows before the app configures anything. */
  resetChrome(): void {
    this.headerColor = undefined;
    this.backgroundColor = undefined;
    this.bottomBarColor = undefined;
    this.main = defaultButton();
    this.secondary = defaultButton();
    this.setBackVisible(false);
    this.setSettingsVisible(false);
    this.closePopup(undefined, false);
    this.render();
  }

  setTheme(theme: ThemeParams, platform: PlatformFamily): void {
    this.theme = theme;
    this.phone.dataset.platform = platform;
    this.render();
  }

  setBackVisible(visible: boolean): void {
    this.backButton.hidden = !visible;
    // Telegram shows Close where Back would be.
    this.closeButton.hidden = visible;
  }

  setSettingsVisible(visible: boolean): void {
    this.settingsButton.hidden = !visible;
  }

  setHeaderColor(color: string): void {
    this.headerColor = color;
    this.render();
  }

  setBackgroundColor(color: string): void {
    this.backgroundColor = color;
    this.render();
  }

  setBottomBarColor(color: string): void {
    this.bottomBarColor = color;
    this.render();
  }

  updateMainButton(update: Partial<BarButtonState>): void {
    this.main = { ...this.main, ...update };
    this.render();
  }

  updateSecondaryButton(update: Partial<BarButtonState>): void {
    this.secondary = { ...this.secondary, ...update };
    this.render();
  }

  get isPopupOpen(): boolean {
    return !this.popupLayer.hidden;
  }

  /** Shows a popup; answers false when one is already open (Telegram allows one at a time). */
  openPopup(request: PopupRequest, onClosed: (buttonId: string | undefined) => void): boolean {
    if (this.isPopupOpen) return false;
    byId('popup-title').textContent = request.title;
    byId('popup-message').textContent = request.message;
    const buttons = request.buttons.length ? request.buttons : [{ id: '', type: 'close', text: '' }];
    byId('popup-buttons').replaceChildren(
      ...buttons.map((button) => {
        const element = el(
          'button',
          { type: 'button', 'data-type': button.type, 'data-button-id': button.id },
          button.text || builtInButtonText[button.type] || button.id,
        );
        element.addEventListener('click', () => this.closePopup(button.id));
        return element;
      }),
    );
    this.popupClosed = onClosed;
    this.focusBeforePopup = document.activeElement;
    this.setInert(true);
    this.popupLayer.hidden = false;
    (byId('popup-buttons').querySelector('button') as HTMLButtonElement | null)?.focus();
    return true;
  }

  private closePopup(buttonId: string | undefined, notify = true): void {
    if (this.popupLayer.hidden) return;
    this.popupLayer.hidden = true;
    this.setInert(false);
    const callback = this.popupClosed;
    this.popupClosed = undefined;
    if (this.focusBeforePopup instanceof HTMLElement) this.focusBeforePopup.focus();
    if (notify) callback?.(buttonId);
  }

  /** Makes the app and the host's chrome unreachable while a host layer (popup, payment sheet) is over them. */
  setInert(inert: boolean): void {
    for (const element of [this.header, this.frameHost, this.bottomBar]) element.inert = inert;
  }

  /** A short host message, like Telegram's own toasts ("Link copied", "Would open @user"). */
  showNotice(text: string): void {
    this.notice.textContent = text;
    window.clearTimeout(this.noticeTimer);
    this.noticeTimer = window.setTimeout(() => {
      this.notice.textContent = '';
    }, 4000);
  }

  /** The web view's size, as viewport_changed reports it. */
  viewport(): { width: number; height: number } {
    const rect = this.frameHost.getBoundingClientRect();
    return { width: Math.round(rect.width), height: Math.round(rect.height) };
  }

  private render(): void {
    const theme = this.theme;
    if (!theme) return;
    const headerBg = this.headerColor ?? theme.header_bg_color ?? theme.bg_color;
    const style = this.phone.style;
    style.setProperty('--tg-bg', this.backgroundColor ?? theme.bg_color);
    style.setProperty('--tg-text', theme.text_color);
    style.setProperty('--tg-link', theme.link_color);
    style.setProperty('--tg-header-bg', headerBg);
    style.setProperty('--tg-header-text', readableTextOn(headerBg));
    style.setProperty(
      '--tg-bottom-bar-bg',
      this.bottomBarColor ?? theme.bottom_bar_bg_color ?? theme.secondary_bg_color,
    );
    this.renderBarButton(this.mainButton, this.main, theme.button_color, theme.button_text_color);
    this.renderBarButton(this.secondaryButton, this.secondary, theme.secondary_bg_color, theme.button_color);
    this.bottomBar.dataset.secondaryPosition = this.secondary.position ?? 'left';
    this.bottomBar.hidden = this.mainButton.hidden && this.secondaryButton.hidden;
  }

  private renderBarButton(button: HTMLButtonElement, state: BarButtonState, color: string, textColor: string): void {
    // Telegram does not draw a button without text.
    button.hidden = !(state.isVisible && state.text.trim() !== '');
    (button.querySelector('.bar-label') as HTMLElement).textContent = state.text;
    button.disabled = !state.isActive;
    button.setAttribute('aria-busy', String(state.isProgressVisible));
    button.dataset.shine = String(state.hasShineEffect);
    button.style.setProperty('--tg-button', state.color ?? color);
    button.style.setProperty('--tg-button-text', state.textColor ?? textColor);
  }
}
