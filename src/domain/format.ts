/**
 * Number, money and date formatting of spec section 9. Every function takes its locale, zone and "now" explicitly.
 * Decisions: en-style dates with a year read 'MMMM d, yyyy'; message times within the year read 'd MMM', older
 * ones 'dd.MM.yy'; money shows "€5" and "5 ₽" (no-break space) and other currencies as "5 USD".
 */
import { DateTime } from 'luxon';
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

/** Languages that put the day before the month name. */
const DAY_FIRST_LANGUAGES: ReadonlySet<string> = new Set(['ru', 'uk', 'be']);

function language(locale: string): string {
  return locale.split(/[-_]/)[0].toLowerCase();
}

function at(epochSeconds: number, locale: string, zone: string): DateTime {
  return DateTime.fromSeconds(epochSeconds, { zone, locale });
}

/** ru, uk, be: '5 марта'; others: 'March 5'; the year is added when it is not the current one. */
export function formatDate(epochSeconds: number, locale: string, nowMs: number, zone = 'UTC'): string {
  const date = at(epochSeconds, locale, zone);
  const sameYear = date.year === DateTime.fromMillis(nowMs, { zone }).year;
  if (DAY_FIRST_LANGUAGES.has(language(locale))) return date.toFormat(sameYear ? 'd MMMM' : 'd MMMM yyyy');
  return date.toFormat(sameYear ? 'MMMM d' : 'MMMM d, yyyy');
}

/** Member page dates: '05 Mar 2025'. */
export function formatMemberDate(epochSeconds: number, locale = 'en', zone = 'UTC'): string {
  return at(epochSeconds, locale, zone).toFormat('dd MMM yyyy');
}

/** 'HH:mm' today, 'd MMM' earlier this year, 'dd.MM.yy' before that. */
export function formatMessageTime(epochSeconds: number, locale: string, nowMs: number, zone = 'UTC'): string {
  const date = at(epochSeconds, locale, zone);
  const now = DateTime.fromMillis(nowMs, { zone });
  if (date.hasSame(now, 'day')) return date.toFormat('HH:mm');
  if (date.year === now.year) return date.toFormat('d MMM');
  return date.toFormat('dd.MM.yy');
}

/**
 * Calendar days from today to the day of `epochSeconds` in the zone (0 for today or the past) for "renews in N days".
 * Counting calendar days, not 24-hour blocks, makes "tomorrow at 00:10" read 1 and "tonight" read 0.
 */
export function daysUntil(epochSeconds: number, nowMs: number, zone = 'UTC'): number {
  const today = DateTime.fromMillis(nowMs, { zone }).startOf('day');
  const target = DateTime.fromSeconds(epochSeconds, { zone }).startOf('day');
  return Math.max(0, Math.round(target.diff(today, 'days').days));
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
