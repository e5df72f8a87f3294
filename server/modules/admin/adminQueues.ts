/**
 * The console's queues, each one plugin under /admin/api (after the session hook). A queue answers its page at
 * `GET /<queue>` (listQuery: paging, sort, order, filters) and its actions at `POST /<queue>/<id>/<action>`, each
 * written to the audit log by AdminService. To add a queue (identity reviews, refunds…): a `<name>Routes.ts` here,
 * its actions in AdminService (through `audited`), one line below, and one definition in src/admin/queues.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { auditRoutes } from './auditRoutes';
import { channelQueueRoutes } from './channelQueueRoutes';
import { migrationQueueRoutes } from './migrationQueueRoutes';
import { identityQueueRoutes } from './identityQueueRoutes';
import { paymentQueueRoutes } from './paymentQueueRoutes';
import { payoutQueueRoutes } from './payoutQueueRoutes';
import { reconciliationQueueRoutes } from './reconciliationQueueRoutes';
import { operatorRoutes } from './operatorRoutes';
import { settingRoutes } from './settingRoutes';
import { userQueueRoutes } from './userQueueRoutes';

export interface AdminQueue {
  readonly name: string;
  readonly plugin: FastifyPluginAsync<RouteOptions>;
}

export const ADMIN_QUEUES: readonly AdminQueue[] = [
  { name: 'channels', plugin: channelQueueRoutes },
  { name: 'identity', plugin: identityQueueRoutes },
  { name: 'users', plugin: userQueueRoutes },
  { name: 'payments', plugin: paymentQueueRoutes },
  { name: 'payouts', plugin: payoutQueueRoutes },
  { name: 'reconciliation', plugin: reconciliationQueueRoutes },
  { name: 'migrations', plugin: migrationQueueRoutes },
  { name: 'audit', plugin: auditRoutes },
  { name: 'operators', plugin: operatorRoutes },
  { name: 'settings', plugin: settingRoutes },
];
