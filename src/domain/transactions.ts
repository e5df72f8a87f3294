/** Transaction display rules (spec sections 2, 3 and 4). */
import {
  type BadgeType,
  CARD_BRANDS,
  type CardBrand,
  type Role,
  type Transaction,
  type TransactionType,
} from './entities';
import { type Money, money } from './money';

/** Money comes in for sold subscriptions, received donations and refunds received; everything else goes out. */
export function transactionSign(type: TransactionType): 1 | -1 {
  return type === 'sell_subscription' || type === 'get_donation' || type === 'refund_received' ? 1 : -1;
}

/**
 * Which of a user's ledger lines each mode lists (the server and the in-memory backend): a creator's earnings, the
 * refunds taken back from them and their payouts; a follower's purchases and the refunds they received.
 */
export const TRANSACTION_TYPES_BY_MODE: Readonly<Record<Role, readonly TransactionType[]>> = {
  creator: ['sell_subscription', 'get_donation', 'refund_issued', 'withdrawal'],
  follower: ['buy_subscription', 'send_donation', 'refund_received'],
};

/** A channel's lines as its creator sees them: what it earned, and refunds taken back from those earnings. */
export const CHANNEL_TRANSACTION_TYPES: readonly TransactionType[] = [
  'sell_subscription',
  'get_donation',
  'refund_issued',
];

/** The amount with the sign of its type (stored amounts are non-negative). */
export function signedAmount(type: TransactionType, amount: Money): Money {
  return money(transactionSign(type) * Math.abs(amount.minor), amount.currency);
}

const BADGES: Readonly<Record<TransactionType, BadgeType>> = {
  buy_subscription: 'BuySubscription',
  sell_subscription: 'SellSubscription',
  send_donation: 'SendDonation',
  get_donation: 'GetDonation',
  withdrawal: 'check',
  refund_received: 'Refund',
  refund_issued: 'Refund',
};

/**
 * The i18n key naming a line's type: a gift's lines (bought, sold, refunded) say so (`common.giftType.<type>`);
 * others `base.<type>`.
 */
export function transactionTypeKey(transaction: Pick<Transaction, 'type' | 'gift'>, base: string): string {
  return transaction.gift === true ? `common.giftType.${transaction.type}` : `${base}.${transaction.type}`;
}

export function badgeFor(type: TransactionType): BadgeType {
  return BADGES[type];
}

/** Price and service fee rows appear for donation received, subscription sold and withdrawal. */
export function showsServiceFee(type: TransactionType): boolean {
  return type === 'get_donation' || type === 'sell_subscription' || type === 'withdrawal';
}

/** What a creator's sale split into, in minor units of one currency: gross = providerFee + serviceFee + net. */
export interface SaleBreakdown {
  /** What the payer paid. */
  readonly gross: Money;
  /** What the card provider kept. */
  readonly providerFee: Money;
  /** The platform's commission. */
  readonly serviceFee: Money;
  /** What the creator earns from it. */
  readonly net: Money;
}

/**
 * The split of a subscription sold or a donation received, so the creator can check that the parts add up; null for
 * other types. Missing parts count as zero; the net is the ledger's payout amount, or what is left without it.
 */
export function saleBreakdown(transaction: Transaction): SaleBreakdown | null {
  if (transaction.type !== 'sell_subscription' && transaction.type !== 'get_donation') return null;
  const gross = transaction.price ?? transaction.total;
  const zero = money(0, gross.currency);
  const providerFee = transaction.providerFee ?? zero;
  const serviceFee = transaction.serviceFee ?? zero;
  const net = transaction.payoutAmount ?? money(gross.minor - providerFee.minor - serviceFee.minor, gross.currency);
  return { gross, providerFee, serviceFee, net };
}

export function isWithdrawal(type: TransactionType): boolean {
  return type === 'withdrawal';
}

export interface PaymentExtra {
  readonly cardBrand: CardBrand;
  readonly cardLast: string;
}

function toCardBrand(value: unknown): CardBrand {
  const lower = typeof value === 'string' ? value.toLowerCase() : '';
  return (CARD_BRANDS as readonly string[]).includes(lower) ? (lower as CardBrand) : 'unknown';
}

/**
 * Reads the transaction's paymentExtra JSON text ({"cardBrand":"visa","cardLast":"4242"}). Never throws: malformed
 * JSON, a non-object or missing last digits give null; an unknown brand becomes 'unknown'; numeric last digits are
 * accepted as text; only the last four digits are kept.
 */
export function parsePaymentExtra(json: string | null | undefined): PaymentExtra | null {
  if (typeof json !== 'string' || json.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { cardBrand, cardLast } = parsed as { cardBrand?: unknown; cardLast?: unknown };
  const last =
    typeof cardLast === 'number' && Number.isInteger(cardLast) && cardLast >= 0
      ? String(cardLast).padStart(4, '0')
      : cardLast;
  if (typeof last !== 'string' || !/^\d{1,19}$/.test(last)) return null;
  return { cardBrand: toCardBrand(cardBrand), cardLast: last.slice(-4) };
}

/** The card to show for a transaction: its card field, else what paymentExtra says, else none. */
export function transactionCard(
  transaction: Pick<Transaction, 'card'>,
  paymentExtra?: string | null,
): { brand: CardBrand; last4: string } | null {
  if (transaction.card !== undefined) return transaction.card;
  const extra = parsePaymentExtra(paymentExtra);
  return extra === null ? null : { brand: extra.cardBrand, last4: extra.cardLast };
}
