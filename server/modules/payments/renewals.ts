/**
 * Renewal charges of weekly, monthly and yearly memberships.
 *
 * Schedule and states (documented decision):
 * - An active membership of a subscription that is not deleted is charged RENEWAL_LEAD before it expires ("early"
 *   attempt) on the user's primary saved card (else the card that paid it last), merchant-initiated, at the price the
 *   member pays (a later price edit applies to new members only).
 * - Success writes the ledger pair and moves the expiry one period on: from the old expiry when charged before it,
 *   from the charge when charged at or after it (src/domain/periods.ts).
 * - Failure (a decline, or no usable card) sets renewal_failed: the membership keeps its access and shows as
 *   `expiring` (follower and creator labels) until expires_at; at expiry one last "final" attempt is made; if that
 *   fails too it simply expires (label `expired`, status stays active so the history shows it was not cancelled).
 *   Paying the invoice again, or a follower's renew after a cancel, clears renewal_failed.
 * - Cancelled memberships and deleted subscriptions are never charged, nor anything a new payment would be refused
 *   for: a banned creator or follower (a ban cancels the follower's memberships), a channel that is deleted, not
 *   approved or without the bot. After a restore, memberships that had ended while it was deleted stay ended.
 *
 * Exactly once, also with several server processes on one PostgreSQL: due members are claimed with
 * SELECT ... FOR UPDATE SKIP LOCKED, and every attempt is a payments row with a unique renewal_key
 * (renewal:<member>:<expiry ms>:<early|final>), inserted in the claiming transaction. The charge itself uses that
 * row's id as the provider reference, so a retry after a crash never charges twice. Downtime: memberships that
 * expired while the server was down are caught up (one final attempt; when it succeeds the new period starts then,
 * so no day already gone by is billed) if they expired within the last RENEWAL_CATCH_UP; older ones stay expired.
 */
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type Currency, money } from '../../../src/domain/money';
import type { JobContext } from '../../platform/jobs';
import type { MoneyDb } from '../../platform/db/moneyDb';
import type { MoneyEngine } from './engine';
import { markRenewalFailed, newPaymentId } from './PaymentService';
import { RENEWAL_LEAD_MS, renewable, renewalKeyOf } from './renewalWindow';
import { channels, savedCards, subscriptionMembers, subscriptions } from '../../platform/db/schema';
import { payments } from '../../platform/db/schema-money';

export { RENEWAL_CATCH_UP_MS, RENEWAL_LEAD_MS } from './renewalWindow';
const BATCH = 50;
/** A claimed attempt not sent to the provider after this long belongs to a process that died: resume it. */
const RESUME_AFTER_MS = 60_000;

export interface RenewalRunResult {
  readonly attempted: number;
  readonly renewed: number;
  readonly failed: number;
}

interface Claimed {
  readonly paymentId: string;
  readonly recurrentToken: string | null;
}

export async function runRenewals(
  context: Pick<JobContext, 'db' | 'nowMs'>,
  engine: Pick<MoneyEngine, 'provider' | 'payments'>,
): Promise<RenewalRunResult> {
  const db = context.db as MoneyDb;
  const nowMs = context.nowMs;
  let attempted = 0;
  let renewed = 0;
  let failed = 0;

  const charge = async (claimed: Claimed): Promise<void> => {
    attempted += 1;
    if (claimed.recurrentToken === null || engine.provider === null) {
      await engine.payments.failOpen(claimed.paymentId, 'no_saved_card', 'There is no saved card to charge');
      failed += 1;
      return;
    }
    const [payment] = await db.select().from(payments).where(eq(payments.id, claimed.paymentId));
    const state = await engine.provider.createPayment({
      reference: payment.id,
      customerReference: String(payment.userId),
      amount: money(Number(payment.amount), payment.currency as Currency),
      description: 'Subscription renewal',
      source: { type: 'recurrent', recurrentToken: claimed.recurrentToken, initiator: 'merchant' },
    });
    const after = await engine.payments.applyProviderState(payment.id, state);
    if (after?.status === 'paid') renewed += 1;
    else if (after?.status === 'error') failed += 1;
  };

  for (const claimed of await resumeOrphans(db, nowMs)) await charge(claimed);
  for (;;) {
    const batch = await claimDue(db, nowMs);
    for (const claimed of batch) await charge(claimed);
    if (batch.length < BATCH) break;
  }
  return { attempted, renewed, failed };
}

/** Claims due memberships and records one attempt each. Answers the attempts this call must charge. */
async function claimDue(db: MoneyDb, nowMs: number): Promise<Claimed[]> {
  const now = new Date(nowMs);
  const nowIso = now.toISOString();
  const attemptKey = renewalKeyOf(
    sql`case when ${subscriptionMembers.expiresAt} > ${nowIso}::timestamptz then 'early' else 'final' end`,
  );
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ member: subscriptionMembers, channelId: channels.id })
      .from(subscriptionMembers)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
      .innerJoin(channels, eq(channels.id, subscriptions.channelId))
      .where(
        and(
          renewable(nowMs),
          lte(subscriptionMembers.expiresAt, new Date(nowMs + RENEWAL_LEAD_MS)),
          eq(channels.connected, true),
          or(
            and(eq(subscriptionMembers.renewalFailed, false), gt(subscriptionMembers.expiresAt, now)),
            lte(subscriptionMembers.expiresAt, now),
          ),
          sql`not exists (select 1 from ${payments} where ${payments.renewalKey} = ${attemptKey})`,
        ),
      )
      .orderBy(asc(subscriptionMembers.expiresAt), asc(subscriptionMembers.id))
      .limit(BATCH)
      .for('update', { of: subscriptionMembers, skipLocked: true });

    const claimed: Claimed[] = [];
    for (const { member, channelId } of due) {
      const expiresAt = member.expiresAt as Date;
      const phase = expiresAt.getTime() > nowMs ? 'early' : 'final';
      const card = await chargeableCard(tx, member.userId, member.cardId);
      const inserted = await tx
        .insert(payments)
        .values({
          id: newPaymentId(),
          userId: member.userId,
          renewalKey: `renewal:${member.id}:${expiresAt.getTime()}:${phase}`,
          kind: 'subscription',
          purpose: 'renewal',
          channelId,
          subscriptionId: member.subscriptionId,
          memberId: member.id,
          amount: member.priceMinor,
          currency: member.currency,
          method: 'renewal',
          savedCardId: card?.id ?? null,
          status: card === null ? 'error' : 'pending',
          errorCode: card === null ? 'no_saved_card' : null,
          errorDescription: card === null ? 'There is no saved card to charge' : null,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      if (inserted.length === 0) continue;
      if (card === null) await markRenewalFailed(tx, member.id, now);
      claimed.push({ paymentId: inserted[0].id, recurrentToken: card?.providerToken ?? null });
    }
    return claimed;
  });
}

/** The primary active card, else the active card that paid the membership last. */
async function chargeableCard(
  tx: Parameters<Parameters<MoneyDb['transaction']>[0]>[0],
  userId: number,
  memberCardId: number | null,
) {
  const usable = and(eq(savedCards.userId, userId), eq(savedCards.deleted, false), eq(savedCards.active, true));
  const [primary] = await tx
    .select()
    .from(savedCards)
    .where(and(usable, eq(savedCards.primary, true)));
  if (primary !== undefined) return primary;
  if (memberCardId === null) return null;
  const [fallback] = await tx
    .select()
    .from(savedCards)
    .where(and(usable, eq(savedCards.id, memberCardId)));
  return fallback ?? null;
}

/** Renewal attempts claimed by a process that died before asking the provider. */
async function resumeOrphans(db: MoneyDb, nowMs: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const orphans = await tx
      .select({ id: payments.id, savedCardId: payments.savedCardId })
      .from(payments)
      .where(
        and(
          eq(payments.purpose, 'renewal'),
          eq(payments.status, 'pending'),
          isNull(payments.providerSessionId),
          lt(payments.updatedAt, new Date(nowMs - RESUME_AFTER_MS)),
        ),
      )
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (orphans.length === 0) return [];
    await tx
      .update(payments)
      .set({ updatedAt: new Date(nowMs) })
      .where(
        inArray(
          payments.id,
          orphans.map((orphan) => orphan.id),
        ),
      );
    const claimed: Claimed[] = [];
    for (const orphan of orphans) {
      const [card] =
        orphan.savedCardId === null
          ? []
          : await tx
              .select({ token: savedCards.providerToken })
              .from(savedCards)
              .where(eq(savedCards.id, orphan.savedCardId));
      claimed.push({ paymentId: orphan.id, recurrentToken: card?.token ?? null });
    }
    return claimed;
  });
}
