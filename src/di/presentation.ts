/**
 * View-model factories (one view model per screen mount) and the stores routes share. This module loads with the
 * first route that needs a binding the entry lacks (container.ts); the shell's services and the first screen's
 * view model are bound at start in shell.ts.
 */
import { ContainerModule } from 'inversify';
import { bindLazySingleton, bindViewModel, construct } from './binding';
import { TOKENS } from './tokens';

export function presentationModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    // View models: the module loads with the screen; dependencies first, then the screen's own arguments.
    bindViewModel(
      bind,
      TOKENS.ChannelViewModel,
      [
        TOKENS.ChannelRepository,
        TOKENS.SetChannelLanguage,
        TOKENS.SkipOnboardingStep,
        TOKENS.DeleteChannel,
        TOKENS.Scheduler,
        TOKENS.MessengerPlatform,
        TOKENS.ToastStore,
        TOKENS.Clock,
      ],
      construct(() => import('../presentation/screens/Channel/ChannelViewModel'), 'ChannelViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.ChannelSettingsViewModel,
      [TOKENS.ChannelRepository, TOKENS.DeleteChannel, TOKENS.ToastStore, TOKENS.Dialogs],
      construct(
        () => import('../presentation/screens/ChannelSettings/ChannelSettingsViewModel'),
        'ChannelSettingsViewModel',
      ),
    );
    bindViewModel(
      bind,
      TOKENS.ChannelLanguageViewModel,
      [TOKENS.ChannelRepository, TOKENS.SetChannelLanguage, TOKENS.ToastStore],
      construct(
        () => import('../presentation/screens/ChannelLanguage/ChannelLanguageViewModel'),
        'ChannelLanguageViewModel',
      ),
    );
    bindViewModel(
      bind,
      TOKENS.VerificationViewModel,
      [TOKENS.PollVerification, TOKENS.StartVerification, TOKENS.MessengerPlatform, TOKENS.ToastStore],
      construct(() => import('../presentation/screens/Verification/VerificationViewModel'), 'VerificationViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.ConnectBotViewModel,
      [TOKENS.VerificationRepository, TOKENS.MessengerPlatform, TOKENS.DashboardRepository, TOKENS.Scheduler],
      construct(() => import('../presentation/screens/ConnectBot/ConnectBotViewModel'), 'ConnectBotViewModel'),
    );
    // Follower payments: the flow store is one singleton (a payment keeps running across its screens).
    bindLazySingleton(
      bind,
      TOKENS.PaymentFlowEffects,
      [TOKENS.MessengerPlatform],
      construct(() => import('../presentation/payment/PaymentFlowEffects'), 'PaymentFlowEffects'),
    );
    bindLazySingleton(
      bind,
      TOKENS.PaymentFlowStore,
      [TOKENS.PayInvoice, TOKENS.CheckPayment, TOKENS.Scheduler, TOKENS.PaymentFlowEffects, TOKENS.PayWithStars],
      construct(() => import('../presentation/payment/PaymentFlowStore'), 'PaymentFlowStore'),
    );
    bindViewModel(
      bind,
      TOKENS.InvoiceViewModel,
      [TOKENS.InvoiceRepository, TOKENS.PaymentFlowStore, TOKENS.MessengerPlatform],
      construct(() => import('../presentation/screens/Invoice/InvoiceViewModel'), 'InvoiceViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.GiftPurchaseViewModel,
      [TOKENS.InvoiceRepository, TOKENS.PaymentFlowStore],
      construct(() => import('../presentation/screens/Gift/GiftPurchaseViewModel'), 'GiftPurchaseViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.GiftSentViewModel,
      [TOKENS.GiftRepository, TOKENS.MessengerPlatform, TOKENS.ToastStore, TOKENS.Scheduler],
      construct(() => import('../presentation/screens/Gift/GiftSentViewModel'), 'GiftSentViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.GiftViewModel,
      [TOKENS.GiftRepository, TOKENS.MessengerPlatform, TOKENS.ToastStore],
      construct(() => import('../presentation/screens/Gift/GiftViewModel'), 'GiftViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.PaymentMethodViewModel,
      [TOKENS.PaymentFlowStore, TOKENS.ToastStore],
      construct(() => import('../presentation/screens/PaymentMethod/PaymentMethodViewModel'), 'PaymentMethodViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.PaymentFormViewModel,
      [TOKENS.PaymentFlowStore, TOKENS.Clock, TOKENS.Links],
      construct(() => import('../presentation/screens/PaymentForm/PaymentFormViewModel'), 'PaymentFormViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.PaymentRedirectViewModel,
      [TOKENS.PaymentFlowStore, TOKENS.Clock],
      construct(
        () => import('../presentation/screens/PaymentRedirect/PaymentRedirectViewModel'),
        'PaymentRedirectViewModel',
      ),
    );
    bindViewModel(
      bind,
      TOKENS.FollowerSubscriptionViewModel,
      [
        TOKENS.FollowerRepository,
        TOKENS.CancelFollowerSubscription,
        TOKENS.RenewFollowerSubscription,
        TOKENS.ShowRetentionOffer,
        TOKENS.AcceptRetentionOffer,
        TOKENS.DeclineRetentionOffer,
        TOKENS.ToastStore,
        TOKENS.Clock,
        TOKENS.Dialogs,
      ],
      construct(
        () => import('../presentation/screens/FollowerSubscription/FollowerSubscriptionViewModel'),
        'FollowerSubscriptionViewModel',
      ),
    );
    bindViewModel(
      bind,
      TOKENS.CardsViewModel,
      [TOKENS.CardRepository],
      construct(() => import('../presentation/screens/Cards/CardsViewModel'), 'CardsViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.CardViewModel,
      [TOKENS.CardRepository, TOKENS.SetPrimaryCard, TOKENS.RemoveCard, TOKENS.ToastStore, TOKENS.Dialogs],
      construct(() => import('../presentation/screens/Card/CardViewModel'), 'CardViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.SubscriptionFormViewModel,
      [
        TOKENS.CreateSubscription,
        TOKENS.EditSubscription,
        TOKENS.SubscriptionRepository,
        TOKENS.ToastStore,
        TOKENS.UnsavedChanges,
      ],
      construct(
        () => import('../presentation/screens/SubscriptionForm/SubscriptionFormViewModel'),
        'SubscriptionFormViewModel',
      ),
    );
    // Donations: the draft store is one singleton (the form and its preview share the draft).
    bindLazySingleton(
      bind,
      TOKENS.DonationDraftStore,
      [],
      construct(() => import('../presentation/shared/DonationDraftStore'), 'DonationDraftStore'),
    );
    bindViewModel(
      bind,
      TOKENS.DonationFormViewModel,
      [
        TOKENS.DonationDraftStore,
        TOKENS.ToastStore,
        TOKENS.UnsavedChanges,
        TOKENS.UploadDonationImage,
        TOKENS.DonationRepository,
        TOKENS.Clock,
      ],
      construct(() => import('../presentation/screens/DonationForm/DonationFormViewModel'), 'DonationFormViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.DonationPreviewViewModel,
      [TOKENS.ChannelRepository, TOKENS.RequestDonation, TOKENS.DonationDraftStore, TOKENS.ToastStore],
      construct(
        () => import('../presentation/screens/DonationPreview/DonationPreviewViewModel'),
        'DonationPreviewViewModel',
      ),
    );
    bindViewModel(
      bind,
      TOKENS.DonationRequestViewModel,
      [TOKENS.DonationRepository, TOKENS.Clock],
      construct(
        () => import('../presentation/screens/DonationRequest/DonationRequestViewModel'),
        'DonationRequestViewModel',
      ),
    );
    bindViewModel(
      bind,
      TOKENS.TransactionViewModel,
      [TOKENS.TransactionRepository, TOKENS.Clock],
      construct(() => import('../presentation/screens/Transaction/TransactionViewModel'), 'TransactionViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.PayoutViewModel,
      [TOKENS.PayoutRepository, TOKENS.DashboardRepository, TOKENS.Clock, TOKENS.Links],
      construct(() => import('../presentation/screens/Payout/PayoutViewModel'), 'PayoutViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.PayoutSettingsViewModel,
      [TOKENS.PayoutRepository],
      construct(
        () => import('../presentation/screens/PayoutSettings/PayoutSettingsViewModel'),
        'PayoutSettingsViewModel',
      ),
    );
    // Payout setup: the form store is one singleton (the setup screen and its pickers share it).
    bindLazySingleton(
      bind,
      TOKENS.PayoutSetupStore,
      [TOKENS.PayoutRepository],
      construct(() => import('../presentation/screens/PayoutSetup/PayoutSetupStore'), 'PayoutSetupStore'),
    );
    bindViewModel(
      bind,
      TOKENS.PayoutSetupViewModel,
      [TOKENS.PayoutSetupStore, TOKENS.SaveWithdrawalAccount, TOKENS.MessengerPlatform, TOKENS.ToastStore],
      construct(() => import('../presentation/screens/PayoutSetup/PayoutSetupViewModel'), 'PayoutSetupViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.SubscriptionViewModel,
      [
        TOKENS.SubscriptionRepository,
        TOKENS.DeleteSubscription,
        TOKENS.RestoreSubscription,
        TOKENS.MessengerPlatform,
        TOKENS.ToastStore,
        TOKENS.Clock,
      ],
      construct(() => import('../presentation/screens/Subscription/SubscriptionViewModel'), 'SubscriptionViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.SubscriptionPreviewViewModel,
      [TOKENS.SubscriptionRepository, TOKENS.PublishSubscription, TOKENS.ToastStore],
      construct(
        () => import('../presentation/screens/SubscriptionPreview/SubscriptionPreviewViewModel'),
        'SubscriptionPreviewViewModel',
      ),
    );
    bindViewModel(
      bind,
      TOKENS.SubscriptionCommandViewModel,
      [TOKENS.SubscriptionRepository, TOKENS.SetSubscriptionCommand, TOKENS.ToastStore, TOKENS.ChannelRepository],
      construct(
        () => import('../presentation/screens/SubscriptionCommand/SubscriptionCommandViewModel'),
        'SubscriptionCommandViewModel',
      ),
    );
    bindViewModel(
      bind,
      TOKENS.PromoCodesViewModel,
      [
        TOKENS.PromoRepository,
        TOKENS.CreatePromoCode,
        TOKENS.SetPromoCodePaused,
        TOKENS.DeletePromoCode,
        TOKENS.SubscriptionRepository,
        TOKENS.ToastStore,
        TOKENS.MessengerPlatform,
      ],
      construct(() => import('../presentation/screens/PromoCodes/PromoCodesViewModel'), 'PromoCodesViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.RetentionOfferViewModel,
      [TOKENS.RetentionRepository, TOKENS.SaveRetentionOffer, TOKENS.SubscriptionRepository, TOKENS.ToastStore],
      construct(
        () => import('../presentation/screens/RetentionOffer/RetentionOfferViewModel'),
        'RetentionOfferViewModel',
      ),
    );
    bindViewModel(
      bind,
      TOKENS.RevenueInsightsViewModel,
      [TOKENS.LoadRevenueInsights],
      construct(
        () => import('../presentation/screens/RevenueInsights/RevenueInsightsViewModel'),
        'RevenueInsightsViewModel',
      ),
    );
    bindViewModel(
      bind,
      TOKENS.MigrationViewModel,
      [
        TOKENS.MigrationRepository,
        TOKENS.ConfirmMigration,
        TOKENS.RefuseMigration,
        TOKENS.Scheduler,
        TOKENS.ToastStore,
        TOKENS.Dialogs,
        TOKENS.Links,
        TOKENS.DashboardSession,
      ],
      construct(() => import('../presentation/screens/Migration/MigrationViewModel'), 'MigrationViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.SupportViewModel,
      [TOKENS.Links],
      construct(() => import('../presentation/shared/SupportViewModel'), 'SupportViewModel'),
    );
    // The page language preference (storage, then the messenger's language) is built with its view model: no token
    // of its own in the entry.
    bindViewModel(bind, TOKENS.PageLanguageViewModel, [TOKENS.KeyValueStorage, TOKENS.MessengerPlatform], async () => {
      const [{ PageLanguageViewModel }, { StoredPageLanguage }, { currentLanguageSwitch }] = await Promise.all([
        import('../presentation/screens/PageLanguage/PageLanguageViewModel'),
        import('../infrastructure/i18n/StoredPageLanguage'),
        import('../presentation/app/texts'),
      ]);
      return (storage, platform) =>
        new PageLanguageViewModel(new StoredPageLanguage(storage, platform, currentLanguageSwitch()));
    });
    bindViewModel(
      bind,
      TOKENS.UikitViewModel,
      [TOKENS.ToastStore],
      construct(() => import('../presentation/screens/Uikit/UikitViewModel'), 'UikitViewModel'),
    );
    bindViewModel(
      bind,
      TOKENS.DebugViewModel,
      [TOKENS.MessengerPlatform, TOKENS.KeyValueStorage, TOKENS.ToastStore, TOKENS.ErrorConsoleStore],
      construct(() => import('../presentation/screens/Debug/DebugViewModel'), 'DebugViewModel'),
    );
    // /local exists only in `npm run build:local`: elsewhere Vite drops this import, so no chunk of it ships (Jest,
    // which has no __LOCAL_BUILD__, keeps it so the container test can resolve the token).
    bindViewModel(
      bind,
      TOKENS.LocalViewModel,
      [TOKENS.SandboxUsers, TOKENS.ToastStore],
      construct(
        () =>
          typeof __LOCAL_BUILD__ === 'undefined' || __LOCAL_BUILD__
            ? import('../presentation/screens/Local/LocalViewModel')
            : Promise.reject(new Error('/local exists only in build:local')),
        'LocalViewModel',
      ),
    );
    bindViewModel(
      bind,
      TOKENS.SubscriptionMemberViewModel,
      [TOKENS.SubscriptionRepository, TOKENS.MessengerPlatform, TOKENS.Clock],
      construct(
        () => import('../presentation/screens/SubscriptionMember/SubscriptionMemberViewModel'),
        'SubscriptionMemberViewModel',
      ),
    );
  });
}
