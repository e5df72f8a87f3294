import { describeRevenueInsightsRepositoryContract } from '../../../contract/RevenueInsightsRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryInvoiceRepository } from '../../../../src/infrastructure/memory/InMemoryInvoiceRepository';
import { InMemoryPromoRepository } from '../../../../src/infrastructure/memory/InMemoryPromoRepository';
import { InMemoryRevenueInsightsRepository } from '../../../../src/infrastructure/memory/InMemoryRevenueInsightsRepository';

describeRevenueInsightsRepositoryContract(
  'InMemoryRevenueInsightsRepository',
  inMemorySubject((backend, session) => ({
    insights: new InMemoryRevenueInsightsRepository(backend, session),
    promos: new InMemoryPromoRepository(backend, session),
    invoices: new InMemoryInvoiceRepository(backend, session),
  })),
);
