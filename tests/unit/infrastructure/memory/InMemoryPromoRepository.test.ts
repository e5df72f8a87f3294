import { describePromoRepositoryContract } from '../../../contract/PromoRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryFollowerRepository } from '../../../../src/infrastructure/memory/InMemoryFollowerRepository';
import { InMemoryInvoiceRepository } from '../../../../src/infrastructure/memory/InMemoryInvoiceRepository';
import { InMemoryPromoRepository } from '../../../../src/infrastructure/memory/InMemoryPromoRepository';

describePromoRepositoryContract(
  'InMemoryPromoRepository',
  inMemorySubject((backend, session) => ({
    promos: new InMemoryPromoRepository(backend, session),
    invoices: new InMemoryInvoiceRepository(backend, session),
    follower: new InMemoryFollowerRepository(backend, session),
  })),
);
