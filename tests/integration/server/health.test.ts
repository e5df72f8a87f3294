/**
 * Probes and metrics over real HTTP: /health/live, /health/ready (database within a short timeout and
 * every migration applied, else 503), and /metrics in Prometheus format behind METRICS_TOKEN (404 without one).
 */
import { sql } from 'drizzle-orm';
import { eventually } from '../support/eventually';
import { type TestServer, newUser, startTestServer } from '../support/testServer';
import { type Shop, openShop, payWithNewCard } from '../money/support/money';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('health probes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('live answers 200 without auth', async () => {
    const live = await server.request('GET', '/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'live' });
  });

  it('ready answers 200 with the database reachable and every migration applied', async () => {
    const ready = await server.request('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'ok', migrations: 'applied' });
  });

  it('ready answers 503 within its timeout while the database does not answer, and 200 again after', async () => {
    // A transaction holding schema_migrations: the probe's query waits on it like on a database that went silent.
    let held!: () => void;
    const release = new Promise<void>((resolve) => (held = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = server.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table schema_migrations in access exclusive mode`);
      locked();
      await release;
    });
    await isLocked;
    const started = Date.now();
    const ready = await server.request('GET', '/health/ready');
    const took = Date.now() - started;
    held();
    await holder;
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: 'database_unavailable', database: 'unreachable' });
    expect(took).toBeLessThan(2_000);
    await eventually(async () => expect((await server.request('GET', '/health/ready')).status).toBe(200));
  });

  it('ready answers 503 not_ready while a migration of this build is not applied', async () => {
    const [last] = await server.database.withSession((session) =>
      session.query<{ version: string; name: string }>(
        'select version, name from schema_migrations order by version desc limit 1',
      ),
    );
    await server.database.withSession((session) =>
      session.query('delete from schema_migrations where version = $1', [last!.version]),
    );
    try {
      const ready = await server.request('GET', '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: 'not_ready', database: 'ok', migrations: 'pending' });
    } finally {
      await server.database.withSession((session) =>
        session.query('insert into schema_migrations (version, name) values ($1, $2)', [last!.version, last!.name]),
      );
    }
    expect((await server.request('GET', '/health/ready')).status).toBe(200);
  });

  it('/metrics is 404 without METRICS_TOKEN', async () => {
    expect((await server.request('GET', '/metrics')).status).toBe(404);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  let shop: Shop;
  beforeAll(async () => {
    server = await startTestServer({ config: { metricsToken: TOKEN } });
    shop = await openShop(server);
  });
  afterAll(async () => server.close());

  const scrape = async (): Promise<string> => {
    const answer = await server.request<string>('GET', '/metrics', undefined, { authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.body;
  };

  it('refuses a missing or wrong token with 401', async () => {
    expect((await server.request('GET', '/metrics')).status).toBe(401);
    expect(
      (await server.request('GET', '/metrics', undefined, { authorization: 'Bearer wrong-token-wrong-token' })).status,
    ).toBe(401);
    expect((await server.request('GET', '/metrics', undefined, { authorization: TOKEN })).status).toBe(401);
  });

  it('measures latency per route pattern, not per raw URL', async () => {
    const creator = newUser('Metrics');
    await server.api(creator, 'GET', '/channel/987654');
    await server.api(creator, 'GET', '/channel/languages');
    const text = await scrape();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v2\/channel\/:id",status_code="\d{3}"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v2\/channel\/languages",status_code="200"\}/,
    );
    expect(text).not.toContain('987654');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('counts payments by status and the lag of the provider webhooks', async () => {
    const paid = await payWithNewCard(server, newUser('Payer'), 'donation', shop.donationId, '4242424242424242', {
      amount: 5,
    });
    expect(paid.status).toBe('paid');
    await eventually(async () => {
      const text = await scrape();
      expect(text).toMatch(/backers_payments\{status="paid"\} [1-9]/);
      expect(text).toMatch(/backers_provider_webhook_lag_seconds_count [1-9]/);
    });
  });

  it('counts job runs and failures', async () => {
    server.app.deps.jobs.register('always-fails', async () => {
      throw new Error('this job fails on purpose');
    });
    try {
      expect((await server.request('POST', '/sandbox/clock', { advanceSeconds: 1 })).status).toBe(200);
    } finally {
      server.app.deps.jobs.unregister('always-fails');
    }
    const text = await scrape();
    expect(text).toMatch(/backers_job_runs_total\{job="payments-reconcile"\} [1-9]/);
    expect(text).toMatch(/backers_job_failures_total\{job="always-fails"\} 1/);
    expect(text).not.toMatch(/backers_job_failures_total\{job="payments-reconcile"\}/);
  });
});
