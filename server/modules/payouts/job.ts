/**
 * Payouts to creators (spec section 9; schedule in src/domain/payout.ts, windows in server/modules/payments/ledger/windows.ts).
 *
 * On each run the job looks at the latest payout instant P at or before now (the 10th or the 25th at
 * PAYOUT_HOUR). For every creator and currency it pays out everything earned before P's window end (the 16th of the
 * previous month for the 10th, the 1st of this month for the 25th) that no earlier withdrawal took, when that sum
 * reaches the minimum (€100 / ₽3,000) in the creator's payout account currency: earnings in another currency are
 * converted at the day's rate (engine.rates; the withdrawal records the rate and both amounts, the transfer sends the
 * converted sum), and wait when no rate is known.
 * Smaller sums are carried over: they are simply still there at the next payout day. A missed payout day (downtime)
 * is caught up by the next run, whose cutoff covers the earlier window too.
 *
 * Exactly once: payout_runs has one row per (creator, currency, payout day), inserted first in the transaction that
 * writes the withdrawal; a second process inserting the same row does nothing. The transfer at the provider uses a
 * reference built from the same key (its idempotency key), is retried until the provider took it, confirmed when the
 * provider asks, and followed to arrived or failed (payout_runs.status; server/modules/payments/payoutUpdates.ts).
 */
import { and, asc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { TransactionPaymentMethod } from '../../../src/domain/entities';
import { type Currency, type Money, type PayoutCurrency, compareCurrencies, money } from '../../../src/domain/money';
import { convertForPayout, meetsPayoutMinimum, nextPayoutDate } from '../../../src/domain/payout';
import type { JobContext } from '../../platform/jobs';
import { withdrawalLine } from '../payments/ledger/ledger';
import { latestPayoutAt, payoutCutoff, payoutRunDate } from '../payments/ledger/windows';
import type { MoneyDb, MoneyTx } from '../../platform/db/moneyDb';
import type { MoneyEngine } from '../payments/engine';
import { cardBrandOf } from '../payments/settlement';
import { payoutAccounts, transactions, users } from '../../platform/db/schema';
import type { PayoutDestination } from '../payments/PaymentProvider';
import { applyPayoutUpdate, payoutReference } from '../payments/payoutUpdates';
import { payoutRuns } from '../../platform/db/schema-money';
import { rowsOf } from '../../platform/db/db';
import { forEachConcurrently } from '../../platform/concurrency';

export interface PayoutRunResult {
  readonly payoutDate: string;
  readonly paid: { userId: number; currency: Currency; amount: number }[];
  readonly carriedOver: number;
}

/**
 * Earnings before `cutoff` minus their refunds and every withdrawal, per creator and payout currency; only positive
 * sums. Read from `ledger_balance_totals` (migration 0003: the ledger summed per creator, currency and half-month
 * window by a trigger at each commit), a few rows per creator instead of every ledger line: `cutoff` is a window's
 * end, so "earned before it" is "in a window that starts before it". `fromLedger` sums the ledger lines themselves,
 * for a transaction that wrote lines it has not committed yet (the totals see them only at commit).
 */
async function dueAmounts(
  db: MoneyDb | MoneyTx,
  cutoffIso: string,
  userId?: number,
  fromLedger = false,
  creators?: readonly number[],
): Promise<{ userId: number; currency: Currency; due: number }[]> {
  type Row = { user_id: number | string; currency: Currency; due: string };
  const query = fromLedger
    ? sql`select user_id, currency,
          coalesce(sum(amount) filter (where type in ('sell_subscription', 'get_donation') and created_at < ${cutoffIso}::timestamptz), 0)
          - coalesce(sum(amount) filter (where type = 'refund_issued' and coalesce(window_at, created_at) < ${cutoffIso}::timestamptz), 0)
          - coalesce(sum(amount) filter (where type = 'withdrawal'), 0) as due
        from transactions
        where type in ('sell_subscription', 'get_donation', 'refund_issued', 'withdrawal')
          ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}
        group by user_id, currency`
    : sql`select user_id, currency,
          coalesce(sum(earned) filter (where window_start < ${cutoffIso}::timestamptz), 0) - coalesce(sum(withdrawn), 0) as due
        from ledger_balance_totals
        ${userId === undefined ? sql`` : sql`where user_id = ${userId}`}
        ${creators === undefined ? sql`` : sql`where user_id = any(${`{${creators.join(',')}}`}::bigint[])`}
        group by user_id, currency`;
  const rows = rowsOf<Row>(await db.execute(query));
  // Grouping promises no order: creators in id order, each one's currencies in the order balances are shown, so the
  // run pays in the order the payout page announced.
  return rows
    .map((row) => ({ userId: Number(row.user_id), currency: row.currency, due: Number(row.due) }))
    .filter((row) => row.due > 0)
    .sort((a, b) => a.userId - b.userId || compareCurrencies(a.currency, b.currency));
}

/** What a payout run at `payoutAtMs` would find due for one creator, per payout currency (before minimum and account). */
export async function dueAtPayout(
  db: MoneyDb,
  userId: number,
  payoutAtMs: number,
  fromLedger = false,
): Promise<Money[]> {
  const rows = await dueAmounts(db, new Date(payoutCutoff(payoutAtMs)).toISOString(), userId, fromLedger);
  return rows.map((row) => money(row.due, row.currency));
}

const METHOD: Readonly<Record<string, TransactionPaymentMethod>> = {
  bank_card: 'bank_card',
  swift: 'swift',
  global_bank_account: 'global_bank_account',
  ru_account: 'ru_account',
};

/** The ledger's payment method of a withdrawal to an account of this method type. */
export const withdrawalMethodOf = (methodType: string): TransactionPaymentMethod =>
  METHOD[methodType] ?? 'bank_account';

/** What goes out for `due` earnings: as they are in the account's currency, else converted (null: no rate known). */
function sentOf(currency: Currency, target: PayoutCurrency, rate: string | null, due: number): Money | null {
  if (currency === target) return money(due, target);
  return rate === null ? null : convertForPayout(money(due, currency), target, rate);
}

/** Transfers in flight at the provider when the caller's config does not say (PAYOUT_CONCURRENCY). */
const DEFAULT_CONCURRENCY = 8;

/** Creators read and paid per batch of a run. */
const PAYOUT_BATCH = 500;

/** The next `limit` users with balance totals after `after`, in id order (along the totals' key). */
async function creatorsAfter(db: MoneyDb, after: number, limit: number): Promise<number[]> {
  const rows = rowsOf<{ user_id: number | string }>(
    await db.execute(
      sql`select distinct user_id from ledger_balance_totals where user_id > ${after} order by user_id limit ${limit}`,
    ),
  );
  return rows.map((row) => Number(row.user_id));
}

/** Context of a payout run; `config` names PAYOUT_CONCURRENCY (else DEFAULT_CONCURRENCY). */
type PayoutContext = Pick<JobContext, 'db' | 'nowMs'> & {
  readonly config?: Pick<JobContext['config'], 'payoutConcurrency'>;
};

export async function runPayouts(
  context: PayoutContext,
  engine: Pick<MoneyEngine, 'provider' | 'payments' | 'rates'>,
): Promise<PayoutRunResult> {
  const payoutAt = latestPayoutAt(context.nowMs);
  return payDue(context, engine, {
    payoutDate: payoutRunDate(payoutAt),
    cutoffIso: new Date(payoutCutoff(payoutAt)).toISOString(),
  });
}

/** A payout written by payOutNow, as its audit entry records it. */
export interface PaidNow {
  readonly userId: number;
  readonly currency: Currency;
  readonly payoutDate: string;
  readonly amount: Money;
  readonly transfer: Money;
}

/**
 * An operator's payout outside the 10th and 25th, for one creator or for every creator who is due: it pays now what
 * the next payout day would pay (earnings before that day's window end), by the same rules (the minimum, the payout
 * account's currency, conversion at the day's rate). The run's date is today's, so its payout_runs row makes a second
 * call the same day (a second click) pay nothing more, and the next payout day finds the money already withdrawn.
 * `record` writes the audit entry in each payout's own transaction.
 */
export async function payOutNow(
  context: PayoutContext,
  engine: Pick<MoneyEngine, 'provider' | 'payments' | 'rates'>,
  options: { userId?: number; record?: (tx: MoneyTx, paid: PaidNow) => Promise<void> } = {},
): Promise<PayoutRunResult> {
  return payDue(context, engine, {
    payoutDate: payoutRunDate(context.nowMs),
    cutoffIso: new Date(payoutCutoff(nextPayoutDate(context.nowMs))).toISOString(),
    ...options,
  });
}

async function payDue(
  context: PayoutContext,
  engine: Pick<MoneyEngine, 'provider' | 'payments' | 'rates'>,
  plan: {
    payoutDate: string;
    cutoffIso: string;
    userId?: number;
    record?: (tx: MoneyTx, paid: PaidNow) => Promise<void>;
  },
): Promise<PayoutRunResult> {
  const db = context.db as MoneyDb;
  const { payoutDate, cutoffIso } = plan;
  const concurrency = context.config?.payoutConcurrency ?? DEFAULT_CONCURRENCY;
  const at = new Date(context.nowMs);
  const paid: PayoutRunResult['paid'] = [];
  let carriedOver = 0;

  // A batch of creators at a time (bounded memory with any number of creators), in id order.
  for (let after = 0; ;) {
    const creators = plan.userId === undefined ? await creatorsAfter(db, after, PAYOUT_BATCH) : [plan.userId];
    if (creators.length === 0) break;
    const result = await payBatch(await dueAmounts(db, cutoffIso, undefined, false, creators));
    paid.push(...result.paid);
    carriedOver += result.carriedOver;
    if (plan.userId !== undefined || creators.length < PAYOUT_BATCH) break;
    after = creators[creators.length - 1]!;
    // Each written withdrawal's transfer goes out before the next batch, so a long run sends as it goes.
    await sendTransfers(db, engine, context.nowMs, concurrency);
  }
  await sendTransfers(db, engine, context.nowMs, concurrency);
  return { payoutDate, paid, carriedOver };

  async function payBatch(
    candidates: { userId: number; currency: Currency; due: number }[],
  ): Promise<{ paid: PayoutRunResult['paid']; carriedOver: number }> {
    const paid: PayoutRunResult['paid'] = [];
    let carriedOver = 0;
    const accountCurrency = new Map(
      candidates.length === 0
        ? []
        : (
            await db
              .select({ userId: payoutAccounts.userId, currency: payoutAccounts.currency })
              .from(payoutAccounts)
              .where(inArray(payoutAccounts.userId, [...new Set(candidates.map((candidate) => candidate.userId))]))
          ).map((row) => [row.userId, row.currency as PayoutCurrency]),
    );
    // Planned from the batch's read: who is due and what goes out, at the day's rate when converted.
    const planned: { candidate: (typeof candidates)[number]; target: PayoutCurrency; rate: string | null }[] = [];
    for (const candidate of candidates) {
      const target = accountCurrency.get(candidate.userId);
      // Money goes out in the account's currency: its own earnings as they are, others converted at the day's rate.
      const rate =
        target === undefined
          ? null
          : candidate.currency === target
            ? null
            : ((await engine.rates?.rate(candidate.currency, target)) ?? null);
      const transfer = target === undefined ? null : sentOf(candidate.currency, target, rate, candidate.due);
      if (transfer === null || !meetsPayoutMinimum(transfer)) {
        carriedOver += 1;
        continue;
      }
      planned.push({ candidate, target: target!, rate });
    }
    if (planned.length === 0) return { paid, carriedOver };
    const keyOf = (row: { userId: number; currency: string }) => `${row.userId}:${row.currency}`;

    // The whole batch in one transaction of a few statements, not one transaction per creator.
    const written = await db.transaction(async (tx) => {
      // Claimed first: a run another process inserted for the same creator, currency and day is its to pay.
      const claimed = new Set(
        (
          await tx
            .insert(payoutRuns)
            .values(
              planned.map(({ candidate }) => ({
                userId: candidate.userId,
                currency: candidate.currency,
                payoutDate,
                amount: candidate.due,
                transactionId: 0,
                createdAt: at,
              })),
            )
            .onConflictDoNothing()
            .returning({ userId: payoutRuns.userId, currency: payoutRuns.currency })
        ).map(keyOf),
      );
      const mine = planned.filter(({ candidate }) => claimed.has(keyOf(candidate)));
      carriedOver += planned.length - mine.length;
      if (mine.length === 0) return [];
      const userIds = [...new Set(mine.map(({ candidate }) => candidate.userId))];
      const accounts = new Map(
        (await tx.select().from(payoutAccounts).where(inArray(payoutAccounts.userId, userIds))).map((account) => [
          account.userId,
          account,
        ]),
      );
      // Recomputed under the runs' rows: the amounts cannot have changed, but nothing is paid from a stale read.
      const dues = new Map(
        (await dueAmounts(tx, cutoffIso, undefined, false, userIds)).map((row) => [keyOf(row), row]),
      );
      const pay: {
        userId: number;
        amount: Money;
        transfer: Money;
        converted: { amount: Money; rate: string } | null;
        account: typeof payoutAccounts.$inferSelect;
      }[] = [];
      const undo: { userId: number; currency: string }[] = [];
      for (const { candidate, target, rate } of mine) {
        const account = accounts.get(candidate.userId);
        const due = dues.get(keyOf(candidate));
        const transfer =
          due === undefined || account === undefined || account.currency !== target
            ? null
            : sentOf(candidate.currency, target, rate, due.due);
        if (due === undefined || account === undefined || transfer === null || !meetsPayoutMinimum(transfer)) {
          // No account (in this currency) yet: carried over; the claim is undone so a later run (after the account is saved) can pay.
          undo.push(candidate);
          continue;
        }
        const amount = money(due.due, due.currency);
        pay.push({
          userId: candidate.userId,
          amount,
          transfer,
          converted: transfer.currency === amount.currency ? null : { amount: transfer, rate: rate! },
          account,
        });
      }
      carriedOver += undo.length;
      if (undo.length > 0)
        await tx
          .delete(payoutRuns)
          .where(
            and(
              eq(payoutRuns.payoutDate, payoutDate),
              or(...undo.map((run) => and(eq(payoutRuns.userId, run.userId), eq(payoutRuns.currency, run.currency)))),
            ),
          );
      if (pay.length === 0) return [];
      const lines = await tx
        .insert(transactions)
        .values(
          pay.map(({ userId, amount, account, converted }) =>
            withdrawalLine({
              creatorId: userId,
              amount,
              account: {
                country: account.countryIso2,
                methodType: account.methodType,
                currency: account.currency,
                params: account.params,
              },
              paymentMethod: withdrawalMethodOf(account.methodType),
              card:
                account.cardLast4 === null ? null : { brand: cardBrandOf(account.cardBrand), last4: account.cardLast4 },
              converted,
              at,
            }),
          ),
        )
        .returning({ id: transactions.id, userId: transactions.userId, currency: transactions.currency });
      const lineOf = new Map(lines.map((line) => [keyOf(line), line.id]));
      // Each run gets its withdrawal's id, its amount, and what the transfer sends when converted: one statement.
      const values = pay.map(
        ({ userId, amount, converted }) =>
          sql`(${userId}::bigint, ${amount.currency}::text, ${amount.minor}::bigint, ${lineOf.get(keyOf({ userId, currency: amount.currency }))!}::bigint, ${converted?.amount.currency ?? null}::text, ${converted?.amount.minor ?? null}::bigint)`,
      );
      await tx.execute(sql`update payout_runs as runs
        set amount = v.amount, transaction_id = v.transaction_id, payout_currency = v.payout_currency,
          payout_amount = v.payout_amount
        from (values ${sql.join(values, sql`, `)}) as v(user_id, currency, amount, transaction_id, payout_currency, payout_amount)
        where runs.user_id = v.user_id and runs.currency = v.currency and runs.payout_date = ${payoutDate}`);
      for (const { userId, amount, transfer } of pay)
        await plan.record?.(tx, { userId, currency: amount.currency, payoutDate, amount, transfer });
      return pay;
    });
    for (const { userId, amount } of written) paid.push({ userId, currency: amount.currency, amount: amount.minor });
    return { paid, carriedOver };
  }
}

/** Where a payout account's money goes at the provider (README "Smart Glocal": what each method sends). */
export function destinationOf(
  account: typeof payoutAccounts.$inferSelect,
  holderName: string,
): PayoutDestination | null {
  const description = 'Backers payout';
  switch (account.methodType) {
    case 'bank_card':
      return account.cardToken === null ? null : { type: 'card', cardToken: account.cardToken, holderName };
    case 'ru_account':
      // The reference wants the holder's name as in the passport and their INN: both come from the account form
      // (an account saved before they were asked for goes without, and the provider's refusal tells the creator).
      return {
        type: 'ru_account',
        bik: account.params.bik ?? '',
        account: account.params.account ?? '',
        holderName: account.params.full_name ?? holderName,
        ...(account.params.inn ? { inn: account.params.inn } : {}),
        description,
      };
    case 'swift':
      return { type: 'iban', iban: account.params.iban ?? '', holderName, description };
    default:
      // Smart Glocal v1 documents bank accounts as ru or global (IBAN); other account numbers go as the global identifier.
      return {
        type: 'iban',
        iban: account.params.iban ?? account.params.account_number ?? account.params.bank_account_number ?? '',
        holderName,
        description,
      };
  }
}

/** What a run's transfer sends: its converted sum when its earnings were converted, else the run's own. */
export function transferOf(
  run: Pick<typeof payoutRuns.$inferSelect, 'amount' | 'currency' | 'payoutAmount' | 'payoutCurrency'>,
): Money {
  return run.payoutCurrency !== null && run.payoutAmount !== null
    ? money(Number(run.payoutAmount), run.payoutCurrency as PayoutCurrency)
    : money(Number(run.amount), run.currency as PayoutCurrency);
}

/**
 * Sends withdrawals to the provider until each is taken (sent) or refused (failed); idempotent on the run's reference.
 * Every requested one, TRANSFER_BATCH at a time along the runs' key, each visited once per call (one the provider
 * leaves requested waits for the next call); `concurrency` transfers at the provider at once (each on its own run's
 * reference, so a retry is idempotent there).
 */
export async function sendTransfers(
  db: MoneyDb,
  engine: Pick<MoneyEngine, 'provider' | 'payments'>,
  nowMs: number,
  concurrency = DEFAULT_CONCURRENCY,
): Promise<void> {
  if (engine.provider === null) return;
  let after: { userId: number; currency: string; payoutDate: string } | null = null;
  for (;;) {
    const batch: { userId: number; currency: string; payoutDate: string }[] = await sendTransferBatch(
      db,
      engine,
      nowMs,
      after,
      concurrency,
    );
    if (batch.length < TRANSFER_BATCH) return;
    after = batch[batch.length - 1]!;
  }
}

const TRANSFER_BATCH = 100;

async function sendTransferBatch(
  db: MoneyDb,
  engine: Pick<MoneyEngine, 'provider' | 'payments'>,
  nowMs: number,
  after: { userId: number; currency: string; payoutDate: string } | null,
  concurrency: number,
): Promise<{ userId: number; currency: string; payoutDate: string }[]> {
  const provider = engine.provider!;
  const pending = await db
    .select({
      run: payoutRuns,
      account: payoutAccounts,
      user: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(payoutRuns)
    .innerJoin(payoutAccounts, eq(payoutAccounts.userId, payoutRuns.userId))
    .innerJoin(users, eq(users.id, payoutRuns.userId))
    .where(
      and(
        eq(payoutRuns.status, 'requested'),
        lt(payoutRuns.createdAt, new Date(nowMs + 1)),
        after === null
          ? undefined
          : sql`(${payoutRuns.userId}, ${payoutRuns.currency}, ${payoutRuns.payoutDate}) > (${after.userId}, ${after.currency}, ${after.payoutDate})`,
      ),
    )
    .orderBy(asc(payoutRuns.userId), asc(payoutRuns.currency), asc(payoutRuns.payoutDate))
    .limit(TRANSFER_BATCH);
  await forEachConcurrently(pending, concurrency, async ({ run, account, user }) => {
    const holderName = [user.firstName, user.lastName].filter(Boolean).join(' ');
    const destination = destinationOf(account, holderName);
    const payout =
      destination === null
        ? {
            sessionId: null,
            reference: payoutReference(run),
            status: 'failed' as const,
            errorCode: 'payout_account_incomplete',
            errorDescription: 'The payout account has no card',
          }
        : await provider.createPayout({ reference: payoutReference(run), amount: transferOf(run), destination });
    await engine.payments.afterPayoutUpdate(await applyPayoutUpdate(db, payout, nowMs));
    if (payout.awaitingConfirmation === true && payout.sessionId !== null) {
      await engine.payments.afterPayoutUpdate(
        await applyPayoutUpdate(db, await provider.confirmPayout(payout.sessionId), nowMs),
      );
    }
  });
  return pending.map(({ run }) => ({ userId: run.userId, currency: run.currency, payoutDate: run.payoutDate }));
}

/**
 * Follows payouts still under way at the provider (a lost webhook, a confirmation never sent): asks for each one's
 * session and applies the answer. Answers how many changed.
 */
export async function trackPayouts(
  context: Pick<JobContext, 'db' | 'nowMs'>,
  engine: Pick<MoneyEngine, 'provider' | 'payments'>,
): Promise<number> {
  const provider = engine.provider;
  if (provider === null) return 0;
  const db = context.db as MoneyDb;
  const open = await db
    .select()
    .from(payoutRuns)
    .where(and(eq(payoutRuns.status, 'sent'), isNotNull(payoutRuns.providerPayoutId)))
    .limit(100);
  let changed = 0;
  for (const run of open) {
    let payout = await provider.findPayout(run.providerPayoutId!);
    if (payout === null) continue;
    if (payout.awaitingConfirmation === true && payout.sessionId !== null)
      payout = await provider.confirmPayout(payout.sessionId);
    const update = await applyPayoutUpdate(db, { ...payout, reference: payoutReference(run) }, context.nowMs);
    await engine.payments.afterPayoutUpdate(update);
    if (update.changed) changed += 1;
  }
  return changed;
}
