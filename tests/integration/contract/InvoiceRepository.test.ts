import { describeInvoiceRepositoryContract } from '../../contract/InvoiceRepository.contract';
import { HttpInvoiceRepository } from '../../../src/infrastructure/http/repositories/HttpInvoiceRepository';
import { HttpProviderGateway } from '../../../src/infrastructure/http/repositories/HttpProviderGateway';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeInvoiceRepositoryContract(
  'HttpInvoiceRepository',
  httpSubject(server, (api, provider) => ({
    invoices: new HttpInvoiceRepository(api),
    provider: new HttpProviderGateway(provider),
  })),
);
