/**
 * buildApp: the whole server as a Fastify instance, not listening yet (tests call `app.listen({ port: 0 })`).
 *
 * Layout:
 * - /api/v2/*            the API (auth hook in this scope; route modules from server/routes.ts)
 * - /api/v2/openapi.json the OpenAPI document generated from the route schemas (public)
 * - /health/live, /health/ready  probes (public); /metrics  Prometheus, only with METRICS_TOKEN (Bearer)
 * - /provider/*          the sandbox card provider (money engine), sandbox only
 * - /sandbox/*           control API and the messenger host emulator, sandbox only (404 otherwise)
 * - /resources/*, /websdk/* the sandbox's Sumsub double (its API and WebSDK frame), sandbox only
 * - /telegram/webhook    Bot API updates, when BOT_WEBHOOK_SECRET is set
 * - /admin/signin, /admin/api/*  the operator console's sign-in and API (operator session cookie); /admin/* else is its page
 * - everything else      the built mini-app from dist/ with an SPA fallback
 *
 * The database must be migrated before (server/main.ts and the test harness do it).
 */
import { named } from './platform/http/named';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { SANDBOX_BOT_API_PREFIX, SandboxTelegram, botApiDoublePlugin } from './modules/bot/sandbox/BotApiDouble';
import { type LoggerOptions, pinoOptions } from './platform/logging';
import { snippetRoutes } from './modules/snippet/routes';
import { NOT_LISTENING_ORIGIN, listeningOrigin, selfFetch } from './platform/http/selfFetch';
import { SandboxService } from './modules/sandbox/service';
import type { BotGateway } from './modules/bot/BotGateway';
import { TelegramBotGateway, botClientOptions } from './modules/bot/TelegramBotGateway';
import { ALLOWED_UPDATES, BotUpdateHandler } from './modules/bot/updateHandler';
import { botWebhookRoutes } from './modules/bot/webhook';
import { AdjustableClock, type MovableClock } from './platform/clock';
import type { AppDeps, ResolvedConfig } from './context';
import type { BotProfile } from './platform/serviceDeps';
import { installAuth } from './modules/users/auth';
import { installErrorHandler } from './platform/http/errorHandler';
import { installDrain } from './platform/http/drain';
import { installHealth } from './platform/http/health';
import { installProxyNotice } from './platform/http/proxy';
import { createMetrics, installMetrics } from './platform/http/metrics';
import { readMigrations } from './platform/db/migrate';
import { ROUTES } from './routes';
import { createJobs, donationPostsJob } from './jobs';
import { JobRegistry } from './platform/jobs';
import { DatabaseJobLeases } from './platform/jobLeases';
import { ChannelAccessService } from './modules/access/service';
import { GiftService } from './modules/gifts/service';
import { payoutFailureNotifier } from './modules/payouts/notifications';
import { SANDBOX_RATES_PREFIX, createMoneyEngine } from './modules/payments/engine';
import type { MoneyDb } from './platform/db/moneyDb';
import { addSharedSchemas } from './platform/http/schemas';
import { documentedSchema } from './platform/http/openapiDocs';
import { installStatic } from './platform/http/static';
import { strictValidatorFactory } from './platform/http/validation';
import { lazySerializerFactory, lazyValidatorFactory } from './platform/http/lazySchemas';
import { installSecurityHeaders, noStoreForPrivateAnswers } from './platform/http/securityHeaders';
import { installCompression } from './platform/http/compression';
import { installRateLimits } from './platform/http/rateLimits';
import type { KycProvider } from './modules/verification/kyc/KycProvider';
import { composeKyc } from './modules/verification/kyc/compose';
import { sumsubDoublePlugin } from './modules/verification/sandbox/plugin';
import { providerPlugin } from './modules/payments/sandbox/plugin';
import type { SandboxProviderStore } from './modules/payments/sandbox/store';
import { sandboxControlRoutes } from './modules/sandbox/controlRoutes';
import { ratesDoubleRoutes } from './modules/payments/sandbox/ratesDouble';
import { sandboxScope } from './modules/sandbox/guard';
import { emulatorPlugin } from './modules/sandbox/emulator/plugin';
import { createServices } from './services';
import { AdminService } from './modules/admin/service';
import { adminRoutes } from './modules/admin/routes';
import type { Database } from './platform/db/db';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app was built from (tests reach the clock and database through it). */
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  readonly database: Database;
  readonly config: ResolvedConfig;
  readonly clock?: MovableClock;
  readonly bot?: BotGateway;
  /** Replaces the identity-check provider (null: manual review). */
  readonly kyc?: KycProvider | null;
  /** Replaces the sandbox's Smart Glocal double's storage (default: its provider_* tables). */
  readonly providerStore?: SandboxProviderStore;
  /** Pino logger options or false; defaults to the config's LOG_LEVEL (main.ts adds a readable stream at a terminal). */
  readonly logger?: boolean | LoggerOptions;
}

const loggerFor = (logger: boolean | LoggerOptions): boolean | Record<string, unknown> =>
  logger === false ? false : pinoOptions(logger === true ? { level: 'info' } : logger);

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { database, config } = options;
  const clock = options.clock ?? new AdjustableClock();
  const db = database.db;
  // The sandbox's Telegram (a Bot API double) answers at this server's /sandbox/bot-api unless BOT_API_URL says otherwise.
  const telegram = config.sandbox ? new SandboxTelegram(config.botToken, config.botUsername, () => clock.now()) : null;
  const self: { app?: FastifyInstance } = {};
  const bot =
    options.bot ??
    new TelegramBotGateway({
      token: config.botToken,
      ...(config.botApiUrl !== undefined
        ? { apiRoot: config.botApiUrl }
        : telegram !== null
          ? {
              apiRoot: () =>
                `${(self.app && listeningOrigin(self.app)) ?? NOT_LISTENING_ORIGIN}${SANDBOX_BOT_API_PREFIX}`,
              fetch: (url, init) => selfFetch(self.app!)(url, init),
            }
          : {}),
    });
  // Sumsub (SUMSUB_*), the sandbox's Sumsub double at this server's own origin over HTTP, or none (manual review).
  const kycComposition = composeKyc(config, clock, {
    origin: () => (self.app && listeningOrigin(self.app)) ?? NOT_LISTENING_ORIGIN,
    fetch: (url, init) => selfFetch(self.app!)(url, init),
  });
  const kyc = options.kyc === undefined ? kycComposition.provider : options.kyc;
  const kycDouble = options.kyc === undefined ? kycComposition.double : null;
  const botProfile: BotProfile = { username: config.botUsername };
  // The composition, in one place: channel access, the money engine, the services, the bot's updates, the jobs.
  const access = new ChannelAccessService(db, bot, clock, config.botInviteLinks);
  const money = createMoneyEngine({
    db: db as MoneyDb,
    clock,
    config,
    access,
    starsGateway: bot,
    ...(options.providerStore !== undefined ? { providerStore: options.providerStore } : {}),
    payoutFailed: payoutFailureNotifier(db as MoneyDb, bot, (error) =>
      self.app?.log.warn({ err: error }, 'could not tell a creator about a failed payout'),
    ),
    // The sandbox's Smart Glocal double answers at this server's /provider, reached over HTTP like the real one.
    self: {
      origin: () => (self.app && listeningOrigin(self.app)) ?? NOT_LISTENING_ORIGIN,
      post: (url, init) => selfFetch(self.app!)(url, init),
      get: (url, init) => selfFetch(self.app!)(url, init),
    },
  });
  const services = createServices(
    { db, clock, config, bot, kyc, botProfile },
    {
      paymentProvider: () => money.provider,
      rates: money.rates,
      log: (error, what) => self.app?.log.warn({ err: error }, what),
    },
  );
  const admin = new AdminService({
    db,
    clock,
    config,
    bot,
    money,
    verification: services.verification,
    log: (error) => self.app?.log.warn({ err: error }, 'could not tell a channel owner about moderation'),
  });
  const botUpdates = new BotUpdateHandler({
    db,
    token: config.botToken,
    username: config.botUsername,
    appName: config.appName,
    gateway: bot,
    events: services.botEvents,
    access,
    now: () => clock.now(),
    ...(bot instanceof TelegramBotGateway ? { client: botClientOptions(bot.options) } : {}),
    adminSignIn: (telegramId) => admin.issueSignInLink(telegramId),
    stars: money.stars,
  });
  telegram?.connect((update) => botUpdates.handle(update), ALLOWED_UPDATES);
  const metrics = createMetrics({ paymentsByStatus: () => money.payments.countByStatus() });
  const gifts = new GiftService({
    db: db as MoneyDb,
    clock,
    payments: money.payments,
    access,
    bot,
    botProfile,
    appName: config.appName,
    log: (error, what) => self.app?.log.warn({ err: error }, what),
  });
  const renewalNotices = { db, bot, botUsername: () => botProfile.username, appName: config.appName };
  const jobs = createJobs(money, {
    access,
    botUpdates,
    db,
    renewalNotices,
    trials: renewalNotices,
    sandboxTelegram: telegram,
    goalPosts: { db, bot },
    gifts,
  }).observe((result) => metrics.jobRan(result));
  const goalPostJobs = new JobRegistry(new DatabaseJobLeases(), 'donation-posts').register(
    'donation-posts',
    (context) => donationPostsJob({ db, bot }, context),
  );
  const deps: AppDeps = {
    database,
    db,
    config,
    clock,
    bot,
    kyc,
    kycDouble,
    botProfile,
    services,
    money,
    jobs,
    goalPostJobs,
    botUpdates,
    sandboxTelegram: telegram,
    admin,
    metrics,
    gifts,
  };

  const app = Fastify({
    // Secrets never reach the log: URLs and credentials' headers are redacted at the logger (platform/logging.ts).
    logger: loggerFor(options.logger ?? (config.logLevel === 'silent' ? false : { level: config.logLevel })),
    bodyLimit: 256 * 1024,
    forceCloseConnections: true,
    return503OnClosing: true,
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    // Every body field only in its own type; params, query strings and headers read from canonical text (validation.ts).
    // Compiled on first use outside production (lazySchemas.ts): a server starts in a fraction of the time.
    schemaController: {
      compilersFactory: {
        buildValidator: lazyValidatorFactory(strictValidatorFactory(), config.production),
        buildSerializer: lazySerializerFactory(config.production),
      },
    },
  });
  self.app = app;
  app.decorate('deps', deps);
  installErrorHandler(app);
  installSecurityHeaders(app, config);
  await installCompression(app);
  const limits = await installRateLimits(app, config.rateLimits);
  installDrain(app);
  installMetrics(app, metrics, config.metricsToken);
  const proxy = installProxyNotice(app, config);
  installHealth(app, {
    db,
    migrations: (await readMigrations()).map((migration) => migration.version),
    // Only when there is something to fix: proxy headers without TRUST_PROXY.
    notes: () => (proxy().warning === undefined ? {} : { proxy: proxy() }),
  });
  addSharedSchemas(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Backers API',
        version: '2.0.0',
        description:
          'The reference server of the Backers mini-app. Amounts are major units (number or numeric string); ' +
          'times are epoch seconds; lists are paged by opaque cursors (startFrom / nextFrom, 20 per page). ' +
          'Errors answer { code, message } with the codes of src/domain/errors.ts.',
      },
      servers: [{ url: '/api/v2' }],
      components: {
        securitySchemes: {
          TgAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'TgAuth <raw Telegram init data>',
          },
        },
      },
      security: [{ TgAuth: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transform: ({ schema, url, route }) => {
      const documented = url.startsWith('/api/v2/') && url !== '/api/v2/openapi.json';
      const relative = documented ? url.slice('/api/v2'.length) : url;
      return {
        schema: documented ? documentedSchema(schema, route) : { ...(schema ?? {}), hide: true },
        url: relative,
      };
    },
  });

  await app.register(
    named(async (api) => {
      // The client sends `Content-Type: application/json` on every call (spec section 7), also on POSTs without a body
      // (skip, delete, confirm...): an empty JSON body means no body, not a 400.
      const parseJson = api.getDefaultJsonParser('error', 'error');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text === '') done(null, undefined);
        else parseJson(request, text, done);
      });
      noStoreForPrivateAnswers(api);
      installAuth(api, {
        db,
        clock,
        botToken: config.botToken,
        initDataMaxAgeSeconds: config.initDataMaxAgeSeconds,
        onFailedSignIn: limits.failedSignIns,
      });
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
      for (const module of ROUTES) await api.register(named(module.plugin), { deps });
    }, 'api v2'),
    { prefix: '/api/v2' },
  );

  if (telegram !== null)
    telegram.restore(await new SandboxService(db, clock).telegramWorld(), await botUpdates.lastAppliedId());
  if (config.sandbox) {
    // Everything under /sandbox in one scope whose guard sees the route the router matched (guard.ts).
    await app.register(
      sandboxScope(config, async (scope) => {
        if (telegram !== null)
          await scope.register(named(botApiDoublePlugin), { prefix: SANDBOX_BOT_API_PREFIX, telegram });
        await scope.register(named(sandboxControlRoutes), { prefix: '/sandbox', deps });
        await scope.register(named(emulatorPlugin), { production: config.production });
        await scope.register(named(ratesDoubleRoutes), {
          prefix: SANDBOX_RATES_PREFIX,
          today: () => new Date(clock.now()).toISOString().slice(0, 10),
        });
      }),
    );
    await app.register(named(providerPlugin), { deps });
    await app.register(named(sumsubDoublePlugin), { deps });
  }
  if (config.botWebhookSecret) await app.register(named(botWebhookRoutes), { deps, secret: config.botWebhookSecret });
  await app.register(named(adminRoutes), { prefix: '/admin', deps });
  await app.register(named(snippetRoutes), { deps });

  await installStatic(app, config.staticDir);
  return app;
}
