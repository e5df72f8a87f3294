import { describeVerificationRepositoryContract } from '../../contract/VerificationRepository.contract';
import { HttpVerificationRepository } from '../../../src/infrastructure/http/repositories/HttpVerificationRepository';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeVerificationRepositoryContract(
  'HttpVerificationRepository',
  httpSubject(server, (api) => new HttpVerificationRepository(api)),
);
