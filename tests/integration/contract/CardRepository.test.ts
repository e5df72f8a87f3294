import { describeCardRepositoryContract } from '../../contract/CardRepository.contract';
import { HttpCardRepository } from '../../../src/infrastructure/http/repositories/HttpCardRepository';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeCardRepositoryContract(
  'HttpCardRepository',
  httpSubject(server, (api) => new HttpCardRepository(api)),
);
