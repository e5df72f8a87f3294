/**
 * Shutting down without dropping a request (server/main.ts on SIGTERM/SIGINT). `app.close()` alone cuts every open
 * connection, so requests in flight lose their answer (a payment may commit while its caller sees a socket reset).
 * `shutdown()` instead:
 * 1. turns readiness (/health/ready) to 503 `shutting_down`, so a load balancer stops sending new work;
 * 2. stops accepting connections: a client that connects from now on is refused before it sends anything, and a load
 *    balancer retries that on another instance;
 * 3. answers every request still arriving or in flight, each with `Connection: close`, so the connection ends after
 *    its answer and is not reused;
 * 4. closes the keep-alive connections that carry no request (Node's `closeIdleConnections`) once nothing is in
 *    flight and the most recently used of them has been idle for `idleGraceMs` (at once when all were idle that long).
 *    A client that has just read an answer may be writing its next request on that connection this very moment, and
 *    closing under it would reset a request it sent; a busy client's next request comes well within the grace, is
 *    answered with `Connection: close`, and its connection ends cleanly;
 * 5. resolves once every connection has ended (true), or after `timeoutMs` (false: the caller then cuts the rest).
 *
 * Calls to the sandbox's Smart Glocal double (/provider/…) are the in-flight payments' own provider calls over HTTP,
 * on keep-alive connections this process holds to itself (no new one can be made now): they stay open, and are not
 * counted as in flight, until the payments that use them are done.
 */
import type { Socket } from 'node:net';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** The longest the shutdown waits for requests in flight (SHUTDOWN_TIMEOUT_MS). */
  readonly timeoutMs: number;
  /** How long a keep-alive connection must have been idle before it is closed under its client. */
  readonly idleGraceMs?: number;
}

export interface Drain {
  /** True once shutdown() was called. */
  readonly draining: boolean;
  /** Requests being answered right now. */
  readonly inFlight: number;
  /** Stops accepting, answers what arrives with `Connection: close`, resolves when every connection has ended. */
  shutdown(options: ShutdownOptions): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Graceful shutdown (server/platform/http/drain.ts). */
    drain: Drain;
  }
}

/** Idle this long, a keep-alive connection is not about to carry its client's next request. */
export const IDLE_GRACE_MS = 500;

/** Routes of the in-process provider double: called by this process's own requests in flight. */
const servesRequestsInFlight = (routeUrl: string | undefined): boolean => routeUrl?.startsWith('/provider/') ?? false;

export function installDrain(app: FastifyInstance): void {
  let draining = false;
  let inFlight = 0;
  const connections = new Set<Socket>();
  /** When each connection last finished an answer (its keep-alive idle time starts there). */
  const lastAnswered = new WeakMap<Socket, number>();

  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  app.addHook('onRequest', async (request, reply) => {
    if (servesRequestsInFlight(request.routeOptions.url)) return;
    inFlight += 1;
    const socket = reply.raw.socket;
    // 'close' comes after the answer is sent and also when the client goes away first.
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (socket !== null) lastAnswered.set(socket, Date.now());
    });
  });
  app.addHook('onSend', async (request, reply) => {
    if (draining && !servesRequestsInFlight(request.routeOptions.url)) reply.header('connection', 'close');
  });

  const drain: Drain = {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    async shutdown({ timeoutMs, idleGraceMs = IDLE_GRACE_MS }) {
      draining = true;
      const startedAt = Date.now();
      const deadline = startedAt + timeoutMs;
      // The listener only: http.Server#close would also close the idle keep-alive connections at once (below).
      if (app.server.listening) net.Server.prototype.close.call(app.server);
      // Read what already arrived, so a request waiting in a socket's buffer counts as in flight, not idle.
      await new Promise((resolve) => setImmediate(resolve));
      const graceEndsAt = Math.max(
        startedAt,
        ...[...connections].map((socket) => (lastAnswered.get(socket) ?? startedAt) + idleGraceMs),
      );
      while (connections.size > 0 && Date.now() < deadline) {
        // Every answer from now on closes its connection; the ones still open and idle are past their grace.
        if (inFlight === 0 && Date.now() >= graceEndsAt) app.server.closeIdleConnections();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return connections.size === 0;
    },
  };
  app.decorate('drain', drain);
}
