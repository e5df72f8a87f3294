/**
 * The money engine's background jobs (buildApp loads this module; see server/platform/jobs.ts). In run order:
 * the sandbox provider's housekeeping (expired challenges and pages, notification retries), reconciliation of
 * payments left open and refunds still due, renewals, payouts, and forgetting old idempotency answers.
 */
import { registerJob } from './platform/jobs';
import type { MoneyDb } from './platform/db/moneyDb';
import { moneyEngine } from './modules/payments/engine';
import { runPayouts } from './modules/payouts/job';
import { runRenewals } from './modules/payments/renewals';

/** Idempotency answers are kept for a day: far longer than any client retries a tap. */
const IDEMPOTENCY_RETENTION_SECONDS = 24 * 60 * 60;

registerJob('sandbox-provider', async (context) => {
  const engine = moneyEngine({ db: context.db as MoneyDb, clock: context.clock, config: context.config });
  if (engine.sandbox === null) return { skipped: true };
  await engine.sandbox.sweep();
  return { swept: true };
});

registerJob('payments-reconcile', async (context) => {
  const engine = moneyEngine({ db: context.db as MoneyDb, clock: context.clock, config: context.config });
  return { changed: await engine.payments.reconcileOpen(context.nowMs), refunded: await engine.payments.refundDue() };
});

registerJob('renewals', (context) => runRenewals(context));

registerJob('payouts', (context) => runPayouts(context));

registerJob('idempotency-purge', async (context) => {
  const engine = moneyEngine({ db: context.db as MoneyDb, clock: context.clock, config: context.config });
  return { removed: await engine.idempotency.purge(IDEMPOTENCY_RETENTION_SECONDS) };
});
