import { HostBridge, type LoggedEvent } from './bridge';
import { BotChatPane } from './botChat';
import { ChannelPane } from './channels';
import { LaunchControls, type LaunchSettings } from './controls';
import { asRecord, byId } from './dom';
import { EventLogView } from './eventLog';
import { buildFrameUrl, parseTgLink } from './launch';
import { PhoneView, type PopupButton } from './phone';
import { ChannelPicker, type PickedChannel } from './picker';
import { ShareSheet } from './shareSheet';
import { sandboxApi } from './sandboxApi';
import { StarsSheetView } from './starsSheet';
import { isHexColor, resolveColor, themeFor, type ThemeParams } from './themes';

interface Session {
  settings: LaunchSettings;
  initData: string;
  frameUrl: string;
  theme: ThemeParams;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** The emulated messenger: reacts to the mini-app's method calls and sends it Telegram's events. */
class Host {
  private readonly log = new EventLogView();
  private readonly bridge = new HostBridge(
    (method, params) => this.handle(method, params),
    (event) => this.log.add(event),
  );
  private readonly phone = new PhoneView({
    back: () => this.bridge.send('back_button_pressed'),
    close: () => this.requestClose(),
    main: () => this.bridge.send('main_button_pressed'),
    secondary: () => this.bridge.send('secondary_button_pressed'),
    settings: () => this.bridge.send('settings_button_pressed'),
  });
  private readonly controls = new LaunchControls({
    launch: (settings) => void this.launch(settings),
    schemeChanged: () => this.applyScheme(),
  });
  private readonly channels = new ChannelPane((startParam) => this.relaunchWithStartParam(startParam));
  private readonly botChat = new BotChatPane((url) => this.openChatButton(url));
  private readonly picker = new ChannelPicker((picked) => this.addBotToChannel(picked));
  private readonly shareSheet = new ShareSheet();
  private readonly starsSheet = new StarsSheetView((inert) => this.phone.setInert(inert));
  private session: Session | undefined;
  private lastSettings: LaunchSettings | undefined;
  private needsCloseConfirmation = false;
  private lastViewport = '';

  async start(): Promise<void> {
    this.bridge.install();
    byId('reopen-button').addEventListener('click', () => {
      if (this.lastSettings) void this.launch(this.lastSettings);
    });
    byId('demo-operator-button').addEventListener('click', () => {
      // Opened before the call answers, so the browser keeps it as the click's own window.
      const opened = window.open('about:blank', '_blank');
      void sandboxApi.demoOperatorLink().then(
        ({ url }) => {
          if (opened) opened.location.href = url;
          else window.location.href = url;
        },
        (error: unknown) => {
          opened?.close();
          this.controls.setStatus(
            `No operator sign-in link (${error instanceof Error ? error.message : String(error)}).`,
            true,
          );
        },
      );
    });
    new ResizeObserver(() => this.sendViewport(false)).observe(byId('frame-host'));
    this.exposeForTests();

    let users: Awaited<ReturnType<typeof sandboxApi.users>> = { demo: [], recent: [] };
    try {
      users = await sandboxApi.users();
    } catch (error) {
      this.controls.setStatus(
        `Demo accounts could not be loaded (${error instanceof Error ? error.message : String(error)}).`,
        true,
      );
    }
    const launchNow = this.controls.init(users, new URLSearchParams(window.location.search));
    this.applyScheme();
    document.body.dataset.ready = 'true';
    if (launchNow) {
      const settings = this.controls.read();
      if (typeof settings === 'string') this.controls.setStatus(settings, true);
      else await this.launch(settings);
    }
  }

  async launch(settings: LaunchSettings): Promise<void> {
    this.lastSettings = settings;
    this.controls.setStatus('Launching…');
    let answer: { initData: string; launchUrl: string };
    try {
      answer = await sandboxApi.launch({
        telegramId: settings.telegramId,
        firstName: settings.firstName,
        ...(settings.username ? { username: settings.username } : {}),
        languageCode: settings.languageCode,
        ...(settings.startParam ? { startParam: settings.startParam } : {}),
        platform: settings.client.platform,
      });
    } catch (error) {
      this.controls.setStatus(`Launch failed: ${error instanceof Error ? error.message : String(error)}`, true);
      return;
    }
    const theme = themeFor(settings.client.platform, settings.scheme);
    const frameUrl = buildFrameUrl(answer.launchUrl, window.location.origin, {
      client: settings.client,
      theme,
      appPath: settings.appPath,
      startParam: settings.startParam,
    });
    this.starsSheet.close('cancelled');
    this.session = { settings, initData: answer.initData, frameUrl, theme };
    this.needsCloseConfirmation = false;
    this.lastViewport = '';
    this.phone.setState('running');
    this.phone.resetChrome();
    this.phone.setTheme(theme, settings.client.platform);
    this.log.note(
      `launch as ${settings.firstName} (${settings.telegramId}) on ${settings.client.label}, ${settings.scheme}` +
        `${settings.startParam ? `, start parameter ${settings.startParam}` : ''}`,
    );
    const frame = this.phone.mountFrame(frameUrl, () => this.log.note('page loaded'));
    this.bridge.attach(frame);
    this.channels.setUser(settings.telegramId, settings.channels);
    this.botChat.setUser({
      telegramId: settings.telegramId,
      firstName: settings.firstName,
      ...(settings.username ? { username: settings.username } : {}),
      languageCode: settings.languageCode,
    });
    this.controls.setStatus(`Running as ${settings.firstName} (${settings.telegramId}).`);
  }

  private relaunchWithStartParam(startParam: string | undefined): void {
    const base = this.session?.settings ?? this.lastSettings;
    if (!base) return;
    this.controls.setStartParam(startParam);
    const { startParam: _previous, ...rest } = base;
    void this.launch(startParam ? { ...rest, startParam } : rest);
  }

  private close(reason: string): void {
    this.starsSheet.close('cancelled');
    this.bridge.detach();
    this.session = undefined;
    this.phone.setState('closed');
    this.log.note(`closed (${reason})`);
    this.controls.setStatus('The mini-app is closed.');
  }

  /** The header's Close: asks first when the app enabled closing confirmation, as Telegram does. */
  private requestClose(): void {
    if (!this.needsCloseConfirmation) return this.close('Close pressed');
    this.phone.openPopup(
      {
        title: '',
        message: 'Changes that you made may not be saved.',
        buttons: [
          { id: 'close', type: 'destructive', text: 'Close anyway' },
          { id: 'cancel', type: 'cancel', text: '' },
        ],
      },
      (buttonId) => {
        if (buttonId === 'close') this.close('Close confirmed');
      },
    );
  }

  private applyScheme(): void {
    const scheme = this.controls.scheme();
    if (this.session) {
      const settings = { ...this.session.settings, scheme };
      const theme = themeFor(settings.client.platform, scheme);
      this.session = { ...this.session, settings, theme };
      this.lastSettings = settings;
      this.phone.setTheme(theme, settings.client.platform);
      this.bridge.send('theme_changed', { theme_params: theme });
    } else {
      const settings = this.controls.read();
      const platform = typeof settings === 'string' ? 'ios' : settings.client.platform;
      this.phone.setTheme(themeFor(platform, scheme), platform);
    }
  }

  private sendViewport(force: boolean): void {
    if (!this.session) return;
    const { width, height } = this.phone.viewport();
    const key = `${width}x${height}`;
    if (!force && key === this.lastViewport) return;
    this.lastViewport = key;
    this.bridge.send('viewport_changed', { height, width, is_expanded: true, is_state_stable: true });
  }

  private handle(method: string, raw: unknown): void {
    const session = this.session;
    if (!session) return;
    const params = asRecord(raw);
    switch (method) {
      case 'iframe_ready':
      case 'iframe_will_reload':
      case 'web_app_setup_swipe_behavior':
      case 'web_app_hide_keyboard':
      case 'web_app_switch_inline_query':
      case 'web_app_share_to_story':
        return; // logged; nothing for the host to draw
      case 'web_app_ready':
        this.phone.setReady();
        return;
      case 'web_app_expand':
      case 'web_app_request_viewport':
        return this.sendViewport(true);
      case 'web_app_request_theme':
        return this.bridge.send('theme_changed', { theme_params: session.theme });
      case 'web_app_request_safe_area':
        return this.bridge.send('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
      case 'web_app_request_content_safe_area':
        return this.bridge.send('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
      case 'web_app_setup_back_button':
        return this.phone.setBackVisible(bool(params.is_visible, false));
      case 'web_app_setup_settings_button':
        return this.phone.setSettingsVisible(bool(params.is_visible, false));
      case 'web_app_setup_closing_behavior':
        this.needsCloseConfirmation = bool(params.need_confirmation, false);
        return;
      case 'web_app_setup_main_button':
        return this.phone.updateMainButton(this.barButton(params));
      case 'web_app_setup_secondary_button':
        return this.phone.updateSecondaryButton({
          ...this.barButton(params),
          position: str(params.position) || 'left',
        });
      case 'web_app_set_header_color': {
        const color = resolveColor(params.color ?? params.color_key, session.theme);
        if (color) this.phone.setHeaderColor(color);
        return;
      }
      case 'web_app_set_background_color': {
        const color = resolveColor(params.color, session.theme);
        if (color) this.phone.setBackgroundColor(color);
        return;
      }
      case 'web_app_set_bottom_bar_color': {
        const color = resolveColor(params.color, session.theme);
        if (color) this.phone.setBottomBarColor(color);
        return;
      }
      case 'web_app_trigger_haptic_feedback':
        return this.phone.pulse();
      case 'web_app_open_popup':
        return this.openPopup(params);
      case 'web_app_open_link':
        return this.openLink(str(params.url));
      case 'web_app_open_tg_link':
        return void this.openTgLink(str(params.path_full));
      case 'web_app_close':
        return this.close('the app called web_app_close');
      case 'web_app_data_send':
        return this.close('the app sent data to the bot');
      case 'web_app_read_text_from_clipboard':
        return void this.readClipboard(str(params.req_id));
      case 'web_app_request_phone':
        return this.askPermission('Share your phone number with the bot?', 'Share', (granted) =>
          this.bridge.send('phone_requested', { status: granted ? 'sent' : 'cancelled' }),
        );
      case 'web_app_request_write_access':
        return this.askPermission('Allow the bot to message you?', 'Allow', (granted) =>
          this.bridge.send('write_access_requested', { status: granted ? 'allowed' : 'cancelled' }),
        );
      case 'web_app_invoke_custom_method':
        return this.invokeCustomMethod(session, params);
      case 'web_app_request_file_download':
        return this.downloadFile(str(params.url), str(params.file_name));
      case 'web_app_open_invoice':
        return this.openInvoice(session, str(params.slug));
      case 'web_app_open_scan_qr_popup':
        return this.bridge.send('scan_qr_popup_closed', {});
      case 'web_app_biometry_get_info':
        return this.bridge.send('biometry_info_received', { available: false });
      case 'web_app_check_home_screen':
        return this.bridge.send('home_screen_checked', { status: 'unsupported' });
      case 'web_app_request_fullscreen':
        return this.bridge.send('fullscreen_failed', { error: 'UNSUPPORTED' });
      case 'web_app_exit_fullscreen':
        return this.bridge.send('fullscreen_changed', { is_fullscreen: false });
      case 'web_app_check_location':
        return this.bridge.send('location_checked', { available: false });
      case 'web_app_request_emoji_status_access':
        return this.bridge.send('emoji_status_access_requested', { status: 'cancelled' });
      default:
        if (method.startsWith('web_app_device_storage_'))
          return this.bridge.send('device_storage_failed', { req_id: str(params.req_id), error: 'UNSUPPORTED' });
        if (method.startsWith('web_app_secure_storage_'))
          return this.bridge.send('secure_storage_failed', { req_id: str(params.req_id), error: 'UNSUPPORTED' });
        this.log.note(`${method} is not emulated`);
    }
  }

  private barButton(params: Record<string, unknown>) {
    return {
      text: str(params.text),
      color: isHexColor(params.color) ? params.color : undefined,
      textColor: isHexColor(params.text_color) ? params.text_color : undefined,
      isVisible: bool(params.is_visible, false),
      isActive: bool(params.is_active, true),
      isProgressVisible: bool(params.is_progress_visible, false),
      hasShineEffect: bool(params.has_shine_effect, false),
    };
  }

  /**
   * Like Telegram: the invoice's payment sheet over the app; when it closes, invoice_closed with the slug the app
   * passed and paid, cancelled or failed. Stars invoices (t.me/$slug) are paid from the user's demo balance through
   * the Bot API double.
   */
  private openInvoice(session: Session, slug: string): void {
    const user = session.settings;
    const link = `https://t.me/$${slug}`;
    const closed = this.starsSheet.open(link, {
      sheet: (invoiceLink) => sandboxApi.starsSheet(invoiceLink, user.telegramId),
      pay: (invoiceLink) =>
        sandboxApi.payStars(
          { telegramId: user.telegramId, firstName: user.firstName, languageCode: user.languageCode },
          invoiceLink,
        ),
      topUp: (stars) => sandboxApi.setStarsBalance(user.telegramId, stars),
    });
    if (!closed) {
      this.log.note('web_app_open_invoice ignored: an invoice is already open');
      return;
    }
    void closed.then((status) => {
      this.log.note(`invoice ${slug} closed: ${status}`);
      if (status === 'paid') this.phone.showNotice('Payment complete.');
      // The app may have been closed or relaunched meanwhile; its new frame did not open this invoice.
      if (this.session === session) this.bridge.send('invoice_closed', { slug, status });
    });
  }

  private openPopup(params: Record<string, unknown>): void {
    const buttons: PopupButton[] = (Array.isArray(params.buttons) ? params.buttons : []).map((b) => {
      const button = asRecord(b);
      return { id: str(button.id), type: str(button.type) || 'default', text: str(button.text) };
    });
    const opened = this.phone.openPopup(
      { title: str(params.title), message: str(params.message), buttons },
      (buttonId) => this.bridge.send('popup_closed', buttonId === undefined ? {} : { button_id: buttonId }),
    );
    if (!opened) this.log.note('web_app_open_popup ignored: a popup is already open');
  }

  private openLink(url: string): void {
    if (!/^https?:\/\//i.test(url)) return this.log.note(`web_app_open_link ignored: ${url} is not http(s)`);
    window.open(url, '_blank', 'noopener');
    this.phone.showNotice(`Opened ${url} in a new tab.`);
  }

  private async openTgLink(pathFull: string): Promise<void> {
    const link = parseTgLink(pathFull);
    switch (link.kind) {
      case 'add-bot-to-channel': {
        this.bridge.send('visibility_changed', { is_visible: false });
        const picked = await this.picker.open(link.bot, link.adminRights);
        this.bridge.send('visibility_changed', { is_visible: true });
        if (picked) this.phone.showNotice(`@${link.bot} is now an admin of ${picked.title}.`);
        return;
      }
      case 'open-mini-app':
        this.log.note(
          `t.me link reopens the mini-app${link.startParam ? ` with start parameter ${link.startParam}` : ''}`,
        );
        return this.relaunchWithStartParam(link.startParam);
      case 'open-chat':
        return this.phone.showNotice(`Telegram would open the chat with @${link.username}.`);
      case 'share': {
        this.bridge.send('visibility_changed', { is_visible: false });
        const shared = await this.shareSheet.open(link.url, link.text);
        this.bridge.send('visibility_changed', { is_visible: true });
        if (shared === undefined) return;
        this.log.note(`shared to ${shared.chat}: ${shared.message}`);
        return this.phone.showNotice(`Sent to ${shared.chat}.`);
      }
      default:
        if (link.path.startsWith('/+')) return this.joinByInviteLink(`https://t.me${link.path}`);
        return this.phone.showNotice(`Telegram would open t.me${link.path}.`);
    }
  }

  /** A button in the bot chat: a t.me link opens as Telegram opens it (the mini-app, an invite link), the rest in a tab. */
  private openChatButton(url: string): void {
    const tme = /^https?:\/\/t\.me(\/.*)$/i.exec(url);
    if (tme) return void this.openTgLink(tme[1]!);
    this.openLink(url);
  }

  /** An invite link opened in the messenger: the sandbox's Telegram lets the user in (or asks the bot, or refuses). */
  private async joinByInviteLink(link: string): Promise<void> {
    const user = this.session?.settings ?? this.lastSettings;
    if (!user) return this.phone.showNotice('Launch the app first.');
    try {
      const joined = await sandboxApi.joinByLink(user.telegramId, user.firstName, link);
      const said =
        joined.status === 'member'
          ? 'You joined the channel.'
          : joined.status === 'requested'
            ? 'Your request to join was sent.'
            : `You could not join (${joined.status}).`;
      this.log.note(`invite link ${link}: ${joined.status} in ${joined.chatId}`);
      this.phone.showNotice(said);
    } catch (error) {
      this.phone.showNotice(
        `This invite link does not work: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    void this.channels.refresh(false);
  }

  private async addBotToChannel(picked: PickedChannel): Promise<void> {
    const owner = this.session?.settings ?? this.lastSettings;
    if (!owner) throw new Error('Launch the app first.');
    await sandboxApi.channelAdded({ ownerTelegramId: owner.telegramId, ...picked });
    this.log.note(
      `bot added to ${picked.title} (${picked.chatId})${picked.moderation ? `, moderation ${picked.moderation}` : ''}`,
    );
    this.channels.addChannel({
      chatId: picked.chatId,
      title: picked.title,
      ...(picked.username ? { username: picked.username } : {}),
    });
  }

  private async readClipboard(reqId: string): Promise<void> {
    let data: string | null;
    try {
      data = await navigator.clipboard.readText();
    } catch {
      data = null; // no permission (headless browsers): Telegram answers null too
    }
    this.bridge.send('clipboard_text_received', { req_id: reqId, data });
  }

  /** Like Telegram: asks first, then the browser downloads the file (the app hears `downloading` or `cancelled`). */
  private downloadFile(url: string, fileName: string): void {
    if (!/^https?:\/\//i.test(url)) {
      this.log.note(`web_app_request_file_download refused: ${url} is not http(s)`);
      return this.bridge.send('file_download_requested', { status: 'cancelled' });
    }
    this.askPermission(`Download ${fileName || 'this file'}?`, 'Download', (granted) => {
      this.bridge.send('file_download_requested', { status: granted ? 'downloading' : 'cancelled' });
      if (!granted) return;
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.rel = 'noopener';
      link.click();
      this.phone.showNotice(`Downloading ${fileName || url}.`);
    });
  }

  private askPermission(message: string, allowText: string, answer: (granted: boolean) => void): void {
    const opened = this.phone.openPopup(
      {
        title: 'Backers',
        message,
        buttons: [
          { id: 'allow', type: 'default', text: allowText },
          { id: 'deny', type: 'cancel', text: '' },
        ],
      },
      (buttonId) => answer(buttonId === 'allow'),
    );
    if (!opened) answer(false);
  }

  /** CloudStorage over web_app_invoke_custom_method, kept per user in this browser's localStorage. */
  private invokeCustomMethod(session: Session, params: Record<string, unknown>): void {
    const reqId = str(params.req_id);
    const args = asRecord(params.params);
    const key = `backers-emulator:cloud:${session.settings.telegramId}`;
    const store = asRecord(JSON.parse(localStorage.getItem(key) ?? '{}')) as Record<string, string>;
    const keys = (Array.isArray(args.keys) ? args.keys : []).map(String);
    const reply = (result: unknown) => this.bridge.send('custom_method_invoked', { req_id: reqId, result });
    switch (str(params.method)) {
      case 'saveStorageValue':
        store[str(args.key)] = str(args.value);
        localStorage.setItem(key, JSON.stringify(store));
        return reply(true);
      case 'getStorageValues':
        return reply(Object.fromEntries(keys.map((k) => [k, store[k] ?? ''])));
      case 'deleteStorageValues':
        for (const k of keys) delete store[k];
        localStorage.setItem(key, JSON.stringify(store));
        return reply(true);
      case 'getStorageKeys':
        return reply(Object.keys(store));
      default:
        return this.bridge.send('custom_method_invoked', { req_id: reqId, error: 'UNSUPPORTED_METHOD' });
    }
  }

  /** A small API for tests and the console: `window.backersEmulator`. */
  private exposeForTests(): void {
    const api = {
      events: (): readonly LoggedEvent[] => this.log.events,
      launchUrl: (): string | undefined => this.session?.frameUrl,
      initData: (): string | undefined => this.session?.initData,
      send: (eventType: string, eventData?: unknown) => this.bridge.send(eventType, eventData),
      refreshChannels: () => this.channels.refresh(true),
      refreshBotChat: () => this.botChat.refresh(),
    };
    Object.defineProperty(window, 'backersEmulator', { value: api, configurable: true });
  }
}

void new Host().start();
