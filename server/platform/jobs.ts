/**
 * Background jobs (renewals, payouts, ...) register here by name; the server runs every registered job
 * - periodically from server/main.ts (every JOB_INTERVAL_MS, 60 s by default), and
 * - at once after POST /sandbox/clock moved the clock, so tests see due work done before the call answers.
 *
 * A job must be safe to run at any time and in several processes at once (it decides itself what is due at
 * `nowMs` and locks the rows it works on). buildApp builds the registry (server/jobs.ts `createJobs`) and keeps it
 * in AppDeps; nothing registers by import.
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

/** The jobs one server runs, in registration order (buildApp fills it: server/jobs.ts). */
export class JobRegistry {
  private readonly jobs = new Map<string, JobFn>();
  private readonly observers: ((result: JobRunResult) => void)[] = [];

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

  /** Runs every job once, in registration order; one job failing does not stop the others. */
  async run(context: Omit<JobContext, 'nowMs'>): Promise<JobRunResult[]> {
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
  }
}
