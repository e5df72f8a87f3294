/**
 * An operator retries a failed payout (the operator console). A failed payout gave its money back to the balance
 * (payoutUpdates.ts), so a retry writes the run's withdrawal again, moves the run back to requested under a new
 * attempt number (the provider sees a new reference: the failed transfer's idempotency key stays spent) and sends
 * it through the payouts job's own sender. Refused unless the run failed and the money is still in the payout
 * balance (a later payout day may have sent it already). `record` (the operator's audit entry) runs in the
 * transaction that moves the run back to requested, before the provider is asked.
 */
import { and, eq } from 'drizzle-orm';
import type { Currency, PayoutCurrency } from '../../../src/domain/money';
import { convertForPayout } from '../../../src/domain/payout';
import { money } from '../../../src/domain/money';
import { AppError } from '../../platform/errors';
import type { MoneyDb, MoneyTx } from '../../platform/db/moneyDb';
import { payoutAccounts } from '../../platform/db/schema';
import { payoutRuns } from '../../platform/db/schema-money';
import { writeWithdrawal } from '../payments/ledger/ledger';
import { latestPayoutAt } from '../payments/ledger/windows';
import type { MoneyEngine } from '../payments/engine';
import { cardBrandOf } from '../payments/settlement';
import type { PayoutRunKey, PayoutRunRow } from '../payments/payoutUpdates';
import { dueAtPayout, sendTransfers, withdrawalMethodOf } from './job';

export async function findPayoutRun(db: MoneyDb, key: PayoutRunKey): Promise<PayoutRunRow | undefined> {
  const [run] = await db
    .select()
    .from(payoutRuns)
    .where(
      and(
        eq(payoutRuns.userId, key.userId),
        eq(payoutRuns.currency, key.currency),
        eq(payoutRuns.payoutDate, key.payoutDate),
      ),
    );
  return run;
}

/** Answers the run after the retry was sent (requested, sent, arrived or failed again). */
export async function retryFailedPayout(
  db: MoneyDb,
  engine: Pick<MoneyEngine, 'provider' | 'payments' | 'rates'>,
  key: PayoutRunKey,
  nowMs: number,
  record?: (tx: MoneyTx, before: PayoutRunRow, after: PayoutRunRow) => Promise<void>,
): Promise<PayoutRunRow> {
  const at = new Date(nowMs);
  // A converted payout is converted again at today's rate (the failed transfer's rate went with its withdrawal line).
  const first = await findPayoutRun(db, key);
  const rate =
    first?.payoutCurrency == null
      ? null
      : ((await engine.rates?.rate(first.currency as Currency, first.payoutCurrency as PayoutCurrency)) ?? null);
  await db.transaction(async (tx) => {
    const where = and(
      eq(payoutRuns.userId, key.userId),
      eq(payoutRuns.currency, key.currency),
      eq(payoutRuns.payoutDate, key.payoutDate),
    );
    const [run] = await tx.select().from(payoutRuns).where(where).for('update');
    if (run === undefined) throw new AppError('not_found', 'No such payout', {}, 404);
    if (run.status !== 'failed')
      throw new AppError('conflict', `Only a failed payout can be retried; this one is ${run.status}`);
    const amount = money(Number(run.amount), run.currency as Currency);
    const due = (await dueAtPayout(tx as unknown as MoneyDb, run.userId, latestPayoutAt(nowMs))).find(
      (row) => row.currency === run.currency,
    );
    if (due === undefined || due.minor < amount.minor)
      throw new AppError(
        'conflict',
        'The payout balance no longer holds this sum (a later payout day may have sent it)',
      );
    const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, run.userId));
    const target = (run.payoutCurrency ?? run.currency) as PayoutCurrency;
    if (account === undefined || account.currency !== target)
      throw new AppError('conflict', 'The creator has no payout account in this currency');
    if (target !== run.currency && rate === null)
      throw new AppError('conflict', `No exchange rate from ${run.currency} to ${target} right now`);
    const converted = target === run.currency ? null : { amount: convertForPayout(amount, target, rate!), rate: rate! };
    const transactionId = await writeWithdrawal(tx, {
      creatorId: run.userId,
      amount,
      account: {
        country: account.countryIso2,
        methodType: account.methodType,
        currency: account.currency,
        params: account.params,
      },
      paymentMethod: withdrawalMethodOf(account.methodType),
      card: account.cardLast4 === null ? null : { brand: cardBrandOf(account.cardBrand), last4: account.cardLast4 },
      converted,
      at,
    });
    const [requested] = await tx
      .update(payoutRuns)
      .set({
        status: 'requested',
        attempt: run.attempt + 1,
        transactionId,
        providerPayoutId: null,
        errorCode: null,
        errorDescription: null,
        sentAt: null,
        finishedAt: null,
        ...(converted === null ? {} : { payoutAmount: converted.amount.minor }),
      })
      .where(where)
      .returning();
    await record?.(tx, run, requested!);
  });
  await sendTransfers(db, engine, nowMs);
  return (await findPayoutRun(db, key))!;
}
