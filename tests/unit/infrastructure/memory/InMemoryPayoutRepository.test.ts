import { describePayoutRepositoryContract } from '../../../contract/PayoutRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryPayoutRepository } from '../../../../src/infrastructure/memory/InMemoryPayoutRepository';
import { InMemoryProviderGateway } from '../../../../src/infrastructure/memory/InMemoryProviderGateway';

describePayoutRepositoryContract(
  'InMemoryPayoutRepository',
  inMemorySubject((backend, session) => ({
    payouts: new InMemoryPayoutRepository(backend, session),
    provider: new InMemoryProviderGateway(backend),
  })),
);
