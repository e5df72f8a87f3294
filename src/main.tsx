/**
 * Composition root: reads the configuration, builds the container, starts the messenger platform, the page
 * language and the theme, and renders the shell (or the unsupported-environment screen outside the messenger).
 */
import './presentation/theme/app.css';
// The first screen's styles (the dashboard, with its revenue chart) go with the entry's, which index.html inlines:
// as the route chunk's stylesheet they were one more request beside the entry, and the first screen waited for it.
import './presentation/screens/Dashboard/dashboard.css';
import './presentation/components/RevenueChart/revenueChart.css';
// The first screen's modules and its English texts are part of the entry chunk, though the route table, the container
// and the locale loader still load them with import() (which then resolves at once): as chunks of their own they
// were three more requests beside the entry, and on a slow link every request in flight takes a share of the
// bandwidth the entry needs (Lighthouse's simulation: ~230 ms of first paint). A deep link carries them too (~10 kB
// brotli); most launches open the dashboard, and English is what index.html loaded for every page language anyway.
import './presentation/screens/Dashboard/DashboardScreen';
import './presentation/screens/Dashboard/DashboardViewModel';
import './presentation/screens/Dashboard/DashboardSession';
import './presentation/components/RevenueChart/RevenueChartViewModel';
import './infrastructure/http/repositories/HttpDashboardRepository';
import './infrastructure/http/repositories/HttpRevenueRepository';
import './infrastructure/i18n/locales/en';
import './infrastructure/i18n/locales/en/common.json';
import './infrastructure/i18n/locales/en/dashboard.json';
import './infrastructure/i18n/locales/en/revenue.json';
import './infrastructure/i18n/locales/en/transaction.json';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createContainer, loadAllBindings, resolverOf } from './di/container';
import { type AppConfig, TOKENS } from './di/tokens';
import { applyDocumentLanguage, createI18n } from './infrastructure/i18n/i18n';
import { FIRST_SCREEN_NAMESPACES, hideMissingKey } from './infrastructure/i18n/languages';
import { loadLocale } from './infrastructure/i18n/locales';
import { followLanguageOfOtherWindows } from './infrastructure/i18n/otherWindows';
import { App } from './presentation/app/App';
import { provideLanguageSwitch, provideTexts } from './presentation/app/texts';
import { CrashScreen } from './presentation/shell/CrashBoundary';
import { prepareInitialHistory } from './presentation/navigation/history';
import { loadOtherRoutes, preloadRoute } from './presentation/navigation/firstRoutes';
import { startTheme } from './presentation/theme/applyTheme';
import { firstScreenShown } from './presentation/shell/firstPaint';

const config: AppConfig = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  providerBaseUrl: import.meta.env.VITE_PROVIDER_BASE_URL ?? '/provider',
  hostOrigin: import.meta.env.VITE_TELEGRAM_HOST_ORIGIN || undefined,
};

const rootElement = document.getElementById('root')!;

/**
 * Ends the current task, so the browser can paint or take input before the next step: evaluating the entry, starting
 * the platform and starting the texts are each a few milliseconds on a phone, and as one task they would block it.
 */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function start(): Promise<void> {
  await yieldToMain();
  const container = createContainer(config);
  const resolver = resolverOf(container);
  const platform = resolver.get(TOKENS.MessengerPlatform);
  const launch = await platform.init();
  await yieldToMain();
  // Inside the messenger, or with launch data in the URL or a stored token (developer tools).
  // `npm run build:local` also opens /local (the sandbox user picker) in a plain browser, before any launch data.
  const localPicker =
    typeof __LOCAL_BUILD__ !== 'undefined' && __LOCAL_BUILD__ && window.location.pathname === '/local';
  const supported = resolver.get(TOKENS.AuthTokenProvider)() !== undefined || localPicker;
  // The first screen's texts load now; the other routes' with their screens (a deep link loads both at once).
  const pageLoading = createI18n({
    storage: resolver.get(TOKENS.KeyValueStorage),
    messengerLanguage: launch.user?.languageCode,
    loadLocale,
    initialNamespaces: FIRST_SCREEN_NAMESPACES,
    missingKey: import.meta.env.PROD ? hideMissingKey : undefined,
  });
  provideTexts(async (namespaces) => (await pageLoading).loadNamespaces(namespaces));
  const switchLanguage = async (language: string): Promise<void> => {
    const page = await pageLoading;
    await page.switchTo(language);
    applyDocumentLanguage(document.documentElement, page);
  };
  provideLanguageSwitch(switchLanguage);
  followLanguageOfOtherWindows(window, launch.user?.languageCode, switchLanguage);
  if (supported) {
    prepareInitialHistory(window.history, window.location, launch.startParam);
    void preloadRoute(resolver, window.location.pathname).catch(() => undefined); // a failed chunk shows when it renders
  }
  const page = await pageLoading;
  applyDocumentLanguage(document.documentElement, page);
  startTheme(document.body, platform);

  // Outside the messenger, a sandbox server also offers its host emulator (the probe runs only on this path).
  const [UnsupportedScreen, emulatorUrl] = supported
    ? [null, null]
    : await import('./afterStart').then((later) => later.outsideMessenger(config.apiBaseUrl, page.loadNamespaces));
  // A transition lets React render the first screen in slices, so the page stays responsive while it mounts.
  const root = createRoot(rootElement);
  startTransition(() =>
    root.render(UnsupportedScreen ? <UnsupportedScreen emulatorUrl={emulatorUrl} /> : <App resolver={resolver} />),
  );
  // Once the first screen is painted (or after 5 s whatever the screen does): the messenger's SDK, which tells the
  // host the app is ready and applies what the screen set meanwhile (main and back button, colours), and the
  // support, news, FAQ, help and terms addresses the server is configured with (defaults until they arrive).
  // Neither is needed to paint the first screen, and a request started before the paint delays it.
  const firstScreenOrLater = Promise.race([firstScreenShown, new Promise((resolve) => setTimeout(resolve, 5000))]);
  void firstScreenOrLater
    .then(() => platform.connect())
    .catch((error: unknown) => console.error('Backers could not reach the messenger', error));
  void (UnsupportedScreen ? Promise.resolve() : firstScreenOrLater)
    .then(() => import('./afterStart'))
    .then((later) => later.applyServerLinks(config.apiBaseUrl))
    .catch(() => undefined);
  if (supported) {
    // Warm the next navigation once the first screen is up: the route table and the other screens' bindings are
    // chunks of their own (kept off the first screen), and a first visit elsewhere would otherwise wait for both.
    const warmUp = (): void => {
      loadOtherRoutes().catch(() => undefined);
      loadAllBindings(container).catch(() => undefined);
    };
    setTimeout(
      () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(warmUp, { timeout: 2000 }) : warmUp()),
      3000,
    );
  }
}

start().catch((error: unknown) => {
  // A chunk that failed to load (offline at start): offer a reload rather than a blank page.
  console.error('Backers failed to start', error);
  createRoot(rootElement).render(<CrashScreen onRefresh={() => window.location.reload()} />);
});
