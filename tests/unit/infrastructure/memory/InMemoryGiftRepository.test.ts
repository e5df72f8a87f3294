import { describeGiftRepositoryContract } from '../../../contract/GiftRepository.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryFollowerRepository } from '../../../../src/infrastructure/memory/InMemoryFollowerRepository';
import { InMemoryGiftRepository } from '../../../../src/infrastructure/memory/InMemoryGiftRepository';
import { InMemoryInvoiceRepository } from '../../../../src/infrastructure/memory/InMemoryInvoiceRepository';
import { InMemorySubscriptionRepository } from '../../../../src/infrastructure/memory/InMemorySubscriptionRepository';

describeGiftRepositoryContract(
  'InMemoryGiftRepository',
  inMemorySubject((backend, session) => ({
    gifts: new InMemoryGiftRepository(backend, session),
    invoices: new InMemoryInvoiceRepository(backend, session),
    subscriptions: new InMemorySubscriptionRepository(backend, session),
    follower: new InMemoryFollowerRepository(backend, session),
  })),
);
