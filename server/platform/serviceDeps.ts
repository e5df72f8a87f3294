/** What services are built from (a subset of AppDeps, so services do not depend on the HTTP layer). */
import type { BotGateway } from '../modules/bot/BotGateway';
import type { ServerClock } from './clock';
import type { ServerConfig } from './config';
import type { KycProvider } from '../modules/verification/kyc/KycProvider';
import type { Db } from './db/db';

export interface ServiceDeps {
  readonly db: Db;
  readonly clock: ServerClock;
  readonly config: ServerConfig & { readonly botToken: string };
  readonly bot: BotGateway;
  /** The identity-check provider; null: verification is a manual review (SANDBOX=0 without SUMSUB_*). */
  readonly kyc: KycProvider | null;
  /** Who the bot is: BOT_USERNAME until getMe answers at start-up (server/modules/bot/startup.ts). */
  readonly botProfile: BotProfile;
}

export interface BotProfile {
  username: string;
}

export const nowDate = (clock: ServerClock): Date => new Date(clock.now());
