/**
 * Gift purchases on the payment path (rules: src/domain/gift.ts; the rest: ../gifts/). A gift is an invoice payment
 * with purpose 'gift': it is created like any card payment of the subscription (without the already-subscribed check:
 * the giver may be a member themselves), and its settlement writes the ledger pair labelled as a gift and opens the
 * gift (a fresh code, expiring 30 days later) instead of a membership. A refund of the payment, however it comes,
 * reverses the pair as every refund does and refunds the gift: a redeemed one takes back the time not used yet.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import {
  GIFT_CODE_LENGTH,
  giftCodeFrom,
  expiryAfterTakeBack,
  giftExpiresAt,
  unusedGiftMs,
} from '../../../src/domain/gift';
import type { Period } from '../../../src/domain/entities';
import type { DbOrTx, MoneyTx } from '../../platform/db/moneyDb';
import { subscriptionMembers } from '../../platform/db/schema';
import { type GiftRow, gifts } from '../../platform/db/schema-money';
import type { PaymentRow } from './paymentWrites';

/** A fresh unguessable code (src/domain/gift.ts giftCodeFrom over crypto-random bytes). */
export function newGiftCode(): string {
  for (;;) {
    const code = giftCodeFrom(randomBytes(GIFT_CODE_LENGTH * 2));
    if (code !== null) return code;
  }
}

/** Opens the gift a settled gift payment bought (in the settlement's transaction). */
export async function openGift(tx: MoneyTx, payment: PaymentRow, period: Period, nowMs: number): Promise<void> {
  const at = new Date(nowMs);
  await tx
    .insert(gifts)
    .values({
      code: newGiftCode(),
      paymentId: payment.id,
      giverId: payment.userId,
      subscriptionId: Number(payment.subscriptionId),
      channelId: payment.channelId,
      period,
      amount: Number(payment.amount),
      currency: payment.currency,
      status: 'open',
      expiresAt: new Date(giftExpiresAt(nowMs)),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing();
}

/**
 * A refunded gift payment (in the refund's transaction): an open or expired gift is refunded; a redeemed one is
 * refunded too and takes back from its membership what the recipient has not used yet (takeBackGift).
 */
export async function closeRefundedGift(tx: MoneyTx, paymentId: string, at: Date): Promise<void> {
  await tx
    .update(gifts)
    .set({ status: 'refunded', refundedAt: at, updatedAt: at })
    .where(and(eq(gifts.paymentId, paymentId), inArray(gifts.status, ['open', 'expired'])));
  const [redeemed] = await tx
    .select()
    .from(gifts)
    .where(and(eq(gifts.paymentId, paymentId), eq(gifts.status, 'redeemed')))
    .for('update');
  if (redeemed === undefined) return;
  await takeBackGift(tx, redeemed, at);
  await tx
    .update(gifts)
    .set({ status: 'refunded', refundedAt: at, updatedAt: at })
    .where(and(eq(gifts.id, redeemed.id), eq(gifts.status, 'redeemed')));
}

/**
 * Moves the recipient's expiry back by the part of the gift's span (gave_from..gave_until, stored at redemption) that
 * is still ahead at `at`, never before `at`: a period they paid for themselves, before or after the gift's, keeps its
 * length, and a renewal date the gift moved goes back where it was. A membership on gifts alone (gift_ends_at = its
 * expiry) stays not renewing and, with nothing else left, ends now; the channel-access job then removes a private
 * channel's member. Gifts redeemed before their span was stored take nothing back. Serialised with the recipient's
 * payments by the settlement's per-payer advisory lock (as the redemption is).
 */
async function takeBackGift(tx: MoneyTx, gift: GiftRow, at: Date): Promise<void> {
  if (gift.memberId === null || gift.recipientId === null || gift.gaveFrom === null || gift.gaveUntil === null) return;
  const unusedMs = unusedGiftMs({ fromMs: gift.gaveFrom.getTime(), untilMs: gift.gaveUntil.getTime() }, at.getTime());
  if (unusedMs === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`membership:${gift.subscriptionId}:${gift.recipientId}`}, 0))`,
  );
  const [member] = await tx
    .select()
    .from(subscriptionMembers)
    .where(eq(subscriptionMembers.id, gift.memberId))
    .for('update');
  const expiry = member?.expiresAt?.getTime() ?? null;
  const after = expiryAfterTakeBack(expiry, unusedMs, at.getTime());
  if (member === undefined || expiry === null || after === null || after === expiry) return;
  const moved = new Date(after);
  const giftOnly = member.giftEndsAt !== null && member.giftEndsAt.getTime() === expiry;
  await tx
    .update(subscriptionMembers)
    .set({
      expiresAt: moved,
      ...(giftOnly ? { giftEndsAt: moved, status: 'cancelled' as const, renewalFailed: false } : {}),
      updatedAt: at,
    })
    .where(eq(subscriptionMembers.id, member.id));
}

export async function giftOfPayment(db: DbOrTx, paymentId: string): Promise<GiftRow | null> {
  const [gift] = await db.select().from(gifts).where(eq(gifts.paymentId, paymentId));
  return gift ?? null;
}
