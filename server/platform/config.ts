/**
 * Server configuration from the environment (README "Configuration").
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | PORT | 8080 | listening port (0 = any free port) |
 * | HOST | 127.0.0.1 | listening address |
 * | DATABASE_URL | unset | unset: embedded PostgreSQL (PGlite) in DATA_DIR; `memory://`: in-memory PGlite; `postgres://` or `postgresql://`: a PostgreSQL server |
 * | DATA_DIR | ./.data | embedded database files, its lock file and the sandbox bot token |
 * | BOT_TOKEN | generated in the sandbox | signs and validates init data; with the sandbox off, calls the Bot API |
 * | BOT_USERNAME | BackersSandboxBot | the bot's username until getMe answers at start-up (deep links t.me/<bot>/<app>) |
 * | APP_NAME | app | the mini-app's short name (deep links t.me/<bot>/<app>) |
 * | SANDBOX | on | `0`/`false`/`off` turns off the sandbox provider, KYC, bot, seed, control API and emulator |
 * | SANDBOX_PUBLIC | off | `1` allows the sandbox on a non-loopback HOST |
 * | SERVICE_FEE_BPS | 1000 | service fee in basis points (1000 = 10%) |
 * | PUBLIC_URL | http://HOST:PORT | the app's public origin (launch links, bot buttons in the sandbox) |
 * | STATIC_DIR | ./dist | the built mini-app |
 * | BOT_API_URL | the sandbox's Bot API double, else https://api.telegram.org | where the bot gateway calls the Bot API |
 * | BOT_WEBHOOK_SECRET | unset | with PUBLIC_URL: updates by webhook at PUBLIC_URL/telegram/webhook with this secret; unset: long polling |
 * | LOG_LEVEL | info | pino level (`silent` in tests) |
 * | SMART_GLOCAL_URL | the sandbox's double, else unset | Smart Glocal's API base (https://demo.smart-glocal.com or https://proxy.smart-glocal.com); unset with SANDBOX=0: payments disabled |
 * | SMART_GLOCAL_PROJECT | `backers-sandbox` in the sandbox | X-PARTNER-PROJECT |
 * | SMART_GLOCAL_PRIVATE_KEY | generated in the sandbox | our RSA private key (PEM text or a file path): signs requests |
 * | SMART_GLOCAL_PUBLIC_KEY | the double's in the sandbox | Smart Glocal's RSA public key (PEM text or a file path): verifies webhooks |
 * | SMART_GLOCAL_TOKENIZE_URL | from SMART_GLOCAL_URL | where browsers tokenise cards (tgb-playground / tgb.smart-glocal.com/cds/v1/tokenize/card) |
 * | SMART_GLOCAL_PAYMENT_PAGE_URL | from SMART_GLOCAL_URL | the hosted payment page (pay.smart-glocal.com/en/payment) |
 * | SMART_GLOCAL_FEE_BPS | 300 | Smart Glocal's fee per our agreement, in basis points (the ledger's provider fee) |
 * | PROVIDER_WEBHOOK_URL | this server | where the sandbox's double sends its webhooks |
 * | JOB_INTERVAL_MS | 60000 | how often the background jobs run |
 * | METRICS_TOKEN | unset | GET /metrics (Prometheus) answers `Authorization: Bearer <token>`; unset: /metrics is 404 |
 * | PROVIDER_TIMEOUT_MS | 10000 | the longest one call to the card provider may take (then the payment stays pending for reconciliation) |
 * | CRASH_AT | unset | tests only: kill the process at a named point of the payment path (server/platform/crashPoint.ts); refused in production |
 * | NODE_ENV | unset | `production` stops the host emulator from watching its client files |
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

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
  readonly sandboxPublic: boolean;
  readonly serviceFeeBps: number;
  readonly publicUrl: string;
  readonly staticDir: string;
  /** Where the bot gateway calls the Bot API; undefined: the sandbox's double with the sandbox on, else Telegram. */
  readonly botApiUrl: string | undefined;
  readonly botWebhookSecret: string | undefined;
  readonly logLevel: string;
  /** Smart Glocal, when configured (SMART_GLOCAL_*); undefined: the double in the sandbox, payments disabled without it. */
  readonly smartGlocal: SmartGlocalConfig | undefined;
  readonly smartGlocalFeeBps: number;
  /** Where the sandbox's double sends webhooks; undefined: this server's own address. */
  readonly providerWebhookUrl: string | undefined;
  readonly jobIntervalMs: number;
  readonly production: boolean;
  /** Bearer token of GET /metrics; undefined: no metrics endpoint. */
  readonly metricsToken: string | undefined;
  readonly providerTimeoutMs: number;
  /** Tests only: the payment path's crash point to die at (server/platform/crashPoint.ts). */
  readonly crashAt: CrashPoint | undefined;
}

/** Named points of the payment path a test process may be killed at (CRASH_AT). */
export const CRASH_POINTS = ['before_provider_call', 'after_provider_answer', 'after_commit'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

function crashPoint(env: Env): CrashPoint | undefined {
  const raw = nonEmpty(env, 'CRASH_AT');
  if (raw === undefined) return undefined;
  if (env.NODE_ENV === 'production') throw new ConfigError('CRASH_AT is a test hook and is refused with NODE_ENV=production');
  if (!(CRASH_POINTS as readonly string[]).includes(raw)) throw new ConfigError(`CRASH_AT must be one of ${CRASH_POINTS.join(', ')}, got "${raw}"`);
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

const SMART_GLOCAL_REQUIRED = ['SMART_GLOCAL_URL', 'SMART_GLOCAL_PROJECT', 'SMART_GLOCAL_PRIVATE_KEY', 'SMART_GLOCAL_PUBLIC_KEY'] as const;

/** Smart Glocal's tokenisation and payment page hosts for their demo and live servers (README "Smart Glocal"). */
function smartGlocalHosts(url: string): { tokenizeUrl: string; paymentPageUrl: string } {
  const host = new URL(url).hostname;
  if (host === 'demo.smart-glocal.com') return { tokenizeUrl: 'https://tgb-playground.smart-glocal.com/cds/v1/tokenize/card', paymentPageUrl: 'https://pay.smart-glocal.com/en/payment' };
  if (host === 'proxy.smart-glocal.com') return { tokenizeUrl: 'https://tgb.smart-glocal.com/cds/v1/tokenize/card', paymentPageUrl: 'https://pay.smart-glocal.com/en/payment' };
  return { tokenizeUrl: `${url}/cds/v1/tokenize/card`, paymentPageUrl: `${url}/pay/en/payment` };
}

/** All of SMART_GLOCAL_URL, _PROJECT, _PRIVATE_KEY and _PUBLIC_KEY, or none: half a configuration refuses to start. */
function smartGlocalConfig(env: Env): SmartGlocalConfig | undefined {
  const given = SMART_GLOCAL_REQUIRED.filter((name) => nonEmpty(env, name) !== undefined);
  if (given.length === 0) return undefined;
  const missing = SMART_GLOCAL_REQUIRED.filter((name) => !given.includes(name));
  if (missing.length > 0) {
    throw new ConfigError(`Smart Glocal is half configured: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (` +
      'SMART_GLOCAL_PUBLIC_KEY verifies its webhooks; without it no payment could be trusted). Set all four, or none to disable payments.');
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
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

function nonEmpty(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
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
  if (nonEmpty(env, 'BOT_WEBHOOK_SECRET') !== undefined && nonEmpty(env, 'PUBLIC_URL') === undefined) {
    throw new ConfigError('BOT_WEBHOOK_SECRET needs PUBLIC_URL: Telegram sends updates to PUBLIC_URL/telegram/webhook (leave both unset to long-poll)');
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
    sandboxPublic,
    serviceFeeBps: integer(env, 'SERVICE_FEE_BPS', 1000, 0, 10000),
    publicUrl: (nonEmpty(env, 'PUBLIC_URL') ?? `http://${displayHost}:${port}`).replace(/\/+$/, ''),
    staticDir: path.resolve(cwd, nonEmpty(env, 'STATIC_DIR') ?? 'dist'),
    botApiUrl: nonEmpty(env, 'BOT_API_URL')?.replace(/\/+$/, ''),
    botWebhookSecret: nonEmpty(env, 'BOT_WEBHOOK_SECRET'),
    logLevel: nonEmpty(env, 'LOG_LEVEL') ?? 'info',
    smartGlocal: smartGlocalConfig(env),
    smartGlocalFeeBps: integer(env, 'SMART_GLOCAL_FEE_BPS', 300, 0, 10000),
    providerWebhookUrl: nonEmpty(env, 'PROVIDER_WEBHOOK_URL'),
    jobIntervalMs: integer(env, 'JOB_INTERVAL_MS', 60_000, 100, 86_400_000),
    production: env.NODE_ENV === 'production',
    metricsToken: metricsToken(env),
    providerTimeoutMs: integer(env, 'PROVIDER_TIMEOUT_MS', 10_000, 100, 120_000),
    crashAt: crashPoint(env),
  };
}

/** A configuration for tests and scripts: in-memory database, sandbox on, a fixed bot token. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ DATABASE_URL: 'memory://', PORT: '0', BOT_TOKEN: '1234567890:TEST-sandbox-token-for-tests-only-xx', LOG_LEVEL: 'silent' }),
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
    if (stored !== '') return { ...config, botToken: stored };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = `${randomInt(1_000_000_000, 9_999_999_999)}:${randomBytes(26).toString('base64url').slice(0, 35)}`;
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return { ...config, botToken: token };
}
