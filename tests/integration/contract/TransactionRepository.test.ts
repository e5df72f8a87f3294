import { describeTransactionRepositoryContract } from '../../contract/TransactionRepository.contract';
import { HttpTransactionRepository } from '../../../src/infrastructure/http/repositories/HttpTransactionRepository';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeTransactionRepositoryContract(
  'HttpTransactionRepository',
  httpSubject(server, (api) => new HttpTransactionRepository(api)),
);
