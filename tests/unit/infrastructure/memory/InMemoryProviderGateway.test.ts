import { describeProviderGatewayContract } from '../../../contract/ProviderGateway.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryInvoiceRepository } from '../../../../src/infrastructure/memory/InMemoryInvoiceRepository';
import { InMemoryProviderGateway } from '../../../../src/infrastructure/memory/InMemoryProviderGateway';

describeProviderGatewayContract(
  'InMemoryProviderGateway',
  inMemorySubject((backend, session) => ({
    provider: new InMemoryProviderGateway(backend),
    invoices: new InMemoryInvoiceRepository(backend, session),
  })),
);
