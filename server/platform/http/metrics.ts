/**
 * Prometheus metrics (prom-client) at GET /metrics, for the operator's scraper only:
 * - served only when METRICS_TOKEN is set, and only to `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise);
 *   without METRICS_TOKEN the path answers 404 like any unknown path;
 * - one registry per app (tests build many apps in one process), with the process's default metrics.
 *
 * | metric | type | labels |
 * |---|---|---|
 * | http_request_duration_seconds | histogram | method, route (the route pattern, `unmatched` for 404s), status_code |
 * | backers_payments | gauge, read from the database at scrape time | status |
 * | backers_job_runs_total, backers_job_failures_total | counter | job |
 * | backers_provider_webhook_lag_seconds | histogram | (none): from the provider's change to our applying it |
 * | process_*, nodejs_* | prom-client's default metrics | |
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobRunResult } from '../jobs';

export interface Metrics {
  readonly registry: Registry;
  /** One run of a background job. */
  jobRan(result: JobRunResult): void;
  /** A verified provider webhook applied `lagMs` after the change it reports. */
  webhookApplied(lagMs: number): void;
}

export interface MetricsSources {
  /** Payments per status, read when scraped. */
  readonly paymentsByStatus: () => Promise<Readonly<Record<string, number>>>;
}

interface Instruments extends Metrics {
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
}

/** The app's instruments (buildApp makes one and keeps it in AppDeps). */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'backers_payments',
    help: 'Payments by status (read from the database when scraped)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [status, count] of Object.entries(await sources.paymentsByStatus())) this.set({ status }, count);
    },
  });
  const jobRuns = new Counter({
    name: 'backers_job_runs_total',
    help: 'Background job runs',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'backers_job_failures_total',
    help: 'Background job runs that failed',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const webhookLag = new Histogram({
    name: 'backers_provider_webhook_lag_seconds',
    help: "Time from the provider's change to our applying its webhook",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const instruments: Instruments = {
    registry,
    httpDuration,
    jobRan(result) {
      jobRuns.inc({ job: result.name });
      if (!result.ok) jobFailures.inc({ job: result.name });
    },
    webhookApplied(lagMs) {
      webhookLag.observe(Math.max(0, lagMs) / 1000);
    },
  };
  return instruments;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Registers the latency hook and, with a token, GET /metrics. */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  const instruments = metrics as Instruments;
  app.addHook('onResponse', async (request, reply) => {
    instruments.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  if (token !== undefined) {
    collectDefaultMetrics({ register: instruments.registry });
    const expected = digest(`Bearer ${token}`);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = request.headers.authorization;
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ code: 'unauthorized', message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' });
      }
      return reply.type(instruments.registry.contentType).send(await instruments.registry.metrics());
    });
  } else {
    // Not the app's page (the SPA fallback would answer any unknown path with it): a plain 404, as documented.
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
      reply.code(404).send({ code: 'not_found', message: 'GET /metrics does not exist' }),
    );
  }
}
