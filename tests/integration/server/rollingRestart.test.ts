/**
 * Restarts under load: the real `server/main.ts` process is stopped with SIGTERM six times while 20 keep-alive clients
 * keep paying, and a new process starts on the same database and port each time, as a supervisor restarts a service.
 * Clients retry only what a load balancer retries by itself: a refused connection, a new one reset before it was
 * accepted (the request never reached the server) and a 503 `shutting_down` (the request was not run), with the same
 * Idempotency-Key. No request sent on an accepted connection may lose it, and every payment acknowledged as paid must
 * be in the database afterwards.
 * Embedded database only (read from its data dir after the last exit): skipped against a PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  type ServerProcess,
  callJson,
  cardToken,
  donationTarget,
  preparedDataDir,
  processAuth,
  startServerProcess,
} from '../support/serverProcess';

const describeEmbedded = process.env.TEST_DATABASE_URL ? describe.skip : describe;
// Seven process start-ups on a busy machine.
jest.setTimeout(1_200_000);

const CLIENTS = 20;
const RESTARTS = 6;

type Outcome =
  | { kind: 'answer'; status: number; body: { code?: string; status?: string } }
  | { kind: 'refused' }
  /** A new connection reset before it was accepted: the request never reached the server. */
  | { kind: 'unaccepted' }
  | { kind: 'reset'; error: string };

/** One keep-alive pool for every client, as a load balancer keeps to its upstream. */
const agent = new http.Agent({ keepAlive: true });

/**
 * One request over the shared pool. Node's http client says whether a request went out on a reused keep-alive
 * connection (`reusedSocket`), which fetch does not: a reset there is a connection the server closed under its client
 * (the drain's fault), while a new connection reset before any answer was never accepted (it was still in the
 * kernel's accept queue when the listener closed), so its request never reached the server, as when refused.
 */
function attempt(url: string, init: { method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<Outcome>((resolve) => {
    const headers = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const request = http.request(url, { method: init.method ?? 'GET', headers, agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('error', (error) => resolve({ kind: 'reset', error: `during the answer: ${error.message}` }));
      response.on('end', () => {
        let body: { code?: string; status?: string } = {};
        try {
          body = JSON.parse(text) as typeof body;
        } catch {
          // not JSON
        }
        resolve({ kind: 'answer', status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') return resolve({ kind: 'refused' });
      if (!request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
        return resolve({ kind: 'unaccepted' });
      resolve({
        kind: 'reset',
        error: `${error.code ?? ''} ${error.message}${request.reusedSocket ? ' (a reused keep-alive connection)' : ''}`,
      });
    });
    request.end(init.body);
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a stopped process said about requests its drain had to cut (server/main.ts). */
const cutRequests = (process: ServerProcess): string[] =>
  process
    .output()
    .split('\n')
    .filter((line) => /are cut|took too long/.test(line));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEmbedded('SIGTERM restarts under keep-alive load', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await preparedDataDir('backers-rolling-');
  }, 120_000);
  afterAll(async () => {
    agent.destroy();
    if (server !== undefined && server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it(`${CLIENTS} clients, ${RESTARTS} restarts: no sent request loses its connection, no acknowledged payment is lost`, async () => {
    const port = await freePort();
    // Every client pays as fast as it is answered: no per-user payment limit.
    // A busy machine answers its own provider calls slowly: the payments here are not about provider timeouts.
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '0',
      PROVIDER_TIMEOUT_MS: '60000',
    };
    server = await startServerProcess({ env, timeoutMs: 300_000 });
    const origin = server.origin;

    // A donation request and one saved card per payer (the first payment saves it).
    const donationId = await donationTarget(origin, 930_001);
    const payers = Array.from({ length: CLIENTS }, (_, index) => 930_100 + index);
    const cards = new Map<number, number>();
    const saveCard = async (payer: number) => {
      const first = await callJson(
        origin,
        'POST',
        `/api/v2/invoice/donation/${donationId}/create`,
        { paymentMethod: 'smart_glocal_form', ...(await cardToken(origin, payer)), saveCard: true, amount: 5 },
        { ...processAuth(payer), 'idempotency-key': randomUUID() },
      );
      expect(first.body).toMatchObject({ status: 'paid' });
      const saved = await callJson<{ cards: { id: number }[] }>(
        origin,
        'GET',
        '/api/v2/follower/cards',
        undefined,
        processAuth(payer),
      );
      cards.set(payer, saved.body.cards[0]!.id);
    };
    await Promise.all(payers.map(saveCard));

    const resets: string[] = [];
    const otherAnswers: { status: number; body: unknown }[] = [];
    const acknowledged: string[] = [];
    const pending: string[] = [];
    let retried = 0;
    let unaccepted = 0;
    let running = true;
    /** Resolves once the process started after the latest SIGTERM is up. */
    let restarted = Promise.resolve();
    const payer = async (telegramId: number) => {
      const url = `${origin}/api/v2/invoice/donation/${donationId}/create`;
      const body = JSON.stringify({
        paymentMethod: 'smart_glocal_saved_card',
        cardId: cards.get(telegramId),
        amount: 1,
      });
      while (running) {
        const key = randomUUID();
        for (;;) {
          const headers = { ...processAuth(telegramId), 'content-type': 'application/json', 'idempotency-key': key };
          const outcome = await attempt(url, { method: 'POST', headers, body });
          if (outcome.kind === 'reset') resets.push(outcome.error);
          else if (outcome.kind === 'answer' && outcome.status === 200 && outcome.body.status === 'paid')
            acknowledged.push(key);
          // A provider slower than PROVIDER_TIMEOUT_MS (a busy machine) leaves the payment pending: written, settled later.
          else if (outcome.kind === 'answer' && outcome.status === 200 && outcome.body.status === 'pending')
            pending.push(key);
          else if (outcome.kind === 'answer' && !(outcome.status === 503 && outcome.body.code === 'shutting_down'))
            otherAnswers.push({ status: outcome.status, body: outcome.body });
          // What never ran is sent again with the same key; everything else moves on to the next payment.
          if (outcome.kind === 'unaccepted') unaccepted += 1;
          const neverRan = outcome.kind === 'refused' || outcome.kind === 'unaccepted';
          if (neverRan || (outcome.kind === 'answer' && outcome.body.code === 'shutting_down')) {
            retried += 1;
            // As a load balancer, send a refused request on once an instance is up again.
            if (neverRan) await restarted;
            await pause(50);
            continue;
          }
          break;
        }
      }
    };

    // Readiness as a load balancer polls it: once a process answers 503 shutting_down, it never answers 200 again.
    const readiness: { generation: number; status: number; code?: string }[] = [];
    let generation = 0;
    const prober = async () => {
      while (running) {
        const outcome = await attempt(`${origin}/health/ready`, {});
        if (outcome.kind === 'answer')
          readiness.push({
            generation,
            status: outcome.status,
            ...(outcome.body.code ? { code: outcome.body.code } : {}),
          });
        await pause(50);
      }
    };

    const clients = [...payers.map(payer), prober()];
    const exitCodes: (number | null)[] = [];
    const cuts: string[] = [];
    try {
      for (let restart = 1; restart <= RESTARTS; restart += 1) {
        // Let this process carry load, then stop it while requests are in flight.
        const before = acknowledged.length;
        while (acknowledged.length < before + CLIENTS) await pause(20);
        let up = () => {};
        restarted = new Promise<void>((resolve) => (up = resolve));
        server.child.kill('SIGTERM');
        exitCodes.push(await server.exited);
        cuts.push(...cutRequests(server));
        generation += 1;
        server = await startServerProcess({ env, timeoutMs: 300_000 });
        up();
        expect(server.origin).toBe(origin);
      }
      const last = acknowledged.length;
      while (acknowledged.length < last + CLIENTS) await pause(20);
    } finally {
      running = false;
    }
    await Promise.all(clients);
    server.child.kill('SIGTERM');
    exitCodes.push(await server.exited);
    cuts.push(...cutRequests(server));
    console.info(
      `rolling restarts: ${acknowledged.length} payments acknowledged, ${retried} retried (refused, ${unaccepted} of them reset before they were accepted, or shutting_down), ${resets.length} reset, ${otherAnswers.length} other answers`,
    );

    // A drain that ran out of SHUTDOWN_TIMEOUT_MS cuts what is left: say so before counting its resets.
    expect(cuts).toEqual([]);
    expect(resets).toEqual([]);
    expect(otherAnswers).toEqual([]);
    expect(exitCodes).toEqual(Array.from({ length: RESTARTS + 1 }, () => 0));
    for (let index = 0; index <= RESTARTS; index += 1) {
      const answers = readiness.filter((answer) => answer.generation === index);
      const firstDown = answers.findIndex((answer) => answer.status !== 200);
      if (firstDown >= 0) {
        expect(answers.slice(firstDown).filter((answer) => answer.status === 200)).toEqual([]);
        expect(answers[firstDown]).toMatchObject({ status: 503, code: 'shutting_down' });
      }
    }

    // Every payment acknowledged as paid is in the database, paid.
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
    try {
      const rows = (
        await pglite.query<{ idempotency_key: string; status: string }>(
          'select idempotency_key, status from payments where kind = $1',
          ['donation'],
        )
      ).rows;
      const committed = new Map(rows.map((row) => [row.idempotency_key, row.status]));
      expect(acknowledged.filter((key) => committed.get(key) !== 'paid')).toEqual([]);
      expect(pending.filter((key) => !committed.has(key))).toEqual([]);
    } finally {
      await pglite.close();
    }
  });
});
