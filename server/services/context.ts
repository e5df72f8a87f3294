/** What services are built from (a subset of AppDeps, so services do not depend on the HTTP layer). */
import type { BotGateway } from '../bot/BotGateway';
import type { ServerClock } from '../clock';
import type { ServerConfig } from '../config';
import type { KycProvider } from '../kyc/KycProvider';
import type { Db } from '../store/db';

export interface ServiceDeps {
  readonly db: Db;
  readonly clock: ServerClock;
  readonly config: ServerConfig & { readonly botToken: string };
  readonly bot: BotGateway;
  readonly kyc: KycProvider;
}

export const nowDate = (clock: ServerClock): Date => new Date(clock.now());
