/** Recording fakes of the narrow platform ports view models use: dialogs and links. */
import type { Dialogs } from '../../../../src/application/ports/Dialogs';
import type { Links } from '../../../../src/application/ports/Links';
import type { PopupOptions } from '../../../../src/application/ports/MessengerPlatform';

export class FakeDialogs implements Dialogs {
  readonly popups: PopupOptions[] = [];
  readonly alerts: string[] = [];
  readonly confirms: string[] = [];
  /** The id of the button the next popups answer with (null: dismissed). */
  popupAnswer: string | null = null;
  /** What the next showConfirm answers. */
  confirmAnswer = true;

  async showPopup(options: PopupOptions): Promise<string | null> {
    this.popups.push(options);
    return this.popupAnswer;
  }
  async showAlert(message: string): Promise<void> {
    this.alerts.push(message);
  }
  async showConfirm(message: string): Promise<boolean> {
    this.confirms.push(message);
    return this.confirmAnswer;
  }
}

export class FakeLinks implements Links {
  /** Every link opened, t.me ones prefixed with "tg:" to tell the two ways apart. */
  readonly opened: string[] = [];
  openLink(url: string): void {
    this.opened.push(url);
  }
  openTelegramLink(url: string): void {
    this.opened.push(`tg:${url}`);
  }
}
