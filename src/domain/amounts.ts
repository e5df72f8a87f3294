/**
 * Amount bounds and parsing (spec sections 5 and 9).
 *
 * Bounds are inclusive and known for eur and rub only. For every other currency the only rule is "more than zero":
 * the spec gives no numbers, and inventing a table without exchange rates would block legitimate prices.
 * So for usd, jpy, ... the minimum is one minor unit and there is no maximum.
 */
import { type Currency, type Money, currencyExponent, money, toMinor } from './money';
import { type Result, err, ok } from './result';

export type AmountKind = 'subscription' | 'donation';

export interface AmountBounds {
  readonly min: Money;
  /** null: no upper bound. */
  readonly max: Money | null;
}

/** Inclusive bounds in major units (spec section 9). */
const KNOWN_BOUNDS: Readonly<Record<AmountKind, Partial<Record<Currency, { min: number; max: number }>>>> = {
  subscription: { rub: { min: 200, max: 60000 }, eur: { min: 1, max: 1000 } },
  donation: { rub: { min: 200, max: 150000 }, eur: { min: 1, max: 2000 } },
};

export function amountBounds(kind: AmountKind, currency: Currency): AmountBounds {
  const known = KNOWN_BOUNDS[kind][currency];
  if (known === undefined) return { min: money(1, currency), max: null };
  return { min: money(toMinor(known.min, currency), currency), max: money(toMinor(known.max, currency), currency) };
}

export type AmountErrorCode = 'amount_required' | 'amount_below' | 'amount_above';
export interface AmountError {
  readonly code: AmountErrorCode;
  /** The bound that was crossed (absent for amount_required); messages say "less than {bound}" / "more than {bound}". */
  readonly bound?: Money;
}

/** Checks an amount against the bounds of its kind and currency. null (nothing entered) is amount_required. */
export function checkAmount(kind: AmountKind, amount: Money | null): Result<Money, AmountError> {
  if (amount === null) return err({ code: 'amount_required' });
  const { min, max } = amountBounds(kind, amount.currency);
  if (amount.minor < min.minor) return err({ code: 'amount_below', bound: min });
  if (max !== null && amount.minor > max.minor) return err({ code: 'amount_above', bound: max });
  return ok(amount);
}

const DECIMAL = /^(\d+)(?:[.,](\d*))?$/;

/**
 * Parses a decimal amount typed by the user ("12", "12.5", "12,50", " 12.50 ") into minor units, without going
 * through floating point. Returns null for empty or malformed text, a sign, or more decimals than the currency has
 * (three for eur, any for jpy).
 */
export function parseDecimalAmount(text: string, currency: Currency): number | null {
  const match = DECIMAL.exec(text.trim());
  if (match === null) return null;
  const exponent = currencyExponent(currency);
  const [, whole, fraction = ''] = match;
  if (fraction.length > exponent) return null;
  const minor = Number(whole + fraction.padEnd(exponent, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** The money a decimal text stands for, or null when it does not parse. */
export function parseMoney(text: string, currency: Currency): Money | null {
  const minor = parseDecimalAmount(text, currency);
  return minor === null ? null : money(minor, currency);
}

/**
 * The amount text the API takes (major units): digits with an optional dot and decimals. No sign, spaces, comma,
 * exponent or base prefix; empty means nothing entered (the services check it; the API's description names it).
 */
export const WIRE_AMOUNT_PATTERN = '^([0-9]{1,16}(\\.[0-9]{1,16})?)?$';
const WIRE_AMOUNT = new RegExp(WIRE_AMOUNT_PATTERN);

/**
 * An amount as it came over the wire: a JSON number (written out in plain decimals) or a plain decimal string gives
 * its decimal text; anything else (another type, "0x10", "1e3", " 5", "+5", a negative or non-finite number) null.
 */
export function wireAmountText(raw: unknown): string | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : null;
  return text !== null && WIRE_AMOUNT.test(text) ? text : null;
}

/** The money a wire amount stands for in the currency, or null when it is not one (or has too many decimals). */
export function parseWireAmount(raw: unknown, currency: Currency): Money | null {
  const text = wireAmountText(raw);
  return text === null ? null : parseMoney(text, currency);
}

/**
 * Normalises what the payer types into the donation invoice amount: digits only, leading zeros stripped
 * (section 5), so "05" becomes "5" and a lone "0" becomes "".
 */
export function normalizeIntegerAmountInput(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+/, '');
}

/**
 * Parses the donation invoice amount: an integer number of major units. Leading zeros are stripped; empty text or
 * anything that is not a whole number gives the generic amount error (amount_required).
 */
export function parseDonationInvoiceAmount(text: string): Result<number, AmountError> {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return err({ code: 'amount_required' });
  const digits = trimmed.replace(/^0+/, '');
  if (digits === '') return err({ code: 'amount_required' });
  const value = Number(digits);
  return Number.isSafeInteger(value) ? ok(value) : err({ code: 'amount_required' });
}

/** Parse plus bounds: the donation invoice amount as Money within the donation bounds of the currency. */
export function checkDonationInvoiceAmount(text: string, currency: Currency): Result<Money, AmountError> {
  const parsed = parseDonationInvoiceAmount(text);
  if (!parsed.ok) return parsed;
  return checkAmount('donation', money(toMinor(parsed.value, currency), currency));
}

const EUR_PRESETS = [5, 10, 25, 100, 200];
const OTHER_PRESETS = [200, 500, 1000, 2000, 5000];

/** Quick-pick amounts on the donation invoice (section 9). */
export function donationPresets(currency: Currency): Money[] {
  return (currency === 'eur' ? EUR_PRESETS : OTHER_PRESETS).map((major) => money(toMinor(major, currency), currency));
}

/** The amount the donation invoice starts with when the request has none: eur 5, else 200. */
export function invoiceDefaultAmount(currency: Currency): Money {
  return money(toMinor(currency === 'eur' ? 5 : 200, currency), currency);
}
