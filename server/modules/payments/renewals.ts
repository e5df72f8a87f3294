/**
 * Renewal charges of weekly, monthly and yearly memberships.
 *
 * Schedule and states (documented decision):
 * - An active membership of a subscription that is not deleted is charged RENEWAL_LEAD before it expires ("early"
 *   attempt) on the user's primary saved card (else the card that paid it last), merchant-initiated, at the price the
 *   member pays (a later price edit applies to new members only; a promo code's discounted price while it still
 *   covers renewals, then the full price: promos.ts).
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
import { forEachConcurrently } from '../../platform/concurrency';
import type { MoneyEngine } from './engine';
import { AppError } from '../../platform/errors';
import { newPaymentId } from './PaymentService';
import { RENEWAL_LEAD_MS, renewable, renewalKeyOf } from './renewalWindow';
import { renewalPromoColumns } from './promos';
import { channels, savedCards, subscriptionMembers, subscriptions } from '../../platform/db/schema';
import { payments } from '../../platform/db/schema-money';

export { RENEWAL_CATCH_UP_MS, RENEWAL_LEAD_MS } from './renewalWindow';
/**
 * Memberships claimed per transaction: a few statements per batch, not per membership. It also bounds how many
 * claimed attempts wait for their charge, so every one is sent well within RESUME_AFTER at the provider's timeout.
 */
const BATCH = 200;
/** A claimed attempt not sent to the provider after this long belongs to a process that died: resume it. */
const RESUME_AFTER_MS = 60_000;
/** Renewal charges in flight when the caller's config does not say (RENEWAL_CONCURRENCY). */
const DEFAULT_CONCURRENCY = 8;

export interface RenewalRunResult {
  readonly attempted: number;
  readonly renewed: number;
  readonly failed: number;
  /** Sent, but the provider did not answer in time: still pending (see charge). */
  readonly unanswered: number;
}

/** An attempt this run must send: what the provider call needs, read in the claim (no second read per charge). */
interface Claimed {
  readonly paymentId: string;
  readonly userId: number;
  readonly amount: number;
  readonly currency: Currency;
  /** Null: no usable card. */
  readonly recurrentToken: string | null;
  /** The claim wrote the attempt failed already (no_saved_card): nothing to send or write. */
  readonly failedInClaim: boolean;
}

/**
 * Charges every due renewal: claimed BATCH at a time, each batch's charges RENEWAL_CONCURRENCY at a time (each its
 * own provider call on its own payment id, so a retry is still idempotent at the provider).
 */
export async function runRenewals(
  context: Pick<JobContext, 'db' | 'nowMs'> & { readonly config?: Pick<JobContext['config'], 'renewalConcurrency'> },
  engine: Pick<MoneyEngine, 'provider' | 'payments'>,
): Promise<RenewalRunResult> {
  const db = context.db as MoneyDb;
  const nowMs = context.nowMs;
  const concurrency = context.config?.renewalConcurrency ?? DEFAULT_CONCURRENCY;
  let attempted = 0;
  let renewed = 0;
  let failed = 0;
  let unanswered = 0;

  const charge = async (claimed: Claimed): Promise<void> => {
    attempted += 1;
    if (claimed.failedInClaim) {
      failed += 1;
      return;
    }
    if (claimed.recurrentToken === null || engine.provider === null) {
      await engine.payments.failOpen(claimed.paymentId, 'no_saved_card', 'There is no saved card to charge');
      failed += 1;
      return;
    }
    let state;
    try {
      state = await engine.provider.createPayment({
        reference: claimed.paymentId,
        customerReference: String(claimed.userId),
        amount: money(claimed.amount, claimed.currency),
        description: 'Subscription renewal',
        source: { type: 'recurrent', recurrentToken: claimed.recurrentToken, initiator: 'merchant' },
      });
    } catch (error) {
      // No answer in PROVIDER_TIMEOUT_MS (or a 5xx): the outcome is unknown, so the attempt stays pending for its
      // webhook, the reconcile job, or a resend on its own reference after RESUME_AFTER; the other charges go on.
      if (!(error instanceof AppError && error.code === 'provider_unavailable')) throw error;
      unanswered += 1;
      return;
    }
    const after = await engine.payments.applyProviderState(claimed.paymentId, state);
    if (after?.status === 'paid') renewed += 1;
    else if (after?.status === 'error') failed += 1;
  };

  await forEachConcurrently(await resumeOrphans(db, nowMs), concurrency, charge);
  for (let after: ClaimCursor | null = null; ;) {
    const { claimed, seen, last } = await claimDue(db, nowMs, after);
    await forEachConcurrently(claimed, concurrency, charge);
    if (seen < BATCH) break;
    after = last;
  }
  return { attempted, renewed, failed, unanswered };
}

/**
 * Where the last batch ended along (expiry, id): its expiry as the database's text (to the microsecond) and its id,
 * taken when claimed, since a renewal moves the expiry on. The next batch starts after it along the due index
 * (migration 0052) instead of walking again past every row this run already attempted.
 */
interface ClaimCursor {
  readonly expiresAt: string;
  readonly id: number;
}

/**
 * Claims due memberships and records one attempt each, in one transaction of four statements whatever the batch's
 * size: the due rows (locked, skipping rows another runner holds), their usable cards, the attempts (one insert), and
 * renewal_failed for those without a card. Answers the attempts this call must charge, and how many rows it locked
 * (a full batch means more may be due).
 */
async function claimDue(
  db: MoneyDb,
  nowMs: number,
  after: ClaimCursor | null,
): Promise<{ claimed: Claimed[]; seen: number; last: ClaimCursor | null }> {
  const now = new Date(nowMs);
  const nowIso = now.toISOString();
  const attemptKey = renewalKeyOf(
    sql`case when ${subscriptionMembers.expiresAt} > ${nowIso}::timestamptz then 'early' else 'final' end`,
  );
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        member: subscriptionMembers,
        channelId: channels.id,
        expiresAtText: sql<string>`${subscriptionMembers.expiresAt}::text`,
      })
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
          after === null
            ? undefined
            : sql`(${subscriptionMembers.expiresAt}, ${subscriptionMembers.id}) > (${after.expiresAt}::timestamptz, ${after.id})`,
        ),
      )
      .orderBy(asc(subscriptionMembers.expiresAt), asc(subscriptionMembers.id))
      .limit(BATCH)
      .for('update', { of: subscriptionMembers, skipLocked: true });
    if (due.length === 0) return { claimed: [], seen: 0, last: null };
    const lastRow = due[due.length - 1]!;
    const last = { expiresAt: lastRow.expiresAtText, id: lastRow.member.id };

    // The primary active card, else the active card that paid the membership last: every candidate in one read.
    const memberCards = due.flatMap(({ member }) => (member.cardId === null ? [] : [member.cardId]));
    const cards = await tx
      .select()
      .from(savedCards)
      .where(
        and(
          inArray(savedCards.userId, [...new Set(due.map(({ member }) => member.userId))]),
          eq(savedCards.deleted, false),
          eq(savedCards.active, true),
          memberCards.length === 0
            ? eq(savedCards.primary, true)
            : or(eq(savedCards.primary, true), inArray(savedCards.id, memberCards)),
        ),
      );
    const primaryOf = new Map(cards.filter((card) => card.primary).map((card) => [card.userId, card]));
    const byId = new Map(cards.map((card) => [card.id, card]));
    const chargeable = (userId: number, cardId: number | null) => {
      const primary = primaryOf.get(userId);
      if (primary !== undefined) return primary;
      const fallback = cardId === null ? undefined : byId.get(cardId);
      return fallback !== undefined && fallback.userId === userId ? fallback : null;
    };

    const attempts = due.map(({ member, channelId }) => {
      const expiresAt = member.expiresAt as Date;
      const phase = expiresAt.getTime() > nowMs ? 'early' : 'final';
      const card = chargeable(member.userId, member.cardId);
      return {
        card,
        row: {
          id: newPaymentId(),
          userId: member.userId,
          renewalKey: `renewal:${member.id}:${expiresAt.getTime()}:${phase}`,
          kind: 'subscription' as const,
          purpose: 'renewal' as const,
          channelId,
          subscriptionId: member.subscriptionId,
          memberId: member.id,
          amount: member.priceMinor,
          currency: member.currency,
          ...renewalPromoColumns(member),
          method: 'renewal' as const,
          savedCardId: card?.id ?? null,
          status: card === null ? ('error' as const) : ('pending' as const),
          errorCode: card === null ? 'no_saved_card' : null,
          errorDescription: card === null ? 'There is no saved card to charge' : null,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          createdAt: now,
          updatedAt: now,
        },
      };
    });
    // A key already taken (another runner's attempt for the same expiry and phase) inserts nothing.
    const inserted = new Set(
      (
        await tx
          .insert(payments)
          .values(attempts.map((attempt) => attempt.row))
          .onConflictDoNothing()
          .returning({ id: payments.id })
      ).map((row) => row.id),
    );
    const claimed = attempts.filter((attempt) => inserted.has(attempt.row.id));
    const withoutCard = claimed.filter((attempt) => attempt.card === null).map((attempt) => attempt.row.memberId);
    // The membership runs out at its expiry (see markRenewalFailed): one statement for the batch.
    if (withoutCard.length > 0)
      await tx
        .update(subscriptionMembers)
        .set({ renewalFailed: true, updatedAt: now })
        .where(inArray(subscriptionMembers.id, withoutCard));
    return {
      seen: due.length,
      last,
      claimed: claimed.map(({ row, card }) => ({
        paymentId: row.id,
        userId: row.userId,
        amount: row.amount,
        currency: row.currency as Currency,
        recurrentToken: card?.providerToken ?? null,
        failedInClaim: card === null,
      })),
    };
  });
}

/** Renewal attempts claimed by a process that died before asking the provider. */
async function resumeOrphans(db: MoneyDb, nowMs: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const orphans = await tx
      .select({
        id: payments.id,
        userId: payments.userId,
        amount: payments.amount,
        currency: payments.currency,
        token: savedCards.providerToken,
      })
      .from(payments)
      .leftJoin(savedCards, eq(savedCards.id, payments.savedCardId))
      .where(
        and(
          eq(payments.purpose, 'renewal'),
          eq(payments.status, 'pending'),
          isNull(payments.providerSessionId),
          lt(payments.updatedAt, new Date(nowMs - RESUME_AFTER_MS)),
        ),
      )
      .limit(BATCH)
      .for('update', { of: payments, skipLocked: true });
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
    return orphans.map((orphan) => ({
      paymentId: orphan.id,
      userId: orphan.userId,
      amount: Number(orphan.amount),
      currency: orphan.currency as Currency,
      recurrentToken: orphan.token ?? null,
      failedInClaim: false,
    }));
  });
}
