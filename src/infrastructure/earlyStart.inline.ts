/**
 * The inline module script of index.html (vite.config.ts builds it into the page, just before the entry script): what
 * the first screen needs besides the entry starts at once instead of after the entry has run. The dashboard request,
 * left where the app's ApiClient takes it (http/earlyDashboardRequest.ts), and the page language's first texts
 * (i18n/earlyTexts.ts). `__API_BASE_URL__` is the build's VITE_API_BASE_URL, as main.tsx reads it;
 * `__FIRST_SCREEN_MODULES__` the build's first-screen modules per page language.
 */
import { EARLY_REQUEST_KEY, startEarlyDashboardRequest } from './http/earlyDashboardRequest';
import { type FirstScreenModules, preloadPageLanguage } from './i18n/earlyTexts';

declare const __API_BASE_URL__: string;
declare const __FIRST_SCREEN_MODULES__: FirstScreenModules;

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

// A task of its own: the dashboard request above leaves as its task ends, and the first read of local storage can
// take milliseconds (the browser loads the origin's storage then).
setTimeout(() => {
  try {
    preloadPageLanguage({
      location: window.location,
      storage: () => window.localStorage,
      modules: __FIRST_SCREEN_MODULES__,
      preload: (href) => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      },
    });
  } catch {
    // The app loads its texts itself.
  }
}, 0);
