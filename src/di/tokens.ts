/**
 * DI tokens: one per port, use case, shared service and view-model factory, named like what it resolves to.
 * This is the only file of src/di that presentation may import; it holds types and symbols, no bindings.
 *
 * Adding a view model: declare `XViewModel: token<ViewModelFactory<XViewModel, [args]>>('XViewModel')` here
 * (with `import type`), bind it in src/di/presentation.ts, and name it in the screen's route
 * (`viewModel(TOKENS.XViewModel, (params) => [...args])`): the route makes it and passes it to the screen.
 */
import type { CardRepository } from '../application/ports/CardRepository';
import type { ChannelRepository } from '../application/ports/ChannelRepository';
import type { Clock } from '../application/ports/Clock';
import type { ProviderGateway } from '../application/ports/ProviderGateway';
import type { DashboardRepository } from '../application/ports/DashboardRepository';
import type { DonationRepository } from '../application/ports/DonationRepository';
import type { FollowerRepository } from '../application/ports/FollowerRepository';
import type { InvoiceRepository } from '../application/ports/InvoiceRepository';
import type { PromoRepository } from '../application/ports/PromoRepository';
import type { RetentionRepository } from '../application/ports/RetentionRepository';
import type { GiftRepository } from '../application/ports/GiftRepository';
import type { KeyValueStorage } from '../application/ports/KeyValueStorage';
import type { Dialogs } from '../application/ports/Dialogs';
import type { Links } from '../application/ports/Links';
import type { UnsavedChanges } from '../application/ports/UnsavedChanges';
import type { Downloads } from '../application/ports/Downloads';
import type { RevenueRepository } from '../application/ports/RevenueRepository';
import type { RevenueInsightsRepository } from '../application/ports/RevenueInsightsRepository';
import type { LoadRevenueInsights } from '../application/use-cases/revenue/LoadRevenueInsights';
import type { RevenueInsightsViewModel } from '../presentation/screens/RevenueInsights/RevenueInsightsViewModel';
import type { RevenueChartViewModel } from '../presentation/components/RevenueChart/RevenueChartViewModel';
import type { MessengerPlatform } from '../application/ports/MessengerPlatform';
import type { MigrationRepository } from '../application/ports/MigrationRepository';
import type { PayoutRepository } from '../application/ports/PayoutRepository';
import type { Scheduler } from '../application/ports/Scheduler';
import type { SubscriptionRepository } from '../application/ports/SubscriptionRepository';
import type { TransactionRepository } from '../application/ports/TransactionRepository';
import type { VerificationRepository } from '../application/ports/VerificationRepository';
import type { RemoveCard } from '../application/use-cases/cards/RemoveCard';
import type { SetPrimaryCard } from '../application/use-cases/cards/SetPrimaryCard';
import type { DeleteChannel } from '../application/use-cases/channels/DeleteChannel';
import type { SetChannelLanguage } from '../application/use-cases/channels/SetChannelLanguage';
import type { SkipOnboardingStep } from '../application/use-cases/channels/SkipOnboardingStep';
import type { RequestDonation } from '../application/use-cases/donations/RequestDonation';
import type { UploadDonationImage } from '../application/use-cases/donations/UploadDonationImage';
import type { CancelFollowerSubscription } from '../application/use-cases/follower/CancelFollowerSubscription';
import type { RenewFollowerSubscription } from '../application/use-cases/follower/RenewFollowerSubscription';
import type { AcceptRetentionOffer } from '../application/use-cases/retention/AcceptRetentionOffer';
import type { DeclineRetentionOffer } from '../application/use-cases/retention/DeclineRetentionOffer';
import type { SaveRetentionOffer } from '../application/use-cases/retention/SaveRetentionOffer';
import type { ShowRetentionOffer } from '../application/use-cases/retention/ShowRetentionOffer';
import type { ConfirmMigration } from '../application/use-cases/migration/ConfirmMigration';
import type { RefuseMigration } from '../application/use-cases/migration/RefuseMigration';
import type { CheckPayment } from '../application/use-cases/payments/CheckPayment';
import type { PayInvoice } from '../application/use-cases/payments/PayInvoice';
import type { PayWithStars } from '../application/use-cases/payments/PayWithStars';
import type { SaveWithdrawalAccount } from '../application/use-cases/payouts/SaveWithdrawalAccount';
import type { CreateSubscription } from '../application/use-cases/subscriptions/CreateSubscription';
import type { DeleteSubscription } from '../application/use-cases/subscriptions/DeleteSubscription';
import type { CreatePromoCode } from '../application/use-cases/promos/CreatePromoCode';
import type { DeletePromoCode } from '../application/use-cases/promos/DeletePromoCode';
import type { SetPromoCodePaused } from '../application/use-cases/promos/SetPromoCodePaused';
import type { EditSubscription } from '../application/use-cases/subscriptions/EditSubscription';
import type { PublishSubscription } from '../application/use-cases/subscriptions/PublishSubscription';
import type { RestoreSubscription } from '../application/use-cases/subscriptions/RestoreSubscription';
import type { SetSubscriptionCommand } from '../application/use-cases/subscriptions/SetSubscriptionCommand';
import type { PollVerification } from '../application/use-cases/verification/PollVerification';
import type { StartVerification } from '../application/use-cases/verification/StartVerification';
import type { Role } from '../domain/entities';
import type { ApiClient } from '../infrastructure/http/ApiClient';
import type { HttpClient } from '../infrastructure/http/HttpClient';
import type { AuthTokenProvider } from '../infrastructure/http/authToken';
import type { ToastStore } from '../presentation/toasts/ToastStore';
import type { PaymentFlowStore } from '../presentation/payment/PaymentFlowStore';
import type { PaymentFlowEffects } from '../presentation/payment/PaymentFlowEffects';
import type { InvoiceViewModel } from '../presentation/screens/Invoice/InvoiceViewModel';
import type { PaymentMethodViewModel } from '../presentation/screens/PaymentMethod/PaymentMethodViewModel';
import type { PaymentFormViewModel } from '../presentation/screens/PaymentForm/PaymentFormViewModel';
import type { PaymentRedirectViewModel } from '../presentation/screens/PaymentRedirect/PaymentRedirectViewModel';
import type { GiftPurchaseViewModel } from '../presentation/screens/Gift/GiftPurchaseViewModel';
import type { GiftSentViewModel } from '../presentation/screens/Gift/GiftSentViewModel';
import type { GiftViewModel } from '../presentation/screens/Gift/GiftViewModel';
import type { FollowerSubscriptionViewModel } from '../presentation/screens/FollowerSubscription/FollowerSubscriptionViewModel';
import type { CardsViewModel } from '../presentation/screens/Cards/CardsViewModel';
import type { CardViewModel } from '../presentation/screens/Card/CardViewModel';
import type { InvoiceKind } from '../domain/invoice';
import type { ConnectBotViewModel } from '../presentation/screens/ConnectBot/ConnectBotViewModel';
import type { DashboardSession } from '../presentation/screens/Dashboard/DashboardSession';
import type { DashboardViewModel } from '../presentation/screens/Dashboard/DashboardViewModel';
import type { VerificationViewModel } from '../presentation/screens/Verification/VerificationViewModel';
import type { ChannelViewModel } from '../presentation/screens/Channel/ChannelViewModel';
import type { ChannelSettingsViewModel } from '../presentation/screens/ChannelSettings/ChannelSettingsViewModel';
import type { ChannelLanguageViewModel } from '../presentation/screens/ChannelLanguage/ChannelLanguageViewModel';
import type { SubscriptionFormViewModel } from '../presentation/screens/SubscriptionForm/SubscriptionFormViewModel';
import type { DonationDraftStore } from '../presentation/shared/DonationDraftStore';
import type { DonationFormViewModel } from '../presentation/screens/DonationForm/DonationFormViewModel';
import type { DonationPreviewViewModel } from '../presentation/screens/DonationPreview/DonationPreviewViewModel';
import type { DonationRequestViewModel } from '../presentation/screens/DonationRequest/DonationRequestViewModel';
import type { TransactionViewModel } from '../presentation/screens/Transaction/TransactionViewModel';
import type { PayoutViewModel } from '../presentation/screens/Payout/PayoutViewModel';
import type { PayoutSettingsViewModel } from '../presentation/screens/PayoutSettings/PayoutSettingsViewModel';
import type { PayoutSetupStore } from '../presentation/screens/PayoutSetup/PayoutSetupStore';
import type { PayoutSetupViewModel } from '../presentation/screens/PayoutSetup/PayoutSetupViewModel';
import type { SubscriptionViewModel } from '../presentation/screens/Subscription/SubscriptionViewModel';
import type { SubscriptionPreviewViewModel } from '../presentation/screens/SubscriptionPreview/SubscriptionPreviewViewModel';
import type { SubscriptionCommandViewModel } from '../presentation/screens/SubscriptionCommand/SubscriptionCommandViewModel';
import type { PromoCodesViewModel } from '../presentation/screens/PromoCodes/PromoCodesViewModel';
import type { RetentionOfferViewModel } from '../presentation/screens/RetentionOffer/RetentionOfferViewModel';
import type { SubscriptionMemberViewModel } from '../presentation/screens/SubscriptionMember/SubscriptionMemberViewModel';
import type { MigrationViewModel } from '../presentation/screens/Migration/MigrationViewModel';
import type { DebugViewModel } from '../presentation/screens/Debug/DebugViewModel';
import type { UikitViewModel } from '../presentation/screens/Uikit/UikitViewModel';
import type { SupportViewModel } from '../presentation/shared/SupportViewModel';
import type { PageLanguageViewModel } from '../presentation/screens/PageLanguage/PageLanguageViewModel';
import type { LocalViewModel } from '../presentation/screens/Local/LocalViewModel';
import type { SandboxUsers } from '../application/ports/SandboxUsers';
import type { ErrorConsoleStore } from '../presentation/shell/ErrorConsoleStore';
import type { ErrorConsoleSwitch } from '../presentation/shell/ErrorConsoleSwitch';

declare const resolvesTo: unique symbol;

/** A service identifier that remembers what it resolves to (inversify accepts any symbol). */
export type Token<T> = symbol & { readonly [resolvesTo]?: T };

/** What a token resolves to. */
export type Resolved<K> = K extends Token<infer T> ? T : never;

export function token<T>(name: string): Token<T> {
  return Symbol(name) as Token<T>;
}

/** Declares what a member of TOKENS resolves to; `namedByKey` makes its symbol (so its name is written once). */
function resolves<T>(): Token<T> {
  return undefined as unknown as Token<T>;
}

/** Each member's token, a symbol described by its key (inversify names it in its errors). */
function namedByKey<T extends Record<string, symbol>>(declared: T): Readonly<T> {
  return Object.fromEntries(Object.keys(declared).map((name) => [name, token(name)])) as unknown as Readonly<T>;
}

/** Anything with a lifetime bound to a screen mount. */
export interface Disposable {
  dispose(): void;
}

/** Creates one view model per screen mount; bound as a singleton so its (lazily loaded) dependencies resolve once. */
export type ViewModelFactory<VM extends Disposable, A extends unknown[] = []> = (...args: A) => VM;

/** Settings read once by the composition root. */
export interface AppConfig {
  /** Origin of the API ('' = the page's own origin); the client appends /api/v2. */
  readonly apiBaseUrl: string;
  /** Base URL of the card payment provider (the sandbox serves it at /provider). */
  readonly providerBaseUrl: string;
  /** Origin of the frame hosting the app when not Telegram's web client (the sandbox host emulator). */
  readonly hostOrigin?: string;
}

/** Failed API calls as the shell observes them (e.g. `banned` replaces the route with /banned). Implemented by ApiClient. */
export interface ApiErrorEvents {
  onApiError(listener: (error: { readonly code: string }) => void): () => void;
}

export const TOKENS = namedByKey({
  // configuration
  AppConfig: resolves<AppConfig>(),

  // platform ports
  MessengerPlatform: resolves<MessengerPlatform>(),
  /** The platform as view models that confirm or alert see it. */
  Dialogs: resolves<Dialogs>(),
  /** The platform as view models that open outside pages see it. */
  Links: resolves<Links>(),
  /** The platform as form view models that guard unsaved changes see it. */
  UnsavedChanges: resolves<UnsavedChanges>(),
  /** The platform as view models that save files see it. */
  Downloads: resolves<Downloads>(),
  Clock: resolves<Clock>(),
  KeyValueStorage: resolves<KeyValueStorage>(),
  Scheduler: resolves<Scheduler>(),

  // transport
  /** Gives the token sent as `Authorization: TgAuth <token>`, undefined when there is none. */
  AuthTokenProvider: resolves<AuthTokenProvider>(),
  ApiClient: resolves<ApiClient>(),
  /** The ApiClient as repositories see it. */
  HttpClient: resolves<HttpClient>(),
  /** The ApiClient as the shell sees it. */
  ApiErrorEvents: resolves<ApiErrorEvents>(),
  /** A JSON client on the card payment provider's base URL (no API session headers). */
  ProviderHttpClient: resolves<HttpClient>(),

  // repositories (loaded lazily: resolve them with getAsync, or through a view-model factory)
  CardRepository: resolves<CardRepository>(),
  ChannelRepository: resolves<ChannelRepository>(),
  DashboardRepository: resolves<DashboardRepository>(),
  DonationRepository: resolves<DonationRepository>(),
  FollowerRepository: resolves<FollowerRepository>(),
  InvoiceRepository: resolves<InvoiceRepository>(),
  PromoRepository: resolves<PromoRepository>(),
  RetentionRepository: resolves<RetentionRepository>(),
  GiftRepository: resolves<GiftRepository>(),
  MigrationRepository: resolves<MigrationRepository>(),
  PayoutRepository: resolves<PayoutRepository>(),
  SubscriptionRepository: resolves<SubscriptionRepository>(),
  TransactionRepository: resolves<TransactionRepository>(),
  RevenueRepository: resolves<RevenueRepository>(),
  RevenueInsightsRepository: resolves<RevenueInsightsRepository>(),
  ProviderGateway: resolves<ProviderGateway>(),
  VerificationRepository: resolves<VerificationRepository>(),

  // use cases (loaded lazily)
  LoadRevenueInsights: resolves<LoadRevenueInsights>(),
  RemoveCard: resolves<RemoveCard>(),
  SetPrimaryCard: resolves<SetPrimaryCard>(),
  DeleteChannel: resolves<DeleteChannel>(),
  SetChannelLanguage: resolves<SetChannelLanguage>(),
  SkipOnboardingStep: resolves<SkipOnboardingStep>(),
  RequestDonation: resolves<RequestDonation>(),
  UploadDonationImage: resolves<UploadDonationImage>(),
  CancelFollowerSubscription: resolves<CancelFollowerSubscription>(),
  RenewFollowerSubscription: resolves<RenewFollowerSubscription>(),
  ShowRetentionOffer: resolves<ShowRetentionOffer>(),
  AcceptRetentionOffer: resolves<AcceptRetentionOffer>(),
  DeclineRetentionOffer: resolves<DeclineRetentionOffer>(),
  SaveRetentionOffer: resolves<SaveRetentionOffer>(),
  ConfirmMigration: resolves<ConfirmMigration>(),
  RefuseMigration: resolves<RefuseMigration>(),
  CheckPayment: resolves<CheckPayment>(),
  PayInvoice: resolves<PayInvoice>(),
  PayWithStars: resolves<PayWithStars>(),
  SaveWithdrawalAccount: resolves<SaveWithdrawalAccount>(),
  CreateSubscription: resolves<CreateSubscription>(),
  DeleteSubscription: resolves<DeleteSubscription>(),
  CreatePromoCode: resolves<CreatePromoCode>(),
  SetPromoCodePaused: resolves<SetPromoCodePaused>(),
  DeletePromoCode: resolves<DeletePromoCode>(),
  EditSubscription: resolves<EditSubscription>(),
  PublishSubscription: resolves<PublishSubscription>(),
  RestoreSubscription: resolves<RestoreSubscription>(),
  SetSubscriptionCommand: resolves<SetSubscriptionCommand>(),
  PollVerification: resolves<PollVerification>(),
  StartVerification: resolves<StartVerification>(),

  // presentation services
  ToastStore: resolves<ToastStore>(),

  /** The dashboard's memory for the app session (initial and last mode, the dashboard handed to /dashboard/{mode}). */
  DashboardSession: resolves<DashboardSession>(),

  // view-model factories
  // payment flow (follower): one store shared by the invoice and payment screens, so a running payment survives route changes
  PaymentFlowStore: resolves<PaymentFlowStore>(),
  /** The payment session's route changes and host effects (one with the store). */
  PaymentFlowEffects: resolves<PaymentFlowEffects>(),
  InvoiceViewModel:
    resolves<ViewModelFactory<InvoiceViewModel, [kind: InvoiceKind, id: number, promoCode?: string | null]>>(),
  PaymentMethodViewModel: resolves<ViewModelFactory<PaymentMethodViewModel>>(),
  PaymentFormViewModel: resolves<ViewModelFactory<PaymentFormViewModel>>(),
  PaymentRedirectViewModel: resolves<ViewModelFactory<PaymentRedirectViewModel>>(),
  // gift subscriptions: the giver's purchase and link, the recipient's gift
  GiftPurchaseViewModel: resolves<ViewModelFactory<GiftPurchaseViewModel, [subscriptionId: number]>>(),
  GiftSentViewModel: resolves<ViewModelFactory<GiftSentViewModel, [paymentId: string]>>(),
  GiftViewModel: resolves<ViewModelFactory<GiftViewModel, [code: string]>>(),
  FollowerSubscriptionViewModel: resolves<ViewModelFactory<FollowerSubscriptionViewModel, [memberId: number]>>(),
  CardsViewModel: resolves<ViewModelFactory<CardsViewModel>>(),
  CardViewModel: resolves<ViewModelFactory<CardViewModel, [cardId: number]>>(),
  DashboardViewModel: resolves<ViewModelFactory<DashboardViewModel, [mode: Role | undefined]>>(),
  VerificationViewModel: resolves<ViewModelFactory<VerificationViewModel>>(),
  ConnectBotViewModel: resolves<ViewModelFactory<ConnectBotViewModel>>(),
  ChannelViewModel: resolves<ViewModelFactory<ChannelViewModel, [channelId: number]>>(),
  ChannelSettingsViewModel: resolves<ViewModelFactory<ChannelSettingsViewModel, [channelId: number]>>(),
  ChannelLanguageViewModel: resolves<ViewModelFactory<ChannelLanguageViewModel, [channelId: number]>>(),
  SubscriptionFormViewModel:
    resolves<ViewModelFactory<SubscriptionFormViewModel, [channelId: number, subscriptionId: number | null]>>(),
  // donations: the draft survives between the form and its preview
  DonationDraftStore: resolves<DonationDraftStore>(),
  DonationFormViewModel: resolves<ViewModelFactory<DonationFormViewModel, [channelId: number]>>(),
  DonationPreviewViewModel: resolves<ViewModelFactory<DonationPreviewViewModel, [channelId: number]>>(),
  DonationRequestViewModel:
    resolves<ViewModelFactory<DonationRequestViewModel, [channelId: number, donationId: number]>>(),
  TransactionViewModel: resolves<ViewModelFactory<TransactionViewModel, [transactionId: number]>>(),
  /** Revenue at a glance: one channel's (its id) or every channel's (null). */
  RevenueChartViewModel: resolves<ViewModelFactory<RevenueChartViewModel, [channelId: number | null]>>(),
  PayoutViewModel: resolves<ViewModelFactory<PayoutViewModel>>(),
  PayoutSettingsViewModel: resolves<ViewModelFactory<PayoutSettingsViewModel>>(),
  // payout setup: one form shared by /payout/setup and its country and bank pickers
  PayoutSetupStore: resolves<PayoutSetupStore>(),
  PayoutSetupViewModel: resolves<ViewModelFactory<PayoutSetupViewModel>>(),
  SubscriptionViewModel: resolves<ViewModelFactory<SubscriptionViewModel, [subscriptionId: number]>>(),
  SubscriptionPreviewViewModel: resolves<ViewModelFactory<SubscriptionPreviewViewModel, [subscriptionId: number]>>(),
  SubscriptionCommandViewModel:
    resolves<
      ViewModelFactory<SubscriptionCommandViewModel, [channelId: number | null, subscriptionId: number | null]>
    >(),
  SubscriptionMemberViewModel: resolves<ViewModelFactory<SubscriptionMemberViewModel, [memberId: number]>>(),
  PromoCodesViewModel: resolves<ViewModelFactory<PromoCodesViewModel, [subscriptionId: number]>>(),
  RetentionOfferViewModel: resolves<ViewModelFactory<RetentionOfferViewModel, [subscriptionId: number]>>(),
  /** Revenue insights: one channel's (its id) or every channel's (null). */
  RevenueInsightsViewModel: resolves<ViewModelFactory<RevenueInsightsViewModel, [channelId: number | null]>>(),
  // migration, developer tools
  MigrationViewModel: resolves<ViewModelFactory<MigrationViewModel>>(),
  /** Console errors shown on screen when switched on in /debug (the setting persists in storage). */
  ErrorConsoleStore: resolves<ErrorConsoleStore>(),
  /** Whether the error console is on: bound at start (the shell reads it); the store loads only when on. */
  ErrorConsoleSwitch: resolves<ErrorConsoleSwitch>(),
  DebugViewModel: resolves<ViewModelFactory<DebugViewModel>>(),
  /** /banned, /faq and /support: the support chat. */
  SupportViewModel: resolves<ViewModelFactory<SupportViewModel>>(),
  UikitViewModel: resolves<ViewModelFactory<UikitViewModel>>(),
  PageLanguageViewModel: resolves<ViewModelFactory<PageLanguageViewModel>>(),
  /** The sandbox's users and launch links (only the /local screen of `npm run build:local` uses it). */
  SandboxUsers: resolves<SandboxUsers>(),
  LocalViewModel: resolves<ViewModelFactory<LocalViewModel>>(),
});

export type TokenName = keyof typeof TOKENS;
