/**
 * The in-memory backend's renewals job, as the server's (server/modules/payments/renewals.ts, renewalWindow.ts): an
 * active recurring membership, not on a free trial nor paid in Telegram Stars, is charged within RENEWAL_LEAD_MS before
 * it expires, on its user's primary saved card, at the price it shows. A decline or no card sets renewalFailed. A
 * discount that keeps renewal terms (a promo code or a retention offer, RenewalTermsRecord) counts one renewal down per
 * discounted charge and moves to the full price when none is left (server/modules/payments/promos.ts).
 * Nothing here runs on its own: tests and demos call runRenewals after moving the clock.
 */
import type { PaymentRecord, RenewalTermsRecord } from './records';
import { promoCodesOf } from './InMemoryPromoRepository';
import type { InMemoryBackend } from './InMemoryBackend';
import { recordSale } from './ledger';

/** The server's RENEWAL_LEAD_MS: how long before its expiry a membership renews. */
export const RENEWAL_LEAD_MS = 24 * 60 * 60 * 1000;
/** The server's RENEWAL_CATCH_UP_MS: a membership expired longer ago is not renewed any more. */
const RENEWAL_CATCH_UP_MS = 7 * 24 * 60 * 60 * 1000;

export function runRenewals(backend: InMemoryBackend): void {
  const now = backend.nowMs();
  for (const member of [...backend.members.values()]) {
    if (member.status !== 'active' || member.period === 'onetime' || member.expiresAt === undefined) continue;
    if (member.trialEndsAt !== undefined || member.paidWith === 'stars' || member.renewalFailed === true) continue;
    const expiresMs = member.expiresAt * 1000;
    if (expiresMs - RENEWAL_LEAD_MS > now || expiresMs <= now - RENEWAL_CATCH_UP_MS) continue;
    // A renewal is a new payment: only where a payment would be taken.
    const subscription = backend.subscriptions.get(member.subscriptionId);
    const channel = subscription === undefined ? undefined : backend.channels.get(subscription.channelId);
    const owner = channel === undefined ? undefined : backend.users.get(channel.ownerId);
    const payer = backend.users.get(member.userId);
    if (subscription === undefined || subscription.isDeleted || channel === undefined || channel.isDeleted) continue;
    if (channel.moderation !== 'approved' || owner === undefined || owner.banned || payer === undefined || payer.banned)
      continue;
    const card = [...backend.cards.values()].find((one) => one.userId === member.userId && one.active && one.primary);
    if (card === undefined || card.scenario !== 'approve') {
      member.renewalFailed = true;
      continue;
    }
    const terms = backend.renewalTerms.get(member.id);
    const discounted = terms !== undefined && (terms.renewalsLeft === null || terms.renewalsLeft > 0);
    const amount = member.price;
    const sale = recordSale(backend, {
      payerId: member.userId,
      channel,
      subscription,
      amount,
      card: { brand: card.cardBrand, last4: card.cardLast },
    });
    if (discounted && terms.promoCodeId !== null) recordPromoRenewal(backend, member.userId, channel.id, sale, terms);
    if (discounted && terms.renewalsLeft !== null) {
      terms.renewalsLeft = Math.max(0, terms.renewalsLeft - 1);
      member.price = terms.renewalsLeft > 0 ? amount : terms.fullPrice;
    }
  }
}

/** A renewal a code discounted counts in the code's revenue (not as a redemption): kept as a paid renewal payment. */
function recordPromoRenewal(
  backend: InMemoryBackend,
  userId: number,
  channelId: number,
  sale: { transactionId: number; memberId?: number },
  terms: RenewalTermsRecord,
): void {
  const member = sale.memberId === undefined ? undefined : backend.members.get(sale.memberId);
  const code = promoCodesOf(backend).find((row) => row.id === terms.promoCodeId);
  if (member === undefined || code === undefined) return;
  const id = backend.nextToken('renewal');
  const payment: PaymentRecord = {
    id,
    userId,
    idempotencyKey: id,
    fingerprint: id,
    method: 'smart_glocal_saved_card',
    target: { kind: 'subscription', subscriptionId: member.subscriptionId, channelId },
    amount: member.price,
    status: 'paid',
    scenario: 'approve',
    card: null,
    saveCard: false,
    transactionId: sale.transactionId,
    memberId: member.id,
    promoCode: code.code,
    promoTerms: { promoCodeId: code.id, fullPrice: terms.fullPrice, renewals: terms.renewalsLeft },
    renewal: true,
  };
  backend.payments.set(id, payment);
}
