import { render, type RenderResult } from '@testing-library/react';
import './jsdom';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { Clock } from '../../../../src/application/ports/Clock';
import { type Token, TOKENS } from '../../../../src/di/tokens';
import { type PageLanguage, createI18n } from '../../../../src/infrastructure/i18n/i18n';
import { MemoryStorage } from '../../../../src/infrastructure/storage/MemoryStorage';
import { type Resolver, ResolverContext } from '../../../../src/presentation/app/resolver';
import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { ErrorConsoleStore } from '../../../../src/presentation/shell/ErrorConsoleStore';
import { ErrorConsoleSwitch } from '../../../../src/presentation/shell/ErrorConsoleSwitch';
import { readLocale } from '../../i18n/localeFiles';
import { FakePlatform } from './FakePlatform';
import { FIRST_ROUTES } from '../../../../src/presentation/navigation/firstRoutes';
import { ROUTES } from '../../../../src/presentation/navigation/routes';
import type { RevenueRepository, RevenueSeries } from '../../../../src/application/ports/RevenueRepository';
import type { RevenuePeriod } from '../../../../src/domain/revenue';
import { RevenueChartViewModel } from '../../../../src/presentation/components/RevenueChart/RevenueChartViewModel';

/** A creator with no earnings: every series empty. */
class NoRevenue implements RevenueRepository {
  async series(period: RevenuePeriod): Promise<RevenueSeries> {
    return { period, currency: 'eur', currencies: [], offsetMinutes: 0, buckets: [] };
  }
  async exportLink() {
    return { url: 'https://backers.example/export.csv', fileName: 'export.csv' };
  }
}

/** The real i18n setup over the English files on disk. */
export function englishI18n(): Promise<PageLanguage> {
  return createI18n({ storage: new MemoryStorage(), loadLocale: async (language) => readLocale(language) });
}

/** A clock that follows Date.now (Jest's fake timers move it). */
export const dateClock: Clock = { now: () => Date.now(), timezoneOffsetMinutes: () => 0 };

/** A resolver over a fixed map of services; getAsync resolves the same values. */
export function mapResolver(services: ReadonlyMap<symbol, unknown>): Resolver {
  const get = <T,>(token: Token<T>): T => {
    if (!services.has(token)) throw new Error(`unbound token ${token.description}`);
    return services.get(token) as T;
  };
  return { get, getAsync: async (token) => get(token) };
}

export interface Shell {
  readonly platform: FakePlatform;
  readonly toasts: ToastStore;
  readonly resolver: Resolver;
  readonly services: Map<symbol, unknown>;
}

/** Services the shell needs, backed by fakes. */
export function fakeShell(extra: [symbol, unknown][] = []): Shell {
  const platform = new FakePlatform();
  const toasts = new ToastStore(platform, dateClock);
  const apiErrorListeners = new Set<(error: { code: string }) => void>();
  const errorConsoleStorage = new MemoryStorage();
  const errorConsoleSwitch = new ErrorConsoleSwitch(errorConsoleStorage);
  const services = new Map<symbol, unknown>([
    [TOKENS.MessengerPlatform, platform],
    [TOKENS.Dialogs, platform],
    [TOKENS.Links, platform],
    [TOKENS.UnsavedChanges, platform],
    // Revenue at a glance (dashboard and channel page): no earnings yet.
    [
      TOKENS.RevenueChartViewModel,
      (channelId: number | null) => new RevenueChartViewModel(new NoRevenue(), platform, toasts, channelId),
    ],
    [TOKENS.Clock, dateClock],
    [TOKENS.ToastStore, toasts],
    // The shell's error console (off; it never patches the test's console).
    [TOKENS.ErrorConsoleSwitch, errorConsoleSwitch],
    [
      TOKENS.ErrorConsoleStore,
      new ErrorConsoleStore(errorConsoleStorage, dateClock, { listen: () => () => undefined }, errorConsoleSwitch),
    ],
    [
      TOKENS.ApiErrorEvents,
      {
        onApiError: (listener: (error: { code: string }) => void) => {
          apiErrorListeners.add(listener);
          return () => apiErrorListeners.delete(listener);
        },
        emit: (code: string) => apiErrorListeners.forEach((listener) => listener({ code })),
      },
    ],
    ...extra,
  ]);
  return { platform, toasts, resolver: mapResolver(services), services };
}

/**
 * The screen element of the app's route registered at `path` (the first screen's or another): it makes the screen's
 * view model with the factory the resolver has for its token and passes it in, as the app does.
 */
export function routeScreen(path: string): ReactNode {
  const entry = [...FIRST_ROUTES, ...ROUTES].find((candidate) => candidate.path === path);
  if (entry === undefined) throw new Error(`no route ${path}`);
  return <entry.Screen />;
}

/** Renders `ui` inside the resolver context and a BrowserRouter on jsdom's real history; rerender keeps both. */
export function renderInShell(ui: ReactNode, shell: Shell = fakeShell()): RenderResult & { shell: Shell } {
  const wrap = (node: ReactNode) => (
    <ResolverContext.Provider value={shell.resolver}>
      <BrowserRouter>{node}</BrowserRouter>
    </ResolverContext.Provider>
  );
  const result = render(wrap(ui));
  const rerenderBare = result.rerender;
  return Object.assign(result, { shell, rerender: (node: ReactNode) => rerenderBare(wrap(node)) });
}
