import type { CardBrand, PaymentError } from '../../domain/entities';

/**
 * Card data typed into a form. Goes only to the provider: never log it, never send it to our server.
 * The payment form fills every field; the payout setup has the number only.
 */
export interface CardDetails {
  readonly number: string;
  readonly holderName?: string;
  /** "01".."12" */
  readonly expiryMonth?: string;
  /** Two digits, "29". */
  readonly expiryYear?: string;
  readonly cvc?: string;
  readonly postalCode?: string;
}

export interface CardToken {
  readonly token: string;
  readonly network: CardBrand;
  readonly type: 'credit' | 'debit';
  readonly last4: string;
  readonly bin: string;
  /** Issuing country, ISO2. */
  readonly country: string;
  readonly maskedNumber: string;
}

export type ProviderSessionStatus = 'pending' | 'action_required' | 'paid' | 'cancelled' | 'error';

export interface ProviderSession {
  readonly status: ProviderSessionStatus;
  /** 3-D Secure page while action_required. */
  readonly redirectUrl?: string;
  /** Provider's code and description when cancelled or failed. */
  readonly error?: PaymentError;
}

/** The external card payment provider, called from the client directly (spec section 7). */
export interface ProviderGateway {
  /**
   * Exchanges card data for a one-time token; rejects with a coded error for an invalid card.
   * @param publicToken the provider public token when the caller has one (payout parameters carry it).
   */
  tokenizeCard(card: CardDetails, publicToken?: string): Promise<CardToken>;
  /** Status of a payment session, by its public token; polled every second until final. */
  sessionStatus(publicToken: string): Promise<ProviderSession>;
}
