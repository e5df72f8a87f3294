import type { CardBrand } from '../../domain/entities';

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
  readonly maskedNumber: string;
}

/** A public token for one tokenisation and where to send the card (the server asks the provider for both). */
export interface CardTokenization {
  readonly publicToken: string;
  readonly tokenizeUrl: string;
}

/** The external card payment provider, called from the client directly (spec section 7): card tokenisation only. */
export interface ProviderGateway {
  /** Exchanges card data for a one-time token; rejects with a coded error for an invalid card. */
  tokenizeCard(card: CardDetails, access: CardTokenization): Promise<CardToken>;
}
