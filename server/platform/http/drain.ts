/**
 * Draining before a shutdown (server/main.ts on SIGTERM/SIGINT). `app.close()` alone closes the listener and cuts
 * every open connection, so requests in flight lose their answer (a payment may commit while its caller sees a socket
 * reset). Instead:
 * 1. `drain()` flips the server into draining: a request that arrives from now on is answered 503
 *    `{ code: 'shutting_down' }` at once, before any handler runs (nothing is written for it);
 * 2. requests already in flight finish normally; every answer sent while draining says `Connection: close` so clients
 *    stop reusing the connection;
 * 3. `drain()` resolves once nothing has been in flight for `quietMs` (1 s by default: clients that just got their
 *    last answer learn about the shutdown from a 503 rather than a refused connection), or after `timeoutMs`.
 * The caller then closes the app (listener and idle sockets) and the database.
 *
 * Calls to the sandbox's Smart Glocal double (/provider) are the in-flight payments' own provider calls over HTTP: they
 * are still served while draining.
 */
import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  /** How long nothing must be in flight before the drain ends. */
  readonly quietMs?: number;
  /** The longest the drain waits for requests in flight. */
  readonly timeoutMs?: number;
}

export interface Drain {
  /** True once drain() was called. */
  readonly draining: boolean;
  /** Requests being answered right now. */
  readonly inFlight: number;
  /** Starts draining; resolves when in-flight requests are done (true) or the timeout passed (false). */
  drain(options?: DrainOptions): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Graceful shutdown (server/platform/http/drain.ts). */
    drain: Drain;
  }
}

/** Paths served while draining: the in-flight payments' own calls to the sandbox's provider double. */
const SERVED_WHILE_DRAINING = ['/provider/'];

export function installDrain(app: FastifyInstance): void {
  let draining = false;
  let inFlight = 0;
  let lastSettledAt = 0;

  app.addHook('onRequest', async (request, reply) => {
    if (draining && !SERVED_WHILE_DRAINING.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('connection', 'close');
      return reply
        .code(503)
        .send({ code: 'shutting_down', message: 'The server is restarting; try again in a moment' });
    }
    inFlight += 1;
    // 'close' comes after the answer is sent and also when the client goes away first.
    reply.raw.once('close', () => {
      inFlight -= 1;
      lastSettledAt = Date.now();
    });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  const drain: Drain = {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    async drain({ quietMs = 1_000, timeoutMs = 15_000 } = {}) {
      draining = true;
      lastSettledAt = Math.max(lastSettledAt, Date.now());
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (inFlight === 0 && Date.now() - lastSettledAt >= quietMs) return true;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return inFlight === 0;
    },
  };
  app.decorate('drain', drain);
}
