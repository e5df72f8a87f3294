import { describeDonationRepositoryContract } from '../../../contract/DonationRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryDonationRepository } from '../../../../src/infrastructure/memory/InMemoryDonationRepository';

describeDonationRepositoryContract(
  'InMemoryDonationRepository',
  inMemorySubject((backend, session) => new InMemoryDonationRepository(backend, session)),
);
