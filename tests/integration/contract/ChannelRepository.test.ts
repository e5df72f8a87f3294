import { describeChannelRepositoryContract } from '../../contract/ChannelRepository.contract';
import { HttpChannelRepository } from '../../../src/infrastructure/http/repositories/HttpChannelRepository';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeChannelRepositoryContract(
  'HttpChannelRepository',
  httpSubject(server, (api) => new HttpChannelRepository(api)),
);
