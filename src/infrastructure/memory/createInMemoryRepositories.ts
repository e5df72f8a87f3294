import type { CardRepository } from '../../application/ports/CardRepository';
import type { ChannelRepository } from '../../application/ports/ChannelRepository';
import type { DashboardRepository } from '../../application/ports/DashboardRepository';
import type { DonationRepository } from '../../application/ports/DonationRepository';
import type { FollowerRepository } from '../../application/ports/FollowerRepository';
import type { InvoiceRepository } from '../../application/ports/InvoiceRepository';
import type { MigrationRepository } from '../../application/ports/MigrationRepository';
import type { PayoutRepository } from '../../application/ports/PayoutRepository';
import type { ProviderGateway } from '../../application/ports/ProviderGateway';
import type { PromoRepository } from '../../application/ports/PromoRepository';
import type { GiftRepository } from '../../application/ports/GiftRepository';
import type { RetentionRepository } from '../../application/ports/RetentionRepository';
import type { RevenueInsightsRepository } from '../../application/ports/RevenueInsightsRepository';
import type { SubscriptionRepository } from '../../application/ports/SubscriptionRepository';
import type { TransactionRepository } from '../../application/ports/TransactionRepository';
import type { VerificationRepository } from '../../application/ports/VerificationRepository';
import type { InMemoryBackend, InMemorySession } from './InMemoryBackend';
import { InMemoryCardRepository } from './InMemoryCardRepository';
import { InMemoryChannelRepository } from './InMemoryChannelRepository';
import { InMemoryDashboardRepository } from './InMemoryDashboardRepository';
import { InMemoryDonationRepository } from './InMemoryDonationRepository';
import { InMemoryFollowerRepository } from './InMemoryFollowerRepository';
import { InMemoryInvoiceRepository } from './InMemoryInvoiceRepository';
import { InMemoryMigrationRepository } from './InMemoryMigrationRepository';
import { InMemoryPayoutRepository } from './InMemoryPayoutRepository';
import { InMemoryProviderGateway } from './InMemoryProviderGateway';
import { InMemoryPromoRepository } from './InMemoryPromoRepository';
import { InMemoryGiftRepository } from './InMemoryGiftRepository';
import { InMemoryRetentionRepository } from './InMemoryRetentionRepository';
import { InMemoryRevenueInsightsRepository } from './InMemoryRevenueInsightsRepository';
import { InMemorySubscriptionRepository } from './InMemorySubscriptionRepository';
import { InMemoryTransactionRepository } from './InMemoryTransactionRepository';
import { InMemoryVerificationRepository } from './InMemoryVerificationRepository';

export interface InMemoryRepositories {
  readonly verification: VerificationRepository;
  readonly dashboard: DashboardRepository;
  readonly channels: ChannelRepository;
  readonly subscriptions: SubscriptionRepository;
  readonly donations: DonationRepository;
  readonly invoices: InvoiceRepository;
  readonly provider: ProviderGateway;
  readonly follower: FollowerRepository;
  readonly cards: CardRepository;
  readonly transactions: TransactionRepository;
  readonly payouts: PayoutRepository;
  readonly migration: MigrationRepository;
  readonly promos: PromoRepository;
  readonly gifts: GiftRepository;
  readonly retention: RetentionRepository;
  readonly revenueInsights: RevenueInsightsRepository;
}

/** Every port over one backend, acting for one session (the backend's default session unless given). */
export function createInMemoryRepositories(
  backend: InMemoryBackend,
  session: InMemorySession = backend.session,
): InMemoryRepositories {
  return {
    verification: new InMemoryVerificationRepository(backend, session),
    dashboard: new InMemoryDashboardRepository(backend, session),
    channels: new InMemoryChannelRepository(backend, session),
    subscriptions: new InMemorySubscriptionRepository(backend, session),
    donations: new InMemoryDonationRepository(backend, session),
    invoices: new InMemoryInvoiceRepository(backend, session),
    promos: new InMemoryPromoRepository(backend, session),
    gifts: new InMemoryGiftRepository(backend, session),
    retention: new InMemoryRetentionRepository(backend, session),
    revenueInsights: new InMemoryRevenueInsightsRepository(backend, session),
    provider: new InMemoryProviderGateway(backend),
    follower: new InMemoryFollowerRepository(backend, session),
    cards: new InMemoryCardRepository(backend, session),
    transactions: new InMemoryTransactionRepository(backend, session),
    payouts: new InMemoryPayoutRepository(backend, session),
    migration: new InMemoryMigrationRepository(backend, session),
  };
}
