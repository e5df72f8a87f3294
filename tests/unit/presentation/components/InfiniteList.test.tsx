/** @jest-environment jsdom */
import '../support/jsdom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { InfiniteList } from '../../../../src/presentation/components';
import { englishI18n } from '../support/render';

/** Where the end of the list is, measured from the top of the viewport (jsdom's viewport is 768 px high). */
let listBottom = 10_000;

beforeAll(async () => {
  await englishI18n();
});

beforeEach(() => {
  jest.useFakeTimers();
  listBottom = 10_000;
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(() => ({ bottom: listBottom }) as DOMRect);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const viewport = () => window.innerHeight;

function renderList(props: Partial<Parameters<typeof InfiniteList>[0]> = {}, rows = 3) {
  const onLoadMore = jest.fn();
  const element = (extra: Partial<Parameters<typeof InfiniteList>[0]>, count: number) => (
    <InfiniteList hasMore loading={false} onLoadMore={onLoadMore} {...props} {...extra}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index}>row {index}</div>
      ))}
    </InfiniteList>
  );
  const result = render(element({}, rows));
  return {
    onLoadMore,
    unmount: result.unmount,
    rerender: (extra: Partial<Parameters<typeof InfiniteList>[0]>, count = rows) =>
      result.rerender(element(extra, count)),
  };
}

const scroll = () => fireEvent.scroll(window);

describe('InfiniteList (spec section 9: two viewports, 150 ms throttle, 100 ms resize debounce)', () => {
  it('does not load while the end is more than two viewport heights below the screen', () => {
    listBottom = viewport() + 2 * viewport() + 1;
    const { onLoadMore } = renderList();
    scroll();
    jest.advanceTimersByTime(1000);
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('loads once the end is within two viewport heights', () => {
    const { onLoadMore } = renderList();
    expect(onLoadMore).not.toHaveBeenCalled();
    listBottom = viewport() + 2 * viewport();
    scroll();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('checks at most once per 150 ms while scrolling, with a trailing check', () => {
    const { onLoadMore } = renderList();
    jest.advanceTimersByTime(50); // the check after the first paint, while the end is far
    listBottom = viewport();
    scroll(); // leading call
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    for (let elapsed = 10; elapsed < 150; elapsed += 10) {
      jest.advanceTimersByTime(10);
      scroll();
    }
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10); // 150 ms after the leading call
    expect(onLoadMore).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(1000);
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('checks 100 ms after the last resize', () => {
    const { onLoadMore } = renderList();
    jest.advanceTimersByTime(50); // the check after the first paint, while the end is far
    listBottom = viewport();
    fireEvent(window, new Event('resize'));
    jest.advanceTimersByTime(60);
    fireEvent(window, new Event('resize'));
    jest.advanceTimersByTime(99);
    expect(onLoadMore).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('fills a short screen: checks once the mounted list and every page that arrives have been painted', () => {
    listBottom = 300;
    const { onLoadMore, rerender } = renderList();
    expect(onLoadMore).not.toHaveBeenCalled(); // not before the first paint
    jest.advanceTimersByTime(50);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender({ loading: true });
    rerender({ loading: false }, 6);
    jest.advanceTimersByTime(50);
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['loading', { loading: true }],
    ['failed', { error: true }],
    ['on the last page', { hasMore: false }],
  ])('does not load while %s', (_, props) => {
    listBottom = 0;
    const { onLoadMore } = renderList(props);
    scroll();
    jest.advanceTimersByTime(500);
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('shows a loader row while loading', () => {
    renderList({ loading: true });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
  });

  it('shows an error row whose Retry loads again', () => {
    const onRetry = jest.fn();
    renderList({ error: true, onRetry });
    expect(screen.getByRole('alert').textContent).toContain("Couldn't load more.");
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('stops listening when unmounted', () => {
    const { onLoadMore, unmount } = renderList();
    unmount();
    listBottom = 0;
    scroll();
    fireEvent(window, new Event('resize'));
    jest.advanceTimersByTime(500);
    expect(onLoadMore).not.toHaveBeenCalled();
  });
});
