/**
 * Test cards of the sandbox provider. The behaviour is decided once, at tokenisation, from the card number; only the
 * behaviour, brand, BIN, last 4 digits and issuing country are kept. Any other number that passes the check digit
 * pays without a challenge (issued in DE; Mir cards in RU).
 */
import cardValidator from 'card-validator';
import type { CardBrand } from '../../../../src/domain/entities';
import { type CardBehaviour, DECLINES, TEST_CARDS, type TestCard } from '../../../../src/contract/testCards';

export { type CardBehaviour, DECLINES, TEST_CARDS, type TestCard };

const BRANDS: Readonly<Record<string, CardBrand>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  maestro: 'maestro',
  mir: 'mir',
};

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
