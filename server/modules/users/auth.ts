/**
 * Telegram auth for /api/v2 (spec section 7: `Authorization: TgAuth <init data>`).
 *
 * Init data is validated with @telegram-apps/init-data-node against BOT_TOKEN: the data-check string keeps every
 * field except `hash` (the newer `signature` field included), parsed with URLSearchParams; a key given twice, a
 * missing or wrong hash, a missing auth_date or init data older than INIT_DATA_MAX_AGE_S (24 hours by default) answer
 * 401 unauthorized. Too many failed sign-ins from one address answer 429 rate_limited instead (the failure limiter).
 *
 * Expiry is checked against the server's clock (not the library's Date.now), so moving the sandbox clock ages init
 * data consistently with everything else; /sandbox/launch signs with that same clock. Init data dated more than
 * 60 seconds ahead of the clock is refused too (clocks of Telegram's servers and ours agree far better than that).
 *
 * The user is created or refreshed from the init data's `user` on the first valid call; a banned user gets 403
 * banned on every call.
 */
import { validate } from '@telegram-apps/init-data-node';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerClock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { BatchLoader } from '../../platform/db/batchLoader';
import type { Db } from '../../platform/db/db';
import { type TelegramProfile, UsersRepository } from './repository';
import { type UserRow, users } from '../../platform/db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on /api/v2 routes (null only on public routes). */
    user: UserRow | null;
    /** The user's dashboard version (migration 0004), read with the user: 0 = none yet, never cached. */
    dashboardVersion: number;
  }
  interface FastifyContextConfig {
    /** Route answers without auth (the OpenAPI document). */
    public?: boolean;
  }
}

/** The default age limit of init data (INIT_DATA_MAX_AGE_S). */
export const INIT_DATA_MAX_AGE_SECONDS = 86_400;
/** How far ahead of the server clock init data may be dated. */
export const MAX_FUTURE_SKEW_SECONDS = 60;

const unauthorized = (message: string): AppError => new AppError('unauthorized', message);

export interface ValidInitData {
  readonly profile: TelegramProfile;
  readonly authDate: number;
  readonly params: URLSearchParams;
}

/** Validates raw init data's signature and fields (not its age); throws AppError unauthorized with a reason. */
export function verifySignedInitData(raw: string, botToken: string): ValidInitData {
  const params = new URLSearchParams(raw);
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) throw unauthorized(`init data repeats the key "${key}"`);
    seen.add(key);
  }
  if (!params.get('hash')) throw unauthorized('init data has no hash');
  try {
    // Expiry is checked separately against the server clock.
    validate(params, botToken, { expiresIn: 0 });
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    throw unauthorized(/AuthDate/i.test(name) ? 'init data has no valid auth_date' : 'init data signature is invalid');
  }
  const authDate = Number(params.get('auth_date'));
  if (!Number.isInteger(authDate) || authDate <= 0) throw unauthorized('init data has no valid auth_date');
  let user: {
    id?: unknown;
    first_name?: unknown;
    last_name?: unknown;
    username?: unknown;
    photo_url?: unknown;
    language_code?: unknown;
  };
  try {
    user = JSON.parse(params.get('user') ?? 'null') ?? {};
  } catch {
    throw unauthorized('init data user is not JSON');
  }
  if (typeof user.id !== 'number' || !Number.isSafeInteger(user.id) || user.id <= 0)
    throw unauthorized('init data has no user');
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  return {
    authDate,
    params,
    profile: {
      telegramId: user.id,
      firstName: text(user.first_name) ?? String(user.id),
      lastName: text(user.last_name),
      username: text(user.username),
      photoUrl: text(user.photo_url),
      languageCode: text(user.language_code),
    },
  };
}

/** Refuses init data older than `maxAgeSeconds` or dated more than a minute ahead of the server clock. */
export function checkInitDataAge(
  authDate: number,
  nowMs: number,
  maxAgeSeconds: number = INIT_DATA_MAX_AGE_SECONDS,
): void {
  const nowSeconds = Math.floor(nowMs / 1000);
  if (authDate + maxAgeSeconds < nowSeconds)
    throw unauthorized(`init data expired (older than ${maxAgeSeconds} seconds)`);
  if (authDate > nowSeconds + MAX_FUTURE_SKEW_SECONDS) throw unauthorized('init data is dated in the future');
}

/**
 * Init data validation with the signature check remembered per exact init data string. A mini-app sends the same init data
 * on every call of its session, and a string whose signature was valid stays valid; only its age changes, so that is
 * checked on every call. Refused strings are not remembered. Bounded: the oldest entry goes first.
 */
export class InitDataVerifier {
  private readonly signed = new Map<string, ValidInitData>();

  constructor(
    private readonly botToken: string,
    private readonly maxEntries = 10_000,
    private readonly maxAgeSeconds = INIT_DATA_MAX_AGE_SECONDS,
  ) {}

  verify(raw: string, nowMs: number): ValidInitData {
    let valid = this.signed.get(raw);
    if (valid === undefined) {
      valid = verifySignedInitData(raw, this.botToken);
      this.signed.set(raw, valid);
      if (this.signed.size > this.maxEntries) this.signed.delete(this.signed.keys().next().value!);
    }
    checkInitDataAge(valid.authDate, nowMs, this.maxAgeSeconds);
    return valid;
  }
}

/** The raw init data of an `Authorization: TgAuth <init data>` header. */
export function initDataFromHeader(header: string | undefined): string {
  const match = /^TgAuth\s+(.+)$/is.exec(header?.trim() ?? '');
  if (!match) throw unauthorized('Authorization: TgAuth <init data> is required');
  return match[1]!.trim();
}

export interface AuthOptions {
  readonly db: Db;
  readonly clock: ServerClock;
  readonly botToken: string;
  /** INIT_DATA_MAX_AGE_S; 24 hours when not given. */
  readonly initDataMaxAgeSeconds?: number;
  /** Counts a failed sign-in of the request's address; throws 429 rate_limited once there were too many. */
  readonly onFailedSignIn?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

interface UserWithVersion {
  readonly user: UserRow;
  readonly dashboardVersion: number;
}

/**
 * Users by Telegram id with their dashboard version, as a prepared statement (prepared once per connection on
 * PostgreSQL). The hook runs it for every request, batched: the requests of one event-loop turn share one query. The
 * version lets the dashboard answer from memory without another round trip.
 * The contract the dashboard caches rely on (server/modules/dashboard/cache.ts), whoever changes how versions are
 * bumped: every change a user's dashboard shows bumps that user's version in the same transaction as the change, so
 * a read that starts after the change committed sees the new version. This read starts after the request arrived
 * (the batch is sent later), so it sees every write committed before the request.
 */
function usersWithVersionQuery(db: Db) {
  const query = db
    .select({
      user: users,
      dashboardVersion: sql<number>`coalesce((select version from dashboard_versions where user_id = ${users.id}), 0)`,
    })
    .from(users)
    .where(sql`${users.telegramId} = any(${sql.placeholder('telegramIds')}::bigint[])`)
    .prepare('auth_users_with_dashboard_version');
  return new BatchLoader<number, UserWithVersion>(
    (telegramIds) => query.execute({ telegramIds: [...telegramIds] }),
    (row) => row.user.telegramId,
  );
}

/** Adds the auth hook to the current scope (register inside the /api/v2 plugin). */
export function installAuth(app: FastifyInstance, options: AuthOptions): void {
  const usersRepository = new UsersRepository(options.db);
  const usersByTelegramId = usersWithVersionQuery(options.db);
  const initData = new InitDataVerifier(options.botToken, undefined, options.initDataMaxAgeSeconds);
  app.decorateRequest('user', null);
  app.decorateRequest('dashboardVersion', 0);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config?.public === true) return;
    const nowMs = options.clock.now();
    let profile: TelegramProfile;
    try {
      ({ profile } = initData.verify(initDataFromHeader(request.headers.authorization), nowMs));
    } catch (error) {
      await options.onFailedSignIn?.(request, reply);
      throw error;
    }
    const known = await usersByTelegramId.load(profile.telegramId);
    const user = await usersRepository.upsertProfile(profile, new Date(nowMs), known?.user);
    if (user.banned) throw new AppError('banned', 'This account is banned');
    request.user = user;
    request.dashboardVersion = known ? Number(known.dashboardVersion) : 0;
  });
}

/** The signed-in user of an /api/v2 route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (request.user === null) throw unauthorized('not signed in');
  return request.user;
}
