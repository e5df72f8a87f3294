/** @jest-environment jsdom */
import '../support/jsdom';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { prepareInitialHistory } from '../../../../src/presentation/navigation/history';
import { Screen } from '../../../../src/presentation/shell/Screen';
import { englishI18n, renderInShell } from '../support/render';

beforeAll(async () => {
  await englishI18n();
});

const app = (
  <Routes>
    <Route path="/dashboard" element={<Screen title="Dashboard">dashboard page</Screen>} />
    <Route path="/payout" element={<Screen title="Payout">payout page</Screen>} />
    <Route path="/invoice/:kind/:id" element={<Screen title="Invoice">invoice page</Screen>} />
  </Routes>
);

describe('first load in the browser (window.history, BrowserRouter)', () => {
  it('a deep link gets the dashboard underneath: back is shown and leads there', async () => {
    window.history.replaceState(null, '', '/payout#tgWebAppData=x');
    prepareInitialHistory(window.history, window.location);
    const { shell } = renderInShell(app);
    expect(screen.getByText('payout page')).toBeTruthy();
    expect(window.location.hash).toBe('#tgWebAppData=x');
    expect(shell.platform.backButtonVisible).toBe(true);
    await act(async () => {
      shell.platform.pressBackButton();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(window.location.pathname).toBe('/dashboard');
    expect(screen.getByText('dashboard page')).toBeTruthy();
    expect(shell.platform.backButtonVisible).toBe(false);
  });

  it('a start parameter opens the invoice with no back button', () => {
    window.history.replaceState(null, '', '/');
    prepareInitialHistory(window.history, window.location, 'donation_12');
    const { shell } = renderInShell(app);
    expect(window.location.pathname).toBe('/invoice/donation/12');
    expect(screen.getByText('invoice page')).toBeTruthy();
    expect(shell.platform.backButtonVisible).toBe(false);
  });
});
