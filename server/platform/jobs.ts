/**
 * Background jobs (renewals, payouts, ...) register here by name; the server runs every registered job
 * - periodically from server/main.ts (every JOB_INTERVAL_MS, 60 s by default), and
 * - at once after POST /sandbox/clock moved the clock, so tests see due work done before the call answers.
 *
 * A job must be safe to run at any time and in several processes at once (it decides itself what is due at
 * `nowMs` and locks the rows it works on). Registration is process-wide: register at module load
 * (`registerJob('renewals', runRenewals)`) in a module that server/jobs.ts imports; buildApp loads
 * server/jobs.ts when it exists.
 */
import type { ServerConfig } from './config';
import type { Db } from './db/db';
import type { ServerClock } from './clock';

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

const jobs = new Map<string, JobFn>();

/** Registers (or replaces) a job under a unique name. */
export function registerJob(name: string, fn: JobFn): void {
  jobs.set(name, fn);
}

export function unregisterJob(name: string): void {
  jobs.delete(name);
}

export function registeredJobs(): string[] {
  return [...jobs.keys()];
}

/** Runs every registered job once, in registration order; one job failing does not stop the others. */
export async function runJobs(context: Omit<JobContext, 'nowMs'>): Promise<JobRunResult[]> {
  const results: JobRunResult[] = [];
  for (const [name, fn] of jobs) {
    try {
      const result = await fn({ ...context, nowMs: context.clock.now() });
      results.push({ name, ok: true, result });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      context.log.error(`job ${name} failed: ${message}`);
      results.push({ name, ok: false, error: message });
    }
  }
  return results;
}
