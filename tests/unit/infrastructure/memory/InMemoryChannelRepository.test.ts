import { describeChannelRepositoryContract } from '../../../contract/ChannelRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryChannelRepository } from '../../../../src/infrastructure/memory/InMemoryChannelRepository';

describeChannelRepositoryContract(
  'InMemoryChannelRepository',
  inMemorySubject((backend, session) => new InMemoryChannelRepository(backend, session)),
);
