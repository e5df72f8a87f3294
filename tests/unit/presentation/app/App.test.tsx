/** @jest-environment jsdom */
import '../support/jsdom';
import { act, screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import { App } from '../../../../src/presentation/app/App';
import { preloadRoute } from '../../../../src/presentation/navigation/firstRoutes';
import { englishI18n, fakeShell } from '../support/render';
import { TOKENS } from '../../../../src/di/tokens';
import { UikitViewModel } from '../../../../src/presentation/screens/Uikit/UikitViewModel';

beforeAll(async () => {
  await englishI18n();
});

describe('App shell', () => {
  it('renders the not-found screen for a path without a route, with a way to the dashboard', async () => {
    window.history.replaceState(null, '', '/no/such/page');
    const shell = fakeShell();
    await act(async () => {
      render(<App resolver={shell.resolver} />);
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Go to dashboard' }).click());
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('renders the UI kit at /uikit and shows toasts from it', async () => {
    window.history.replaceState(null, '', '/uikit');
    const shell = fakeShell();
    shell.services.set(TOKENS.UikitViewModel, () => new UikitViewModel(shell.toasts));
    await preloadRoute(shell.resolver, '/uikit');
    await act(async () => {
      render(<App resolver={shell.resolver} />);
    });
    expect(await screen.findByRole('region', { name: 'Buttons' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Copied' }).click());
    expect(shell.toasts.current?.kind).toBe('copied');
    expect(screen.getAllByText('Copied').length).toBeGreaterThan(1); // the button and the toast
    expect(shell.platform.haptics).toEqual(['notification:success']);
  });
});
