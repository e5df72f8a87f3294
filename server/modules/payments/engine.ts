/**
 * The money engine's objects: the payment provider (the sandbox when SANDBOX is on), the payment, idempotency and
 * follower services. buildApp makes one per app (server/app.ts) and hands it to the routes, the provider's pages and
 * the jobs through AppDeps, so there is one sandbox provider and one notification sender.
 *
 * Provider secrets: PROVIDER_WEBHOOK_SECRET signs notifications (default: derived from the bot token, so it is
 * stable across restarts and different per installation); the public tokenisation key is derived the same way.
 * With SANDBOX=0 there is no real provider adapter yet: payment creation answers payments_disabled.
 */
import type { MemberAccess } from '../access/service';
import { createHmac } from 'node:crypto';
import type { ServerClock } from '../../platform/clock';
import type { ServerConfig } from '../../platform/config';
import { IdempotencyService } from '../../platform/http/idempotency';
import type { MoneyDb } from '../../platform/db/moneyDb';
import { FollowerService } from './FollowerService';
import type { PaymentProvider } from './PaymentProvider';
import { PaymentService } from './PaymentService';
import { DrizzleSandboxProviderStore } from './sandbox/DrizzleSandboxProviderStore';
import { SandboxPaymentProvider } from './sandbox/SandboxPaymentProvider';
import { SandboxProvider } from './sandbox/SandboxProvider';

export interface MoneyEngineDeps {
  readonly db: MoneyDb;
  readonly clock: ServerClock;
  readonly config: Pick<ServerConfig, 'sandbox' | 'serviceFeeBps' | 'botToken' | 'providerWebhookSecret'>;
  /** Personal invite links to private channels for paid memberships. */
  readonly access?: MemberAccess;
}

export interface MoneyEngine {
  readonly provider: PaymentProvider | null;
  /** The in-process sandbox provider (its pages and housekeeping), when the sandbox is on. */
  readonly sandbox: SandboxProvider | null;
  readonly payments: PaymentService;
  readonly followers: FollowerService;
  readonly idempotency: IdempotencyService;
}

function derivedSecret(botToken: string | undefined, purpose: string): string {
  return createHmac('sha256', botToken ?? 'backers-sandbox').update(purpose).digest('hex');
}

export function createMoneyEngine(deps: MoneyEngineDeps): MoneyEngine {
  const webhookSecret = deps.config.providerWebhookSecret ?? derivedSecret(deps.config.botToken, 'provider-webhook-secret');
  let sandbox: SandboxProvider | null = null;
  let provider: PaymentProvider | null = null;
  if (deps.config.sandbox) {
    sandbox = new SandboxProvider({
      store: new DrizzleSandboxProviderStore(deps.db),
      now: () => deps.clock.now(),
      webhookSecret,
      publicKey: `pk_sandbox_${derivedSecret(deps.config.botToken, 'provider-public-key').slice(0, 24)}`,
    });
    provider = new SandboxPaymentProvider(sandbox, webhookSecret);
  }
  const payments = new PaymentService({ db: deps.db, clock: deps.clock, provider, serviceFeeBps: deps.config.serviceFeeBps, ...(deps.access ? { access: deps.access } : {}) });
  return {
    provider,
    sandbox,
    payments,
    followers: new FollowerService(deps.db, deps.clock, deps.access),
    idempotency: new IdempotencyService(deps.db),
  };
}
