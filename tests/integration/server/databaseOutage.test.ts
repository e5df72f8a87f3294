/**
 * PostgreSQL unreachable: the server reaches a real PostgreSQL server (TEST_DATABASE_URL, from
 * scripts/with-postgres.sh) through a TCP proxy in this test; cutting the proxy (every connection reset, new ones
 * refused) makes the API answer 503 database_unavailable within 2 s and readiness 503; once the proxy is back the
 * server recovers by itself within 10 s; a payment in flight across the cut ends without a half-written payment or
 * ledger row. PostgreSQL only: skipped on the embedded database (it runs in the server's own process).
 */
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { type Database, fromPostgresUrl } from '../../../server/platform/db/db';
import { migrate } from '../../../server/platform/db/migrate';
import { payments } from '../../../server/platform/db/schema-money';
import { transactions } from '../../../server/platform/db/schema';
import { type TestServer, newUser, startTestServer } from '../support/testServer';
import { type Shop, expectBalancesMatchLedger, openShop, pay, payWithNewCard, newCard } from '../money/support/money';

const adminUrl = process.env.TEST_DATABASE_URL;
const describePostgres = adminUrl ? describe : describe.skip;

/**
 * A TCP proxy that can be cut and restored: every open socket is destroyed, and new connections are either reset
 * (`reset`: the host is down) or accepted and never answered (`silent`: packets dropped on the way).
 */
class CuttableProxy {
  private readonly sockets = new Set<net.Socket>();
  private cut: 'reset' | 'silent' | null = null;
  private readonly server: net.Server;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => {
      if (this.cut === 'reset') {
        client.destroy();
        return;
      }
      if (this.cut === 'silent') {
        this.sockets.add(client);
        client.on('error', () => undefined);
        return;
      }
      const upstream = net.connect(this.target.port, this.target.host);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.pipe(to);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
      }
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  cutNow(mode: 'reset' | 'silent' = 'reset'): void {
    this.cut = mode;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.cut = null;
    for (const socket of this.sockets) socket.destroy(); // the silent ones
  }

  async close(): Promise<void> {
    this.cutNow();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describePostgres('PostgreSQL unreachable', () => {
  const name = `backers_outage_${process.pid}_${Date.now().toString(36)}`;
  let proxy: CuttableProxy;
  let server: TestServer;
  let shop: Shop;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const direct = new URL(adminUrl!);
    direct.pathname = `/${name}`;
    const migrating = fromPostgresUrl(direct.toString(), 2);
    await migrate(migrating);
    await migrating.close();
    proxy = new CuttableProxy({ host: direct.hostname, port: Number(direct.port) });
    const viaProxy = new URL(direct.toString());
    viaProxy.port = String(await proxy.listen());
    const database: Database = fromPostgresUrl(viaProxy.toString(), 10);
    server = await startTestServer({ database });
    shop = await openShop(server);
  });
  afterAll(async () => {
    proxy.restore();
    await server?.close();
    await proxy?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('answers 503 database_unavailable within 2 s, turns unready, recovers within 10 s, writes nothing by half', async () => {
    expect(
      (
        await payWithNewCard(server, newUser('BeforeCut'), 'donation', shop.donationId, '4242424242424242', {
          amount: 3,
        })
      ).status,
    ).toBe('paid');
    const follower = newUser('DuringCut');
    await server.api(follower, 'GET', '/dashboard?mode=follower');

    // A payment in flight when the database goes: its provider call is slow, the cut comes while it waits.
    const inFlightPayer = newUser('InFlight');
    const inFlightBody = {
      paymentMethod: 'smart_glocal_form',
      ...(await newCard(server, inFlightPayer, '4242424242424242')),
      amount: 4,
    };
    await server.request('POST', '/sandbox/provider/faults', {
      delayMs: 800,
      methods: ['session/init/payment'],
      times: 1,
    });
    const inFlight = pay(server, inFlightPayer, 'donation', shop.donationId, inFlightBody, randomUUID());
    await new Promise((resolve) => setTimeout(resolve, 300));
    proxy.cutNow();

    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const started = Date.now();
      const result = await work();
      return [result, Date.now() - started];
    };
    const [read, readMs] = await timed(() => server.api(follower, 'GET', '/dashboard?mode=follower'));
    expect(read.status).toBe(503);
    expect(read.body.code).toBe('database_unavailable');
    expect(readMs).toBeLessThan(2_000);
    const [create, createMs] = await timed(() =>
      pay(
        server,
        follower,
        'donation',
        shop.donationId,
        { paymentMethod: 'smart_glocal_form', cardToken: 'tok_never_used', amount: 2 },
        randomUUID(),
      ),
    );
    expect(create.status).toBe(503);
    expect(create.body.code).toBe('database_unavailable');
    expect(createMs).toBeLessThan(2_000);
    const [ready, readyMs] = await timed(() => server.request('GET', '/health/ready'));
    expect(ready.status).toBe(503);
    expect(readyMs).toBeLessThan(2_000);
    const inFlightAnswer = await inFlight;
    expect([200, 503]).toContain(inFlightAnswer.status);

    proxy.restore();
    const back = Date.now();
    let recovered = false;
    while (Date.now() - back < 10_000 && !recovered) {
      const [probe, dashboard] = await Promise.all([
        server.request('GET', '/health/ready'),
        server.api(follower, 'GET', '/dashboard?mode=follower'),
      ]);
      recovered = probe.status === 200 && dashboard.status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(true);
    console.info(
      `database cut: read 503 in ${readMs} ms, create 503 in ${createMs} ms, ready 503 in ${readyMs} ms; recovered ${Date.now() - back} ms after the database came back`,
    );
    expect(
      (
        await payWithNewCard(server, newUser('AfterCut'), 'donation', shop.donationId, '4242424242424242', {
          amount: 5,
        })
      ).status,
    ).toBe('paid');

    // After the reconcile job every payment is terminal: paid with its ledger pair, or ended without a ledger row.
    const jobs = await server.request<{ jobs: { name: string; ok: boolean }[] }>('POST', '/sandbox/clock', {
      advanceSeconds: 121,
    });
    expect(jobs.body.jobs.filter((job) => !job.ok)).toEqual([]);
    const rows = await server.database.db.select().from(payments).where(eq(payments.channelId, shop.channelId));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      const ledger = await server.database.db.select().from(transactions).where(eq(transactions.paymentId, row.id));
      expect({ id: row.id, status: row.status, ledger: ledger.length }).toEqual({
        id: row.id,
        status: row.status,
        ledger: row.status === 'paid' ? 2 : 0,
      });
      expect(['paid', 'error']).toContain(row.status);
    }
    await expectBalancesMatchLedger(server, shop.creatorId);
  });

  it('a database that goes silent (connections never answered) also answers 503 within 2 s, and recovers', async () => {
    const follower = newUser('Silent');
    await server.api(follower, 'GET', '/dashboard?mode=follower');
    proxy.cutNow('silent');
    // Let the pool drop its reset connections, so the requests need new ones (which are never answered).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const [read, ready] = await Promise.all([
      server.api(follower, 'GET', '/dashboard?mode=follower'),
      server.request('GET', '/health/ready'),
    ]);
    const took = Date.now() - started;
    expect(read.status).toBe(503);
    expect(read.body.code).toBe('database_unavailable');
    expect(ready.status).toBe(503);
    expect(took).toBeLessThan(2_000);
    proxy.restore();
    const back = Date.now();
    let recovered = false;
    while (Date.now() - back < 10_000 && !recovered) {
      recovered = (await server.api(follower, 'GET', '/dashboard?mode=follower')).status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(true);
    console.info(`database silent: 503 in ${took} ms; recovered ${Date.now() - back} ms after it answered again`);
  });
});
