import type { KeyValueStorage } from '../../application/ports/KeyValueStorage';

/** KeyValueStorage in a Map: tests, and the fallback when the browser refuses local storage. */
export class MemoryStorage implements KeyValueStorage {
  private readonly values = new Map<string, string>();

  get(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  set(key: string, value: string): void {
    this.values.set(key, value);
  }

  remove(key: string): void {
    this.values.delete(key);
  }

  clear(): void {
    this.values.clear();
  }

  has(key: string): boolean {
    return this.values.has(key);
  }
}
