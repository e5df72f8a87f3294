/** @jest-environment jsdom */
import '../support/jsdom';
import { act, fireEvent } from '@testing-library/react';
import { TOKENS } from '../../../../src/di/tokens';
import { DevTapListener, ErrorRedirect } from '../../../../src/presentation/navigation/ShellListeners';
import { fakeShell, renderInShell } from '../support/render';

beforeEach(() => {
  jest.useFakeTimers({ now: 1_000_000 });
  window.history.replaceState(null, '', '/dashboard');
});

afterEach(() => jest.useRealTimers());

function tap(times: number, gapMs: number): void {
  for (let index = 0; index < times; index += 1) {
    if (index > 0) act(() => jest.advanceTimersByTime(gapMs));
    act(() => {
      fireEvent.pointerDown(document.body);
    });
  }
}

describe('ten quick taps open /dev (spec section 2)', () => {
  it('opens /dev on the tenth tap when each comes within 300 ms of the previous', () => {
    renderInShell(<DevTapListener />);
    tap(9, 300);
    expect(window.location.pathname).toBe('/dashboard');
    tap(1, 300);
    expect(window.location.pathname).toBe('/dev');
  });

  it('starts over after a pause longer than 300 ms', () => {
    renderInShell(<DevTapListener />);
    tap(5, 250);
    act(() => jest.advanceTimersByTime(301));
    tap(9, 250);
    expect(window.location.pathname).toBe('/dashboard');
    tap(1, 250);
    expect(window.location.pathname).toBe('/dev');
  });

  it('counts taps anywhere in the document, including on buttons', () => {
    const { getByRole } = renderInShell(
      <>
        <DevTapListener />
        <button type="button">pay</button>
      </>,
    );
    for (let index = 0; index < 10; index += 1) {
      act(() => jest.advanceTimersByTime(100));
      fireEvent.pointerDown(getByRole('button', { name: 'pay' }));
    }
    expect(window.location.pathname).toBe('/dev');
  });
});

describe('redirecting errors (spec sections 6 and 8)', () => {
  it('banned replaces the current route with /banned', () => {
    const shell = fakeShell();
    renderInShell(<ErrorRedirect />, shell);
    window.history.pushState({ usr: null, key: 'k1', idx: 1 }, '', '/payout');
    const apiErrors = shell.services.get(TOKENS.ApiErrorEvents) as { emit(code: string): void };
    act(() => apiErrors.emit('not_found'));
    expect(window.location.pathname).toBe('/payout');
    const lengthBefore = window.history.length;
    act(() => apiErrors.emit('banned'));
    expect(window.location.pathname).toBe('/banned');
    expect(window.history.length).toBe(lengthBefore); // replaced, not pushed
  });

  it.each([
    ['verification_required', '/verification'],
    ['migration_required', '/migration'],
  ])('%s from any screen replaces the route with %s, once', (code, target) => {
    const shell = fakeShell();
    renderInShell(<ErrorRedirect />, shell);
    window.history.pushState({ usr: null, key: 'k2', idx: 1 }, '', '/payout');
    const apiErrors = shell.services.get(TOKENS.ApiErrorEvents) as { emit(code: string): void };
    const lengthBefore = window.history.length;
    act(() => apiErrors.emit(code));
    expect(window.location.pathname).toBe(target);
    act(() => apiErrors.emit(code)); // already there: no second navigation
    expect(window.location.pathname).toBe(target);
    expect(window.history.length).toBe(lengthBefore);
  });
});
