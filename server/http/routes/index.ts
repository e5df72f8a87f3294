/**
 * The /api/v2 route registry. buildApp registers every module listed here inside the authenticated /api/v2 scope,
 * each as `app.register(plugin, { deps })` (RouteOptions: the shared AppDeps).
 *
 * Route files of the money engine (MONEY_ROUTE_FILES) are loaded when they exist. Each exports its plugin as the
 * default export (or a named export ending in "Routes"): `FastifyPluginAsync<RouteOptions>`. Their paths are
 * relative to /api/v2, they get `request.user` from the auth hook (currentUser(request)), and they must not
 * declare GET /invoice/donation/:id or GET /invoice/subscription/:id (invoiceLoad.ts answers those).
 * To add a route file, list it in CORE_ROUTES or MONEY_ROUTE_FILES.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { channelRoutes } from './channel';
import { dashboardRoutes } from './dashboard';
import { donationRoutes } from './donation';
import { invoiceLoadRoutes } from './invoiceLoad';
import { migrationRoutes } from './migration';
import { subscriptionRoutes } from './subscription';
import { transactionRoutes } from './transaction';
import { verificationRoutes } from './verification';

export type RoutePlugin = FastifyPluginAsync<RouteOptions>;

export interface RouteModule {
  readonly name: string;
  readonly plugin: RoutePlugin;
}

export const CORE_ROUTES: readonly RouteModule[] = [
  { name: 'verification', plugin: verificationRoutes },
  { name: 'dashboard', plugin: dashboardRoutes },
  { name: 'channel', plugin: channelRoutes },
  { name: 'subscription', plugin: subscriptionRoutes },
  { name: 'donation', plugin: donationRoutes },
  { name: 'transaction', plugin: transactionRoutes },
  { name: 'migration', plugin: migrationRoutes },
  { name: 'invoiceLoad', plugin: invoiceLoadRoutes },
];

/** The money engine's route files (server/http/routes/<name>.ts), registered when present. */
export const MONEY_ROUTE_FILES = ['invoices', 'payments', 'follower', 'cards', 'payouts'] as const;

const routesDir = (): string => path.resolve(process.cwd(), 'server/http/routes');

function pluginOf(name: string, module: Record<string, unknown>): RoutePlugin {
  const candidate = module.default ?? Object.entries(module).find(([key, value]) => key.endsWith('Routes') && typeof value === 'function')?.[1];
  if (typeof candidate !== 'function') throw new Error(`server/http/routes/${name}.ts exports no route plugin (default export or *Routes)`);
  return candidate as RoutePlugin;
}

/** Every route module: the core ones, then the money engine's files that exist. */
export async function loadRouteModules(): Promise<RouteModule[]> {
  const modules: RouteModule[] = [...CORE_ROUTES];
  for (const name of MONEY_ROUTE_FILES) {
    const exists = ['.ts', '.js'].some((extension) => existsSync(path.join(routesDir(), `${name}${extension}`)));
    if (!exists) continue;
    const module = (await import(`./${name}`)) as Record<string, unknown>;
    modules.push({ name, plugin: pluginOf(name, module) });
  }
  return modules;
}
