/**
 * The in-memory backend's jobs, as the server runs them when its clock moves (server/jobs.ts): the renewals due
 * (renewals.ts) and the gifts' expiry with the giver's refund (gifts.ts). Nothing runs on its own here: tests and demos
 * call runJobs after moving the clock.
 */
import type { InMemoryBackend } from './InMemoryBackend';
import { expireGifts } from './gifts';
import { runRenewals } from './renewals';

export function runJobs(backend: InMemoryBackend): void {
  runRenewals(backend);
  expireGifts(backend);
}
