import { describeVerificationRepositoryContract } from '../../../contract/VerificationRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryVerificationRepository } from '../../../../src/infrastructure/memory/InMemoryVerificationRepository';

describeVerificationRepositoryContract(
  'InMemoryVerificationRepository',
  inMemorySubject((backend, session) => new InMemoryVerificationRepository(backend, session)),
);
