/**
 * The growth features' port contracts (promo codes, retention offers, gifts, revenue insights) against their HTTP
 * adapters and the real server: one server for the file, apart from httpAdapters.test.ts so each file stays short.
 */
import { HttpRevenueInsightsRepository } from '../../../src/infrastructure/http/repositories/HttpRevenueInsightsRepository';
import { HttpGiftRepository } from '../../../src/infrastructure/http/repositories/HttpGiftRepository';
import { HttpSubscriptionRepository } from '../../../src/infrastructure/http/repositories/HttpSubscriptionRepository';
import { HttpFollowerRepository } from '../../../src/infrastructure/http/repositories/HttpFollowerRepository';
import { HttpInvoiceRepository } from '../../../src/infrastructure/http/repositories/HttpInvoiceRepository';
import { HttpPromoRepository } from '../../../src/infrastructure/http/repositories/HttpPromoRepository';
import { HttpRetentionRepository } from '../../../src/infrastructure/http/repositories/HttpRetentionRepository';
import { describeRevenueInsightsRepositoryContract } from '../../contract/RevenueInsightsRepository.contract';
import { describeGiftRepositoryContract } from '../../contract/GiftRepository.contract';
import { describePromoRepositoryContract } from '../../contract/PromoRepository.contract';
import { describeRetentionRepositoryContract } from '../../contract/RetentionRepository.contract';
import { httpSubject, sharedTestServer } from './httpFixture';

jest.setTimeout(120_000);

const server = sharedTestServer();
describePromoRepositoryContract(
  'HttpPromoRepository',
  httpSubject(server, (api) => ({
    promos: new HttpPromoRepository(api),
    invoices: new HttpInvoiceRepository(api),
    follower: new HttpFollowerRepository(api),
  })),
);
describeRetentionRepositoryContract(
  'HttpRetentionRepository',
  httpSubject(server, (api) => ({
    retention: new HttpRetentionRepository(api),
    follower: new HttpFollowerRepository(api),
    invoices: new HttpInvoiceRepository(api),
    promos: new HttpPromoRepository(api),
  })),
);
describeGiftRepositoryContract(
  'HttpGiftRepository',
  httpSubject(server, (api) => ({
    gifts: new HttpGiftRepository(api),
    invoices: new HttpInvoiceRepository(api),
    subscriptions: new HttpSubscriptionRepository(api),
    follower: new HttpFollowerRepository(api),
  })),
);
describeRevenueInsightsRepositoryContract(
  'HttpRevenueInsightsRepository',
  httpSubject(server, (api) => ({
    insights: new HttpRevenueInsightsRepository(api),
    promos: new HttpPromoRepository(api),
    invoices: new HttpInvoiceRepository(api),
  })),
);
