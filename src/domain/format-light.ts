/**
 * The formatting of spec section 9 that needs no luxon (numbers, money, avatar and collapsible-text rules, and the
 * list time stamp through Intl), so the first screen can use it without loading luxon (22 kB gzip). format.ts
 * re-exports all of it next to the luxon-based date formats.
 */
import { type Money, currencyExponent, toMajor } from './money';

const NUMBER = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** en-US grouping, up to 2 decimals, whole numbers without decimals: 1234.5 → "1,234.5", 1000 → "1,000". */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

const NBSP = '\u00a0';

function withCurrency(amountText: string, money: Money): string {
  const negative = amountText.startsWith('-');
  const digits = negative ? amountText.slice(1) : amountText;
  const sign = negative ? '-' : '';
  if (money.currency === 'eur') return `${sign}€${digits}`;
  if (money.currency === 'rub') return `${sign}${digits}${NBSP}₽`;
  return `${sign}${digits}${NBSP}${money.currency.toUpperCase()}`;
}

/** "€5", "€1,234.5", "200 ₽", "10 USD": symbols only for eur and rub. */
export function formatMoney(money: Money): string {
  return withCurrency(formatNumber(toMajor(money.minor, money.currency)), money);
}

/** Like formatMoney with an explicit "+" on positive amounts (transaction lists). */
export function formatSignedMoney(money: Money): string {
  const text = formatMoney(money);
  return money.minor > 0 ? `+${text}` : text;
}

/** Details pages show all decimals of the currency: "€5.00", "1,000.50 ₽", "100 JPY". */
export function formatMoneyDetails(money: Money): string {
  const exponent = currencyExponent(money.currency);
  const text = new Intl.NumberFormat('en-US', { minimumFractionDigits: exponent, maximumFractionDigits: exponent }).format(
    toMajor(money.minor, money.currency),
  );
  return withCurrency(text, money);
}

export const AVATAR_GRADIENT_COUNT = 7;
export const AVATAR_DEFAULT_SIZE = 40;

/** Which of the seven avatar gradients an id gets (ids of channels can be negative). */
export function avatarGradientIndex(id: number): number {
  return Math.abs(id) % AVATAR_GRADIENT_COUNT;
}

export const COLLAPSIBLE_TEXT_LIMIT = 100;

/**
 * The collapsed form of a long text: the first `limit` characters (code points, never splitting an emoji), trailing
 * spaces trimmed, plus an ellipsis. Text within the limit is returned whole with truncated false.
 */
export function truncateForCollapse(text: string, limit = COLLAPSIBLE_TEXT_LIMIT): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join('').trimEnd()}…`, truncated: true };
}

type DateParts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateParts(epochMs: number, locale: string, zone: string, options: Intl.DateTimeFormatOptions): DateParts {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    dateFormats.set(key, format);
  }
  const parts: DateParts = {};
  for (const part of format.formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  return parts;
}

const NUMERIC_DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;

/**
 * The list time stamp (spec section 9) with Intl: 'HH:mm' today, 'd MMM' earlier this year, 'dd.MM.yy' before
 * that; the same text as format.ts formatMessageTime (luxon) gives.
 */
export function formatListTime(epochSeconds: number, locale: string, nowMs: number, zone = 'UTC'): string {
  const at = epochSeconds * 1000;
  const day = dateParts(at, 'en-US', zone, NUMERIC_DAY);
  const today = dateParts(nowMs, 'en-US', zone, NUMERIC_DAY);
  if (day.year === today.year && day.month === today.month && day.day === today.day) {
    const time = dateParts(at, 'en-US', zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    return `${time.hour}:${time.minute}`;
  }
  if (day.year === today.year) {
    const named = dateParts(at, locale, zone, { day: 'numeric', month: 'short' });
    return `${named.day} ${named.month}`;
  }
  return `${day.day}.${day.month}.${(day.year ?? '').slice(-2)}`;
}
