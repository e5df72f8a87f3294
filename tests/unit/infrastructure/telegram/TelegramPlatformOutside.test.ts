/** @jest-environment jsdom */
import { compareVersions } from '../../../../src/infrastructure/telegram/versions';
import { hostSends, launchInTelegram, loadTelegramPlatform, openInBrowser, rawInitDataFor } from './telegramHost';

describe('TelegramPlatform outside Telegram', () => {
  beforeEach(() => openInBrowser('/dashboard'));

  it('starts without crashing and says it is not available', async () => {
    const Platform = await loadTelegramPlatform();
    const platform = new Platform();

    const info = await platform.init();

    expect(platform.isAvailable()).toBe(false);
    expect(info.platform).toBe('unknown');
    expect(info.version).toBe('0.0');
    expect(info.rawInitData).toBeUndefined();
    expect(info.theme).toEqual({});
    expect(platform.isVersionAtLeast('6.0')).toBe(false);
  });

  it('turns host calls into no-ops and listeners into inert subscriptions', async () => {
    const Platform = await loadTelegramPlatform();
    const platform = new Platform();
    await platform.init();
    const listener = jest.fn();

    expect(() => {
      platform.setMainButton({ text: 'Pay', visible: true });
      platform.showBackButton(true);
      platform.setHeaderColor('#ffffff');
      platform.setBackgroundColor('#ffffff');
      platform.hapticImpact('light');
      platform.hapticNotification('warning');
      platform.hapticSelection();
      platform.onMainButtonClick(listener)();
      platform.onBackButtonClick(listener)();
      platform.onThemeChanged(listener)();
    }).not.toThrow();
    hostSends('main_button_pressed');
    expect(listener).not.toHaveBeenCalled();
  });

  it('falls back to browser dialogs, windows and close', async () => {
    const Platform = await loadTelegramPlatform();
    const platform = new Platform();
    await platform.init();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(true).mockReturnValueOnce(false);
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const close = jest.spyOn(window, 'close').mockImplementation(() => undefined);

    const buttons = [
      { id: 'delete', type: 'destructive', text: 'Delete' },
      { id: 'keep', type: 'cancel' },
    ] as const;
    await expect(
      platform.showPopup({ title: 'Delete card', message: 'Remove it?', buttons: [...buttons] }),
    ).resolves.toBe('delete');
    await expect(platform.showPopup({ message: 'Remove it?', buttons: [...buttons] })).resolves.toBe('keep');
    await expect(platform.showAlert('Done')).resolves.toBeUndefined();
    platform.openLink('https://backers.example/faq');
    platform.openTelegramLink('https://t.me/BackersSupport');
    platform.close();

    expect(confirm).toHaveBeenNthCalledWith(1, 'Delete card\n\nRemove it?');
    expect(alert).toHaveBeenCalledWith('Done');
    expect(open.mock.calls.map((call) => call[0])).toEqual([
      'https://backers.example/faq',
      'https://t.me/BackersSupport',
    ]);
    expect(close).toHaveBeenCalled();
    jest.restoreAllMocks();
  });

  it('is not available when launch parameters exist but no host bridge does', async () => {
    launchInTelegram();
    delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
    const Platform = await loadTelegramPlatform();
    const platform = new Platform();

    await expect(platform.init()).resolves.toEqual(expect.objectContaining({ platform: 'unknown' }));
    expect(platform.isAvailable()).toBe(false);
    expect(() => platform.setMainButton({ text: 'Pay' })).not.toThrow();
  });

  it('ignores launch data whose init data cannot be parsed', async () => {
    launchInTelegram();
    window.history.replaceState(
      null,
      '',
      `/#tgWebAppData=${encodeURIComponent(rawInitDataFor().replace(/&?auth_date=[^&]*/, ''))}&tgWebAppVersion=7.0&tgWebAppPlatform=ios&tgWebAppThemeParams=%7B%7D`,
    );
    window.sessionStorage.clear();
    const Platform = await loadTelegramPlatform();
    const platform = new Platform();

    await platform.init();

    expect(platform.isAvailable()).toBe(false);
  });
});

describe('compareVersions', () => {
  it.each([
    ['7.0', '6.7', 1],
    ['6.7', '6.7', 0],
    ['6.6', '6.7', -1],
    ['6.10', '6.9', 1],
    ['7', '7.0', 0],
    ['8.0.1', '8.0', 1],
  ])('%s against %s gives %i', (left, right, expected) => {
    expect(compareVersions(left, right)).toBe(expected);
  });
});
