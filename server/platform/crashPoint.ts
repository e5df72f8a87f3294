/**
 * A test-only crash hook: with CRASH_AT=<point> (server/platform/config.ts CRASH_POINTS) the process kills itself
 * with SIGKILL when the payment path reaches that point, as a power cut or an OOM kill would, so a test can check
 * that nothing is charged twice and every payment ends after a restart (tests/integration/money/crash.test.ts).
 * loadConfig refuses CRASH_AT with NODE_ENV=production; unset, this is a comparison and nothing else.
 */
import type { CrashPoint } from './config';

export type { CrashPoint };

export function crashAt(armed: CrashPoint | undefined, point: CrashPoint): void {
  if (armed !== undefined && armed === point && process.env.NODE_ENV !== 'production')
    process.kill(process.pid, 'SIGKILL');
}
