/**
 * What every part of the server is built from. buildApp creates one AppDeps and hands it to each route plugin
 * (`app.register(plugin, { deps })`), so route files never construct infrastructure themselves.
 */
import type { BotGateway } from './modules/bot/BotGateway';
import type { SandboxTelegram } from './modules/bot/sandbox/BotApiDouble';
import type { BotUpdateHandler } from './modules/bot/updateHandler';
import type { MovableClock } from './platform/clock';
import type { ServerConfig } from './platform/config';
import type { BotProfile } from './platform/serviceDeps';
import type { KycProvider } from './modules/verification/kyc/KycProvider';
import type { Services } from './services';
import type { MoneyEngine } from './modules/payments/engine';
import type { JobRegistry } from './platform/jobs';
import type { Database, Db } from './platform/db/db';
import type { Metrics } from './platform/http/metrics';

export type ResolvedConfig = ServerConfig & { readonly botToken: string };

export interface AppDeps {
  readonly database: Database;
  readonly db: Db;
  readonly config: ResolvedConfig;
  readonly clock: MovableClock;
  readonly bot: BotGateway;
  /** Who the bot is (getMe at start-up replaces BOT_USERNAME). */
  readonly botProfile: BotProfile;
  readonly kyc: KycProvider;
  readonly services: Services;
  /** The money engine (provider, payments, followers, idempotency), one per app. */
  readonly money: MoneyEngine;
  /** The background jobs, run by server/main.ts on a timer and by POST /sandbox/clock. */
  readonly jobs: JobRegistry;
  /** Applies Telegram updates (webhook, long polling, the sandbox's Telegram). */
  readonly botUpdates: BotUpdateHandler;
  /** The sandbox's Telegram (the Bot API double's world), null with the sandbox off. */
  readonly sandboxTelegram: SandboxTelegram | null;
  /** Prometheus instruments (GET /metrics with METRICS_TOKEN). */
  readonly metrics: Metrics;
}

/** Options every route plugin receives. */
export interface RouteOptions {
  readonly deps: AppDeps;
}
