/**
 * What a refund of a settled payment changes, in the database transaction that records the provider's refund:
 * the ledger pair is reversed (ledger.ts writeRefundPair) and the membership the charge paid for ends now. Ending it
 * makes every access rule agree at once: the channel-access job removes the member from a private channel, the
 * member is no longer live, and the follower may buy the subscription again. A one-time membership ends the same way
 * (it gets an expiry: src/domain/members.ts). A gift's payment has no membership of its own: its gift is refunded and,
 * if redeemed, takes back the time the recipient has not used yet (gifts.ts closeRefundedGift).
 */
import { eq, sql } from 'drizzle-orm';
import { subscriptionMembers } from '../../platform/db/schema';
import type { MoneyTx } from '../../platform/db/moneyDb';
import { writeRefundPair } from './ledger/ledger';
import { closeRefundedGift } from './gifts';
import type { PaymentRow } from './settlement';

/** Reverses a settled payment (no-op for one that never settled or was reversed already). Answers true when it did. */
export async function reverseSettledPayment(tx: MoneyTx, payment: PaymentRow, at: Date): Promise<boolean> {
  if (payment.status !== 'paid') return false;
  const reversed = await writeRefundPair(tx, payment.id, at);
  if (reversed === null) return false;
  if (payment.purpose === 'gift') await closeRefundedGift(tx, payment.id, at);
  if (payment.kind === 'subscription' && payment.memberId !== null) {
    await tx
      .update(subscriptionMembers)
      .set({
        status: 'cancelled',
        renewalFailed: false,
        expiresAt: sql`least(coalesce(${subscriptionMembers.expiresAt}, ${at}), ${at})`,
        updatedAt: at,
      })
      .where(eq(subscriptionMembers.id, payment.memberId));
  }
  return true;
}
