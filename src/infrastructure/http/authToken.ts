import type { KeyValueStorage } from '../../application/ports/KeyValueStorage';

/** Storage key of a token saved by hand (developer tools), used when the messenger gives none. */
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';

/** The parts of `window.location` that can carry the messenger's launch parameters. */
export interface LaunchLocation {
  readonly hash: string;
  readonly search: string;
}

/** Gives the token sent as `Authorization: TgAuth <token>`, or undefined when there is none. */
export type AuthTokenProvider = () => string | undefined;

export interface AuthTokenSources {
  /** Raw init data of the messenger session (the platform adapter's launch info). */
  readonly sessionInitData: () => string | undefined;
  readonly storage: KeyValueStorage;
  /** The current location; the messenger puts signed launch data (`tgWebAppData`) in its hash or query. */
  readonly location: () => LaunchLocation | undefined;
}

/**
 * The raw signed init data from launch parameters in a URL hash or query string, e.g.
 * `#tgWebAppData=query_id%3D...%26hash%3D...&tgWebAppVersion=7.10`.
 */
export function signedLaunchDataFrom(location: LaunchLocation): string | undefined {
  for (const part of [location.hash, location.search]) {
    // The hash can hold a path and its own query (`#/route?tgWebAppData=...`): read every key=value pair.
    const query = part
      .replace(/^[#?]/, '')
      .replace(/^[^?=&]*\?/, '')
      .replace(/\?/g, '&');
    const initData = new URLSearchParams(query).get('tgWebAppData');
    if (initData) return initData;
  }
  return undefined;
}

/** Token order of spec section 7: the messenger session, else a stored token, else signed launch data in the URL. */
export function createAuthTokenProvider(sources: AuthTokenSources): AuthTokenProvider {
  // The app rewrites its URL on the first navigation (e.g. / → /dashboard/creator), which drops the launch hash:
  // remember the launch data seen when the page opened, for the page's lifetime (memory only, so a later launch as
  // another user never reuses it).
  const readUrl = (): string | undefined => {
    const location = sources.location();
    return location ? signedLaunchDataFrom(location) : undefined;
  };
  let launchData = readUrl();
  return () => {
    const sessionToken = sources.sessionInitData();
    if (sessionToken) return sessionToken;
    const storedToken = sources.storage.get(AUTH_TOKEN_STORAGE_KEY);
    if (storedToken) return storedToken;
    launchData = readUrl() ?? launchData;
    return launchData;
  };
}
