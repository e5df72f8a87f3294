/** Adapters: platform ports and the API client now (the shell needs them), the dashboard's repository when first used. */
import { ContainerModule } from 'inversify';
import { ApiClient } from '../infrastructure/http/ApiClient';
import { createAuthTokenProvider } from '../infrastructure/http/authToken';
import { takeEarlyRequest } from '../infrastructure/http/earlyDashboardRequest';
import { SystemClock } from '../infrastructure/clock/SystemClock';
import { BrowserStorage } from '../infrastructure/storage/BrowserStorage';
import { TelegramPlatform } from '../infrastructure/telegram/TelegramPlatform';
import { bindLazySingleton, bindSingleton, construct } from './binding';
import { type AppConfig, TOKENS } from './tokens';

export function infrastructureModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.AppConfig).toConstantValue(config);
    bindSingleton(bind, TOKENS.Clock, [], () => new SystemClock());
    bindSingleton(bind, TOKENS.KeyValueStorage, [], () => new BrowserStorage());
    bindLazySingleton(
      bind,
      TOKENS.Scheduler,
      [],
      construct(() => import('../infrastructure/clock/TimerScheduler'), 'TimerScheduler'),
    );
    bindSingleton(bind, TOKENS.MessengerPlatform, [], () => new TelegramPlatform({ hostOrigin: config.hostOrigin }));
    bind(TOKENS.Dialogs).toService(TOKENS.MessengerPlatform);
    bind(TOKENS.Links).toService(TOKENS.MessengerPlatform);
    bind(TOKENS.UnsavedChanges).toService(TOKENS.MessengerPlatform);
    bind(TOKENS.Downloads).toService(TOKENS.MessengerPlatform);
    bindSingleton(
      bind,
      TOKENS.AuthTokenProvider,
      [TOKENS.MessengerPlatform, TOKENS.KeyValueStorage],
      (platform, storage) =>
        createAuthTokenProvider({
          sessionInitData: () => platform.launchInfo().rawInitData,
          storage,
          location: () => (typeof window === 'undefined' ? undefined : window.location),
        }),
    );
    bindSingleton(
      bind,
      TOKENS.ApiClient,
      [TOKENS.AuthTokenProvider, TOKENS.Clock],
      (authToken, clock) =>
        // The dashboard request index.html started, if any, answers the first call (the data loads with the entry).
        new ApiClient({ config: { baseUrl: config.apiBaseUrl }, authToken, clock, earlyRequest: takeEarlyRequest() }),
    );
    bind(TOKENS.HttpClient).toService(TOKENS.ApiClient);
    bind(TOKENS.ApiErrorEvents).toService(TOKENS.ApiClient);
    // The first screen's repository; the others are bound in repositories.ts, which loads with the first route
    // that needs one (container.ts).
    bindLazySingleton(
      bind,
      TOKENS.DashboardRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpDashboardRepository'), 'HttpDashboardRepository'),
    );
    // The creator dashboard's revenue chart renders with it (see shell.ts).
    bindLazySingleton(
      bind,
      TOKENS.RevenueRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpRevenueRepository'), 'HttpRevenueRepository'),
    );
  });
}
