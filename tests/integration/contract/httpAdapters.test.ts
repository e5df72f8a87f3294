/**
 * Every port's contract (tests/contract/*.contract.ts) against its HTTP adapter and the real server. One file, so
 * the contracts share one server and one module load: each contract makes its own users and channels.
 */
import { HttpCardRepository } from '../../../src/infrastructure/http/repositories/HttpCardRepository';
import { HttpChannelRepository } from '../../../src/infrastructure/http/repositories/HttpChannelRepository';
import { HttpDashboardRepository } from '../../../src/infrastructure/http/repositories/HttpDashboardRepository';
import { HttpDonationRepository } from '../../../src/infrastructure/http/repositories/HttpDonationRepository';
import { HttpFollowerRepository } from '../../../src/infrastructure/http/repositories/HttpFollowerRepository';
import { HttpInvoiceRepository } from '../../../src/infrastructure/http/repositories/HttpInvoiceRepository';
import { HttpMigrationRepository } from '../../../src/infrastructure/http/repositories/HttpMigrationRepository';
import { HttpPayoutRepository } from '../../../src/infrastructure/http/repositories/HttpPayoutRepository';
import { HttpProviderGateway } from '../../../src/infrastructure/http/repositories/HttpProviderGateway';
import { HttpSubscriptionRepository } from '../../../src/infrastructure/http/repositories/HttpSubscriptionRepository';
import { HttpTransactionRepository } from '../../../src/infrastructure/http/repositories/HttpTransactionRepository';
import { HttpVerificationRepository } from '../../../src/infrastructure/http/repositories/HttpVerificationRepository';
import { describeCardRepositoryContract } from '../../contract/CardRepository.contract';
import { describeChannelRepositoryContract } from '../../contract/ChannelRepository.contract';
import { describeDashboardRepositoryContract } from '../../contract/DashboardRepository.contract';
import { describeDonationRepositoryContract } from '../../contract/DonationRepository.contract';
import { describeFollowerRepositoryContract } from '../../contract/FollowerRepository.contract';
import { describeInvoiceRepositoryContract } from '../../contract/InvoiceRepository.contract';
import { describeMigrationRepositoryContract } from '../../contract/MigrationRepository.contract';
import { describePayoutRepositoryContract } from '../../contract/PayoutRepository.contract';
import { describeProviderGatewayContract } from '../../contract/ProviderGateway.contract';
import { describeSubscriptionRepositoryContract } from '../../contract/SubscriptionRepository.contract';
import { describeTransactionRepositoryContract } from '../../contract/TransactionRepository.contract';
import { describeVerificationRepositoryContract } from '../../contract/VerificationRepository.contract';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeCardRepositoryContract(
  'HttpCardRepository',
  httpSubject(server, (api) => new HttpCardRepository(api)),
);
describeChannelRepositoryContract(
  'HttpChannelRepository',
  httpSubject(server, (api) => new HttpChannelRepository(api)),
);
describeDashboardRepositoryContract(
  'HttpDashboardRepository',
  httpSubject(server, (api) => new HttpDashboardRepository(api)),
);
describeDonationRepositoryContract(
  'HttpDonationRepository',
  httpSubject(server, (api) => new HttpDonationRepository(api)),
);
describeFollowerRepositoryContract(
  'HttpFollowerRepository',
  httpSubject(server, (api) => new HttpFollowerRepository(api)),
);
describeInvoiceRepositoryContract(
  'HttpInvoiceRepository',
  httpSubject(server, (api, provider) => ({
    invoices: new HttpInvoiceRepository(api),
    provider: new HttpProviderGateway(provider),
    subscriptions: new HttpSubscriptionRepository(api),
  })),
);
describeMigrationRepositoryContract(
  'HttpMigrationRepository',
  httpSubject(server, (api) => new HttpMigrationRepository(api)),
);
describePayoutRepositoryContract(
  'HttpPayoutRepository',
  httpSubject(server, (api, provider) => ({
    payouts: new HttpPayoutRepository(api),
    provider: new HttpProviderGateway(provider),
  })),
);
describeProviderGatewayContract(
  'HttpProviderGateway',
  httpSubject(server, (api, provider) => ({
    provider: new HttpProviderGateway(provider),
    invoices: new HttpInvoiceRepository(api),
  })),
);
describeSubscriptionRepositoryContract(
  'HttpSubscriptionRepository',
  httpSubject(server, (api) => new HttpSubscriptionRepository(api)),
);
describeTransactionRepositoryContract(
  'HttpTransactionRepository',
  httpSubject(server, (api) => new HttpTransactionRepository(api)),
);
describeVerificationRepositoryContract(
  'HttpVerificationRepository',
  httpSubject(server, (api) => new HttpVerificationRepository(api)),
);
