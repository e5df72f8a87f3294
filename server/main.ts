/**
 * `npm start` (after `vite build`): migrate, seed an empty sandbox database, listen, print the addresses, run the
 * background jobs every minute, and shut down cleanly on SIGINT/SIGTERM (stop accepting connections, answer what is in
 * flight with `Connection: close` within SHUTDOWN_TIMEOUT_MS, let the running jobs finish, close the database and
 * release the data dir lock: server/platform/http/drain.ts).
 */
import { buildApp } from './app';
import { type BotConnection, connectBot } from './modules/bot/startup';
import { AdjustableClock } from './platform/clock';
import { ConfigError, type ServerConfig, ensureBotToken, loadConfig } from './platform/config';
import { seedIfEmpty } from './modules/sandbox/seed';
import type { Database } from './platform/db/db';
import { openDatabase } from './platform/db/openDatabase';
import { DataDirLockedError } from './platform/db/lock';
import { migrate } from './platform/db/migrate';
import { loggerOptions } from './platform/logging';
import { describeStartupFailure } from './platform/startupErrors';
import { GOAL_POSTS_TICK_MS } from './modules/donations/goalPosts';

/** The configuration, once read: start-up failures name its variables and paths. */
let loaded: ServerConfig | null = null;

async function main(): Promise<void> {
  loaded = loadConfig();
  const config = await ensureBotToken(loaded);
  const database: Database = await openDatabase(config.database);
  const clock = new AdjustableClock();
  const applied = await migrate(database);
  if (applied.length > 0) console.info(`database: applied ${applied.join(', ')}`);
  if (config.sandbox && (await seedIfEmpty(database.db, clock, config)))
    console.info('database: seeded the demo accounts (README "Demo accounts")');

  // Readable lines at a terminal, JSON lines otherwise (platform/logging.ts).
  const logger = config.logLevel === 'silent' ? false : await loggerOptions(config.logLevel);
  const app = await buildApp({ database, config, clock, logger });
  // One process owns an embedded database: a request left running in it died with the previous process.
  if (database.kind !== 'postgres') await app.deps.money.idempotency.releaseOrphans();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const origin = config.publicUrl.replace(/:\d+$/, `:${port}`);
  console.info(`Backers is running at ${origin}/`);
  console.info(`API: ${origin}/api/v2 (OpenAPI: ${origin}/api/v2/openapi.json)`);
  if (config.sandbox) console.info(`Messenger host emulator: ${origin}/sandbox/`);
  // Signals are handled from here on, also while the bot still connects.
  let bot: BotConnection | null = null;
  let timer: NodeJS.Timeout | undefined = undefined;
  let jobsRun: Promise<unknown> | null = null;
  let goalTimer: NodeJS.Timeout | undefined = undefined;
  let goalPostsRun: Promise<unknown> | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.info(`${signal}: shutting down`);
    clearInterval(timer);
    clearInterval(goalTimer);
    const timeoutMs = config.shutdownTimeoutMs;
    // Never hang on the way out: whatever is still open after the drain and 10 s more is cut.
    setTimeout(() => {
      console.error('shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs + 10_000).unref();
    // First of all: readiness turns 503 and the listener closes (server/platform/http/drain.ts).
    const drained = app.drain.shutdown({ timeoutMs });
    let code = 0;
    try {
      await bot?.stop();
      if (!(await drained)) console.error(`requests still running after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS) are cut`);
      await app.close();
      await jobsRun;
      await goalPostsRun;
    } catch (error) {
      console.error('closing the HTTP server failed:', error);
      code = 1;
    }
    try {
      await database.close();
    } catch (error) {
      console.error('closing the database failed:', error);
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    bot = await connectBot(app);
  } catch (error) {
    if (closing) return;
    // Without the Bot API the product cannot grant or end access: refuse to run half-started.
    console.error(
      `The bot could not start (${error instanceof Error ? error.message : String(error)}); check BOT_TOKEN and BOT_API_URL.`,
    );
    await app.close();
    await database.close();
    process.exit(1);
  }
  if (closing) {
    await bot.stop();
    return;
  }
  console.info(`Bot: @${bot.username}, updates by ${bot.updates}`);
  console.info(
    `Database: ${database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : database.kind}`,
  );

  timer = setInterval(() => {
    if (jobsRun !== null) return;
    jobsRun = app.deps.jobs
      .run({ db: database.db, clock, config, log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) } })
      .finally(() => {
        jobsRun = null;
      });
  }, config.jobIntervalMs);
  timer.unref();
  // Donation posts between the jobs' rounds, so a post shows a donation within seconds (one edit per post per
  // interval still: modules/donations/goalPosts.ts).
  goalTimer = setInterval(() => {
    if (goalPostsRun !== null) return;
    goalPostsRun = app.deps.goalPostJobs
      .run({ db: database.db, clock, config, log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) } })
      .finally(() => {
        goalPostsRun = null;
      });
  }, GOAL_POSTS_TICK_MS);
  goalTimer.unref();
}

main().catch((error: unknown) => {
  // One line the operator can act on (a full disk, a read-only DATA_DIR, a port in use, DATABASE_URL unreachable).
  const known = describeStartupFailure(error, loaded);
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if (known !== null) {
    console.error(known);
  } else {
    console.error(error);
  }
  process.exit(1);
});
