/** Money movements of the in-memory backend: sales write the buyer's and the owner's transaction rows. */
import type { Currency, Money } from '../../domain/money';
import { splitPayment } from '../../domain/fees';
import type { CardBrand, Transaction, TransactionType } from '../../domain/entities';
import type { InMemoryBackend } from './InMemoryBackend';
import { isMemberExpired } from '../../domain/members';
import { nextExpiry } from '../../domain/periods';
import { RECURRING_DECLINE } from './testCards';
import { GIFT_CODE_LENGTH, giftCodeFrom, giftExpiresAt } from '../../domain/gift';
import type { ChannelRecord, MemberRecord, PaymentRecord, SubscriptionRecord } from './records';

export interface Sale {
  readonly payerId: number;
  readonly channel: ChannelRecord;
  readonly subscription?: SubscriptionRecord;
  readonly amount: Money;
  readonly card: { readonly brand: CardBrand; readonly last4: string } | null;
  /** A gift for someone else: the sale's rows are labelled as a gift and no membership starts. */
  readonly gift?: boolean;
}

export function credit(balances: Map<Currency, number>, amount: Money): void {
  balances.set(amount.currency, (balances.get(amount.currency) ?? 0) + amount.minor);
}

/** Starts or extends the payer's membership by one period, by the rule the server settles with (src/domain/periods.ts). */
function activateMembership(
  backend: InMemoryBackend,
  payerId: number,
  subscription: SubscriptionRecord,
  amount: Money,
): MemberRecord {
  const now = backend.nowSeconds();
  const nowMs = backend.nowMs();
  const existing = backend.membersOf(subscription.id).find((m) => m.userId === payerId);
  const member: MemberRecord = existing ?? {
    id: backend.nextId(),
    subscriptionId: subscription.id,
    userId: payerId,
    status: 'active',
    period: subscription.period,
    activatedAt: now,
    price: amount,
  };
  const currentExpiryMs = existing?.expiresAt !== undefined ? existing.expiresAt * 1000 : null;
  const expiry = nextExpiry(currentExpiryMs, subscription.period, nowMs);
  // A membership that had run out starts again now; one still running keeps its start.
  if (existing === undefined || currentExpiryMs === null || currentExpiryMs <= nowMs) member.activatedAt = now;
  member.status = 'active';
  member.expiresAt = expiry === null ? undefined : expiry / 1000;
  member.price = amount;
  member.paymentMethod = 'smart_glocal';
  member.renewalFailed = false;
  // The member's own payment: no longer on gifts alone.
  delete member.giftEndsAt;
  // Paid after a free trial: the trial converted (if in time: src/domain/trial.ts), and renewals charge from now on.
  if (member.trialEndsAt !== undefined) {
    delete member.trialEndsAt;
    const trial = [...backend.trials.values()].find((one) => one.memberId === member.id);
    if (trial !== undefined && trial.paidAtMs === null) trial.paidAtMs = nowMs;
  }
  backend.members.set(member.id, member);
  return member;
}

/** Records a paid sale; answers the payer's transaction id and, for subscriptions, the membership id. */
export function recordSale(backend: InMemoryBackend, sale: Sale): { transactionId: number; memberId?: number } {
  const { amount, channel, subscription } = sale;
  const { serviceFee: fee, payoutAmount: payout } = splitPayment(amount, backend.serviceFeeBps);
  const member =
    subscription && sale.gift !== true ? activateMembership(backend, sale.payerId, subscription, amount) : undefined;
  const createdAt = backend.nowSeconds();
  const common = {
    createdAt,
    price: amount,
    paymentMethod: 'smart_glocal' as const,
    card: sale.card ? { ...sale.card } : undefined,
    channel: { id: channel.id, name: channel.name, photoUrl: channel.photoUrl, userName: channel.userName },
    subscription: subscription
      ? { id: subscription.id, name: subscription.name, period: subscription.period }
      : undefined,
    subscriptionMemberId: member?.id,
    ...(sale.gift === true ? { gift: true } : {}),
  };
  const payerRow: Transaction = {
    ...common,
    id: backend.nextId(),
    type: subscription ? 'buy_subscription' : 'send_donation',
    total: amount,
    amount,
    user: { ...backend.userRecord(channel.ownerId).user },
  };
  const ownerType: TransactionType = subscription ? 'sell_subscription' : 'get_donation';
  const ownerRow: Transaction = {
    ...common,
    id: backend.nextId(),
    type: ownerType,
    total: payout,
    amount,
    serviceFee: fee,
    payoutAmount: payout,
    user: { ...backend.userRecord(sale.payerId).user },
  };
  backend.transactions.push(
    { userId: sale.payerId, transaction: payerRow },
    { userId: channel.ownerId, transaction: ownerRow },
  );
  credit(backend.userRecord(channel.ownerId).balances.active, payout);
  return { transactionId: payerRow.id, memberId: member?.id };
}

/** Settles a payment the provider approved: the sale, then the saved card when asked for. Idempotent. */
export function settlePayment(backend: InMemoryBackend, payment: PaymentRecord): void {
  if (payment.status === 'paid') return;
  // As on the server (settlement.ts): a charge that would buy a membership period nobody asked for (another payment
  // got there first) is refused at settlement and its money refunded. A gift buys no membership of the payer's.
  if (payment.target.kind === 'subscription' && payment.gift !== true) {
    const { subscriptionId } = payment.target;
    const now = backend.nowMs();
    if (
      backend
        .membersOf(subscriptionId)
        .some((member) => member.userId === payment.userId && !isMemberExpired(member, now))
    ) {
      payment.status = 'error';
      payment.error = { code: 'already_subscribed', message: 'Already subscribed' };
      payment.redirectUrl = undefined;
      return;
    }
  }
  const channel = backend.channels.get(payment.target.channelId);
  if (channel === undefined) throw new Error(`payment ${payment.id} refers to a missing channel`);
  const subscription =
    payment.target.kind === 'subscription' ? backend.subscriptions.get(payment.target.subscriptionId) : undefined;
  const card = payment.card ? { brand: payment.card.brand, last4: payment.card.last4 } : null;
  const result = recordSale(backend, {
    payerId: payment.userId,
    channel,
    subscription,
    amount: payment.amount,
    card,
    gift: payment.gift === true,
  });
  payment.status = 'paid';
  payment.transactionId = result.transactionId;
  payment.memberId = result.memberId;
  if (result.memberId !== undefined) keepPromoTerms(backend, result.memberId, payment);
  if (payment.gift === true && subscription !== undefined) openGift(backend, payment, subscription);
  payment.redirectUrl = undefined;
  if (payment.saveCard && payment.card) saveCard(backend, payment.userId, payment.card, payment);
}

/**
 * As the server's settlement (membershipPromoAfterInvoice): a code's terms start afresh with each invoice payment, and
 * one paid without a code drops any terms (a code's or a retention offer's). The member's price is what the next
 * renewal charges: the discounted price while the code discounts renewals, else the full price.
 */
function keepPromoTerms(backend: InMemoryBackend, memberId: number, payment: PaymentRecord): void {
  const member = backend.members.get(memberId);
  if (member === undefined) return;
  if (payment.promoCode === undefined || payment.promoTerms === undefined) {
    backend.renewalTerms.delete(memberId);
    return;
  }
  const { promoCodeId, renewals, fullPrice } = payment.promoTerms;
  backend.renewalTerms.set(memberId, { promoCodeId, renewalsLeft: renewals, fullPrice });
  member.price = renewals === null || renewals > 0 ? payment.amount : fullPrice;
}

/** As the server's openGift (server/modules/payments/gifts.ts): a fresh code, expiring GIFT_VALID_DAYS later. */
function openGift(backend: InMemoryBackend, payment: PaymentRecord, subscription: SubscriptionRecord): void {
  if (subscription.period === 'onetime') return;
  let code: string | null = null;
  while (code === null || backend.gifts.has(code))
    code = giftCodeFrom(crypto.getRandomValues(new Uint8Array(GIFT_CODE_LENGTH * 2)));
  backend.gifts.set(code, {
    code,
    paymentId: payment.id,
    giverId: payment.userId,
    subscriptionId: subscription.id,
    channelId: subscription.channelId,
    period: subscription.period,
    price: payment.amount,
    expiresAt: Math.floor(giftExpiresAt(backend.nowMs()) / 1000),
    status: 'open',
    recipientId: null,
    memberId: null,
  });
}

/** Keeps the paid card; a recurring_fails card declines its later (saved-card) charges, as on the server. */
function saveCard(
  backend: InMemoryBackend,
  userId: number,
  card: NonNullable<PaymentRecord['card']>,
  payment: Pick<PaymentRecord, 'scenario' | 'decline' | 'recurringFails'>,
): void {
  const scenario = payment.recurringFails ? 'decline' : payment.scenario;
  const decline = payment.recurringFails ? { ...RECURRING_DECLINE } : payment.decline;
  const owned = [...backend.cards.values()].filter((c) => c.userId === userId);
  if (owned.some((c) => c.cardBrand === card.brand && c.cardLast === card.last4)) return;
  const id = backend.nextId();
  backend.cards.set(id, {
    id,
    userId,
    cardBrand: card.brand,
    cardLast: card.last4,
    active: true,
    primary: owned.length === 0,
    scenario,
    country: card.country,
    ...(decline !== undefined ? { decline } : {}),
  });
}
