/** @jest-environment jsdom */
import type { TelegramPlatform } from '../../../../src/infrastructure/telegram/TelegramPlatform';
import {
  DEFAULT_THEME,
  eventsNamed,
  hostSends,
  launchInTelegram,
  loadTelegramPlatform,
  nativeHostSends,
  openInBrowser,
  rawInitDataFor,
  type SentEvent,
  TEST_USER,
} from './telegramHost';

let platform: TelegramPlatform | undefined;

async function startInTelegram(
  setup: Parameters<typeof launchInTelegram>[0] = {},
): Promise<{ platform: TelegramPlatform; sent: SentEvent[] }> {
  const sent = launchInTelegram(setup);
  const Platform = await loadTelegramPlatform();
  platform = new Platform();
  await platform.init();
  await platform.connect();
  return { platform, sent };
}

afterEach(() => {
  platform?.dispose();
  platform = undefined;
  openInBrowser();
});

describe('TelegramPlatform start-up', () => {
  it('reads launch parameters: platform, version, raw init data, start param, user and theme', async () => {
    const { platform } = await startInTelegram({ platform: 'ios', version: '7.10', startParam: 'donation_12' });

    const info = platform.launchInfo();
    expect(platform.isAvailable()).toBe(true);
    expect(info.platform).toBe('ios');
    expect(info.version).toBe('7.10');
    expect(info.rawInitData).toBe(rawInitDataFor('donation_12'));
    expect(info.startParam).toBe('donation_12');
    expect(info.user).toEqual({
      id: TEST_USER.id,
      firstName: 'Vladislav',
      lastName: 'Kibenko',
      username: 'vdkfrost',
      languageCode: 'ru',
      photoUrl: TEST_USER.photo_url,
    });
    expect(info.theme).toEqual({
      bgColor: '#ffffff',
      textColor: '#000000',
      buttonColor: '#3390ec',
      buttonTextColor: '#ffffff',
      secondaryBgColor: '#f1f1f1',
      hintColor: '#999999',
    });
    expect(info.isDark).toBe(false);
  });

  it('tells the host it is ready and expanded, and exposes the theme as CSS variables', async () => {
    const { sent } = await startInTelegram();

    const names = sent.map((event) => event.name);
    expect(names).toEqual(expect.arrayContaining(['iframe_ready', 'web_app_expand', 'web_app_ready']));
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#ffffff');
    expect(document.documentElement.style.getPropertyValue('--tg-theme-button-color')).toBe('#3390ec');
  });

  it('reports a dark theme', async () => {
    const { platform } = await startInTelegram({
      theme: { ...DEFAULT_THEME, bg_color: '#17212b', text_color: '#f5f5f5' },
    });
    expect(platform.launchInfo().isDark).toBe(true);
  });

  it('reports an unknown platform name as unknown', async () => {
    const { platform } = await startInTelegram({ platform: 'smart_fridge' });
    expect(platform.launchInfo().platform).toBe('unknown');
  });

  it('posts to the configured host origin when framed (web clients, the sandbox host emulator)', async () => {
    launchInTelegram();
    const Platform = await loadTelegramPlatform();
    const { targetOrigin } = await import('@telegram-apps/sdk');
    platform = new Platform({ hostOrigin: 'http://127.0.0.1:5173' });

    await platform.init();
    await platform.connect();

    expect(targetOrigin()).toBe('http://127.0.0.1:5173');
  });

  it('after dispose, host events reach no listener and nothing more is sent', async () => {
    const { platform: disposed, sent } = await startInTelegram();
    const clicks = jest.fn();
    const themes = jest.fn();
    disposed.onMainButtonClick(clicks);
    disposed.onBackButtonClick(clicks);
    disposed.onThemeChanged(themes);
    const sentBefore = sent.length;

    disposed.dispose();
    hostSends('main_button_pressed');
    hostSends('back_button_pressed');
    hostSends('theme_changed', { theme_params: { bg_color: '#000000' } });

    expect(clicks).not.toHaveBeenCalled();
    expect(themes).not.toHaveBeenCalled();
    expect(sent).toHaveLength(sentBefore);
    expect(disposed.isAvailable()).toBe(false);
  });

  it('is idempotent', async () => {
    const { platform, sent } = await startInTelegram();
    const sentBefore = sent.length;

    await platform.init();
    await platform.connect();

    expect(sent).toHaveLength(sentBefore);
  });

  it.each([
    ['7.0', true],
    ['6.7', true],
    ['6.10', true],
    ['6.6', false],
    ['6.1', false],
  ])('on android %s the 6.7+ channel picker check is %p', async (version, expected) => {
    const { platform } = await startInTelegram({ platform: 'android', version });
    expect(platform.isVersionAtLeast('6.7')).toBe(expected);
  });
});

describe('TelegramPlatform before it connects (the first screen paints without the SDK)', () => {
  async function launchUnconnected(
    setup: Parameters<typeof launchInTelegram>[0] = {},
  ): Promise<{ platform: TelegramPlatform; sent: SentEvent[] }> {
    const sent = launchInTelegram(setup);
    const Platform = await loadTelegramPlatform();
    platform = new Platform();
    await platform.init();
    return { platform, sent };
  }

  it('gives the launch information and sends nothing to the host', async () => {
    const { platform, sent } = await launchUnconnected({ platform: 'ios', version: '7.10', startParam: 'donation_12' });

    expect(platform.isAvailable()).toBe(true);
    expect(platform.launchInfo()).toEqual(
      expect.objectContaining({
        platform: 'ios',
        version: '7.10',
        startParam: 'donation_12',
        rawInitData: rawInitDataFor('donation_12'),
        isDark: false,
      }),
    );
    expect(platform.launchInfo().user?.languageCode).toBe('ru');
    expect(platform.launchInfo().theme.buttonColor).toBe('#3390ec');
    expect(platform.isVersionAtLeast('7.2')).toBe(true);
    expect(sent).toEqual([]);
  });

  it('applies on connecting the last of each setting made before, and drops earlier haptics', async () => {
    const { platform, sent } = await launchUnconnected({ version: '8.0' });

    platform.setMainButton({ text: 'Pay', visible: true });
    platform.setMainButton({ enabled: false });
    platform.showBackButton(false);
    platform.showBackButton(true);
    platform.setHeaderColor('secondary_bg_color');
    platform.setBackgroundColor('#ABCDEF');
    platform.protectUnsavedChanges(true);
    platform.hapticImpact('light');
    expect(sent).toEqual([]);

    await platform.connect();

    expect(sent.map((event) => event.name)).toEqual(
      expect.arrayContaining(['iframe_ready', 'web_app_expand', 'web_app_ready']),
    );
    expect(eventsNamed(sent, 'web_app_setup_main_button')).toEqual([
      expect.objectContaining({ text: 'Pay', is_visible: true, is_active: false }),
    ]);
    expect(eventsNamed(sent, 'web_app_setup_back_button')).toEqual([{ is_visible: true }]);
    expect(eventsNamed(sent, 'web_app_set_header_color')).toEqual([{ color_key: 'secondary_bg_color' }]);
    expect(eventsNamed(sent, 'web_app_set_background_color')).toEqual([{ color: '#abcdef' }]);
    expect(eventsNamed(sent, 'web_app_setup_closing_behavior')).toEqual([{ need_confirmation: true }]);
    expect(eventsNamed(sent, 'web_app_trigger_haptic_feedback')).toEqual([]);
  });

  it('lets listeners added before connecting hear the host once connected, until they unsubscribe', async () => {
    const { platform } = await launchUnconnected();
    const presses = jest.fn();
    const themes = jest.fn();
    const unsubscribe = platform.onBackButtonClick(presses);
    platform.onThemeChanged(themes);

    await platform.connect();
    hostSends('back_button_pressed');
    hostSends('theme_changed', { theme_params: { bg_color: '#17212b' } });
    unsubscribe();
    hostSends('back_button_pressed');

    expect(presses).toHaveBeenCalledTimes(1);
    expect(themes).toHaveBeenLastCalledWith({ bgColor: '#17212b' }, true);
  });

  it('connects by itself for a popup', async () => {
    const { platform, sent } = await launchUnconnected();

    const confirmed = platform.showConfirm('Cancel the subscription?');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(eventsNamed(sent, 'web_app_open_popup')).toHaveLength(1);
    hostSends('popup_closed', { button_id: 'ok' });

    await expect(confirmed).resolves.toBe(true);
  });
});

describe('TelegramPlatform main and back buttons', () => {
  it('sets up the main button with text, visibility, activity, progress and colours', async () => {
    const { platform, sent } = await startInTelegram();

    platform.setMainButton({
      text: 'Publish',
      visible: true,
      enabled: false,
      loading: true,
      color: '#FF0000',
      textColor: '#000',
    });

    expect(eventsNamed(sent, 'web_app_setup_main_button').at(-1)).toEqual({
      text: 'Publish',
      is_visible: true,
      is_active: false,
      is_progress_visible: true,
      color: '#ff0000',
      text_color: '#000000',
      has_shine_effect: false,
    });
  });

  it('keeps earlier main button settings on a partial update and uses the theme button colour by default', async () => {
    const { platform, sent } = await startInTelegram();

    platform.setMainButton({ text: 'Continue', visible: true });
    platform.setMainButton({ loading: true });
    platform.setMainButton({ loading: false, visible: false });

    expect(eventsNamed(sent, 'web_app_setup_main_button')).toEqual([
      expect.objectContaining({
        text: 'Continue',
        is_visible: true,
        is_active: true,
        is_progress_visible: false,
        color: '#3390ec',
        text_color: '#ffffff',
      }),
      expect.objectContaining({ text: 'Continue', is_visible: true, is_progress_visible: true }),
      expect.objectContaining({ text: 'Continue', is_visible: false, is_progress_visible: false }),
    ]);
  });

  it('delivers main_button_pressed to listeners until they unsubscribe', async () => {
    const { platform } = await startInTelegram();
    const clicks = jest.fn();

    const unsubscribe = platform.onMainButtonClick(clicks);
    hostSends('main_button_pressed');
    nativeHostSends('main_button_pressed');
    unsubscribe();
    hostSends('main_button_pressed');

    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('shows and hides the back button', async () => {
    const { platform, sent } = await startInTelegram();

    platform.showBackButton(true);
    platform.showBackButton(false);

    expect(eventsNamed(sent, 'web_app_setup_back_button')).toEqual([{ is_visible: true }, { is_visible: false }]);
  });

  it('delivers back_button_pressed to listeners until they unsubscribe', async () => {
    const { platform } = await startInTelegram();
    const presses = jest.fn();

    const unsubscribe = platform.onBackButtonClick(presses);
    hostSends('back_button_pressed');
    unsubscribe();
    hostSends('back_button_pressed');

    expect(presses).toHaveBeenCalledTimes(1);
  });
});

describe('TelegramPlatform haptics, colours, links and closing', () => {
  it('triggers impact, notification and selection haptics', async () => {
    const { platform, sent } = await startInTelegram();

    platform.hapticImpact('medium');
    platform.hapticNotification('error');
    platform.hapticNotification('success');
    platform.hapticSelection();

    expect(eventsNamed(sent, 'web_app_trigger_haptic_feedback')).toEqual([
      { type: 'impact', impact_style: 'medium' },
      { type: 'notification', notification_type: 'error' },
      { type: 'notification', notification_type: 'success' },
      { type: 'selection_change' },
    ]);
  });

  it('sets the header colour as a colour or a theme key, and the background colour', async () => {
    const { platform, sent } = await startInTelegram({ version: '7.0' });

    platform.setHeaderColor('#112233');
    platform.setHeaderColor('secondary_bg_color');
    platform.setBackgroundColor('#ABCDEF');

    expect(eventsNamed(sent, 'web_app_set_header_color')).toEqual([
      { color: '#112233' },
      { color_key: 'secondary_bg_color' },
    ]);
    expect(eventsNamed(sent, 'web_app_set_background_color')).toEqual([{ color: '#abcdef' }]);
  });

  it('sends only theme keys as header colour to hosts older than 6.9', async () => {
    const { platform, sent } = await startInTelegram({ version: '6.8' });

    platform.setHeaderColor('#112233');
    platform.setHeaderColor('bg_color');
    platform.setHeaderColor('secondary_bg_color');

    expect(eventsNamed(sent, 'web_app_set_header_color')).toEqual([{ color_key: 'secondary_bg_color' }]);
  });

  it('opens links in the browser and t.me links inside Telegram', async () => {
    const { platform, sent } = await startInTelegram();

    platform.openLink('https://backers.example/help/android');
    platform.openTelegramLink('https://t.me/BackersBot?startchannel&admin=promote_members+change_info');
    platform.openTelegramLink('t.me/support');

    expect(eventsNamed(sent, 'web_app_open_link')).toEqual([{ url: 'https://backers.example/help/android' }]);
    expect(eventsNamed(sent, 'web_app_open_tg_link')).toEqual([
      { path_full: '/BackersBot?startchannel&admin=promote_members+change_info' },
      { path_full: '/support' },
    ]);
  });

  it('guards unsaved changes: closing confirmation on and vertical swipes off, both restored when cleared', async () => {
    const { platform, sent } = await startInTelegram({ version: '8.0' });

    platform.protectUnsavedChanges(false);
    expect(eventsNamed(sent, 'web_app_setup_closing_behavior')).toEqual([]);
    expect(eventsNamed(sent, 'web_app_setup_swipe_behavior')).toEqual([]);
    platform.protectUnsavedChanges(true);
    platform.protectUnsavedChanges(true);
    platform.protectUnsavedChanges(false);

    expect(eventsNamed(sent, 'web_app_setup_closing_behavior')).toEqual([
      { need_confirmation: true },
      { need_confirmation: false },
    ]);
    expect(eventsNamed(sent, 'web_app_setup_swipe_behavior').at(-1)).toEqual({ allow_vertical_swipe: true });
    expect(eventsNamed(sent, 'web_app_setup_swipe_behavior')).toContainEqual({ allow_vertical_swipe: false });
  });

  it('downloads a file through the host from Mini Apps 8.0, else opens the link', async () => {
    const { platform, sent } = await startInTelegram({ version: '8.0' });
    void platform.downloadFile('https://backers.example/api/v2/revenue/export/t.s', 'transactions.csv');
    expect(eventsNamed(sent, 'web_app_request_file_download')).toEqual([
      { url: 'https://backers.example/api/v2/revenue/export/t.s', file_name: 'transactions.csv' },
    ]);

    const older = await startInTelegram({ version: '7.0' });
    await expect(older.platform.downloadFile('https://backers.example/export.csv', 'transactions.csv')).resolves.toBe(
      'browser',
    );
    expect(eventsNamed(older.sent, 'web_app_request_file_download')).toEqual([]);
    expect(eventsNamed(older.sent, 'web_app_open_link')).toEqual([
      expect.objectContaining({ url: 'https://backers.example/export.csv' }),
    ]);
  });

  // https://core.telegram.org/bots/webapps: openInvoice(url) opens the invoice; invoiceClosed reports its url's
  // status (paid, cancelled, failed, pending). On the wire: web_app_open_invoice {slug}, invoice_closed {slug, status}.
  it('opens an invoice link in the host and resolves with the status the host reports for it', async () => {
    const { platform, sent } = await startInTelegram({ version: '7.10' });

    const paid = platform.openInvoice('https://t.me/$AbC-123_x');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(eventsNamed(sent, 'web_app_open_invoice')).toEqual([{ slug: 'AbC-123_x' }]);
    hostSends('invoice_closed', { slug: 'another', status: 'paid' });
    hostSends('invoice_closed', { slug: 'AbC-123_x', status: 'paid' });
    await expect(paid).resolves.toBe('paid');

    const cancelled = platform.openInvoice('https://t.me/$AbC-123_x');
    await new Promise((resolve) => setTimeout(resolve, 0));
    hostSends('invoice_closed', { slug: 'AbC-123_x', status: 'cancelled' });
    await expect(cancelled).resolves.toBe('cancelled');

    const unknown = platform.openInvoice('https://t.me/invoice/Other');
    await new Promise((resolve) => setTimeout(resolve, 0));
    hostSends('invoice_closed', { slug: 'Other', status: 'something_new' });
    await expect(unknown).resolves.toBe('failed');
  });

  it('opens an invoice link as a link, pending, where the host has no invoices', async () => {
    const { platform, sent } = await startInTelegram({ version: '6.0' });

    await expect(platform.openInvoice('https://t.me/$AbC')).resolves.toBe('pending');
    expect(eventsNamed(sent, 'web_app_open_invoice')).toEqual([]);
  });

  it('closes the mini app', async () => {
    const { platform, sent } = await startInTelegram();

    platform.close();

    expect(sent.map((event) => event.name)).toContain('web_app_close');
  });

  it('notifies theme listeners when the host changes the theme', async () => {
    const { platform } = await startInTelegram();
    const listener = jest.fn();
    platform.onThemeChanged(listener);

    hostSends('theme_changed', {
      theme_params: { bg_color: '#000000', text_color: '#ffffff', button_color: '#8774e1' },
    });

    expect(listener).toHaveBeenLastCalledWith(
      { bgColor: '#000000', textColor: '#ffffff', buttonColor: '#8774e1' },
      true,
    );
    expect(platform.launchInfo().theme.bgColor).toBe('#000000');
  });
});

describe('TelegramPlatform popups', () => {
  it('opens a popup and resolves with the pressed button id on popup_closed', async () => {
    const { platform, sent } = await startInTelegram();

    const answer = platform.showPopup({
      title: 'Copied',
      message: 'Bot username copied',
      buttons: [
        { id: 'help', type: 'default', text: 'Help' },
        { id: 'close', type: 'close' },
      ],
    });
    expect(eventsNamed(sent, 'web_app_open_popup')).toEqual([
      {
        title: 'Copied',
        message: 'Bot username copied',
        buttons: [
          { id: 'help', type: 'default', text: 'Help' },
          { id: 'close', type: 'close' },
        ],
      },
    ]);
    hostSends('popup_closed', { button_id: 'help' });

    await expect(answer).resolves.toBe('help');
  });

  it('resolves with null when the popup is dismissed', async () => {
    const { platform } = await startInTelegram();

    const answer = platform.showPopup({
      message: 'Delete?',
      buttons: [
        { id: 'delete', type: 'destructive', text: 'Delete' },
        { id: 'cancel', type: 'cancel' },
      ],
    });
    hostSends('popup_closed', {});

    await expect(answer).resolves.toBeNull();
  });

  it('shows a confirm with ok and cancel and resolves true only for ok', async () => {
    const { platform, sent } = await startInTelegram();

    const confirmed = platform.showConfirm('Cancel the subscription?');
    hostSends('popup_closed', { button_id: 'ok' });
    await expect(confirmed).resolves.toBe(true);

    const refused = platform.showConfirm('Cancel the subscription?');
    hostSends('popup_closed', { button_id: 'cancel' });
    await expect(refused).resolves.toBe(false);

    expect(eventsNamed(sent, 'web_app_open_popup')[0]).toEqual({
      title: '',
      message: 'Cancel the subscription?',
      buttons: [
        { id: 'ok', type: 'ok' },
        { id: 'cancel', type: 'cancel' },
      ],
    });
  });

  it('shows an alert with a close button and resolves when it closes', async () => {
    const { platform, sent } = await startInTelegram();

    const shown = platform.showAlert('Tick the terms checkbox first');
    hostSends('popup_closed', { button_id: 'close' });

    await expect(shown).resolves.toBeUndefined();
    expect(eventsNamed(sent, 'web_app_open_popup')).toEqual([
      { title: '', message: 'Tick the terms checkbox first', buttons: [{ id: 'close', type: 'close' }] },
    ]);
  });

  it('uses the browser dialogs on hosts without popups (before 6.2)', async () => {
    const { platform, sent } = await startInTelegram({ version: '6.1' });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);

    await expect(platform.showConfirm('Sure?')).resolves.toBe(true);

    expect(confirm).toHaveBeenCalledWith('Sure?');
    expect(eventsNamed(sent, 'web_app_open_popup')).toEqual([]);
    confirm.mockRestore();
  });
});

describe('TelegramPlatform clipboard', () => {
  const originalClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  afterEach(() => {
    if (originalClipboard) Object.defineProperty(navigator, 'clipboard', originalClipboard);
    else delete (navigator as { clipboard?: unknown }).clipboard;
  });

  function browserClipboard(writeText: (text: string) => Promise<void>): void {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  }

  it('copies through the browser clipboard', async () => {
    const { platform } = await startInTelegram();
    const copied: string[] = [];
    browserClipboard(async (text) => {
      copied.push(text);
    });

    await expect(platform.copyToClipboard('@BackersBot')).resolves.toBe(true);
    expect(copied).toEqual(['@BackersBot']);
  });

  it('reports failure when the clipboard refuses and no copy command exists', async () => {
    const { platform } = await startInTelegram();
    browserClipboard(() => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError')));

    await expect(platform.copyToClipboard('@BackersBot')).resolves.toBe(false);
  });
});
