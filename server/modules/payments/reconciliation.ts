/**
 * Reconciliation with the card provider: the provider's records of every payment session and payout of the last
 * RECONCILIATION_DAYS days, compared with ours by status and amount (the daily job, and the console's Run now).
 *
 * Smart Glocal's API v1 reads sessions one at a time (`session/status`; the reference has no call that lists them), so
 * each of our payments and payouts with a provider session is looked up, as the reconcile job does for open payments
 * (PaymentService.reconcileOpen). A session we have no record of is known only from its webhook: the webhook route
 * records every event with the reference it names (provider_webhook_events), ours or not, so those are looked up too.
 *
 * Each difference is kept once per kind and provider session (running again adds nothing; an ignored one stays
 * ignored) until an operator resolves it:
 * - paid_not_here: the provider charged, our payment is not paid (its webhook lost for good). Apply settles it;
 * - refunded_there: refunded at the provider (in its dashboard), paid here. Apply reverses the ledger pair and ends the
 *   membership;
 * - payout_bounced: our payout arrived, then the recipient's bank returned it. Apply fails it: the money is back in
 *   the creator's balance and the creator is told;
 * - amount_differs: the provider's amount is not ours; unknown_session: a paid session naming nothing of ours. Only
 *   ignore: nothing here can make one amount the other or tell whose a stranger's charge is (a refund at the provider
 *   may be the fix).
 * Apply asks the provider again and goes through the code its webhooks take (PaymentService.applyRecorded,
 * applyPayoutUpdate), with the operator's audit entry and the difference's resolution in that transaction. Resolving
 * a difference that is resolved already changes nothing.
 */
import { and, asc, count, desc, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { ServerClock } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import type { MoneyDb, MoneyTx } from '../../platform/db/moneyDb';
import { users } from '../../platform/db/schema';
import {
  type ReconciliationDifferenceRow,
  type ReconciliationKind,
  payments,
  payoutRuns,
  providerWebhookEvents,
  reconciliationDifferences,
  reconciliationRuns,
} from '../../platform/db/schema-money';
import { payoutObjectId } from '../../../src/contract/admin';
import type { PaymentProvider, ProviderPayment } from './PaymentProvider';
import { type PaymentService, RECONCILE_IDLE_MS } from './PaymentService';
import { applyPayoutUpdate, payoutReference, payoutRunKeyOf } from './payoutUpdates';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/** Kinds an operator may apply (make our records follow the provider's); the others may only be ignored. */
export const APPLICABLE_KINDS: readonly ReconciliationKind[] = ['paid_not_here', 'refunded_there', 'payout_bounced'];

/** Writes the operator's audit entry in the transaction that resolves the difference (and changes what it applies). */
export type DifferenceRecorder = (
  tx: MoneyTx,
  difference: ReconciliationDifferenceRow,
  change: { before: unknown; after: unknown },
) => Promise<void>;

export interface ReconciliationRunResult {
  readonly checked: number;
  readonly found: number;
  /** Sessions the provider did not answer about (it was unreachable): the next run looks again. */
  readonly unanswered: number;
}

type NewDifference = Omit<
  typeof reconciliationDifferences.$inferInsert,
  'id' | 'status' | 'reason' | 'resolvedBy' | 'resolvedAt' | 'foundAt'
>;

/** What differs between our payment and the provider's record of its session, if anything. */
export function paymentDifference(
  payment: { status: string; refundStatus: string | null; amount: number; currency: string },
  state: ProviderPayment,
): ReconciliationKind | null {
  if (
    state.amount !== undefined &&
    (state.amount.minor !== payment.amount || state.amount.currency !== payment.currency)
  )
    return 'amount_differs';
  // A refund we asked for ('due') is finished by the reconcile job; one refused at settlement was never paid here.
  if (state.status !== 'paid' || payment.refundStatus !== null) return null;
  if (state.refunded === true) return payment.status === 'paid' ? 'refunded_there' : null;
  return payment.status === 'paid' ? null : 'paid_not_here';
}

export class Reconciliation {
  constructor(
    private readonly deps: {
      readonly db: MoneyDb;
      readonly clock: ServerClock;
      readonly provider: PaymentProvider | null;
      readonly payments: PaymentService;
      readonly days: number;
    },
  ) {}

  /** The daily job: a run when none started in the last 24 hours (the console's Run now counts). */
  async runIfDue(nowMs: number): Promise<ReconciliationRunResult | { skipped: 'ran_today' | 'no_provider' }> {
    if (this.deps.provider === null) return { skipped: 'no_provider' };
    const [recent] = await this.deps.db
      .select({ id: reconciliationRuns.id })
      .from(reconciliationRuns)
      .where(gt(reconciliationRuns.startedAt, new Date(nowMs - DAY_MS)))
      .limit(1);
    if (recent !== undefined) return { skipped: 'ran_today' };
    return this.run(nowMs, null);
  }

  /**
   * Compares the last `days` days with the provider; answers what it looked at and how many new differences it found.
   * `record` (an operator's audit entry) is written with the run's record once it finished.
   */
  async run(
    nowMs: number,
    operatorTelegramId: number | null,
    record?: (tx: MoneyTx, runId: number, result: ReconciliationRunResult) => Promise<void>,
  ): Promise<ReconciliationRunResult> {
    const provider = this.deps.provider;
    if (provider === null) throw new AppError('payments_disabled', 'Card payments are not configured on this server');
    const { db } = this.deps;
    const [started] = await db
      .insert(reconciliationRuns)
      .values({ startedAt: new Date(nowMs), operatorTelegramId })
      .returning({ id: reconciliationRuns.id });
    const since = new Date(nowMs - this.deps.days * DAY_MS);
    // Younger than this, a payment's news may still be on its way (a webhook in flight): the next run sees it.
    const settledBefore = new Date(nowMs - RECONCILE_IDLE_MS);
    const tally = { checked: 0, found: 0, unanswered: 0 };
    const ask = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      tally.checked += 1;
      try {
        return await call();
      } catch {
        tally.unanswered += 1;
        return undefined;
      }
    };
    const keep = async (difference: NewDifference): Promise<void> => {
      const inserted = await db
        .insert(reconciliationDifferences)
        .values({ ...difference, foundAt: new Date(nowMs) })
        .onConflictDoNothing()
        .returning({ id: reconciliationDifferences.id });
      tally.found += inserted.length;
    };

    // Our payments, in batches by id.
    for (let after = ''; ;) {
      const batch = await db
        .select()
        .from(payments)
        .where(
          and(
            gte(payments.createdAt, since),
            lt(payments.updatedAt, settledBefore),
            isNotNull(payments.providerSessionId),
            gt(payments.id, after),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(BATCH);
      for (const payment of batch) {
        const state = await ask(() => provider.findPayment(payment.id, payment.providerSessionId));
        if (state === undefined || state === null) continue;
        const ours = { ...payment, amount: Number(payment.amount) };
        const kind = paymentDifference(ours, state);
        if (kind === null) continue;
        await keep({
          kind,
          objectType: 'payment',
          objectId: payment.id,
          providerSessionId: state.sessionId ?? payment.providerSessionId!,
          reference: payment.id,
          ourStatus: payment.refundStatus === 'done' ? 'refunded' : payment.status,
          providerStatus: state.refunded === true ? 'refunded' : state.status,
          ourAmount: ours.amount,
          providerAmount: state.amount?.minor ?? null,
          currency: state.amount?.currency ?? payment.currency,
        });
      }
      if (batch.length < BATCH) break;
      after = batch.at(-1)!.id;
    }

    // Our payouts with a provider session.
    for (let offset = 0; ; offset += BATCH) {
      const batch = await db
        .select({ run: payoutRuns, telegramId: users.telegramId })
        .from(payoutRuns)
        .innerJoin(users, eq(users.id, payoutRuns.userId))
        .where(and(gte(payoutRuns.createdAt, since), isNotNull(payoutRuns.providerPayoutId)))
        .orderBy(asc(payoutRuns.userId), asc(payoutRuns.currency), asc(payoutRuns.payoutDate), asc(payoutRuns.attempt))
        .limit(BATCH)
        .offset(offset);
      for (const { run, telegramId } of batch) {
        const state = await ask(() => provider.findPayout(run.providerPayoutId!));
        if (state === undefined || state === null) continue;
        const ourAmount = Number(run.payoutAmount ?? run.amount);
        const ourCurrency = run.payoutCurrency ?? run.currency;
        const kind: ReconciliationKind | null =
          state.amount !== undefined && (state.amount.minor !== ourAmount || state.amount.currency !== ourCurrency)
            ? 'amount_differs'
            : state.status === 'failed' && state.returned === true && run.status === 'arrived'
              ? 'payout_bounced'
              : null;
        if (kind === null) continue;
        await keep({
          kind,
          objectType: 'payout',
          objectId: payoutObjectId(telegramId, run.currency, run.payoutDate),
          providerSessionId: run.providerPayoutId!,
          reference: payoutReference(run),
          ourStatus: run.status,
          providerStatus: state.returned === true ? 'returned' : state.status,
          ourAmount,
          providerAmount: state.amount?.minor ?? null,
          currency: state.amount?.currency ?? ourCurrency,
        });
      }
      if (batch.length < BATCH) break;
    }

    // Sessions we heard of only from a webhook naming a reference of nothing of ours.
    const strangers = await db
      .selectDistinct({
        reference: providerWebhookEvents.paymentId,
        sessionId: sql<string>`split_part(${providerWebhookEvents.eventId}, ':', 2)`,
      })
      .from(providerWebhookEvents)
      .where(
        and(
          gte(providerWebhookEvents.receivedAt, since),
          isNotNull(providerWebhookEvents.paymentId),
          sql`not exists (select 1 from ${payments} where ${payments.id} = ${providerWebhookEvents.paymentId})`,
        ),
      )
      .orderBy(asc(providerWebhookEvents.paymentId))
      .limit(1000);
    for (const stranger of strangers) {
      const reference = stranger.reference!;
      // Payouts are only ever sent by us, under payout references: the payouts above covered them.
      if (payoutRunKeyOf(reference) !== null) continue;
      const state = await ask(() => provider.findPayment(reference, stranger.sessionId));
      if (state === undefined || state === null || state.status !== 'paid') continue;
      await keep({
        kind: 'unknown_session',
        objectType: 'provider_session',
        objectId: stranger.sessionId,
        providerSessionId: stranger.sessionId,
        reference,
        ourStatus: null,
        providerStatus: state.refunded === true ? 'refunded' : state.status,
        ourAmount: null,
        providerAmount: state.amount?.minor ?? null,
        currency: state.amount?.currency ?? '',
      });
    }

    // The run's record, and an operator's audit entry of it, in one transaction.
    await db.transaction(async (tx) => {
      await tx
        .update(reconciliationRuns)
        .set({ finishedAt: new Date(this.deps.clock.now()), checked: tally.checked, found: tally.found })
        .where(eq(reconciliationRuns.id, started!.id));
      await record?.(tx, started!.id, tally);
    });
    return tally;
  }

  async page(
    status: 'open' | 'applied' | 'ignored' | undefined,
    query: { page: number; pageSize: number; order: 'asc' | 'desc' },
  ) {
    const where = status === undefined ? undefined : eq(reconciliationDifferences.status, status);
    const by = query.order === 'asc' ? asc : desc;
    const [items, [total]] = await Promise.all([
      this.deps.db
        .select()
        .from(reconciliationDifferences)
        .where(where)
        .orderBy(by(reconciliationDifferences.foundAt), by(reconciliationDifferences.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.deps.db.select({ total: count() }).from(reconciliationDifferences).where(where),
    ]);
    return { items, total: Number(total?.total ?? 0) };
  }

  async byId(id: number): Promise<ReconciliationDifferenceRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(reconciliationDifferences)
      .where(eq(reconciliationDifferences.id, id));
    return row;
  }

  /**
   * Makes our records follow the provider's for one difference (APPLICABLE_KINDS), through the webhooks' own code,
   * with `record` and the resolution in its transaction. A resolved difference answers as it is and changes nothing.
   */
  async apply(
    id: number,
    operatorTelegramId: number,
    record: DifferenceRecorder,
  ): Promise<ReconciliationDifferenceRow> {
    const difference = await this.byId(id);
    if (difference === undefined) throw notFound('No such difference');
    if (difference.status !== 'open') return difference;
    if (!APPLICABLE_KINDS.includes(difference.kind))
      throw new AppError('conflict', 'This difference cannot be applied here; ignore it with a reason', {
        reason: 'not_applicable',
      });
    const provider = this.deps.provider;
    if (provider === null) throw new AppError('payments_disabled', 'Card payments are not configured on this server');
    const nowMs = this.deps.clock.now();
    const resolve = async (tx: MoneyTx, before: unknown, after: unknown): Promise<void> => {
      const [resolved] = await tx
        .update(reconciliationDifferences)
        .set({ status: 'applied', resolvedBy: operatorTelegramId, resolvedAt: new Date(nowMs) })
        .where(and(eq(reconciliationDifferences.id, id), eq(reconciliationDifferences.status, 'open')))
        .returning();
      // Another operator resolved it meanwhile: roll this back (their resolution stands).
      if (resolved === undefined) throw new AppError('conflict', 'This difference was resolved meanwhile');
      await record(tx, resolved, { before, after });
    };

    if (difference.objectType === 'payment') {
      const payment = await this.deps.payments.byId(difference.reference);
      if (payment === undefined) throw notFound('No such payment');
      // Asked again: the provider's record now, not the one the run saw.
      const state = await provider.findPayment(payment.id, difference.providerSessionId);
      await this.deps.payments.applyRecorded(payment, state, (tx, before, after) =>
        resolve(
          tx,
          { status: before.status, refundStatus: before.refundStatus },
          { status: after.status, refundStatus: after.refundStatus },
        ),
      );
    } else {
      const state = await provider.findPayout(difference.providerSessionId);
      const key = payoutRunKeyOf(difference.reference);
      if (key === null) throw notFound('No such payout');
      const where = and(
        eq(payoutRuns.userId, key.userId),
        eq(payoutRuns.currency, key.currency),
        eq(payoutRuns.payoutDate, key.payoutDate),
        eq(payoutRuns.attempt, key.attempt),
      );
      const update = await this.deps.db.transaction(async (tx) => {
        const [before] = await tx.select().from(payoutRuns).where(where).for('update');
        if (before === undefined) throw notFound('No such payout');
        const applied = state === null ? { changed: false, failed: null } : await applyPayoutUpdate(tx, state, nowMs);
        const [after] = await tx.select({ status: payoutRuns.status }).from(payoutRuns).where(where);
        await resolve(tx, { status: before.status }, { status: after?.status ?? before.status });
        return applied;
      });
      // After the commit, as the webhook does: the creator hears that the money is back.
      await this.deps.payments.afterPayoutUpdate(update);
    }
    return (await this.byId(id))!;
  }

  /** Closes a difference without changing anything else, with the operator's reason. Resolved already: nothing. */
  async ignore(
    id: number,
    operatorTelegramId: number,
    reason: string,
    record: DifferenceRecorder,
  ): Promise<ReconciliationDifferenceRow> {
    const nowMs = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(reconciliationDifferences)
        .where(eq(reconciliationDifferences.id, id))
        .for('update');
      if (current === undefined) throw notFound('No such difference');
      if (current.status !== 'open') return current;
      const [ignored] = await tx
        .update(reconciliationDifferences)
        .set({ status: 'ignored', reason, resolvedBy: operatorTelegramId, resolvedAt: new Date(nowMs) })
        .where(eq(reconciliationDifferences.id, id))
        .returning();
      await record(tx, ignored!, { before: { status: 'open' }, after: { status: 'ignored', reason } });
      return ignored!;
    });
  }
}
