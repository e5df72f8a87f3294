import { describeCardRepositoryContract } from '../../../contract/CardRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryCardRepository } from '../../../../src/infrastructure/memory/InMemoryCardRepository';

describeCardRepositoryContract(
  'InMemoryCardRepository',
  inMemorySubject((backend, session) => new InMemoryCardRepository(backend, session)),
);
