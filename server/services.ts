/** The server's services, built once per app from the same dependencies. */
import { BotEventsService } from './modules/bot/events';
import { ChannelService } from './modules/channels/service';
import type { ServiceDeps } from './platform/serviceDeps';
import { DashboardService } from './modules/dashboard/service';
import { DonationService } from './modules/donations/service';
import { InvoiceService } from './modules/invoices/service';
import { MigrationService } from './modules/migration/service';
import { SubscriptionService } from './modules/subscriptions/service';
import { TransactionService } from './modules/transactions/service';
import { VerificationService } from './modules/verification/service';
import { PayoutService } from './modules/payouts/service';
import { RevenueService } from './modules/revenue/service';
import { PromoService } from './modules/promos/service';
import { RetentionService } from './modules/retention/service';
import { TrialService } from './modules/trials/service';
import type { PaymentProvider } from './modules/payments/PaymentProvider';
import type { MoneyDb } from './platform/db/moneyDb';
import type { ExchangeRates } from './modules/payments/rates';

export interface Services {
  readonly verification: VerificationService;
  readonly dashboard: DashboardService;
  readonly channels: ChannelService;
  readonly subscriptions: SubscriptionService;
  readonly donations: DonationService;
  readonly transactions: TransactionService;
  readonly invoices: InvoiceService;
  readonly migration: MigrationService;
  readonly botEvents: BotEventsService;
  readonly payouts: PayoutService;
  readonly revenue: RevenueService;
  readonly promos: PromoService;
  readonly retention: RetentionService;
  readonly trials: TrialService;
}

/** What services need from the money engine (built before them in buildApp). */
export interface MoneyForServices {
  readonly paymentProvider: () => PaymentProvider | null;
  /** Exchange rates for announcing payouts of other currencies (null: none). */
  readonly rates: ExchangeRates | null;
  /** Where a bot message that could not be sent is logged. */
  readonly log?: (error: unknown, what: string) => void;
}

export function createServices(deps: ServiceDeps, money: MoneyForServices): Services {
  const subscriptions = new SubscriptionService(deps);
  const trials = new TrialService(deps, () => money.paymentProvider() !== null);
  const promos = new PromoService(deps);
  return {
    verification: new VerificationService(deps, (error) =>
      money.log?.(error, 'could not tell a creator about an identity decision'),
    ),
    dashboard: new DashboardService(deps),
    channels: new ChannelService(
      deps,
      (channel, cursor) => subscriptions.pageOfChannel(channel, cursor),
      (id) => subscriptions.shareLink(id),
    ),
    subscriptions,
    donations: new DonationService(deps),
    transactions: new TransactionService(deps),
    invoices: new InvoiceService(deps, trials),
    migration: new MigrationService(deps),
    botEvents: new BotEventsService(deps),
    revenue: new RevenueService(
      deps,
      async (channelIds) =>
        (await promos.ofChannels(channelIds)).map(({ row, stats }) => ({
          id: row.id,
          code: row.code,
          channelId: row.channelId,
          subscriptionId: row.subscriptionId,
          deleted: row.deleted,
          redemptions: stats.redemptions,
          revenue: stats.revenue.map((sum) => ({ currency: sum.currency, minor: sum.minor })),
        })),
      (channelIds) => trials.statsOfChannels(channelIds),
    ),
    promos,
    retention: new RetentionService(deps),
    trials,
    payouts: new PayoutService(deps.db as MoneyDb, deps.clock, money.paymentProvider, money.rates),
  };
}

export type { ServiceDeps } from './platform/serviceDeps';
