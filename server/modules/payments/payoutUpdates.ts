/**
 * A payout's life after the payout run wrote its withdrawal (payout_runs.status): requested → sent (the provider took
 * it) → arrived | failed, from the provider's answers and webhooks, only ever forward. Shared by the webhook route
 * (PaymentService.handleEvent) and the payouts job that follows payouts still under way.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { payoutRuns } from '../../platform/db/schema-money';
import type { MoneyDb, MoneyTx } from '../../platform/db/moneyDb';
import type { ProviderPayout } from './PaymentProvider';

export type PayoutRunKey = { readonly userId: number; readonly currency: string; readonly payoutDate: string };

export function payoutReference(key: PayoutRunKey): string {
  return `payout:${key.userId}:${key.currency}:${key.payoutDate}`;
}

export function payoutRunKeyOf(reference: string): PayoutRunKey | null {
  const match = /^payout:(\d+):([a-z]{3}):(\d{4}-\d{2}-\d{2})$/.exec(reference);
  return match === null ? null : { userId: Number(match[1]), currency: match[2], payoutDate: match[3] };
}

/** Applies what the provider says about a payout; answers whether the run row changed. */
export async function applyPayoutUpdate(db: MoneyDb | MoneyTx, payout: ProviderPayout, nowMs: number): Promise<boolean> {
  const key = payoutRunKeyOf(payout.reference);
  if (key === null) return false;
  const where = and(eq(payoutRuns.userId, key.userId), eq(payoutRuns.currency, key.currency), eq(payoutRuns.payoutDate, key.payoutDate));
  const at = new Date(nowMs);
  const session = payout.sessionId === null ? {} : { providerPayoutId: payout.sessionId };
  switch (payout.status) {
    case 'in_progress': {
      const changed = await db.update(payoutRuns).set({ ...session, status: 'sent', sentAt: at })
        .where(and(where, eq(payoutRuns.status, 'requested'))).returning({ userId: payoutRuns.userId });
      return changed.length > 0;
    }
    case 'succeeded': {
      const changed = await db.update(payoutRuns).set({ ...session, status: 'arrived', finishedAt: at })
        .where(and(where, inArray(payoutRuns.status, ['requested', 'sent']))).returning({ userId: payoutRuns.userId });
      return changed.length > 0;
    }
    case 'failed': {
      const changed = await db.update(payoutRuns).set({
        ...session, status: 'failed', finishedAt: at, errorCode: payout.errorCode ?? 'payout_failed', errorDescription: payout.errorDescription ?? null,
      }).where(and(where, inArray(payoutRuns.status, ['requested', 'sent']))).returning({ userId: payoutRuns.userId });
      return changed.length > 0;
    }
  }
}
