/**
 * The inline module script of index.html (vite.config.ts builds it into the page, just before the entry script): starts the
 * dashboard request at once and leaves it where the app's ApiClient takes it (earlyDashboardRequest.ts).
 * `__API_BASE_URL__` is the build's VITE_API_BASE_URL, as main.tsx reads it.
 */
import { EARLY_REQUEST_KEY, startEarlyDashboardRequest } from './earlyDashboardRequest';

declare const __API_BASE_URL__: string;

try {
  (window as unknown as Record<string, unknown>)[EARLY_REQUEST_KEY] = startEarlyDashboardRequest({
    location: window.location,
    fetch: window.fetch.bind(window),
    apiBaseUrl: __API_BASE_URL__,
    timezoneOffsetMinutes: -new Date().getTimezoneOffset(),
  });
} catch {
  // Anything unexpected here (an old browser without fetch): the app makes the call itself.
}
