import { makeAutoObservable, runInAction } from 'mobx';
import type {
  DonationInvoice,
  InvoiceRepository,
  StartedTrial,
  SubscriptionInvoice,
  TrialOffer,
} from '../../../application/ports/InvoiceRepository';
import { TRIAL_REFUSALS, type TrialRefusal } from '../../../domain/trial';
import { isTelegramLink } from '../../payment/PaymentFlowEffects';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
import { errorCodeOf, errorDetailOf } from '../../../application/ports/RepositoryError';
import { PROMO_REFUSALS, type PromoQuote, type PromoRefusal, normalizePromoCode } from '../../../domain/promo';

import {
  type AmountError,
  checkDonationInvoiceAmount,
  donationPresets,
  normalizeIntegerAmountInput,
} from '../../../domain/amounts';
import type { Channel, SavedCard } from '../../../domain/entities';
import { type PaymentFailureReason, paymentFailureReason } from '../../../domain/payment-failure';
import { type InvoiceKind, invoiceLoadStateFromError, invoiceNotFoundKey } from '../../../domain/invoice';
import { type Money, toMajor } from '../../../domain/money';
import {
  PAYMENT_FORM_PATH,
  PAYMENT_METHOD_PATH,
  type PaymentFlowStore,
  type PaymentReceipt,
} from '../../payment/PaymentFlowStore';
import { newIdempotencyKey } from '../../payment/idempotencyKey';
import {
  type DonationStarsPrice,
  type PayMethodChoice,
  type StarsAmountError,
  type SubscriptionStarsPrice,
  checkStarsAmountInput,
} from '../../../domain/stars-checkout';
import { EXTERNAL_LINKS, openExternal } from '../../shared/externalLinks';
import { giftInvoicePath, isGiftablePeriod } from '../../../domain/gift';
import { AsyncState, type ScreenState } from '../../shell/screenState';

const isPromoRefusal = (value: string): value is PromoRefusal => (PROMO_REFUSALS as readonly string[]).includes(value);
const isTrialRefusal = (value: string): value is TrialRefusal => (TRIAL_REFUSALS as readonly string[]).includes(value);

/** What the invoice page shows (spec sections 4 and 8, plus the payment result of section 2). */
export type InvoiceView =
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly code: string }
  | { readonly kind: 'notFound'; readonly titleKey: string }
  | { readonly kind: 'disabled' }
  | { readonly kind: 'alreadyExists' }
  | { readonly kind: 'ready' }
  | { readonly kind: 'inProgress' }
  /** Telegram took the Stars; the server has not heard of it yet (slow: it takes longer than usual). */
  | { readonly kind: 'starsConfirming'; readonly slow: boolean }
  | { readonly kind: 'paid'; readonly receipt: PaymentReceipt }
  /** The free trial started: access at once, nothing charged. */
  | { readonly kind: 'trialStarted'; readonly trial: StartedTrial }
  /** reason: what the payer is told, in their language; the provider's code is shown small beneath. */
  | { readonly kind: 'failed'; readonly code: string; readonly reason: PaymentFailureReason };

type LoadedInvoice =
  | { readonly kind: 'donation'; readonly invoice: DonationInvoice }
  | { readonly kind: 'subscription'; readonly invoice: SubscriptionInvoice };

/** The i18n key of a Stars amount error (empty, not whole, below 1, above 10000). */
export function starsAmountErrorKey(error: StarsAmountError): string {
  return `invoice.stars.amountError.${error.code}`;
}

/** The i18n key of an amount error (section 5: generic when empty, "less than" / "more than" the bound). */
export function amountErrorKey(error: AmountError): string {
  return `invoice.amountError.${error.code}`;
}

/**
 * /invoice/subscription/{id} and /invoice/donation/{id}: loads the invoice, lets the donor pick or type an amount,
 * and hands the payment to the shared PaymentFlowStore. While that store holds a payment of this invoice, the page
 * shows it (in progress, paid, failed) instead of the invoice.
 */
export class InvoiceViewModel {
  private readonly loader: AsyncState;
  loaded: LoadedInvoice | null = null;
  /** The donation amount as typed: whole major units, digits only. */
  amountText = '';
  /** Shown once the donor tried to pay, or typed something. */
  private amountTouched = false;
  /** Card or Telegram Stars, where the invoice offers both. */
  payMethod: PayMethodChoice = 'card';
  /** The donation in whole Stars as typed (digits only). */
  starsText = '';
  private starsTouched = false;
  /** The promo code as typed (a share link fills it in). */
  promoText = '';
  /** What the applied code makes the subscription cost (card payments only). */
  promoQuote: PromoQuote | null = null;
  /** Why the typed code was refused: an i18n key. */
  promoErrorKey: string | null = null;
  promoChecking = false;
  /** The free trial this invoice started (its result replaces the invoice). */
  trialStarted: StartedTrial | null = null;
  trialStarting = false;
  /** Why the last start was refused: an i18n key. */
  trialErrorKey: string | null = null;

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly flow: PaymentFlowStore,
    private readonly platform: MessengerPlatform,
    readonly kind: InvoiceKind,
    readonly id: number,
    /** A promo code's share link (/invoice/subscription/{id}/promo/{code}) applies it on load. */
    private readonly initialPromo: string | null = null,
    private readonly makeKey: () => string = newIdempotencyKey,
  ) {
    this.loader = new AsyncState(errorCodeOf);
    this.promoText = initialPromo ?? '';
    makeAutoObservable<InvoiceViewModel, 'loader' | 'invoices' | 'flow' | 'platform' | 'makeKey' | 'initialPromo'>(
      this,
      {
        invoices: false,
        flow: false,
        platform: false,
        kind: false,
        id: false,
        loader: false,
        makeKey: false,
        initialPromo: false,
      },
      { autoBind: true },
    );
  }

  /** Loads the invoice, unless this invoice's payment is running or finished (its result is shown instead). */
  /** Reads what the screen shows; the screen frame follows `state` (retry calls this again). */
  get state(): ScreenState {
    return this.loader.state;
  }

  async load(): Promise<void> {
    if (this.flow.isFor(this.kind, this.id) && this.flow.payment.status !== null) return;
    await this.reload();
  }

  async reload(): Promise<void> {
    await this.loader.run(
      async (): Promise<LoadedInvoice> =>
        this.kind === 'donation'
          ? { kind: 'donation', invoice: await this.invoices.donationInvoice(this.id) }
          : { kind: 'subscription', invoice: await this.invoices.subscriptionInvoice(this.id) },
      (loaded) => {
        this.loaded = loaded;
        if (loaded.kind === 'donation') {
          this.amountText = String(toMajor(loaded.invoice.amount.minor, loaded.invoice.amount.currency));
          this.starsText = loaded.invoice.stars ? String(loaded.invoice.stars.amount) : '';
        }
        // Stars are offered beside cards, never instead: a page without them pays by card.
        if (loaded.invoice.stars === null) this.payMethod = 'card';
      },
    );
    if (this.loaded?.kind === 'subscription' && this.initialPromo !== null && this.promoQuote === null)
      await this.applyPromo();
  }

  setPromoText(text: string): void {
    this.promoText = text;
    this.promoErrorKey = null;
  }

  /** Asks what the typed code makes the subscription cost; a refusal shows its reason. */
  async applyPromo(): Promise<void> {
    if (this.kind !== 'subscription' || this.promoChecking) return;
    const code = normalizePromoCode(this.promoText);
    if (code === null) {
      this.promoErrorKey = this.promoText.trim() === '' ? null : 'promo.reason.unknown';
      return;
    }
    this.promoChecking = true;
    try {
      const quote = await this.invoices.promoQuote(this.id, code);
      runInAction(() => {
        this.promoQuote = quote;
        this.promoText = quote.code;
        this.promoErrorKey = null;
      });
    } catch (error) {
      const reason = errorDetailOf(error, 'reason');
      runInAction(() => {
        this.promoQuote = null;
        this.promoErrorKey =
          errorCodeOf(error) === 'promo_code_invalid' && typeof reason === 'string' && isPromoRefusal(reason)
            ? `promo.reason.${reason}`
            : 'common.toast.failed';
      });
    } finally {
      runInAction(() => (this.promoChecking = false));
    }
  }

  removePromo(): void {
    this.promoQuote = null;
    this.promoText = '';
    this.promoErrorKey = null;
  }

  get view(): InvoiceView {
    if (this.trialStarted !== null) return { kind: 'trialStarted', trial: this.trialStarted };
    if (this.flow.isFor(this.kind, this.id)) {
      const { payment, receipt } = this.flow;
      if (payment.status === 'paid' && receipt !== null) return { kind: 'paid', receipt };
      // A charge refused at settlement because another payment already bought this membership (its money is refunded).
      if (payment.status === 'error' && invoiceLoadStateFromError(payment.code ?? '') === 'alreadyExists')
        return { kind: 'alreadyExists' };
      if (payment.status === 'error') {
        const code = payment.code ?? 'error_unknown';
        return { kind: 'failed', code, reason: paymentFailureReason(code) };
      }
      // Telegram's sheet is over the invoice: the invoice stays beneath it, its Pay button busy.
      if (this.flow.starsStage === 'sheet' && payment.status === 'pending') return { kind: 'ready' };
      if (this.flow.starsStage === 'confirming') return { kind: 'starsConfirming', slow: this.flow.starsSlow };
      if (payment.status === 'pending' || payment.status === 'action_required') return { kind: 'inProgress' };
    }
    const state = this.loader.state;
    if (state.status === 'error') {
      switch (invoiceLoadStateFromError(state.code)) {
        case 'notFound':
          return { kind: 'notFound', titleKey: `invoice.${invoiceNotFoundKey(this.kind)}` };
        case 'disabled':
          return { kind: 'disabled' };
        case 'alreadyExists':
          return { kind: 'alreadyExists' };
        default:
          return { kind: 'error', code: state.code };
      }
    }
    if (state.status === 'ready' && this.loaded !== null) return { kind: 'ready' };
    return { kind: 'loading' };
  }

  /** Route changes the payment flow asks for (the screen performs them). */
  get flowNavigation(): Pick<PaymentFlowStore, 'navigation' | 'consumeNavigation'> {
    return this.flow;
  }

  get channel(): Channel | null {
    return this.loaded?.invoice.channel ?? null;
  }

  get subscription(): SubscriptionInvoice['subscription'] | null {
    return this.loaded?.kind === 'subscription' ? this.loaded.invoice.subscription : null;
  }

  get donation(): DonationInvoice['donation'] | null {
    return this.loaded?.kind === 'donation' ? this.loaded.invoice.donation : null;
  }

  get cards(): readonly SavedCard[] {
    return this.loaded?.invoice.cards ?? [];
  }

  get currency(): Money['currency'] | null {
    if (this.loaded === null) return null;
    return this.loaded.kind === 'donation'
      ? this.loaded.invoice.amount.currency
      : this.loaded.invoice.subscription.price.currency;
  }

  /** The free trial this payer may start; null: none for them. */
  get trialOffer(): TrialOffer | null {
    return this.loaded?.kind === 'subscription' ? this.loaded.invoice.trial : null;
  }

  /** The main button starts the trial: offered, and paying by card (Telegram Stars subscriptions have no trial). */
  get startsTrial(): boolean {
    return this.trialOffer !== null && this.payMethod === 'card';
  }

  /**
   * The tap of "Start free trial": one Idempotency-Key per tap, nothing charged. A refusal shows its reason; the
   * invoice is read again (the offer may be gone).
   */
  async startTrial(): Promise<void> {
    if (this.kind !== 'subscription' || this.trialStarting || this.trialOffer === null) return;
    this.trialStarting = true;
    this.trialErrorKey = null;
    try {
      const started = await this.invoices.startTrial(this.id, this.makeKey());
      runInAction(() => (this.trialStarted = started));
    } catch (error) {
      const reason = errorDetailOf(error, 'reason');
      runInAction(() => {
        this.trialErrorKey =
          errorCodeOf(error) === 'trial_unavailable' && typeof reason === 'string' && isTrialRefusal(reason)
            ? `trial.reason.${reason}`
            : 'common.toast.failed';
      });
    } finally {
      runInAction(() => (this.trialStarting = false));
    }
  }

  /** After the trial started: open the channel (its link), else close the app. */
  openTrialChannel(): void {
    const link = this.trialStarted?.inviteLink;
    if (link === undefined) {
      this.platform.close();
      return;
    }
    if (isTelegramLink(link)) this.platform.openTelegramLink(link);
    else this.platform.openLink(link);
  }

  /** The Stars price of the subscription, or null where it is not sold in Stars. */
  get subscriptionStars(): SubscriptionStarsPrice | null {
    return this.loaded?.kind === 'subscription' ? this.loaded.invoice.stars : null;
  }

  /** The Stars amount the donation request suggests, or null where it takes no Stars. */
  get donationStars(): DonationStarsPrice | null {
    return this.loaded?.kind === 'donation' ? this.loaded.invoice.stars : null;
  }

  /** True when the invoice takes both cards and Stars: the payer chooses. */
  get offersStars(): boolean {
    return this.loaded !== null && this.loaded.invoice.stars !== null;
  }

  setPayMethod(method: PayMethodChoice): void {
    if (method === 'stars' && !this.offersStars) return;
    this.payMethod = method;
    this.flow.clearRequestError();
  }

  setStarsText(text: string): void {
    this.starsText = normalizeIntegerAmountInput(text);
    this.starsTouched = true;
  }

  private get checkedStars(): ReturnType<typeof checkStarsAmountInput> | null {
    return this.donationStars === null ? null : checkStarsAmountInput(this.starsText);
  }

  /** The Stars the Pay button names: the subscription's Stars price, or the donor's Stars while valid. */
  get starsPayAmount(): number | null {
    const subscriptionStars = this.subscriptionStars;
    if (subscriptionStars !== null) return subscriptionStars.amount;
    const checked = this.checkedStars;
    return checked !== null && checked.ok ? checked.value : null;
  }

  /** The Stars amount error key, once the donor typed or tried to pay. */
  get starsAmountErrorKey(): string | null {
    const checked = this.checkedStars;
    if (!this.starsTouched || checked === null || checked.ok) return null;
    return starsAmountErrorKey(checked.error);
  }

  get starsAmountErrorBound(): number | undefined {
    const checked = this.checkedStars;
    return checked !== null && !checked.ok && 'bound' in checked.error ? checked.error.bound : undefined;
  }

  /** Telegram's sheet is open for this invoice (the Pay button shows progress). */
  get isPayingWithStars(): boolean {
    return this.flow.isFor(this.kind, this.id) && this.flow.starsStage === 'sheet';
  }

  /** Why the last Stars tap created nothing (stars_unavailable, or another code), shown under the choice. */
  get starsRequestErrorCode(): string | null {
    if (!this.flow.isFor(this.kind, this.id) || this.payMethod !== 'stars') return null;
    return this.flow.requestError?.code ?? null;
  }

  /**
   * The tap of Pay in Stars: hands the invoice to the payment flow with its Stars and opens Telegram's sheet, with a
   * fresh Idempotency-Key for this tap. Nothing happens while the donor's Stars amount is not valid (the error shows).
   */
  payWithStars(): void {
    const loaded = this.loaded;
    if (loaded === null || loaded.invoice.stars === null) return;
    this.starsTouched = true;
    const stars = this.starsPayAmount;
    // Stars take no promo code: the subscription's full price.
    const amount =
      loaded.kind === 'subscription' ? loaded.invoice.subscription.price : (this.payAmount ?? loaded.invoice.amount);
    if (stars === null || amount === null) return;
    this.flow.setTarget({
      kind: this.kind,
      id: this.id,
      amount,
      channelName: loaded.invoice.channel.name,
      cards: loaded.invoice.cards,
      stars,
    });
    void this.flow.payWithStars(this.makeKey());
  }

  /** Quick-pick amounts of the donation (eur 5, 10, 25, 100, 200; others 200 … 5000). */
  get presets(): Money[] {
    return this.loaded?.kind === 'donation' ? donationPresets(this.loaded.invoice.amount.currency) : [];
  }

  setAmountText(text: string): void {
    this.amountText = normalizeIntegerAmountInput(text);
    this.amountTouched = true;
  }

  choosePreset(amount: Money): void {
    this.amountText = String(toMajor(amount.minor, amount.currency));
    this.amountTouched = true;
  }

  isPresetSelected(amount: Money): boolean {
    return this.amountText === String(toMajor(amount.minor, amount.currency));
  }

  /** The amount the creator fixed for this donation request (charged exactly, shown instead of the input), or null. */
  get fixedAmount(): Money | null {
    if (this.loaded?.kind !== 'donation') return null;
    const { amount } = this.loaded.invoice.donation;
    return amount.minor > 0 ? amount : null;
  }

  /** The donation amount as entered, within bounds, or the error to show. */
  private get checkedAmount(): ReturnType<typeof checkDonationInvoiceAmount> | null {
    const currency = this.currency;
    if (this.loaded?.kind !== 'donation' || currency === null || this.fixedAmount !== null) return null;
    return checkDonationInvoiceAmount(this.amountText, currency);
  }

  /** The amount the Pay button names: the price, or the donation amount while it is valid. */
  get payAmount(): Money | null {
    if (this.loaded === null) return null;
    if (this.loaded.kind === 'subscription') return this.promoQuote?.charged ?? this.loaded.invoice.subscription.price;
    if (this.fixedAmount !== null) return this.fixedAmount;
    const checked = this.checkedAmount;
    return checked !== null && checked.ok ? checked.value : null;
  }

  /** The amount error key to show, once the donor typed or tried to pay. */
  get amountErrorKey(): string | null {
    const checked = this.checkedAmount;
    if (!this.amountTouched || checked === null || checked.ok) return null;
    return amountErrorKey(checked.error);
  }

  get amountErrorBound(): Money | undefined {
    const checked = this.checkedAmount;
    return checked !== null && !checked.ok ? checked.error.bound : undefined;
  }

  /**
   * The tap of the main button: hands the invoice to the payment flow and answers where to go next (the saved cards
   * to choose from, or the card form), or null when the amount is not valid (the error shows).
   */
  proceedToPayment(): string | null {
    const loaded = this.loaded;
    if (loaded === null) return null;
    this.amountTouched = true;
    const amount = this.payAmount;
    if (amount === null) return null;
    this.flow.setTarget({
      kind: this.kind,
      id: this.id,
      amount,
      channelName: loaded.invoice.channel.name,
      cards: loaded.invoice.cards,
      ...(this.promoQuote === null ? {} : { promoCode: this.promoQuote.code }),
    });
    return this.nextPaymentPath();
  }

  /**
   * Failure screen: forget the failed payment (status, code, message) and go back to choosing how to pay: the card
   * screens, or this invoice (null: stay) after a Stars payment.
   */
  retry(): string | null {
    const stars = this.flow.method === 'stars';
    this.flow.clear();
    return stars ? null : this.nextPaymentPath();
  }

  private nextPaymentPath(): string {
    const cards = this.flow.target?.cards ?? this.cards;
    return cards.some((card) => card.active) ? PAYMENT_METHOD_PATH : PAYMENT_FORM_PATH;
  }

  /**
   * Where "Give as a gift" goes (src/domain/gift.ts): a subscription with a period to give; a member may give it too
   * (the already-subscribed page offers it). Null for donations and one-time subscriptions.
   */
  get giftPath(): string | null {
    if (this.kind !== 'subscription') return null;
    const subscription = this.subscription;
    if (subscription !== null && !isGiftablePeriod(subscription.period)) return null;
    return giftInvoicePath(this.id);
  }

  /** After a paid payment: open the channel (subscription) or close the app (donation). */
  finish(): void {
    this.flow.leaveAfterPayment();
  }

  close(): void {
    this.platform.close();
  }

  openSupport(): void {
    openExternal(this.platform, EXTERNAL_LINKS.support);
  }

  dispose(): void {
    this.loader.dispose();
  }
}
