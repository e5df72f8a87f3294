/**
 * Job leases (migration 0016): several server processes on one PostgreSQL run the background jobs in one process at a
 * time. Before a run, its process takes the lease's row in job_leases (an insert, or an update of a lease that ended
 * or is its own); the others skip that round (server/platform/jobs.ts takes one lease for the whole run). While the job runs the lease is renewed every
 * TTL/3; afterwards it is given back. A process that dies holding a lease loses it at expires_at, so the job moves
 * to another process within the TTL. Times are the database's (now()), not the server clock: the sandbox clock moves
 * business time, leases measure real time, and the processes' clocks need not agree.
 *
 * The jobs are written to be safe when they do run twice (row claims, unique keys); the lease keeps their side
 * effects outside the database (Bot API calls, provider calls) from being doubled and spares the duplicate work.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { Db } from './db/db';
import { jobLeases } from './db/schema';

/** Gives the lease back. */
export type LeaseRelease = () => Promise<void>;

export interface JobLease {
  /** Takes the named lease for this process, or answers null when another process holds it. */
  acquire(db: Db, name: string): Promise<LeaseRelease | null>;
}

const DEFAULT_TTL_SECONDS = 60;

export class DatabaseJobLeases implements JobLease {
  /** This process's (this registry's) id in job_leases.holder. */
  readonly holder = randomUUID();

  constructor(private readonly ttlSeconds = DEFAULT_TTL_SECONDS) {}

  async acquire(db: Db, name: string): Promise<LeaseRelease | null> {
    // Database time (now()): leases measure real time, whatever the sandbox clock says.
    const until = sql`now() + make_interval(secs => ${this.ttlSeconds})`;
    const taken = await db
      .insert(jobLeases)
      .values({ name, holder: this.holder, expiresAt: until })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: { holder: this.holder, expiresAt: until },
        setWhere: or(lte(jobLeases.expiresAt, sql`now()`), eq(jobLeases.holder, this.holder)),
      })
      .returning({ name: jobLeases.name });
    if (taken.length === 0) return null;
    const mine = and(eq(jobLeases.name, name), eq(jobLeases.holder, this.holder));
    const renew = setInterval(
      () => {
        db.update(jobLeases)
          .set({ expiresAt: until })
          .where(mine)
          .then(
            () => undefined,
            () => undefined,
          );
      },
      (this.ttlSeconds * 1000) / 3,
    );
    renew.unref();
    return async () => {
      clearInterval(renew);
      await db.delete(jobLeases).where(mine);
    };
  }
}
