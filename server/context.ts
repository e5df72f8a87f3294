/**
 * What every part of the server is built from. buildApp creates one AppDeps and hands it to each route plugin
 * (`app.register(plugin, { deps })`), so route files never construct infrastructure themselves.
 */
import type { BotGateway } from './bot/BotGateway';
import type { MovableClock } from './clock';
import type { ServerConfig } from './config';
import type { KycProvider } from './kyc/KycProvider';
import type { Services } from './services';
import type { Database, Db } from './store/db';

export type ResolvedConfig = ServerConfig & { readonly botToken: string };

export interface AppDeps {
  readonly database: Database;
  readonly db: Db;
  readonly config: ResolvedConfig;
  readonly clock: MovableClock;
  readonly bot: BotGateway;
  readonly kyc: KycProvider;
  readonly services: Services;
}

/** Options every route plugin receives. */
export interface RouteOptions {
  readonly deps: AppDeps;
}
