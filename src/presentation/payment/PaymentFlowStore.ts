import { makeAutoObservable, runInAction } from 'mobx';
import type { Scheduler } from '../../application/ports/Scheduler';
import type { CheckPayment } from '../../application/use-cases/payments/CheckPayment';
import type { PaymentCheck } from '../../application/ports/InvoiceRepository';
import type { PayInvoice, PayInvoiceResult, PaymentMethodInput } from '../../application/use-cases/payments/PayInvoice';
import type { PaymentOutcome } from '../../application/use-cases/payments/PaymentOutcome';
import type { PayWithStars, PayWithStarsResult } from '../../application/use-cases/payments/PayWithStars';
import { STARS_PAYMENT_FAILED } from '../../domain/stars-checkout';
import type { CardBrand, SavedCard } from '../../domain/entities';
import { type InvoiceKind, invoicePath } from '../../domain/invoice';
import { giftInvoicePath, giftSentPath } from '../../domain/gift';
import type { Money } from '../../domain/money';
import {
  INITIAL_PAYMENT_STATE,
  PAYMENT_UNKNOWN_ERROR,
  type PaymentState,
  clearPayment,
  paymentActionRequired,
  paymentError,
  paymentPaid,
  startPayment,
} from '../../domain/payment';
import { PAYMENT_CHECK_POLL_MS } from '../../domain/timings';
import { AFTER_SAVED_CARD_PAYMENT_MS, LINK_PAYMENT_DELAY_MS } from '../timings';
import type { FlowNavigation, PaymentFlowEffects } from './PaymentFlowEffects';

export type { FlowNavigation } from './PaymentFlowEffects';

/** What is being paid, as the invoice page loaded it; the payment screens read it. */
export interface PaymentTarget {
  readonly kind: InvoiceKind;
  /** Subscription id or donation id. */
  readonly id: number;
  /** The subscription price (after a promo code's discount), or the amount the donor chose. */
  readonly amount: Money;
  readonly channelName: string;
  readonly cards: readonly SavedCard[];
  /** Whole Telegram Stars, when this payment is made in Stars (the Stars price, or the donor's Stars). */
  readonly stars?: number;
  /** A subscription's promo code the invoice applied. */
  readonly promoCode?: string;
  /** One period of the subscription for someone else (src/domain/gift.ts): its result is the gift's page. */
  readonly gift?: boolean;
}

/** What the success screen shows (spec: amount, card, transaction id). */
export interface PaymentReceipt {
  readonly amount: Money;
  readonly card?: { readonly brand: CardBrand; readonly last4: string };
  readonly transactionId?: number;
  readonly inviteLink?: string;
  /** Paid in Telegram Stars: how many (shown instead of the amount and card). */
  readonly stars?: number;
}

export type PaymentMethodKind = PaymentMethodInput['kind'] | 'stars';

/**
 * Where a Stars payment is: Telegram's sheet is open over the app (`sheet`), or it closed paid and the app waits for
 * the server to hear of it (`confirming`).
 */
export type StarsStage = 'sheet' | 'confirming';

/**
 * What the payer typed in the card form, kept while the payment flow lives so "Try again" after a declined card or
 * a failed 3-D Secure brings the form back as it was. Memory only: never written to storage or logged.
 */
export interface CardDraft {
  readonly number: string;
  readonly holder: string;
  readonly expiry: string;
  readonly code: string;
  readonly saveCard: boolean;
}

/** A failure before any payment existed (tokenisation refused, create rejected): shown where the user tapped. */
export interface RequestError {
  readonly code: string;
  readonly message: string;
}

export const PAYMENT_REDIRECT_PATH = '/payment/redirect';
export const PAYMENT_FORM_PATH = '/payment/form';
export const PAYMENT_METHOD_PATH = '/payment/choicePaymentMethod';

/**
 * The payment session of spec section 4, shared by the invoice, method, form and redirect screens. It is a singleton
 * (bound once in DI), so a payment that is pending keeps running, and its state stays, while the user moves
 * between those screens. State: the domain PaymentState (null → pending → paid | error | action_required) and the
 * receipt of a paid payment; polling the check until a final answer. What it does outside its state (route changes
 * for the mounted screen, pages and closing in the host) goes through PaymentFlowEffects.
 *
 * Never charges twice: `pay` refuses to start while a payment runs, and each call carries the Idempotency-Key the
 * caller made for that tap (PayInvoice answers a repeated key with the first attempt, the server replays it).
 */
export class PaymentFlowStore {
  target: PaymentTarget | null = null;
  payment: PaymentState = INITIAL_PAYMENT_STATE;
  /** The method of the current or last attempt. */
  method: PaymentMethodKind | null = null;
  receipt: PaymentReceipt | null = null;
  requestError: RequestError | null = null;
  /** Hosted page of a link payment, shown 500 ms after it was created. */
  linkUrl: string | null = null;
  /** The saved card the method screen starts with (the primary card). */
  selectedCardId: number | null = null;
  /** The card form as the payer left it (memory only); forgotten once paid or for another invoice. */
  cardDraft: CardDraft | null = null;
  /** A Stars payment under way, or null. */
  starsStage: StarsStage | null = null;
  /** The wait for the server's word on a Stars payment takes longer than usual. */
  starsSlow = false;
  private paymentId: string | null = null;
  private running = false;
  private following: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly payInvoice: PayInvoice,
    private readonly checkPayment: CheckPayment,
    private readonly scheduler: Scheduler,
    private readonly effects: PaymentFlowEffects,
    private readonly payInStars: PayWithStars,
  ) {
    makeAutoObservable<
      PaymentFlowStore,
      | 'payInvoice'
      | 'checkPayment'
      | 'scheduler'
      | 'effects'
      | 'payInStars'
      | 'paymentId'
      | 'running'
      | 'following'
      | 'abort'
    >(
      this,
      {
        payInvoice: false,
        payInStars: false,
        checkPayment: false,
        scheduler: false,
        effects: false,
        paymentId: false,
        running: false,
        following: false,
        abort: false,
      },
      { autoBind: true },
    );
  }

  /** True from the tap of Pay until the payment is final or waits for the bank (the main button shows progress). */
  get isPaying(): boolean {
    return this.payment.status === 'pending';
  }

  /** Whether the flow pays this invoice (`gift`: a gift of it, a flow apart from the payer's own payment). */
  isFor(kind: InvoiceKind, id: number, gift = false): boolean {
    return (
      this.target !== null && this.target.kind === kind && this.target.id === id && (this.target.gift === true) === gift
    );
  }

  /**
   * The invoice page hands over what is paid. Another invoice starts a clean flow; the same one keeps a running or
   * finished payment (the invoice page shows it), but takes a new amount or card list while nothing runs.
   */
  setTarget(target: PaymentTarget): void {
    const same = this.isFor(target.kind, target.id, target.gift === true);
    if (same && this.payment.status !== null) return;
    if (!same) this.reset();
    this.target = target;
    const cards = target.cards.filter((card) => card.active);
    if (this.selectedCardId === null || !cards.some((card) => card.id === this.selectedCardId)) {
      this.selectedCardId = (cards.find((card) => card.primary) ?? cards[0])?.id ?? null;
    }
  }

  selectCard(cardId: number | null): void {
    this.selectedCardId = cardId;
  }

  keepCardDraft(draft: CardDraft): void {
    this.cardDraft = draft;
  }

  /** Clears the payment (status, code and message together) so the user can try again. */
  clear(): void {
    this.payment = clearPayment();
    this.receipt = null;
    this.requestError = null;
    this.linkUrl = null;
    this.paymentId = null;
    this.method = null;
    this.starsStage = null;
    this.starsSlow = false;
  }

  clearRequestError(): void {
    this.requestError = null;
  }

  /** The route change asked for last, until the mounted screen takes it. */
  get navigation(): FlowNavigation | null {
    return this.effects.navigation;
  }

  consumeNavigation(): FlowNavigation | null {
    return this.effects.consumeNavigation();
  }

  /** The invoice page of the current target (where results are shown). */
  get invoicePath(): string | null {
    if (this.target === null) return null;
    return this.target.gift === true ? giftInvoicePath(this.target.id) : invoicePath(this.target.kind, this.target.id);
  }

  /**
   * Pays the current target. `idempotencyKey` is made by the caller once per tap of Pay. Ignored while a payment
   * runs or after it was paid, so a double tap never starts a second payment.
   */
  async pay(method: PaymentMethodInput, idempotencyKey: string): Promise<void> {
    const target = this.target;
    if (target === null || this.running || this.payment.status === 'pending' || this.payment.status === 'paid') return;
    this.running = true;
    this.payment = startPayment(clearPayment());
    this.method = method.kind;
    this.receipt = null;
    this.requestError = null;
    this.linkUrl = null;
    const input =
      target.kind === 'donation'
        ? { kind: 'donation' as const, donationId: target.id, amount: target.amount }
        : {
            kind: 'subscription' as const,
            subscriptionId: target.id,
            ...(target.promoCode === undefined ? {} : { promoCode: target.promoCode }),
            ...(target.gift === true ? { gift: true } : {}),
          };
    let result: PayInvoiceResult;
    try {
      result = await this.payInvoice.execute({ target: input, method, idempotencyKey, signal: this.abort.signal });
    } catch (error) {
      // A bug below must not leave the main button spinning forever: report it as an unknown failure.
      console.error('payment failed unexpectedly', error);
      result = { ok: false, error: { kind: 'request', code: PAYMENT_UNKNOWN_ERROR, message: '', details: {} } };
    } finally {
      this.running = false;
    }
    await this.settle(result, target);
  }

  /**
   * Pays the current target in Telegram Stars (its `stars`): the server's invoice link opens in Telegram's sheet, and
   * what the sheet reports decides what follows: paid shows the result once the server has the payment, cancelled
   * goes back to the invoice as it was (nothing charged), failed shows the failure. `idempotencyKey` is made once per
   * tap; ignored while a payment runs or after it was paid.
   */
  async payWithStars(idempotencyKey: string): Promise<void> {
    const target = this.target;
    if (target === null || target.stars === undefined) return;
    if (this.running || this.payment.status === 'pending' || this.payment.status === 'paid') return;
    this.running = true;
    this.payment = startPayment(clearPayment());
    this.method = 'stars';
    this.receipt = null;
    this.requestError = null;
    this.linkUrl = null;
    this.starsStage = 'sheet';
    this.starsSlow = false;
    const input =
      target.kind === 'donation'
        ? { kind: 'donation' as const, donationId: target.id, stars: target.stars }
        : { kind: 'subscription' as const, subscriptionId: target.id };
    let result: PayWithStarsResult;
    try {
      result = await this.payInStars.execute({
        target: input,
        idempotencyKey,
        signal: this.abort.signal,
        onConfirming: () => runInAction(() => (this.starsStage = 'confirming')),
        onSlow: () => runInAction(() => (this.starsSlow = true)),
      });
    } catch (error) {
      console.error('Stars payment failed unexpectedly', error);
      result = { ok: false, error: { kind: 'request', code: PAYMENT_UNKNOWN_ERROR, message: '', details: {} } };
    } finally {
      this.running = false;
    }
    if (this.target !== target) return;
    runInAction(() => {
      this.starsStage = null;
    });
    if (!result.ok) {
      const { error } = result;
      runInAction(() => {
        this.payment = clearPayment();
        this.requestError =
          error.kind === 'request'
            ? { code: error.code || PAYMENT_UNKNOWN_ERROR, message: error.message }
            : { code: 'validation_error', message: '' };
      });
      return;
    }
    const outcome = result.value;
    switch (outcome.status) {
      case 'cancelled':
        // Telegram charged nothing: back to the invoice as it was.
        runInAction(() => this.clear());
        return;
      case 'failed':
        return this.apply(
          { status: 'error', paymentId: outcome.paymentId, error: { code: STARS_PAYMENT_FAILED, message: '' } },
          target,
        );
      case 'paid':
        return this.apply({ status: 'paid', paymentId: outcome.paymentId, details: outcome.details }, target);
      case 'pending':
        return this.apply({ status: 'pending', paymentId: outcome.paymentId }, target);
    }
  }

  /**
   * Back from the bank's page (or while it shows): follows the payment through our server's check every second
   * until it is final. One follow at a time; the state survives leaving the redirect screen.
   */
  followRedirect(): Promise<void> {
    const target = this.target;
    const paymentId = this.paymentId;
    if (target === null || paymentId === null || this.payment.status !== 'action_required') return Promise.resolve();
    this.following ??= this.followUntilFinal(target, paymentId).finally(() => {
      this.following = null;
    });
    return this.following;
  }

  /** While the bank page is open the check answers action_required: ask again every second until it moves on. */
  private async followUntilFinal(target: PaymentTarget, paymentId: string): Promise<void> {
    for (;;) {
      const result = await this.checkPayment.execute({ paymentId, signal: this.abort.signal });
      const stillWaiting = result.ok && result.value.status === 'action_required';
      if (!stillWaiting) return this.settle(result, target);
      await this.wait(PAYMENT_CHECK_POLL_MS);
      if (this.abort.signal.aborted || this.target !== target || this.payment.status !== 'action_required') return;
    }
  }

  /** Stops polls and timers (the app is closing, or a test ends). */
  dispose(): void {
    this.cardDraft = null;
    this.abort.abort();
  }

  private reset(): void {
    this.clear();
    this.cardDraft = null;
    this.target = null;
    this.selectedCardId = null;
    this.effects.forgetNavigation();
  }

  private async settle(result: PayInvoiceResult, target: PaymentTarget): Promise<void> {
    if (this.target !== target) return; // the user moved on to another invoice
    if (!result.ok) {
      const { error } = result;
      const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
      runInAction(() => {
        // Nothing was created: back to the state before the tap, the error is shown where the user tapped.
        this.payment = clearPayment();
        this.requestError = { code: error.code || PAYMENT_UNKNOWN_ERROR, message };
      });
      return;
    }
    await this.apply(result.value, target);
  }

  private async apply(outcome: PaymentOutcome, target: PaymentTarget): Promise<void> {
    // A gift's result (paid, failed or still under way) is its own page, which shows the link to share once paid.
    const showResult = (): void =>
      this.effects.navigate(
        target.gift === true ? giftSentPath(outcome.paymentId) : invoicePath(target.kind, target.id),
      );
    switch (outcome.status) {
      case 'paid': {
        // A payment paid at once answers without its details (card, transaction, invite link): read them once.
        const details = outcome.details ?? (await this.detailsOf(outcome.paymentId));
        runInAction(() => {
          this.paymentId = outcome.paymentId;
          this.payment = paymentPaid(this.payment);
          this.cardDraft = null;
          // A Stars payment's amount is its Stars; its check (if any) speaks of XTR, not of the card price.
          this.receipt =
            this.method === 'stars'
              ? {
                  amount: target.amount,
                  stars: target.stars,
                  transactionId: details?.transactionId,
                  inviteLink: details?.inviteLink,
                }
              : {
                  amount: details?.amount ?? target.amount,
                  card: details?.card,
                  transactionId: details?.transactionId,
                  inviteLink: details?.inviteLink,
                };
          showResult();
        });
        if (this.method === 'saved_card' && target.gift !== true) {
          await this.wait(AFTER_SAVED_CARD_PAYMENT_MS);
          if (this.target === target && this.payment.status === 'paid') this.leaveAfterPayment();
        }
        return;
      }
      case 'error':
        runInAction(() => {
          this.paymentId = outcome.paymentId;
          this.payment = paymentError(this.payment, outcome.error.code || PAYMENT_UNKNOWN_ERROR, outcome.error.message);
          showResult();
        });
        return;
      case 'action_required':
        runInAction(() => {
          this.paymentId = outcome.paymentId;
          this.payment = paymentActionRequired(this.payment, outcome.redirectUrl);
          this.effects.navigate(PAYMENT_REDIRECT_PATH);
        });
        return;
      case 'link': {
        runInAction(() => {
          this.paymentId = outcome.paymentId;
        });
        await this.wait(LINK_PAYMENT_DELAY_MS);
        runInAction(() => {
          this.linkUrl = outcome.url;
        });
        this.effects.openPaymentPage(outcome.url);
        const checked = await this.checkPayment.execute({ paymentId: outcome.paymentId, signal: this.abort.signal });
        await this.settle(checked, target);
        return;
      }
      case 'pending':
        // Polling stopped before a final answer: the invoice page shows "payment in progress".
        runInAction(() => {
          this.paymentId = outcome.paymentId;
          showResult();
        });
        return;
    }
  }

  private async detailsOf(paymentId: string): Promise<PaymentCheck | undefined> {
    const checked = await this.checkPayment.execute({ paymentId, maxPolls: 1, signal: this.abort.signal });
    return checked.ok && checked.value.status === 'paid' ? checked.value.details : undefined;
  }

  /** After a paid payment: a subscriber goes to the channel, a donor is done and the app closes. */
  leaveAfterPayment(): void {
    if (this.target !== null) this.effects.leaveAfterPayment(this.target.kind, this.receipt?.inviteLink);
  }

  private async wait(ms: number): Promise<void> {
    try {
      await this.scheduler.delay(ms, this.abort.signal);
    } catch {
      // aborted: the caller checks the state before acting
    }
  }
}
