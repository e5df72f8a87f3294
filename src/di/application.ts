/** Use cases: each is its own chunk, loaded with the first screen that runs it. */
import { ContainerModule } from 'inversify';
import { bindLazySingleton, construct } from './binding';
import { TOKENS } from './tokens';

export function applicationModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindLazySingleton(
      bind,
      TOKENS.RemoveCard,
      [TOKENS.CardRepository],
      construct(() => import('../application/use-cases/cards/RemoveCard'), 'RemoveCard'),
    );
    bindLazySingleton(
      bind,
      TOKENS.SetPrimaryCard,
      [TOKENS.CardRepository],
      construct(() => import('../application/use-cases/cards/SetPrimaryCard'), 'SetPrimaryCard'),
    );
    bindLazySingleton(
      bind,
      TOKENS.DeleteChannel,
      [TOKENS.ChannelRepository],
      construct(() => import('../application/use-cases/channels/DeleteChannel'), 'DeleteChannel'),
    );
    bindLazySingleton(
      bind,
      TOKENS.SetChannelLanguage,
      [TOKENS.ChannelRepository],
      construct(() => import('../application/use-cases/channels/SetChannelLanguage'), 'SetChannelLanguage'),
    );
    bindLazySingleton(
      bind,
      TOKENS.SkipOnboardingStep,
      [TOKENS.ChannelRepository],
      construct(() => import('../application/use-cases/channels/SkipOnboardingStep'), 'SkipOnboardingStep'),
    );
    bindLazySingleton(
      bind,
      TOKENS.RequestDonation,
      [TOKENS.DonationRepository, TOKENS.Clock],
      construct(() => import('../application/use-cases/donations/RequestDonation'), 'RequestDonation'),
    );
    bindLazySingleton(
      bind,
      TOKENS.UploadDonationImage,
      [TOKENS.DonationRepository],
      construct(() => import('../application/use-cases/donations/UploadDonationImage'), 'UploadDonationImage'),
    );
    bindLazySingleton(
      bind,
      TOKENS.CancelFollowerSubscription,
      [TOKENS.FollowerRepository, TOKENS.Clock],
      construct(
        () => import('../application/use-cases/follower/CancelFollowerSubscription'),
        'CancelFollowerSubscription',
      ),
    );
    bindLazySingleton(
      bind,
      TOKENS.ShowRetentionOffer,
      [TOKENS.RetentionRepository, TOKENS.Clock],
      construct(() => import('../application/use-cases/retention/ShowRetentionOffer'), 'ShowRetentionOffer'),
    );
    bindLazySingleton(
      bind,
      TOKENS.AcceptRetentionOffer,
      [TOKENS.RetentionRepository],
      construct(() => import('../application/use-cases/retention/AcceptRetentionOffer'), 'AcceptRetentionOffer'),
    );
    bindLazySingleton(
      bind,
      TOKENS.DeclineRetentionOffer,
      [TOKENS.RetentionRepository],
      construct(() => import('../application/use-cases/retention/DeclineRetentionOffer'), 'DeclineRetentionOffer'),
    );
    bindLazySingleton(
      bind,
      TOKENS.SaveRetentionOffer,
      [TOKENS.RetentionRepository],
      construct(() => import('../application/use-cases/retention/SaveRetentionOffer'), 'SaveRetentionOffer'),
    );
    bindLazySingleton(
      bind,
      TOKENS.RenewFollowerSubscription,
      [TOKENS.FollowerRepository, TOKENS.Clock],
      construct(
        () => import('../application/use-cases/follower/RenewFollowerSubscription'),
        'RenewFollowerSubscription',
      ),
    );
    bindLazySingleton(
      bind,
      TOKENS.ConfirmMigration,
      [TOKENS.MigrationRepository],
      construct(() => import('../application/use-cases/migration/ConfirmMigration'), 'ConfirmMigration'),
    );
    bindLazySingleton(
      bind,
      TOKENS.RefuseMigration,
      [TOKENS.MigrationRepository],
      construct(() => import('../application/use-cases/migration/RefuseMigration'), 'RefuseMigration'),
    );
    bindLazySingleton(
      bind,
      TOKENS.CheckPayment,
      [TOKENS.InvoiceRepository, TOKENS.Scheduler],
      construct(() => import('../application/use-cases/payments/CheckPayment'), 'CheckPayment'),
    );
    bindLazySingleton(
      bind,
      TOKENS.PayInvoice,
      [TOKENS.InvoiceRepository, TOKENS.ProviderGateway, TOKENS.Scheduler],
      construct(() => import('../application/use-cases/payments/PayInvoice'), 'PayInvoice'),
    );
    bindLazySingleton(
      bind,
      TOKENS.PayWithStars,
      [TOKENS.InvoiceRepository, TOKENS.MessengerPlatform, TOKENS.Scheduler],
      construct(() => import('../application/use-cases/payments/PayWithStars'), 'PayWithStars'),
    );
    bindLazySingleton(
      bind,
      TOKENS.LoadRevenueInsights,
      [TOKENS.RevenueInsightsRepository],
      construct(() => import('../application/use-cases/revenue/LoadRevenueInsights'), 'LoadRevenueInsights'),
    );
    bindLazySingleton(
      bind,
      TOKENS.SaveWithdrawalAccount,
      [TOKENS.PayoutRepository, TOKENS.ProviderGateway],
      construct(() => import('../application/use-cases/payouts/SaveWithdrawalAccount'), 'SaveWithdrawalAccount'),
    );
    bindLazySingleton(
      bind,
      TOKENS.CreateSubscription,
      [TOKENS.SubscriptionRepository],
      construct(() => import('../application/use-cases/subscriptions/CreateSubscription'), 'CreateSubscription'),
    );
    bindLazySingleton(
      bind,
      TOKENS.CreatePromoCode,
      [TOKENS.PromoRepository],
      construct(() => import('../application/use-cases/promos/CreatePromoCode'), 'CreatePromoCode'),
    );
    bindLazySingleton(
      bind,
      TOKENS.SetPromoCodePaused,
      [TOKENS.PromoRepository],
      construct(() => import('../application/use-cases/promos/SetPromoCodePaused'), 'SetPromoCodePaused'),
    );
    bindLazySingleton(
      bind,
      TOKENS.DeletePromoCode,
      [TOKENS.PromoRepository],
      construct(() => import('../application/use-cases/promos/DeletePromoCode'), 'DeletePromoCode'),
    );
    bindLazySingleton(
      bind,
      TOKENS.DeleteSubscription,
      [TOKENS.SubscriptionRepository],
      construct(() => import('../application/use-cases/subscriptions/DeleteSubscription'), 'DeleteSubscription'),
    );
    bindLazySingleton(
      bind,
      TOKENS.EditSubscription,
      [TOKENS.SubscriptionRepository],
      construct(() => import('../application/use-cases/subscriptions/EditSubscription'), 'EditSubscription'),
    );
    bindLazySingleton(
      bind,
      TOKENS.PublishSubscription,
      [TOKENS.SubscriptionRepository],
      construct(() => import('../application/use-cases/subscriptions/PublishSubscription'), 'PublishSubscription'),
    );
    bindLazySingleton(
      bind,
      TOKENS.RestoreSubscription,
      [TOKENS.SubscriptionRepository],
      construct(() => import('../application/use-cases/subscriptions/RestoreSubscription'), 'RestoreSubscription'),
    );
    bindLazySingleton(
      bind,
      TOKENS.SetSubscriptionCommand,
      [TOKENS.SubscriptionRepository],
      construct(
        () => import('../application/use-cases/subscriptions/SetSubscriptionCommand'),
        'SetSubscriptionCommand',
      ),
    );
    bindLazySingleton(
      bind,
      TOKENS.PollVerification,
      [TOKENS.VerificationRepository, TOKENS.Scheduler],
      construct(() => import('../application/use-cases/verification/PollVerification'), 'PollVerification'),
    );
    bindLazySingleton(
      bind,
      TOKENS.StartVerification,
      [TOKENS.VerificationRepository],
      construct(() => import('../application/use-cases/verification/StartVerification'), 'StartVerification'),
    );
  });
}
