import { describeDashboardRepositoryContract } from '../../contract/DashboardRepository.contract';
import { HttpDashboardRepository } from '../../../src/infrastructure/http/repositories/HttpDashboardRepository';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeDashboardRepositoryContract(
  'HttpDashboardRepository',
  httpSubject(server, (api) => new HttpDashboardRepository(api)),
);
