/**
 * The messenger's launch parameters, read without the SDK. The first screen needs only these (who the user is, the
 * start parameter, the host's version and the theme), so the SDK (its bridge, components and validation) loads after
 * the first paint. The rules are the SDK 3 schema's (`LaunchParamsSchema`, `InitDataQuerySchema`, `themeParams`):
 * what it would reject, this rejects, so the app never starts as inside the messenger with parameters the SDK then
 * refuses.
 */
import type { LaunchInfo, ThemeColors } from '../../application/ports/MessengerPlatform';

export interface LaunchParameters {
  readonly platform: string;
  readonly version: string;
  /** The signed init data as the host sent it (`tgWebAppData`). */
  readonly rawInitData?: string;
  readonly startParam?: string;
  readonly user?: LaunchInfo['user'];
  /** Theme colours by the host's snake-case keys (`bg_color`), each `#rrggbb`. */
  readonly themeParams: Readonly<Record<string, string>>;
}

/** Where SDK 3 keeps the launch parameters it found (its third source, after the URL and the navigation entry). */
export const SDK_LAUNCH_PARAMS_KEY = 'tapps/launchParams';

/** The colours the app uses; the host names each in snake case (`bgColor` → `bg_color`). */
const THEME_COLORS: readonly (keyof ThemeColors)[] = [
  'bgColor',
  'textColor',
  'hintColor',
  'linkColor',
  'buttonColor',
  'buttonTextColor',
  'secondaryBgColor',
  'headerBgColor',
  'accentTextColor',
  'sectionBgColor',
  'sectionHeaderTextColor',
  'subtitleTextColor',
  'destructiveTextColor',
];
const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The app's colours from the host's theme parameters (snake-case keys, as the host and the SDK's state name them). */
export function themeColorsFrom(params: Readonly<Record<string, unknown>>): ThemeColors {
  const theme: Partial<Record<keyof ThemeColors, string>> = {};
  for (const name of THEME_COLORS) {
    const value = params[snakeCase(name)];
    if (typeof value === 'string' && value) theme[name] = value;
  }
  return theme;
}

/** `#rrggbb` for `#rgb`, `#rrggbb`, `rgb(r,g,b)` and `rgba(r,g,b,a)` (the SDK's `toRGB`), else undefined. */
export function toRgbColor(color: string): `#${string}` | undefined {
  const clean = color.replace(/\s/g, '').toLowerCase();
  if (/^#[\da-f]{6}$/.test(clean)) return clean as `#${string}`;
  if (/^#[\da-f]{3}$/.test(clean)) return `#${[...clean.slice(1)].map((digit) => digit + digit).join('')}`;
  const match =
    /^rgb\((\d{1,3}),(\d{1,3}),(\d{1,3})\)$/.exec(clean) ??
    /^rgba\((\d{1,3}),(\d{1,3}),(\d{1,3}),\d{1,3}\)$/.exec(clean);
  if (!match) return undefined;
  return `#${match
    .slice(1, 4)
    .map((component) => Number(component).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The SDK's `isColorDark`: perceived brightness (HSP) below 120. */
export function isColorDark(color: string): boolean {
  const rgb = toRgbColor(color);
  if (!rgb) return false;
  const [red, green, blue] = [1, 3, 5].map((start) => parseInt(rgb.slice(start, start + 2), 16));
  return Math.sqrt(0.299 * red * red + 0.587 * green * green + 0.114 * blue * blue) < 120;
}

/** Theme parameters as the SDK accepts them: a JSON object of `#rrggbb` strings or 0xRRGGBB numbers. */
function parseThemeParams(json: string | null): Record<string, string> | undefined {
  if (json === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const color = typeof value === 'number' ? `#${(value & 0xffffff).toString(16).padStart(6, '0')}` : value;
    if (typeof color !== 'string' || !/^#[\da-f]{6}$/i.test(color)) return undefined;
    params[key] = color.toLowerCase();
  }
  return params;
}

/** The init data's user, or null when the field is there but is not a user. */
function parseUser(json: string | null): LaunchInfo['user'] | null | undefined {
  if (json === null) return undefined;
  try {
    const user = JSON.parse(json) as Record<string, unknown>;
    if (typeof user !== 'object' || user === null || typeof user.id !== 'number' || typeof user.first_name !== 'string')
      return null;
    const optional = (key: string): string | undefined =>
      typeof user[key] === 'string' ? (user[key] as string) : undefined;
    return {
      id: user.id,
      firstName: user.first_name,
      lastName: optional('last_name'),
      username: optional('username'),
      languageCode: optional('language_code'),
      photoUrl: optional('photo_url'),
    };
  } catch {
    return null;
  }
}

/** The language_code of init data's user (`tgWebAppData`), if it has a valid user with one. */
export function launchUserLanguage(rawInitData: string): string | undefined {
  return parseUser(new URLSearchParams(rawInitData).get('user'))?.languageCode;
}

/** Launch parameters from a query-shaped string (`tgWebAppData=...&tgWebAppVersion=...`), or undefined when invalid. */
export function parseLaunchParameters(query: string): LaunchParameters | undefined {
  const params = new URLSearchParams(query);
  // The schema reads the query as one object: a key given twice (the start parameter in the query and the hash of
  // the same URL) is a list, not a string, and fails it.
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length) return undefined;
  const platform = params.get('tgWebAppPlatform');
  const version = params.get('tgWebAppVersion');
  const themeParams = parseThemeParams(params.get('tgWebAppThemeParams'));
  if (platform === null || version === null || !themeParams) return undefined;
  const rawInitData = params.get('tgWebAppData') ?? undefined;
  let user: LaunchInfo['user'];
  let initDataStartParam: string | undefined;
  if (rawInitData !== undefined) {
    const initData = new URLSearchParams(rawInitData);
    const authDate = initData.get('auth_date');
    if (
      authDate === null ||
      Number.isNaN(Number(authDate)) ||
      initData.get('hash') === null ||
      initData.get('signature') === null
    )
      return undefined;
    const parsedUser = parseUser(initData.get('user'));
    if (parsedUser === null) return undefined;
    user = parsedUser;
    initDataStartParam = initData.get('start_param') ?? undefined;
  }
  return {
    platform,
    version,
    rawInitData,
    user,
    startParam: params.get('tgWebAppStartParam') ?? initDataStartParam,
    themeParams,
  };
}

/** The SDK's reading of a URL: everything after the first `?` or `#`, with later ones as separators. */
const queryOfUrl = (url: string): string => url.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&');

function readStored(storage: Storage | undefined): string | undefined {
  try {
    const stored = storage?.getItem(SDK_LAUNCH_PARAMS_KEY);
    return stored ? (JSON.parse(stored) as string) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This page load's launch parameters, or undefined when it was not opened by the messenger.
 *
 * Telegram sends tgWebAppStartParam both in the query and in the hash. Read as one list (the SDK's first source, the
 * whole URL) the parameter is there twice and the URL is rejected, and the SDK then falls back to the parameters it
 * stored in session storage, which may be an earlier launch's (another start parameter, even another user). The hash
 * of this load is complete and authoritative: it is read first and stored where the SDK looks, so every later read
 * (the SDK's, and a reload after the app rewrote its URL) gets this launch.
 */
export function readLaunchParameters(): LaunchParameters | undefined {
  if (typeof window === 'undefined') return undefined;
  const storage = typeof window.sessionStorage === 'undefined' ? undefined : window.sessionStorage;
  // Each source is read only when the ones before it gave nothing valid (this runs before the first screen).
  const urlSources: (() => string | undefined)[] = [
    () => (window.location.hash.includes('tgWebAppData=') ? window.location.hash.replace(/^#/, '') : undefined),
    () => queryOfUrl(window.location.href),
    () => {
      const navigation =
        typeof performance === 'undefined'
          ? undefined
          : (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined);
      return navigation ? queryOfUrl(navigation.name) : undefined;
    },
  ];
  for (const source of urlSources) {
    const query = source();
    const launch = query ? parseLaunchParameters(query) : undefined;
    if (!query || !launch) continue;
    try {
      storage?.setItem(SDK_LAUNCH_PARAMS_KEY, JSON.stringify(query));
    } catch {
      // storage full or denied: the SDK still reads the URL
    }
    return launch;
  }
  // Already where the SDK looks: nothing to store again.
  const stored = readStored(storage);
  return stored ? parseLaunchParameters(stored) : undefined;
}

type BridgeWindow = Window & { TelegramWebviewProxy?: { postEvent?: unknown }; external?: { notify?: unknown } };

/**
 * Whether there is a host to talk to: a parent frame (web clients), the native apps' `TelegramWebviewProxy`, or
 * `external.notify` (the SDK's three ways to post an event; with none, its `init` throws).
 */
export function hasHostBridge(): boolean {
  if (typeof window === 'undefined') return false;
  let framed: boolean;
  try {
    framed = window.self !== window.top;
  } catch {
    framed = true;
  }
  const bridge = window as BridgeWindow;
  return (
    framed ||
    typeof bridge.TelegramWebviewProxy?.postEvent === 'function' ||
    typeof bridge.external?.notify === 'function'
  );
}
