/** The server's services, built once per app from the same dependencies. */
import { BotEventsService } from './botEvents';
import { ChannelService } from './channels';
import type { ServiceDeps } from './context';
import { DashboardService } from './dashboard';
import { DonationService } from './donations';
import { InvoiceService } from './invoices';
import { MigrationService } from './migration';
import { SubscriptionService } from './subscriptions';
import { TransactionService } from './transactions';
import { VerificationService } from './verification';

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
}

export function createServices(deps: ServiceDeps): Services {
  return {
    verification: new VerificationService(deps),
    dashboard: new DashboardService(deps),
    channels: new ChannelService(deps),
    subscriptions: new SubscriptionService(deps),
    donations: new DonationService(deps),
    transactions: new TransactionService(deps),
    invoices: new InvoiceService(deps),
    migration: new MigrationService(deps),
    botEvents: new BotEventsService(deps),
  };
}

export type { ServiceDeps } from './context';
