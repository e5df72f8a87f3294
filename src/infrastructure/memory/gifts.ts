/**
 * The gifts' expiry job of the in-memory backend, as the server's (server/modules/gifts/service.ts runExpiry): an
 * open gift past its expiry, or whose subscription can no longer be paid (deleted, channel deleted or disconnected,
 * not approved, creator banned), expires and its payment is refunded in full at once (the sandbox provider takes every
 * refund): the reversing pair of the sale, labelled as a gift (refund_received for the giver, the price; refund_issued
 * for the creator, their payout amount, taken from their balance), and the gift reads refunded.
 */
import type { Transaction } from '../../domain/entities';
import type { InMemoryBackend } from './InMemoryBackend';
import { credit } from './ledger';
import type { GiftRecord } from './records';

/** Whether the gift's subscription can take payments now (the server's `payable`). */
export function giftPayable(backend: InMemoryBackend, gift: GiftRecord): boolean {
  const subscription = backend.subscriptions.get(gift.subscriptionId);
  const channel = backend.channels.get(gift.channelId);
  const owner = channel === undefined ? undefined : backend.users.get(channel.ownerId);
  return (
    subscription !== undefined &&
    !subscription.isDeleted &&
    channel !== undefined &&
    !channel.isDeleted &&
    channel.connected &&
    channel.moderation === 'approved' &&
    owner !== undefined &&
    !owner.banned &&
    !owner.paymentsDisabled
  );
}

export function expireGifts(backend: InMemoryBackend): void {
  const nowSeconds = backend.nowMs() / 1000;
  for (const gift of backend.gifts.values()) {
    if (gift.status !== 'open') continue;
    if (gift.expiresAt > nowSeconds && giftPayable(backend, gift)) continue;
    gift.status = 'expired';
    refundGift(backend, gift);
  }
}

function refundGift(backend: InMemoryBackend, gift: GiftRecord): void {
  const payment = backend.payments.get(gift.paymentId);
  if (payment?.transactionId === undefined) return;
  const paid = backend.transactions.find((row) => row.transaction.id === payment.transactionId);
  // The sale's pair: the payer's row, then the owner's right after it (ledger.ts recordSale).
  const index = paid === undefined ? -1 : backend.transactions.indexOf(paid);
  const earned = index < 0 ? undefined : backend.transactions[index + 1];
  if (paid === undefined || earned === undefined) return;
  const createdAt = backend.nowSeconds();
  const reversal = (row: Transaction, type: 'refund_received' | 'refund_issued'): Transaction => ({
    ...row,
    id: backend.nextId(),
    type,
    createdAt,
  });
  backend.transactions.push(
    { userId: paid.userId, transaction: reversal(paid.transaction, 'refund_received') },
    { userId: earned.userId, transaction: reversal(earned.transaction, 'refund_issued') },
  );
  const payout = earned.transaction.payoutAmount ?? earned.transaction.total;
  credit(backend.userRecord(earned.userId).balances.active, { ...payout, minor: -payout.minor });
  gift.status = 'refunded';
}
