/**
 * Gift purchases on the payment path (rules: src/domain/gift.ts; the rest: ../gifts/). A gift is an invoice payment
 * with purpose 'gift': it is created like any card payment of the subscription (without the already-subscribed check:
 * the giver may be a member themselves), and its settlement writes the ledger pair labelled as a gift and opens the
 * gift (a fresh code, expiring 30 days later) instead of a membership. A refund of the payment, however it comes,
 * reverses the pair as every refund does and closes a gift nobody redeemed yet.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { GIFT_CODE_LENGTH, giftCodeFrom, giftExpiresAt } from '../../../src/domain/gift';
import type { Period } from '../../../src/domain/entities';
import type { DbOrTx, MoneyTx } from '../../platform/db/moneyDb';
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

/** A refunded gift payment: its gift, if nobody redeemed it, is refunded (a redeemed one keeps its membership). */
export async function closeRefundedGift(tx: MoneyTx, paymentId: string, at: Date): Promise<void> {
  await tx
    .update(gifts)
    .set({ status: 'refunded', refundedAt: at, updatedAt: at })
    .where(and(eq(gifts.paymentId, paymentId), inArray(gifts.status, ['open', 'expired'])));
}

export async function giftOfPayment(db: DbOrTx, paymentId: string): Promise<GiftRow | null> {
  const [gift] = await db.select().from(gifts).where(eq(gifts.paymentId, paymentId));
  return gift ?? null;
}
