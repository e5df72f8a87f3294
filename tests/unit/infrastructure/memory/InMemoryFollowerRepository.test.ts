import { describeFollowerRepositoryContract } from '../../../contract/FollowerRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryFollowerRepository } from '../../../../src/infrastructure/memory/InMemoryFollowerRepository';

describeFollowerRepositoryContract(
  'InMemoryFollowerRepository',
  inMemorySubject((backend, session) => new InMemoryFollowerRepository(backend, session)),
);
