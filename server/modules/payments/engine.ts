/**
 * The money engine's objects: the payment provider, the payment, follower and idempotency services. buildApp makes
 * one per app (server/app.ts) and hands it to the routes, the double's pages and the jobs through AppDeps.
 *
 * The provider is always the Smart Glocal adapter (smartglocal/SmartGlocalProvider.ts) when there is one:
 * - SMART_GLOCAL_* set: Smart Glocal's demo or live server;
 * - sandbox without them: the sandbox's double (sandbox/SmartGlocalDouble.ts) on this server's /provider, over HTTP,
 *   with key pairs made for this process;
 * - neither (SANDBOX=0 without SMART_GLOCAL_*): no provider; payment creation answers payments_disabled.
 */
import type { MemberAccess } from '../access/service';
import type { ServerClock } from '../../platform/clock';
import type { ServerConfig } from '../../platform/config';
import { IdempotencyService } from '../../platform/http/idempotency';
import type { MoneyDb } from '../../platform/db/moneyDb';
import { FollowerService } from './FollowerService';
import type { PaymentProvider } from './PaymentProvider';
import type { PayoutFailureNotifier } from './payoutUpdates';
import { PaymentService } from './PaymentService';
import { type StarsGateway, StarsPayments } from './starsPayments';
import { Reconciliation } from './reconciliation';
import { DrizzleSandboxProviderStore } from './sandbox/DrizzleSandboxProviderStore';
import type { SandboxProviderStore } from './sandbox/store';
import {
  PAYMENT_PAGE_PATH,
  PROVIDER_PREFIX,
  SANDBOX_PROVIDER_FEE_BPS,
  SmartGlocalDouble,
} from './sandbox/SmartGlocalDouble';
import { privateKeyFrom, publicKeyFrom, sandboxKeyPairs } from './smartglocal/keys';
import { TOKENIZE_PATH } from './smartglocal/protocol';
import { type HttpPost, SmartGlocalProvider } from './smartglocal/SmartGlocalProvider';
import { type ExchangeRates, FrankfurterRates, type RatesFetch } from './rates';

/** Where the sandbox serves its double of the exchange-rate API (sandbox/ratesDouble.ts). */
export const SANDBOX_RATES_PREFIX = '/sandbox/rates';

/** The sandbox double's project id (X-PARTNER-PROJECT). */
export const SANDBOX_PROJECT = 'backers-sandbox';

export interface MoneyEngineDeps {
  readonly db: MoneyDb;
  readonly clock: ServerClock;
  readonly config: Pick<
    ServerConfig,
    | 'sandbox'
    | 'serviceFeeBps'
    | 'smartGlocal'
    | 'smartGlocalFeeBps'
    | 'publicUrl'
    | 'smartGlocalSignatureEncoding'
    | 'payoutRatesUrl'
    | 'starsRates'
  > &
    Partial<Pick<ServerConfig, 'providerTimeoutMs' | 'crashAt' | 'reconciliationDays'>>;
  /** Personal invite links to private channels for paid memberships. */
  readonly access?: MemberAccess;
  /** Tells a creator a payout failed and the money is back (the bot, from the composition). */
  readonly payoutFailed?: PayoutFailureNotifier;
  /** This server's own origin (the double's base) and a fetch that reaches it also before it listens. */
  readonly self?: { readonly origin: () => string; readonly post: HttpPost; readonly get: RatesFetch };
  /** The sandbox's Smart Glocal double keeps its sessions here instead of its provider_* tables. */
  readonly providerStore?: SandboxProviderStore;
  /** The bot's Stars calls (invoice links, refunds, subscription edits); absent: Stars payments are disabled. */
  readonly starsGateway?: StarsGateway;
}

export interface MoneyEngine {
  readonly provider: PaymentProvider | null;
  /** The sandbox's Smart Glocal double (its pages and housekeeping), when the sandbox runs it. */
  readonly double: SmartGlocalDouble | null;
  readonly payments: PaymentService;
  /** Telegram Stars payments: checkout, pre-checkout answers, successful and refunded payments (starsPayments.ts). */
  readonly stars: StarsPayments;
  readonly followers: FollowerService;
  readonly idempotency: IdempotencyService;
  /** Exchange rates for payouts of earnings in other currencies; null: no source, such earnings wait. */
  readonly rates: ExchangeRates | null;
  /** The provider's records compared with ours (the daily job and the console's reconciliation queue). */
  readonly reconciliation: Reconciliation;
}

export function createMoneyEngine(deps: MoneyEngineDeps): MoneyEngine {
  const { config } = deps;
  let double: SmartGlocalDouble | null = null;
  let provider: PaymentProvider | null = null;
  if (config.smartGlocal !== undefined) {
    const settings = config.smartGlocal;
    provider = new SmartGlocalProvider({
      baseUrl: () => settings.url,
      tokenizeUrl: () => settings.tokenizeUrl,
      paymentPageUrl: () => settings.paymentPageUrl,
      project: settings.project,
      privateKey: privateKeyFrom(settings.privateKey, 'SMART_GLOCAL_PRIVATE_KEY'),
      providerPublicKey: publicKeyFrom(settings.publicKey, 'SMART_GLOCAL_PUBLIC_KEY'),
      feeBps: config.smartGlocalFeeBps,
      signatureEncoding: config.smartGlocalSignatureEncoding,
      ...(config.providerTimeoutMs !== undefined ? { timeoutMs: config.providerTimeoutMs } : {}),
    });
  } else if (config.sandbox) {
    // The key pairs are made when first used: most sandbox starts (a look around, most tests) never sign or verify
    // a message, and two RSA pairs cost most of a second of CPU.
    const base = (): string => `${deps.self?.origin() ?? ''}${PROVIDER_PREFIX}`;
    double = new SmartGlocalDouble({
      store: deps.providerStore ?? new DrizzleSandboxProviderStore(deps.db),
      now: () => deps.clock.now(),
      keys: {
        get providerPrivateKey() {
          return sandboxKeyPairs().provider.privateKey;
        },
        get partnerPublicKey() {
          return sandboxKeyPairs().partner.publicKey;
        },
      },
      project: SANDBOX_PROJECT,
      // The sandbox's provider signs as we are configured to, so both directions run in the chosen encoding.
      signatureEncoding: config.smartGlocalSignatureEncoding,
    });
    provider = new SmartGlocalProvider({
      baseUrl: base,
      // What the payer's browser opens is relative: our answers make it absolute against the origin the payer used.
      tokenizeUrl: () => `${PROVIDER_PREFIX}${TOKENIZE_PATH}`,
      paymentPageUrl: () => `${PROVIDER_PREFIX}${PAYMENT_PAGE_PATH}`,
      project: SANDBOX_PROJECT,
      get privateKey() {
        return sandboxKeyPairs().partner.privateKey;
      },
      get providerPublicKey() {
        return sandboxKeyPairs().provider.publicKey;
      },
      feeBps: SANDBOX_PROVIDER_FEE_BPS,
      signatureEncoding: config.smartGlocalSignatureEncoding,
      ...(config.providerTimeoutMs !== undefined ? { timeoutMs: config.providerTimeoutMs } : {}),
      ...(deps.self !== undefined ? { post: deps.self.post } : {}),
    });
  }
  const paymentsRef: { service?: PaymentService } = {};
  const stars = new StarsPayments({
    db: deps.db,
    clock: deps.clock,
    gateway: deps.starsGateway ?? null,
    rates: config.starsRates,
    serviceFeeBps: config.serviceFeeBps,
    ...(deps.access ? { granted: (memberId: number) => deps.access!.personalLink(memberId) } : {}),
    forget: (paymentId) => paymentsRef.service?.forget(paymentId),
  });
  const payments = new PaymentService({
    db: deps.db,
    clock: deps.clock,
    provider,
    stars,
    serviceFeeBps: config.serviceFeeBps,
    ...(deps.access ? { access: deps.access } : {}),
    ...(deps.payoutFailed ? { payoutFailed: deps.payoutFailed } : {}),
    ...(config.crashAt !== undefined ? { crashAt: config.crashAt } : {}),
    appUrl: config.publicUrl,
  });
  paymentsRef.service = payments;
  // Rates: PAYOUT_RATES_URL, else the sandbox's double of the same API on this server (over HTTP like the real one).
  const ratesBase =
    config.payoutRatesUrl !== undefined
      ? () => config.payoutRatesUrl!
      : config.sandbox
        ? () => `${deps.self?.origin() ?? ''}${SANDBOX_RATES_PREFIX}`
        : null;
  const rates =
    ratesBase === null
      ? null
      : new FrankfurterRates({
          baseUrl: ratesBase,
          fetch:
            config.payoutRatesUrl === undefined && deps.self !== undefined
              ? deps.self.get
              : (url, init) => fetch(url, init),
          now: () => Date.now(),
        });
  return {
    provider,
    double,
    rates,
    payments,
    stars,
    reconciliation: new Reconciliation({
      db: deps.db,
      clock: deps.clock,
      provider,
      payments,
      days: config.reconciliationDays ?? 7,
    }),
    followers: new FollowerService(deps.db, deps.clock, deps.access, stars),
    idempotency: new IdempotencyService(deps.db),
  };
}
