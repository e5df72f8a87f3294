import { describeInvoiceRepositoryContract } from '../../../contract/InvoiceRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryInvoiceRepository } from '../../../../src/infrastructure/memory/InMemoryInvoiceRepository';
import { InMemoryProviderGateway } from '../../../../src/infrastructure/memory/InMemoryProviderGateway';
import { InMemorySubscriptionRepository } from '../../../../src/infrastructure/memory/InMemorySubscriptionRepository';

describeInvoiceRepositoryContract(
  'InMemoryInvoiceRepository',
  inMemorySubject((backend, session) => ({
    invoices: new InMemoryInvoiceRepository(backend, session),
    provider: new InMemoryProviderGateway(backend),
    subscriptions: new InMemorySubscriptionRepository(backend, session),
  })),
);
