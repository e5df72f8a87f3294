/** Presentation services (singletons) and view-model factories (one view model per screen mount). */
import { ContainerModule } from 'inversify';
import { ToastStore } from '../presentation/toasts/ToastStore';
import { bindLazySingleton, bindSingleton, bindViewModel, construct } from './binding';
import { TOKENS } from './tokens';

export function presentationModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindSingleton(bind, TOKENS.ToastStore, [TOKENS.MessengerPlatform, TOKENS.Clock], (platform, clock) => new ToastStore(platform, clock));

    // View models: the module loads with the screen; dependencies first, then the screen's own arguments.
    bindViewModel(bind, TOKENS.ChannelViewModel,
      [TOKENS.ChannelRepository, TOKENS.SetChannelLanguage, TOKENS.SkipOnboardingStep, TOKENS.DeleteChannel, TOKENS.Scheduler, TOKENS.MessengerPlatform, TOKENS.ToastStore],
      construct(() => import('../presentation/screens/Channel/ChannelViewModel'), 'ChannelViewModel'));
    bindViewModel(bind, TOKENS.ChannelSettingsViewModel, [TOKENS.ChannelRepository, TOKENS.DeleteChannel, TOKENS.ToastStore],
      construct(() => import('../presentation/screens/ChannelSettings/ChannelSettingsViewModel'), 'ChannelSettingsViewModel'));
    bindViewModel(bind, TOKENS.ChannelLanguageViewModel, [TOKENS.ChannelRepository, TOKENS.SetChannelLanguage, TOKENS.ToastStore],
      construct(() => import('../presentation/screens/ChannelLanguage/ChannelLanguageViewModel'), 'ChannelLanguageViewModel'));
    bindLazySingleton(bind, TOKENS.DashboardSession, [], construct(() => import('../presentation/screens/Dashboard/DashboardSession'), 'DashboardSession'));
    bindViewModel(bind, TOKENS.DashboardViewModel, [TOKENS.DashboardRepository, TOKENS.DashboardSession, TOKENS.Clock],
      construct(() => import('../presentation/screens/Dashboard/DashboardViewModel'), 'DashboardViewModel'));
    bindViewModel(bind, TOKENS.VerificationViewModel, [TOKENS.PollVerification, TOKENS.StartVerification, TOKENS.MessengerPlatform, TOKENS.ToastStore],
      construct(() => import('../presentation/screens/Verification/VerificationViewModel'), 'VerificationViewModel'));
    bindViewModel(bind, TOKENS.ConnectBotViewModel, [TOKENS.VerificationRepository, TOKENS.MessengerPlatform],
      construct(() => import('../presentation/screens/ConnectBot/ConnectBotViewModel'), 'ConnectBotViewModel'));
    // Follower payments: the flow store is one singleton (a payment keeps running across its screens).
    bindLazySingleton(bind, TOKENS.PaymentFlowStore, [TOKENS.PayInvoice, TOKENS.CheckPayment, TOKENS.Scheduler, TOKENS.MessengerPlatform],
      construct(() => import('../presentation/payment/PaymentFlowStore'), 'PaymentFlowStore'));
    bindViewModel(bind, TOKENS.InvoiceViewModel, [TOKENS.InvoiceRepository, TOKENS.PaymentFlowStore, TOKENS.MessengerPlatform],
      construct(() => import('../presentation/screens/Invoice/InvoiceViewModel'), 'InvoiceViewModel'));
    bindViewModel(bind, TOKENS.PaymentMethodViewModel, [TOKENS.PaymentFlowStore, TOKENS.ToastStore],
      construct(() => import('../presentation/screens/PaymentMethod/PaymentMethodViewModel'), 'PaymentMethodViewModel'));
    bindViewModel(bind, TOKENS.PaymentFormViewModel, [TOKENS.PaymentFlowStore, TOKENS.Clock],
      construct(() => import('../presentation/screens/PaymentForm/PaymentFormViewModel'), 'PaymentFormViewModel'));
    bindViewModel(bind, TOKENS.PaymentRedirectViewModel, [TOKENS.PaymentFlowStore, TOKENS.Clock],
      construct(() => import('../presentation/screens/PaymentRedirect/PaymentRedirectViewModel'), 'PaymentRedirectViewModel'));
    bindViewModel(bind, TOKENS.FollowerSubscriptionViewModel,
      [TOKENS.FollowerRepository, TOKENS.CancelFollowerSubscription, TOKENS.RenewFollowerSubscription, TOKENS.ToastStore, TOKENS.Clock],
      construct(() => import('../presentation/screens/FollowerSubscription/FollowerSubscriptionViewModel'), 'FollowerSubscriptionViewModel'));
    bindViewModel(bind, TOKENS.CardsViewModel, [TOKENS.CardRepository],
      construct(() => import('../presentation/screens/Cards/CardsViewModel'), 'CardsViewModel'));
    bindViewModel(bind, TOKENS.CardViewModel, [TOKENS.CardRepository, TOKENS.SetPrimaryCard, TOKENS.RemoveCard, TOKENS.ToastStore],
      construct(() => import('../presentation/screens/Card/CardViewModel'), 'CardViewModel'));
    bindViewModel(bind, TOKENS.SubscriptionFormViewModel, [TOKENS.CreateSubscription, TOKENS.EditSubscription, TOKENS.SubscriptionRepository, TOKENS.ToastStore],
      construct(() => import('../presentation/screens/SubscriptionForm/SubscriptionFormViewModel'), 'SubscriptionFormViewModel'));
  });
}
