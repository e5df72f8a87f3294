import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { FakePlatform } from '../support/FakePlatform';

function setup() {
  jest.useFakeTimers({ now: 1_700_000_000_000 });
  const platform = new FakePlatform();
  const store = new ToastStore(platform, { now: () => Date.now(), timezoneOffsetMinutes: () => 0 });
  return { platform, store };
}

afterEach(() => jest.useRealTimers());

describe('ToastStore (spec section 4)', () => {
  it('shows a toast with its label and timestamp', () => {
    const { store } = setup();
    store.success('common.toast.success');
    expect(store.current).toEqual({
      kind: 'success',
      message: { key: 'common.toast.success' },
      timestamp: 1_700_000_000_000,
    });
    expect(store.visible).toBe(true);
  });

  it('auto-hides after 3 s and clears 450 ms after hiding', () => {
    const { store } = setup();
    store.fail('common.failed');
    jest.advanceTimersByTime(2999);
    expect(store.visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(store.visible).toBe(false);
    expect(store.current).not.toBeNull(); // fading out
    jest.advanceTimersByTime(449);
    expect(store.current).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(store.current).toBeNull();
  });

  it('hide() clears after the 450 ms delay', () => {
    const { store } = setup();
    store.copied();
    jest.advanceTimersByTime(1000);
    store.hide();
    expect(store.visible).toBe(false);
    jest.advanceTimersByTime(449);
    expect(store.current?.kind).toBe('copied');
    jest.advanceTimersByTime(1);
    expect(store.current).toBeNull();
  });

  it('keeps a loading toast until it is replaced', () => {
    const { store } = setup();
    store.loading();
    jest.advanceTimersByTime(60_000);
    expect(store.current?.kind).toBe('loading');
    expect(store.visible).toBe(true);
    store.success('common.toast.success');
    expect(store.current?.kind).toBe('success');
  });

  it('a new toast restarts the 3 s and cancels a pending clear', () => {
    const { store } = setup();
    store.success('a');
    jest.advanceTimersByTime(2500);
    store.fail('b');
    jest.advanceTimersByTime(2999);
    expect(store.current).toMatchObject({ kind: 'fail', message: { key: 'b' } });
    store.hide();
    jest.advanceTimersByTime(200);
    store.copied();
    jest.advanceTimersByTime(300); // past the first hide's 450 ms
    expect(store.current?.kind).toBe('copied');
    expect(store.visible).toBe(true);
  });

  it('repeating the same toast makes a new one (new timestamp)', () => {
    const { store } = setup();
    store.copied();
    const first = store.current!.timestamp;
    jest.advanceTimersByTime(10);
    store.copied();
    expect(store.current!.timestamp).toBe(first + 10);
  });

  it.each([
    ['success', 'notification:success', 'success'],
    ['copied', 'notification:success', 'copied'],
    ['fail', 'notification:error', 'fail'],
    ['info', 'notification:warning', 'fail'],
  ] as const)('%s gives the %s haptic and is stored as %s', (kind, haptic, stored) => {
    const { store, platform } = setup();
    store.show(kind, 'label');
    expect(platform.haptics).toEqual([haptic]);
    expect(store.current?.kind).toBe(stored);
  });

  it('loading gives no haptic', () => {
    const { store, platform } = setup();
    store.loading();
    expect(platform.haptics).toEqual([]);
  });

  it('carries an already translated text (a server message) apart from keys', () => {
    const { store } = setup();
    store.fail({ text: 'Card declined' });
    expect(store.current?.message).toEqual({ text: 'Card declined' });
  });
});
