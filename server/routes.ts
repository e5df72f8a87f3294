/**
 * The /api/v2 route registry. buildApp registers every module listed here inside the authenticated /api/v2 scope,
 * each as `app.register(plugin, { deps })` (RouteOptions: the shared AppDeps). Paths are relative to /api/v2 and
 * handlers get `request.user` from the auth hook (currentUser(request)). To add a route file, list it in ROUTES.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from './context';
import { cardsRoutes } from './modules/cards/routes';
import { channelRoutes } from './modules/channels/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { donationRoutes } from './modules/donations/routes';
import { followerRoutes } from './modules/follower/routes';
import { invoiceLoadRoutes } from './modules/invoices/loadRoutes';
import { invoicesRoutes } from './modules/invoices/routes';
import { linksRoutes } from './modules/links/routes';
import { migrationRoutes } from './modules/migration/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { payoutsRoutes } from './modules/payouts/routes';
import { promoRoutes } from './modules/promos/routes';
import { giftRoutes } from './modules/gifts/routes';
import { retentionRoutes } from './modules/retention/routes';
import { revenueRoutes } from './modules/revenue/routes';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { transactionRoutes } from './modules/transactions/routes';
import { trialRoutes } from './modules/trials/routes';
import { verificationRoutes } from './modules/verification/routes';

export type RoutePlugin = FastifyPluginAsync<RouteOptions>;

export interface RouteModule {
  readonly name: string;
  readonly plugin: RoutePlugin;
}

export const ROUTES: readonly RouteModule[] = [
  { name: 'verification', plugin: verificationRoutes },
  { name: 'links', plugin: linksRoutes },
  { name: 'dashboard', plugin: dashboardRoutes },
  { name: 'channel', plugin: channelRoutes },
  { name: 'subscription', plugin: subscriptionRoutes },
  { name: 'donation', plugin: donationRoutes },
  { name: 'transaction', plugin: transactionRoutes },
  { name: 'migration', plugin: migrationRoutes },
  // GET /invoice/{kind}/{id} (load states); the money engine's files below answer create, pay and check.
  { name: 'invoiceLoad', plugin: invoiceLoadRoutes },
  { name: 'invoices', plugin: invoicesRoutes },
  { name: 'payments', plugin: paymentsRoutes },
  { name: 'follower', plugin: followerRoutes },
  { name: 'cards', plugin: cardsRoutes },
  { name: 'payouts', plugin: payoutsRoutes },
  { name: 'revenue', plugin: revenueRoutes },
  { name: 'promo', plugin: promoRoutes },
  { name: 'gift', plugin: giftRoutes },
  { name: 'retention', plugin: retentionRoutes },
  { name: 'trial', plugin: trialRoutes },
];
