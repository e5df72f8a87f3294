/**
 * Signed Telegram launch data for the sandbox (POST /sandbox/launch) and tests: init data signed with the bot token
 * exactly as Telegram signs it (@telegram-apps/init-data-node `sign`), and the mini-app URL carrying Telegram's
 * launch parameters in the hash (tgWebAppData, tgWebAppVersion, tgWebAppPlatform, tgWebAppThemeParams,
 * tgWebAppStartParam).
 */
import { sign } from '@telegram-apps/init-data-node';

export interface LaunchUser {
  readonly telegramId: number;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly username?: string;
  readonly languageCode?: string;
  readonly photoUrl?: string;
  readonly isPremium?: boolean;
}

export interface LaunchOptions extends LaunchUser {
  readonly startParam?: string;
  readonly platform?: string;
  readonly version?: string;
  readonly theme?: 'light' | 'dark';
}

/** Telegram's default theme parameters (the web client's), light and dark. */
export const THEME_PARAMS = {
  light: {
    accent_text_color: '#2481cc',
    bg_color: '#ffffff',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
    destructive_text_color: '#ec3942',
    header_bg_color: '#ffffff',
    hint_color: '#999999',
    link_color: '#2481cc',
    secondary_bg_color: '#efeff3',
    section_bg_color: '#ffffff',
    section_header_text_color: '#6d6d72',
    subtitle_text_color: '#999999',
    text_color: '#000000',
    bottom_bar_bg_color: '#ffffff',
  },
  dark: {
    accent_text_color: '#6ab3f3',
    bg_color: '#212121',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    destructive_text_color: '#ff595a',
    header_bg_color: '#212121',
    hint_color: '#aaaaaa',
    link_color: '#6ab3f3',
    secondary_bg_color: '#0f0f0f',
    section_bg_color: '#212121',
    section_header_text_color: '#aaaaaa',
    subtitle_text_color: '#aaaaaa',
    text_color: '#ffffff',
    bottom_bar_bg_color: '#212121',
  },
} as const;

export const DEFAULT_WEBAPP_VERSION = '8.0';

/** Init data for the user, signed with the bot token, dated `authDateMs` (the server's clock). */
export function signInitData(options: LaunchOptions, botToken: string, authDateMs: number): string {
  const user = {
    id: options.telegramId,
    first_name: options.firstName ?? `User ${options.telegramId}`,
    ...(options.lastName ? { last_name: options.lastName } : {}),
    ...(options.username ? { username: options.username } : {}),
    language_code: options.languageCode ?? 'en',
    ...(options.photoUrl ? { photo_url: options.photoUrl } : {}),
    ...(options.isPremium ? { is_premium: true } : {}),
    allows_write_to_pm: true,
  };
  return sign(
    {
      user,
      query_id: `AAH${options.telegramId.toString(36)}${Math.floor(authDateMs / 1000).toString(36)}`,
      chat_instance: String(-Math.abs(options.telegramId * 7919)),
      chat_type: 'sender',
      ...(options.startParam ? { start_param: options.startParam } : {}),
    },
    botToken,
    new Date(Math.floor(authDateMs / 1000) * 1000),
  );
}

/** The mini-app URL with Telegram's launch parameters in the hash, as Telegram opens it. */
export function launchUrl(appUrl: string, initData: string, options: LaunchOptions): string {
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: options.version ?? DEFAULT_WEBAPP_VERSION,
    tgWebAppPlatform: options.platform ?? 'android',
    tgWebAppThemeParams: JSON.stringify(THEME_PARAMS[options.theme ?? 'light']),
    ...(options.startParam ? { tgWebAppStartParam: options.startParam } : {}),
  });
  const base = appUrl.endsWith('/') ? appUrl : `${appUrl}/`;
  const query = options.startParam ? `?tgWebAppStartParam=${encodeURIComponent(options.startParam)}` : '';
  return `${base}${query}#${hash.toString()}`;
}
