import { describeSubscriptionRepositoryContract } from '../../../contract/SubscriptionRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemorySubscriptionRepository } from '../../../../src/infrastructure/memory/InMemorySubscriptionRepository';

describeSubscriptionRepositoryContract(
  'InMemorySubscriptionRepository',
  inMemorySubject((backend, session) => new InMemorySubscriptionRepository(backend, session)),
);
