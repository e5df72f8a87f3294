import { describeDashboardRepositoryContract } from '../../../contract/DashboardRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryDashboardRepository } from '../../../../src/infrastructure/memory/InMemoryDashboardRepository';

describeDashboardRepositoryContract(
  'InMemoryDashboardRepository',
  inMemorySubject((backend, session) => new InMemoryDashboardRepository(backend, session)),
);
