/**
 * A payout's life after the payout run wrote its withdrawal (payout_runs.status): requested → sent (the provider took
 * it) → arrived | failed, from the provider's answers and webhooks, only ever forward. Shared by the webhook route
 * (PaymentService.handleEvent), the payouts job that follows payouts still under way, and reconciliation's apply.
 *
 * A failed payout gives the money back: its withdrawal line is removed in the same transaction (the money never left,
 * or the recipient's bank returned it after it arrived; the ledger trigger corrects the balance), the run keeps the
 * amount and the reason for the payout page's tracker, and the next payout day pays the sum again. The creator is told
 * (PayoutFailureNotifier).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { transactions } from '../../platform/db/schema';
import { payoutRuns } from '../../platform/db/schema-money';
import type { MoneyDb, MoneyTx } from '../../platform/db/moneyDb';
import type { ProviderPayout } from './PaymentProvider';

/** A payout run, and which attempt of it (1 unless an operator retried a failed one: each attempt is its own transfer). */
export type PayoutRunKey = {
  readonly userId: number;
  readonly currency: string;
  readonly payoutDate: string;
  readonly attempt?: number;
};

export function payoutReference(key: PayoutRunKey): string {
  const base = `payout:${key.userId}:${key.currency}:${key.payoutDate}`;
  return (key.attempt ?? 1) > 1 ? `${base}:${key.attempt}` : base;
}

export function payoutRunKeyOf(reference: string): (PayoutRunKey & { readonly attempt: number }) | null {
  const match = /^payout:(\d+):([a-z]{3}):(\d{4}-\d{2}-\d{2})(?::(\d{1,4}))?$/.exec(reference);
  return match === null
    ? null
    : {
        userId: Number(match[1]),
        currency: match[2],
        payoutDate: match[3],
        attempt: match[4] === undefined ? 1 : Number(match[4]),
      };
}

export type PayoutRunRow = typeof payoutRuns.$inferSelect;

/** Whether a payout reference names one of our payout runs (only those are ever confirmed at the provider). */
export async function isOurPayout(db: MoneyDb | MoneyTx, reference: string): Promise<boolean> {
  const key = payoutRunKeyOf(reference);
  if (key === null) return false;
  const [run] = await db
    .select({ status: payoutRuns.status })
    .from(payoutRuns)
    .where(
      and(
        eq(payoutRuns.userId, key.userId),
        eq(payoutRuns.currency, key.currency),
        eq(payoutRuns.payoutDate, key.payoutDate),
        eq(payoutRuns.attempt, key.attempt),
      ),
    );
  return run !== undefined;
}

/** Tells a creator their payout failed and the money is back (the composition gives it the bot). */
export type PayoutFailureNotifier = (run: PayoutRunRow) => Promise<void>;

export interface PayoutUpdate {
  readonly changed: boolean;
  /** The run, when this update failed it (to tell the creator, after the transaction). */
  readonly failed: PayoutRunRow | null;
}

/** Applies what the provider says about a payout, once per state. */
export async function applyPayoutUpdate(
  db: MoneyDb | MoneyTx,
  payout: ProviderPayout,
  nowMs: number,
): Promise<PayoutUpdate> {
  const key = payoutRunKeyOf(payout.reference);
  if (key === null) return { changed: false, failed: null };
  // An earlier attempt's late news never moves the current one.
  const where = and(
    eq(payoutRuns.userId, key.userId),
    eq(payoutRuns.currency, key.currency),
    eq(payoutRuns.payoutDate, key.payoutDate),
    eq(payoutRuns.attempt, key.attempt),
  );
  const at = new Date(nowMs);
  const session = payout.sessionId === null ? {} : { providerPayoutId: payout.sessionId };
  switch (payout.status) {
    case 'in_progress': {
      const changed = await db
        .update(payoutRuns)
        .set({ ...session, status: 'sent', sentAt: at })
        .where(and(where, eq(payoutRuns.status, 'requested')))
        .returning({ userId: payoutRuns.userId });
      return { changed: changed.length > 0, failed: null };
    }
    case 'succeeded': {
      const changed = await db
        .update(payoutRuns)
        .set({ ...session, status: 'arrived', sentAt: at, finishedAt: at })
        .where(and(where, eq(payoutRuns.status, 'requested')))
        .returning({ userId: payoutRuns.userId });
      const arrived =
        changed.length > 0
          ? changed
          : await db
              .update(payoutRuns)
              .set({ ...session, status: 'arrived', finishedAt: at })
              .where(and(where, eq(payoutRuns.status, 'sent')))
              .returning({ userId: payoutRuns.userId });
      return { changed: arrived.length > 0, failed: null };
    }
    case 'failed':
      return db.transaction(async (tx) => {
        const [failed] = await tx
          .update(payoutRuns)
          .set({
            ...session,
            status: 'failed',
            finishedAt: at,
            errorCode: payout.errorCode ?? 'payout_failed',
            errorDescription: payout.errorDescription ?? null,
          })
          // A payout the recipient's bank returned had arrived: it fails all the same (the money is back with us).
          .where(
            and(
              where,
              inArray(
                payoutRuns.status,
                payout.returned === true ? ['requested', 'sent', 'arrived'] : ['requested', 'sent'],
              ),
            ),
          )
          .returning();
        if (failed === undefined) return { changed: false, failed: null };
        await tx
          .delete(transactions)
          .where(and(eq(transactions.id, failed.transactionId), eq(transactions.type, 'withdrawal')));
        return { changed: true, failed };
      });
  }
}
