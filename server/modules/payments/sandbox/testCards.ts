/**
 * Test cards of the sandbox provider. The behaviour is decided once, at tokenisation, from the card number; only the
 * behaviour, brand, BIN, last 4 digits and issuing country are kept. Any other number that passes the check digit
 * pays without a challenge (issued in DE; Mir cards in RU).
 */
import cardValidator from 'card-validator';
import type { CardBrand } from '../../../../src/domain/entities';

export type CardBehaviour =
  /** Paid at once, no 3-D Secure. */
  | 'success'
  /** A 3-D Secure challenge; Confirm pays, Decline or the countdown cancels. */
  | 'challenge'
  /** A 3-D Secure challenge whose authentication fails whatever the payer does. */
  | 'challenge_fails'
  | 'insufficient_funds'
  | 'do_not_honor'
  | 'expired_card'
  /** The first charge succeeds (the card can be saved); every later saved-card charge fails for lack of funds. */
  | 'recurring_fails';

export interface TestCard {
  readonly number: string;
  readonly behaviour: CardBehaviour;
  readonly country: string;
  readonly type: 'credit' | 'debit';
  readonly note: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', behaviour: 'success', country: 'DE', type: 'debit', note: 'Visa, paid without 3-D Secure' },
  { number: '5555555555554444', behaviour: 'success', country: 'FR', type: 'credit', note: 'Mastercard, paid without 3-D Secure' },
  { number: '2200000000000004', behaviour: 'success', country: 'RU', type: 'debit', note: 'Mir, paid without 3-D Secure' },
  { number: '4000000000003220', behaviour: 'challenge', country: 'DE', type: 'credit', note: '3-D Secure challenge: Confirm pays, Decline cancels' },
  { number: '4000000000003238', behaviour: 'challenge_fails', country: 'DE', type: 'credit', note: '3-D Secure challenge that the issuer declines' },
  { number: '4000000000009995', behaviour: 'insufficient_funds', country: 'DE', type: 'debit', note: 'Declined: insufficient funds' },
  { number: '4000000000000002', behaviour: 'do_not_honor', country: 'DE', type: 'credit', note: 'Declined by the issuer' },
  { number: '4000000000000069', behaviour: 'expired_card', country: 'DE', type: 'credit', note: 'Declined: expired card' },
  { number: '4000000000000127', behaviour: 'success', country: 'US', type: 'credit', note: 'Paid; issued in the US, a country not supported for payouts' },
  { number: '4000000000000341', behaviour: 'recurring_fails', country: 'DE', type: 'debit', note: 'First payment succeeds; later saved-card charges (renewals) fail' },
];

/** The provider's decline codes and the descriptions it sends with them (the client shows both). */
export const DECLINES: Readonly<Record<string, string>> = {
  insufficient_funds: 'Insufficient funds on the card',
  do_not_honor: 'The issuing bank declined the payment',
  expired_card: 'The card has expired',
  '3ds_declined': '3-D Secure authentication was declined by the cardholder',
  '3ds_failed': '3-D Secure authentication failed',
  '3ds_timeout': '3-D Secure authentication timed out',
  session_expired: 'The payment session expired',
  card_not_supported: 'This card cannot be charged without the cardholder',
};

const BRANDS: Readonly<Record<string, CardBrand>> = { visa: 'visa', mastercard: 'mastercard', maestro: 'maestro', mir: 'mir' };

export interface CardProfile {
  readonly brand: CardBrand;
  readonly type: 'credit' | 'debit';
  readonly bin: string;
  readonly last4: string;
  readonly country: string;
  readonly behaviour: CardBehaviour;
  /** Number of digits, for the masked number. */
  readonly length: number;
}

/** Brand, BIN, last 4, country and behaviour of a card number (digits only, already Luhn-checked). */
export function profileOf(digits: string): CardProfile {
  const known = TEST_CARDS.find((card) => card.number === digits);
  const detected = cardValidator.number(digits).card?.type ?? '';
  const brand = BRANDS[detected] ?? 'unknown';
  return {
    brand,
    type: known?.type ?? 'debit',
    bin: digits.slice(0, 6),
    last4: digits.slice(-4),
    country: known?.country ?? (brand === 'mir' ? 'RU' : 'DE'),
    behaviour: known?.behaviour ?? 'success',
    length: digits.length,
  };
}

export function maskNumber(bin: string, last4: string, length = 16): string {
  return `${bin}${'*'.repeat(Math.max(length - bin.length - last4.length, 0))}${last4}`;
}
