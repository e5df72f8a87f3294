/** Adapters: platform ports and the API client now (the shell needs them), repositories when first used. */
import { ContainerModule } from 'inversify';
import { ApiClient } from '../infrastructure/http/ApiClient';
import { createAuthTokenProvider } from '../infrastructure/http/authToken';
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
    bindLazySingleton(bind, TOKENS.Scheduler, [], construct(() => import('./stopgaps'), 'TimerScheduler'));
    bindSingleton(bind, TOKENS.MessengerPlatform, [], () => new TelegramPlatform({ hostOrigin: config.hostOrigin }));
    bindSingleton(bind, TOKENS.AuthTokenProvider, [TOKENS.MessengerPlatform, TOKENS.KeyValueStorage], (platform, storage) =>
      createAuthTokenProvider({
        sessionInitData: () => platform.launchInfo().rawInitData,
        storage,
        location: () => (typeof window === 'undefined' ? undefined : window.location),
      }),
    );
    bindSingleton(bind, TOKENS.ApiClient, [TOKENS.AuthTokenProvider, TOKENS.Clock], (authToken, clock) => new ApiClient({ config: { baseUrl: config.apiBaseUrl }, authToken, clock }));
    bind(TOKENS.HttpClient).toService(TOKENS.ApiClient);
    bind(TOKENS.ApiErrorEvents).toService(TOKENS.ApiClient);
    bindLazySingleton(bind, TOKENS.ProviderHttpClient, [], async () => {
      const { ProviderHttpClient } = await import('./stopgaps');
      return () => new ProviderHttpClient(config.providerBaseUrl);
    });

    // Each repository is its own chunk, loaded by the first screen that needs it.
    bindLazySingleton(bind, TOKENS.CardRepository, [TOKENS.HttpClient], construct(() => import('../infrastructure/http/repositories/HttpCardRepository'), 'HttpCardRepository'));
    bindLazySingleton(bind, TOKENS.ChannelRepository, [TOKENS.HttpClient], construct(() => import('../infrastructure/http/repositories/HttpChannelRepository'), 'HttpChannelRepository'));
    bindLazySingleton(bind, TOKENS.DashboardRepository, [TOKENS.HttpClient], construct(() => import('../infrastructure/http/repositories/HttpDashboardRepository'), 'HttpDashboardRepository'));
    bindLazySingleton(bind, TOKENS.DonationRepository, [TOKENS.HttpClient], construct(() => import('../infrastructure/http/repositories/HttpDonationRepository'), 'HttpDonationRepository'));
    bindLazySingleton(bind, TOKENS.FollowerRepository, [TOKENS.HttpClient], construct(() => import('../infrastructure/http/repositories/HttpFollowerRepository'), 'HttpFollowerRepository'));
    bindLazySingleton(bind, TOKENS.InvoiceRepository, [TOKENS.HttpClient], construct(() => import('../infrastructure/http/repositories/HttpInvoiceRepository'), 'HttpInvoiceRepository'));
    bindLazySingleton(bind, TOKENS.MigrationRepository, [TOKENS.HttpClient], construct(() => import('../infrastructure/http/repositories/HttpMigrationRepository'), 'HttpMigrationRepository'));
    bindLazySingleton(bind, TOKENS.PayoutRepository, [TOKENS.HttpClient], construct(() => import('../infrastructure/http/repositories/HttpPayoutRepository'), 'HttpPayoutRepository'));
    bindLazySingleton(bind, TOKENS.SubscriptionRepository, [TOKENS.HttpClient], construct(() => import('../infrastructure/http/repositories/HttpSubscriptionRepository'), 'HttpSubscriptionRepository'));
    bindLazySingleton(bind, TOKENS.TransactionRepository, [TOKENS.HttpClient], construct(() => import('../infrastructure/http/repositories/HttpTransactionRepository'), 'HttpTransactionRepository'));
    bindLazySingleton(bind, TOKENS.ProviderGateway, [TOKENS.ProviderHttpClient], construct(() => import('../infrastructure/http/repositories/HttpProviderGateway'), 'HttpProviderGateway'));
    bindLazySingleton(bind, TOKENS.VerificationRepository, [TOKENS.HttpClient], construct(() => import('../infrastructure/http/repositories/HttpVerificationRepository'), 'HttpVerificationRepository'));
  });
}
