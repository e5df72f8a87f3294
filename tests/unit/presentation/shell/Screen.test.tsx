/** @jest-environment jsdom */
import '../support/jsdom';
import { act, screen } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { Route, Routes } from 'react-router-dom';
import { Screen, type ScreenProps } from '../../../../src/presentation/shell/Screen';
import { LOADING, READY, failed } from '../../../../src/presentation/shell/screenState';
import { englishI18n, fakeShell, renderInShell } from '../support/render';

beforeAll(async () => {
  await englishI18n();
});

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  jest.useRealTimers();
});

const flushMicrotasks = () => act(async () => undefined);

describe('Screen states (spec sections 8 and 9)', () => {
  it('shows nothing for the first 600 ms of loading, then the spinner', () => {
    jest.useFakeTimers();
    renderInShell(<Screen title="Dashboard" state={LOADING} />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => jest.advanceTimersByTime(599));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
  });

  it('never shows the spinner when loading ends within 600 ms', () => {
    jest.useFakeTimers();
    const { rerender, shell } = renderInShell(<Screen title="Dashboard" state={LOADING} />);
    act(() => jest.advanceTimersByTime(500));
    rerender(
      <Screen title="Dashboard" state={READY}>
        content
      </Screen>,
    );
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('content')).toBeTruthy();
    expect(shell).toBeDefined();
  });

  it('shows "Error", "Something went wrong." and Retry when a retry exists', () => {
    const onRetry = jest.fn();
    renderInShell(<Screen title="Dashboard" state={failed('error_unknown')} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(document.querySelector('main')?.dataset.errorCode).toBe('error_unknown');
  });

  it('has no Retry button when no retry exists', () => {
    renderInShell(<Screen title="Dashboard" state={failed('not_found')} />);
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders the children when ready (the default) and sets the document title', () => {
    renderInShell(<Screen title="Payout">body</Screen>);
    expect(screen.getByText('body')).toBeTruthy();
    expect(document.title).toBe('Payout');
  });
});

describe('Screen main button', () => {
  const props = (overrides: Partial<ScreenProps> = {}): ScreenProps => ({
    title: 'Form',
    mainButton: { text: 'Continue', onClick: jest.fn() },
    ...overrides,
  });

  it('shows the host main button while ready and runs onClick when pressed', () => {
    const onClick = jest.fn();
    const { shell } = renderInShell(<Screen {...props({ mainButton: { text: 'Continue', onClick } })} />);
    expect(shell.platform.mainButton).toMatchObject({ text: 'Continue', visible: true, enabled: true, loading: false });
    act(() => shell.platform.pressMainButton());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('hides it while loading or failed', () => {
    const { shell, rerender } = renderInShell(<Screen {...props({ state: LOADING })} />);
    expect(shell.platform.mainButton.visible).toBe(false);
    rerender(<Screen {...props({ state: failed('x') })} />);
    expect(shell.platform.mainButton.visible).toBe(false);
    rerender(<Screen {...props()} />);
    expect(shell.platform.mainButton.visible).toBe(true);
  });

  it('ignores presses while disabled or busy', () => {
    const onClick = jest.fn();
    const { shell, rerender } = renderInShell(
      <Screen {...props({ mainButton: { text: 'Pay', onClick, enabled: false } })} />,
    );
    expect(shell.platform.mainButton.enabled).toBe(false);
    act(() => shell.platform.pressMainButton());
    rerender(<Screen {...props({ mainButton: { text: 'Pay', onClick, loading: true } })} />);
    expect(shell.platform.mainButton.loading).toBe(true);
    act(() => shell.platform.pressMainButton());
    expect(onClick).not.toHaveBeenCalled();
  });

  it('hides it when the screen goes away, without a hide/show flicker when the next screen shows one', async () => {
    const shell = fakeShell();
    const { rerender } = renderInShell(<Screen key="a" {...props()} />, shell);
    const before = shell.platform.mainButtonCalls.length;
    rerender(<Screen key="b" {...props({ mainButton: { text: 'Next', onClick: jest.fn() } })} />);
    await flushMicrotasks();
    expect(shell.platform.mainButton).toMatchObject({ visible: true, text: 'Next' });
    expect(shell.platform.mainButtonCalls.slice(before)).toEqual([
      { text: 'Next', visible: true, enabled: true, loading: false },
    ]);
    expect(shell.platform.mainButtonListeners).toBe(1);
    rerender(<div />);
    await flushMicrotasks();
    expect(shell.platform.mainButton.visible).toBe(false);
    expect(shell.platform.mainButtonListeners).toBe(0);
  });
});

function Navigator({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      go
    </button>
  );
}

describe('Screen back button (spec section 2: shown only after an in-app navigation)', () => {
  const app = (
    <Routes>
      <Route
        path="/"
        element={
          <Screen title="Home">
            <Navigator to="/next" />
          </Screen>
        }
      />
      <Route path="/next" element={<Screen title="Next">next page</Screen>} />
    </Routes>
  );

  it('is hidden on the first screen and shown after navigating in the app; pressing it goes back', async () => {
    const { shell } = renderInShell(app);
    expect(shell.platform.backButtonVisible).toBe(false);
    expect(shell.platform.backButtonListeners).toBe(0);
    act(() => screen.getByRole('button', { name: 'go' }).click());
    expect(screen.getByText('next page')).toBeTruthy();
    expect(shell.platform.backButtonVisible).toBe(true);
    await act(async () => {
      shell.platform.pressBackButton();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(window.location.pathname).toBe('/');
    expect(shell.platform.backButtonVisible).toBe(false);
  });

  it("'hidden' keeps it hidden even after a navigation", () => {
    window.history.replaceState({ usr: null, key: 'k', idx: 3 }, '', '/');
    const { shell } = renderInShell(<Screen title="Paid" back="hidden" />);
    expect(shell.platform.backButtonVisible).toBe(false);
  });

  it('a custom handler shows it and runs instead of going back', () => {
    const onBack = jest.fn();
    const { shell } = renderInShell(<Screen title="Form" back={{ onBack }} />);
    expect(shell.platform.backButtonVisible).toBe(true);
    act(() => shell.platform.pressBackButton());
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/');
  });
});
