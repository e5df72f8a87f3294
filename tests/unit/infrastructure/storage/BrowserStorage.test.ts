/** @jest-environment jsdom */
import { BrowserStorage, type WebStorage } from '../../../../src/infrastructure/storage/BrowserStorage';
import { MemoryStorage } from '../../../../src/infrastructure/storage/MemoryStorage';

/** Local storage as Safari private mode or a full quota behaves: reads work, writes throw. */
class RefusingStorage implements WebStorage {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
  clear(): void {
    this.values.clear();
  }
}

describe('BrowserStorage', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps values in window.localStorage', () => {
    const storage = new BrowserStorage();
    storage.set('i18nextLng', 'id');

    expect(window.localStorage.getItem('i18nextLng')).toBe('id');
    expect(new BrowserStorage().get('i18nextLng')).toBe('id');
    expect(storage.get('missing')).toBeNull();
  });

  it('removes one value and clears all', () => {
    const storage = new BrowserStorage();
    storage.set('a', '1');
    storage.set('b', '2');

    storage.remove('a');
    expect([storage.get('a'), storage.get('b')]).toEqual([null, '2']);
    storage.clear();
    expect(storage.get('b')).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('falls back to memory when writes throw, and the remembered value wins over the stale stored one', () => {
    const refusing = new RefusingStorage();
    refusing.values.set('lang', 'ru');
    const storage = new BrowserStorage(() => refusing);

    expect(storage.get('lang')).toBe('ru');
    expect(() => storage.set('lang', 'en')).not.toThrow();
    expect(storage.get('lang')).toBe('en');
    storage.remove('lang');
    expect(storage.get('lang')).toBeNull();
  });

  it('works in memory when reaching local storage throws at all (sandboxed frame)', () => {
    const storage = new BrowserStorage(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });

    expect(storage.get('token')).toBeNull();
    storage.set('token', 't1');
    expect(storage.get('token')).toBe('t1');
    storage.clear();
    expect(storage.get('token')).toBeNull();
  });

  it('works in memory when there is no local storage', () => {
    const storage = new BrowserStorage(() => undefined);
    storage.set('k', 'v');
    expect(storage.get('k')).toBe('v');
  });

  it('goes back to local storage once it accepts writes again', () => {
    let refuse = true;
    const backing = new Map<string, string>();
    const storage = new BrowserStorage(() => ({
      getItem: (key) => backing.get(key) ?? null,
      setItem: (key, value) => {
        if (refuse) throw new DOMException('full', 'QuotaExceededError');
        backing.set(key, value);
      },
      removeItem: (key) => backing.delete(key),
      clear: () => backing.clear(),
    }));

    storage.set('k', 'memory');
    refuse = false;
    storage.set('k', 'disk');
    expect(backing.get('k')).toBe('disk');
    backing.set('k', 'changed elsewhere');
    expect(storage.get('k')).toBe('changed elsewhere');
  });
});

describe('MemoryStorage', () => {
  it('stores, removes and clears strings', () => {
    const storage = new MemoryStorage();
    storage.set('a', '1');
    storage.set('b', '2');
    expect(storage.get('a')).toBe('1');
    storage.remove('a');
    expect(storage.get('a')).toBeNull();
    storage.clear();
    expect(storage.get('b')).toBeNull();
  });

  it('keeps instances apart', () => {
    const first = new MemoryStorage();
    first.set('k', 'v');
    expect(new MemoryStorage().get('k')).toBeNull();
  });
});
