import type { KeyValueStorage } from '../../application/ports/KeyValueStorage';
import { MemoryStorage } from './MemoryStorage';

/** The Web Storage calls this adapter uses (`localStorage` has them). */
export type WebStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

function defaultLocalStorage(): WebStorage | undefined {
  // Reading `window.localStorage` itself throws in sandboxed frames and with cookies blocked.
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

/**
 * KeyValueStorage over local storage. Storage can be missing or throw (private mode, quota, blocked
 * cookies in a webview): then values live in memory for this session instead of failing the app.
 */
export class BrowserStorage implements KeyValueStorage {
  /** Values that local storage refused to keep; they win over what local storage holds. */
  private readonly fallback = new MemoryStorage();

  constructor(private readonly resolveStorage: () => WebStorage | undefined = defaultLocalStorage) {}

  get(key: string): string | null {
    if (this.fallback.has(key)) return this.fallback.get(key);
    return this.attempt((storage) => storage.getItem(key)) ?? null;
  }

  set(key: string, value: string): void {
    const stored = this.attempt((storage) => {
      storage.setItem(key, value);
      return true;
    });
    if (stored) this.fallback.remove(key);
    else this.fallback.set(key, value);
  }

  remove(key: string): void {
    this.fallback.remove(key);
    this.attempt((storage) => storage.removeItem(key));
  }

  clear(): void {
    this.fallback.clear();
    this.attempt((storage) => storage.clear());
  }

  /** Runs `operation` on the storage; undefined when there is none or it throws. */
  private attempt<T>(operation: (storage: WebStorage) => T): T | undefined {
    try {
      const storage = this.resolveStorage();
      return storage ? operation(storage) : undefined;
    } catch {
      return undefined;
    }
  }
}
