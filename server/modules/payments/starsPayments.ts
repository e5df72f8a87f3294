/**
 * Telegram Stars payments of invoices (docs/STARS.md; limits and the credit rule in src/domain/stars.ts), beside card
 * payments and in the same payments table, ledger and membership rules.
 *
 * - Checkout (POST /invoice/{kind}/{id}/create, paymentMethod telegram_stars): a pending payment (amount in whole
 *   Stars, currency xtr) and one invoice link for it (createInvoiceLink; payload `p:<payment id>`), made once per
 *   Idempotency-Key. The creator's credit currency and STARS_RATE_* rate are fixed on the payment then; without a rate
 *   the checkout is refused (stars_unavailable, reason no_rate), and without a Stars price too (reason not_sold).
 * - pre_checkout_query: ok only for our pending payment, from its payer (not banned), at its price, while its target
 *   is payable (assertPayable: not deleted, channel approved and connected, creator not banned, not subscribed) and
 *   the Stars price is still the one the link was made at.
 * - successful_payment: settles the invoice payment (the first payment), or records a renewal (is_recurring without
 *   is_first_recurring) as a payment of its own; each once by telegram_payment_charge_id (a unique index), in one
 *   transaction: the membership (extendMembership, as a card payment; expiry from subscription_expiration_date when
 *   Telegram renews it), the ledger pair (the payer's line in xtr, the creator's credited at the rate minus commission).
 * - Refunds: an operator's refund calls refundStarPayment (PaymentService.refundIfDue); refunded_payment, ours or one
 *   made outside, reverses a settled payment once (refunds.ts).
 * Assumed (the reference is silent): a renewal's payload is the first payment's invoice payload (the double does so);
 * a refunded subscription payment leaves Telegram's subscription running, so the bot cancels it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { splitPayment } from '../../../src/domain/fees';
import { type Currency, type PayoutCurrency, currencyExponent, money } from '../../../src/domain/money';
import {
  INVOICE_DESCRIPTION_MAX,
  INVOICE_TITLE_MAX,
  STARS_CURRENCY,
  STARS_MAX_AMOUNT,
  STARS_MIN_AMOUNT,
  starsAmountProblem,
  starsCreditMinor,
  starsOffer,
} from '../../../src/domain/stars';
import type { ServerClock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { subscriptionMembers, transactions, users } from '../../platform/db/schema';
import { payments } from '../../platform/db/schema-money';
import type { MoneyDb, MoneyTx } from '../../platform/db/moneyDb';
import type { StarsInvoiceRequest } from '../bot/BotGateway';
import {
  type InvoiceTarget,
  assertPayable,
  findMember,
  loadDonationTarget,
  loadSubscriptionTarget,
} from './invoiceTargets';
import { reverseSettledPayment } from './refunds';
import { type PaymentRow, extendMembership, paysUnaskedPeriod } from './settlement';
import { type StarsCreditTerms, starsCreditTerms } from './stars';

/** The Bot API calls Stars payments make (BotGateway, through grammY). */
export interface StarsGateway {
  createStarsInvoiceLink(request: StarsInvoiceRequest): Promise<string>;
  refundStarPayment(userId: number, chargeId: string): Promise<void>;
  editStarSubscription(userId: number, chargeId: string, canceled: boolean): Promise<void>;
}

export interface StarsPaymentsOptions {
  readonly db: MoneyDb;
  readonly clock: ServerClock;
  readonly gateway: StarsGateway | null;
  /** STARS_RATE_* per payout currency. */
  readonly rates: ReadonlyMap<string, string>;
  readonly serviceFeeBps: number;
  /** Creates the private channel's personal invite link once a payment gave access (as after a card payment). */
  readonly granted?: (memberId: number) => Promise<unknown>;
  /** Tells the card engine's memo a payment row changed behind it. */
  readonly forget?: (paymentId: string) => void;
}

export interface StarsPreCheckout {
  readonly telegramId: number;
  readonly payload: string;
  readonly stars: number;
  readonly currency: string;
}

export type PreCheckoutAnswer =
  { readonly ok: true } | { readonly ok: false; readonly reason: 'price_changed' | 'unavailable' };

/** A successful_payment or refunded_payment message, as the bot read it. */
export interface StarsPaymentMessage {
  readonly telegramId: number;
  readonly payload: string;
  readonly stars: number;
  readonly currency: string;
  readonly chargeId: string;
  readonly isRecurring?: boolean;
  readonly isFirstRecurring?: boolean;
  /** subscription_expiration_date, Unix seconds. */
  readonly expirationDate?: number;
}

export type StarsMessageResult = 'applied' | 'duplicate' | 'unknown_payment';

const PAYLOAD = /^p:(pay_[A-Za-z0-9_-]{1,64})$/;

/** The payload naming our payment (at most INVOICE_PAYLOAD_MAX_BYTES: ids are about 30 bytes). */
export const starsPayload = (paymentId: string): string => `p:${paymentId}`;
export const paymentIdOfPayload = (payload: string): string | null => PAYLOAD.exec(payload)?.[1] ?? null;

const cut = (text: string, max: number): string => [...text].slice(0, max).join('');

/** Whole Stars a donor typed (a number or a plain integer text), checked against Telegram's limits. */
function donationStars(raw: unknown): number {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  const problem = starsAmountProblem(value);
  if (problem !== null)
    throw new AppError(
      'validation_error',
      problem === 'stars_not_whole'
        ? 'amount must be whole Stars'
        : `amount must be from ${STARS_MIN_AMOUNT} to ${STARS_MAX_AMOUNT} Stars`,
      { field: 'amount', reason: problem },
    );
  return value;
}

export class StarsPayments {
  constructor(private readonly options: StarsPaymentsOptions) {}

  private get db(): MoneyDb {
    return this.options.db;
  }

  private gateway(): StarsGateway {
    if (this.options.gateway === null)
      throw new AppError('payments_disabled', 'Telegram Stars payments are not configured on this server');
    return this.options.gateway;
  }

  /** The terms a target sells in Stars at, or the refusal (stars_unavailable) when it does not. */
  private async terms(target: InvoiceTarget): Promise<StarsCreditTerms> {
    if (target.starsPrice === null)
      throw new AppError('stars_unavailable', 'This is not sold in Telegram Stars', { reason: 'not_sold' });
    const terms = await starsCreditTerms(this.db, this.options.rates, target.creatorId, target.currency);
    if (terms === null)
      throw new AppError('stars_unavailable', 'Telegram Stars payments are not available for this creator yet', {
        reason: 'no_rate',
      });
    return terms;
  }

  /** POST /invoice/{kind}/{id}/create with paymentMethod telegram_stars: a pending payment and its invoice link. */
  async create(input: {
    readonly userId: number;
    readonly kind: 'subscription' | 'donation';
    readonly targetId: number;
    readonly idempotencyKey: string;
    readonly body: Readonly<Record<string, unknown>>;
  }): Promise<PaymentRow> {
    const gateway = this.gateway();
    let payment = await this.byKey(input.userId, input.idempotencyKey);
    let target: InvoiceTarget | null = null;
    if (payment === null) {
      const nowMs = this.options.clock.now();
      const loaded =
        input.kind === 'subscription'
          ? await loadSubscriptionTarget(this.db, input.targetId)
          : await loadDonationTarget(this.db, input.targetId);
      target = await assertPayable(this.db, input.kind, loaded, input.userId, nowMs);
      const terms = await this.terms(target);
      const stars = target.kind === 'subscription' ? target.starsPrice! : donationStars(input.body.amount);
      const at = new Date(nowMs);
      const [inserted] = await this.db
        .insert(payments)
        .values({
          id: `pay_${cryptoId()}`,
          userId: input.userId,
          idempotencyKey: input.idempotencyKey,
          kind: target.kind,
          purpose: 'invoice',
          channelId: target.channel.id,
          subscriptionId: target.kind === 'subscription' ? target.subscriptionId : null,
          donationId: target.kind === 'donation' ? target.donationId : null,
          amount: stars,
          currency: 'xtr',
          method: 'telegram_stars',
          status: 'pending',
          starsCreditCurrency: terms.currency,
          starsRate: terms.rate,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      payment = inserted ?? (await this.byKey(input.userId, input.idempotencyKey));
      if (payment === null) throw new Error('Stars payment row vanished after insert');
    }
    if (payment.invoiceLink !== null || payment.status !== 'pending') return payment;
    // The link: made once per payment (a retry of a call whose link request failed makes it then).
    target ??=
      payment.kind === 'subscription'
        ? await loadSubscriptionTarget(this.db, Number(payment.subscriptionId))
        : await loadDonationTarget(this.db, Number(payment.donationId));
    if (target === null) throw new AppError('not_found', 'Not found');
    const name = target.kind === 'subscription' ? target.name : target.title;
    let link: string;
    try {
      link = await gateway.createStarsInvoiceLink({
        title: cut(name.trim() || target.channel.title, INVOICE_TITLE_MAX),
        description: cut(target.channel.title.trim() || name, INVOICE_DESCRIPTION_MAX),
        payload: starsPayload(payment.id),
        stars: Number(payment.amount),
        recurring: target.kind === 'subscription' && starsOffer(target.period) === 'renewing',
      });
    } catch (error) {
      // Telegram did not make the link: nothing is paid; the same Idempotency-Key may try again.
      throw new AppError('provider_unavailable', 'Telegram did not make the invoice link; try again', {
        reason: error instanceof Error ? error.message : String(error),
      });
    }
    const [updated] = await this.db
      .update(payments)
      .set({ invoiceLink: link, updatedAt: new Date(this.options.clock.now()) })
      .where(and(eq(payments.id, payment.id), isNull(payments.invoiceLink)))
      .returning();
    return updated ?? (await this.byId(payment.id)) ?? payment;
  }

  /** Whether a Stars payment may go ahead (Telegram waits 10 s for the answer: a few reads, no writes). */
  async preCheckout(query: StarsPreCheckout): Promise<PreCheckoutAnswer> {
    const refused = { ok: false, reason: 'unavailable' } as const;
    const paymentId = paymentIdOfPayload(query.payload);
    if (paymentId === null || query.currency !== STARS_CURRENCY) return refused;
    const payment = await this.byId(paymentId);
    if (payment === null || payment.method !== 'telegram_stars' || payment.status !== 'pending') return refused;
    if (payment.purpose !== 'invoice' || Number(payment.amount) !== query.stars) return refused;
    const [payer] = await this.db
      .select({ telegramId: users.telegramId, banned: users.banned })
      .from(users)
      .where(eq(users.id, payment.userId));
    if (payer === undefined || payer.banned || payer.telegramId !== query.telegramId) return refused;
    const target =
      payment.kind === 'subscription'
        ? await loadSubscriptionTarget(this.db, Number(payment.subscriptionId))
        : await loadDonationTarget(this.db, Number(payment.donationId));
    try {
      await assertPayable(this.db, payment.kind, target, payment.userId, this.options.clock.now());
      await this.terms(target!);
    } catch (error) {
      if (error instanceof AppError) return refused;
      throw error;
    }
    // The price the link was made at: a subscription's Stars price must be unchanged (a donor chose their amount).
    if (target!.kind === 'subscription' && target!.starsPrice !== Number(payment.amount))
      return { ok: false, reason: 'price_changed' };
    return { ok: true };
  }

  /** successful_payment: settles the payment (or records the renewal) once per charge id. */
  async paid(message: StarsPaymentMessage): Promise<StarsMessageResult> {
    const paymentId = paymentIdOfPayload(message.payload);
    if (paymentId === null || message.currency !== STARS_CURRENCY) return 'unknown_payment';
    const renewal = message.isRecurring === true && message.isFirstRecurring !== true;
    const nowMs = this.options.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const [invoice] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (invoice === undefined || invoice.method !== 'telegram_stars') return 'unknown_payment' as const;
      const [seen] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.telegramChargeId, message.chargeId));
      if (seen !== undefined) return 'duplicate' as const;
      let payment: PaymentRow = invoice;
      if (renewal) {
        const [row] = await tx
          .insert(payments)
          .values({
            id: `pay_${cryptoId()}`,
            userId: invoice.userId,
            kind: invoice.kind,
            purpose: 'renewal',
            channelId: invoice.channelId,
            subscriptionId: invoice.subscriptionId,
            donationId: invoice.donationId,
            memberId: invoice.memberId,
            amount: message.stars,
            currency: 'xtr',
            method: 'telegram_stars',
            status: 'pending',
            telegramChargeId: message.chargeId,
            starsCreditCurrency: invoice.starsCreditCurrency,
            starsRate: invoice.starsRate,
            createdAt: new Date(nowMs),
            updatedAt: new Date(nowMs),
          })
          .onConflictDoNothing()
          .returning();
        if (row === undefined) return 'duplicate' as const;
        payment = row;
      } else if (invoice.status === 'paid' || invoice.telegramChargeId !== null) {
        return 'duplicate' as const;
      }
      return this.settle(tx, payment, message, nowMs);
    });
    if (typeof outcome === 'string') return outcome;
    this.options.forget?.(outcome.id);
    if (outcome.status === 'paid' && outcome.memberId !== null && outcome.kind === 'subscription')
      await this.options.granted?.(outcome.memberId);
    // A payment for a period the payer had already (a card payment got there first): its Stars go back.
    if (outcome.refundStatus === 'due') await this.refund(outcome).catch(() => undefined);
    return 'applied';
  }

  /** Settles a locked Stars payment: membership, ledger pair, the row paid (or refused with its refund due). */
  private async settle(
    tx: MoneyTx,
    payment: PaymentRow,
    message: StarsPaymentMessage,
    nowMs: number,
  ): Promise<PaymentRow> {
    const at = new Date(nowMs);
    const stars = message.stars;
    if (payment.kind === 'subscription' && (await paysUnaskedPeriod(tx, payment, nowMs))) {
      const [refused] = await tx
        .update(payments)
        .set({
          status: 'error',
          errorCode: 'already_subscribed',
          errorDescription: 'Already subscribed',
          telegramChargeId: message.chargeId,
          refundStatus: 'due',
          updatedAt: at,
        })
        .where(eq(payments.id, payment.id))
        .returning();
      return refused!;
    }
    const target =
      payment.kind === 'subscription'
        ? await loadSubscriptionTarget(tx, Number(payment.subscriptionId))
        : await loadDonationTarget(tx, Number(payment.donationId));
    if (target === null) throw new Error(`the target of Stars payment ${payment.id} is missing`);
    // The rate of today for the creator's credit currency; the one fixed at checkout if it was unset since.
    const terms: StarsCreditTerms = (await starsCreditTerms(
      tx,
      this.options.rates,
      target.creatorId,
      target.currency,
    )) ?? {
      currency: payment.starsCreditCurrency as PayoutCurrency,
      rate: payment.starsRate!,
    };
    let memberId: number | null = null;
    if (target.kind === 'subscription') {
      const recurring = message.isRecurring === true;
      memberId = await extendMembership(tx, {
        subscriptionId: target.subscriptionId,
        userId: payment.userId,
        period: target.period,
        priceMinor: target.priceMinor,
        currency: target.currency,
        cardId: null,
        nowMs,
        renewal: payment.purpose === 'renewal',
        paymentId: payment.id,
        stars: {
          stars,
          subscriptionId: recurring && message.isFirstRecurring === true ? message.chargeId : null,
          expiresAtMs: recurring && message.expirationDate !== undefined ? message.expirationDate * 1000 : null,
        },
      });
    }
    const credit = starsCreditMinor(stars, currencyExponent(terms.currency), terms.rate);
    if (credit === null) throw new Error(`the Stars rate ${terms.rate} is not a positive decimal`);
    const split = splitPayment(money(credit, terms.currency as Currency), this.options.serviceFeeBps);
    const [buy, sell] =
      payment.kind === 'subscription'
        ? (['buy_subscription', 'sell_subscription'] as const)
        : (['send_donation', 'get_donation'] as const);
    const shared = {
      channelId: payment.channelId,
      subscriptionId: payment.subscriptionId,
      memberId,
      donationId: payment.donationId,
      paymentMethod: 'telegram_stars' as const,
      paymentId: payment.id,
      starsAmount: stars,
      starsRate: terms.rate,
      createdAt: at,
    };
    const lines = await tx
      .insert(transactions)
      .values([
        // The payer's line in Stars: what left their Telegram balance.
        {
          ...shared,
          type: buy,
          userId: payment.userId,
          counterpartyId: target.creatorId,
          currency: 'xtr',
          price: stars,
          amount: stars,
          payoutAmount: 0,
        },
        // The creator's line in their payout currency: the Stars at the rate, minus commission.
        {
          ...shared,
          type: sell,
          userId: target.creatorId,
          counterpartyId: payment.userId,
          currency: split.price.currency,
          price: split.price.minor,
          serviceFee: split.serviceFee.minor,
          providerFee: 0,
          payoutAmount: split.payoutAmount.minor,
          amount: split.payoutAmount.minor,
        },
      ])
      .returning({ id: transactions.id, type: transactions.type });
    const [updated] = await tx
      .update(payments)
      .set({
        status: 'paid',
        amount: stars,
        telegramChargeId: message.chargeId,
        memberId,
        starsCreditCurrency: terms.currency,
        starsRate: terms.rate,
        buyTransactionId: lines.find((line) => line.type === buy)!.id,
        sellTransactionId: lines.find((line) => line.type === sell)!.id,
        errorCode: null,
        errorDescription: null,
        settledAt: at,
        updatedAt: at,
      })
      .where(eq(payments.id, payment.id))
      .returning();
    return updated!;
  }

  /**
   * Gives a Stars payment back (refundStarPayment), then reverses it once (a refunded_payment that came first did it
   * already). Answers whether Telegram took the refund.
   */
  async refund(payment: PaymentRow): Promise<boolean> {
    if (payment.telegramChargeId === null) return false;
    const [payer] = await this.db
      .select({ telegramId: users.telegramId })
      .from(users)
      .where(eq(users.id, payment.userId));
    if (payer === undefined) return false;
    try {
      await this.gateway().refundStarPayment(payer.telegramId, payment.telegramChargeId);
    } catch (error) {
      // Refunded already (our earlier call whose answer was lost, or from outside): the money is back with the payer.
      if (!(error instanceof Error && error.message.includes('CHARGE_ALREADY_REFUNDED'))) return false;
    }
    await this.reverse(payment.id);
    await this.cancelRenewals(payment, payer.telegramId);
    return true;
  }

  /** refunded_payment: a settled payment given back (ours, or refunded from outside) is reversed once. */
  async refunded(message: StarsPaymentMessage): Promise<StarsMessageResult> {
    const [payment] = await this.db.select().from(payments).where(eq(payments.telegramChargeId, message.chargeId));
    if (payment === undefined) return 'unknown_payment';
    const reversed = await this.reverse(payment.id);
    if (reversed) await this.cancelRenewals(payment, message.telegramId);
    return reversed ? 'applied' : 'duplicate';
  }

  /** Marks the refund done and reverses the ledger pair and the membership, in one transaction, once. */
  private async reverse(paymentId: string): Promise<boolean> {
    const at = new Date(this.options.clock.now());
    const done = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(payments)
        .set({ refundStatus: 'done', refundedAt: at, updatedAt: at })
        .where(and(eq(payments.id, paymentId), sql`${payments.refundStatus} is distinct from 'done'`))
        .returning();
      if (row === undefined) return false;
      await reverseSettledPayment(tx, row, at);
      return true;
    });
    this.options.forget?.(paymentId);
    return done;
  }

  /** A refunded subscription payment: Telegram would keep renewing it, so its renewals stop too. */
  private async cancelRenewals(payment: PaymentRow, telegramId: number): Promise<void> {
    if (payment.kind !== 'subscription' || payment.subscriptionId === null) return;
    const member = await findMember(this.db, Number(payment.subscriptionId), payment.userId);
    if (member?.starsSubscriptionId == null) return;
    await this.gateway()
      .editStarSubscription(telegramId, member.starsSubscriptionId, true)
      .catch(() => undefined);
  }

  /**
   * A follower's cancel (canceled true) or renew of a Stars membership: Telegram stops or resumes its renewals. A
   * membership paid once (no Telegram subscription) has nothing to tell Telegram.
   */
  async editRenewals(memberId: number, canceled: boolean): Promise<void> {
    const [row] = await this.db
      .select({
        method: subscriptionMembers.paymentMethod,
        subscriptionId: subscriptionMembers.starsSubscriptionId,
        telegramId: users.telegramId,
      })
      .from(subscriptionMembers)
      .innerJoin(users, eq(users.id, subscriptionMembers.userId))
      .where(eq(subscriptionMembers.id, memberId));
    if (row === undefined || row.method !== 'telegram_stars' || row.subscriptionId === null) return;
    try {
      await this.gateway().editStarSubscription(row.telegramId, row.subscriptionId, canceled);
    } catch {
      throw new AppError('provider_unavailable', 'Telegram did not take the change; try again');
    }
  }

  private async byKey(userId: number, key: string): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
    return row ?? null;
  }

  private async byId(id: string): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id));
    return row ?? null;
  }
}

function cryptoId(): string {
  return randomBytes(12).toString('base64url');
}
