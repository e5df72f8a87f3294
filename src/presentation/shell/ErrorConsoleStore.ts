import { makeAutoObservable } from 'mobx';
import type { Clock } from '../../application/ports/Clock';
import type { KeyValueStorage } from '../../application/ports/KeyValueStorage';
import { ERROR_CONSOLE_STORAGE_KEY, ErrorConsoleSwitch } from './ErrorConsoleSwitch';

export { ERROR_CONSOLE_STORAGE_KEY };
/** Older entries drop off so a noisy page cannot grow the list without bound. */
export const ERROR_CONSOLE_LIMIT = 50;

export interface ConsoleEntry {
  readonly id: number;
  /** Epoch ms. */
  readonly at: number;
  readonly text: string;
}

/** Where errors come from: console.error, uncaught errors and unhandled rejections (the browser's, or a fake). */
export interface ErrorSource {
  /** Starts reporting each error's text; returns what stops it. */
  listen(report: (text: string) => void): () => void;
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** console.error, window error and unhandledrejection of this page. */
export const browserErrorSource: ErrorSource = {
  listen(report) {
    const original = console.error;
    console.error = (...args: unknown[]) => {
      report(args.map(describe).join(' '));
      original.apply(console, args);
    };
    const onError = (event: ErrorEvent): void =>
      report(event.error === undefined ? event.message : describe(event.error));
    const onRejection = (event: PromiseRejectionEvent): void => report(describe(event.reason));
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      console.error = original;
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  },
};

/**
 * The developer error console (spec section 2, /debug): when switched on (persisted in storage) it collects the
 * page's console errors, which an on-screen overlay lists on every screen. Loaded lazily: the on/off state lives in
 * the shell's `ErrorConsoleSwitch` (shared with this store), which loads the store when on.
 */
export class ErrorConsoleStore {
  entries: ConsoleEntry[] = [];
  private stopListening: (() => void) | null = null;
  private nextId = 1;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly clock: Clock,
    private readonly source: ErrorSource = browserErrorSource,
    private readonly switchState: ErrorConsoleSwitch = new ErrorConsoleSwitch(storage),
  ) {
    makeAutoObservable<ErrorConsoleStore, 'storage' | 'clock' | 'source' | 'switchState' | 'stopListening' | 'nextId'>(
      this,
      { storage: false, clock: false, source: false, switchState: false, stopListening: false, nextId: false },
      { autoBind: true },
    );
    if (this.enabled) this.listen();
  }

  get enabled(): boolean {
    return this.switchState.enabled;
  }

  setEnabled(enabled: boolean): void {
    this.switchState.enabled = enabled;
    if (enabled) {
      this.storage.set(ERROR_CONSOLE_STORAGE_KEY, '1');
      this.listen();
    } else {
      this.storage.remove(ERROR_CONSOLE_STORAGE_KEY);
      this.stopListening?.();
      this.stopListening = null;
      this.entries = [];
    }
  }

  add(text: string): void {
    this.entries = [...this.entries, { id: this.nextId++, at: this.clock.now(), text }].slice(-ERROR_CONSOLE_LIMIT);
  }

  clear(): void {
    this.entries = [];
  }

  private listen(): void {
    if (this.stopListening !== null) return;
    // Errors can arrive while React renders: record them after the current task so no observer updates mid-render.
    this.stopListening = this.source.listen((text) => queueMicrotask(() => this.add(text)));
  }
}
