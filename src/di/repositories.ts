/**
 * Repositories and gateways of every screen but the first (the dashboard's is in infrastructure.ts). This module
 * loads with the first route that needs a binding the entry lacks (container.ts); each repository is then its own
 * chunk, loaded by the first screen that uses it.
 */
import { ContainerModule } from 'inversify';
import { bindLazySingleton, construct } from './binding';
import { type AppConfig, TOKENS } from './tokens';

export function repositoriesModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindLazySingleton(bind, TOKENS.ProviderHttpClient, [], async () => {
      const { ProviderHttpClient } = await import('../infrastructure/http/ProviderHttpClient');
      return () => new ProviderHttpClient(config.providerBaseUrl);
    });

    bindLazySingleton(
      bind,
      TOKENS.CardRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpCardRepository'), 'HttpCardRepository'),
    );
    bindLazySingleton(
      bind,
      TOKENS.ChannelRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpChannelRepository'), 'HttpChannelRepository'),
    );
    bindLazySingleton(
      bind,
      TOKENS.DonationRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpDonationRepository'), 'HttpDonationRepository'),
    );
    bindLazySingleton(
      bind,
      TOKENS.FollowerRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpFollowerRepository'), 'HttpFollowerRepository'),
    );
    bindLazySingleton(
      bind,
      TOKENS.InvoiceRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpInvoiceRepository'), 'HttpInvoiceRepository'),
    );
    bindLazySingleton(
      bind,
      TOKENS.PromoRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpPromoRepository'), 'HttpPromoRepository'),
    );
    bindLazySingleton(
      bind,
      TOKENS.RetentionRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpRetentionRepository'), 'HttpRetentionRepository'),
    );
    bindLazySingleton(
      bind,
      TOKENS.GiftRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpGiftRepository'), 'HttpGiftRepository'),
    );
    bindLazySingleton(
      bind,
      TOKENS.RevenueInsightsRepository,
      [TOKENS.HttpClient],
      construct(
        () => import('../infrastructure/http/repositories/HttpRevenueInsightsRepository'),
        'HttpRevenueInsightsRepository',
      ),
    );
    bindLazySingleton(
      bind,
      TOKENS.MigrationRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpMigrationRepository'), 'HttpMigrationRepository'),
    );
    bindLazySingleton(
      bind,
      TOKENS.PayoutRepository,
      [TOKENS.HttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpPayoutRepository'), 'HttpPayoutRepository'),
    );
    bindLazySingleton(
      bind,
      TOKENS.SubscriptionRepository,
      [TOKENS.HttpClient],
      construct(
        () => import('../infrastructure/http/repositories/HttpSubscriptionRepository'),
        'HttpSubscriptionRepository',
      ),
    );
    bindLazySingleton(
      bind,
      TOKENS.TransactionRepository,
      [TOKENS.HttpClient],
      construct(
        () => import('../infrastructure/http/repositories/HttpTransactionRepository'),
        'HttpTransactionRepository',
      ),
    );
    // The sandbox control API for /local (`npm run build:local` only; see the LocalViewModel binding).
    bindLazySingleton(bind, TOKENS.SandboxUsers, [], () =>
      typeof __LOCAL_BUILD__ === 'undefined' || __LOCAL_BUILD__
        ? Promise.all([
            import('../infrastructure/http/ProviderHttpClient'),
            import('../infrastructure/http/repositories/HttpSandboxUsers'),
          ]).then(
            ([{ ProviderHttpClient }, { HttpSandboxUsers }]) =>
              () =>
                new HttpSandboxUsers(new ProviderHttpClient(`${config.apiBaseUrl.replace(/\/+$/, '')}/sandbox`)),
          )
        : Promise.reject(new Error('SandboxUsers exists only in build:local')),
    );
    bindLazySingleton(
      bind,
      TOKENS.ProviderGateway,
      [TOKENS.ProviderHttpClient],
      construct(() => import('../infrastructure/http/repositories/HttpProviderGateway'), 'HttpProviderGateway'),
    );
    bindLazySingleton(
      bind,
      TOKENS.VerificationRepository,
      [TOKENS.HttpClient],
      construct(
        () => import('../infrastructure/http/repositories/HttpVerificationRepository'),
        'HttpVerificationRepository',
      ),
    );
  });
}
