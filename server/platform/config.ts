/**
 * Server configuration from the environment (README "Configuration").
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | PORT | 8080 | listening port (0 = any free port) |
 * | HOST | 127.0.0.1 | listening address |
 * | DATABASE_URL | unset | unset: embedded PostgreSQL (PGlite) in DATA_DIR; `memory://`: in-memory PGlite; `postgres://` or `postgresql://`: a PostgreSQL server |
 * | DATA_DIR | ./.data | embedded database files, its lock file and the sandbox bot token |
 * | BOT_TOKEN | generated in the sandbox | signs and validates init data; with the sandbox off, calls the Bot API; given, SANDBOX must be set too |
 * | BOT_USERNAME | BackersSandboxBot | the bot's username until getMe answers at start-up (deep links t.me/<bot>/<app>) |
 * | APP_NAME | app | the mini-app's short name (deep links t.me/<bot>/<app>) |
 * | SANDBOX | on | `0`/`false`/`off` turns off the sandbox provider, KYC, bot, seed, control API and emulator; must be set when BOT_TOKEN is |
 * | SANDBOX_PUBLIC | off | `1` allows the sandbox on a non-loopback HOST and through a proxy (modules/sandbox/guard.ts) |
 * | SERVICE_FEE_BPS | 1000 | service fee in basis points (1000 = 10%) |
 * | PUBLIC_URL | http://HOST:PORT in the sandbox; required with SANDBOX=0 | the app's public origin (launch links, bot buttons); https:// with SANDBOX=0 |
 * | STATIC_DIR | ./dist | the built mini-app |
 * | BOT_API_URL | the sandbox's Bot API double, else https://api.telegram.org | where the bot gateway calls the Bot API |
 * | BOT_WEBHOOK_SECRET | unset | with PUBLIC_URL: updates by webhook at PUBLIC_URL/telegram/webhook with this secret; unset: long polling |
 * | BOT_INVITE_LINKS | one_person | a paying member's personal link to a private channel: `one_person` (member_limit 1) or `join_request` (creates_join_request; the bot approves members with access) |
 * | LOG_LEVEL | info | pino level (`silent` in tests) |
 * | SMART_GLOCAL_URL | the sandbox's double, else unset | Smart Glocal's API base (https://demo.smart-glocal.com or https://proxy.smart-glocal.com); unset with SANDBOX=0: payments disabled |
 * | SMART_GLOCAL_PROJECT | `backers-sandbox` in the sandbox | X-PARTNER-PROJECT |
 * | SMART_GLOCAL_PRIVATE_KEY | generated in the sandbox | our RSA private key (PEM text or a file path): signs requests |
 * | SMART_GLOCAL_PUBLIC_KEY | the double's in the sandbox | Smart Glocal's RSA public key (PEM text or a file path): verifies webhooks |
 * | SMART_GLOCAL_TOKENIZE_URL | from SMART_GLOCAL_URL | where browsers tokenise cards (tgb-playground / tgb.smart-glocal.com/cds/v1/tokenize/card) |
 * | SMART_GLOCAL_PAYMENT_PAGE_URL | from SMART_GLOCAL_URL | the hosted payment page (pay.smart-glocal.com/en/payment) |
 * | SMART_GLOCAL_FEE_BPS | 300 | Smart Glocal's fee per our agreement, in basis points (the ledger's provider fee) |
 * | SMART_GLOCAL_SIGNATURE_ENCODING | base64 | how our requests' X-PARTNER-SIGN is written: base64 or hex (webhooks are verified in either) |
 * | PROVIDER_WEBHOOK_URL | this server | where the sandbox's double sends its webhooks |
 * | SUMSUB_URL | the sandbox's double, else unset | Sumsub's API base (https://api.sumsub.com); unset with SANDBOX=0: identity checks are reviewed manually |
 * | SUMSUB_APP_TOKEN | `sbx:backers-sandbox` in the sandbox | the app token (X-App-Token) |
 * | SUMSUB_SECRET_KEY | generated in the sandbox | the app token's secret key: signs requests (X-App-Access-Sig) |
 * | SUMSUB_WEBHOOK_SECRET | generated in the sandbox | the webhook's secret key: verifies X-Payload-Digest |
 * | SUMSUB_LEVEL_NAME | `basic-kyc-level` in the sandbox | the verification level applicants are created at |
 * | CHANNEL_MODERATION | `pre` with SANDBOX=0, `off` in the sandbox | `pre`: a new channel waits in the console's moderation queue until an operator approves it; `off`: it is approved at once. An admin can change it in the console (the stored setting wins) |
 * | KYC_AUTO_APPROVE | off | `1`: a passed identity check (kyc_approved) becomes approved at once, without an operator |
 * | JOB_INTERVAL_MS | 60000 | how often the background jobs run |
 * | RENEWAL_CONCURRENCY | 8 | renewal charges the renewals job has at the provider at once (1–64): the provider's latency, not our work, sets a renewal's time |
 * | PAYOUT_CONCURRENCY | 8 | payout transfers the payouts job has at the provider at once (1–64) |
 * | RECONCILIATION_DAYS | 7 | reconciliation with the provider (daily, and the console's Run now) checks the payments and payouts of this many last days |
 * | ADMIN_TELEGRAM_IDS | unset | Telegram user ids of the operators (comma separated) who may sign in to /admin; the sandbox adds its demo operator |
 * | INIT_DATA_MAX_AGE_S | 86400 | how old init data may be (seconds, on the server clock); dated over 60 s ahead is always refused |
 * | RATE_LIMIT_PAYMENTS_PER_MINUTE | 20 | invoice payments a user may create per minute (0: no limit) |
 * | RATE_LIMIT_FAILED_SIGNINS_PER_MINUTE | 30 | failed sign-ins (401) per address per minute before 429 (0: no limit) |
 * | RATE_LIMIT_WEBHOOKS_PER_MINUTE | 3000 | webhook calls per address per minute (0: no limit) |
 * | TRUST_PROXY | unset | the reverse proxy in front: its addresses/CIDRs (comma separated); rate limits then count the client's address from X-Forwarded-For |
 * | CSP_IDENTITY_ORIGINS | with SUMSUB_URL: its origin, https://in.sumsub.com, https://static.sumsub.com | origins (space or comma separated) the identity-check widget loads from: allowed in the CSP's script-src, connect-src and frame-src |
 * | METRICS_TOKEN | unset | GET /metrics (Prometheus) answers `Authorization: Bearer <token>`; unset: /metrics is 404 |
 * | PROVIDER_TIMEOUT_MS | 10000 | the longest one call to the card provider may take (then the payment stays pending for reconciliation) |
 * | SHUTDOWN_TIMEOUT_MS | 20000 | on SIGTERM/SIGINT, the longest the server waits for requests in flight before it cuts them (server/platform/http/drain.ts) |
 * | CRASH_AT | unset | tests only: kill the process at a named point of the payment path (server/platform/crashPoint.ts); refused in production |
 * | SUPPORT_URL, NEWS_URL, FAQ_URL, HELP_URL, TERMS_URL | https://t.me/BackersSupport, https://t.me/BackersNews, https://backers.app/faq, https://backers.app/help, https://backers.app/terms | the app's outside pages (GET /api/v2/links); t.me addresses open inside the messenger; payout and bot-connection help live under HELP_URL (/payouts, /connect-bot/{ios,android,desktop}) |
 * | NODE_ENV | unset | `production` stops the host emulator from watching its client files |
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from './http/rateLimits';
import { DEFAULT_LINK_SETTINGS, LINK_SETTING_NAMES, type LinkSettings, linkAddress } from '../../src/domain/links';
import { isExchangeRate } from '../../src/domain/payout';

export type DatabaseTarget =
  | { readonly kind: 'embedded'; readonly dataDir: string }
  | { readonly kind: 'memory' }
  | { readonly kind: 'postgres'; readonly url: string };

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseTarget;
  readonly dataDir: string;
  /** Undefined only before ensureBotToken() ran in the sandbox. */
  readonly botToken: string | undefined;
  readonly botUsername: string;
  readonly appName: string;
  readonly sandbox: boolean;
  /** SANDBOX=1 was given: only then does the sandbox sign init data with a BOT_TOKEN it did not generate. */
  readonly sandboxExplicit: boolean;
  /** The bot token is the sandbox's own, generated in DATA_DIR (ensureBotToken), not given in BOT_TOKEN. */
  readonly botTokenGenerated: boolean;
  readonly sandboxPublic: boolean;
  readonly serviceFeeBps: number;
  readonly publicUrl: string;
  readonly staticDir: string;
  /** Where the bot gateway calls the Bot API; undefined: the sandbox's double with the sandbox on, else Telegram. */
  readonly botApiUrl: string | undefined;
  readonly botWebhookSecret: string | undefined;
  /** How paying members get into a private channel: a one-person link, or a join-request link the bot approves. */
  readonly botInviteLinks: 'one_person' | 'join_request';
  readonly logLevel: string;
  /** Smart Glocal, when configured (SMART_GLOCAL_*); undefined: the double in the sandbox, payments disabled without it. */
  readonly smartGlocal: SmartGlocalConfig | undefined;
  readonly smartGlocalFeeBps: number;
  /** How our requests' X-PARTNER-SIGN is written (SMART_GLOCAL_SIGNATURE_ENCODING); webhooks are verified in either. */
  readonly smartGlocalSignatureEncoding: 'base64' | 'hex';
  /** Where the sandbox's double sends webhooks; undefined: this server's own address. */
  readonly providerWebhookUrl: string | undefined;
  /** Sumsub, when configured (SUMSUB_*); undefined: the double in the sandbox, manual review without it. */
  readonly sumsub: SumsubConfig | undefined;
  /** A passed identity check is approved at once instead of waiting for an operator's decision. */
  readonly kycAutoApprove: boolean;
  /**
   * CHANNEL_MODERATION: whether a new channel waits for an operator (`pre`) or is approved at once (`off`); the
   * default until an admin stores another in the console (server/platform/settings.ts).
   */
  readonly channelModeration: ChannelModerationMode;
  readonly jobIntervalMs: number;
  /** RENEWAL_CONCURRENCY: renewal charges in flight at the provider at once. */
  readonly renewalConcurrency: number;
  /** PAYOUT_CONCURRENCY: payout transfers in flight at the provider at once. */
  readonly payoutConcurrency: number;
  /** RECONCILIATION_DAYS: how many last days of payments and payouts reconciliation compares with the provider. */
  readonly reconciliationDays: number;
  readonly production: boolean;
  readonly initDataMaxAgeSeconds: number;
  readonly rateLimits: RateLimitConfig;
  /** Fastify's trustProxy: false or the proxy's addresses. */
  readonly trustProxy: false | string[];
  /** Origins the identity-check widget (Sumsub WebSDK) loads from, for the Content-Security-Policy. */
  readonly identityOrigins: readonly string[];
  /**
   * Exchange rates for payouts of other currencies (a Frankfurter-compatible `latest` endpoint, e.g.
   * https://api.frankfurter.app); undefined: the sandbox's double with the sandbox on, else no conversion.
   */
  readonly payoutRatesUrl: string | undefined;
  /**
   * What one Telegram Star is worth to a creator, per currency (STARS_RATE_EUR, STARS_RATE_RUB: a plain decimal in
   * that currency's major units): a Stars price is suggested from a card price at it. Unset: no suggestion there.
   */
  readonly starsRates: ReadonlyMap<string, string>;
  /** Who may sign in to the operator console (/admin): ADMIN_TELEGRAM_IDS, plus the demo operator in the sandbox. */
  readonly adminTelegramIds: readonly number[];
  /** Bearer token of GET /metrics; undefined: no metrics endpoint. */
  readonly metricsToken: string | undefined;
  readonly providerTimeoutMs: number;
  /** On SIGTERM/SIGINT, the longest the server waits for requests in flight (server/platform/http/drain.ts). */
  readonly shutdownTimeoutMs: number;
  /** Tests only: the payment path's crash point to die at (server/platform/crashPoint.ts). */
  readonly crashAt: CrashPoint | undefined;
  /** SUPPORT_URL, NEWS_URL, FAQ_URL, HELP_URL, TERMS_URL: the app's outside pages (GET /api/v2/links). */
  readonly links: LinkSettings;
}

/** The sandbox's demo operator (the host emulator's "Demo operator" link signs in as this Telegram user). */
export const SANDBOX_DEMO_OPERATOR_ID = 9001;

function telegramIds(env: Env, name: string): number[] {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return [];
  return raw
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map((part) => {
      const value = Number(part);
      if (!Number.isSafeInteger(value) || value <= 0)
        throw new ConfigError(`${name} must list positive Telegram user ids separated by commas, got "${part}"`);
      return value;
    });
}

/** Named points of the payment path a test process may be killed at (CRASH_AT). */
export const CRASH_POINTS = ['before_provider_call', 'after_provider_answer', 'after_commit'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

function crashPoint(env: Env): CrashPoint | undefined {
  const raw = nonEmpty(env, 'CRASH_AT');
  if (raw === undefined) return undefined;
  if (env.NODE_ENV === 'production')
    throw new ConfigError('CRASH_AT is a test hook and is refused with NODE_ENV=production');
  if (!(CRASH_POINTS as readonly string[]).includes(raw))
    throw new ConfigError(`CRASH_AT must be one of ${CRASH_POINTS.join(', ')}, got "${raw}"`);
  return raw as CrashPoint;
}

function metricsToken(env: Env): string | undefined {
  const token = nonEmpty(env, 'METRICS_TOKEN');
  if (token !== undefined && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  return token;
}

export interface SmartGlocalConfig {
  readonly url: string;
  readonly tokenizeUrl: string;
  readonly paymentPageUrl: string;
  readonly project: string;
  /** PEM text or a path to a PEM file (read when the money engine starts). */
  readonly privateKey: string;
  readonly publicKey: string;
}

export interface SumsubConfig {
  readonly url: string;
  readonly appToken: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly levelName: string;
}

const SUMSUB_REQUIRED = [
  'SUMSUB_URL',
  'SUMSUB_APP_TOKEN',
  'SUMSUB_SECRET_KEY',
  'SUMSUB_WEBHOOK_SECRET',
  'SUMSUB_LEVEL_NAME',
] as const;

/** All five SUMSUB_* or none: half a configuration refuses to start (none means manual review in production). */
function sumsubConfig(env: Env): SumsubConfig | undefined {
  const given = SUMSUB_REQUIRED.filter((name) => nonEmpty(env, name) !== undefined);
  if (given.length === 0) return undefined;
  const missing = SUMSUB_REQUIRED.filter((name) => !given.includes(name));
  if (missing.length > 0) {
    throw new ConfigError(
      `Sumsub is half configured: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing ` +
        '(SUMSUB_WEBHOOK_SECRET verifies its webhooks; without it no identity check could be trusted). Set all five, or none for manual review.',
    );
  }
  const url = nonEmpty(env, 'SUMSUB_URL')!.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url)) throw new ConfigError(`SUMSUB_URL must be an http(s) URL, got "${url}"`);
  return {
    url,
    appToken: nonEmpty(env, 'SUMSUB_APP_TOKEN')!,
    secretKey: nonEmpty(env, 'SUMSUB_SECRET_KEY')!,
    webhookSecret: nonEmpty(env, 'SUMSUB_WEBHOOK_SECRET')!,
    levelName: nonEmpty(env, 'SUMSUB_LEVEL_NAME')!,
  };
}

const SMART_GLOCAL_REQUIRED = [
  'SMART_GLOCAL_URL',
  'SMART_GLOCAL_PROJECT',
  'SMART_GLOCAL_PRIVATE_KEY',
  'SMART_GLOCAL_PUBLIC_KEY',
] as const;

/** Smart Glocal's tokenisation and payment page hosts for their demo and live servers (README "Smart Glocal"). */
function smartGlocalHosts(url: string): { tokenizeUrl: string; paymentPageUrl: string } {
  const host = new URL(url).hostname;
  if (host === 'demo.smart-glocal.com')
    return {
      tokenizeUrl: 'https://tgb-playground.smart-glocal.com/cds/v1/tokenize/card',
      paymentPageUrl: 'https://pay.smart-glocal.com/en/payment',
    };
  if (host === 'proxy.smart-glocal.com')
    return {
      tokenizeUrl: 'https://tgb.smart-glocal.com/cds/v1/tokenize/card',
      paymentPageUrl: 'https://pay.smart-glocal.com/en/payment',
    };
  return { tokenizeUrl: `${url}/cds/v1/tokenize/card`, paymentPageUrl: `${url}/pay/en/payment` };
}

/** All of SMART_GLOCAL_URL, _PROJECT, _PRIVATE_KEY and _PUBLIC_KEY, or none: half a configuration refuses to start. */
function smartGlocalConfig(env: Env): SmartGlocalConfig | undefined {
  const given = SMART_GLOCAL_REQUIRED.filter((name) => nonEmpty(env, name) !== undefined);
  if (given.length === 0) return undefined;
  const missing = SMART_GLOCAL_REQUIRED.filter((name) => !given.includes(name));
  if (missing.length > 0) {
    throw new ConfigError(
      `Smart Glocal is half configured: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (` +
        'SMART_GLOCAL_PUBLIC_KEY verifies its webhooks; without it no payment could be trusted). Set all four, or none to disable payments.',
    );
  }
  const url = nonEmpty(env, 'SMART_GLOCAL_URL')!.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url)) throw new ConfigError(`SMART_GLOCAL_URL must be an http(s) URL, got "${url}"`);
  const hosts = smartGlocalHosts(url);
  return {
    url,
    tokenizeUrl: nonEmpty(env, 'SMART_GLOCAL_TOKENIZE_URL') ?? hosts.tokenizeUrl,
    paymentPageUrl: (nonEmpty(env, 'SMART_GLOCAL_PAYMENT_PAGE_URL') ?? hosts.paymentPageUrl).replace(/\/+$/, ''),
    project: nonEmpty(env, 'SMART_GLOCAL_PROJECT')!,
    privateKey: nonEmpty(env, 'SMART_GLOCAL_PRIVATE_KEY')!,
    publicKey: nonEmpty(env, 'SMART_GLOCAL_PUBLIC_KEY')!,
  };
}

/** The reference does not say hex or base64; base64 is what the one public integration sends. */
function signatureEncoding(env: Env): 'base64' | 'hex' {
  const raw = nonEmpty(env, 'SMART_GLOCAL_SIGNATURE_ENCODING') ?? 'base64';
  if (raw !== 'base64' && raw !== 'hex')
    throw new ConfigError(`SMART_GLOCAL_SIGNATURE_ENCODING must be base64 or hex, got "${raw}"`);
  return raw;
}

export type ChannelModerationMode = 'pre' | 'off';

/** Production reviews new channels first (pay-outs go to whoever connects one); the sandbox lets its demo run alone. */
function channelModeration(env: Env, sandbox: boolean): ChannelModerationMode {
  const raw = nonEmpty(env, 'CHANNEL_MODERATION') ?? (sandbox ? 'off' : 'pre');
  if (raw !== 'pre' && raw !== 'off') throw new ConfigError(`CHANNEL_MODERATION must be pre or off, got "${raw}"`);
  return raw;
}

function inviteLinkKind(env: Env): 'one_person' | 'join_request' {
  const raw = nonEmpty(env, 'BOT_INVITE_LINKS') ?? 'one_person';
  if (raw !== 'one_person' && raw !== 'join_request')
    throw new ConfigError(`BOT_INVITE_LINKS must be one_person or join_request, got "${raw}"`);
  return raw;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

const OFF = new Set(['0', 'false', 'off', 'no']);
const ON = new Set(['1', 'true', 'on', 'yes']);

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (ON.has(raw)) return true;
  if (OFF.has(raw)) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${env[name]}"`);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** Each of SUPPORT_URL, NEWS_URL, FAQ_URL, HELP_URL, TERMS_URL: an absolute http(s) address, else the default. */
function linkSettings(env: Env): LinkSettings {
  // Each variable spelled out: the docs test finds the variables the code reads by their names.
  const given: Readonly<Record<keyof LinkSettings, readonly [string, string | undefined]>> = {
    support: ['SUPPORT_URL', nonEmpty(env, 'SUPPORT_URL')],
    news: ['NEWS_URL', nonEmpty(env, 'NEWS_URL')],
    faq: ['FAQ_URL', nonEmpty(env, 'FAQ_URL')],
    help: ['HELP_URL', nonEmpty(env, 'HELP_URL')],
    terms: ['TERMS_URL', nonEmpty(env, 'TERMS_URL')],
  };
  return Object.fromEntries(
    LINK_SETTING_NAMES.map((name) => {
      const [variable, raw] = given[name];
      if (raw === undefined) return [name, DEFAULT_LINK_SETTINGS[name]];
      const address = linkAddress(raw);
      if (address === null) throw new ConfigError(`${variable} must be an absolute http(s) address, got "${raw}"`);
      return [name, address];
    }),
  ) as unknown as LinkSettings;
}

/** STARS_RATE_EUR and STARS_RATE_RUB (spelled out for the docs test): positive plain decimals, e.g. 0.012. */
function starsRates(env: Env): Map<string, string> {
  const given: readonly [string, string, string | undefined][] = [
    ['eur', 'STARS_RATE_EUR', nonEmpty(env, 'STARS_RATE_EUR')],
    ['rub', 'STARS_RATE_RUB', nonEmpty(env, 'STARS_RATE_RUB')],
  ];
  const rates = new Map<string, string>();
  for (const [currency, variable, raw] of given) {
    if (raw === undefined) continue;
    if (!isExchangeRate(raw))
      throw new ConfigError(`${variable} must be a positive decimal such as 0.012, got "${raw}"`);
    rates.set(currency, raw);
  }
  return rates;
}

function nonEmpty(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/** Sumsub's WebSDK: its iframe's default base and its CDN (shared/vendors/sumsub.md section 7). */
const SUMSUB_WEBSDK_ORIGINS = ['https://in.sumsub.com', 'https://static.sumsub.com'];

/** CSP_IDENTITY_ORIGINS, or with SUMSUB_URL its origin and the WebSDK's; each must be an http(s) origin. */
function identityOrigins(env: Env): string[] {
  const listed = nonEmpty(env, 'CSP_IDENTITY_ORIGINS');
  const sumsub = nonEmpty(env, 'SUMSUB_URL');
  const raw =
    listed !== undefined
      ? listed.split(/[\s,]+/).filter((item) => item !== '')
      : sumsub !== undefined
        ? [sumsub, ...SUMSUB_WEBSDK_ORIGINS]
        : [];
  return [
    ...new Set(
      raw.map((item) => {
        let url: URL;
        try {
          url = new URL(item);
        } catch {
          throw new ConfigError(
            `${listed !== undefined ? 'CSP_IDENTITY_ORIGINS' : 'SUMSUB_URL'} must hold http(s) URLs, got "${item}"`,
          );
        }
        if (url.protocol !== 'https:' && url.protocol !== 'http:')
          throw new ConfigError(`CSP_IDENTITY_ORIGINS must hold http(s) origins, got "${item}"`);
        return url.origin;
      }),
    ),
  ];
}

/**
 * TRUST_PROXY: unset → off; else the proxy's addresses or CIDRs. A hop count is refused: Fastify 5 trusts no proxy
 * header for a numeric trustProxy (a hop count cannot tell the proxy from a client), so it would silently do nothing.
 */
function trustProxy(env: Env): false | string[] {
  const raw = nonEmpty(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  if (/^\d+$/.test(raw)) {
    throw new ConfigError(
      `TRUST_PROXY must name the proxy's addresses or CIDRs (comma separated), not a hop count, got "${raw}"`,
    );
  }
  const addresses = raw.split(/[\s,]+/).filter((item) => item !== '');
  if (addresses.some((item) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(item))) {
    throw new ConfigError(`TRUST_PROXY must be the proxy's addresses or CIDRs (comma separated), got "${raw}"`);
  }
  return addresses;
}

/**
 * Telegram opens a Mini App, and sends a bot's webhooks, only at an https:// address; with an http:// PUBLIC_URL the
 * bot's menu button and every launch link would be refused. A loopback address is let through for a production
 * configuration tried on one machine against doubles (Telegram itself could not reach it anyway).
 */
function checkProductionPublicUrl(raw: string | undefined): void {
  if (raw === undefined)
    throw new ConfigError('PUBLIC_URL is required when SANDBOX=0: the https:// address Telegram opens the app at');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an https:// URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    throw new ConfigError(
      `PUBLIC_URL must be https:// when SANDBOX=0 (Telegram opens Mini Apps and sends webhooks over HTTPS only), got "${raw}"`,
    );
}

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || bare === '::ffff:127.0.0.1';
}

export function parseDatabaseUrl(raw: string | undefined, dataDir: string): DatabaseTarget {
  if (raw === undefined || raw.trim() === '') return { kind: 'embedded', dataDir };
  const url = raw.trim();
  if (url === 'memory://' || url === 'memory:') return { kind: 'memory' };
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  throw new ConfigError('DATABASE_URL must be unset, memory:// or postgres://...');
}

/** Reads the environment. Pure: no files are touched (see ensureBotToken for the sandbox token). */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): ServerConfig {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = nonEmpty(env, 'HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(cwd, nonEmpty(env, 'DATA_DIR') ?? '.data');
  const sandbox = flag(env, 'SANDBOX', true);
  const sandboxPublic = flag(env, 'SANDBOX_PUBLIC', false);
  const botToken = nonEmpty(env, 'BOT_TOKEN');
  if (sandbox && !sandboxPublic && !isLoopbackHost(host)) {
    throw new ConfigError(
      `Refusing to start: the sandbox (fake payments, a control API that signs in as anyone) is on and HOST=${host} is not a loopback address. ` +
        'Set SANDBOX=0 for production, or SANDBOX_PUBLIC=1 if you really want a public sandbox.',
    );
  }
  if (!sandbox && botToken === undefined) throw new ConfigError('BOT_TOKEN is required when SANDBOX=0');
  // A real bot's token with the sandbox on by default would let the sandbox's control API sign in as anyone with it.
  const sandboxExplicit = sandbox && nonEmpty(env, 'SANDBOX') !== undefined;
  if (botToken !== undefined && nonEmpty(env, 'SANDBOX') === undefined) {
    throw new ConfigError(
      'Refusing to start: BOT_TOKEN is set but SANDBOX is not. Set SANDBOX=0 for production (the real bot, payments and identity check), ' +
        'or SANDBOX=1 to run the sandbox with this token (its control API signs init data for any user with it).',
    );
  }
  if (!sandbox) checkProductionPublicUrl(nonEmpty(env, 'PUBLIC_URL'));
  if (nonEmpty(env, 'BOT_WEBHOOK_SECRET') !== undefined && nonEmpty(env, 'PUBLIC_URL') === undefined) {
    throw new ConfigError(
      'BOT_WEBHOOK_SECRET needs PUBLIC_URL: Telegram sends updates to PUBLIC_URL/telegram/webhook (leave both unset to long-poll)',
    );
  }
  const displayHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    port,
    host,
    database: parseDatabaseUrl(env.DATABASE_URL, dataDir),
    dataDir,
    botToken,
    botUsername: nonEmpty(env, 'BOT_USERNAME') ?? 'BackersSandboxBot',
    appName: nonEmpty(env, 'APP_NAME') ?? 'app',
    sandbox,
    sandboxExplicit,
    botTokenGenerated: false,
    sandboxPublic,
    serviceFeeBps: integer(env, 'SERVICE_FEE_BPS', 1000, 0, 10000),
    publicUrl: (nonEmpty(env, 'PUBLIC_URL') ?? `http://${displayHost}:${port}`).replace(/\/+$/, ''),
    staticDir: path.resolve(cwd, nonEmpty(env, 'STATIC_DIR') ?? 'dist'),
    botApiUrl: nonEmpty(env, 'BOT_API_URL')?.replace(/\/+$/, ''),
    botWebhookSecret: nonEmpty(env, 'BOT_WEBHOOK_SECRET'),
    botInviteLinks: inviteLinkKind(env),
    logLevel: nonEmpty(env, 'LOG_LEVEL') ?? 'info',
    smartGlocal: smartGlocalConfig(env),
    smartGlocalFeeBps: integer(env, 'SMART_GLOCAL_FEE_BPS', 300, 0, 10000),
    smartGlocalSignatureEncoding: signatureEncoding(env),
    providerWebhookUrl: nonEmpty(env, 'PROVIDER_WEBHOOK_URL'),
    sumsub: sumsubConfig(env),
    kycAutoApprove: flag(env, 'KYC_AUTO_APPROVE', false),
    channelModeration: channelModeration(env, sandbox),
    jobIntervalMs: integer(env, 'JOB_INTERVAL_MS', 60_000, 100, 86_400_000),
    renewalConcurrency: integer(env, 'RENEWAL_CONCURRENCY', 8, 1, 64),
    payoutConcurrency: integer(env, 'PAYOUT_CONCURRENCY', 8, 1, 64),
    production: env.NODE_ENV === 'production',
    payoutRatesUrl: nonEmpty(env, 'PAYOUT_RATES_URL')?.replace(/\/+$/, ''),
    starsRates: starsRates(env),
    adminTelegramIds: [
      ...new Set([...telegramIds(env, 'ADMIN_TELEGRAM_IDS'), ...(sandbox ? [SANDBOX_DEMO_OPERATOR_ID] : [])]),
    ],
    identityOrigins: identityOrigins(env),
    initDataMaxAgeSeconds: integer(env, 'INIT_DATA_MAX_AGE_S', 86_400, 60, 31 * 86_400),
    reconciliationDays: integer(env, 'RECONCILIATION_DAYS', 7, 1, 90),
    rateLimits: {
      paymentsPerMinute: integer(
        env,
        'RATE_LIMIT_PAYMENTS_PER_MINUTE',
        DEFAULT_RATE_LIMITS.paymentsPerMinute,
        0,
        1_000_000,
      ),
      failedSignInsPerMinute: integer(
        env,
        'RATE_LIMIT_FAILED_SIGNINS_PER_MINUTE',
        DEFAULT_RATE_LIMITS.failedSignInsPerMinute,
        0,
        1_000_000,
      ),
      webhooksPerMinute: integer(
        env,
        'RATE_LIMIT_WEBHOOKS_PER_MINUTE',
        DEFAULT_RATE_LIMITS.webhooksPerMinute,
        0,
        1_000_000,
      ),
    },
    trustProxy: trustProxy(env),
    metricsToken: metricsToken(env),
    providerTimeoutMs: integer(env, 'PROVIDER_TIMEOUT_MS', 10_000, 100, 120_000),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 20_000, 0, 600_000),
    crashAt: crashPoint(env),
    links: linkSettings(env),
  };
}

/** A configuration for tests and scripts: in-memory database, sandbox on, a fixed bot token. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({
      DATABASE_URL: 'memory://',
      PORT: '0',
      SANDBOX: '1',
      BOT_TOKEN: '1234567890:TEST-sandbox-token-for-tests-only-xx',
      LOG_LEVEL: 'silent',
    }),
    ...overrides,
  };
}

/**
 * The bot token to sign init data with. Given in BOT_TOKEN it is used as is; in the sandbox without one, a local
 * token is generated once and kept in DATA_DIR/sandbox-bot-token so launch links stay valid across restarts.
 */
export async function ensureBotToken(config: ServerConfig): Promise<ServerConfig & { botToken: string }> {
  if (config.botToken !== undefined) return { ...config, botToken: config.botToken };
  if (!config.sandbox) throw new ConfigError('BOT_TOKEN is required when SANDBOX=0');
  const file = path.join(config.dataDir, 'sandbox-bot-token');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored !== '') return { ...config, botToken: stored, botTokenGenerated: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = `${randomInt(1_000_000_000, 9_999_999_999)}:${randomBytes(26).toString('base64url').slice(0, 35)}`;
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return { ...config, botToken: token, botTokenGenerated: true };
}
