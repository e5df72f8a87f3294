import { describeMigrationRepositoryContract } from '../../contract/MigrationRepository.contract';
import { HttpMigrationRepository } from '../../../src/infrastructure/http/repositories/HttpMigrationRepository';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeMigrationRepositoryContract(
  'HttpMigrationRepository',
  httpSubject(server, (api) => new HttpMigrationRepository(api)),
);
