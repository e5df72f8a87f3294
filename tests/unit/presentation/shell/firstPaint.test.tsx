/** @jest-environment jsdom */
import '../support/jsdom';
import type * as TestingLibrary from '@testing-library/react';
import type * as ReactModule from 'react';
import type * as FirstPaintModule from '../../../../src/presentation/shell/firstPaint';

// The testing library is loaded per test below (a fresh module registry); its automatic cleanup would register hooks
// inside a test, so each test unmounts what it rendered itself.
process.env.RTL_SKIP_AUTO_CLEANUP = 'true';

type FirstPaint = typeof FirstPaintModule;
type Library = typeof TestingLibrary;
let unmountAll: () => void = () => undefined;
type React = typeof ReactModule;

/** Each test loads the module afresh (`firstScreenShown` settles once per page), with React and the testing library of the same registry. */
function load(): FirstPaint & Pick<Library, 'act' | 'render'> & Pick<React, 'useState'> {
  let loaded: (FirstPaint & Pick<Library, 'act' | 'render'> & Pick<React, 'useState'>) | undefined;
  jest.isolateModules(() => {
    const { act, render, cleanup } = jest.requireActual<Library>('@testing-library/react');
    unmountAll = cleanup;
    const { useState } = jest.requireActual<React>('react');
    loaded = {
      ...jest.requireActual<FirstPaint>('../../../../src/presentation/shell/firstPaint'),
      act,
      render,
      useState,
    };
  });
  return loaded!;
}

function settled(promise: Promise<void>): { done: boolean } {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
}

afterEach(() => {
  unmountAll();
  jest.useRealTimers();
});

describe('firstScreenShown (what waits for the first paint)', () => {
  it('stays pending while the screen is loading and settles after the paint that shows its content', async () => {
    jest.useFakeTimers();
    const { firstScreenShown, useFirstScreenShown, act, render, useState } = load();
    const state = settled(firstScreenShown);
    let show: (value: boolean) => void = () => undefined;
    function Frame() {
      const [shown, setShown] = useState(false);
      show = setShown;
      useFirstScreenShown(shown);
      return null;
    }
    render(<Frame />);
    await act(async () => jest.advanceTimersByTime(1000));
    expect(state.done).toBe(false); // loading: nothing goes ahead, however long it takes
    act(() => show(true));
    // jsdom has frame callbacks but reports no paints: the next frame, then the timer after it.
    await act(async () => jest.advanceTimersByTime(50));
    expect(state.done).toBe(true);
  });

  it('goes ahead after 3 s when the browser never reports the first contentful paint', async () => {
    jest.useFakeTimers();
    const paintObserver = { observe: jest.fn(), disconnect: jest.fn() };
    const original = (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
    // A browser that supports paint entries, on a page that has painted nothing contentful.
    (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver = Object.assign(
      jest.fn(() => paintObserver),
      { supportedEntryTypes: ['paint'] },
    );
    try {
      const { firstScreenShown, useFirstScreenShown, act, render } = load();
      const state = settled(firstScreenShown);
      function Frame() {
        useFirstScreenShown(true);
        return null;
      }
      render(<Frame />);
      await act(async () => jest.advanceTimersByTime(2900));
      expect(paintObserver.observe).toHaveBeenCalledWith({ type: 'paint', buffered: true });
      expect(state.done).toBe(false);
      await act(async () => jest.advanceTimersByTime(200));
      expect(state.done).toBe(true);
    } finally {
      (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver = original;
    }
  });

  it('keeps content below the fold out of the first screen, and shows it at once on later ones', async () => {
    jest.useFakeTimers();
    const { useAfterFirstScreen, useFirstScreenShown, act, render } = load();
    function Below() {
      return useAfterFirstScreen() ? <p>rows</p> : null;
    }
    function Frame() {
      useFirstScreenShown(true);
      return <Below />;
    }
    const first = render(<Frame />);
    expect(first.queryByText('rows')).toBeNull(); // the first paint does not wait for it
    await act(async () => jest.advanceTimersByTime(50));
    expect(first.queryByText('rows')).not.toBeNull();

    const later = render(<Below />);
    expect(later.queryAllByText('rows')).toHaveLength(2); // a later screen renders it with the rest
  });
});
