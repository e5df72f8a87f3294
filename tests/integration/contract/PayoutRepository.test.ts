import { describePayoutRepositoryContract } from '../../contract/PayoutRepository.contract';
import { HttpPayoutRepository } from '../../../src/infrastructure/http/repositories/HttpPayoutRepository';
import { HttpProviderGateway } from '../../../src/infrastructure/http/repositories/HttpProviderGateway';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describePayoutRepositoryContract(
  'HttpPayoutRepository',
  httpSubject(server, (api, provider) => ({
    payouts: new HttpPayoutRepository(api),
    provider: new HttpProviderGateway(provider),
  })),
);
