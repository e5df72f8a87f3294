/**
 * What a paid charge changes, in one database transaction with the payment row locked:
 * the membership (created, extended or reactivated), the ledger pair, the saved card (when asked to save), and the
 * payment row itself. Runs at most once per payment: the caller holds the row lock and checks the status, and the
 * ledger's unique (payment_id, type) index would refuse a second pair anyway.
 */
import { and, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { CardBrand, Period } from '../../../src/domain/entities';
import { CARD_BRANDS } from '../../../src/domain/entities';
import { splitPayment } from '../../../src/domain/fees';
import { type Currency, money } from '../../../src/domain/money';
import { paymentPairLines } from './ledger/ledger';
import { nextExpiry } from '../../../src/domain/periods';
import {
  savedCards,
  subscriptionMembers,
  subscriptionTrialCounts,
  subscriptionTrials,
  transactions,
} from '../../platform/db/schema';
import { TRIAL_CONVERSION_GRACE_MS } from '../../../src/domain/trial';
import { payments } from '../../platform/db/schema-money';
import type { MoneyTx } from '../../platform/db/moneyDb';
import { isUnexpired, loadSubscriptionTarget } from './invoiceTargets';
import { membershipPromoAfterInvoice, membershipPromoAfterRenewal } from './promos';
import { openGift } from './gifts';
import type { ProviderPayment } from './PaymentProvider';
import {
  type PaidColumns,
  type PaymentRow,
  type VersionedPayment,
  versioned,
  versionedPaymentColumns,
} from './paymentWrites';

export type { PaymentRow, VersionedPayment } from './paymentWrites';

export function cardBrandOf(value: string | null | undefined): CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(value ?? '') ? (value as CardBrand) : 'unknown';
}

export interface SettleOptions {
  readonly nowMs: number;
  readonly serviceFeeBps: number;
  /** The payment's creator: its channel's owner. */
  readonly creatorId: number;
}

/** The columns every provider state sets: its session, hosted page and card; what the state does not say is kept. */
export function sessionColumns(
  payment: PaymentRow,
  state: ProviderPayment,
): Pick<PaymentRow, 'providerSessionId' | 'hostedPageUrl' | 'cardBrand' | 'cardLast4' | 'cardCountry'> {
  return {
    providerSessionId: state.sessionId ?? payment.providerSessionId,
    hostedPageUrl: state.hostedPageUrl ?? payment.hostedPageUrl,
    cardBrand: state.card?.brand ?? payment.cardBrand,
    cardLast4: state.card?.last4 ?? payment.cardLast4,
    cardCountry: state.card?.country ?? payment.cardCountry,
  };
}

export const ALREADY_SUBSCRIBED_DESCRIPTION = 'Already subscribed';

/**
 * Settles a locked, not yet paid payment that the provider reports paid. Answers the updated row: paid, or, when it
 * would buy a membership period the payer did not ask for, refused (status error, already_subscribed) with its
 * refund due (the caller asks the provider for the refund once this transaction has committed).
 */
export async function settlePaidPayment(
  tx: MoneyTx,
  payment: PaymentRow,
  state: ProviderPayment,
  options: SettleOptions,
): Promise<VersionedPayment> {
  const at = new Date(options.nowMs);
  if (payment.kind === 'subscription' && (await paysUnaskedPeriod(tx, payment, options.nowMs))) {
    const [refused] = await tx
      .update(payments)
      .set({
        ...sessionColumns(payment, state),
        status: 'error',
        errorCode: 'already_subscribed',
        errorDescription: ALREADY_SUBSCRIBED_DESCRIPTION,
        redirectUrl: null,
        refundStatus: 'due',
        updatedAt: at,
      })
      .where(eq(payments.id, payment.id))
      .returning(versionedPaymentColumns);
    return versioned(refused, options.creatorId);
  }
  const savedCardId = await saveCardIfAsked(tx, payment, state, at);
  const chargedCardId = savedCardId ?? payment.savedCardId;

  let memberId: number | null = null;
  if (payment.purpose === 'gift') {
    // A gift opens no membership now: the recipient's is made when they redeem it (../gifts/service.ts).
    const target = await loadSubscriptionTarget(tx, Number(payment.subscriptionId));
    if (target === null) throw new Error(`subscription ${payment.subscriptionId} of payment ${payment.id} is missing`);
    await openGift(tx, payment, target.period, options.nowMs);
  } else if (payment.kind === 'subscription') {
    const target = await loadSubscriptionTarget(tx, Number(payment.subscriptionId));
    if (target === null) throw new Error(`subscription ${payment.subscriptionId} of payment ${payment.id} is missing`);
    memberId = await extendMembership(tx, {
      subscriptionId: target.subscriptionId,
      userId: payment.userId,
      period: target.period,
      priceMinor: Number(payment.amount),
      currency: payment.currency as Currency,
      cardId: chargedCardId,
      nowMs: options.nowMs,
      renewal: payment.purpose === 'renewal',
      promo:
        payment.purpose === 'renewal'
          ? null
          : await membershipPromoAfterInvoice(tx, {
              promoCodeId: payment.promoCodeId,
              listAmount: payment.listAmount === null ? null : Number(payment.listAmount),
              amount: Number(payment.amount),
            }),
      promoCodeId: payment.promoCodeId,
      listAmount: payment.listAmount === null ? null : Number(payment.listAmount),
      paymentId: payment.id,
    });
  }

  const {
    pair: { buy, sell, lines },
    columns,
  } = settlementOf(payment, state, options, memberId, chargedCardId);
  // The ledger pair and the row that points at it, in one statement (one round trip fewer per settlement).
  const pair = tx
    .$with('pair')
    .as(tx.insert(transactions).values(lines).returning({ id: transactions.id, type: transactions.type }));
  const [updated] = await tx
    .with(pair)
    .update(payments)
    .set({
      ...columns,
      status: 'paid',
      buyTransactionId: sql`(select ${pair.id} from ${pair} where ${pair.type} = ${buy})`,
      sellTransactionId: sql`(select ${pair.id} from ${pair} where ${pair.type} = ${sell})`,
      errorCode: null,
      errorDescription: null,
      redirectUrl: null,
    })
    .where(eq(payments.id, payment.id))
    .returning(versionedPaymentColumns);
  return versioned(updated, options.creatorId);
}

/**
 * What a paid charge writes, given the membership it pays for (if any) and the card it was made with: the ledger pair
 * (the price split into the fees and the creator's payout) and the payment row's columns besides its status and
 * ledger ids. The same for a settlement in a transaction (above) and the single-statement one of a donation
 * (paymentWrites.ts).
 */
export function settlementOf(
  payment: PaymentRow,
  state: ProviderPayment,
  options: SettleOptions,
  memberId: number | null,
  chargedCardId: number | null,
) {
  const at = new Date(options.nowMs);
  const price = money(Number(payment.amount), payment.currency as Currency);
  const providerFee = money(Math.min(state.providerFee ?? 0, price.minor), price.currency);
  const split = splitPayment(price, options.serviceFeeBps, providerFee);
  const card =
    state.card !== undefined
      ? { brand: state.card.brand, last4: state.card.last4 }
      : payment.cardLast4 !== null
        ? { brand: cardBrandOf(payment.cardBrand), last4: payment.cardLast4 }
        : null;
  const pair = paymentPairLines({
    kind: payment.kind,
    paymentId: payment.id,
    payerId: payment.userId,
    creatorId: options.creatorId,
    channelId: payment.channelId,
    subscriptionId: payment.subscriptionId,
    donationId: payment.donationId,
    memberId,
    split,
    paymentMethod: 'smart_glocal',
    card,
    gift: payment.purpose === 'gift',
    at,
  });
  const columns: PaidColumns = {
    ...sessionColumns(payment, state),
    cardBrand: card?.brand ?? payment.cardBrand,
    cardLast4: card?.last4 ?? payment.cardLast4,
    memberId,
    savedCardId: chargedCardId,
    updatedAt: at,
    settledAt: at,
  };
  return { pair, columns };
}

/**
 * The one-charge-per-membership rule, decided at settlement (creation only pre-checks it): an invoice payment may
 * only start a membership or continue one that has run out. A one-time membership already owned, or a recurring one
 * still running, means another payment of the same payer (a second device, a 3-D Secure page left open, a
 * concurrent tap) got there first. Renewals are charges the membership itself asked for. Serialised per
 * (subscription, payer) by a transaction-level advisory lock, so concurrent settlements on several connections or
 * processes see each other's membership.
 */
export async function paysUnaskedPeriod(tx: MoneyTx, payment: PaymentRow, nowMs: number): Promise<boolean> {
  // A gift pays a period for someone else, whatever the giver's own membership.
  if (payment.purpose !== 'invoice' || payment.subscriptionId === null) return false;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`membership:${payment.subscriptionId}:${payment.userId}`}, 0))`,
  );
  const [member] = await tx
    .select({ period: subscriptionMembers.period, expiresAt: subscriptionMembers.expiresAt })
    .from(subscriptionMembers)
    .where(
      and(
        eq(subscriptionMembers.subscriptionId, Number(payment.subscriptionId)),
        eq(subscriptionMembers.userId, payment.userId),
      ),
    );
  return member !== undefined && isUnexpired(member, nowMs);
}

/** A membership paid in Telegram Stars: Telegram, not our renewals job, renews it (or it is paid once). */
export interface StarsMembership {
  readonly stars: number;
  /** The Telegram subscription's first charge id when Telegram renews it; null: paid once. */
  readonly subscriptionId: string | null;
  /** subscription_expiration_date of a renewing one: the expiry Telegram set (ms); null: the period rule's. */
  readonly expiresAtMs: number | null;
}

export interface MembershipInput {
  readonly subscriptionId: number;
  readonly userId: number;
  readonly period: Period;
  readonly priceMinor: number;
  readonly currency: Currency;
  readonly cardId: number | null;
  readonly nowMs: number;
  /** A renewal keeps the membership's start date even when it is charged after the expiry. */
  readonly renewal: boolean;
  /** Paid in Telegram Stars (absent: by card). */
  readonly stars?: StarsMembership;
  /**
   * A card payment's promo terms for the membership (promos.ts): an invoice's (a code's, or none: null columns), or
   * null for a card renewal (which uses one discounted renewal up). Absent (Stars): an invoice clears them, a renewal
   * keeps them.
   */
  readonly promo?: Awaited<ReturnType<typeof membershipPromoAfterInvoice>> | null;
  /** The code that discounted this charge, if any. */
  readonly promoCodeId?: number | null;
  /** The full price of a discounted charge (a code's or a retention offer's), else null. */
  readonly listAmount?: number | null;
  /** The payment that pays it: a free trial it converts records it. */
  readonly paymentId?: string;
}

/**
 * Creates the membership or moves its expiry (periods.ts: from the old expiry while it is ahead, else from now) and
 * makes it active again with a clean renewal state. Answers the member id.
 */
export async function extendMembership(tx: MoneyTx, input: MembershipInput): Promise<number> {
  const at = new Date(input.nowMs);
  const { stars } = input;
  const paidWith = {
    paymentMethod: stars === undefined ? ('smart_glocal' as const) : ('telegram_stars' as const),
    starsPrice: stars?.stars ?? null,
    starsSubscriptionId: stars?.subscriptionId ?? null,
  };
  const firstExpiry = stars?.expiresAtMs ?? nextExpiry(null, input.period, input.nowMs);
  // The unique (subscription_id, user_id) keeps one row per follower; a racing first payment falls through to extend.
  const inserted = await tx
    .insert(subscriptionMembers)
    .values({
      subscriptionId: input.subscriptionId,
      userId: input.userId,
      status: 'active',
      period: input.period,
      activatedAt: at,
      expiresAt: firstExpiry === null ? null : new Date(firstExpiry),
      priceMinor: input.promo?.priceMinor ?? input.priceMinor,
      promoCodeId: input.promo?.promoCodeId ?? null,
      promoRenewalsLeft: input.promo?.promoRenewalsLeft ?? null,
      fullPriceMinor: input.promo?.fullPriceMinor ?? null,
      currency: input.currency,
      ...paidWith,
      cardId: input.cardId,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: subscriptionMembers.id });
  if (inserted.length > 0) return inserted[0].id;

  const [member] = await tx
    .select()
    .from(subscriptionMembers)
    .where(
      and(eq(subscriptionMembers.subscriptionId, input.subscriptionId), eq(subscriptionMembers.userId, input.userId)),
    )
    .for('update');
  const currentExpiry = member.expiresAt?.getTime() ?? null;
  const lapsed =
    !input.renewal && member.period !== 'onetime' && (currentExpiry === null || currentExpiry <= input.nowMs);
  // Telegram's own expiry for a Stars subscription (never moved back: a late first payment keeps a later expiry).
  const expiry =
    stars?.expiresAtMs != null
      ? Math.max(stars.expiresAtMs, currentExpiry ?? 0)
      : nextExpiry(currentExpiry, member.period, input.nowMs);
  // What the next renewal charges: a card invoice sets the code's terms afresh (or none); a card renewal uses one up.
  const promo =
    input.promo !== undefined && input.promo !== null
      ? input.promo
      : input.promo === null
        ? {
            promoCodeId: member.promoCodeId,
            fullPriceMinor: member.fullPriceMinor,
            ...membershipPromoAfterRenewal(member, {
              promoCodeId: input.promoCodeId ?? null,
              listAmount: input.listAmount ?? null,
              amount: input.priceMinor,
            }),
          }
        : input.renewal
          ? {
              promoCodeId: member.promoCodeId,
              fullPriceMinor: member.fullPriceMinor,
              promoRenewalsLeft: member.promoRenewalsLeft,
              priceMinor: input.priceMinor,
            }
          : { promoCodeId: null, fullPriceMinor: null, promoRenewalsLeft: null, priceMinor: input.priceMinor };
  await tx
    .update(subscriptionMembers)
    .set({
      status: 'active',
      renewalFailed: false,
      expiresAt: expiry === null ? null : new Date(expiry),
      activatedAt: lapsed ? at : member.activatedAt,
      ...paidWith,
      // A Stars renewal names no subscription of its own: the one Telegram renews stays.
      starsSubscriptionId:
        stars !== undefined && input.renewal
          ? (stars.subscriptionId ?? member.starsSubscriptionId)
          : paidWith.starsSubscriptionId,
      priceMinor: promo.priceMinor,
      promoCodeId: promo.promoCodeId,
      promoRenewalsLeft: promo.promoRenewalsLeft,
      fullPriceMinor: promo.fullPriceMinor,
      currency: input.currency,
      cardId: input.cardId ?? member.cardId,
      // Paid: the period is no longer a trial, so renewals charge it from now on.
      trialEndsAt: input.renewal ? member.trialEndsAt : null,
      // Paid by the member: no longer a membership on gifts alone (the follower's page stops saying "Gift").
      giftEndsAt: null,
      updatedAt: at,
    })
    .where(eq(subscriptionMembers.id, member.id));
  if (!input.renewal && member.trialEndsAt !== null) await convertTrial(tx, member.id, input);
  return member.id;
}

/**
 * A follower's first payment after their free trial: the trial converted when paid by its conversion deadline
 * (src/domain/trial.ts). The trial's row and its subscription's counter move in this transaction; no ledger line is
 * written for the trial itself (no money moved), the payment's own pair is the normal one.
 */
async function convertTrial(tx: MoneyTx, memberId: number, input: MembershipInput): Promise<void> {
  const at = new Date(input.nowMs);
  const converted = await tx
    .update(subscriptionTrials)
    .set({ outcome: 'converted', outcomeAt: at, paymentId: input.paymentId ?? null })
    .where(
      and(
        eq(subscriptionTrials.memberId, memberId),
        isNull(subscriptionTrials.outcome),
        gte(subscriptionTrials.endsAt, new Date(input.nowMs - TRIAL_CONVERSION_GRACE_MS)),
      ),
    )
    .returning({ subscriptionId: subscriptionTrials.subscriptionId });
  if (converted.length === 0) return;
  await tx
    .insert(subscriptionTrialCounts)
    .values({ subscriptionId: converted[0].subscriptionId, converted: 1 })
    .onConflictDoUpdate({
      target: subscriptionTrialCounts.subscriptionId,
      set: { converted: sql`${subscriptionTrialCounts.converted} + 1` },
    });
}

/**
 * Keeps the card when the payer asked to save it and the provider gave a recurrent token: brand, last 4, country and
 * the token only. The user's first card becomes primary. Answers the saved card id, or null.
 */
async function saveCardIfAsked(
  tx: MoneyTx,
  payment: PaymentRow,
  state: ProviderPayment,
  at: Date,
): Promise<number | null> {
  if (!payment.saveCard || state.recurrentToken === undefined || state.card === undefined) return null;
  const [existing] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(eq(savedCards.userId, payment.userId), eq(savedCards.providerToken, state.recurrentToken)));
  if (existing !== undefined) return existing.id;
  const [primary] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(eq(savedCards.userId, payment.userId), eq(savedCards.primary, true), ne(savedCards.deleted, true)));
  const [card] = await tx
    .insert(savedCards)
    .values({
      userId: payment.userId,
      brand: state.card.brand,
      last4: state.card.last4,
      active: true,
      primary: primary === undefined,
      providerToken: state.recurrentToken,
      country: state.card.country,
      createdAt: at,
    })
    .returning({ id: savedCards.id });
  return card.id;
}
