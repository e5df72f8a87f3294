import { describeMigrationRepositoryContract } from '../../../contract/MigrationRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryMigrationRepository } from '../../../../src/infrastructure/memory/InMemoryMigrationRepository';

describeMigrationRepositoryContract(
  'InMemoryMigrationRepository',
  inMemorySubject((backend, session) => new InMemoryMigrationRepository(backend, session)),
);
