import type { CardTokenization } from './ProviderGateway';
import type { Money } from '../../domain/money';
import type { CardBrand, Channel, PaymentError, PaymentStatus, SavedCard, Subscription } from '../../domain/entities';
import type { Donation } from './DonationRepository';
import type { DonationStarsPrice, SubscriptionStarsPrice } from '../../domain/stars-checkout';
import type { PromoQuote } from '../../domain/promo';

export interface DonationInvoice {
  readonly channel: Channel;
  readonly donation: Donation;
  /** Amount the payment page starts with. */
  readonly amount: Money;
  /** The payer's saved cards. */
  readonly cards: readonly SavedCard[];
  /** The Stars amount the creator suggests, or null: not sold in Stars. */
  readonly stars: DonationStarsPrice | null;
}

export interface SubscriptionInvoice {
  readonly subscription: Subscription;
  readonly channel: Channel;
  readonly cards: readonly SavedCard[];
  /** The price in Stars, or null: not sold in Stars. */
  readonly stars: SubscriptionStarsPrice | null;
  /** The free trial this payer may start (card only, src/domain/trial.ts); null: none for them. */
  readonly trial: TrialOffer | null;
}

/** A free trial the invoice offers: started now, it ends at `endsAt`, when paying `price` keeps the subscription. */
export interface TrialOffer {
  readonly days: number;
  /** Epoch seconds. */
  readonly endsAt: number;
  readonly price: Money;
}

/** A started trial: its membership and the channel link the follower opens (absent: none to show). */
export interface StartedTrial {
  readonly memberId: number;
  /** Epoch seconds. */
  readonly endsAt: number;
  readonly inviteLink?: string;
}

/** What is paid in Stars: a subscription at its Stars price, or a donation of the donor's whole Stars. */
export type StarsInvoiceTarget =
  | { readonly kind: 'subscription'; readonly subscriptionId: number }
  | { readonly kind: 'donation'; readonly donationId: number; readonly stars: number };

/** A Stars payment the server created: its id and the Bot API invoice link the host opens. */
export interface CreatedStarsPayment {
  readonly paymentId: string;
  readonly invoiceLink: string;
}

/** What is being paid. A donation carries the amount the donor chose. */
export type InvoiceTarget =
  | { readonly kind: 'donation'; readonly donationId: number; readonly amount: Money }
  /** promoCode: charged at the code's discount (card payments only); gift: one period for someone else (card only). */
  | {
      readonly kind: 'subscription';
      readonly subscriptionId: number;
      readonly promoCode?: string;
      readonly gift?: boolean;
    };

/** How it is paid (invoice payment methods of spec section 3). */
export type PaymentInstrument =
  /** Hosted payment page: the answer carries its url. */
  | { readonly method: 'smart_glocal' }
  | { readonly method: 'smart_glocal_saved_card'; readonly cardId: number }
  /**
   * A new card tokenised at the provider; the card number never reaches our server. `publicToken` is our tokenisation
   * that made `cardToken`: it pays once, for the user who asked for it (the card token names the card, reusable).
   */
  | {
      readonly method: 'smart_glocal_form';
      readonly cardToken: string;
      readonly publicToken: string;
      readonly saveCard: boolean;
    };

export interface CreatedPayment {
  readonly paymentId: string;
  readonly status: PaymentStatus;
  /** Hosted payment page of a link payment. */
  readonly url?: string;
  /** Where the user must go to confirm (3-D Secure) when status is action_required. */
  readonly redirectUrl?: string;
  readonly error?: PaymentError;
}

export interface PaymentCheck {
  readonly paymentId: string;
  readonly status: PaymentStatus;
  readonly redirectUrl?: string;
  readonly error?: PaymentError;
  readonly amount: Money;
  readonly card?: { readonly brand: CardBrand; readonly last4: string };
  readonly transactionId?: number;
  readonly kind: 'subscription' | 'donation';
  /** Channel link a subscriber opens after paying. */
  readonly inviteLink?: string;
  readonly subscriptionMemberId?: number;
}

/** Invoices a follower pays, and their payments. */
export interface InvoiceRepository {
  /** Rejects not_found, payments_disabled (spec section 8). */
  donationInvoice(donationId: number): Promise<DonationInvoice>;
  /**
   * Rejects not_found, payments_disabled, already_subscribed. `gift`: the invoice of a gift for someone else, which
   * the payer's own membership does not stop (no already_subscribed).
   */
  subscriptionInvoice(subscriptionId: number, options?: { readonly gift?: boolean }): Promise<SubscriptionInvoice>;
  /**
   * Creates a payment. `idempotencyKey` is made once per user action: calling again with the same key answers
   * the first payment instead of charging twice.
   */
  createPayment(target: InvoiceTarget, instrument: PaymentInstrument, idempotencyKey: string): Promise<CreatedPayment>;
  /**
   * Creates a Telegram Stars payment (paymentMethod telegram_stars) and answers its invoice link. The key works as for
   * createPayment: the same key answers the same payment and link. Rejects stars_unavailable (not sold in Stars).
   */
  createStarsPayment(target: StarsInvoiceTarget, idempotencyKey: string): Promise<CreatedStarsPayment>;
  /**
   * What a promo code makes the subscription cost now (POST /invoice/subscription/{id}/promo). Rejects
   * promo_code_invalid with `details.reason` (src/domain/promo.ts PROMO_REFUSALS), and the invoice's own errors.
   */
  promoQuote(subscriptionId: number, code: string): Promise<PromoQuote>;
  /**
   * Starts the subscription's free trial (POST /invoice/subscription/{id}/trial): access at once, nothing charged. The
   * key works as for createPayment. Rejects trial_unavailable with `details.reason` (src/domain/trial.ts
   * TRIAL_REFUSALS), and the invoice's own errors.
   */
  startTrial(subscriptionId: number, idempotencyKey: string): Promise<StartedTrial>;
  /** Current state of a payment (POST /pay/smart_glocal/check). */
  checkPayment(paymentId: string): Promise<PaymentCheck>;
  /** A public token and the tokenize URL for one card tokenisation (POST /pay/smart_glocal/token). */
  cardTokenization(): Promise<CardTokenization>;
}
