/** Toast rules of spec section 4. */
import type { ToastKind } from '../../domain/entities';

export const TOAST_AUTO_HIDE_MS = 3000;
export const TOAST_HIDE_DELAY_MS = 450;

export type ToastHaptic = 'success' | 'error' | 'warning' | 'none';

const HAPTICS: Readonly<Record<ToastKind, ToastHaptic>> = {
  success: 'success',
  copied: 'success',
  fail: 'error',
  info: 'warning',
  loading: 'none',
};

/** The haptic notification a toast gives when it appears. */
export function toastHaptic(kind: ToastKind): ToastHaptic {
  return HAPTICS[kind];
}

/** Info toasts give the warning haptic but are stored (and drawn) as fail. */
export function storedToastKind(kind: ToastKind): Exclude<ToastKind, 'info'> {
  return kind === 'info' ? 'fail' : kind;
}

export interface Toast {
  readonly kind: Exclude<ToastKind, 'info'>;
  /** i18n key or already translated text. */
  readonly label: string;
  /** Epoch ms when shown; a repeated identical toast is still a new one. */
  readonly timestamp: number;
}

export function createToast(kind: ToastKind, label: string, nowMs: number): Toast {
  return { kind: storedToastKind(kind), label, timestamp: nowMs };
}

/** Loading toasts stay until replaced; all others hide themselves. */
export function toastAutoHides(kind: ToastKind): boolean {
  return kind !== 'loading';
}
