import { describeRetentionRepositoryContract } from '../../../contract/RetentionRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryFollowerRepository } from '../../../../src/infrastructure/memory/InMemoryFollowerRepository';
import { InMemoryInvoiceRepository } from '../../../../src/infrastructure/memory/InMemoryInvoiceRepository';
import { InMemoryPromoRepository } from '../../../../src/infrastructure/memory/InMemoryPromoRepository';
import { InMemoryRetentionRepository } from '../../../../src/infrastructure/memory/InMemoryRetentionRepository';

describeRetentionRepositoryContract(
  'InMemoryRetentionRepository',
  inMemorySubject((backend, session) => ({
    retention: new InMemoryRetentionRepository(backend, session),
    follower: new InMemoryFollowerRepository(backend, session),
    invoices: new InMemoryInvoiceRepository(backend, session),
    promos: new InMemoryPromoRepository(backend, session),
  })),
);
