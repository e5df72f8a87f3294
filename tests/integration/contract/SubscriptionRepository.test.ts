import { describeSubscriptionRepositoryContract } from '../../contract/SubscriptionRepository.contract';
import { HttpSubscriptionRepository } from '../../../src/infrastructure/http/repositories/HttpSubscriptionRepository';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeSubscriptionRepositoryContract(
  'HttpSubscriptionRepository',
  httpSubject(server, (api) => new HttpSubscriptionRepository(api)),
);
