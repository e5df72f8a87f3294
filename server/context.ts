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
import type { SumsubDouble } from './modules/verification/sandbox/SumsubDouble';
import type { Services } from './services';
import type { MoneyEngine } from './modules/payments/engine';
import type { JobRegistry } from './platform/jobs';
import type { Database, Db } from './platform/db/db';
import type { AdminService } from './modules/admin/service';
import type { Metrics } from './platform/http/metrics';
import type { GiftService } from './modules/gifts/service';

export type ResolvedConfig = ServerConfig & { readonly botToken: string };

export interface AppDeps {
  readonly database: Database;
  readonly db: Db;
  readonly config: ResolvedConfig;
  readonly clock: MovableClock;
  readonly bot: BotGateway;
  /** Who the bot is (getMe at start-up replaces BOT_USERNAME). */
  readonly botProfile: BotProfile;
  /** The identity-check provider; null: verification is a manual review (SANDBOX=0 without SUMSUB_*). */
  readonly kyc: KycProvider | null;
  /** The sandbox's Sumsub double (served at this server's root), null with the sandbox off or SUMSUB_* set. */
  readonly kycDouble: SumsubDouble | null;
  readonly services: Services;
  /** The money engine (provider, payments, followers, idempotency), one per app. */
  readonly money: MoneyEngine;
  /** The background jobs, run by server/main.ts on a timer and by POST /sandbox/clock. */
  readonly jobs: JobRegistry;
  /** The donation-posts job alone, which main.ts also runs every GOAL_POSTS_TICK_MS (posts show donations sooner). */
  readonly goalPostJobs: JobRegistry;
  /** Applies Telegram updates (webhook, long polling, the sandbox's Telegram). */
  readonly botUpdates: BotUpdateHandler;
  /** The sandbox's Telegram (the Bot API double's world), null with the sandbox off. */
  readonly sandboxTelegram: SandboxTelegram | null;
  /** The operator console: sign-in, sessions, queue actions with their audit entries. */
  readonly admin: AdminService;
  /** Prometheus instruments (GET /metrics with METRICS_TOKEN). */
  readonly metrics: Metrics;
  /** Gift subscriptions after their purchase: links, redemption, counts, the expiry job (modules/gifts). */
  readonly gifts: GiftService;
}

/** Options every route plugin receives. */
export interface RouteOptions {
  readonly deps: AppDeps;
}
