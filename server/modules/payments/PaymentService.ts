/**
 * Card payments of invoices (spec sections 4 and 7) on top of the PaymentProvider port.
 *
 * The payments row is the source of truth. A payment moves pending → action_required → paid | error, and only ever
 * forward; it is settled (membership, ledger pair, saved card) exactly once, in the database transaction that marks
 * it paid with the row locked. Provider answers reach it three ways, all idempotent: the provider's reply to the
 * create call, a signed notification (deduplicated by event id), and a lookup by reference when the client checks a
 * payment that is still open (or the reconcile job finds one). So a lost notification or a restart between the
 * charge and its confirmation loses nothing and charges nothing twice: the provider is asked by our payment id,
 * which it treats as an idempotency key.
 *
 * Provider calls never run inside a database transaction (the sandbox's Smart Glocal double sends its webhooks while it answers).
 */
import type { MemberAccess } from '../access/service';
import { and, asc, count, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { checkAmount, parseWireAmount } from '../../../src/domain/amounts';
import type { InvoicePaymentMethod, PaymentStatus } from '../../../src/domain/entities';
import { INVOICE_PAYMENT_METHODS } from '../../../src/domain/entities';
import { type Money, money, toMajor } from '../../../src/domain/money';
import type { ServerClock } from '../../platform/clock';
import { AppError, notFound, validationError } from '../../platform/errors';
import { type CrashPoint, crashAt } from '../../platform/crashPoint';
import { channelLinks } from '../../platform/channelLinks';
import { type SavedCardRow, channels, savedCards, subscriptionMembers } from '../../platform/db/schema';
import { cardTokenizations, payments, providerWebhookEvents } from '../../platform/db/schema-money';
import type { MoneyDb, MoneyTx } from '../../platform/db/moneyDb';
import { type InvoiceTarget, type SubscriptionTarget, assertPayable, preparedTargetLoaders } from './invoiceTargets';
import { applyPromo } from './promos';
import { isGiftablePeriod } from '../../../src/domain/gift';
import type { PaymentProvider, PaymentSource, ProviderEvent, ProviderPayment } from './PaymentProvider';
import { type PayoutFailureNotifier, type PayoutUpdate, applyPayoutUpdate, isOurPayout } from './payoutUpdates';
import { type PaymentRow, type VersionedPayment, sessionColumns, settlePaidPayment, settlementOf } from './settlement';
import {
  type StateColumns,
  paymentVersion,
  preparedPaymentWrites,
  versioned,
  versionedPaymentColumns,
} from './paymentWrites';
import { reverseSettledPayment } from './refunds';
import type { StarsPayments } from './starsPayments';
import { RecentlyWritten } from '../../platform/recentlyWritten';

/** Writes what an operator's action changed (its audit entry) in the transaction that changes the payment. */
export type PaymentRecorder = (tx: MoneyTx, before: PaymentRow, after: PaymentRow) => Promise<void>;

export interface CreateInvoicePaymentInput {
  readonly userId: number;
  readonly kind: 'subscription' | 'donation';
  readonly targetId: number;
  readonly idempotencyKey: string;
  readonly body: Readonly<Record<string, unknown>>;
  /** A gift for someone else (payments/gifts.ts): one period by card, no promo code, whatever the payer's membership. */
  readonly gift?: boolean;
}

export interface PaymentView {
  readonly payment: PaymentRow;
  /** The channel link a paid subscriber opens. */
  readonly inviteLink: string | null;
}

export interface PaymentServiceOptions {
  readonly db: MoneyDb;
  readonly clock: ServerClock;
  /** null: no provider configured (sandbox off without a real adapter): payments are disabled. */
  readonly provider: PaymentProvider | null;
  readonly serviceFeeBps: number;
  /** Personal invite links to private channels (absent: the channel's own link). */
  readonly access?: MemberAccess;
  /** Tells a creator a payout failed (the bot); absent in tools. */
  readonly payoutFailed?: PayoutFailureNotifier;
  /** Tests only (CRASH_AT): the point of the payment path where the process kills itself (server/platform/crashPoint.ts). */
  readonly crashAt?: CrashPoint;
  /** The app's public origin (PUBLIC_URL): where a payer comes back to after 3-D Secure. */
  readonly appUrl?: string;
  /** Telegram Stars payments (paymentMethod telegram_stars; their refunds go through the bot, not the provider). */
  readonly stars?: StarsPayments;
}

/**
 * Open payments the provider never saw (the process stopped between the insert and the provider call, or the call
 * failed) are given up after this long. A provider call takes at most PROVIDER_TIMEOUT_MS (120 s at the very most),
 * and a late charge still settles a payment given up on (applyInTransaction), so nothing is lost by ending it early.
 */
export const ABANDON_AFTER_MS = 60_000;
/** Open payments untouched this long are looked up at the provider by the reconcile job. */
export const RECONCILE_IDLE_MS = 60_000;

/** Decline codes after which a saved card cannot be charged again. */
const CARD_DEAD_CODES = new Set(['expired_card', 'card_not_supported']);
const OPEN_STATUSES: PaymentStatus[] = ['pending', 'action_required'];

/**
 * Whether a provider state changes a payment (else applying it writes nothing): a refund of a settled charge; a
 * charge of a payment still open, or of one we gave up on (a late charge still settles it; never one refused at
 * settlement: its money goes back); news about an open payment (polls usually learn nothing new).
 */
function changesPayment(payment: PaymentRow, state: ProviderPayment): boolean {
  if (payment.status === 'paid') return state.refunded === true && payment.refundStatus !== 'done';
  if (payment.refundStatus !== null) return false;
  if (payment.status === 'error') return state.status === 'paid';
  const sessionId = state.sessionId ?? payment.providerSessionId;
  const unchanged =
    payment.providerSessionId === sessionId &&
    ((state.status === 'pending' && payment.status === 'pending') ||
      (state.status === 'action_required' &&
        payment.status === 'action_required' &&
        payment.redirectUrl === (state.redirectUrl ?? null)));
  return !unchanged;
}

/** The payment row's columns after a provider state that is not a charge (a charge is settled: settlement.ts). */
function stateColumns(payment: PaymentRow, state: ProviderPayment, at: Date): StateColumns {
  const common = { ...sessionColumns(payment, state), updatedAt: at };
  switch (state.status) {
    case 'action_required':
      return {
        ...common,
        status: 'action_required',
        redirectUrl: state.redirectUrl ?? null,
        errorCode: payment.errorCode,
        errorDescription: payment.errorDescription,
      };
    case 'pending':
      return {
        ...common,
        status: 'pending',
        redirectUrl: payment.redirectUrl,
        errorCode: payment.errorCode,
        errorDescription: payment.errorDescription,
      };
    case 'paid':
      throw new Error('a charge is settled (settlement.ts), not applied as a state');
    case 'cancelled':
    case 'error':
      return {
        ...common,
        status: 'error',
        redirectUrl: null,
        errorCode: state.errorCode ?? 'payment_failed',
        errorDescription: state.errorDescription ?? 'The payment failed',
      };
  }
}

/** What a failure changes besides the payment: a saved card that can no longer be charged, a renewal that failed. */
function failureSideEffects(
  payment: PaymentRow,
  state: ProviderPayment,
): { deadCardId: number | null; failedRenewalMemberId: number | null } {
  const failed = state.status === 'cancelled' || state.status === 'error';
  return {
    deadCardId:
      failed && state.errorCode !== undefined && CARD_DEAD_CODES.has(state.errorCode) ? payment.savedCardId : null,
    failedRenewalMemberId: failed && payment.purpose === 'renewal' ? payment.memberId : null,
  };
}

/** The membership runs out at its expiry (label expiring until then, expired after): see server/modules/payments/renewals.ts. */
export async function markRenewalFailed(tx: MoneyTx, memberId: number, at: Date): Promise<void> {
  await tx
    .update(subscriptionMembers)
    .set({ renewalFailed: true, updatedAt: at })
    .where(eq(subscriptionMembers.id, memberId));
}

export function newPaymentId(): string {
  return `pay_${randomBytes(12).toString('base64url')}`;
}

interface ResolvedMethod {
  readonly method: InvoicePaymentMethod;
  readonly source: PaymentSource;
  readonly savedCardId: number | null;
  readonly saveCard: boolean;
  readonly card: { brand: string; last4: string } | null;
  /** sha256 of the public token of the card tokenisation this payment uses (never the token itself). */
  readonly tokenizationHash: string | null;
}

/** The saved card a request names (NaN when it names none or not a number). */
const savedCardIdOf = (body: Readonly<Record<string, unknown>>): number =>
  typeof body.cardId === 'number' ? body.cardId : typeof body.cardId === 'string' ? Number(body.cardId) : NaN;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export class PaymentService {
  private readonly db: MoneyDb;
  private readonly clock: ServerClock;

  /** The lookups every payment makes, prepared once (per connection on PostgreSQL): no query building per call. */
  private readonly prepared;
  private readonly targets;
  private readonly recent = new RecentlyWritten<VersionedPayment>();
  private readonly writes;

  constructor(private readonly options: PaymentServiceOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.targets = preparedTargetLoaders(this.db);
    this.writes = preparedPaymentWrites(this.db);
    this.prepared = {
      versionedById: this.db
        .select({ ...versionedPaymentColumns, creatorId: channels.ownerId })
        .from(payments)
        .leftJoin(channels, eq(channels.id, payments.channelId))
        .where(eq(payments.id, sql.placeholder('id')))
        .prepare('payment_versioned_by_id'),
      byKey: this.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, sql.placeholder('userId')), eq(payments.idempotencyKey, sql.placeholder('key'))))
        .prepare('payment_by_key'),
      // A new invoice payment (the insert of createInvoicePayment); a conflict on the key or the card token inserts nothing.
      insert: this.db
        .insert(payments)
        .values({
          id: sql.placeholder('id'),
          userId: sql.placeholder('userId'),
          idempotencyKey: sql.placeholder('idempotencyKey'),
          kind: sql.placeholder('kind'),
          purpose: 'invoice',
          channelId: sql.placeholder('channelId'),
          subscriptionId: sql.placeholder('subscriptionId'),
          donationId: sql.placeholder('donationId'),
          amount: sql.placeholder('amount'),
          currency: sql.placeholder('currency'),
          method: sql.placeholder('method'),
          savedCardId: sql.placeholder('savedCardId'),
          saveCard: sql.placeholder('saveCard'),
          status: 'pending',
          cardBrand: sql.placeholder('cardBrand'),
          cardLast4: sql.placeholder('cardLast4'),
          tokenizationHash: sql.placeholder('tokenizationHash'),
          createdAt: sql.placeholder('at'),
          updatedAt: sql.placeholder('at'),
        })
        .onConflictDoNothing()
        .returning(versionedPaymentColumns)
        .prepare('payment_insert'),
      savedCard: this.db
        .select()
        .from(savedCards)
        .where(
          and(
            eq(savedCards.id, sql.placeholder('cardId')),
            eq(savedCards.userId, sql.placeholder('userId')),
            eq(savedCards.deleted, false),
          ),
        )
        .prepare('payment_saved_card'),
    };
  }

  get provider(): PaymentProvider | null {
    return this.options.provider;
  }

  /** POST /invoice/{kind}/{id}/create. Runs under the caller's Idempotency-Key (see server/platform/http/idempotency.ts). */
  async createInvoicePayment(input: CreateInvoicePaymentInput): Promise<PaymentView> {
    const gift = input.gift === true;
    if (gift && input.body.paymentMethod === 'telegram_stars')
      throw validationError('paymentMethod', 'A gift is paid by card');
    if (gift && input.body.promoCode !== undefined)
      throw validationError('promoCode', 'Promo codes do not apply to gifts');
    if (input.body.paymentMethod === 'telegram_stars') {
      if (this.options.stars === undefined)
        throw new AppError('payments_disabled', 'Telegram Stars payments are not configured on this server');
      return this.view(await this.options.stars.create(input));
    }
    const provider = this.requireProvider();
    // The Idempotency-Key layer runs a key's first request only, so a payment under this key almost never exists yet:
    // it is looked up only when the insert finds one or the request no longer validates (a retry after a crash,
    // which continues that payment whatever changed since).
    let payment: PaymentRow | null;
    let resolved: ResolvedMethod;
    let description: string | null = null;
    try {
      const nowMs = this.clock.now();
      // The saved card to charge is read with the target (one round trip); a malformed card id is refused below.
      const cardId = input.body.paymentMethod === 'smart_glocal_saved_card' ? savedCardIdOf(input.body) : null;
      const loaded = await this.targets[input.kind](
        input.targetId,
        Number.isSafeInteger(cardId) && cardId! > 0 ? { cardId: cardId!, userId: input.userId } : null,
      );
      const target = await assertPayable(this.db, input.kind, loaded.target, input.userId, nowMs, gift);
      if (gift && (target.kind !== 'subscription' || !isGiftablePeriod(target.period)))
        throw new AppError('gift_invalid', 'Only a recurring subscription can be given', { reason: 'not_giftable' });
      const amount = this.amountOf(target, input.body);
      resolved = await this.resolveMethod(input.userId, input.body, loaded.card);
      await this.assertTokenization(input.userId, resolved.tokenizationHash);
      const at = new Date(nowMs);
      const values = {
        id: newPaymentId(),
        userId: input.userId,
        idempotencyKey: input.idempotencyKey,
        kind: target.kind,
        channelId: target.channel.id,
        subscriptionId: target.kind === 'subscription' ? target.subscriptionId : null,
        donationId: target.kind === 'donation' ? target.donationId : null,
        amount: amount.minor,
        currency: amount.currency,
        method: resolved.method,
        savedCardId: resolved.savedCardId,
        saveCard: resolved.saveCard,
        cardBrand: resolved.card?.brand ?? null,
        cardLast4: resolved.card?.last4 ?? null,
        tokenizationHash: resolved.tokenizationHash,
        at,
      };
      const promoCode = input.body.promoCode;
      const [inserted] = gift
        ? await this.insertGift(values)
        : target.kind === 'subscription' && typeof promoCode === 'string' && promoCode.trim() !== ''
          ? await this.insertWithPromo(target, promoCode, values)
          : await this.prepared.insert.execute(values);
      if (inserted !== undefined) {
        description = `${target.channel.title} (${target.kind})`;
        // The provider's notifications follow within milliseconds: they are applied to this row without reading it.
        payment = this.remembered(versioned(inserted, target.creatorId));
      } else {
        payment = await this.findByKey(input.userId, input.idempotencyKey);
      }
      if (payment === null) {
        // The insert lost a race on the tokenisation (another payment took it at the same moment).
        await this.assertTokenization(input.userId, resolved.tokenizationHash);
        throw new Error('payment row vanished after insert');
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      payment = await this.findByKey(input.userId, input.idempotencyKey);
      if (payment === null) throw error;
      // A retry after a crash: the request is the same (the idempotency hash says so); continue that payment.
      resolved = await this.resolveMethod(input.userId, input.body);
    }

    if (payment.status === 'pending' && payment.providerSessionId === null) {
      crashAt(this.options.crashAt, 'before_provider_call');
      try {
        const state = await provider.createPayment({
          reference: payment.id,
          customerReference: String(payment.userId),
          amount: money(Number(payment.amount), payment.currency as Money['currency']),
          description: description ?? (await this.describe(payment)),
          source: resolved.source,
          ...this.returnUrlOf(payment),
        });
        crashAt(this.options.crashAt, 'after_provider_answer');
        payment = (await this.applyProviderState(payment.id, state)) ?? payment;
        crashAt(this.options.crashAt, 'after_commit');
      } catch (error) {
        // The provider did not answer in PROVIDER_TIMEOUT_MS or failed (5xx): the payer is told it is pending, as it
        // is; its webhook, the payer's checks and the reconcile job finish it (or give it up after ABANDON_AFTER_MS).
        if (!(error instanceof AppError && error.code === 'provider_unavailable')) throw error;
        payment = (await this.findByKey(input.userId, input.idempotencyKey)) ?? payment;
      }
    }
    return this.view(payment);
  }

  /**
   * Inserts an invoice payment made with a promo code: the code's row locked, its redemption slot checked and taken
   * by this payment in one transaction (promos.ts), charging the discounted price. A refusal rolls back and answers
   * 422 promo_code_invalid with its reason.
   */
  private async insertWithPromo(
    target: SubscriptionTarget,
    promoCode: string,
    values: {
      id: string;
      userId: number;
      idempotencyKey: string;
      kind: 'subscription' | 'donation';
      channelId: number;
      subscriptionId: number | null;
      donationId: number | null;
      amount: number;
      currency: string;
      method: InvoicePaymentMethod;
      savedCardId: number | null;
      saveCard: boolean;
      cardBrand: string | null;
      cardLast4: string | null;
      tokenizationHash: string | null;
      at: Date;
    },
  ) {
    return this.db.transaction(async (tx) => {
      const { row, quote } = await applyPromo(tx, target, values.userId, promoCode, values.at.getTime(), true);
      const { at, ...columns } = values;
      return tx
        .insert(payments)
        .values({
          ...columns,
          purpose: 'invoice',
          status: 'pending',
          amount: quote.charged.minor,
          promoCodeId: row.id,
          listAmount: quote.price.minor,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning(versionedPaymentColumns);
    });
  }

  /** Inserts a gift's payment (payments/gifts.ts): settled, it opens the gift instead of a membership. */
  private insertGift(
    values: Omit<typeof payments.$inferInsert, 'purpose' | 'status' | 'createdAt' | 'updatedAt'> & { at: Date },
  ) {
    const { at, ...columns } = values;
    return this.db
      .insert(payments)
      .values({ ...columns, purpose: 'gift', status: 'pending', createdAt: at, updatedAt: at })
      .onConflictDoNothing()
      .returning(versionedPaymentColumns);
  }

  /** POST /pay/smart_glocal/check: the payer's own payment, refreshed from the provider while it is open. */
  async check(userId: number, paymentId: string): Promise<PaymentView> {
    const payment = await this.findOwn(userId, paymentId);
    return this.view(await this.refresh(payment));
  }

  async findOwn(userId: number, paymentId: string): Promise<PaymentRow> {
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
    if (payment === undefined) throw notFound('Payment not found');
    return payment;
  }

  /** Asks the provider about an open payment and applies the answer. */
  async refresh(payment: PaymentRow): Promise<PaymentRow> {
    const provider = this.options.provider;
    // A Stars payment hears from Telegram only (successful_payment): there is nobody to ask.
    if (provider === null || !OPEN_STATUSES.includes(payment.status) || payment.method === 'telegram_stars')
      return payment;
    const state = await provider.findPayment(payment.id, payment.providerSessionId);
    if (state === null) return payment;
    return (await this.applyProviderState(payment.id, state)) ?? payment;
  }

  /**
   * An operator's check (the operator console): asks the provider about an open payment, then applies its answer in
   * one transaction with `record` (the audit entry), so the change and its record commit or roll back together.
   * A payment that is not open, or that the provider does not know, changes nothing; `record` still runs.
   */
  async checkRecorded(paymentId: string, record: PaymentRecorder): Promise<PaymentRow> {
    const payment = await this.byId(paymentId);
    if (payment === undefined) throw notFound('Payment not found');
    const provider = this.options.provider;
    const state =
      provider !== null && OPEN_STATUSES.includes(payment.status) && payment.method !== 'telegram_stars'
        ? await provider.findPayment(payment.id, payment.providerSessionId)
        : null;
    return this.applyRecorded(payment, state, record);
  }

  /**
   * Applies a provider state an operator chose (a check, or a reconciliation difference applied) in one transaction
   * with `record`, through the same path a notification takes (applyInTransaction: a charge settles, a refund made at
   * the provider reverses the ledger pair once). A null state changes nothing; `record` still runs.
   */
  async applyRecorded(
    payment: PaymentRow,
    state: ProviderPayment | null,
    record: PaymentRecorder,
  ): Promise<PaymentRow> {
    const applied = await this.db.transaction(async (tx) => {
      const result = state === null ? null : await this.applyInTransaction(tx, payment.id, state);
      await record(tx, payment, result === null || result === 'duplicate' ? payment : result.row);
      return result;
    });
    this.recent.forget(payment.id);
    if (applied === null || applied === 'duplicate' || state === null) return payment;
    return this.afterApply(this.remembered(applied), state);
  }

  /** Applies what the provider says about a payment. Answers the row as it ends up, or null for an unknown id. */
  async applyProviderState(paymentId: string, state: ProviderPayment): Promise<PaymentRow | null> {
    const applied = await this.apply(paymentId, state);
    return applied === null ? null : this.afterApply(applied, state);
  }

  /**
   * Applies a provider state (with `eventId`: a notification, recorded with its effect). The row is taken from what
   * this process wrote moments ago or read, without a lock: a state that brings no news writes nothing (most answers
   * repeat what a notification applied already; a notification with no news still goes to the locked path, which
   * tells a duplicate and records it), and one that changes only the payment row, or settles a donation, is written
   * by one compare-and-set statement on the row's version (paymentWrites.ts). Everything else, and a row that moved
   * on since it was read, is applied in a transaction with the row locked (applyInTransaction). A row read final
   * without the lock is final: states only move forward.
   */
  private async apply(paymentId: string, state: ProviderPayment): Promise<PaymentRow | null>;
  private async apply(
    paymentId: string,
    state: ProviderPayment,
    eventId: string,
  ): Promise<PaymentRow | null | 'duplicate'>;
  private async apply(
    paymentId: string,
    state: ProviderPayment,
    eventId?: string,
  ): Promise<PaymentRow | null | 'duplicate'> {
    const known = this.recent.get(paymentId) ?? (await this.versionedById(paymentId));
    if (known !== undefined && changesPayment(known.row, state)) {
      const written = await this.compareAndSet(known, state, eventId ?? null);
      if (written !== undefined) return this.remembered(written);
    } else if (known !== undefined && eventId === undefined) {
      return known.row;
    }
    const applied = await this.db.transaction((tx) => this.applyInTransaction(tx, paymentId, state, eventId));
    return applied === null || applied === 'duplicate' ? applied : this.remembered(applied);
  }

  private remembered(payment: VersionedPayment): PaymentRow {
    this.recent.remember(payment.row.id, payment);
    return payment.row;
  }

  /**
   * The single-statement write of a state that brings news, when it has one: a state that changes the payment row
   * alone, or a donation's charge (the row and its ledger pair). Undefined when the state needs a transaction (a
   * membership, a saved card, a renewal's failure or a refund) or the row moved on since `known` was read.
   */
  private async compareAndSet(
    known: VersionedPayment,
    state: ProviderPayment,
    eventId: string | null,
  ): Promise<VersionedPayment | undefined> {
    const payment = known.row;
    const nowMs = this.clock.now();
    if (payment.status === 'paid' || payment.refundStatus !== null) return undefined;
    if (state.status === 'paid') {
      const savesCard = payment.saveCard && state.recurrentToken !== undefined && state.card !== undefined;
      if (payment.kind !== 'donation' || savesCard) return undefined;
      const { creatorId } = known;
      if (creatorId === null) return undefined;
      const { pair, columns } = settlementOf(
        payment,
        state,
        { nowMs, serviceFeeBps: this.options.serviceFeeBps, creatorId },
        null,
        payment.savedCardId,
      );
      return this.writes.settle({ ...known, creatorId }, columns, pair.lines, eventId);
    }
    const { deadCardId, failedRenewalMemberId } = failureSideEffects(payment, state);
    if (deadCardId !== null || failedRenewalMemberId !== null) return undefined;
    return this.writes.applyState(known, stateColumns(payment, state, new Date(nowMs)), eventId);
  }

  /**
   * After a provider state is stored: confirm a charge the provider waits on (its ready_to_confirm: the session is
   * ours and still open), and give back a charge refused at settlement. Provider calls, so never inside a transaction.
   */
  private async afterApply(payment: PaymentRow, state: ProviderPayment): Promise<PaymentRow> {
    const provider = this.options.provider;
    if (
      state.awaitingConfirmation === true &&
      state.sessionId !== null &&
      provider !== null &&
      OPEN_STATUSES.includes(payment.status)
    ) {
      const confirmed = await provider.confirmPayment(state.sessionId);
      const applied = await this.apply(payment.id, { ...confirmed, awaitingConfirmation: false });
      return this.refundIfDue(applied ?? payment);
    }
    return this.refundIfDue(payment);
  }

  /** A verified provider notification: applied once per event id, recorded in the statement or transaction of its effects. */
  async handleEvent(event: ProviderEvent): Promise<'applied' | 'duplicate' | 'unknown_payment'> {
    if (event.kind === 'payment') {
      const applied = await this.apply(event.payment.reference, event.payment, event.id);
      if (applied === null || applied === 'duplicate') return applied ?? 'unknown_payment';
      await this.afterApply(applied, event.payment);
      return 'applied';
    }
    const { payout } = event;
    const applied = await this.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(providerWebhookEvents)
        .values({ eventId: event.id, paymentId: payout.reference })
        .onConflictDoNothing()
        .returning({ eventId: providerWebhookEvents.eventId });
      if (fresh.length === 0) return 'duplicate' as const;
      return applyPayoutUpdate(tx, payout, this.clock.now());
    });
    if (applied === 'duplicate') return 'duplicate';
    await this.afterPayoutUpdate(applied);
    if (
      payout.awaitingConfirmation === true &&
      payout.sessionId !== null &&
      this.options.provider !== null &&
      (await isOurPayout(this.db, payout.reference))
    ) {
      await this.afterPayoutUpdate(
        await applyPayoutUpdate(this.db, await this.options.provider.confirmPayout(payout.sessionId), this.clock.now()),
      );
    }
    return 'applied';
  }

  /** After a payout update committed: tell the creator when it failed (their money is back in the balance). */
  async afterPayoutUpdate(update: PayoutUpdate): Promise<void> {
    if (update.failed !== null && this.options.payoutFailed !== undefined)
      await this.options.payoutFailed(update.failed);
  }

  /**
   * Gives back a charge refused at settlement (settlement.ts: it would have paid a period nobody asked for). Runs
   * after the refusing transaction committed (no provider call inside a transaction); the refund is idempotent at
   * the provider, and one that fails here stays due for the reconcile job.
   */
  async refundIfDue(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.refundStatus !== 'due') return payment;
    if (payment.method === 'telegram_stars') {
      // Through the bot (refundStarPayment); one that fails stays due for the reconcile job.
      if (this.options.stars === undefined || !(await this.options.stars.refund(payment))) {
        await this.db
          .update(payments)
          .set({ updatedAt: new Date(this.clock.now()) })
          .where(eq(payments.id, payment.id));
      }
      this.recent.forget(payment.id);
      return (await this.byId(payment.id)) ?? payment;
    }
    if (this.options.provider === null) return payment;
    const answer =
      payment.providerSessionId === null
        ? 'not_refundable'
        : await this.options.provider.refundPayment(payment.providerSessionId);
    const at = new Date(this.clock.now());
    if (answer !== 'refunded') {
      // Stays due for an operator to look at; touched so the retry batch moves on to the others.
      await this.db.update(payments).set({ updatedAt: at }).where(eq(payments.id, payment.id));
      this.recent.forget(payment.id);
      return payment;
    }
    const refunded = await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(payments)
        .set({ refundStatus: 'done', refundedAt: at, updatedAt: at })
        .where(and(eq(payments.id, payment.id), eq(payments.refundStatus, 'due')))
        .returning();
      if (done !== undefined) await reverseSettledPayment(tx, done, at);
      return done;
    });
    this.recent.forget(payment.id);
    return refunded ?? (await this.byId(payment.id)) ?? payment;
  }

  /**
   * Refunds a paid charge in full (the operator console; the sandbox control API for tests): marks the refund due
   * with its reason, then asks the provider. Once the provider took it, the ledger pair is reversed and the membership
   * ends (refunds.ts). Idempotent: a payment already being refunded or refunded answers as it stands. A provider
   * that cannot refund now leaves the refund due for the reconcile job. `record` (the operator's audit entry) runs in
   * the transaction that marks the refund due, before the provider is asked.
   */
  async requestRefund(paymentId: string, reason: string, record?: PaymentRecorder): Promise<PaymentRow> {
    const at = new Date(this.clock.now());
    const marked = await this.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (payment === undefined) throw notFound('Payment not found');
      if (payment.method !== 'telegram_stars') this.requireProvider();
      if (payment.refundStatus !== null) {
        await record?.(tx, payment, payment);
        return payment;
      }
      if (payment.status !== 'paid')
        throw new AppError('conflict', 'Only a paid payment can be refunded', { reason: 'not_paid' });
      const [updated] = await tx
        .update(payments)
        .set({ refundStatus: 'due', refundReason: reason, refundRequestedAt: at, updatedAt: at })
        .where(eq(payments.id, paymentId))
        .returning();
      await record?.(tx, payment, updated!);
      return updated;
    });
    this.recent.forget(paymentId);
    return this.refundIfDue(marked);
  }

  /** Forgets what this process remembers of a payment another writer changed (Stars settlements and refunds). */
  forget(paymentId: string): void {
    this.recent.forget(paymentId);
  }

  async byId(paymentId: string): Promise<PaymentRow | undefined> {
    return (await this.versionedById(paymentId))?.row;
  }

  private async versionedById(paymentId: string): Promise<VersionedPayment | undefined> {
    const [found] = await this.prepared.versionedById.execute({ id: paymentId });
    if (found === undefined) return undefined;
    const { creatorId, ...row } = found;
    return versioned(row, creatorId);
  }

  /** Refunds still due (a provider call that failed or a process that stopped in between). Answers how many. */
  async refundDue(limit = 100): Promise<number> {
    const due = await this.db
      .select()
      .from(payments)
      .where(eq(payments.refundStatus, 'due'))
      .orderBy(asc(payments.updatedAt), asc(payments.id))
      .limit(limit);
    let refunded = 0;
    for (const payment of due) {
      if ((await this.refundIfDue(payment)).refundStatus === 'done') refunded += 1;
    }
    return refunded;
  }

  /**
   * Open payments nobody asked about for a while: look them up at the provider (a notification may have been lost),
   * and give up on those the provider never saw after `abandonAfterMs`. Answers how many changed.
   */
  async reconcileOpen(
    nowMs: number,
    idleMs = RECONCILE_IDLE_MS,
    abandonAfterMs = ABANDON_AFTER_MS,
    limit = 100,
  ): Promise<number> {
    const stale = await this.db
      .select()
      .from(payments)
      .where(
        and(
          inArray(payments.status, OPEN_STATUSES),
          lt(payments.updatedAt, new Date(nowMs - idleMs)),
          // A Stars invoice stays open until its payer pays it in Telegram: no provider knows of it.
          ne(payments.method, 'telegram_stars'),
        ),
      )
      .limit(limit);
    let changed = 0;
    for (const payment of stale) {
      const state =
        this.options.provider === null
          ? null
          : await this.options.provider.findPayment(payment.id, payment.providerSessionId);
      if (state !== null) {
        const after = await this.applyProviderState(payment.id, state);
        if (after !== null && after.status !== payment.status) changed += 1;
      } else if (payment.createdAt.getTime() < nowMs - abandonAfterMs) {
        const updated = await this.db
          .update(payments)
          .set({
            status: 'error',
            errorCode: 'payment_abandoned',
            errorDescription: 'The payment was not started at the provider',
            updatedAt: new Date(nowMs),
          })
          .where(and(eq(payments.id, payment.id), inArray(payments.status, OPEN_STATUSES)))
          .returning({ id: payments.id });
        this.recent.forget(payment.id);
        changed += updated.length;
      }
    }
    return changed;
  }

  /** How many payments are in each status (the payments metric). */
  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .select({ status: payments.status, count: count() })
      .from(payments)
      .groupBy(payments.status);
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  }

  /** Ends an open payment that cannot be sent to the provider (e.g. its saved card is gone). */
  async failOpen(paymentId: string, errorCode: string, errorDescription: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const at = new Date(this.clock.now());
      const [failed] = await tx
        .update(payments)
        .set({ status: 'error', errorCode, errorDescription, updatedAt: at })
        .where(and(eq(payments.id, paymentId), inArray(payments.status, OPEN_STATUSES)))
        .returning();
      if (failed?.purpose === 'renewal' && failed.memberId !== null) await markRenewalFailed(tx, failed.memberId, at);
    });
    this.recent.forget(paymentId);
  }

  async view(payment: PaymentRow): Promise<PaymentView> {
    // A gift's payment gives the giver no access: the recipient gets the link when they redeem it.
    if (payment.kind !== 'subscription' || payment.status !== 'paid' || payment.purpose === 'gift')
      return { payment, inviteLink: null };
    const [channel] = await this.db.select().from(channels).where(eq(channels.id, payment.channelId));
    if (channel === undefined) return { payment, inviteLink: null };
    const personal =
      channel.type === 'private' && payment.memberId !== null && this.options.access
        ? await this.options.access.personalLink(payment.memberId)
        : null;
    return { payment, inviteLink: channelLinks(channel, personal).inviteLink ?? null };
  }

  // ---- internals

  private requireProvider(): PaymentProvider {
    if (this.options.provider === null)
      throw new AppError('payments_disabled', 'Card payments are not configured on this server');
    return this.options.provider;
  }

  private async findByKey(userId: number, key: string): Promise<PaymentRow | null> {
    const [payment] = await this.prepared.byKey.execute({ userId, key });
    return payment ?? null;
  }

  private amountOf(target: InvoiceTarget, body: Readonly<Record<string, unknown>>): Money {
    if (target.kind === 'subscription') return money(target.priceMinor, target.currency);
    const raw = body.amount;
    const parsed = parseWireAmount(raw, target.currency);
    if (target.amountMinor > 0) {
      // A fixed amount is charged exactly: the payer may repeat it or leave it out, never change it.
      const fixed = money(target.amountMinor, target.currency);
      if (raw !== undefined && raw !== null && raw !== '' && parsed?.minor !== fixed.minor) {
        throw new AppError(
          'validation_error',
          `This donation is fixed at ${toMajor(fixed.minor, fixed.currency)} ${fixed.currency.toUpperCase()}`,
          {
            field: 'amount',
            reason: 'amount_fixed',
            bound: toMajor(fixed.minor, fixed.currency),
          },
        );
      }
      return fixed;
    }
    const checked = checkAmount('donation', parsed);
    if (!checked.ok) {
      const bound = checked.error.bound;
      const detail =
        checked.error.code === 'amount_below' && bound !== undefined
          ? `at least ${toMajor(bound.minor, bound.currency)}`
          : checked.error.code === 'amount_above' && bound !== undefined
            ? `at most ${toMajor(bound.minor, bound.currency)}`
            : 'a valid amount';
      throw new AppError('validation_error', `The donation must be ${detail} ${target.currency.toUpperCase()}`, {
        field: 'amount',
        reason: checked.error.code,
        ...(bound !== undefined ? { bound: toMajor(bound.minor, bound.currency) } : {}),
      });
    }
    return checked.value;
  }

  /** `card`: the saved card the body names, read already with the target (null: none of the caller's); undefined: read it here. */
  private async resolveMethod(
    userId: number,
    body: Readonly<Record<string, unknown>>,
    card?: SavedCardRow | null,
  ): Promise<ResolvedMethod> {
    const method = body.paymentMethod;
    if (typeof method !== 'string' || !(INVOICE_PAYMENT_METHODS as readonly string[]).includes(method)) {
      throw validationError('paymentMethod', `paymentMethod must be one of ${INVOICE_PAYMENT_METHODS.join(', ')}`);
    }
    const saveCard = body.saveCard === true;
    switch (method as InvoicePaymentMethod) {
      case 'smart_glocal_form': {
        const token = body.cardToken;
        if (typeof token !== 'string' || token.trim() === '')
          throw validationError('cardToken', 'cardToken from the card tokenisation is required');
        const publicToken = body.publicToken;
        if (typeof publicToken !== 'string' || publicToken.trim() === '')
          throw validationError('publicToken', 'publicToken of the card tokenisation is required');
        return {
          method: 'smart_glocal_form',
          source: { type: 'card_token', token, save: saveCard },
          savedCardId: null,
          saveCard,
          card: null,
          tokenizationHash: hashToken(publicToken),
        };
      }
      case 'smart_glocal_saved_card': {
        const cardId = savedCardIdOf(body);
        if (!Number.isSafeInteger(cardId) || cardId <= 0)
          throw validationError('cardId', 'cardId of a saved card is required');
        if (card === undefined) card = (await this.prepared.savedCard.execute({ cardId, userId }))[0] ?? null;
        if (card === null) throw notFound('Card not found');
        if (!card.active)
          throw new AppError('validation_error', 'This card can no longer be charged; choose another one', {
            field: 'cardId',
          });
        return {
          method: 'smart_glocal_saved_card',
          source: { type: 'recurrent', recurrentToken: card.providerToken, initiator: 'customer' },
          savedCardId: card.id,
          saveCard: false,
          card: { brand: card.brand, last4: card.last4 },
          tokenizationHash: null,
        };
      }
      case 'telegram_stars':
        throw validationError('paymentMethod', 'telegram_stars is paid through Telegram, not a card provider');
      case 'smart_glocal':
        return {
          method: 'smart_glocal',
          source: { type: 'hosted_page', save: saveCard },
          savedCardId: null,
          saveCard,
          card: null,
          tokenizationHash: null,
        };
    }
  }

  /**
   * Every invoice payment is the payer's own (customer-initiated): after 3-D Secure the provider sends the payer back
   * to the app's invoice, which shows this payment's status (the reference requires return_url for such payments).
   */
  private returnUrlOf(payment: PaymentRow): { returnUrl?: string } {
    const targetId = payment.kind === 'subscription' ? payment.subscriptionId : payment.donationId;
    if (this.options.appUrl === undefined || targetId === null) return {};
    // A gift's giver comes back to the screen that shows the gift link.
    if (payment.purpose === 'gift')
      return { returnUrl: `${this.options.appUrl}/gift/sent/${encodeURIComponent(payment.id)}` };
    return {
      returnUrl: `${this.options.appUrl}/invoice/${payment.kind}/${targetId}?paymentId=${encodeURIComponent(payment.id)}`,
    };
  }

  /**
   * A card's token names the card, which may pay any number of times; what pays once is the tokenisation we issued,
   * and only for the user who asked for it. Refused before the provider is asked: a tokenisation that is someone
   * else's or unknown (`tokenization_unknown`), or that paid already, under any key (`tokenization_used`).
   */
  private async assertTokenization(userId: number, tokenizationHash: string | null): Promise<void> {
    if (tokenizationHash === null) return;
    const [row] = await this.db
      .select({ userId: cardTokenizations.userId, usedBy: payments.id })
      .from(cardTokenizations)
      .leftJoin(payments, eq(payments.tokenizationHash, cardTokenizations.publicTokenHash))
      .where(eq(cardTokenizations.publicTokenHash, tokenizationHash));
    if (row === undefined || row.userId !== userId)
      throw new AppError('validation_error', 'This card tokenisation is not yours; enter the card again', {
        field: 'publicToken',
        reason: 'tokenization_unknown',
      });
    if (row.usedBy !== null)
      throw new AppError('validation_error', 'This card tokenisation paid already; enter the card again', {
        field: 'publicToken',
        reason: 'tokenization_used',
      });
  }

  /** Records a card tokenisation issued to `userId` (POST /pay/smart_glocal/token), so a payment can tell it is theirs. */
  async recordTokenization(userId: number, publicToken: string): Promise<void> {
    await this.db
      .insert(cardTokenizations)
      .values({ publicTokenHash: hashToken(publicToken), userId, createdAt: new Date(this.clock.now()) })
      .onConflictDoNothing();
  }

  private async describe(payment: PaymentRow): Promise<string> {
    const [channel] = await this.db
      .select({ title: channels.title })
      .from(channels)
      .where(eq(channels.id, payment.channelId));
    return channel === undefined ? payment.kind : `${channel.title} (${payment.kind})`;
  }

  /**
   * Locks the payment row and reads its version and its channel's owner (the creator a settlement credits) in one
   * statement; with `eventId`, records the notification in the same statement (fresh: false when it was recorded
   * already).
   */
  private async lock(
    tx: MoneyTx,
    paymentId: string,
    eventId?: string,
  ): Promise<{ payment: VersionedPayment; fresh: boolean } | undefined> {
    // A left join: the channel row outlives its payments (the subscriptions and donations they pay keep it, by foreign
    // key), but were it gone the payment must still be found, and its settlement fail loudly, not be taken for unknown.
    const columns = { payment: payments, version: paymentVersion, creatorId: channels.ownerId };
    const recorded =
      eventId === undefined
        ? undefined
        : tx
            .$with('recorded')
            .as(
              tx
                .insert(providerWebhookEvents)
                .values({ eventId, paymentId })
                .onConflictDoNothing()
                .returning({ eventId: providerWebhookEvents.eventId }),
            );
    const select =
      recorded === undefined
        ? tx.select({ ...columns, fresh: sql<boolean>`true` })
        : tx.with(recorded).select({ ...columns, fresh: sql<boolean>`exists (select 1 from ${recorded})` });
    const [row] = await select
      .from(payments)
      .leftJoin(channels, eq(channels.id, payments.channelId))
      .where(eq(payments.id, paymentId))
      .for('update', { of: payments });
    return row === undefined
      ? undefined
      : { payment: { row: row.payment, version: row.version, creatorId: row.creatorId }, fresh: row.fresh };
  }

  /**
   * Applies a provider state to the payment row, locked. With `eventId` (a notification) the event is recorded in the
   * same statement as the lock, and a duplicate answers 'duplicate' with nothing applied; a notification about an
   * unknown payment is recorded and answers null.
   */
  private async applyInTransaction(
    tx: MoneyTx,
    paymentId: string,
    state: ProviderPayment,
    eventId?: string,
  ): Promise<VersionedPayment | null | 'duplicate'> {
    const locked = await this.lock(tx, paymentId, eventId);
    if (locked === undefined) return null;
    if (!locked.fresh) return 'duplicate';
    const { payment: current } = locked;
    const payment = current.row;
    if (!changesPayment(payment, state)) return current;
    const nowMs = this.clock.now();
    const at = new Date(nowMs);
    const write = async (set: Partial<typeof payments.$inferInsert>): Promise<VersionedPayment> => {
      const [updated] = await tx
        .update(payments)
        .set(set)
        .where(eq(payments.id, paymentId))
        .returning(versionedPaymentColumns);
      return versioned(updated, current.creatorId);
    };
    // A settled charge the provider gave back (our refund's notification, or one made at the provider): reversed once.
    if (payment.status === 'paid') {
      const done = await write({ refundStatus: 'done', refundedAt: at, updatedAt: at });
      await reverseSettledPayment(tx, done.row, at);
      return done;
    }
    if (state.status === 'paid') {
      if (current.creatorId === null) throw new Error(`the channel of payment ${paymentId} is missing`);
      return settlePaidPayment(tx, payment, state, {
        nowMs,
        serviceFeeBps: this.options.serviceFeeBps,
        creatorId: current.creatorId,
      });
    }
    const updated = await write(stateColumns(payment, state, at));
    const { deadCardId, failedRenewalMemberId } = failureSideEffects(payment, state);
    if (deadCardId !== null) await tx.update(savedCards).set({ active: false }).where(eq(savedCards.id, deadCardId));
    if (failedRenewalMemberId !== null) await markRenewalFailed(tx, failedRenewalMemberId, at);
    return updated;
  }
}
