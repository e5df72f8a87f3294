/**
 * The Backers core without the app: use cases, the ports they depend on, the domain rules and the in-memory backend
 * (with its virtual clock) that implements every port. Backend teams build on this module alone; it never reaches
 * React, MobX, the messenger SDK or the HTTP adapters (a dependency rule checks it). `npm run example` walks through
 * it (scripts/example.ts).
 */

// ---- use cases (one class per user action, each with one execute())
export * from './application/use-cases/cards/RemoveCard';
export * from './application/use-cases/cards/SetPrimaryCard';
export * from './application/use-cases/channels/DeleteChannel';
export * from './application/use-cases/channels/SetChannelLanguage';
export * from './application/use-cases/channels/SkipOnboardingStep';
export * from './application/use-cases/donations/RequestDonation';
export * from './application/use-cases/donations/UploadDonationImage';
export * from './application/use-cases/follower/CancelFollowerSubscription';
export * from './application/use-cases/follower/RenewFollowerSubscription';
export * from './application/use-cases/migration/ConfirmMigration';
export * from './application/use-cases/migration/RefuseMigration';
export * from './application/use-cases/payments/CheckPayment';
export * from './application/use-cases/payments/PayInvoice';
export * from './application/use-cases/payments/PaymentOutcome';
export * from './application/use-cases/payments/pollPayment';
export * from './application/use-cases/payouts/SaveWithdrawalAccount';
export * from './application/use-cases/payouts/requirementsFor';
export * from './application/use-cases/shared/failures';
export type { MalformedInput } from './application/inputs/checkInput';
export * from './application/use-cases/subscriptions/CreateSubscription';
export * from './application/use-cases/subscriptions/DeleteSubscription';
export * from './application/use-cases/promos/CreatePromoCode';
export * from './application/use-cases/promos/SetPromoCodePaused';
export * from './application/use-cases/promos/DeletePromoCode';
export * from './application/use-cases/subscriptions/EditSubscription';
export * from './application/use-cases/subscriptions/PublishSubscription';
export * from './application/use-cases/subscriptions/RestoreSubscription';
export * from './application/use-cases/subscriptions/SetSubscriptionCommand';
export * from './application/use-cases/verification/PollVerification';
export * from './application/use-cases/verification/StartVerification';

// ---- ports (interfaces the use cases depend on)
export type * from './application/ports/CardRepository';
export type * from './application/ports/ChannelRepository';
export type * from './application/ports/Clock';
export type * from './application/ports/DashboardRepository';
export type * from './application/ports/DonationRepository';
export type * from './application/ports/FollowerRepository';
export type * from './application/ports/InvoiceRepository';
export type * from './application/ports/KeyValueStorage';
export type * from './application/ports/MessengerPlatform';
export type * from './application/ports/MigrationRepository';
export type * from './application/ports/Page';
export type * from './application/ports/PayoutRepository';
export type * from './application/ports/PromoRepository';
export type * from './application/ports/ProviderGateway';
export * from './application/ports/RepositoryError';
export type * from './application/ports/SandboxUsers';
export type * from './application/ports/Scheduler';
export type * from './application/ports/SubscriptionRepository';
export type * from './application/ports/TransactionRepository';
export type * from './application/ports/VerificationRepository';

// ---- domain rules (pure: money, fees, periods, payout schedule, validation), one namespace per module
export * as amounts from './domain/amounts';
export * as entities from './domain/entities';
export * as fees from './domain/fees';
export * as members from './domain/members';
export * as money from './domain/money';
export * as payout from './domain/payout';
export * as promo from './domain/promo';
export * as promoForm from './domain/promo-form';
export * as result from './domain/result';
export * as subscriptionForm from './domain/subscription-form';

// ---- the wire contract's sandbox test cards (the same on the server and in the in-memory backend)
export { PROVIDER_DECLINE_ERROR, PROVIDER_TEST_CARDS } from './contract/api';

// ---- the in-memory backend: every port over shared state, on virtual time
export {
  InMemoryBackend,
  type InMemoryBackendOptions,
  type InMemorySession,
} from './infrastructure/memory/InMemoryBackend';
export { InMemorySeeder } from './infrastructure/memory/InMemorySeeder';
export { VirtualTime } from './infrastructure/memory/VirtualTime';
export {
  type InMemoryRepositories,
  createInMemoryRepositories,
} from './infrastructure/memory/createInMemoryRepositories';
export { completeLinkPayment, completeThreeDSecure } from './infrastructure/memory/payments';
export { runJobs } from './infrastructure/memory/jobs';
export { runRenewals } from './infrastructure/memory/renewals';
