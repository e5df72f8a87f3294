/** @jest-environment jsdom */
import '../support/jsdom';
import { act, fireEvent, screen } from '@testing-library/react';
import { TOKENS } from '../../../../src/di/tokens';
import BannedScreen from '../../../../src/presentation/screens/Banned/BannedScreen';
import DevScreen from '../../../../src/presentation/screens/Dev/DevScreen';
import FaqScreen, { FAQ_TOPICS } from '../../../../src/presentation/screens/Faq/FaqScreen';
import SupportScreen from '../../../../src/presentation/screens/Support/SupportScreen';
import { SupportViewModel } from '../../../../src/presentation/shared/SupportViewModel';
import { FakePlatform } from '../support/FakePlatform';
import { englishI18n, fakeShell, renderInShell } from '../support/render';

/** Records the t.me links the screens open. */
class LinkPlatform extends FakePlatform {
  readonly telegramLinks: string[] = [];
  override openTelegramLink(url?: string): void {
    this.telegramLinks.push(url ?? '');
  }
}

function shellWithLinks() {
  const platform = new LinkPlatform();
  const shell = fakeShell([[TOKENS.MessengerPlatform, platform]]);
  return { shell, platform };
}

beforeAll(async () => {
  await englishI18n();
});

describe('/banned', () => {
  it('says the account is banned, hides the back button and opens the support chat from both buttons', async () => {
    const { shell, platform } = shellWithLinks();
    await act(async () => {
      renderInShell(<BannedScreen vm={new SupportViewModel(platform)} />, shell);
    });
    expect(screen.getByRole('heading', { name: 'Account banned' })).toBeTruthy();
    expect(platform.backButtonVisible).toBe(false);
    expect(platform.mainButton).toMatchObject({ visible: true, text: 'Contact support' });
    fireEvent.click(screen.getByRole('button', { name: 'Contact support' }));
    act(() => platform.pressMainButton());
    expect(platform.telegramLinks).toEqual(['https://t.me/BackersSupport', 'https://t.me/BackersSupport']);
  });
});

describe('/faq', () => {
  it('shows every question collapsed with its answer, using the spec numbers, and a support button', async () => {
    const { shell, platform } = shellWithLinks();
    await act(async () => {
      renderInShell(<FaqScreen vm={new SupportViewModel(platform)} />, shell);
    });
    const questions = Object.values(FAQ_TOPICS).flat().length;
    const details = document.querySelectorAll('details');
    expect(details).toHaveLength(questions);
    expect([...details].every((item) => !item.open)).toBe(true);
    expect(screen.getByText(/on the 10th, and the second half on the 25th/)).toBeTruthy();
    expect(screen.getByText(/€100 or ₽3,000/)).toBeTruthy();
    expect(screen.queryByText(/\[help\./)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Write to support' }));
    expect(platform.telegramLinks).toEqual(['https://t.me/BackersSupport']);
  });
});

describe('/support', () => {
  it('opens the support chat from the main button and links to the FAQ', async () => {
    const { shell, platform } = shellWithLinks();
    await act(async () => {
      renderInShell(<SupportScreen vm={new SupportViewModel(platform)} />, shell);
    });
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
    act(() => platform.pressMainButton());
    expect(platform.telegramLinks).toEqual(['https://t.me/BackersSupport']);
  });
});

describe('/dev', () => {
  it('links to /debug and /uikit, and not to /local outside `npm run build:local`', async () => {
    await act(async () => {
      renderInShell(<DevScreen />);
    });
    expect(screen.getByRole('link', { name: /^Debug/ }).getAttribute('href')).toBe('/debug');
    expect(screen.getByRole('link', { name: /^UI kit/ }).getAttribute('href')).toBe('/uikit');
    expect(screen.queryByRole('link', { name: /Sandbox users/ })).toBeNull();
  });
});
