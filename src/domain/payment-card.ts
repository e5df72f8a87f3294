/**
 * The embedded card form (spec section 5): card number, code, expiry, holder, postal code.
 * Each check returns null or an error code that is also an i18n key. Never log what these functions receive.
 */
import cardValidator from 'card-validator';
import { DateTime } from 'luxon';
import type { CardBrand } from './entities';
import { TEXT_LIMITS } from './text-limits';
import { textLength } from './validators';

export type CardFieldError =
  | 'required_field'
  | 'invalid_card_number'
  | 'invalid_code'
  | 'invalid_date'
  | 'expired_card'
  | 'invalid_holder'
  | 'invalid_postal_code';

/** How many years ahead an expiry may be. */
export const MAX_EXPIRY_YEARS_AHEAD = 19;
export const MIN_POSTAL_CODE_LENGTH = 3;
const DEFAULT_CODE_LENGTH = 3;

function digitsOf(number: string): string {
  return number.replace(/\s/g, '');
}

const KNOWN_BRANDS: ReadonlySet<string> = new Set<CardBrand>(['visa', 'mastercard', 'maestro', 'mir']);

/** The brand the number (or its first digits) belongs to; unknown while ambiguous or for brands without an icon. */
export function detectCardBrand(number: string): CardBrand {
  const type = cardValidator.number(digitsOf(number)).card?.type;
  return type !== undefined && KNOWN_BRANDS.has(type) ? (type as CardBrand) : 'unknown';
}

/**
 * A complete card number: digits only (spaces allowed), a length the detected network allows (Visa 16, 18 or 19;
 * Mastercard 16; American Express 15; others as card-validator knows them) and a valid check digit.
 */
export function validateCardNumber(number: string): CardFieldError | null {
  const digits = digitsOf(number);
  if (digits === '') return 'required_field';
  if (!/^\d+$/.test(digits)) return 'invalid_card_number';
  return cardValidator.number(digits).isValid ? null : 'invalid_card_number';
}

/** The security code length for the number's network: 4 for American Express, 3 for everything else. */
export function cardCodeLength(number: string): number {
  return cardValidator.number(digitsOf(number)).card?.code.size ?? DEFAULT_CODE_LENGTH;
}

export function validateCardCode(code: string, number: string): CardFieldError | null {
  if (code === '') return 'required_field';
  return new RegExp(`^\\d{${cardCodeLength(number)}}$`).test(code) ? null : 'invalid_code';
}

/** Month and four-digit year of an 'MM/YY' expiry, or null when it is not exactly that shape. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(text.trim());
  if (match === null) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/** Keeps digits and puts the slash after the month: "1225" becomes "12/25". */
export function formatExpiryInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * 'MM/YY', numbers only, month 1 to 12, not before the current month (a card works through its expiry month: before
 * it the card has expired, 'expired_card') and at most 19 years after the current year. "Now" is read in the given
 * zone (the user's, UTC by default).
 */
export function validateExpiry(text: string, nowMs: number, zone = 'UTC'): CardFieldError | null {
  if (text.trim() === '') return 'required_field';
  const expiry = parseExpiry(text);
  if (expiry === null || expiry.month < 1 || expiry.month > 12) return 'invalid_date';
  const now = DateTime.fromMillis(nowMs, { zone });
  if (expiry.year < now.year || (expiry.year === now.year && expiry.month < now.month)) return 'expired_card';
  if (expiry.year - now.year > MAX_EXPIRY_YEARS_AHEAD) return 'invalid_date';
  return null;
}

/** Cardholder name: required, at most 255 characters, not only digits. */
export function validateHolder(name: string): CardFieldError | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'required_field';
  if (textLength(name) > TEXT_LIMITS.cardHolder) return 'invalid_holder';
  if (/^[\d\s]+$/.test(trimmed)) return 'invalid_holder';
  return null;
}

/** Postal code: required, at least 3 characters (surrounding spaces ignored). */
export function validatePostalCode(code: string): CardFieldError | null {
  const trimmed = code.trim();
  if (trimmed === '') return 'required_field';
  return textLength(trimmed) < MIN_POSTAL_CODE_LENGTH ? 'invalid_postal_code' : null;
}

/** Card display: dots and the last four digits ("•••• 4242"), from a full number or its last digits. */
export function maskCardNumber(numberOrLast: string): string {
  return `•••• ${numberOrLast.replace(/\D/g, '').slice(-4)}`;
}
