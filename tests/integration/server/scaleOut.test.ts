/**
 * Scale out: two real server processes (server/main.ts, SANDBOX=0) on one PostgreSQL database behind a
 * round-robin HTTP proxy, as README "Running several instances" describes. Their outside systems are one sandbox
 * server in this test process, reached only through the production variables (SMART_GLOCAL_*, BOT_API_URL,
 * PAYOUT_RATES_URL): one Smart Glocal double and one Bot API double for both, as in production there is one Smart
 * Glocal and one Telegram. The sandbox server shares the database so its control API can set the scene.
 * Shown through the proxy: (a) a change written by one instance is read at once by the other (the creator dashboard's
 * in-memory cache stays coherent); (b) jobs due on both instances at once (a renewal, removing a member whose access
 * ended) happen once: one charge, one removal at the Bot API; (c) an Idempotency-Key holds across instances, in turn
 * and concurrently: one payment, one charge.
 * PostgreSQL only: the embedded database (PGlite) belongs to one process, which its data dir lock enforces.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { and, eq, inArray } from 'drizzle-orm';
import type { CreatePaymentResponse, DashboardResponse } from '../../../src/contract/api';
import { SANDBOX_PROJECT } from '../../../server/modules/payments/engine';
import { sandboxKeyPairs } from '../../../server/modules/payments/smartglocal/keys';
import { signInitData } from '../../../server/modules/sandbox/initData';
import { fromPostgresUrl } from '../../../server/platform/db/db';
import { migrate } from '../../../server/platform/db/migrate';
import { payments, providerSessions } from '../../../server/platform/db/schema-money';
import { jobLeases, subscriptionMembers } from '../../../server/platform/db/schema';
import { JOBS_LEASE } from '../../../server/platform/jobs';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../support/serverProcess';
import { type TestServer, type TestUser, botApiCalls, newUser, startTestServer } from '../support/testServer';
import { eventually } from '../support/eventually';
import { type Shop, openShop, payWithNewCard, userId } from '../money/support/money';

const adminUrl = process.env.TEST_DATABASE_URL;
const describePostgres = adminUrl ? describe : describe.skip;

jest.setTimeout(180_000);

const DAY_MS = 86_400_000;

/** The chat id creatorWithChannel (support/testServer.ts) gives a creator's channel. */
const chatIdOf = (creator: TestUser): number => -(1_000_000_000_000 + creator.telegramId);

/** A round-robin HTTP proxy: request n goes to backend n mod N; `x-backend` on the answer says which one served it. */
class RoundRobinProxy {
  backends: string[] = [];
  private next = 0;
  private readonly server = http.createServer((request, response) => {
    if (this.backends.length === 0) {
      response.writeHead(502).end();
      return;
    }
    const index = this.next++ % this.backends.length;
    const target = new URL(this.backends[index]!);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: target.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(index) });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

interface Answer<T> {
  readonly status: number;
  readonly body: T;
  readonly backend: string | null;
  readonly replayed: boolean;
}

describePostgres(
  "two server processes on one PostgreSQL behind a round-robin proxy (PostgreSQL only; skipped on PGlite, one process's database)",
  () => {
    const name = `backers_scale_${process.pid}_${Date.now().toString(36)}`;
    const proxy = new RoundRobinProxy();
    let origin: string;
    let sandbox: TestServer;
    let instances: ServerProcess[] = [];
    /** A public channel (renewals) and a private one (removals when access ends), of two creators. */
    let shop: Shop;
    let privateShop: Shop;
    const renewing = newUser('Renewing');
    const leaving = [newUser('Leaving'), newUser('Leaving')];
    const payer = newUser('Payer');
    let renewingMember: number;

    /** Calls the API through the proxy as `user`, with init data signed now (the instances run on the wall clock). */
    async function api<T = Record<string, unknown>>(
      user: TestUser,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<Answer<T>> {
      const response = await fetch(`${origin}/api/v2${path}`, {
        method,
        headers: {
          authorization: `TgAuth ${signInitData(user, sandbox.config.botToken, Date.now())}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as T,
        backend: response.headers.get('x-backend'),
        replayed: response.headers.get('idempotent-replayed') === 'true',
      };
    }

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      const database = fromPostgresUrl(url.toString(), 5);
      await migrate(database);
      // The instances start while the scene is set: the test holds the jobs' lease meanwhile, as a third process would.
      await database.db
        .insert(jobLeases)
        .values({ name: JOBS_LEASE, holder: 'scale-out-test', expiresAt: new Date(Date.now() + 3_600_000) });
      origin = await proxy.listen();
      // Eight days ago on the sandbox server's clock, so the weekly memberships below ran out yesterday.
      sandbox = await startTestServer({
        database,
        now: Date.now() - 8 * DAY_MS,
        config: { providerWebhookUrl: `${origin}/api/v2/pay/smart_glocal/webhook` },
      });

      const keys = sandboxKeyPairs();
      const env = {
        DATABASE_URL: url.toString(),
        SANDBOX: '0',
        BOT_TOKEN: sandbox.config.botToken,
        PUBLIC_URL: origin,
        BOT_WEBHOOK_SECRET: 'scale-out-secret',
        BOT_API_URL: `${sandbox.baseUrl}/sandbox/bot-api`,
        PAYOUT_RATES_URL: `${sandbox.baseUrl}/sandbox/rates`,
        SMART_GLOCAL_URL: `${sandbox.baseUrl}/provider`,
        SMART_GLOCAL_PROJECT: SANDBOX_PROJECT,
        SMART_GLOCAL_PRIVATE_KEY: keys.partner.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        SMART_GLOCAL_PUBLIC_KEY: keys.provider.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        // Both instances look for due work five times a second, so they do meet on it.
        JOB_INTERVAL_MS: '200',
        LOG_LEVEL: 'error',
      };
      const starting = Promise.all([startServerProcess({ env }), startServerProcess({ env })]);

      // The scene: one renewing weekly membership on a saved card; cancelled ones in a private channel (their members
      // are removed from the channel when they run out); a payer with a saved card.
      shop = await openShop(sandbox);
      privateShop = await openShop(sandbox, { private: true });
      renewingMember = (
        await payWithNewCard(sandbox, renewing, 'subscription', shop.subscriptions.weekly, '4242424242424242', {
          saveCard: true,
        })
      ).subscriptionMemberId!;
      await Promise.all(
        leaving.map(async (user) => {
          const member = (
            await payWithNewCard(sandbox, user, 'subscription', privateShop.subscriptions.weekly, '5555555555554444')
          ).subscriptionMemberId!;
          await sandbox.api(user, 'GET', `/follower/subscription_member/${member}/cancel`);
        }),
      );
      await payWithNewCard(sandbox, payer, 'donation', shop.donationId, '4242424242424242', {
        saveCard: true,
        amount: 5,
      });
      // Nothing is due while the bot is out of the channels: it comes back in the first test, with both instances up.
      for (const { creator } of [shop, privateShop])
        expect(
          (await sandbox.request('POST', '/sandbox/bot/channel-removed', { chatId: chatIdOf(creator) })).status,
        ).toBe(200);
      sandbox.clock.set(Date.now());
      await database.db.delete(jobLeases).where(eq(jobLeases.holder, 'scale-out-test'));

      instances = await starting;
      proxy.backends = instances.map((instance) => instance.origin);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => stopServerProcess(instance)));
      await proxy.close();
      await sandbox?.close();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it('jobs due on both instances run once: one renewal charge, one removal per member whose access ended', async () => {
      const leavers = new Set(leaving.map((user) => user.telegramId));
      /** Bot API calls of `method` for the leaving members, counted per member. */
      const removals = async (method: 'banChatMember' | 'unbanChatMember') => {
        const counts = new Map<number, number>();
        for (const call of await botApiCalls<{ user_id: number }>(sandbox, method)) {
          const user = Number(call.params.user_id);
          if (leavers.has(user)) counts.set(user, (counts.get(user) ?? 0) + 1);
        }
        return [...counts.values()];
      };
      expect(await removals('banChatMember')).toEqual([]);
      // Telegram's flood control holds up the first removal for a second: the instance removing waits it out, and the
      // other instance's job rounds (every 200 ms) come by meanwhile.
      expect(
        (
          await sandbox.request('POST', '/sandbox/bot-api/failures', {
            method: 'banChatMember',
            errorCode: 429,
            retryAfter: 1,
            times: 1,
          })
        ).status,
      ).toBe(200);
      for (const { creator } of [shop, privateShop]) {
        const added = await sandbox.request('POST', '/sandbox/bot/channel-added', {
          ownerTelegramId: creator.telegramId,
          chatId: chatIdOf(creator),
          title: 'Back again',
          ...(creator === shop.creator ? { username: `chan_${creator.telegramId}` } : {}),
        });
        expect(added.status).toBe(200);
      }

      const renewals = () =>
        sandbox.database.db
          .select()
          .from(payments)
          .where(and(eq(payments.memberId, renewingMember), eq(payments.purpose, 'renewal')));
      await eventually(async () => {
        expect((await renewals()).map((row) => row.status)).toEqual(['paid']);
        expect((await removals('unbanChatMember')).length).toBe(leaving.length);
      }, 15_000);
      // Several more rounds on both instances change nothing.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const [renewal] = await renewals();
      expect(await renewals()).toHaveLength(1);
      expect(
        await sandbox.database.db.select().from(providerSessions).where(eq(providerSessions.reference, renewal!.id)),
      ).toHaveLength(1);
      // Each member banned and unbanned once (the first ban twice: the call refused by flood control, then its retry).
      expect((await removals('banChatMember')).sort()).toEqual([1, 2]);
      expect(await removals('unbanChatMember')).toEqual([1, 1]);
      const [renewed] = await sandbox.database.db
        .select()
        .from(subscriptionMembers)
        .where(eq(subscriptionMembers.id, renewingMember));
      expect(renewed!.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    });

    it("a change written through one instance shows at once on the other: the creator dashboard's cache stays coherent", async () => {
      const dashboard = () => api<DashboardResponse>(shop.creator, 'GET', '/dashboard?mode=creator');
      // Both instances have the dashboard in memory.
      const warm = [await dashboard(), await dashboard()];
      expect(warm.map((answer) => answer.backend).sort()).toEqual(['0', '1']);
      expect(warm[1]!.body).toEqual(warm[0]!.body);

      expect(warm[0]!.body.channels.find((channel) => channel.id === shop.channelId)?.language.code).not.toBe('ru');
      const setting = await api(shop.creator, 'POST', `/channel/${shop.channelId}/language`, { language: 'ru' });
      expect(setting.status).toBe(200);
      const afterSetting = await dashboard();
      expect(afterSetting.backend).not.toBe(setting.backend);
      expect(afterSetting.body.channels.find((channel) => channel.id === shop.channelId)?.language.code).toBe('ru');

      const cards = await api<{ cards: { id: number }[] }>(payer, 'GET', '/follower/cards');
      const paid = await api<CreatePaymentResponse>(
        payer,
        'POST',
        `/invoice/donation/${shop.donationId}/create`,
        { paymentMethod: 'smart_glocal_saved_card', cardId: cards.body.cards[0]!.id, amount: 7 },
        { 'Idempotency-Key': randomUUID() },
      );
      expect(paid.body.status).toBe('paid');
      const afterPayment = await dashboard();
      expect(afterPayment.backend).not.toBe(paid.backend);
      const before = new Set(afterSetting.body.transactions.map((transaction) => transaction.id));
      expect(afterPayment.body.transactions.filter((transaction) => !before.has(transaction.id))).toEqual([
        expect.objectContaining({ type: 'get_donation' }),
      ]);
      expect(afterPayment.body.balances).not.toEqual(afterSetting.body.balances);
    });

    it('an Idempotency-Key holds across instances, in turn and at once: one payment, one charge', async () => {
      const payerId = await userId(sandbox, payer);
      const cards = await api<{ cards: { id: number }[] }>(payer, 'GET', '/follower/cards');
      const body = { paymentMethod: 'smart_glocal_saved_card', cardId: cards.body.cards[0]!.id, amount: 9 };
      const create = (key: string) =>
        api<CreatePaymentResponse>(payer, 'POST', `/invoice/donation/${shop.donationId}/create`, body, {
          'Idempotency-Key': key,
        });
      const charges = async (key: string) => {
        const rows = await sandbox.database.db
          .select()
          .from(payments)
          .where(and(eq(payments.userId, payerId), eq(payments.idempotencyKey, key)));
        const sessions =
          rows.length === 0
            ? []
            : await sandbox.database.db
                .select()
                .from(providerSessions)
                .where(
                  inArray(
                    providerSessions.reference,
                    rows.map((row) => row.id),
                  ),
                );
        return { payments: rows.length, sessions: sessions.length };
      };

      const inTurn = randomUUID();
      const first = await create(inTurn);
      const second = await create(inTurn);
      expect(second.backend).not.toBe(first.backend);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.body.status).toBe('paid');
      expect(second.body).toEqual(first.body);
      expect([first.replayed, second.replayed]).toEqual([false, true]);
      expect(await charges(inTurn)).toEqual({ payments: 1, sessions: 1 });

      const atOnce = randomUUID();
      const answers = await Promise.all([create(atOnce), create(atOnce), create(atOnce), create(atOnce)]);
      expect(new Set(answers.map((answer) => answer.backend))).toEqual(new Set(['0', '1']));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body.paymentId)).size).toBe(1);
      expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
      expect(await charges(atOnce)).toEqual({ payments: 1, sessions: 1 });
    });
  },
);
