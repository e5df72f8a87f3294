/**
 * Background jobs (renewals, payouts, ...) register here by name; the server runs every registered job
 * - periodically from server/main.ts (every JOB_INTERVAL_MS, 60 s by default), and
 * - at once after POST /sandbox/clock moved the clock, so tests see due work done before the call answers.
 *
 * A job must be safe to run at any time and in several processes at once (it decides itself what is due at
 * `nowMs` and locks the rows it works on). Besides, with a lease (server/platform/jobLeases.ts, what buildApp gives)
 * the jobs run in one process at a time across every process on the database: the others skip that round. In one
 * process runs never overlap: a run waits for the one before (the timer's and the sandbox clock's).
 * buildApp builds the registry (server/jobs.ts `createJobs`) and keeps it in AppDeps; nothing registers by import.
 */
import type { ServerConfig } from './config';
import type { Db } from './db/db';
import type { ServerClock } from './clock';
import type { JobLease, LeaseRelease } from './jobLeases';

/**
 * One lease for the whole run, not one per job: the jobs depend on their order (channel-access after renewals, so a
 * membership just renewed keeps its member), which per-job leases taken by different processes would break.
 */
export const JOBS_LEASE = 'jobs';

export interface JobContext {
  readonly db: Db;
  readonly clock: ServerClock;
  readonly config: ServerConfig;
  /** The clock's now when the run started (epoch ms). */
  readonly nowMs: number;
  readonly log: { info(message: string): void; error(message: string): void };
}

export type JobFn = (context: JobContext) => Promise<unknown>;

export interface JobRunResult {
  readonly name: string;
  readonly ok: boolean;
  /** Whatever the job answered (counts, ids), for the sandbox clock's answer and logs. */
  readonly result?: unknown;
  readonly error?: string;
}

/** The jobs one server runs, in registration order (buildApp fills it: server/jobs.ts). */
export class JobRegistry {
  private readonly jobs = new Map<string, JobFn>();
  private readonly observers: ((result: JobRunResult) => void)[] = [];
  /** The run under way in this process (the next one starts after it). */
  private previous: Promise<unknown> = Promise.resolve();

  /**
   * `lease`: shares the jobs with other processes on the same database (none: every job runs here); `leaseName`: the
   * lease's row (JOBS_LEASE; a registry run on its own timer takes its own).
   */
  constructor(
    private readonly lease?: JobLease,
    private readonly leaseName: string = JOBS_LEASE,
  ) {}

  /** Calls `observer` after every job run (metrics). */
  observe(observer: (result: JobRunResult) => void): this {
    this.observers.push(observer);
    return this;
  }

  /** Registers (or replaces) a job under a unique name. */
  register(name: string, fn: JobFn): this {
    this.jobs.set(name, fn);
    return this;
  }

  unregister(name: string): void {
    this.jobs.delete(name);
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  /**
   * Runs every job once, in registration order, after any run still under way here; one job failing does not stop
   * the others. While another process holds the lease, every job answers `result: { skipped: ... }` instead.
   */
  run(context: Omit<JobContext, 'nowMs'>): Promise<JobRunResult[]> {
    const run = this.previous.then(() => this.runAll(context));
    this.previous = run.catch(() => undefined);
    return run;
  }

  private async runAll(context: Omit<JobContext, 'nowMs'>): Promise<JobRunResult[]> {
    let release: LeaseRelease | null = null;
    if (this.lease !== undefined) {
      try {
        release = await this.lease.acquire(context.db, this.leaseName);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        context.log.error(`jobs: the lease could not be taken: ${message}`);
        return this.names().map((name) => ({ name, ok: false, error: message }));
      }
      if (release === null)
        return this.names().map((name) => ({ name, ok: true, result: { skipped: 'another process runs the jobs' } }));
    }
    try {
      const results: JobRunResult[] = [];
      for (const [name, fn] of this.jobs) {
        let outcome: JobRunResult;
        try {
          const result = await fn({ ...context, nowMs: context.clock.now() });
          outcome = { name, ok: true, result };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          context.log.error(`job ${name} failed: ${message}`);
          outcome = { name, ok: false, error: message };
        }
        results.push(outcome);
        for (const observer of this.observers) observer(outcome);
      }
      return results;
    } finally {
      await release?.().catch((error: unknown) =>
        context.log.error(
          `jobs: the lease could not be given back (it ends by itself): ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
  }
}
