/**
 * The dashboard request the page starts before the app's code has arrived: the first screen's data then
 * loads in parallel with the entry script instead of after it. index.html runs `startEarlyDashboardRequest` from an
 * inline script (vite.config.ts builds src/infrastructure/earlyStart.inline.ts into the page); the ApiClient answers the app's
 * first call with its answer when that call is the same request with the same token, so the dashboard is requested
 * once. It follows spec section 7 like the ApiClient: the same headers, and the same retries of network errors and 5xx.
 */
import { type LaunchLocation, signedLaunchDataFrom } from './authToken';
import { API_ACCEPT_LANGUAGE, API_PATH, AUTH_SCHEME } from './HttpClient';
import { RETRY_COUNT, type RandomSource, createRetryDelay } from './retrySchedule';

/** What arrived after the retries: the status and the body (parsed JSON, else text); status 0 when no answer came. */
export interface EarlyAnswer {
  readonly status: number;
  readonly data?: unknown;
}

export interface EarlyRequest {
  /** The path under /api/v2 with its query, as the ApiClient builds it: `/dashboard?mode=creator`. */
  readonly path: string;
  /** The token it sent as `Authorization: TgAuth <token>`. */
  readonly token: string;
  readonly answer: Promise<EarlyAnswer>;
}

export interface EarlyRequestEnvironment {
  readonly location: LaunchLocation & { readonly pathname: string };
  readonly fetch: typeof fetch;
  /** Origin (and optional path prefix) of the API; '' = the page's own origin. */
  readonly apiBaseUrl: string;
  /** The browser's offset in minutes east of UTC (the `Timezone` header, as `Clock.timezoneOffsetMinutes`). */
  readonly timezoneOffsetMinutes: number;
  readonly random?: RandomSource;
  readonly wait?: (ms: number) => Promise<void>;
}

/** The dashboard's query on each path of the first screen (firstRoutes.tsx): the route's mode, none where the server decides. */
const DASHBOARD_QUERIES = new Map([
  ['/', ''],
  ['/dashboard', ''],
  ['/dashboard/creator', '?mode=creator'],
  ['/dashboard/follower', '?mode=follower'],
]);

/** The headers of every API call without a body (axios adds its Accept; a GET carries no Content-Type). */
export function sessionHeaders(token: string, timezoneOffsetMinutes: number): Record<string, string> {
  return {
    Accept: 'application/json, text/plain, */*',
    'Accept-Language': API_ACCEPT_LANGUAGE,
    Authorization: `${AUTH_SCHEME} ${token}`,
    Timezone: String(timezoneOffsetMinutes || 0),
  };
}

/**
 * Starts GET /dashboard when the page opens the dashboard with signed launch data in its URL (a launch by the
 * messenger), else does nothing: a start parameter (a deep link), another path, or no launch data (a reload, a
 * stored token) leave the first call to the app.
 */
export function startEarlyDashboardRequest(environment: EarlyRequestEnvironment): EarlyRequest | undefined {
  const { location } = environment;
  const query = DASHBOARD_QUERIES.get(location.pathname);
  const token = signedLaunchDataFrom(location);
  if (query === undefined || token === undefined) return undefined;
  // A start parameter may open an invoice instead (history.ts): the app decides, and makes the call itself.
  if (
    /[#?&]tgWebAppStartParam=[^&]/.test(location.hash + location.search) ||
    new URLSearchParams(token).get('start_param')
  )
    return undefined;

  const path = `/dashboard${query}`;
  const retryDelay = createRetryDelay(environment.random);
  const wait = environment.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const init: RequestInit = {
    credentials: 'include',
    headers: sessionHeaders(token, environment.timezoneOffsetMinutes),
  };
  const attempt = async (): Promise<EarlyAnswer> => {
    try {
      const response = await environment.fetch(environment.apiBaseUrl.replace(/\/+$/, '') + API_PATH + path, init);
      const text = await response.text();
      try {
        return { status: response.status, data: JSON.parse(text) as unknown };
      } catch {
        return { status: response.status, data: text };
      }
    } catch {
      return { status: 0 };
    }
  };
  const answer = (async () => {
    for (let retry = 1; ; retry += 1) {
      const result = await attempt();
      // Spec section 7: network errors and 5xx are retried 3 times (a GET may be).
      if ((result.status > 0 && result.status < 500) || retry > RETRY_COUNT) return result;
      await wait(retryDelay(retry));
    }
  })();
  return { path, token, answer };
}

/** Where the inline script leaves its request for the app. */
export const EARLY_REQUEST_KEY = '__backersEarlyRequest';

/** The request the page started, if any; taken once (only the app's first API call may use it). */
export function takeEarlyRequest(): EarlyRequest | undefined {
  if (typeof window === 'undefined') return undefined;
  const holder = window as unknown as Record<string, EarlyRequest | undefined>;
  const request = holder[EARLY_REQUEST_KEY];
  holder[EARLY_REQUEST_KEY] = undefined;
  return request;
}
