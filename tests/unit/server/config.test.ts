/** Server configuration from the environment. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, ensureBotToken, isLoopbackHost, loadConfig } from '../../../server/platform/config';

describe('loadConfig', () => {
  test('defaults: 127.0.0.1:8080, embedded database in ./.data, sandbox on, 10% service fee', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      sandbox: true,
      sandboxPublic: false,
      serviceFeeBps: 1000,
      smartGlocal: undefined,
      smartGlocalFeeBps: 300,
      botUsername: 'BackersSandboxBot',
      appName: 'app',
      botToken: undefined,
      publicUrl: 'http://127.0.0.1:8080',
      dataDir: path.resolve('/srv/app/.data'),
      database: { kind: 'embedded', dataDir: path.resolve('/srv/app/.data') },
      staticDir: path.resolve('/srv/app/dist'),
    });
  });

  test('outside pages: SUPPORT_URL, NEWS_URL, FAQ_URL, HELP_URL, TERMS_URL with documented defaults; malformed ones refused', () => {
    expect(loadConfig({}).links).toEqual({
      support: 'https://t.me/BackersSupport',
      news: 'https://t.me/BackersNews',
      faq: 'https://backers.app/faq',
      help: 'https://backers.app/help',
      terms: 'https://backers.app/terms',
    });
    expect(
      loadConfig({
        SUPPORT_URL: 'https://t.me/AcmeHelp',
        HELP_URL: 'https://acme.example/help/',
        TERMS_URL: ' http://acme.example/terms ',
      }).links,
    ).toMatchObject({
      support: 'https://t.me/AcmeHelp',
      help: 'https://acme.example/help',
      terms: 'http://acme.example/terms',
      news: 'https://t.me/BackersNews',
    });
    for (const bad of ['t.me/x', 'javascript:alert(1)', 'ftp://x.example', 'https://', 'https://x.example/a b']) {
      expect(() => loadConfig({ FAQ_URL: bad })).toThrow(ConfigError);
    }
  });

  test('operations: PROVIDER_TIMEOUT_MS (10 s by default), SHUTDOWN_TIMEOUT_MS (20 s), METRICS_TOKEN (16+ characters), CRASH_AT (known points, never in production)', () => {
    expect(loadConfig({})).toMatchObject({ providerTimeoutMs: 10_000, metricsToken: undefined, crashAt: undefined });
    expect(loadConfig({ PROVIDER_TIMEOUT_MS: '2500' }).providerTimeoutMs).toBe(2500);
    expect(() => loadConfig({ PROVIDER_TIMEOUT_MS: '10' })).toThrow(ConfigError);
    expect(loadConfig({}).shutdownTimeoutMs).toBe(20_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs).toBe(5000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-metrics-token' }).metricsToken).toBe(
      'a-long-enough-metrics-token',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/at least 16/);
    expect(loadConfig({ CRASH_AT: 'after_commit' }).crashAt).toBe('after_commit');
    expect(() => loadConfig({ CRASH_AT: 'somewhere' })).toThrow(/CRASH_AT must be one of/);
    expect(() => loadConfig({ CRASH_AT: 'after_commit', NODE_ENV: 'production' })).toThrow(
      /refused with NODE_ENV=production/,
    );
  });

  test('DATABASE_URL: memory:// and postgres:// select the driver; anything else is refused', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({ kind: 'memory' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).database.kind).toBe('postgres');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
  });

  test('the sandbox refuses a public HOST unless SANDBOX_PUBLIC=1; SANDBOX=0 needs a BOT_TOKEN', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/not a loopback address/);
    expect(loadConfig({ HOST: '0.0.0.0', SANDBOX_PUBLIC: '1' }).host).toBe('0.0.0.0');
    expect(() => loadConfig({ SANDBOX: '0' })).toThrow(/BOT_TOKEN is required/);
    expect(
      loadConfig({ SANDBOX: '0', PUBLIC_URL: 'https://app.example', HOST: '0.0.0.0', BOT_TOKEN: '1:x' }),
    ).toMatchObject({
      sandbox: false,
      botToken: '1:x',
    });
    expect(() => loadConfig({ SANDBOX: 'maybe' })).toThrow(ConfigError);
  });

  test('BOT_TOKEN without SANDBOX refuses to start, naming both choices; SANDBOX=1 signs with it, SANDBOX=0 is production', () => {
    expect(() => loadConfig({ BOT_TOKEN: '1:x' })).toThrow(
      /SANDBOX=0 for production.*SANDBOX=1 to run the sandbox with this token/,
    );
    expect(() => loadConfig({ BOT_TOKEN: '1:x', SANDBOX: ' ' })).toThrow(ConfigError);
    expect(loadConfig({ BOT_TOKEN: '1:x', SANDBOX: '1' })).toMatchObject({
      sandbox: true,
      sandboxExplicit: true,
      botToken: '1:x',
      botTokenGenerated: false,
    });
    expect(loadConfig({ BOT_TOKEN: '1:x', SANDBOX: '0', PUBLIC_URL: 'https://app.example' })).toMatchObject({
      sandbox: false,
      sandboxExplicit: false,
    });
    // No token: the sandbox by default, with a token of its own (ensureBotToken).
    expect(loadConfig({})).toMatchObject({ sandbox: true, sandboxExplicit: false, botTokenGenerated: false });
  });

  test('ensureBotToken generates the sandbox token once and marks it as its own', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'backers-config-'));
    try {
      const first = await ensureBotToken(loadConfig({ DATA_DIR: dataDir }));
      expect(first).toMatchObject({ botTokenGenerated: true, botToken: expect.stringMatching(/^\d{10}:/) });
      expect(await ensureBotToken(loadConfig({ DATA_DIR: dataDir }))).toMatchObject({
        botTokenGenerated: true,
        botToken: first.botToken,
      });
      expect(await ensureBotToken(loadConfig({ DATA_DIR: dataDir, BOT_TOKEN: '1:x', SANDBOX: '1' }))).toMatchObject({
        botTokenGenerated: false,
        botToken: '1:x',
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('production needs an https:// PUBLIC_URL, the one address Telegram opens Mini Apps and sends webhooks at', () => {
    const production = { SANDBOX: '0', BOT_TOKEN: '1:x' };
    expect(() => loadConfig(production)).toThrow(/^PUBLIC_URL is required when SANDBOX=0/);
    for (const url of ['http://app.example', 'http://10.0.0.5:8080', 'ftp://app.example', 'app.example'])
      expect(() => loadConfig({ ...production, PUBLIC_URL: url })).toThrow(/^PUBLIC_URL must be (an )?https:\/\//);
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://app.example', BOT_WEBHOOK_SECRET: 's' })).toThrow(
      /PUBLIC_URL must be https/,
    );
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://app.example/' }).publicUrl).toBe('https://app.example');
    // One machine, doubles in place of Telegram: a loopback http address is allowed.
    expect(loadConfig({ ...production, PUBLIC_URL: 'http://127.0.0.1:8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    // The sandbox keeps its http default.
    expect(loadConfig({}).publicUrl).toMatch(/^http:\/\//);
  });

  test('the bot: BOT_API_URL unset means the sandbox double or Telegram; a webhook secret needs PUBLIC_URL', () => {
    expect(loadConfig({}).botApiUrl).toBeUndefined();
    expect(loadConfig({ BOT_API_URL: 'http://127.0.0.1:9000/' }).botApiUrl).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ SANDBOX: '0', BOT_TOKEN: '1:x', BOT_WEBHOOK_SECRET: 's' })).toThrow(/PUBLIC_URL/);
    expect(
      loadConfig({ SANDBOX: '0', BOT_TOKEN: '1:x', BOT_WEBHOOK_SECRET: 's', PUBLIC_URL: 'https://app.example/' }),
    ).toMatchObject({
      botWebhookSecret: 's',
      publicUrl: 'https://app.example',
    });
    expect(loadConfig({}).botInviteLinks).toBe('one_person');
    expect(loadConfig({ BOT_INVITE_LINKS: 'join_request' }).botInviteLinks).toBe('join_request');
    expect(() => loadConfig({ BOT_INVITE_LINKS: 'both' })).toThrow(/BOT_INVITE_LINKS/);
  });

  test('Smart Glocal: all four SMART_GLOCAL_* or none; demo and live get their tokenisation and payment page hosts', () => {
    const keys = {
      SMART_GLOCAL_PROJECT: 'p1',
      SMART_GLOCAL_PRIVATE_KEY: '/etc/backers/ours.pem',
      SMART_GLOCAL_PUBLIC_KEY: '/etc/backers/theirs.pem',
    };
    expect(
      loadConfig({
        SANDBOX: '0',
        PUBLIC_URL: 'https://app.example',
        BOT_TOKEN: '1:x',
        SMART_GLOCAL_URL: 'https://demo.smart-glocal.com/',
        ...keys,
      }).smartGlocal,
    ).toEqual({
      url: 'https://demo.smart-glocal.com',
      project: 'p1',
      privateKey: '/etc/backers/ours.pem',
      publicKey: '/etc/backers/theirs.pem',
      tokenizeUrl: 'https://tgb-playground.smart-glocal.com/cds/v1/tokenize/card',
      paymentPageUrl: 'https://pay.smart-glocal.com/en/payment',
    });
    expect(loadConfig({ SMART_GLOCAL_URL: 'https://proxy.smart-glocal.com', ...keys }).smartGlocal?.tokenizeUrl).toBe(
      'https://tgb.smart-glocal.com/cds/v1/tokenize/card',
    );
    expect(
      loadConfig({ SANDBOX: '0', PUBLIC_URL: 'https://app.example', BOT_TOKEN: '1:x' }).smartGlocal,
    ).toBeUndefined();
    // Payments configured but no key to verify webhooks with: refuse to start, naming what is missing.
    expect(() =>
      loadConfig({
        SANDBOX: '0',
        PUBLIC_URL: 'https://app.example',
        BOT_TOKEN: '1:x',
        SMART_GLOCAL_URL: 'https://demo.smart-glocal.com',
        SMART_GLOCAL_PROJECT: 'p1',
        SMART_GLOCAL_PRIVATE_KEY: 'k',
      }),
    ).toThrow(/SMART_GLOCAL_PUBLIC_KEY is missing/);
    expect(() => loadConfig({ SMART_GLOCAL_URL: 'ftp://x', ...keys })).toThrow(/http\(s\) URL/);
  });

  test('hardening knobs: init data age, rate limits (0 = off), the proxy to trust', () => {
    expect(loadConfig({})).toMatchObject({
      initDataMaxAgeSeconds: 86_400,
      trustProxy: false,
      rateLimits: { paymentsPerMinute: 20, failedSignInsPerMinute: 30, webhooksPerMinute: 3000 },
    });
    expect(
      loadConfig({
        INIT_DATA_MAX_AGE_S: '3600',
        RATE_LIMIT_PAYMENTS_PER_MINUTE: '0',
        RATE_LIMIT_FAILED_SIGNINS_PER_MINUTE: '5',
        RATE_LIMIT_WEBHOOKS_PER_MINUTE: '100',
      }),
    ).toMatchObject({
      initDataMaxAgeSeconds: 3600,
      rateLimits: { paymentsPerMinute: 0, failedSignInsPerMinute: 5, webhooksPerMinute: 100 },
    });
    expect(() => loadConfig({ INIT_DATA_MAX_AGE_S: '10' })).toThrow(/INIT_DATA_MAX_AGE_S/);
    expect(() => loadConfig({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '-1' })).toThrow(ConfigError);
    // Fastify 5 ignores a numeric trustProxy, so a hop count would silently trust nothing: refused.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/not a hop count/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  test('numbers are checked', () => {
    expect(loadConfig({ PORT: '0', SERVICE_FEE_BPS: '250' })).toMatchObject({ port: 0, serviceFeeBps: 250 });
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ SERVICE_FEE_BPS: '10.5' })).toThrow(ConfigError);
  });

  test.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['192.168.1.5', false],
    ['::', false],
  ])('isLoopbackHost(%s) = %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
