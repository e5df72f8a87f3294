import { describeTransactionRepositoryContract } from '../../../contract/TransactionRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryTransactionRepository } from '../../../../src/infrastructure/memory/InMemoryTransactionRepository';

describeTransactionRepositoryContract(
  'InMemoryTransactionRepository',
  inMemorySubject((backend, session) => new InMemoryTransactionRepository(backend, session)),
);
