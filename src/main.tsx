/**
 * Composition root: reads the configuration, builds the container, starts the messenger platform, the page
 * language and the theme, and renders the shell (or the unsupported-environment screen outside the messenger).
 */
import './presentation/theme/app.css';
import { createRoot } from 'react-dom/client';
import { createContainer, resolverOf } from './di/container';
import { type AppConfig, TOKENS } from './di/tokens';
import { applyDocumentLanguage, createI18n } from './infrastructure/i18n/i18n';
import { loadLocale } from './infrastructure/i18n/locales';
import { App } from './presentation/app/App';
import { CrashScreen } from './presentation/shell/CrashBoundary';
import { prepareInitialHistory } from './presentation/navigation/history';
import { preloadRoute } from './presentation/navigation/routes';
import { startTheme } from './presentation/theme/applyTheme';

const config: AppConfig = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  providerBaseUrl: import.meta.env.VITE_PROVIDER_BASE_URL ?? '/provider',
  hostOrigin: import.meta.env.VITE_TELEGRAM_HOST_ORIGIN || undefined,
};

const rootElement = document.getElementById('root')!;

async function start(): Promise<void> {
  const container = createContainer(config);
  const resolver = resolverOf(container);
  const platform = resolver.get(TOKENS.MessengerPlatform);
  const launch = await platform.init();
  // Inside the messenger, or with launch data in the URL or a stored token (developer tools).
  const supported = resolver.get(TOKENS.AuthTokenProvider)() !== undefined;
  if (supported) {
    prepareInitialHistory(window.history, window.location, launch.startParam);
    preloadRoute(resolver, window.location.pathname);
  }
  const page = await createI18n({ storage: resolver.get(TOKENS.KeyValueStorage), messengerLanguage: launch.user?.languageCode, loadLocale });
  applyDocumentLanguage(document.documentElement, page);
  startTheme(document.body, platform);

  const UnsupportedScreen = supported ? null : (await import('./presentation/screens/Unsupported/UnsupportedScreen')).default;
  createRoot(rootElement).render(UnsupportedScreen ? <UnsupportedScreen /> : <App resolver={resolver} />);
}

start().catch((error: unknown) => {
  // A chunk that failed to load (offline at start): offer a reload rather than a blank page.
  console.error('Backers failed to start', error);
  createRoot(rootElement).render(<CrashScreen onRefresh={() => window.location.reload()} />);
});
