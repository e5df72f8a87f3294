import { describeProviderGatewayContract } from '../../contract/ProviderGateway.contract';
import { HttpInvoiceRepository } from '../../../src/infrastructure/http/repositories/HttpInvoiceRepository';
import { HttpProviderGateway } from '../../../src/infrastructure/http/repositories/HttpProviderGateway';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeProviderGatewayContract(
  'HttpProviderGateway',
  httpSubject(server, (api, provider) => ({
    provider: new HttpProviderGateway(provider),
    invoices: new HttpInvoiceRepository(api),
  })),
);
