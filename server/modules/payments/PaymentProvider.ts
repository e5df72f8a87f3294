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
export const FINAL_PROVIDER_STATUSES: ReadonlySet<ProviderSessionStatus> = new Set(['paid', 'cancelled', 'error']);

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
  /** Our payment id; the idempotency key at the provider. */
  readonly reference: string;
  readonly amount: Money;
  readonly description: string;
  readonly source: PaymentSource;
}

export interface ProviderPayment {
  readonly sessionId: string;
  readonly reference: string;
  /** Public token the client polls the session status with (header X-Public-Token). */
  readonly publicToken: string;
  readonly status: ProviderSessionStatus;
  /** 3-D Secure challenge page while action_required. May be relative to our own origin (sandbox). */
  readonly redirectUrl?: string;
  /** Hosted payment page for link payments. May be relative to our own origin (sandbox). */
  readonly hostedPageUrl?: string;
  readonly errorCode?: string;
  readonly errorDescription?: string;
  /** Known once a card is attached to the session. */
  readonly card?: ProviderCard;
  /** Present when paid and the payer asked to save the card. */
  readonly recurrentToken?: string;
  /** What the provider keeps of a paid charge, in minor units of the charge's currency. */
  readonly providerFee?: number;
}

/** A verified notification from the provider. */
export interface ProviderEvent {
  readonly id: string;
  readonly type: 'session.updated';
  readonly payment: ProviderPayment;
}

export interface ProviderPayoutRequest {
  readonly reference: string;
  readonly amount: Money;
  readonly destination: Readonly<Record<string, string>>;
}

export interface ProviderPayout {
  readonly payoutId: string;
  readonly reference: string;
  readonly status: 'accepted' | 'rejected';
}

export interface PaymentProvider {
  /** Starts a charge, or returns the one already started for this reference. */
  createPayment(request: CreateProviderPayment): Promise<ProviderPayment>;
  /** The charge started for this reference, or null when the provider never saw it. */
  findPayment(reference: string): Promise<ProviderPayment | null>;
  /** Checks a notification's signature (raw body as received); null when it is not authentic or malformed. */
  verifyEvent(rawBody: string, signatureHeader: string | undefined): ProviderEvent | null;
  /** The card behind a tokenisation token (payout card setup), or null for an unknown token. */
  describeToken(token: string): Promise<ProviderCard | null>;
  /** Public key the client tokenises cards with (payout parameters `token`). */
  publicKey(): string;
  /** Sends money to a creator's account, or returns the payout already made for this reference. */
  createPayout(request: ProviderPayoutRequest): Promise<ProviderPayout>;
  /**
   * Gives a paid charge back to the payer in full (idempotent on the charge's reference). `refunded` once the
   * provider took it; `not_refundable` when the provider has no paid charge under that reference.
   */
  refundPayment(reference: string): Promise<'refunded' | 'not_refundable'>;
}
