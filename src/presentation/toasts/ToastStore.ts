import { makeAutoObservable } from 'mobx';
import type { Clock } from '../../application/ports/Clock';
import type { MessengerPlatform } from '../../application/ports/MessengerPlatform';
import type { ToastKind } from '../../domain/entities';
import {
  TOAST_AUTO_HIDE_MS,
  TOAST_HIDE_DELAY_MS,
  type Toast,
  createToast,
  toastAutoHides,
  toastHaptic,
} from './toastRules';

/** What a toast says: an i18n key (with parameters), or a text that is already translated (a server message). */
export type ToastMessage =
  { readonly key: string; readonly params?: Readonly<Record<string, string | number>> } | { readonly text: string };

export interface ShownToast extends Omit<Toast, 'label'> {
  readonly message: ToastMessage;
}

type TimerId = ReturnType<typeof setTimeout>;

const asMessage = (message: string | ToastMessage): ToastMessage =>
  typeof message === 'string' ? { key: message } : message;

/**
 * The one toast on screen (spec section 4): success, fail, loading, info and copied, each with a label and a
 * timestamp. A toast hides itself after 3 s (loading toasts stay until replaced); hiding fades it out and clears
 * it 450 ms later. Success and copied give the success haptic, fail the error haptic, info the warning haptic
 * (and is stored as fail).
 */
export class ToastStore {
  current: ShownToast | null = null;
  /** False while a hidden toast fades out. */
  visible = false;
  private autoHideTimer: TimerId | undefined;
  private clearTimer: TimerId | undefined;

  constructor(
    private readonly platform: MessengerPlatform,
    private readonly clock: Clock,
  ) {
    makeAutoObservable<ToastStore, 'platform' | 'clock' | 'autoHideTimer' | 'clearTimer'>(
      this,
      { platform: false, clock: false, autoHideTimer: false, clearTimer: false },
      { autoBind: true },
    );
  }

  /** Shows a toast, replacing the current one. A string message is an i18n key. */
  show(kind: ToastKind, message: string | ToastMessage): void {
    this.cancelTimers();
    const { kind: storedKind, timestamp } = createToast(kind, '', this.clock.now());
    this.current = { kind: storedKind, timestamp, message: asMessage(message) };
    this.visible = true;
    const haptic = toastHaptic(kind);
    if (haptic !== 'none') this.platform.hapticNotification(haptic);
    if (toastAutoHides(kind)) this.autoHideTimer = setTimeout(this.hide, TOAST_AUTO_HIDE_MS);
  }

  success(message: string | ToastMessage): void {
    this.show('success', message);
  }

  fail(message: string | ToastMessage): void {
    this.show('fail', message);
  }

  info(message: string | ToastMessage): void {
    this.show('info', message);
  }

  loading(message: string | ToastMessage = 'common.toast.loading'): void {
    this.show('loading', message);
  }

  copied(message: string | ToastMessage = 'common.toast.copied'): void {
    this.show('copied', message);
  }

  /** Starts fading the toast out; it is cleared 450 ms later. */
  hide(): void {
    if (this.current === null || !this.visible) return;
    this.cancelTimers();
    this.visible = false;
    this.clearTimer = setTimeout(this.clear, TOAST_HIDE_DELAY_MS);
  }

  dispose(): void {
    this.cancelTimers();
  }

  private clear(): void {
    this.current = null;
  }

  private cancelTimers(): void {
    clearTimeout(this.autoHideTimer);
    clearTimeout(this.clearTimer);
  }
}
