/** Currencies of spec section 3. Amounts below the UI are integer minor units plus one of these. */
export const CURRENCIES = [
  'aed',
  'aud',
  'eur',
  'brl',
  'cad',
  'cny',
  'usd',
  'czk',
  'gbp',
  'hkd',
  'huf',
  'idr',
  'inr',
  'ils',
  'jpy',
  'kes',
  'krw',
  'pln',
  'ron',
  'rub',
  'sek',
  'thb',
  'try',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * The ledger's currencies: the spec's, and Telegram Stars (`xtr`, whole Stars, no minor unit), which a payer's lines
 * of a Stars payment are in. Nothing is priced or paid out in Stars: a creator's Stars earnings are credited in their
 * payout currency (src/domain/stars.ts).
 */
export const STARS_LEDGER_CURRENCY = 'xtr';
export const LEDGER_CURRENCIES = [...CURRENCIES, STARS_LEDGER_CURRENCY] as const;
export type LedgerCurrency = (typeof LEDGER_CURRENCIES)[number];

/** Currencies a creator can be paid out in. */
export const PAYOUT_CURRENCIES = ['eur', 'rub'] as const satisfies readonly Currency[];
export type PayoutCurrency = (typeof PAYOUT_CURRENCIES)[number];

/** ISO 4217 exponents. Not derived from Intl, which reports 0 for HUF and IDR. */
const ZERO_DECIMAL: ReadonlySet<LedgerCurrency> = new Set(['jpy', 'krw', STARS_LEDGER_CURRENCY]);
export function currencyExponent(currency: LedgerCurrency): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** An amount of money: integer minor units and its currency. */
export interface Money {
  readonly minor: number;
  readonly currency: Currency;
}

export function money(minor: number, currency: Currency): Money {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor units must be an integer, got ${minor}`);
  return { minor, currency };
}

/** Major units (5.5 eur) to minor units (550), rounding half away from zero on the last place. */
export function toMinor(major: number, currency: Currency): number {
  const factor = 10 ** currencyExponent(currency);
  const scaled = Math.round(Math.abs(major) * factor + 1e-9);
  return major < 0 ? -scaled : scaled;
}

export function toMajor(minor: number, currency: LedgerCurrency): number {
  return minor / 10 ** currencyExponent(currency);
}

export function fromMajor(major: number, currency: Currency): Money {
  return money(toMinor(major, currency), currency);
}

/** Minor units as an exact decimal in major units ("-12.50" eur, "1500" jpy) for files and sheets: no floating point. */
export function decimalMajor(minor: number, currency: Currency): string {
  const exponent = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Sorts currencies with eur first, the rest alphabetically (spec section 3). */
export function compareCurrencies(a: Currency, b: Currency): number {
  if (a === b) return 0;
  if (a === 'eur') return -1;
  if (b === 'eur') return 1;
  return a.localeCompare(b);
}
