/**
 * Probes for the process supervisor and load balancer (public, no auth, not in the OpenAPI document):
 * - GET /health/live: the process is up and its event loop answers (200 `{ status: 'live' }`);
 * - GET /health/ready: the database answers within READY_TIMEOUT_MS and every migration file of this build is applied
 *   (200 `{ status: 'ready', database, migrations }`, plus `proxy` with a warning once proxy headers arrived
 *   without TRUST_PROXY, proxy.ts), else 503 `{ code, message, database, migrations }`. From the moment a shutdown
 *   begins it answers 503 `shutting_down` (drain.ts), so a load balancer stops sending work here.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, rowsOf } from '../db/db';

/** How long readiness waits for the database. */
export const READY_TIMEOUT_MS = 1_000;

type DatabaseState = 'ok' | 'unreachable';
type MigrationsState = 'applied' | 'pending' | 'unknown';

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function installHealth(
  app: FastifyInstance,
  options: {
    db: Db;
    migrations: readonly string[];
    timeoutMs?: number;
    /** Configuration notes readiness reports without failing (the proxy notice, proxy.ts). */
    notes?: () => Record<string, unknown>;
  },
): void {
  const hidden = { schema: { hide: true } };
  app.get('/health/live', hidden, async () => ({ status: 'live' }));

  app.get('/health/ready', hidden, async (_request, reply) => {
    if (app.drain.draining)
      return reply.code(503).send({ code: 'shutting_down', message: 'The server is shutting down' });
    let database: DatabaseState = 'ok';
    let migrations: MigrationsState = 'unknown';
    try {
      const query = options.db.execute(sql`select version from schema_migrations`);
      query.catch(() => undefined); // a late failure after the timeout must not go unhandled
      const applied = new Set(
        rowsOf<{ version: string }>(await withTimeout(query, options.timeoutMs ?? READY_TIMEOUT_MS)).map(
          (row) => row.version,
        ),
      );
      migrations = options.migrations.every((version) => applied.has(version)) ? 'applied' : 'pending';
    } catch {
      database = 'unreachable';
    }
    if (database === 'ok' && migrations === 'applied')
      return { status: 'ready', database, migrations, ...(options.notes?.() ?? {}) };
    const message = database === 'unreachable' ? 'The database does not answer' : 'Database migrations are not applied';
    return reply
      .code(503)
      .send({ code: database === 'unreachable' ? 'database_unavailable' : 'not_ready', message, database, migrations });
  });
}
