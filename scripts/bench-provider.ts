/**
 * "Smart Glocal" for scripts/bench-payments.ts: a sandbox server in a process of its own whose double (/provider) the
 * benchmarked server reaches only through its SMART_GLOCAL_* settings, as it reaches Smart Glocal's servers in
 * production (tests/integration/support/smartGlocalDouble.ts does the same for the tests). In the benchmarked
 * server's process the double's work (its HTTP, its statements, its signatures) would run on the server's event loop
 * and be counted as the server's; Smart Glocal's work runs on Smart Glocal's machines.
 *
 * The double keeps its sessions, tokens and webhooks in memory (MemorySandboxProviderStore). In its provider_*
 * tables on the benchmark's PostgreSQL they took ~0.5 ms of PostgreSQL's CPU per payment (17% of a core at 320
 * payments a second) from the two cores the server is measured on, for storage that is Smart Glocal's.
 * BENCH_DOUBLE_STORE=database keeps them in its tables, as the sandbox does. Its app still has a database of its own
 * (in-memory PGlite, or a fresh database on the same PostgreSQL server; bench-support benchDatabase), idle during the
 * run. Webhooks go to argv[2]. Prints one JSON line with the settings (URLs, project, keys as PEM) once it listens,
 * and stops on SIGTERM.
 */
import { buildApp } from '../server/app';
import { SANDBOX_PROJECT } from '../server/modules/payments/engine';
import { MemorySandboxProviderStore } from '../server/modules/payments/sandbox/MemorySandboxProviderStore';
import { sandboxKeyPairs } from '../server/modules/payments/smartglocal/keys';
import { testConfig, type SmartGlocalConfig } from '../server/platform/config';
import type { ResolvedConfig } from '../server/context';
import { migrate } from '../server/platform/db/migrate';
import { NO_RATE_LIMITS, benchDatabase } from './bench-support';

async function main(): Promise<void> {
  const webhookUrl = process.argv[2];
  if (webhookUrl === undefined) throw new Error('usage: bench-provider.ts <webhook URL>');
  const { database, cleanup } = await benchDatabase(Number(process.env.BENCH_PROVIDER_POOL ?? 10));
  await migrate(database);
  const config = testConfig({ providerWebhookUrl: webhookUrl, rateLimits: NO_RATE_LIMITS }) as ResolvedConfig;
  const inTables = process.env.BENCH_DOUBLE_STORE === 'database';
  const app = await buildApp({
    database,
    config,
    logger: false,
    ...(inTables ? {} : { providerStore: new MemorySandboxProviderStore() }),
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  // The key pairs the sandbox makes once per process: the double verifies the partner's and signs with its own.
  const keys = sandboxKeyPairs();
  const settings: SmartGlocalConfig = {
    url: `${origin}/provider`,
    tokenizeUrl: `${origin}/provider/cds/v1/tokenize/card`,
    paymentPageUrl: `${origin}/provider/pay/en/payment`,
    project: SANDBOX_PROJECT,
    privateKey: keys.partner.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: keys.provider.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
  process.stdout.write(`${JSON.stringify(settings)}\n`);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .then(cleanup)
      .finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
