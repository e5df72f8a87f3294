/**
 * The card payment provider as the money engine sees it (ARCHITECTURE.md: ports with sandbox and real adapters).
 *
 * Every call that moves money is idempotent on `reference` (our own id for the charge or payout): calling it again
 * after a timeout, a crash or a restart returns the same provider object and never charges twice. That is what lets
 * the engine retry freely and reconcile a payment whose webhook was lost.
 */
import type { CardBrand } from '../../../src/domain/entities';
import type { Money } from '../../../src/domain/money';

/** Provider-side session states, as the provider's session status call reports them (spec section 7). */
export type ProviderSessionStatus = 'pending' | 'action_required' | 'paid' | 'cancelled' | 'error';

/** What the provider tells about a card: never the full number (that never leaves the provider). */
export interface ProviderCard {
  readonly brand: CardBrand;
  readonly type: 'credit' | 'debit';
  readonly bin: string;
  readonly last4: string;
  /** ISO 3166-1 alpha-2 of the issuing bank. */
  readonly country: string;
  /** Like 424242******4242. */
  readonly maskedNumber: string;
}

/** Where the money comes from. */
export type PaymentSource =
  /** A card the payer just entered, tokenised by the provider in the browser; `save` asks for a recurrent token. */
  | { readonly type: 'card_token'; readonly token: string; readonly save: boolean }
  /** A saved card; `initiator` is merchant for renewals (no 3-D Secure challenge possible: the payer is away). */
  | { readonly type: 'recurrent'; readonly recurrentToken: string; readonly initiator: 'customer' | 'merchant' }
  /** Link payment: the provider's hosted page collects the card. */
  | { readonly type: 'hosted_page'; readonly save: boolean };

export interface CreateProviderPayment {
  /** Our payment id; the idempotency key at the provider, and the metadata every answer and webhook carries back. */
  readonly reference: string;
  /** Our user id of the payer (the provider's customer reference). */
  readonly customerReference: string;
  readonly amount: Money;
  readonly description: string;
  readonly source: PaymentSource;
  /** Where the payer's browser comes back to after a 3-D Secure page or the hosted page (absolute URL). */
  readonly returnUrl?: string;
}

export interface ProviderPayment {
  /** null when the provider refused the request before opening a session. */
  readonly sessionId: string | null;
  readonly reference: string;
  readonly status: ProviderSessionStatus;
  /** The provider waits for our confirmation (Smart Glocal's ready_to_confirm): call confirm(sessionId). */
  readonly awaitingConfirmation?: boolean;
  /** 3-D Secure challenge page while action_required (absolute URL at the provider or the bank). */
  readonly redirectUrl?: string;
  /** Hosted payment page for link payments. */
  readonly hostedPageUrl?: string;
  readonly errorCode?: string;
  readonly errorDescription?: string;
  /** Known once a card is attached to the session. */
  readonly card?: ProviderCard;
  /** Present when paid and the payer asked to save the card. */
  readonly recurrentToken?: string;
  /** What the provider keeps of a paid charge, in minor units of the charge's currency. */
  readonly providerFee?: number;
  /** The provider gave the charge back (refund or chargeback). */
  readonly refunded?: boolean;
  /** What the provider charges (or charged) in this session, as its records say (reconciliation compares it). */
  readonly amount?: Money;
}

export type ProviderPayoutStatus = 'in_progress' | 'succeeded' | 'failed';

export interface ProviderPayout {
  readonly sessionId: string | null;
  readonly reference: string;
  readonly status: ProviderPayoutStatus;
  readonly awaitingConfirmation?: boolean;
  readonly errorCode?: string;
  readonly errorDescription?: string;
  /** Failed after it had arrived: the recipient's bank sent the money back. */
  readonly returned?: boolean;
  /** What the provider sends, as its records say. */
  readonly amount?: Money;
}

/** A verified notification from the provider, about a charge or a payout. */
/** `happenedAtMs`: when the provider made the change the event reports (for the webhook lag metric). */
export type ProviderEvent =
  | { readonly id: string; readonly kind: 'payment'; readonly payment: ProviderPayment; readonly happenedAtMs?: number }
  | { readonly id: string; readonly kind: 'payout'; readonly payout: ProviderPayout; readonly happenedAtMs?: number };

export type VerifiedEvent =
  | { readonly ok: true; readonly event: ProviderEvent }
  | { readonly ok: false; readonly reason: 'bad_signature' | 'malformed' | 'stale' };

/** Where a card goes for a payout: a card token from the payout setup, or a bank account. */
export type PayoutDestination =
  | { readonly type: 'card'; readonly cardToken: string; readonly holderName: string }
  | {
      readonly type: 'ru_account';
      readonly bik: string;
      readonly account: string;
      readonly holderName: string;
      readonly inn?: string;
      readonly description: string;
    }
  | { readonly type: 'iban'; readonly iban: string; readonly holderName: string; readonly description: string };

export interface ProviderPayoutRequest {
  readonly reference: string;
  readonly amount: Money;
  readonly destination: PayoutDestination;
}

/** What the browser needs to tokenise a card at the provider (Telegram's clients call it public token and tokenize URL). */
export interface CardTokenization {
  readonly publicToken: string;
  readonly tokenizeUrl: string;
}

export interface PaymentProvider {
  /** Starts a charge, or returns the one already started for this reference. */
  createPayment(request: CreateProviderPayment): Promise<ProviderPayment>;
  /** The charge as the provider sees it now, or null when the provider never saw it (no session id yet). */
  findPayment(reference: string, sessionId: string | null): Promise<ProviderPayment | null>;
  /** Answers the provider's ready-to-confirm with a confirmation; answers the session as it then is. */
  confirmPayment(sessionId: string): Promise<ProviderPayment>;
  /** Checks a notification (raw body as received, its signature header, our clock): authentic, well formed and fresh. */
  verifyEvent(rawBody: string, signatureHeader: string | undefined, nowMs: number): Promise<VerifiedEvent>;
  /** A fresh public token for one card tokenisation in the browser (payment card or payout card). */
  cardTokenization(locale: string): Promise<CardTokenization>;
  /** The card behind a tokenisation token (payout card setup), or null for an unknown token. */
  describeToken(token: string): Promise<ProviderCard | null>;
  /** Sends money to a creator's account, or returns the payout already made for this reference. */
  createPayout(request: ProviderPayoutRequest): Promise<ProviderPayout>;
  /** The payout as the provider sees it now. */
  findPayout(sessionId: string): Promise<ProviderPayout | null>;
  confirmPayout(sessionId: string): Promise<ProviderPayout>;
  /**
   * Gives a paid charge back to the payer in full (idempotent). `refunded` once the provider took it;
   * `not_refundable` when the provider has no paid charge in that session.
   */
  refundPayment(sessionId: string): Promise<'refunded' | 'not_refundable'>;
}
