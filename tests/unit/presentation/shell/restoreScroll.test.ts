/** @jest-environment jsdom */
import { restoreScroll } from '../../../../src/presentation/shell/restoreScroll';

/** jsdom lays nothing out: the page is as tall as `pageHeight` says, and scrolling stops at its bottom. */
let pageHeight = 0;
const VIEWPORT = 800;

beforeEach(() => {
  jest.useFakeTimers();
  pageHeight = 1_000;
  setScrollY(0);
  jest.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => {
    setScrollY(Math.max(0, Math.min(y, pageHeight - VIEWPORT)));
  }) as typeof window.scrollTo);
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

// jsdom's scrollY is read-only: the test's page moves it.
Object.defineProperty(window, 'scrollY', { writable: true, value: 0 });
const setScrollY = (y: number) => ((window as { scrollY: number }).scrollY = y);

const frames = (count: number) => jest.advanceTimersByTime(count * 16);

describe('restoreScroll', () => {
  it('scrolls back at once when the page is tall enough', () => {
    pageHeight = 5_000;
    const done = jest.fn();
    restoreScroll(2_024, done);
    expect(window.scrollY).toBe(2_024);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('keeps trying while the page grows, well past a few frames (rows laid out late on a busy phone)', () => {
    const done = jest.fn();
    restoreScroll(2_024, done);
    frames(60);
    expect(window.scrollY).toBe(200);
    expect(done).not.toHaveBeenCalled();
    pageHeight = 5_000;
    frames(2);
    expect(window.scrollY).toBe(2_024);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('gives up after 3 seconds where the page got to', () => {
    const done = jest.fn();
    restoreScroll(2_024, done);
    frames(200);
    expect(done).toHaveBeenCalledTimes(1);
    pageHeight = 5_000;
    frames(10);
    expect(window.scrollY).toBe(200);
  });

  it.each(['wheel', 'touchstart', 'pointerdown', 'keydown'])('stops when the person acts (%s)', (type) => {
    const done = jest.fn();
    restoreScroll(2_024, done);
    frames(5);
    window.dispatchEvent(new Event(type));
    expect(done).toHaveBeenCalledTimes(1);
    pageHeight = 5_000;
    frames(10);
    expect(window.scrollY).toBe(200);
  });

  it('does nothing more once cancelled, and does not call done', () => {
    const done = jest.fn();
    const cancel = restoreScroll(2_024, done);
    cancel();
    pageHeight = 5_000;
    frames(10);
    window.dispatchEvent(new Event('wheel'));
    expect(window.scrollY).toBe(200);
    expect(done).not.toHaveBeenCalled();
  });
});
