import { MemoryStorage } from '../../../../src/infrastructure/storage/MemoryStorage';
import {
  ERROR_CONSOLE_LIMIT,
  ERROR_CONSOLE_STORAGE_KEY,
  ErrorConsoleStore,
  type ErrorSource,
} from '../../../../src/presentation/shell/ErrorConsoleStore';
import { ErrorConsoleSwitch } from '../../../../src/presentation/shell/ErrorConsoleSwitch';

/** An error source the test fires by hand; counts who listens. */
class ManualSource implements ErrorSource {
  private readonly listeners = new Set<(text: string) => void>();
  listen(report: (text: string) => void): () => void {
    this.listeners.add(report);
    return () => this.listeners.delete(report);
  }
  get listening(): number {
    return this.listeners.size;
  }
  fire(text: string): void {
    for (const listener of this.listeners) listener(text);
  }
}

const clock = { now: () => 1_700_000_000_000, timezoneOffsetMinutes: () => 0 };
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('ErrorConsoleStore', () => {
  it('is off by default and collects nothing', async () => {
    const source = new ManualSource();
    const store = new ErrorConsoleStore(new MemoryStorage(), clock, source);
    source.fire('boom');
    await settle();
    expect(store.enabled).toBe(false);
    expect(source.listening).toBe(0);
    expect(store.entries).toEqual([]);
  });

  it('switching on persists the setting and lists errors; off forgets them and stops listening', async () => {
    const storage = new MemoryStorage();
    const source = new ManualSource();
    const store = new ErrorConsoleStore(storage, clock, source);
    store.setEnabled(true);
    expect(storage.get(ERROR_CONSOLE_STORAGE_KEY)).toBe('1');
    source.fire('TypeError: x is undefined');
    await settle();
    expect(store.entries.map((entry) => entry.text)).toEqual(['TypeError: x is undefined']);

    store.setEnabled(false);
    expect(storage.get(ERROR_CONSOLE_STORAGE_KEY)).toBeNull();
    expect(source.listening).toBe(0);
    expect(store.entries).toEqual([]);
  });

  it('starts listening at once when storage says it was on (after a reload)', async () => {
    const storage = new MemoryStorage();
    storage.set(ERROR_CONSOLE_STORAGE_KEY, '1');
    const source = new ManualSource();
    const store = new ErrorConsoleStore(storage, clock, source);
    expect(store.enabled).toBe(true);
    source.fire('early error');
    await settle();
    expect(store.entries).toHaveLength(1);
  });

  it("shares its on/off state with the shell's switch, which reads storage without the store's code", () => {
    const storage = new MemoryStorage();
    storage.set(ERROR_CONSOLE_STORAGE_KEY, '1');
    const shellSwitch = new ErrorConsoleSwitch(storage);
    expect(shellSwitch.enabled).toBe(true);
    const source = new ManualSource();
    const store = new ErrorConsoleStore(storage, clock, source, shellSwitch);
    expect(source.listening).toBe(1);
    store.setEnabled(false);
    expect(shellSwitch.enabled).toBe(false);
    store.setEnabled(true);
    expect(shellSwitch.enabled).toBe(true);
    expect(new ErrorConsoleSwitch(storage).enabled).toBe(true);
  });

  it(`keeps the last ${ERROR_CONSOLE_LIMIT} errors`, () => {
    const store = new ErrorConsoleStore(new MemoryStorage(), clock, new ManualSource());
    for (let index = 1; index <= ERROR_CONSOLE_LIMIT + 5; index += 1) store.add(`error ${index}`);
    expect(store.entries).toHaveLength(ERROR_CONSOLE_LIMIT);
    expect(store.entries[0].text).toBe('error 6');
    expect(store.entries.at(-1)?.text).toBe(`error ${ERROR_CONSOLE_LIMIT + 5}`);
    store.clear();
    expect(store.entries).toEqual([]);
  });
});
