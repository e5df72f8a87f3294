import { describeFollowerRepositoryContract } from '../../contract/FollowerRepository.contract';
import { HttpFollowerRepository } from '../../../src/infrastructure/http/repositories/HttpFollowerRepository';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeFollowerRepositoryContract(
  'HttpFollowerRepository',
  httpSubject(server, (api) => new HttpFollowerRepository(api)),
);
