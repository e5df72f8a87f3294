/**
 * What TelegramPlatform does where the messenger cannot help: popups in a plain browser and the old copy command.
 * Rarely needed, so a chunk of its own rather than part of the first screen's code.
 */
import type { PopupOptions } from '../../application/ports/MessengerPlatform';

/** Outside the messenger: window.alert for one button, window.confirm for a choice. */
export function browserPopup(options: PopupOptions): string | null {
  const buttons = options.buttons ?? [];
  const text = options.title ? `${options.title}\n\n${options.message}` : options.message;
  const dismissing = buttons.find((button) => button.type === 'cancel' || button.type === 'close');
  const accepting = buttons.find((button) => button !== dismissing);
  if (buttons.length < 2 || !accepting) {
    window.alert(text);
    return buttons[0]?.id ?? null;
  }
  return window.confirm(text) ? accepting.id : (dismissing?.id ?? null);
}

/** Copies through a hidden text field and the copy command (browsers without the Clipboard API). */
export function copyWithCommand(text: string): boolean {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.appendChild(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    document.body.removeChild(field);
  }
}
