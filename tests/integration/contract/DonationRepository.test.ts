import { describeDonationRepositoryContract } from '../../contract/DonationRepository.contract';
import { HttpDonationRepository } from '../../../src/infrastructure/http/repositories/HttpDonationRepository';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeDonationRepositoryContract(
  'HttpDonationRepository',
  httpSubject(server, (api) => new HttpDonationRepository(api)),
);
