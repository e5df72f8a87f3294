/** @jest-environment jsdom */
import '../support/jsdom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Button, Cell } from '../../../../src/presentation/components';
import { RIPPLE_CLEAR_MS } from '../../../../src/presentation/components/Ripple';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const waves = (element: HTMLElement) => element.querySelectorAll('.ripple__wave').length;

describe('press ripple (spec section 9: ripple clears after 2 s)', () => {
  it('adds a wave per press and clears them all 2 s after the last press', () => {
    const pressed = jest.fn();
    render(<Button onPointerDown={pressed}>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    fireEvent.pointerDown(button, { clientX: 10, clientY: 10 });
    expect(waves(button)).toBe(1);
    expect(button.querySelector('.ripple')?.getAttribute('aria-hidden')).toBe('true');
    act(() => jest.advanceTimersByTime(1500));
    fireEvent.pointerDown(button, { clientX: 20, clientY: 10 });
    expect(waves(button)).toBe(2);
    // 2 s after the first press, but only 0.5 s after the second: still there.
    act(() => jest.advanceTimersByTime(RIPPLE_CLEAR_MS - 1500));
    expect(waves(button)).toBe(2);
    act(() => jest.advanceTimersByTime(1499));
    expect(waves(button)).toBe(2);
    act(() => jest.advanceTimersByTime(1));
    expect(waves(button)).toBe(0);
    expect(button.querySelector('.ripple')).toBeNull();
    expect(pressed).toHaveBeenCalledTimes(2); // the caller's own handler still runs
    expect(RIPPLE_CLEAR_MS).toBe(2000);
  });

  it('ripples on interactive cells (links and buttons) only', () => {
    render(
      <MemoryRouter>
        <Cell title="Open" to="/payout" />
        <Cell title="Act" onClick={() => undefined} />
        <Cell title="Static" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Open' });
    fireEvent.pointerDown(link);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Act' }));
    const staticCell = screen.getByText('Static').closest('.cell') as HTMLElement;
    fireEvent.pointerDown(staticCell);
    expect(waves(link)).toBe(1);
    expect(waves(screen.getByRole('button', { name: 'Act' }))).toBe(1);
    expect(waves(staticCell)).toBe(0);
    act(() => jest.advanceTimersByTime(RIPPLE_CLEAR_MS));
    expect(waves(link)).toBe(0);
  });
});
