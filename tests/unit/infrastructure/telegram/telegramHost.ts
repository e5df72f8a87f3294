/**
 * A minimal Telegram host for jsdom: launch parameters in the URL hash, a native bridge
 * (`window.TelegramWebviewProxy.postEvent`) that records what the app sends, and host events
 * delivered the way web clients deliver them (a `message` event from the parent window).
 */
import type { TelegramPlatform } from '../../../../src/infrastructure/telegram/TelegramPlatform';

export interface SentEvent {
  readonly name: string;
  readonly params: unknown;
}

export interface LaunchSetup {
  readonly platform?: string;
  readonly version?: string;
  readonly theme?: Record<string, string>;
  readonly startParam?: string;
}

export const DEFAULT_THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  button_color: '#3390ec',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f1f1f1',
  hint_color: '#999999',
};

export const TEST_USER = {
  id: 279058397,
  first_name: 'Vladislav',
  last_name: 'Kibenko',
  username: 'vdkfrost',
  language_code: 'ru',
  photo_url: 'https://t.me/i/userpic/320/4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg',
};

export function rawInitDataFor(startParam?: string): string {
  const data = new URLSearchParams({
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(TEST_USER),
    auth_date: '1736899200',
  });
  if (startParam) data.set('start_param', startParam);
  data.set('signature', 'kd9Ekud3FwyZiZmLzGdxH6z5oX6Qy-4q6Y0w7HQzuSYWyK5sJ6-q4x7bkHwXj1ByzUxQpL1Lh3Pw1eLwcxF9Dg');
  data.set('hash', '89d6079ad6762351f38c6dbbc41bb53048019256a9443988af7a48bcad16ba31');
  return data.toString();
}

type BridgeWindow = Window & { TelegramWebviewProxy?: { postEvent(name: string, data?: string): void } };

/** Opens the page as Telegram would and returns the log of events the app sends to the host. */
export function launchInTelegram(setup: LaunchSetup = {}): SentEvent[] {
  window.sessionStorage.clear();
  const launch = new URLSearchParams({
    tgWebAppData: rawInitDataFor(setup.startParam),
    tgWebAppVersion: setup.version ?? '7.0',
    tgWebAppPlatform: setup.platform ?? 'android',
    tgWebAppThemeParams: JSON.stringify(setup.theme ?? DEFAULT_THEME),
  });
  if (setup.startParam) launch.set('tgWebAppStartParam', setup.startParam);
  window.history.replaceState(null, '', `/#${launch.toString()}`);
  const sent: SentEvent[] = [];
  (window as BridgeWindow).TelegramWebviewProxy = {
    postEvent(name, data) {
      sent.push({ name, params: data === undefined ? undefined : JSON.parse(data) });
    },
  };
  return sent;
}

/** A plain browser tab: no launch parameters, no native bridge. */
export function openInBrowser(path = '/'): void {
  window.sessionStorage.clear();
  window.localStorage.clear();
  delete (window as BridgeWindow).TelegramWebviewProxy;
  // Each fresh SDK copy chains its receivers onto these globals; start every test from none.
  const globals = window as unknown as Record<string, unknown>;
  for (const name of ['Telegram', 'TelegramGameProxy', 'TelegramGameProxy_receiveEvent']) delete globals[name];
  window.history.replaceState(null, '', path);
}

/** The host sends an event, as Telegram web clients do through `postMessage` from the parent frame. */
export function hostSends(eventType: string, eventData?: unknown): void {
  window.dispatchEvent(
    new MessageEvent('message', { data: JSON.stringify({ eventType, eventData }), source: window.parent }),
  );
}

/** The host sends an event the way the native apps do: `window.Telegram.WebView.receiveEvent`. */
export function nativeHostSends(eventType: string, eventData?: unknown): void {
  const telegram = (
    window as unknown as { Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } } }
  ).Telegram;
  const receive = telegram?.WebView?.receiveEvent;
  if (!receive) throw new Error('the SDK installed no native event receiver');
  receive(eventType, eventData);
}

/** A fresh copy of the adapter and the SDK (the SDK keeps its state in module scope). */
export async function loadTelegramPlatform(): Promise<typeof TelegramPlatform> {
  jest.resetModules();
  const module = await import('../../../../src/infrastructure/telegram/TelegramPlatform');
  return module.TelegramPlatform;
}

export function eventsNamed(sent: readonly SentEvent[], name: string): unknown[] {
  return sent.filter((event) => event.name === name).map((event) => event.params);
}
