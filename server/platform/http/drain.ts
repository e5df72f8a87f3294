/**
 * Shutting down without dropping a request (server/main.ts on SIGTERM/SIGINT). `app.close()` alone cuts every open
 * connection, so requests in flight lose their answer (a payment may commit while its caller sees a socket reset).
 * `shutdown()` instead:
 * 1. turns readiness (/health/ready) to 503 `shutting_down`, so a load balancer stops sending new work;
 * 2. stops accepting connections: a client that connects from now on is refused before it sends anything, and a load
 *    balancer retries that on another instance;
 * 3. answers every request still arriving or in flight, each with `Connection: close`, so the connection ends after
 *    its answer and is not reused;
 * 4. closes each keep-alive connection that carries no request once it has been idle for `idleGraceMs` and nothing
 *    is in flight. A client that has just read an answer may be writing its next request on it this very moment, and
 *    closing under it would reset a request it sent (the kernel answers unread data with a reset). A busy client's
 *    next request comes well within the grace, is answered with `Connection: close`, and its connection ends cleanly;
 *    a connection idle that long belongs to a client with nothing to send. And only after two seconds with no request
 *    anywhere: a client pool (undici's) sends on whichever idle connection comes first, one idle for minutes included,
 *    so a client moving on from a connection just closed may be writing on any of them;
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

/** Idle this long, a keep-alive connection's client is not about to send on it (a busy 2-core machine included). */
export const IDLE_GRACE_MS = 5_000;

/** And no request anywhere for this long: no client is between two requests. */
const QUIET_MS = 2_000;

/** Routes of the in-process provider double: called by this process's own requests in flight. */
const servesRequestsInFlight = (routeUrl: string | undefined): boolean => routeUrl?.startsWith('/provider/') ?? false;

export function installDrain(app: FastifyInstance): void {
  let draining = false;
  let inFlight = 0;
  /** Every open connection: how many requests it carries now, and since when it has carried none. */
  const connections = new Map<Socket, { requests: number; idleSince: number }>();
  /** When a request last started or was answered, on any connection. */
  let lastActivity = 0;

  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { requests: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });

  app.addHook('onRequest', async (request, reply) => {
    const connection = reply.raw.socket === null ? undefined : connections.get(reply.raw.socket);
    const counted = !servesRequestsInFlight(request.routeOptions.url);
    if (connection !== undefined) connection.requests += 1;
    if (counted) inFlight += 1;
    lastActivity = Date.now();
    // 'close' comes after the answer is sent and also when the client goes away first.
    reply.raw.once('close', () => {
      if (counted) inFlight -= 1;
      lastActivity = Date.now();
      if (connection !== undefined) {
        connection.requests -= 1;
        connection.idleSince = Date.now();
      }
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
      const deadline = Date.now() + timeoutMs;
      // The listener only: http.Server#close would also close the idle keep-alive connections at once (below).
      if (app.server.listening) net.Server.prototype.close.call(app.server);
      // Read what already arrived, so a request waiting in a socket's buffer counts as in flight, not idle.
      await new Promise((resolve) => setImmediate(resolve));
      while (connections.size > 0 && Date.now() < deadline) {
        // Every answer from now on closes its connection; the ones still open and idle past their grace are closed.
        // While requests run, or just after, a client may be moving to another idle connection of its pool (and the
        // provider double's connections may carry a payment's next call): nothing is closed then.
        if (inFlight === 0 && Date.now() - lastActivity >= QUIET_MS) {
          const now = Date.now();
          for (const [socket, connection] of connections)
            if (connection.requests === 0 && now - connection.idleSince >= idleGraceMs) socket.destroy();
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return connections.size === 0;
    },
  };
  app.decorate('drain', drain);
}
