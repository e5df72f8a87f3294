import type { ColorScheme, PlatformFamily, ThemeParams } from './themes';

/** A messenger client the emulator can pretend to be: tgWebAppPlatform plus the Mini Apps version it supports. */
export interface ClientChoice {
  id: string;
  label: string;
  platform: PlatformFamily;
  version: string;
}

export const clients: readonly ClientChoice[] = [
  { id: 'ios', label: 'iOS (Mini Apps 8.0)', platform: 'ios', version: '8.0' },
  { id: 'android-7.10', label: 'Android 7.10', platform: 'android', version: '7.10' },
  { id: 'android-6.6', label: 'Android 6.6 (older client)', platform: 'android', version: '6.6' },
  { id: 'tdesktop', label: 'Desktop (tdesktop, 8.0)', platform: 'tdesktop', version: '8.0' },
];

/** A client by id; a bare platform name (android, ios, tdesktop) picks that platform's newest client. */
export function clientById(id: string | null | undefined): ClientChoice {
  return clients.find((c) => c.id === id) ?? clients.find((c) => c.platform === id) ?? clients[0];
}

/** The page locales of spec section 1 (ru, en, id first: the channel and user languages). */
export const languages: readonly { code: string; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'ru', name: 'Русский' },
  { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'ar', name: 'العربية' },
  { code: 'be', name: 'Беларуская' },
  { code: 'ca', name: 'Català' },
  { code: 'hr', name: 'Hrvatski' },
  { code: 'cs', name: 'Čeština' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'fi', name: 'Suomi' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'hu', name: 'Magyar' },
  { code: 'it', name: 'Italiano' },
  { code: 'kk', name: 'Қазақ' },
  { code: 'ko', name: '한국어' },
  { code: 'ms', name: 'Bahasa Melayu' },
  { code: 'pl', name: 'Polski' },
  { code: 'pt', name: 'Português' },
  { code: 'sr', name: 'Српски' },
  { code: 'sk', name: 'Slovenčina' },
  { code: 'es', name: 'Español' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'uk', name: 'Українська' },
];

export interface LaunchChoice {
  client: ClientChoice;
  theme: ThemeParams;
  /** Replaces the path of the server's launch URL (for fixture pages); must be a same-origin path. */
  appPath?: string;
  /** Added as tgWebAppStartParam when the server's URL lacks it (Telegram always sends both). */
  startParam?: string;
}

/**
 * Turns the server's launchUrl into the URL the iframe opens. The server signs tgWebAppData; the emulator, being the
 * client, states its own version, platform and theme (those parameters are not part of the signed data). The
 * iframe must stay same-origin: the emulator receives the SDK's messages through that (see bridge.ts).
 */
export function buildFrameUrl(launchUrl: string, origin: string, choice: LaunchChoice): string {
  // The app is served by the origin serving the emulator (the server, or Vite's dev server proxying /sandbox):
  // keep it same-origin whatever PUBLIC_URL says (localhost vs 127.0.0.1 would already be another origin).
  const source = new URL(launchUrl, origin);
  const url = new URL(`${source.pathname}${source.search}${source.hash}`, origin);
  if (choice.appPath && choice.appPath.startsWith('/') && !choice.appPath.startsWith('//')) {
    const override = new URL(choice.appPath, origin);
    url.pathname = override.pathname;
    url.search = override.search;
  }
  const params = new URLSearchParams(url.hash.replace(/^#/, ''));
  params.set('tgWebAppVersion', choice.client.version);
  params.set('tgWebAppPlatform', choice.client.platform);
  params.set('tgWebAppThemeParams', JSON.stringify(choice.theme));
  if (choice.startParam && !params.has('tgWebAppStartParam')) params.set('tgWebAppStartParam', choice.startParam);
  url.hash = params.toString();
  return url.toString();
}

/** What a t.me link opened by the mini-app (web_app_open_tg_link's path_full) asks the messenger to do. */
export type TgLinkAction =
  | { kind: 'add-bot-to-channel'; bot: string; adminRights: string[] }
  | { kind: 'open-mini-app'; bot: string; app: string; startParam?: string }
  | { kind: 'open-chat'; username: string; start?: string }
  /** t.me/share/url?url=…&text=… (or t.me/share?url=…): Telegram's share sheet. */
  | { kind: 'share'; url: string; text?: string }
  | { kind: 'other'; path: string };

/** Accepts a full t.me URL or a path_full such as `/backers_bot?startchannel&admin=change_info+promote_members`. */
export function parseTgLink(link: string): TgLinkAction {
  let url: URL;
  try {
    url = new URL(link, 'https://t.me');
  } catch {
    return { kind: 'other', path: link };
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const query = url.searchParams;
  const [first, second] = segments;
  if (first === 'share' && (segments.length === 1 || (second === 'url' && segments.length === 2)) && query.get('url')) {
    const text = query.get('text') ?? undefined;
    return { kind: 'share', url: query.get('url') ?? '', ...(text ? { text } : {}) };
  }
  if (first && segments.length === 1 && (query.has('startchannel') || query.has('startgroup'))) {
    const admin = query.get('admin') ?? '';
    return { kind: 'add-bot-to-channel', bot: first, adminRights: admin.split(/[+ ]/).filter(Boolean) };
  }
  if (first && second && segments.length === 2) {
    const startParam = query.get('startapp') ?? undefined;
    return { kind: 'open-mini-app', bot: first, app: second, ...(startParam ? { startParam } : {}) };
  }
  if (first && segments.length === 1 && /^[a-z0-9_]{3,}$/i.test(first)) {
    if (query.has('startapp'))
      return { kind: 'open-mini-app', bot: first, app: '', startParam: query.get('startapp') ?? undefined };
    return { kind: 'open-chat', username: first, ...(query.get('start') ? { start: query.get('start') ?? '' } : {}) };
  }
  return { kind: 'other', path: `${url.pathname}${url.search}` };
}

export function schemeOf(value: string | null | undefined): ColorScheme {
  return value === 'dark' ? 'dark' : 'light';
}
