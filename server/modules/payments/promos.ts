/**
 * Promo codes on the payment path (rules: src/domain/promo.ts): what a code makes an invoice cost, the redemption
 * slot a payment holds, and what a membership bought with a code pays at its renewals.
 *
 * - A redemption is the invoice payment that names the code (payments.promo_code_id): one per Idempotency-Key, as the
 *   payment is. It holds a slot of max_redemptions while it is open or paid and not refunded; a failed payment, one
 *   refused at settlement and a refunded one free it (`liveRedemptions`).
 * - The slot is taken in the transaction that inserts the payment, with the code's row locked (FOR UPDATE), so two
 *   payers at the last slot are serialised on every database: the second sees the first's payment and is refused
 *   `used_up`.
 * - Renewals: the membership keeps the code, the renewals it still discounts and the full price; the renewals job
 *   charges price_minor (the discounted price while renewals are left) and the settlement moves to the full price
 *   when they are used (settlement.ts). A retention offer (../retention) uses the same columns without a code.
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  type PromoDiscount,
  type PromoQuote,
  type PromoRefusal,
  type PromoTerms,
  checkPromo,
  discountedRenewals,
  normalizePromoCode,
  promoQuote,
} from '../../../src/domain/promo';
import { type Currency, money } from '../../../src/domain/money';
import { AppError } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db/moneyDb';
import { subscriptionMembers, subscriptions } from '../../platform/db/schema';
import { type PromoCodeRow, promoCodeCounts, promoCodes } from '../../platform/db/schema-money';
import type { SubscriptionTarget } from './invoiceTargets';

const REFUSAL_TEXT: Readonly<Record<PromoRefusal, string>> = {
  unknown: 'There is no such promo code',
  expired: 'This promo code has expired',
  used_up: 'This promo code has been used up',
  paused: 'This promo code is paused',
  not_applicable: 'This promo code is not for this subscription',
  new_members_only: 'This promo code is for new members only',
};

export function promoRefused(reason: PromoRefusal): AppError {
  return new AppError('promo_code_invalid', REFUSAL_TEXT[reason], { reason });
}

export function promoDiscountOf(row: PromoCodeRow): PromoDiscount {
  return row.discountKind === 'percent'
    ? { kind: 'percent', percent: Number(row.discountValue) }
    : { kind: 'fixed', amount: money(Number(row.discountValue), row.discountCurrency as Currency) };
}

export function promoTermsOf(row: PromoCodeRow): PromoTerms {
  return {
    channelId: row.channelId,
    subscriptionId: row.subscriptionId,
    discount: promoDiscountOf(row),
    paused: row.paused,
    deleted: row.deleted,
    endsAtMs: row.endsAt?.getTime() ?? null,
    maxRedemptions: row.maxRedemptions,
    newMembersOnly: row.newMembersOnly,
  };
}

/**
 * Invoice payments holding a slot of the code: open, or paid and not refunded (nor being refunded), as the payments
 * trigger of migration 0058 keeps them.
 */
export async function liveRedemptions(db: DbOrTx, promoCodeId: number): Promise<number> {
  const [row] = await db
    .select({ live: promoCodeCounts.live })
    .from(promoCodeCounts)
    .where(eq(promoCodeCounts.promoCodeId, promoCodeId));
  return row?.live ?? 0;
}

/** Whether the payer ever had a membership of a subscription of this channel (the "new members only" rule). */
/**
 * Whether the payer ever paid for a membership of the channel. A free trial never paid (trial_ends_at still set) does
 * not count: the follower paying at its end is a new member, so a new-members-only code applies to that first paid
 * period (server/modules/trials/README.md).
 */
async function wasMemberOfChannel(db: DbOrTx, channelId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptionMembers.id })
    .from(subscriptionMembers)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
    .where(
      and(
        eq(subscriptions.channelId, channelId),
        eq(subscriptionMembers.userId, userId),
        isNull(subscriptionMembers.trialEndsAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface AppliedPromo {
  readonly row: PromoCodeRow;
  readonly quote: PromoQuote;
}

/**
 * What the code makes this subscription cost this payer now, or the refusal (422 promo_code_invalid with its
 * reason). `lock`: read the code's row FOR UPDATE (inside the transaction that takes the slot).
 */
export async function applyPromo(
  db: DbOrTx,
  target: SubscriptionTarget,
  userId: number,
  text: unknown,
  nowMs: number,
  lock = false,
): Promise<AppliedPromo> {
  const code = normalizePromoCode(text);
  if (code === null) throw promoRefused('unknown');
  const query = db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.channelId, target.channel.id), eq(promoCodes.code, code), eq(promoCodes.deleted, false)));
  const [row] = lock ? await query.for('update') : await query;
  const terms = row === undefined ? null : promoTermsOf(row);
  const checked = checkPromo(terms, {
    channelId: target.channel.id,
    subscriptionId: target.subscriptionId,
    currency: target.currency,
    nowMs,
    redemptions: row?.maxRedemptions == null ? 0 : await liveRedemptions(db, row.id),
    wasMember: row?.newMembersOnly === true ? await wasMemberOfChannel(db, target.channel.id, userId) : false,
  });
  if (!checked.ok) throw promoRefused(checked.error);
  const price = money(target.priceMinor, target.currency);
  return { row: row!, quote: promoQuote(code, price, checked.value.discount, row!.duration, row!.periods) };
}

/** The promo columns of a membership after an invoice payment settles (null code: bought at the full price). */
export async function membershipPromoAfterInvoice(
  db: DbOrTx,
  payment: { promoCodeId: number | null; listAmount: number | null; amount: number },
): Promise<{
  promoCodeId: number | null;
  promoRenewalsLeft: number | null;
  fullPriceMinor: number | null;
  priceMinor: number;
}> {
  if (payment.promoCodeId === null || payment.listAmount === null)
    return { promoCodeId: null, promoRenewalsLeft: null, fullPriceMinor: null, priceMinor: payment.amount };
  const [row] = await db
    .select({ duration: promoCodes.duration, periods: promoCodes.periods })
    .from(promoCodes)
    .where(eq(promoCodes.id, payment.promoCodeId));
  const left = discountedRenewals(row?.duration ?? 'first', row?.periods ?? null);
  return {
    promoCodeId: payment.promoCodeId,
    promoRenewalsLeft: left,
    fullPriceMinor: payment.listAmount,
    priceMinor: left === null || left > 0 ? payment.amount : payment.listAmount,
  };
}

/**
 * The promo columns after a renewal settles: one discounted renewal fewer, the full price once none is left. A renewal
 * was discounted when it carries a code or the full price (`listAmount`: a retention offer's renewals carry no code).
 */
export function membershipPromoAfterRenewal(
  member: {
    promoCodeId: number | null;
    promoRenewalsLeft: number | null;
    fullPriceMinor: number | null;
    priceMinor?: number;
  },
  payment: { promoCodeId: number | null; listAmount?: number | null; amount: number },
): { promoRenewalsLeft: number | null; priceMinor: number } {
  const discounted = payment.promoCodeId !== null || (payment.listAmount ?? null) !== null;
  if (!discounted || member.promoRenewalsLeft === null) {
    // A retention offer accepted while this full-price renewal was under way keeps its price for the next ones.
    const offerAccepted =
      !discounted &&
      member.promoCodeId === null &&
      (member.promoRenewalsLeft ?? 0) > 0 &&
      member.priceMinor !== undefined;
    return {
      promoRenewalsLeft: member.promoRenewalsLeft,
      priceMinor: offerAccepted ? member.priceMinor! : payment.amount,
    };
  }
  const left = Math.max(0, member.promoRenewalsLeft - 1);
  return { promoRenewalsLeft: left, priceMinor: left > 0 ? payment.amount : (member.fullPriceMinor ?? payment.amount) };
}

/**
 * A renewal the code still discounts carries the code (for its revenue) and the full price; one a retention offer
 * still discounts (no code, renewals left) carries the full price only.
 */
export const renewalPromoColumns = (member: {
  promoCodeId: number | null;
  promoRenewalsLeft: number | null;
  fullPriceMinor: number | null;
}): { promoCodeId: number | null; listAmount: number | null } =>
  member.promoCodeId !== null && (member.promoRenewalsLeft === null || member.promoRenewalsLeft > 0)
    ? { promoCodeId: member.promoCodeId, listAmount: member.fullPriceMinor }
    : member.promoCodeId === null &&
        member.promoRenewalsLeft !== null &&
        member.promoRenewalsLeft > 0 &&
        member.fullPriceMinor !== null
      ? { promoCodeId: null, listAmount: member.fullPriceMinor }
      : { promoCodeId: null, listAmount: null };
