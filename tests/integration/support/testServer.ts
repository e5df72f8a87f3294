/**
 * Integration test harness: the real server (buildApp) listening on 127.0.0.1:0, on a fresh, migrated database:
 * - default: in-memory PGlite loaded from a snapshot of a migrated database (tests/.snapshots/, keyed by the
 *   PGlite version and the migration files), because a fresh initdb costs 5–12 s per database; a closed server's
 *   database, emptied, serves the same test file's next server (databasePool.ts);
 * - with TEST_DATABASE_URL (scripts/with-postgres.sh): a new database on that PostgreSQL server for this test server,
 *   copied from a migrated template database, and dropped afterwards.
 * Plus helpers to sign init data for any user (with the server's clock) and to call the API over real HTTP.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import type { BotGateway } from '../../../server/modules/bot/BotGateway';
import { FixedClock } from '../../../server/platform/clock';
import { type ServerConfig, testConfig } from '../../../server/platform/config';
import type { ResolvedConfig } from '../../../server/context';
import { type LaunchOptions, signInitData } from '../../../server/modules/sandbox/initData';
import { seed } from '../../../server/modules/sandbox/seed';
import { type Database, fromPostgresUrl } from '../../../server/platform/db/db';
import { fromPglite, pgliteParsers } from '../../../server/platform/db/pgliteDatabase';
import { migrate } from '../../../server/platform/db/migrate';
import { migratedSnapshot, migrationsKey } from './snapshot';
import { giveBack, keepShape, takeEmptied } from './databasePool';
import { recordAnswer } from './contractCheck';
import type { SandboxProviderStore } from '../../../server/modules/payments/sandbox/store';
import type { LoggerOptions } from '../../../server/platform/logging';

// Starting a seeded server takes a few seconds, and over a minute on a 2-core machine running the suite beside other
// work (seen in CI): far more than Jest's 5 s default for tests and hooks. A test that passes is not slowed by this.
jest.setTimeout(180_000);

/** 2026-01-20 12:00 UTC: a fixed "now" so dates and payout windows are the same on every run. */
export const TEST_NOW = Date.UTC(2026, 0, 20, 12, 0, 0);

export interface TestUser extends LaunchOptions {
  readonly telegramId: number;
}

/** The error fields every failure carries (src/contract/api.ts ApiError), readable on any answer. */
export interface ErrorFields {
  code?: string;
  message?: string;
  field?: string;
  reason?: string;
}

export interface ApiAnswer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T & ErrorFields;
  readonly headers: Headers;
}

export interface TestServer {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  readonly clock: FixedClock;
  readonly database: Database;
  readonly config: ResolvedConfig;
  /** Signed init data for the user, dated now on the server clock (or at `authDateMs`). */
  initData(user: TestUser, authDateMs?: number): string;
  /** Calls /api/v2<path> as the user (null: without Authorization). */
  api<T = Record<string, unknown>>(
    user: TestUser | null,
    method: string,
    apiPath: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiAnswer<T>>;
  /** Any path on the server (sandbox, static, ...). */
  request<T = Record<string, unknown>>(
    method: string,
    urlPath: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiAnswer<T>>;
  /** Stops the server and starts a new one on the same database, clock and port (a process restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  readonly config?: Partial<ServerConfig>;
  /** Load the demo seed (server/modules/sandbox/seed.ts). */
  readonly seed?: boolean;
  readonly now?: number;
  /** Replaces the sandbox bot (e.g. one that fails like the Bot API). */
  readonly bot?: BotGateway;
  /** A migrated database to run on instead of a fresh one (closed with the server). */
  readonly database?: Database;
  /** Where the sandbox's Smart Glocal double keeps its sessions (default: its provider_* tables). */
  readonly providerStore?: SandboxProviderStore;
  /** The server's log (default: none). */
  readonly logger?: LoggerOptions;
}

// ---- databases

let databaseCounter = 0;

const databaseUrl = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A migrated database on the server to copy test databases from (CREATE DATABASE ... TEMPLATE copies its files in a
 * fraction of a second; running the migrations costs seconds per database). Named by the migrations it holds and made
 * once per server: the workers of a run take turns through an advisory lock, and later ones find it made.
 */
async function migratedTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = `backers_template_${migrationsKey()}`;
  await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
  try {
    const made = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (made.rowCount === 0) {
      // Made under another name and renamed when migrated: a run stopped halfway leaves no half-made template.
      const building = `${name}_${process.pid}`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const database = fromPostgresUrl(databaseUrl(adminUrl, building), 2);
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  }
  return name;
}

async function freshPostgresDatabase(adminUrl: string): Promise<Database> {
  databaseCounter += 1;
  const name = `backers_test_${process.pid}_${Date.now().toString(36)}_${databaseCounter}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await migratedTemplate(admin, adminUrl)}`);
  } finally {
    await admin.end();
  }
  const database = fromPostgresUrl(databaseUrl(adminUrl, name), 10);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export async function freshDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return freshPostgresDatabase(url);
  const pglite =
    takeEmptied() ??
    (await keepShape(await PGlite.create({ loadDataDir: await migratedSnapshot(), parsers: pgliteParsers })));
  const database = fromPglite(pglite, 'memory');
  // Given back once, however often it is closed: twice in the pool, two servers would share it.
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= giveBack(pglite)) };
}

// ---- the server

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await freshDatabase());
  const clock = new FixedClock(options.now ?? TEST_NOW);
  const config = testConfig({
    staticDir: path.resolve(process.cwd(), 'tests/.no-static'),
    ...options.config,
  }) as ResolvedConfig;
  if (options.seed) await database.db.transaction((tx) => seed(tx, clock.now(), config));
  const start = () =>
    buildApp({
      database,
      config,
      clock,
      logger: options.logger ?? false,
      ...(options.bot ? { bot: options.bot } : {}),
      ...(options.providerStore ? { providerStore: options.providerStore } : {}),
    });
  let app = await start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  async function request<T>(
    method: string,
    urlPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${baseUrl}${urlPath}`, init);
    const text = await response.text();
    // Every /api/v2 answer is checked against the served API document after the test file (contractCheck.ts).
    await recordAnswer(baseUrl, method, urlPath, response, text);
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON (HTML pages)
    }
    return { status: response.status, body: parsed as T & ErrorFields, headers: response.headers };
  }

  const initData = (user: TestUser, authDateMs?: number) =>
    signInitData(user, config.botToken, authDateMs ?? clock.now());

  return {
    get app() {
      return app;
    },
    baseUrl,
    clock,
    database,
    config,
    initData,
    request,
    api(user, method, apiPath, body, headers = {}) {
      const auth: Record<string, string> = user === null ? {} : { authorization: `TgAuth ${initData(user)}` };
      return request(method, `/api/v2${apiPath}`, body, { ...auth, ...headers });
    },
    async restart() {
      await app.close();
      app = await start();
      await app.listen({ port, host: '127.0.0.1' });
      // fetch's connection pool may still hold keep-alive sockets the old server closed: use them up here, where a
      // failure means nothing, so no test request lands on one.
      for (let attempt = 0, ok = 0; attempt < 10 && ok < 3; attempt += 1) {
        ok = await request('GET', '/sandbox/clock').then(
          () => ok + 1,
          () => 0,
        );
      }
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

// ---- users

export const ALICE: TestUser = { telegramId: 1001, firstName: 'Alice', lastName: 'Creator', username: 'alice_creator' };
export const BOB: TestUser = { telegramId: 2001, firstName: 'Bob', lastName: 'Follower', username: 'bob_follower' };
export const CAROL: TestUser = {
  telegramId: 3001,
  firstName: 'Carol',
  lastName: 'Migrating',
  username: 'carol_migrating',
};

let userCounter = 0;
/** A user nobody has seen yet. */
export function newUser(firstName = 'Tester'): TestUser {
  userCounter += 1;
  return { telegramId: 900_000 + userCounter * 13 + (process.pid % 13), firstName };
}

/**
 * A verified creator with one approved, connected channel (public with a handle unless `private`), made through the
 * sandbox control API as the bot's my_chat_member update would.
 */
export async function creatorWithChannel(
  server: TestServer,
  options: { private?: boolean; user?: TestUser; chatId?: number } = {},
) {
  const user = options.user ?? newUser('Creator');
  await server.api(user, 'GET', '/verification/status');
  await server.request('POST', '/sandbox/kyc', { telegramId: user.telegramId, status: 'approved' });
  const chatId = options.chatId ?? -(1_000_000_000_000 + user.telegramId);
  const added = await server.request<{ channel: { id: number } }>('POST', '/sandbox/bot/channel-added', {
    ownerTelegramId: user.telegramId,
    chatId,
    title: `Channel of ${user.firstName}`,
    ...(options.private ? {} : { username: `chan_${user.telegramId}` }),
  });
  if (added.status !== 200) throw new Error(`channel-added answered ${added.status}: ${JSON.stringify(added.body)}`);
  return { user, chatId, channelId: added.body.channel.id };
}

/** A call the sandbox's Bot API double received (GET /sandbox/bot-api/calls). */
export interface BotApiCall<Params = Record<string, unknown>> {
  readonly method: string;
  readonly params: Params;
}

/** What the sandbox's Bot API double was asked to do, one method's calls in order. */
export async function botApiCalls<Params = Record<string, unknown>>(
  server: TestServer,
  method: string,
): Promise<BotApiCall<Params>[]> {
  return (await server.request<{ calls: BotApiCall<Params>[] }>('GET', `/sandbox/bot-api/calls?method=${method}`)).body
    .calls;
}
